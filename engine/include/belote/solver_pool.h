// Solvers kept for the workers of a batch that hands out a deal at a time
// (parallel_sample.h): a chunk borrows one and gives it back, so that each
// deal does not allocate a solver's tables again.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "belote/solve.h"

namespace belote {

class SolverPool {
 public:
  explicit SolverPool(SolveOptions options) : options_(options) {}

  /// A solver borrowed until the lease ends.
  class Lease {
   public:
    Lease(SolverPool& pool, std::unique_ptr<Solver> solver) : pool_(pool), solver_(std::move(solver)) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() {
      std::lock_guard lock(pool_.mutex_);
      pool_.idle_.push_back(std::move(solver_));
    }
    Solver& operator*() const { return *solver_; }
    Solver* operator->() const { return solver_.get(); }

   private:
    SolverPool& pool_;
    std::unique_ptr<Solver> solver_;
  };

  /// An idle solver, or a new one when every one is lent.
  Lease borrow() {
    {
      std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        std::unique_ptr<Solver> solver = std::move(idle_.back());
        idle_.pop_back();
        return Lease(*this, std::move(solver));
      }
    }
    return Lease(*this, std::make_unique<Solver>(options_));
  }

 private:
  SolveOptions options_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Solver>> idle_;
};

}  // namespace belote
