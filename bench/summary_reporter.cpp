#include "summary_reporter.h"

#include <cmath>
#include <tuple>
#include <fmt/format.h>

#include "benchmark_names.h"

namespace belote::bench {

namespace {

std::string verdict(bool met) { return met ? "met" : "NOT MET"; }

std::string rate(double per_second) { return fmt::format("{:.2f} M/s", per_second / 1e6); }

std::string joined(const std::vector<std::string>& names, std::string_view separator) {
  std::string text;
  for (const auto& name : names) text += (text.empty() ? "" : std::string(separator)) + name;
  return text;
}

// How Google Benchmark names a run, less the suffixes it adds
// ("/real_time", "_mean"...): the registered name and its arguments.
std::string base_name(const benchmark::BenchmarkReporter::Run& run) {
  const auto& name = run.run_name;
  return name.args.empty() ? name.function_name : name.function_name + "/" + name.args;
}

}  // namespace

SummaryReporter::SummaryReporter(OutputOptions options, std::vector<std::string> ruleset_names)
    : ConsoleReporter(options), ruleset_names_(std::move(ruleset_names)) {}

void SummaryReporter::ReportRuns(const std::vector<Run>& runs) {
  ConsoleReporter::ReportRuns(runs);
  for (const Run& run : runs) {
    const auto items = run.counters.find("items_per_second");
    if (run.run_type != Run::RT_Iteration || run.error_occurred || run.iterations == 0 || items == run.counters.end())
      continue;
    Best& best = best_[base_name(run)];
    if (items->second.value <= best.items_per_second) continue;
    const auto program_cpu = run.counters.find("cpu_ns_per_deal");
    best = {items->second.value, run.real_accumulated_time / double(run.iterations),
            run.cpu_accumulated_time / double(run.iterations),
            program_cpu == run.counters.end() ? NAN : program_cpu->second.value};
  }
}

const SummaryReporter::Best* SummaryReporter::find(const std::string& name) const {
  const auto found = best_.find(name);
  return found == best_.end() ? nullptr : &found->second;
}

void SummaryReporter::row(std::string_view what, std::string_view figure, std::string_view rest) {
  GetOutputStream() << fmt::format("{:<64} {:>12}  {}\n", what, figure, rest);
}

void SummaryReporter::Finalize() {
  ConsoleReporter::Finalize();
  GetOutputStream() << "\nSummary: best repetition; one thread's CPU time unless said; ratios to the bare loop (b)\n";

  // (b) and (a): the walks, and the time of one bare-loop hand, the unit of the ratios below.
  const Best* bare = find(std::string(kBareLoop));
  const double bare_hand = bare ? 1 / bare->items_per_second : NAN;
  if (bare)
    row(fmt::format("(b) bare loop over {:.0f} hands (longest run, carré)", bare->items_per_second * bare->cpu_seconds),
        fmt::format("{:.1f} ms", bare->cpu_seconds * 1e3), "1.00x");
  for (const auto& name : ruleset_names_) {
    const Best* walk = find(exhaustive_walk_name(name));
    if (!walk) continue;
    const double ratio = walk->cpu_seconds / (bare ? bare->cpu_seconds : NAN);
    row(fmt::format("(a) exhaustive walk, {}", name), fmt::format("{:.1f} ms", walk->cpu_seconds * 1e3),
        bare ? fmt::format("{:.2f}x   target <= 4x: {}", ratio, verdict(ratio <= 4)) : "");
  }

  // (c) Deals made, and made and scored under every ruleset.
  const auto per_deal = [&](const Best& deals) {
    const double seconds = 1 / deals.items_per_second;
    return bare ? fmt::format("{:.1f} ns/deal = {:.1f}x a bare-loop hand", seconds * 1e9, seconds / bare_hand)
                : fmt::format("{:.1f} ns/deal", seconds * 1e9);
  };
  const Best* made = find(std::string(kDealsMade));
  if (made) row("(c) random deals made", rate(made->items_per_second), per_deal(*made));
  if (const Best* all = find(deals_scored_name(joined(ruleset_names_, "+"))))
    row(fmt::format("(c) random deals made and scored ({})", joined(ruleset_names_, " + ")),
        rate(all->items_per_second),
        fmt::format("{}   target >= 3 M/s: {}", per_deal(*all), verdict(all->items_per_second >= 3e6)));

  // (d) Scoring one deal: making and scoring fresh deals, less making them.
  for (const auto& name : ruleset_names_) {
    const Best* scored = find(deals_scored_name(name));
    if (!made || !scored) continue;
    const double seconds = 1 / scored->items_per_second - 1 / made->items_per_second;
    row(fmt::format("(d) one deal scored, {}", name), fmt::format("{:.1f} ns", seconds * 1e9),
        bare ? fmt::format("{:.1f}x a bare-loop hand", seconds / bare_hand) : "");
  }

  // (e) Sampling on 1 thread and on the most threads measured, by the wall clock.
  const std::string sampled = std::string(kDealsSampled) + "/" + std::string(kThreadsArg) + ":";
  const Best* one = find(sampled + "1");
  std::string most_name;
  const Best* most = nullptr;
  for (const auto& [name, best] : best_) {
    if (name.starts_with(sampled) && name != sampled + "1") {
      most_name = name.substr(sampled.size());
      most = &best;
    }
  }
  // CPU time a deal, all threads included: rate by the wall clock times CPU over wall time.
  const auto cpu_per_deal = [](const Best& b) {
    return fmt::format("CPU {:.1f} ns/deal", b.cpu_seconds / b.real_seconds / b.items_per_second * 1e9);
  };
  if (one) row("(e) random deals sampled and scored, 1 thread (wall clock)", rate(one->items_per_second), cpu_per_deal(*one));
  if (most) {
    const std::string speedup =
        one ? fmt::format("; speedup {:.2f}x (near {} on idle cores)   target faster than 1 thread: {}",
                          most->items_per_second / one->items_per_second, most_name,
                          verdict(most->items_per_second > one->items_per_second))
            : "";
    row(fmt::format("(e) the same on {} threads (wall clock)", most_name), rate(most->items_per_second),
        cpu_per_deal(*most) + speedup);
  }

  // (f) The program on a file of deals, beside the same work on random deals.
  // Judged by CPU time a deal (the program's own, all threads; the process's
  // in process), which other work on the machine changes little; the wall
  // clock rate is shown beside it. A rate on 2 cores is 2 / the CPU a deal,
  // what the work reaches when both cores are its own.
  const auto cpu_ns = [](const Best& b) {
    return std::isnan(b.program_cpu_ns_per_deal) ? b.cpu_seconds / b.real_seconds / b.items_per_second * 1e9
                                                 : b.program_cpu_ns_per_deal;
  };
  const auto figures = [&](const Best& b) {
    return fmt::format("CPU {:.0f} ns/deal ({:.2f} M/s on 2 cores)", cpu_ns(b), 2e3 / cpu_ns(b));
  };
  const Best* random_diff = find(std::string(kRandomDiff));
  const std::string pair = ruleset_names_.size() > 1 ? ruleset_names_[0] + " " + ruleset_names_[1] : "";
  if (random_diff) row(fmt::format("(f) diff {} --random N --summary", pair), rate(random_diff->items_per_second), figures(*random_diff));
  for (const auto& [name, what] : {std::pair{kFileCheck, std::string("deal --check FILE")},
                                   std::pair{kFileDiff, fmt::format("diff {} --summary FILE", pair)}}) {
    const Best* file = find(std::string(name));
    if (!file) continue;
    const double ratio = random_diff ? cpu_ns(*file) / cpu_ns(*random_diff) : NAN;
    row(fmt::format("(f) {}", what), rate(file->items_per_second),
        figures(*file) + (random_diff ? fmt::format("; {:.2f}x diff --random by CPU time ({:.2f}x by the wall clock)   target <= 3x: {}",
                                                    ratio, random_diff->items_per_second / file->items_per_second, verdict(ratio <= 3))
                                      : ""));
  }
  for (const auto& [file_name, random_name, what, target] :
       {std::tuple{kFileScore, kRandomScore, "score --format json FILE", 1e6},
        std::tuple{kFileScoreCompact, kRandomScoreCompact, "score --format json --compact FILE", 2e6}}) {
    const Best* random = find(std::string(random_name));
    if (random) row(fmt::format("(f) in process: random deals scored, written as by {}", what), rate(random->items_per_second), figures(*random));
    if (const Best* file = find(std::string(file_name)))
      row(fmt::format("(f) {}", what), rate(file->items_per_second),
          fmt::format("{}{}   target >= {:.0f} M/s on 2 cores: {}", figures(*file),
                      random ? fmt::format("; {:.2f}x the CPU time of the same deals at random", cpu_ns(*file) / cpu_ns(*random)) : "",
                      target / 1e6, verdict(2e9 / cpu_ns(*file) >= target)));
  }

  // (g) The play: the legal cards of a position, random legal mènes made, a file of played mènes scored.
  for (const auto& name : ruleset_names_) {
    if (const Best* legal = find("legal_cards/" + name))
      row(fmt::format("(g) legal cards of a position, {}", name), fmt::format("{:.1f} ns", 1e9 / legal->items_per_second),
          fmt::format("target <= 10 ns: {}", verdict(1e9 / legal->items_per_second <= 10)));
    if (const Best* made = find("played_menes_made/" + name))
      row(fmt::format("(g) random legal played mènes made, {}", name), rate(made->items_per_second),
          fmt::format("one thread; {:.2f} M/s on 2 cores   target >= 2 M/s: {}", 2 * made->items_per_second / 1e6,
                      verdict(2 * made->items_per_second >= 2e6)));
  }
  if (const Best* played = find(std::string(kFilePlayedCompact)))
    row("(g) score --format json --compact FILE of played mènes", rate(played->items_per_second),
        fmt::format("{}   target >= 0.5 M/s on 2 cores: {}", figures(*played), verdict(2e9 / cpu_ns(*played) >= 5e5)));

  // (j) The auction: the legal calls of a position under each family, whole auctions in process, a file of them checked.
  for (const auto& [name, best] : best_) {
    if (name.starts_with("auction_legal/"))
      row(fmt::format("(j) legal calls of a position, {}", name.substr(name.find('/') + 1)),
          fmt::format("{:.1f} ns", 1e9 / best.items_per_second),
          fmt::format("target <= 50 ns: {}", verdict(1e9 / best.items_per_second <= 50)));
    if (name.starts_with("auction_replay/"))
      row(fmt::format("(j) whole auctions read and applied in process, {}", name.substr(name.find('/') + 1)),
          fmt::format("{:.0f} ns", 1e9 / best.items_per_second), "one thread, a whole auction");
  }
  if (const Best* file = find(std::string(kFileAuctionCheck)))
    row("(j) deal --check FILE of deals that give their auction", rate(file->items_per_second),
        fmt::format("{}   target >= 1 M/s on 2 cores: {}", figures(*file), verdict(2e9 / cpu_ns(*file) >= 1e6)));
}

}  // namespace belote::bench
