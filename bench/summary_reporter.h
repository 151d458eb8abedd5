// The console report, followed by a summary in the terms of
// docs/performance.md: times as a ratio to the bare loop, the time to score
// one deal, the speedup on more threads, and whether each target is met.
// A missed target is reported, not an error.
#pragma once

#include <cmath>

#include <benchmark/benchmark.h>
#include <map>
#include <string>
#include <vector>

namespace belote::bench {

class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  SummaryReporter(OutputOptions options, std::vector<std::string> ruleset_names);

  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

 private:
  // The best repetition of one benchmark: the one with most items a second.
  struct Best {
    double items_per_second = 0;
    double real_seconds = 0;  ///< per iteration
    double cpu_seconds = 0;   ///< per iteration
    double program_cpu_ns_per_deal = NAN;  ///< a program's own CPU time a deal, all its threads, where measured
  };

  const Best* find(const std::string& name) const;
  void row(std::string_view what, std::string_view figure, std::string_view rest);

  std::vector<std::string> ruleset_names_;
  std::map<std::string, Best> best_;
};

}  // namespace belote::bench
