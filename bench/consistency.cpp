#include "consistency.h"

#include <atomic>

namespace belote::bench {

namespace {
// Atomic: a benchmark may run on several threads.
std::atomic<bool> failed{false};
}  // namespace

bool check(benchmark::State& state, bool ok, const char* what) {
  if (!ok) {
    failed = true;
    state.SkipWithError(what);
  }
  return ok;
}

bool any_check_failed() { return failed; }

}  // namespace belote::bench
