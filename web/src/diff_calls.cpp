// Two rulesets compared on random deals, a slice at a time so that a page can
// show its progress: the deals are `belote diff --random`'s (the same seed
// gives the same deals), tallied by the engine's DiffTally, with a histogram
// of how far each team's score moves.
#include <charconv>
#include <cstdlib>
#include <fmt/format.h>

#include "session.h"

namespace belote::web {

namespace {

// Score moves are counted in bins of kMoveBin points (1-10, 11-20, ...);
// the last bin holds every larger move.
constexpr int kMoveBin = 10;
constexpr int kMoveBins = 60;
// One step scores at most this many deals, so the page stays responsive.
constexpr std::uint64_t kMaxStep = 1 << 20;

std::uint64_t whole_number(const Json& args, const char* key, std::uint64_t fallback) {
  if (!args.contains(key)) return fallback;
  const Json& value = args[key];
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    std::uint64_t number = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error == std::errc() && end == text.data() + text.size() && !text.empty()) return number;
  }
  throw CallError{fmt::format("'{}' must be a whole number from 0 to 2^64 - 1", key)};
}

}  // namespace

struct DiffJob {
  DiffJob(std::shared_ptr<const Ruleset> a_rules, std::shared_ptr<const Ruleset> b_rules, std::uint64_t seed_value,
          std::uint64_t total)
      : a(std::move(a_rules)),
        b(std::move(b_rules)),
        random_a(*a, seed_value),
        random_b(*b, seed_value),
        seed(seed_value),
        count(total) {}

  std::shared_ptr<const Ruleset> a, b;
  // Each ruleset draws the deal its way, as `belote diff --random` does: the same
  // hands, trump, taker and tricks, with the kind, bid and doubling it allows.
  RandomDeals random_a, random_b;
  std::uint64_t seed;
  std::uint64_t count;
  DiffTally tally;
  PerTeam<std::vector<std::uint64_t>> moves{{std::vector<std::uint64_t>(kMoveBins), std::vector<std::uint64_t>(kMoveBins)}};
  Deal deal_a, deal_b;
  Outcome outcome_a, outcome_b;

  void score(std::uint64_t deals) {
    const std::uint64_t end = std::min(count, tally.deals + deals);
    for (std::uint64_t i = tally.deals; i < end; ++i) {
      random_a.make(i, deal_a, false);
      random_b.make(i, deal_b, false);
      evaluate(*a, deal_a, outcome_a);
      evaluate(*b, deal_b, outcome_b);
      const OutcomeDiff diff = diff_outcomes(outcome_a, outcome_b);
      tally.add(diff, i);
      for (Team team : kTeams) {
        const int move = std::abs(diff.score_change[team]);
        if (move > 0) ++moves[team][std::size_t(std::min((move - 1) / kMoveBin, kMoveBins - 1))];
      }
    }
  }

  Json summary() const {
    Json by_kind, by_field, change;
    for (DiffKind kind : kDiffKinds) by_kind[std::string(diff_kind_name(kind))] = tally.count(kind);
    for (DiffField field : kDiffFields) by_field[std::string(diff_field_name(field))] = tally.count(field);
    for (Team team : kTeams) {
      const ScoreChangeTally& c = tally.score_change[team];
      change[std::string(name(team))] = {{"mean", tally.mean_change(team)}, {"moved", c.changed},
                                         {"mean_move", tally.mean_move(team)}, {"largest", c.largest}};
    }
    return {{"rulesets", {a->info.name, b->info.name}},
            {"seed", std::to_string(seed)},
            {"count", count},
            {"deals", tally.deals},
            {"done", tally.deals == count},
            {"differing", tally.differing},
            {"share", tally.deals ? double(tally.differing) / double(tally.deals) : 0.0},
            {"by_kind", std::move(by_kind)},
            {"by_field", std::move(by_field)},
            {"score_change", std::move(change)},
            {"moves", {{"bin", kMoveBin}, {"NS", moves[Team::NS]}, {"EW", moves[Team::EW]}}}};
  }
};

// {a, b, seed, count}: starts a comparison of ruleset b against ruleset a.
Json call_diff_begin(Session& session, const Json& args) {
  const auto a = session.ruleset(string_arg(args, "a"));
  const auto b = session.ruleset(string_arg(args, "b"));
  if (!(a->deck == b->deck))
    throw CallError{fmt::format("{} and {} play with different decks: a random deal of one is no deal of the other, so "
                                "they cannot be compared on random deals", a->info.name, b->info.name)};
  session.diff = std::make_shared<DiffJob>(a, b, whole_number(args, "seed", 0), whole_number(args, "count", 10000));
  return {{"summary", session.diff->summary()}};
}

// {deals}: scores the next deals of the comparison under way.
Json call_diff_step(Session& session, const Json& args) {
  if (!session.diff) throw CallError{"no comparison under way: call diff_begin first"};
  session.diff->score(std::min(whole_number(args, "deals", 4096), kMaxStep));
  return {{"summary", session.diff->summary()}};
}

}  // namespace belote::web
