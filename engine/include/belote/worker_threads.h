// Threads started for one run of work, joined when it ends.
//
// The system may refuse a thread: a limit on processes (RLIMIT_NPROC), or no
// address space left for its stack (ulimit -v). std::thread then throws, and
// a std::vector of threads destroyed while some still run ends the program
// ("terminate called without an active exception"). Work on every core goes
// through this instead: it starts what the system allows, and the run goes
// on with those, or says that none could start.
#pragma once

#include <cstddef>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace belote {

class WorkerThreads {
 public:
  /// Room for `most` threads: starting one never moves the others.
  explicit WorkerThreads(std::size_t most) { threads_.reserve(most); }
  WorkerThreads(const WorkerThreads&) = delete;
  WorkerThreads& operator=(const WorkerThreads&) = delete;
  /// Waits for every thread started: the work they share must let them end.
  ~WorkerThreads() { join(); }

  /// Runs `body` on a new thread; false when the system refuses one, or `most` run already.
  template <class Body>
  bool start(Body&& body) {
    if (threads_.size() == threads_.capacity()) return false;
    try {
      threads_.emplace_back(std::forward<Body>(body));
    } catch (const std::system_error& e) {
      refused_ = e.code();
      return false;
    }
    return true;
  }

  std::size_t size() const { return threads_.size(); }
  /// Why the system refused the last thread it refused (most often EAGAIN).
  std::error_code refused() const { return refused_; }

  void join() {
    for (std::thread& thread : threads_)
      if (thread.joinable()) thread.join();
  }

 private:
  std::vector<std::thread> threads_;
  std::error_code refused_;
};

}  // namespace belote
