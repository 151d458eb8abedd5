# Every target of the project compiles at -Wall -Wextra -Wpedantic with no
# warning, under GCC and clang; BELOTE_WERROR (CI) makes any warning an error,
# so that none comes back. The warnings are asked for (BELOTE_WARNINGS, or
# BELOTE_WERROR), as fmt's pedantic mode is: their analyses cost a fifth of
# the build's CPU time (docs/performance.md, "Building"), which a user who only
# builds the program need not pay, since CI keeps the code free of them.
# Aggregates are written with their trailing members left to their default
# member initializers ({file, line, column, message}), by design: the one
# warning of -Wextra that reports that is off.
function(belote_warnings target)
  if(BELOTE_WARNINGS OR BELOTE_WERROR)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
  endif()
  if(BELOTE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
