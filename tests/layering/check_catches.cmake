# The layering check catches a broken rule: with the layer table of
# docs/design.md narrowed so that `scoring` may include only `common`, the
# check must fail and name an include of the rulesets from scoring.
#
#   cmake -DSOURCE_DIR=<project> -DWORK_DIR=<dir> -P check_catches.cmake
cmake_minimum_required(VERSION 3.22)
file(READ ${SOURCE_DIR}/docs/design.md design)
string(REGEX REPLACE "(\\| `engine/src/scoring/` \\|[^|]*\\|[^|]*\\|)[^|\n]*\\|" "\\1 `common` |" narrowed "${design}")
if(narrowed STREQUAL design)
  message(FATAL_ERROR "docs/design.md has no row for engine/src/scoring/ to narrow")
endif()
file(WRITE ${WORK_DIR}/narrowed-design.md "${narrowed}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${SOURCE_DIR} -DDESIGN=${WORK_DIR}/narrowed-design.md
          -P ${CMAKE_CURRENT_LIST_DIR}/check_layers.cmake
  RESULT_VARIABLE status ERROR_VARIABLE errors OUTPUT_QUIET)
if(status EQUAL 0)
  message(FATAL_ERROR "the layering check passed a table where scoring may not include the rulesets")
endif()
if(NOT errors MATCHES "engine/src/scoring/[a-z_]+\\.(cpp|h): layer 'scoring' includes \"[^\"]+\" of layer 'rulesets'")
  message(FATAL_ERROR "the layering check failed without naming the include:\n${errors}")
endif()
message(STATUS "the layering check names a forbidden include")
