// A seat's observation and the legal actions as JSON.
#include "belote/json_text.h"
#include "belote/table_json.h"

#include <nlohmann/json.hpp>

#include "belote/auction_text.h"
#include "belote/explanation.h"

namespace belote {

namespace {

using nlohmann::ordered_json;

std::string seat_word(Seat seat) { return std::string(name(seat)); }

ordered_json card_tokens(const Deck& deck, CardSet cards) {
  ordered_json out = ordered_json::array();
  while (cards) out.push_back(deck.card_name(pop_lowest(cards)));
  return out;
}

ordered_json seat_and_card(const Deck& deck, Seat seat, Card card) {
  return ordered_json{{"seat", seat_word(seat)}, {"card", deck.card_name(card)}};
}

ordered_json team_numbers(const PerTeam<int>& values) { return ordered_json{{"NS", values[Team::NS]}, {"EW", values[Team::EW]}}; }

ordered_json contract_object(const Ruleset& rules, const AuctionOutcome& contract) {
  const AuctionKind& kind = rules.auction.kinds[std::size_t(contract.kind)];
  ordered_json out{{"taker", seat_word(contract.taker)}, {"team", std::string(name(team_of(contract.taker)))}, {"kind", kind.name}};
  if (contract.bid >= 0) {
    const LadderBid& bid = rules.auction.ladder[std::size_t(contract.bid)];
    if (bid.named_bid >= 0) out["bid"] = rules.bids.named[std::size_t(bid.named_bid)].name;
    else out["bid"] = bid.value;
  }
  out["doubling"] = contract.doubling;
  out["forced"] = contract.forced;
  out["first_lead"] = seat_word(contract.first_lead);
  out["next_dealer"] = seat_word(contract.next_dealer);
  out["text"] = auction_outcome_text(rules, contract);
  return out;
}

}  // namespace

std::string contract_json(const Ruleset& rules, const AuctionOutcome& contract) { return json_text(contract_object(rules, contract)); }

std::string observation_json(const Table& table, const Observation& seen) {
  const Ruleset& rules = table.rules();
  const Deck& deck = rules.deck;
  ordered_json out;
  out["seat"] = seat_word(seen.seat);
  out["phase"] = std::string(name(seen.phase));
  out["to_act"] = seat_word(seen.to_act);
  out["dealer"] = seat_word(seen.dealer);
  out["mene"] = seen.mene;
  out["played"] = seen.played;
  out["hand"] = card_tokens(deck, seen.hand);
  out["dealt"] = card_tokens(deck, seen.dealt);
  out["turned_card"] = seen.turned_card >= 0 ? ordered_json(deck.card_name(Card(seen.turned_card))) : ordered_json(nullptr);
  out["proposals"] = ordered_json::array();
  for (Suit suit : seen.proposals) out["proposals"].push_back(deck.suits[suit]);
  out["calls"] = ordered_json::array();
  for (const Call& call : seen.calls) out["calls"].push_back(ordered_json{{"seat", seat_word(call.seat)}, {"call", call_text(rules, call)}});
  out["contract"] = seen.contract && !seen.contract->redeal ? contract_object(rules, *seen.contract) : ordered_json(nullptr);
  out["cards"] = ordered_json::array();
  for (const auto& [seat, card] : seen.cards) out["cards"].push_back(seat_and_card(deck, seat, card));
  // The trick being played: the cards after the last complete trick.
  out["trick"] = ordered_json::array();
  for (std::size_t i = 4 * seen.trick_winners.size(); i < seen.cards.size(); ++i)
    out["trick"].push_back(seat_and_card(deck, seen.cards[i].first, seen.cards[i].second));
  out["trick_winners"] = ordered_json::array();
  for (Seat seat : seen.trick_winners) out["trick_winners"].push_back(seat_word(seat));
  out["said_with_word"] = card_tokens(deck, seen.said_with_word);
  // Each announcement as declared: its kind and value, and its cards where the seat knows them (docs/table.md).
  out["declared"] = ordered_json::array();
  for (const DeclaredAnnouncement& d : seen.declared) {
    ordered_json entry{{"seat", seat_word(d.seat)}, {"announcement", announcement_kind(rules, d.announcement)}, {"points", d.announcement.points}};
    if (d.known) entry["cards"] = card_tokens(deck, d.cards());
    out["declared"].push_back(std::move(entry));
  }
  out["points"] = team_numbers(seen.points);
  out["tricks"] = team_numbers(seen.tricks);
  out["roem"] = team_numbers(seen.roem);
  out["totals"] = team_numbers(seen.totals);
  out["held_over"] = seen.held_over;
  out["target"] = seen.target;
  return json_text(out);
}

std::string legal_actions_json(const Table& table) {
  ordered_json out = ordered_json::array();
  for (Action action : table.legal().list(table.actions(), table.rules()))
    out.push_back(ordered_json{{"action", action}, {"text", table.action_text(action)}});
  return json_text(out);
}

}  // namespace belote
