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
# at least BELOTE_UNITY_FOLDER_FILES files (or FOLDER_FILES n): the engine's
# layers compile in two units (FOLDER_FILES 45), the program, the benchmark and the Python
# module in one each, the tests of every area in one. A folder's files share
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
