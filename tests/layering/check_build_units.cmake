# Checks that the files belote_optimize gives another optimization are
# compiled in a unit of their own with that option (cmake/build-cost.cmake):
# the unit's file name is CMake's, and a CMake that named it otherwise would
# silently build them at the target's level.
#   cmake -DBUILD_DIR=... -P check_build_units.cmake
function(expect_unit build_make unit option)
  if(NOT EXISTS ${BUILD_DIR}/${build_make})
    message(FATAL_ERROR "${build_make}: not found")
  endif()
  file(READ ${BUILD_DIR}/${build_make} text)
  string(REGEX MATCH "[^\n]* ${option} [^\n]*-c [^\n]*/Unity/${unit}" line "${text}")
  if(NOT line)
    message(FATAL_ERROR "${build_make}: no unit ${unit} compiled with ${option}")
  endif()
  message(STATUS "${unit}: compiled with ${option}")
endfunction()

expect_unit(engine/CMakeFiles/belote_engine.dir/build.make unity_optimized__O1_cxx.cxx -O1)
expect_unit(tests/CMakeFiles/belote_tests.dir/build.make unity_optimized__O0_cxx.cxx -O0)
