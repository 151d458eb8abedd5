// A deal solved for its contract or for every contract (the table), and the
// JSON `belote solve` writes for it.
#include "belote/solve_deal.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace belote {

namespace {

// The bids of the ruleset the takers would make with `points`, counting card
// points only (announcements and the belote are not played for).
std::vector<std::string> bids_made(const Ruleset& rules, const PlayContext& play, int points) {
  const int total = play.total_points();
  const int capot = play.capot_points();
  const bool every_trick = capot > total && points == capot;
  const int defenders = every_trick ? 0 : total - points;
  std::vector<std::string> made;
  switch (rules.contract.test) {
    case ContractTest::none: return made;
    case ContractTest::more_than_defenders:
      if (points > defenders) made.push_back("contract");
      return made;
    case ContractTest::reach_bid:
    case ContractTest::reach_bid_not_below_defenders: break;
  }
  const bool not_below = rules.contract.test == ContractTest::reach_bid_not_below_defenders;
  for (int bid : rules.bids.numbers)
    if (points >= bid && (!not_below || points >= defenders)) made.push_back(std::to_string(bid));
  for (const NamedBid& bid : rules.bids.named) {
    const bool ok = bid.needs == BidNeeds::points ? points >= bid.value : bid.needs == BidNeeds::every_trick && every_trick;
    if (ok) made.push_back(bid.name);
  }
  return made;
}

nlohmann::json solved_cards_json(const Deck& deck, CardSet cards) {
  nlohmann::json out = nlohmann::json::array();
  while (cards) out.push_back(deck.card_name(pop_lowest(cards)));
  return out;
}

}  // namespace

std::variant<SolvedDeal, std::string> solve_deal(const Ruleset& rules, const Deal& deal, int after, Solver& solver) {
  const PlayContext play(rules, deal.kind, deal.trump);
  if (after > deal.played_count)
    return fmt::format("the position after {} cards asks for more cards than the deal's play records ({})", after,
                       deal.played_count);
  PlayedMene mene(play, deal.hands, deal.first);
  for (int i = 0; i < after; ++i) mene.play(deal.played[std::size_t(i)]);
  if (mene.over()) return fmt::format("the mène is over after {} cards: nothing is left to solve", after);
  SolvedDeal solved;
  solved.after = after;
  solved.trick = mene.tricks_played() + 1;
  solved.to_play = mene.to_play();
  const SolvePosition position = SolvePosition::of(mene, team_of(deal.taker));
  solved.taken = position.points;
  solved.result = solver.solve(play, position);
  if (solved.result.status != SolveStatus::solved) return solved.result.message();
  solved.tricks = line_tricks(play, position.trick, mene.tricks_played(), solved.result.line);
  return solved;
}

std::variant<std::vector<SolvedTableRow>, std::string> solve_table(const Ruleset& rules, const Deal& deal, Solver& solver,
                                                                   SolveResult* stopped) {
  std::vector<SolvedTableRow> rows;
  for (int kind = 0; kind < int(rules.kinds.size()); ++kind) {
    const ContractKind& k = rules.kinds[std::size_t(kind)];
    for (Suit trump = 0; trump < kSuitCount; ++trump) {
      if (k.trumps == Trumps::one_suit ? !k.in_suit(trump) : trump > 0) continue;
      const PlayContext play(rules, kind, trump);
      SolveHint hint;
      for (Team takers : kTeams) {
        const SolveResult r = solver.solve(play, SolvePosition::start(deal.hands, deal.first, takers), hint);
        if (r.status != SolveStatus::solved) {
          if (stopped) *stopped = r;
          return fmt::format("{}: {}", solved_contract_name(rules, kind, trump, SuitStyle::letter), r.message());
        }
        rows.push_back({kind, trump, takers, r.takers_points, bids_made(rules, play, r.takers_points)});
        // The other side's best play is this side's: what this side leaves it is a good start.
        hint = {.expected = play.total_points() - r.takers_points, .reuse_order = true};
      }
    }
  }
  return rows;
}

std::string solved_contract_name(const Ruleset& rules, int kind, Suit trump, SuitStyle style) {
  const ContractKind& k = rules.kinds[std::size_t(kind)];
  return k.trumps == Trumps::one_suit ? fmt::format("{} {}", k.name, rules.deck.suit_name(trump, style)) : k.name;
}

nlohmann::json solved_deal_json(const Ruleset& rules, const Deal& deal, const std::string& where, const SolvedDeal& solved,
                                bool line) {
  nlohmann::json j = {{"deal", where}, {"kind", rules.kinds[deal.kind].name}};
  if (rules.kinds[deal.kind].trumps == Trumps::one_suit) j["trump"] = rules.deck.suit_name(deal.trump);
  j["taker"] = name(deal.taker);
  j["first"] = name(deal.first);
  if (solved.after > 0) {
    j["after"] = solved.after;
    j["to_play"] = name(solved.to_play);
    j["taken"] = {{name(Team::NS), solved.taken[Team::NS]}, {name(Team::EW), solved.taken[Team::EW]}};
  }
  j["points"] = solved.result.takers_points;
  j["best_cards"] = solved_cards_json(rules.deck, solved.result.best_cards);
  if (line) {
    nlohmann::json tricks = nlohmann::json::array();
    for (const LineTrick& trick : solved.tricks) {
      nlohmann::json cards = nlohmann::json::array();
      for (Card c : trick.cards) cards.push_back(rules.deck.card_name(c));
      tricks.push_back({{"trick", trick.number}, {"leader", name(trick.leader)}, {"cards", cards}});
    }
    j["line"] = tricks;
  }
  j["nodes"] = solved.result.nodes;
  return j;
}

nlohmann::json solved_table_json(const Ruleset& rules, const Deal& deal, const std::string& where,
                                 const std::vector<SolvedTableRow>& rows) {
  nlohmann::json table = nlohmann::json::array();
  for (const SolvedTableRow& row : rows) {
    const ContractKind& k = rules.kinds[std::size_t(row.kind)];
    nlohmann::json j = {{"kind", k.name}};
    if (k.trumps == Trumps::one_suit) j["trump"] = rules.deck.suit_name(row.trump);
    j["takers"] = name(row.takers);
    j["points"] = row.points;
    j["makes"] = row.makes;
    table.push_back(std::move(j));
  }
  return {{"deal", where}, {"first", name(deal.first)}, {"table", std::move(table)}};
}

}  // namespace belote
