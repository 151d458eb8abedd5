#include "progress_bar.h"

#include <fmt/format.h>

#include "cli_support.h"

namespace belote::cli {

namespace {

// Short runs finish before a bar would help; redrawing more often only costs time.
constexpr auto kFirstDraw = std::chrono::milliseconds(500);
constexpr auto kRedraw = std::chrono::milliseconds(100);
constexpr int kWidth = 30;

}  // namespace

ProgressBar::ProgressBar(std::string what)
    : what_(std::move(what)), enabled_(stderr_takes_escape_sequences()), start_(Clock::now()), last_draw_(start_) {}

void ProgressBar::update(std::uint64_t done, std::uint64_t total) {
  if (!enabled_) return;
  const auto now = Clock::now();
  if (now - start_ < kFirstDraw || (drawn_ && now - last_draw_ < kRedraw)) return;
  last_draw_ = now;
  drawn_ = true;
  if (total == 0) {
    write_stderr(fmt::format("\r{} {}\033[K", done, what_));
  } else {
    const double share = double(done) / double(total);
    const int filled = int(share * kWidth);
    write_stderr(fmt::format("\r[{}{}] {:3.0f}%  {}/{} {}\033[K", std::string(filled, '#'),
                             std::string(kWidth - filled, '.'), share * 100, done, total, what_));
  }
  std::fflush(stderr);
}

void ProgressBar::clear() {
  if (!drawn_) return;
  write_stderr("\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace belote::cli
