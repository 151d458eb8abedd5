// A progress bar on standard error for long runs, only on a terminal that is not TERM=dumb.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace belote::cli {

class ProgressBar {
 public:
  /// `what` names the things counted ("deals"). Draws nothing unless
  /// standard error is a terminal, nor before the run has lasted a moment.
  explicit ProgressBar(std::string what);
  ~ProgressBar() { clear(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// `total` 0: the total is unknown, only the count is shown.
  void update(std::uint64_t done, std::uint64_t total = 0);
  /// Erases the bar, before the results are printed.
  void clear();

 private:
  using Clock = std::chrono::steady_clock;
  std::string what_;
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_;
  Clock::time_point last_draw_;
};

}  // namespace belote::cli
