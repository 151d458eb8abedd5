// A mène's result as a deal gives it: each team's card points and tricks, and
// where given, each seat's tricks and each team's roem.
#include "io/deal_checker_class.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace belote::deal_checking {

std::optional<PerTeam<int>> DealChecker::team_numbers(const InputNode& result, std::string_view key, int high) {
  const InputNode* table = require(result, key, "result");
  const std::string name_ = path(fmt::format("result.{}", key));
  if (!table || !expect_table(*table, name_)) return std::nullopt;
  check_keys(*table, fmt::format("result.{}", key), {"NS", "EW"});
  PerTeam<int> values;
  bool ok = true;
  for (Team team : kTeams) {
    const InputNode* value = require(*table, name(team), fmt::format("result.{}", key));
    if (!value) {
      ok = false;
      continue;
    }
    if (value->type != InputNode::Type::integer || value->integer < 0 || value->integer > high) {
      error(*value, false, fmt::format("'{}.{}' must be an integer from 0 to {}", name_, name(team), high));
      ok = false;
      continue;
    }
    values[team] = int(value->integer);
  }
  return ok ? std::optional(values) : std::nullopt;
}

void DealChecker::read_result(const InputNode& result, Deal& deal) {
  if (!expect_table(result, path("result"))) return;
  check_keys(result, "result", {"points", "tricks", "tricks_by_seat", "roem"});
  // Without a known kind the points can be checked one by one, not for their sum.
  const ContractKind* kind = this->kind();
  const int total = kind ? kind->total_card_points() : rules_.kinds.front().total_card_points();
  int highest = 0;
  for (const ContractKind& k : rules_.kinds) highest = std::max(highest, k.total_card_points());
  const auto points = team_numbers(result, "points", kind ? total : highest);
  const auto tricks = team_numbers(result, "tricks", deck_.hand_size);
  if (kind && points && points->values[0] + points->values[1] != total) {
    error(*result.get("points"), false, fmt::format("'{}' adds up to {}; the card points of a mène{} add up to {}",
                                                    path("result.points"), points->values[0] + points->values[1],
                                                    rules_.kinds_named ? fmt::format(" in {}", kind->name) : "", total));
  }
  if (tricks && tricks->values[0] + tricks->values[1] != deck_.hand_size) {
    error(*result.get("tricks"), false, fmt::format("'{}' adds up to {}; a mène has {} tricks", path("result.tricks"),
                                                    tricks->values[0] + tricks->values[1], deck_.hand_size));
  }
  if (points && tricks) {
    for (Team team : kTeams) {
      if ((*tricks)[team] == 0 && (*points)[team] > 0)
        error(*result.get("points")->get(name(team)), false,
              fmt::format("'{}.{}' is {}, but {} took no trick", path("result.points"), name(team), (*points)[team], name(team)));
    }
    deal.result = DealResult{*points, *tricks, {}, false};
    if (const InputNode* by_seat = result.get("tricks_by_seat")) read_seat_tricks(*by_seat, deal);
    if (const InputNode* roem = result.get("roem")) read_roem(result, *roem, deal);
  }
}

// The roem of the tricks each team won (the pit aside: the scorer adds it).
void DealChecker::read_roem(const InputNode& result, const InputNode& roem, Deal& deal) {
  if (!rules_.roem.any()) {
    error(roem, true, fmt::format("'{}': the ruleset counts no roem (it has no [roem] section)", path("result.roem")));
    return;
  }
  const auto values = team_numbers(result, "roem", deck_.hand_size * rules_.roem.most_per_trick());
  if (!values) return;
  for (Team team : kTeams) {
    if (deal.result.tricks[team] == 0 && (*values)[team] > 0) {
      error(*roem.get(name(team)), false, fmt::format("'{}.{}' is {}, but {} took no trick", path("result.roem"),
                                                      name(team), (*values)[team], name(team)));
      return;
    }
    if (const auto problem = roem_total_problem(rules_, (*values)[team], deal.result.tricks[team])) {
      error(*roem.get(name(team)), false, fmt::format("'{}.{}' is {}, {}", path("result.roem"), name(team), (*values)[team], *problem));
      return;
    }
  }
  deal.result.roem = *values;
}

void DealChecker::read_seat_tricks(const InputNode& node, Deal& deal) {
  const std::string name_ = path("result.tricks_by_seat");
  if (!expect_table(node, name_)) return;
  check_keys(node, "result.tricks_by_seat", {"N", "E", "S", "W"});
  PerTeam<int> by_team;
  for (Seat seat : kSeats) {
    const InputNode* value = require(node, name(seat), "result.tricks_by_seat");
    if (!value) return;
    if (value->type != InputNode::Type::integer || value->integer < 0 || value->integer > deck_.hand_size) {
      error(*value, false, fmt::format("'{}.{}' must be an integer from 0 to {}", name_, name(seat), deck_.hand_size));
      return;
    }
    deal.result.seat_tricks[seat] = int(value->integer);
    by_team[team_of(seat)] += int(value->integer);
  }
  for (Team team : kTeams) {
    if (by_team[team] != deal.result.tricks[team]) {
      error(node, false, fmt::format("'{}' gives {} {} tricks, but '{}.{}' is {}", name_, name(team), by_team[team],
                                     path("result.tricks"), name(team), deal.result.tricks[team]));
      return;
    }
  }
  deal.result.seat_tricks_given = true;
}

}  // namespace belote::deal_checking

namespace belote {

namespace {

// What roem is made of, as the ruleset's keys say: "roem.runs.3 = 20, roem.stuk = 20".
std::string roem_parts(const RoemRules& roem) {
  std::vector<std::string> parts;
  for (std::size_t length = 0; length < roem.runs.size(); ++length)
    if (roem.runs[length] > 0) parts.push_back(fmt::format("roem.runs.{} = {}", length, roem.runs[length]));
  if (roem.stuk > 0) parts.push_back(fmt::format("roem.stuk = {}", roem.stuk));
  std::vector<int> fours;
  for (int points : roem.four_of_a_kind)
    if (points > 0 && std::find(fours.begin(), fours.end(), points) == fours.end()) fours.push_back(points);
  if (!fours.empty()) parts.push_back(fmt::format("roem.four_of_a_kind = {}", fmt::join(fours, " or ")));
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

std::optional<std::string> roem_total_problem(const Ruleset& rules, int total, int tricks) {
  if (!rules.tables.roem_totals.holds(total)) return fmt::format("which no tricks hold: roem adds up from {}", roem_parts(rules.roem));
  const int most = tricks * rules.roem.most_per_trick();
  if (total > most)
    return fmt::format("more than {} trick{} can hold (a trick holds at most {})", tricks, tricks == 1 ? "" : "s",
                       rules.roem.most_per_trick());
  return std::nullopt;
}

}  // namespace belote
