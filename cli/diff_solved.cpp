#include "diff_solved.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "diff_report.h"
#include "progress_bar.h"

namespace belote::cli {

namespace {

// The comparison's figures, of the deals solved (all, or the first ones where the run was interrupted).
void write_solved_diff(const Ruleset& a, const SolvedDiffOptions& o, const SolvedDiff& d, Output& out) {
  const RandomDeals random(a, o.seed);
  Deal deal;
  const auto deal_line = [&](std::uint64_t i) {
    random.make(i, deal, true);
    return deal_json(a, deal);
  };
  const double solved = double(d.deals - d.unsolved);
  const double mean_change = d.differing ? double(d.change) / double(d.differing) : 0.0;
  const double mean_size = d.differing ? double(d.size) / double(d.differing) : 0.0;
  if (o.json) {
    nlohmann::ordered_json j{{"a", o.names[0]}, {"b", o.names[1]}, {"mode", "solved"}, {"seed", o.seed},
                             {"deals", d.deals}, {"unsolved", d.unsolved}, {"differing", d.differing},
                             {"share", solved > 0 ? double(d.differing) / solved : 0.0},
                             {"mean_change", mean_change}, {"mean_size", mean_size}, {"largest", d.largest}};
    if (d.differing) random.make(d.largest_at, deal, true);
    j["largest_deal"] = d.differing ? nlohmann::ordered_json(deal.id) : nlohmann::ordered_json(nullptr);
    nlohmann::ordered_json sizes = nlohmann::ordered_json::array();
    for (std::size_t t = 0; t < d.by_tens.size(); ++t)
      if (d.by_tens[t]) sizes.push_back({{"from", t * 10}, {"deals", d.by_tens[t]}});
    j["sizes"] = sizes;
    nlohmann::ordered_json examples = nlohmann::ordered_json::array();
    for (std::uint64_t i : d.examples) examples.push_back(deal_line(i));
    j["examples"] = examples;
    out.line(json_text(j));
    return;
  }
  std::string text = fmt::format("{} {} {}: {} (seed {}) solved with best play under each: the takers' best points\n",
                                 o.names[0], o.ascii ? "->" : "→", o.names[1], number_of(d.deals, "random deal"), o.seed);
  if (d.unsolved)
    text += fmt::format("  {} stopped at the node limit and {} left out\n", number_of(d.unsolved, "deal"),
                        d.unsolved == 1 ? "is" : "are");
  text += fmt::format("  best points differ on {} ({:.2f}%)\n", number_of(d.differing, "deal"),
                      solved > 0 ? 100.0 * double(d.differing) / solved : 0.0);
  if (d.differing) {
    text += fmt::format("  mean change when they differ: {:+.2f} points (B minus A); mean size {:.2f}\n", mean_change, mean_size);
    random.make(d.largest_at, deal, true);
    text += fmt::format("  largest change: {:+d} points (deal {})\n", d.largest, deal.id);
    for (std::size_t t = 0; t < d.by_tens.size(); ++t)
      if (d.by_tens[t]) text += fmt::format("  changes of {} to {} points: {}\n", t * 10, t * 10 + 9, d.by_tens[t]);
  }
  if (!d.examples.empty()) {
    text += fmt::format("\nThe {}, to replay with `belote solve --ruleset NAME -`:\n", first_of(d.examples.size(), "differing deal"));
    for (std::uint64_t i : d.examples) text += json_text(deal_line(i)) + "\n";
  }
  out.write(text);
}

}  // namespace

int diff_solved(const Ruleset& a, const Ruleset& b, const SolvedDiffOptions& o, Output& out) {
  ProgressBar progress("deals");
  // Ctrl-C (SIGTERM, SIGHUP) keeps the deals solved: the first ones, written as a run of that many would write
  // them, before the program ends as the signal does.
  note_ending_signals();
  const SolvedDiff d = random_solved_diff(
      a, b, o.seed, o.count, o.threads, o.show, o.max_nodes,
      [&](std::uint64_t done, std::uint64_t total) { progress.update(done, total); },
      [&] { return ending_signal() != 0 || out.closed(); });
  progress.clear();
  say_interrupted(d.deals, "solved");
  write_solved_diff(a, o, d, out);
  return kSuccess;
}

}  // namespace belote::cli
