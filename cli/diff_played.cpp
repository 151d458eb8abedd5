#include "diff_played.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "progress_bar.h"

namespace belote::cli {

namespace {

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

}  // namespace

int diff_played(const Ruleset& a, const Ruleset& b, const PlayedDiffOptions& o, Output& out) {
  const auto players = players_of(o.players);
  if (!states_auction(a) || !states_auction(b)) return kInvalidInput;
  ProgressBar progress("deals");
  PlayedDiff d;
  try {
    d = played_diff(a, b, players[0], players[1], o.seed, o.count, o.threads, o.show,
                    [&](std::uint64_t done, std::uint64_t total) { progress.update(done, total); });
  } catch (const ArenaError& e) {
    progress.clear();
    print_error(e.what());
    return kInvalidInput;
  }
  progress.clear();
  const Estimate change = d.mean_change();
  const double mean_size = d.differing ? double(d.size) / double(d.differing) : 0.0;
  // An example's records: its mène played under each ruleset, as deal lines.
  const auto records = [&](const Ruleset& rules, std::uint64_t deal) {
    std::string lines = played_deal(rules, players[0], players[1], o.seed, deal).records;
    if (!lines.empty() && lines.back() == '\n') lines.pop_back();
    return lines;
  };
  if (o.json) {
    nlohmann::ordered_json j{{"a", a.info.name}, {"b", b.info.name}, {"mode", "played"}, {"players", o.players},
                             {"seed", o.seed}, {"deals", d.deals}, {"differing", d.differing},
                             {"taker_changed", d.taker_changed}, {"result_changed", d.result_changed},
                             {"mean_change", change.mean}};
    j["mean_change_low"] = change.half_width ? nlohmann::ordered_json(change.low()) : nlohmann::ordered_json(nullptr);
    j["mean_change_high"] = change.half_width ? nlohmann::ordered_json(change.high()) : nlohmann::ordered_json(nullptr);
    j["mean_size"] = mean_size;
    j["largest"] = d.largest;
    j["largest_deal"] = d.differing ? nlohmann::ordered_json(d.largest_at) : nlohmann::ordered_json(nullptr);
    nlohmann::ordered_json examples = nlohmann::ordered_json::array();
    for (std::uint64_t i : d.examples)
      examples.push_back({{"deal", i},
                          {"a", nlohmann::ordered_json::parse(records(a, i))},
                          {"b", nlohmann::ordered_json::parse(records(b, i))}});
    j["examples"] = examples;
    out.line(json_text(j));
    return kSuccess;
  }
  std::string text = fmt::format("{} -> {}: {} (seed {}) played by {} under each, one mène a deal\n", a.info.name,
                                 b.info.name, number_of(d.deals, "deal"), o.seed, shown(o.players));
  text += fmt::format("  results differ on {} ({:.2f}%): another taker on {}, the same taker's contract ended "
                      "otherwise on {}\n",
                      number_of(d.differing, "deal"), 100.0 * share(d.differing, d.deals), d.taker_changed, d.result_changed);
  text += fmt::format("  mean change per deal (N-S less E-W, B minus A): {:+.2f}", change.mean);
  if (change.half_width) text += fmt::format(" (95% interval {:+.2f} to {:+.2f})", change.low(), change.high());
  text += "\n";
  if (d.differing)
    text += fmt::format("  mean size of a change: {:.1f} points; largest {:+d} (deal {})\n", mean_size, d.largest, d.largest_at);
  if (!d.examples.empty()) {
    text += fmt::format("\nThe {} as played, to replay with `belote score --ruleset NAME -`:\n",
                        first_of(d.examples.size(), "differing deal"));
    for (std::uint64_t i : d.examples)
      text += fmt::format("deal {}, {}:\n{}\ndeal {}, {}:\n{}\n", i, a.info.name, records(a, i), i, b.info.name, records(b, i));
  }
  out.write(text);
  return kSuccess;
}

}  // namespace belote::cli
