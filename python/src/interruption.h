// Long calls that Ctrl-C stops, and calls too large to start.
//
// A batch works with the GIL released, so Python's handler for SIGINT only
// notes the signal. Between chunks, and within a search every 16,384 nodes,
// the calling thread takes the GIL back for a moment and lets the handlers
// run (PyErr_CheckSignals); the work then stops, and the call raises what the
// handler raised: KeyboardInterrupt. Handlers run only on Python's main
// thread, so a call from another thread never takes the GIL for them; and
// the GIL is taken at most every 20 ms, so that a search asking every
// millisecond is not slowed by another Python thread that holds it.
#pragma once

#include <atomic>
#include <chrono>
#include <string_view>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>

#include "module.h"

namespace belote::python {

class Interruption {
 public:
  /// Made with the GIL held, on the thread that called.
  Interruption()
      : handlers_run_here_(PyThread_get_thread_ident() ==
                           py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>()) {}

  /// Whether a handler raised: on the calling thread it runs them, with the GIL
  /// released around it; another thread only reads what the caller found.
  bool requested() {
    if (raised_ || !handlers_run_here_ || std::this_thread::get_id() != caller_) return raised_;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_look_ < std::chrono::milliseconds(20)) return false;
    last_look_ = now;
    py::gil_scoped_acquire gil;
    raised_ = PyErr_CheckSignals() != 0;
    return raised_;
  }
  /// The same with the GIL held (between blocks read from Python).
  bool requested_holding_gil() { return raised_ = raised_ || PyErr_CheckSignals() != 0; }
  /// With the GIL, once the work has stopped: raises the handler's exception.
  void raise_if_requested() const {
    if (raised_) throw py::error_already_set();
  }

 private:
  bool handlers_run_here_;
  std::thread::id caller_ = std::this_thread::get_id();
  std::chrono::steady_clock::time_point last_look_{};
  std::atomic<bool> raised_{false};
};

/// Refuses up front, with MemoryError giving the size, a call whose arrays
/// of `count` rows of `row_bytes` would not fit in this machine's memory.
inline void require_memory(std::uint64_t count, std::uint64_t row_bytes, std::string_view call) {
  const std::uint64_t memory = std::uint64_t(sysconf(_SC_PHYS_PAGES)) * std::uint64_t(sysconf(_SC_PAGE_SIZE));
  if (count <= memory / row_bytes) return;
  const long double bytes = static_cast<long double>(count) * static_cast<long double>(row_bytes);
  PyErr_SetString(PyExc_MemoryError,
                  fmt::format("{}({}) needs {:.3g} GB for its arrays ({} bytes a deal); this machine has {:.3g} GB",
                              call, count, double(bytes / 1e9), row_bytes, double(memory) / 1e9)
                      .c_str());
  throw py::error_already_set();
}

}  // namespace belote::python
