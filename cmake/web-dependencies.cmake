# The engine's libraries for the WebAssembly build (BELOTE_WEB). Emscripten has
# its own C and C++ library, so Debian's prebuilt toml++ and fmt cannot be
# linked: all three are compiled header-only from the headers of Debian's
# packages (libtomlplusplus-dev, libfmt-dev, nlohmann-json3-dev). The system
# include directory cannot be searched whole (its C library headers are not
# Emscripten's), so a directory of links to just these three is.
set(BELOTE_WEB_HEADERS_FROM /usr/include CACHE PATH "Where the headers of toml++, fmt and nlohmann-json are")
set(web_include ${CMAKE_BINARY_DIR}/web-include)
file(MAKE_DIRECTORY ${web_include})
foreach(entry "toml++/toml.h:libtomlplusplus-dev" "fmt/format.h:libfmt-dev" "nlohmann/json.hpp:nlohmann-json3-dev")
  string(REPLACE ":" ";" entry ${entry})
  list(GET entry 0 header)
  list(GET entry 1 package)
  get_filename_component(directory ${header} DIRECTORY)
  if(NOT EXISTS ${BELOTE_WEB_HEADERS_FROM}/${header})
    message(FATAL_ERROR "${BELOTE_WEB_HEADERS_FROM}/${header} not found: install Debian's ${package} (scripts/install-deps web)")
  endif()
  file(CREATE_LINK ${BELOTE_WEB_HEADERS_FROM}/${directory} ${web_include}/${directory} SYMBOLIC)
endforeach()

add_library(tomlplusplus::tomlplusplus INTERFACE IMPORTED)
target_include_directories(tomlplusplus::tomlplusplus INTERFACE ${web_include})
target_compile_definitions(tomlplusplus::tomlplusplus INTERFACE TOML_HEADER_ONLY=1)
add_library(fmt::fmt INTERFACE IMPORTED)
target_include_directories(fmt::fmt INTERFACE ${web_include})
target_compile_definitions(fmt::fmt INTERFACE FMT_HEADER_ONLY=1)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${web_include})

# Exceptions are WebAssembly's own (every browser of the last years runs them):
# the loaders catch the TOML parser's errors.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)
