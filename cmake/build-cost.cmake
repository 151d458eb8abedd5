# Build cost (docs/performance.md, "Building").
#
# Every compiled unit pays four to five seconds of CPU before its first line
# of code: the standard library in C++20, toml++, nlohmann-json, fmt and
# Boost.Test parsed again, or a precompiled header of 120 to 260 MB loaded,
# which GCC 12 does no faster here. So the build compiles few units: unity
# builds by folder (below), and no precompiled headers by default.

# Precompiled headers, off by default: measured on this project they cost as
# much to load as the headers cost to parse (docs/performance.md), and each
# costs 10 to 17 seconds to build. The WebAssembly build does without.
function(belote_precompile target)
  if(BELOTE_PRECOMPILE_HEADERS AND NOT BELOTE_WEB)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()

# Unity builds: the files of a target compiled together, so that the headers
# they share are parsed once and their template instantiations compiled once.
# A batch is a run of whole folders, in the order of the target's sources, of
# at least BELOTE_UNITY_FOLDER_FILES files (or FOLDER_FILES n), and the files
# given another optimization (belote_optimize) one unit: the engine's per-deal
# code in one unit and its once-per-ruleset code in another, the program, the
# benchmark and the Python module in one each, the tests in two. A folder's files share
# one unit, so they may not give two private functions the same name; the
# engine's layers far apart may. The batches are made once the folder's
# CMakeLists.txt has added every source. Off for a developer who rebuilds one
# file at a time (-DBELOTE_UNITY_BUILD=OFF).
set(BELOTE_UNITY_FOLDER_FILES 16)
function(belote_unity target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "FOLDER_FILES" "")
  if(NOT arg_FOLDER_FILES)
    set(arg_FOLDER_FILES ${BELOTE_UNITY_FOLDER_FILES})
  endif()
  if(BELOTE_UNITY_BUILD AND NOT BELOTE_WEB)
    cmake_language(EVAL CODE "cmake_language(DEFER CALL belote_unity_batches [[${target}]] ${arg_FOLDER_FILES})")
  endif()
endfunction()

function(belote_unity_batches target folder_files)
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(batch 0)
  set(files 0)
  set(previous_folder "")
  foreach(source ${sources})
    if(NOT source MATCHES "\\.(cpp|cxx|cc)$")
      continue()
    endif()
    # A source given its own optimization (belote_optimize) is in its batch.
    get_source_file_property(group ${source} TARGET_DIRECTORY ${target} UNITY_GROUP)
    if(group MATCHES "^optimized_")
      continue()
    endif()
    get_filename_component(path ${source} ABSOLUTE BASE_DIR ${source_dir})
    get_filename_component(folder ${path} DIRECTORY)
    # A folder's files added later (the native-only readers) join its batch.
    string(MAKE_C_IDENTIFIER "${folder}" folder_key)
    if(DEFINED batch_of_${folder_key} AND NOT folder STREQUAL previous_folder)
      set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES UNITY_GROUP batch_${batch_of_${folder_key}})
      continue()
    endif()
    if(NOT folder STREQUAL previous_folder AND files GREATER_EQUAL folder_files)
      math(EXPR batch "${batch} + 1")
      set(files 0)
    endif()
    set(previous_folder ${folder})
    set(batch_of_${folder_key} ${batch})
    math(EXPR files "${files} + 1")
    set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES UNITY_GROUP batch_${batch})
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
endfunction()

# Sources of a target compiled at another optimization than the target's, in
# the README's (Release) build: the code that runs once per ruleset or per
# game rather than per deal, or the test code that only calls the engine.
# In a unity build they make a batch of their own, which gets the option (a
# source with options of its own would leave the unity build); a file at a
# time, each source gets it. The unit's file name is CMake's own
# (CMakeFiles/<target>.dir/Unity/unity_<group>_cxx.cxx, since CMake 3.18).
function(belote_optimize target level)
  if(BELOTE_WEB)
    return()  # the WebAssembly build chooses its own (scripts/build-web)
  endif()
  set(option $<$<CONFIG:Release>:${level}>)
  string(MAKE_C_IDENTIFIER "optimized_${level}" group)
  if(BELOTE_UNITY_BUILD)
    set_source_files_properties(${ARGN} TARGET_DIRECTORY ${target} PROPERTIES UNITY_GROUP ${group})
    get_target_property(binary_dir ${target} BINARY_DIR)
    set_source_files_properties(${binary_dir}/CMakeFiles/${target}.dir/Unity/unity_${group}_cxx.cxx
      TARGET_DIRECTORY ${target} PROPERTIES COMPILE_OPTIONS ${option})
  else()
    set_source_files_properties(${ARGN} TARGET_DIRECTORY ${target} PROPERTIES COMPILE_OPTIONS ${option})
  endif()
endfunction()

# Of each template function that a program's own code and the engine both
# use (std::string's, nlohmann-json's), the linker keeps the first copy it
# meets, which is the program's: its objects come before the libraries on the
# link line. A program whose own code is built for a quick build rather than
# for speed (the tests) puts the engine's objects first, so that the engine
# runs as fast under it as in the program `belote`.
function(belote_link_engine_first target)
  get_target_property(engine_type belote_engine TYPE)
  if(engine_type STREQUAL "STATIC_LIBRARY" AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang" AND NOT APPLE AND NOT EMSCRIPTEN)
    target_link_options(${target} PRIVATE
      "LINKER:--whole-archive" $<TARGET_FILE:belote_engine> "LINKER:--no-whole-archive")
  endif()
endfunction()
