# Every target of the project compiles at -Wall -Wextra -Wpedantic with no
# warning, under GCC and clang; BELOTE_WERROR (CI) makes any warning an error,
# so that none comes back.
# Aggregates are written with their trailing members left to their default
# member initializers ({file, line, column, message}), by design: the one
# warning of -Wextra that reports that is off.
function(belote_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
  if(BELOTE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
