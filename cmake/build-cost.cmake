# Build cost (docs/performance.md, "Building").
#
# The library headers that cost most to parse (toml++, nlohmann-json, fmt,
# Boost.Test, Boost.Program_options, Google Benchmark: one to two seconds
# each, in every file that includes them) are parsed once per group of
# targets and reused (docs/performance.md, "Building"). The WebAssembly build
# does without.
function(belote_precompile target)
  if(BELOTE_PRECOMPILE_HEADERS AND NOT BELOTE_WEB)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()

# A target compiled with exactly the flags of `owner` reuses its precompiled
# headers instead of building its own.
function(belote_reuse_precompiled target owner)
  if(BELOTE_PRECOMPILE_HEADERS AND NOT BELOTE_WEB)
    target_precompile_headers(${target} REUSE_FROM ${owner})
  endif()
endfunction()

# Unity builds: the files of a target compiled a batch at a time, so that
# what they share (headers, template instantiations) is compiled once per
# batch. Off for a developer who rebuilds one file at a time
# (-DBELOTE_UNITY_BUILD=OFF).
function(belote_unity target)
  if(BELOTE_UNITY_BUILD AND NOT BELOTE_WEB)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
