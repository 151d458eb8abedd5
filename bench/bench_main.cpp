// belote_bench: how fast the engine walks every hand and scores random deals.
//
// One run measures (a) the exhaustive walk under two rulesets, (b) a bare
// reference loop over the same hands, (c) random deals generated and scored
// under both rulesets on one core, (d) the time to score one deal, and
// (e) how random-deal sampling scales with threads. Each figure is the best of
// several repetitions; times are also given as a ratio to the bare loop.
#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <numeric>
#include <sstream>
#include <time.h>
#include <vector>

#include <belote/belote.h>

#include "reference_walk.h"

namespace {

using namespace belote;
namespace po = boost::program_options;

struct Settings {
  std::vector<std::string> rulesets{"classique", "traditionnelle"};
  std::vector<std::string> rulesets_dirs;
  int repeat = 5;
  std::uint64_t deals = 4'000'000;
  std::uint64_t seed = 1;
};

// What a measurement counts: the calling thread's CPU time, so that one-core
// figures hold on a busy machine too; the wall clock, for work spread over
// threads; or the CPU time of all the process's threads.
enum class Clock { thread_cpu, wall, process_cpu };

double now(Clock clock) {
  timespec t{};
  clock_gettime(clock == Clock::thread_cpu ? CLOCK_THREAD_CPUTIME_ID
                : clock == Clock::wall     ? CLOCK_MONOTONIC
                                           : CLOCK_PROCESS_CPUTIME_ID,
                &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

template <class Work>
double best_seconds(int repeat, Work&& work, Clock clock = Clock::thread_cpu) {
  double best = 1e300;
  for (int i = 0; i < repeat; ++i) {
    const double start = now(clock);
    work();
    best = std::min(best, now(clock) - start);
  }
  return best;
}

std::string verdict(bool met) { return met ? "met" : "NOT MET"; }

// Every figure the run prints, and whether the walks agree on the hand count.
class Bench {
 public:
  Bench(Settings settings, std::vector<std::shared_ptr<const Ruleset>> rules)
      : s_(std::move(settings)), rules_(std::move(rules)),
        walk_(rules_[0]->deck.rank_count(), rules_[0]->deck.hand_size) {}

  bool run() {
    double load[1] = {0};
    getloadavg(load, 1);
    fmt::print("belote_bench: best of {} runs; one thread's CPU time unless said; {} hardware threads, "
               "load average {:.2f}\n\n",
               s_.repeat, default_threads(), load[0]);
    reference();
    for (const auto& rules : rules_) exhaustive(*rules);
    random_deals();
    latency();
    scaling();
    return consistent_;
  }

 private:
  void row(std::string_view what, std::string_view figure, std::string_view rest = "") {
    fmt::print("{:<64} {:>12}  {}\n", what, figure, rest);
  }
  std::string ruleset_names() const {
    std::string names;
    for (const auto& rules : rules_) names += (names.empty() ? "" : " + ") + rules->info.name;
    return names;
  }
  void check(bool ok, std::string_view what) {
    if (ok) return;
    fmt::print(stderr, "belote_bench: error: {}\n", what);
    consistent_ = false;
  }

  // (b) The bare loop: longest run and carré of every hand, nothing else.
  void reference() {
    const bench::ReferenceWalk reference(walk_);
    bench::ReferenceCounts counts;
    bare_seconds_ = best_seconds(s_.repeat, [&] { counts = reference.run(); });
    const std::uint64_t hands = std::accumulate(counts.by_longest_run.begin(), counts.by_longest_run.end(), std::uint64_t{0});
    check(hands == walk_.hand_count(), "the bare loop missed hands");
    row(fmt::format("(b) bare loop over {} hands (longest run, carré)", walk_.hand_count()),
        fmt::format("{:.1f} ms", bare_seconds_ * 1e3), "1.00x");
    bare_per_hand_ = bare_seconds_ / double(walk_.hand_count());
  }

  // (a) The exhaustive walk behind `belote stats --exhaustive`.
  void exhaustive(const Ruleset& rules) {
    HandStats stats;
    const double seconds = best_seconds(s_.repeat, [&] { stats = exhaustive_hand_stats(rules); });
    const std::uint64_t counted =
        std::accumulate(stats.hands_by_points.begin(), stats.hands_by_points.end(), std::uint64_t{0});
    check(counted == walk_.hand_count(), "the exhaustive walk missed hands");
    const double ratio = seconds / bare_seconds_;
    row(fmt::format("(a) exhaustive walk, {}", rules.info.name), fmt::format("{:.1f} ms", seconds * 1e3),
        fmt::format("{:.2f}x   target <= 4x: {}", ratio, verdict(ratio <= 4)));
  }

  // (c) Random deals, made once and scored under every ruleset, one core.
  void random_deals() {
    make_seconds_ = time_scoring({});
    row("(c) random deals made", rate(s_.deals, make_seconds_),
        fmt::format("{:.1f} ns/deal = {:.1f}x a bare-loop hand", make_seconds_ / double(s_.deals) * 1e9,
                    make_seconds_ / double(s_.deals) / bare_per_hand_));
    std::vector<const Ruleset*> all;
    for (const auto& rules : rules_) all.push_back(rules.get());
    const double seconds = time_scoring(all);
    const double per_second = double(s_.deals) / seconds;
    row(fmt::format("(c) random deals made and scored ({})", ruleset_names()), rate(s_.deals, seconds),
        fmt::format("{:.1f} ns/deal = {:.1f}x a bare-loop hand   target >= 3 M/s: {}", seconds / double(s_.deals) * 1e9,
                    seconds / double(s_.deals) / bare_per_hand_, verdict(per_second >= 3e6)));
  }

  // (d) Scoring one deal, per ruleset: making and scoring fresh deals, less
  // making them. (Scoring the same few deals over and over would let the
  // processor learn their branches and flatter the figure.)
  void latency() {
    for (const auto& rules : rules_) {
      const double per_deal = (time_scoring({rules.get()}) - make_seconds_) / double(s_.deals);
      row(fmt::format("(d) one deal scored, {}", rules->info.name), fmt::format("{:.1f} ns", per_deal * 1e9),
          fmt::format("{:.1f}x a bare-loop hand", per_deal / bare_per_hand_));
    }
  }

  // Best time to make the random deals and score each under `rules` (none: only make them).
  double time_scoring(const std::vector<const Ruleset*>& rules) {
    const RandomDeals random(rules_[0]->deck, s_.seed);
    Deal deal;
    std::vector<Outcome> outcomes(rules.size());
    std::uint64_t checksum = 0;
    const double seconds = best_seconds(s_.repeat, [&] {
      for (std::uint64_t i = 0; i < s_.deals; ++i) {
        random.make(i, deal, false);
        checksum += deal.hands[Seat::N] ^ std::uint64_t(deal.result.points[Team::NS]);
        for (std::size_t r = 0; r < rules.size(); ++r) {
          evaluate(*rules[r], deal, outcomes[r]);
          checksum += std::uint64_t(outcomes[r].score[Team::NS]);
        }
      }
    });
    check(checksum != 0, "random deals gave nothing");
    return seconds;
  }

  // (e) Random-deal sampling on every core against one thread: same figures,
  // less time. The wall clock gives the speedup, which needs idle cores; the
  // process's CPU time per deal, which holds on a busy machine too, shows
  // whether more threads add work of their own (equal: they do not).
  void scaling() {
    const Ruleset& rules = *rules_[0];
    const unsigned threads = default_threads();
    DealStats one, all;
    const auto one_run = [&] { one = random_deal_stats(rules, s_.seed, s_.deals, 1); };
    const auto all_run = [&] { all = random_deal_stats(rules, s_.seed, s_.deals, threads); };
    const double one_wall = best_seconds(s_.repeat, one_run, Clock::wall);
    const double all_wall = best_seconds(s_.repeat, all_run, Clock::wall);
    const double one_cpu = best_seconds(s_.repeat, one_run, Clock::process_cpu);
    const double all_cpu = best_seconds(s_.repeat, all_run, Clock::process_cpu);
    check(one.made == all.made && one.void_deals == all.void_deals && one.deals == s_.deals,
          "sampling gave different figures on different thread counts");
    const auto cpu_per_deal = [&](double seconds) { return fmt::format("CPU {:.1f} ns/deal", seconds / double(s_.deals) * 1e9); };
    row("(e) random deals sampled and scored, 1 thread (wall clock)", rate(s_.deals, one_wall), cpu_per_deal(one_cpu));
    row(fmt::format("(e) the same on {} threads (wall clock)", threads), rate(s_.deals, all_wall),
        fmt::format("{}; speedup {:.2f}x (near {} on idle cores), same figures", cpu_per_deal(all_cpu),
                    one_wall / all_wall, threads));
  }

  static std::string rate(std::uint64_t items, double seconds) {
    return fmt::format("{:.2f} M/s", double(items) / seconds / 1e6);
  }

  Settings s_;
  std::vector<std::shared_ptr<const Ruleset>> rules_;
  HandWalk walk_;
  double bare_seconds_ = 0;
  double bare_per_hand_ = 0;
  double make_seconds_ = 0;
  bool consistent_ = true;
};

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  bool smoke = false;
  po::options_description options("options");
  options.add_options()
      ("help,h", "show this help")
      ("smoke", po::bool_switch(&smoke), "one quick run of every measurement (checks that the program works)")
      ("repeat", po::value(&settings.repeat), "repetitions of each measurement; the best is kept (default 5)")
      ("deals", po::value(&settings.deals), "random deals per measurement (default 4000000)")
      ("seed", po::value(&settings.seed), "seed of the random deals (default 1)")
      ("ruleset", po::value(&settings.rulesets)->multitoken(),
       "the rulesets compared (default: classique traditionnelle; the first one's deck is walked)")
      ("rulesets-dir", po::value(&settings.rulesets_dirs), "also look for rulesets in this directory");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    fmt::print(stderr, "belote_bench: error: {}\n", e.what());
    return 2;
  }
  if (vm.count("help")) {
    std::ostringstream text;
    text << options;
    fmt::print("usage: belote_bench [--smoke] [--repeat N] [--deals N] [--ruleset A B...]\n\n{}", text.str());
    return 0;
  }
  if (smoke) {
    settings.repeat = 1;
    settings.deals = 20'000;
  }
  if (settings.repeat < 1 || settings.deals < 1 || settings.rulesets.empty()) {
    fmt::print(stderr, "belote_bench: error: --repeat, --deals and --ruleset need at least 1\n");
    return 2;
  }

  const RulesetLoader loader(RulesetSearchPath::standard(settings.rulesets_dirs));
  std::vector<std::shared_ptr<const Ruleset>> rules;
  for (const std::string& name : settings.rulesets) {
    LoadedRuleset loaded = loader.load(name);
    if (!loaded.ok()) {
      for (const Diagnostic& e : loaded.errors) fmt::print(stderr, "belote_bench: error: {}\n", location_and_message(e));
      return 1;
    }
    rules.push_back(loaded.ruleset);
  }
  for (const auto& r : rules) {
    if (!(r->deck == rules[0]->deck)) {
      fmt::print(stderr, "belote_bench: error: the rulesets must share one deck\n");
      return 2;
    }
  }
  if (exhaustive_hand_count(*rules[0]) > kMaxExhaustiveHands) {
    fmt::print(stderr, "belote_bench: error: the deck has too many hands to walk\n");
    return 2;
  }
  Bench bench(settings, rules);
  return bench.run() ? 0 : 1;
}
