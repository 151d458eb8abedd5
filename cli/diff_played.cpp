#include "diff_played.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "diff_report.h"
#include "progress_bar.h"

namespace belote::cli {

namespace {

using Json = nlohmann::ordered_json;

// The players of N-S and of E-W from "NAME" or "NS-NAME,EW-NAME".
std::array<SeatActorMaker, 2> players_of(const std::string& text) {
  const std::size_t comma = text.find(',');
  if (comma != std::string::npos && text.find(',', comma + 1) != std::string::npos)
    throw UsageError(fmt::format("--played is one player for every seat, or two separated by a comma (N-S,E-W), not '{}'",
                                 shown(text)));
  std::array<SeatActorMaker, 2> out;
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string spec = comma == std::string::npos ? text : i == 0 ? text.substr(0, comma) : text.substr(comma + 1);
    std::string error;
    auto actor = engine_actor(spec, error);
    if (!actor) throw UsageError(fmt::format("--played: {}", error));
    out[i] = std::move(*actor);
  }
  return out;
}

// What each ruleset gave that the result leaves out, "12 deals under A, none under B".
template <class Part>
std::string per_ruleset(const PlayedDiffOptions& o, const PlayedDiff& d, const Part& part) {
  const auto side = [&](std::size_t s) {
    const std::string what = part(d.sides[s]);
    return fmt::format("{} under {}", what.empty() ? "none" : what, o.names[s]);
  };
  return fmt::format("{}, {}", side(0), side(1));
}

}  // namespace

int diff_played(const Ruleset& a, const Ruleset& b, const PlayedDiffOptions& o, Output& out) {
  const auto players = players_of(o.players);
  if (!states_auction(a) || !states_auction(b)) return kInvalidInput;
  ProgressBar progress("deals");
  // Ctrl-C (SIGTERM, SIGHUP) keeps the deals played whole: the first ones, whose figures are
  // written as a run of that many would write them, before the program ends as the signal does.
  note_ending_signals();
  PlayedDiff d;
  try {
    d = played_diff(a, b, players[0], players[1], o.seed, o.count, o.threads, o.show,
                    [&](std::uint64_t done, std::uint64_t total) { progress.update(done, total); },
                    [] { return ending_signal() != 0; });
  } catch (const ArenaError& e) {
    progress.clear();
    print_error(e.what());
    return kInvalidInput;
  }
  progress.clear();
  say_interrupted(d.deals, "played whole");
  const Estimate change = d.mean_change();
  const double mean_size = d.differing ? double(d.size) / double(d.differing) : 0.0;
  // An example's record: its first mène played under each ruleset, as a deal line (none when dealt again).
  const auto record = [&](const Ruleset& rules, std::uint64_t deal) {
    return played_deal(rules, players[0], players[1], o.seed, deal).value_or(FirstMene{}).record;
  };
  if (o.json) {
    Json j{{"a", o.names[0]}, {"b", o.names[1]}, {"mode", "played"}, {"players", o.players},
           {"seed", o.seed}, {"deals", d.deals}, {"differing", d.differing},
           {"taker_changed", d.taker_changed}, {"result_changed", d.result_changed},
           {"mean_change", change.mean}};
    j["mean_change_low"] = change.half_width ? Json(change.low()) : Json(nullptr);
    j["mean_change_high"] = change.half_width ? Json(change.high()) : Json(nullptr);
    j["mean_size"] = mean_size;
    j["largest"] = d.largest;
    j["largest_deal"] = d.differing ? Json(d.largest_at) : Json(nullptr);
    j["redealt"] = {{"a", d.sides[0].redealt}, {"b", d.sides[1].redealt}};
    j["held_over"] = {{"a", {{"deals", d.sides[0].held_over}, {"points", d.sides[0].held_points}}},
                      {"b", {{"deals", d.sides[1].held_over}, {"points", d.sides[1].held_points}}}};
    Json examples = Json::array();
    for (std::uint64_t i : d.examples) {
      const std::string x = record(a, i), y = record(b, i);
      examples.push_back({{"deal", i},
                          {"a", x.empty() ? Json(nullptr) : Json::parse(x)},
                          {"b", y.empty() ? Json(nullptr) : Json::parse(y)}});
    }
    j["examples"] = examples;
    out.line(json_text(j));
  } else {
    const char* arrow = o.ascii ? "->" : "→";
    std::string text = fmt::format("{} {} {}: {} (seed {}) played by {} under each, one mène a deal\n", o.names[0], arrow,
                                   o.names[1], number_of(d.deals, "deal"), o.seed, shown(o.players));
    text += fmt::format("  results differ on {} ({:.2f}%): another taker on {}, the same taker's contract ended "
                        "otherwise on {}\n",
                        number_of(d.differing, "deal"), 100.0 * share(d.differing, d.deals), d.taker_changed,
                        d.result_changed);
    text += fmt::format("  mean change per deal (N-S less E-W, B minus A): {:+.2f}", change.mean);
    if (change.half_width) text += fmt::format(" (95% interval {:+.2f} to {:+.2f})", change.low(), change.high());
    text += "\n";
    if (d.differing)
      text += fmt::format("  mean size of a change: {:.1f} points; largest {:+d} (deal {})\n", mean_size, d.largest,
                          d.largest_at);
    // What the result does not show: deals nobody played, points nobody won.
    if (d.sides[0].redealt || d.sides[1].redealt)
      text += fmt::format("  dealt again (everyone passed, or a void deal), nobody scoring: {}\n",
                          per_ruleset(o, d, [](const PlayedDiffSide& s) {
                            return s.redealt ? number_of(s.redealt, "deal") : std::string();
                          }));
    if (d.sides[0].held_over || d.sides[1].held_over)
      text += fmt::format("  points held over by a litige, left out as an arena leaves them: {}\n",
                          per_ruleset(o, d, [](const PlayedDiffSide& s) {
                            return s.held_over ? fmt::format("{} on {}", s.held_points, number_of(s.held_over, "deal"))
                                               : std::string();
                          }));
    if (!d.examples.empty()) {
      text += fmt::format("\nThe {} as played, to replay with `belote score --ruleset NAME -`:\n",
                          first_of(d.examples.size(), "differing deal"));
      for (std::uint64_t i : d.examples)
        for (std::size_t side = 0; side < 2; ++side) {
          const std::string line = record(side == 0 ? a : b, i);
          text += fmt::format("deal {}, {}:\n{}\n", i, o.names[side],
                              line.empty() ? "(everyone passed: dealt again, nobody scores)" : line);
        }
    }
    out.write(text);
  }
  return kSuccess;
}

}  // namespace belote::cli
