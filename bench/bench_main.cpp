// belote_bench: how fast the engine walks every hand and scores random deals,
// measured with Google Benchmark.
//
// It measures (a) the exhaustive walk under each ruleset, (b) a bare
// reference loop over the same hands, (c) random deals made, and made and
// scored under every ruleset, on one core, (d) the time to score one deal,
// (e) how random-deal sampling scales with threads, and (f) the program's
// batch commands on a file of deals beside the same work on random deals in
// process, (g) one deal's explanation and JSON record alone, and (i) whole
// deals, and positions of 3 to 7 tricks left, solved with best play
// (solve_benchmarks.h), and (j) the auction:
// the legal calls of a position and a file of auctions checked
// (auction_benchmarks.h). The console
// report ends with a summary against the targets of docs/performance.md.
//
// Options are Google Benchmark's (--benchmark_filter, --benchmark_repetitions,
// --benchmark_format=json...), plus --smoke: one quick pass of everything, to
// check that the program works. A failed consistency check exits with 1.
#include <benchmark/benchmark.h>
#include <cstring>
#include <fmt/format.h>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "auction_benchmarks.h"
#include "bench_rulesets.h"
#include "consistency.h"
#include "deal_benchmarks.h"
#include "file_benchmarks.h"
#include "play_benchmarks.h"
#include "sampling_benchmark.h"
#include "solve_benchmarks.h"
#include "table_benchmarks.h"
#include "summary_reporter.h"
#include "text_benchmarks.h"
#include "walk_benchmarks.h"

namespace {

using namespace belote;

// Every benchmark's random deals come from this seed, so runs compare.
constexpr std::uint64_t kSeed = 1;

// Google Benchmark 1.7 reads a plain number of seconds (no "s" or "x" suffix).
constexpr const char* kSmokeMinTime = "--benchmark_min_time=0.01";

// The deal file of (f): a million deals, or a few with --smoke.
constexpr std::uint64_t kFileDeals = 1'000'000;
constexpr std::uint64_t kSmokeFileDeals = 10'000;
// The auction file of (j): as many deals, each giving its auction.
constexpr std::uint64_t kFileAuctions = 1'000'000;
constexpr std::uint64_t kSmokeFileAuctions = 10'000;

void print_usage() {
  benchmark::PrintDefaultHelp();
  fmt::print(
      "          [--smoke]  one quick pass of every benchmark (checks that the program works)\n\n"
      "BELOTE_BENCH_RULESETS: the rulesets compared, space-separated (default \"classique traditionnelle\");\n"
      "the first one's deck is walked. BELOTE_RULESETS_PATH: more directories to find them in.\n");
}

// The summary follows the console report only; other formats keep their own output.
bool console_format(const std::vector<char*>& args) {
  constexpr std::string_view flag = "--benchmark_format=";
  bool console = true;
  for (const char* arg : args) {
    const std::string_view a = arg;
    if (a.starts_with(flag)) console = a.substr(flag.size()) == "console";
  }
  return console;
}

}  // namespace

int main(int argc, char** argv) {
  // --smoke becomes a short minimum time, placed first so that a later flag overrides it.
  std::vector<char*> args{argv[0]};
  std::string smoke_min_time = kSmokeMinTime;
  bool smoke = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--smoke") == 0) {
      args.insert(args.begin() + 1, smoke_min_time.data());
      smoke = true;
    } else
      args.push_back(argv[i]);
  }
  // Read before Initialize, which takes the flags it knows out of `args`.
  const bool console = console_format(args);
  int count = int(args.size());
  args.push_back(nullptr);
  benchmark::Initialize(&count, args.data(), print_usage);
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 2;

  const bench::Rulesets rules = bench::load_bench_rulesets();
  if (rules.empty()) return 1;
  bench::register_walk_benchmarks(rules);
  bench::register_deal_benchmarks(rules, kSeed);
  bench::register_sampling_benchmark(rules[0], kSeed);
  bench::register_text_benchmarks(rules, kSeed);
  bench::register_file_benchmarks(rules, kSeed, smoke ? kSmokeFileDeals : kFileDeals);
  bench::register_play_benchmarks(rules, kSeed);
  bench::register_solve_benchmarks(kSeed, smoke);
  bench::register_auction_benchmarks(kSeed, smoke ? kSmokeFileAuctions : kFileAuctions);
  bench::register_table_benchmarks(kSeed);

  std::vector<std::string> names;
  for (const auto& r : rules) names.push_back(r->info.name);
  if (console) {
    bench::SummaryReporter reporter(isatty(STDOUT_FILENO) ? bench::SummaryReporter::OO_Color
                                                          : bench::SummaryReporter::OO_None,
                                    names);
    benchmark::RunSpecifiedBenchmarks(&reporter);
  } else {
    benchmark::RunSpecifiedBenchmarks();
  }
  benchmark::Shutdown();
  bench::remove_deal_file();
  bench::remove_auction_file();
  return bench::any_check_failed() ? 1 : 0;
}
