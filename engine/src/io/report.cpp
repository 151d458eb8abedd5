#include "belote/report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/replayed_tricks.h"

namespace belote {

namespace {

nlohmann::ordered_json per_team(const PerTeam<int>& values) {
  return {{"NS", values[Team::NS]}, {"EW", values[Team::EW]}};
}

nlohmann::ordered_json cards_json(const Deck& deck, CardSet cards) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  while (cards) out.push_back(deck.card_name(pop_lowest(cards)));
  return out;
}

nlohmann::ordered_json team_or_null(const std::optional<Team>& team) {
  return team ? nlohmann::ordered_json(std::string(name(*team))) : nlohmann::ordered_json(nullptr);
}

// A numeric bid as its number, a named bid as its name, or null.
nlohmann::ordered_json bid_json(const Ruleset& rules, const Deal& deal) {
  if (!rules.bids.any()) return nullptr;
  if (deal.named_bid >= 0) return rules.bids.named[std::size_t(deal.named_bid)].name;
  return deal.bid;
}

}  // namespace

nlohmann::ordered_json outcome_json(const Ruleset& rules, const Deal& deal, const Outcome& out) {
  nlohmann::ordered_json j;
  j["id"] = deal.id.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(deal.id);
  j["ruleset"] = rules.info.name;
  j["void"] = out.is_void;
  j["taker"] = std::string(name(deal.taker));
  const ContractKind& kind = rules.kinds[deal.kind];
  j["kind"] = kind.name;
  j["trump"] = kind.trumps == Trumps::one_suit ? nlohmann::ordered_json(rules.deck.suits[deal.trump]) : nlohmann::ordered_json(nullptr);
  j["bid"] = bid_json(rules, deal);
  j["doubling"] = deal.doubling ? nlohmann::ordered_json(rules.doubling[deal.doubling - 1u].name) : nlohmann::ordered_json(nullptr);
  j["winner"] = out.is_void ? nlohmann::ordered_json(nullptr) : team_or_null(out.winner);
  j["contract"] = out.contract == ContractResult::none ? nlohmann::ordered_json(nullptr)
                                                       : nlohmann::ordered_json(std::string(contract_name(out.contract)));
  j["score"] = per_team(out.score);
  j["suspended"] = out.suspended;
  j["held_over_in"] = out.held_in;
  j["held_over_to"] = team_or_null(out.held_to);
  j["belote"] = out.belote_seat ? nlohmann::ordered_json(std::string(name(*out.belote_seat))) : nlohmann::ordered_json(nullptr);
  j["belote_team"] = team_or_null(out.belote_team);
  nlohmann::ordered_json belotes = nlohmann::ordered_json::array();
  for (Seat seat : kSeats)
    for (int k = 0; k < out.belotes[seat]; ++k) belotes.push_back(std::string(name(seat)));
  j["belotes"] = std::move(belotes);
  nlohmann::ordered_json announcements = nlohmann::ordered_json::object();
  nlohmann::ordered_json announced = nlohmann::ordered_json::object();
  for (Seat seat : kSeats) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Announcement& a : strongest_first(out.announcements[seat]))
      list.push_back({{"name", announcement_kind(rules, a)},
                      {"cards", cards_json(rules.deck, a.cards())},
                      {"points", a.points}});
    announcements[std::string(name(seat))] = std::move(list);
    announced[std::string(name(seat))] = out.announcements[seat].points;
  }
  j["announcements"] = std::move(announcements);
  j["announced"] = std::move(announced);
  j["scored_announcements"] = per_team(out.scored_announcements);
  j["card_points"] = per_team(out.card_points);
  j["capot"] = team_or_null(out.capot);
  if (rules.roem.any()) j["roem"] = per_team(out.roem);
  j["card_points_played"] = per_team(deal.result.points);
  j["tricks_by_team"] = per_team(deal.result.tricks);
  j["tricks_by_seat"] = nullptr;
  if (deal.result.seat_tricks_given) {
    nlohmann::ordered_json by_seat;
    for (Seat seat : kSeats) by_seat[std::string(name(seat))] = deal.result.seat_tricks[seat];
    j["tricks_by_seat"] = std::move(by_seat);
  }
  j["tricks"] = nullptr;
  const ReplayedTricks replayed = replay_tricks(rules, deal);
  if (deal.played_count > 0) {
    nlohmann::ordered_json tricks = nlohmann::ordered_json::array();
    for (int t = 0; t < replayed.count; ++t) {
      const ReplayedTrick& trick = replayed.tricks[std::size_t(t)];
      const Trick& four = trick.played.trick;
      nlohmann::ordered_json cards = nlohmann::ordered_json::array();
      for (int i = 0; i < 4; ++i)
        cards.push_back({{"seat", std::string(name(four.seat_at(i)))}, {"card", rules.deck.card_name(four.cards[std::size_t(i)])}});
      nlohmann::ordered_json one = {{"leader", std::string(name(four.leader))},
                                    {"cards", std::move(cards)},
                                    {"winner", std::string(name(trick.played.winner))},
                                    {"points", trick.played.points}};
      if (rules.roem.any()) {
        nlohmann::ordered_json keys = nlohmann::ordered_json::array();
        for (int k = 0; k < trick.roem_key_count; ++k) keys.push_back(std::string(trick.roem_keys[std::size_t(k)]));
        one["roem"] = {{"points", trick.played.roem}, {"keys", std::move(keys)}};
      }
      tricks.push_back(std::move(one));
    }
    j["tricks"] = std::move(tricks);
  }
  j["revoke"] = nullptr;
  if (deal.result.revoke && rules.play.revoke.given) {
    const std::optional<Card> card = revoke_card(replayed, deal);
    j["revoke"] = {{"seat", std::string(name(*deal.result.revoke))},
                   {"team", std::string(name(team_of(*deal.result.revoke)))},
                   {"trick", deal.result.revoke_trick},
                   {"card", card ? nlohmann::ordered_json(rules.deck.card_name(*card)) : nlohmann::ordered_json(nullptr)}};
  }
  j["contract_totals"] = per_team(out.contract_totals);
  j["contract_value"] = out.contract_value;
  j["factor"] = out.factor;
  j["before_rounding"] = per_team(out.written_raw);
  nlohmann::ordered_json steps = nlohmann::ordered_json::array();
  for (const Step& step : explain(rules, deal, out, SuitStyle::letter))
    steps.push_back({{"step", std::string(step_name(step.kind))}, {"text", step.text}});
  j["explanation"] = std::move(steps);
  return j;
}

std::string outcome_text(const Ruleset& rules, const Deal& deal, const Outcome& out, SuitStyle style) {
  std::string text = fmt::format("{}{}ruleset {}\n", deal.id.empty() ? "" : deal.id, deal.id.empty() ? "" : " · ",
                                 rules.info.name);
  const ContractKind& kind = rules.kinds[deal.kind];
  const std::string trump = fmt::format("trump {}", rules.deck.suit_name(deal.trump, style));
  const std::string played_in = !rules.kinds_named                  ? trump
                                : kind.trumps == Trumps::one_suit ? fmt::format("kind {}, {}", kind.name, trump)
                                                                  : fmt::format("kind {}", kind.name);
  std::string contract;
  if (rules.bids.any())
    contract += fmt::format(" · bid {}", deal.named_bid >= 0 ? rules.bids.named[std::size_t(deal.named_bid)].name : std::to_string(deal.bid));
  if (deal.doubling) contract += fmt::format("{} {} (×{})", contract.empty() ? " ·" : ",", rules.doubling[deal.doubling - 1u].name,
                                            rules.doubling[deal.doubling - 1u].factor);
  if (deal.held_over) contract += fmt::format(" · {} held over coming in", deal.held_over);
  text += fmt::format("{}{} · taker {} ({}) · first to speak {}{}\n", played_in, contract, name(deal.taker),
                      name(team_of(deal.taker)), name(deal.first), deal.first_given ? "" : " (default)");
  int number = 1;
  for (const Step& step : explain(rules, deal, out, style)) text += fmt::format("  {}. {}\n", number++, step.text);
  if (out.is_void)
    text += fmt::format("Void deal: NS 0, EW 0{}\n", out.suspended ? fmt::format(" ({} held over)", out.suspended) : "");
  else
    text += fmt::format("Score: NS {}, EW {}{} · {}\n", out.score[Team::NS], out.score[Team::EW],
                        out.suspended ? fmt::format(" ({} held over)", out.suspended) : "",
                        out.contract == ContractResult::no_contract ? "no contract"
                                                                    : fmt::format("contract {}", contract_name(out.contract)));
  return text;
}

namespace {

nlohmann::ordered_json deal_json(const Deck& deck, const Ruleset* rules, const Deal& deal) {
  nlohmann::ordered_json j;
  if (!deal.id.empty()) j["id"] = deal.id;
  const ContractKind* kind = rules ? &rules->kinds[deal.kind] : nullptr;
  if (kind && rules->kinds_named) j["kind"] = kind->name;
  if (!kind || kind->trumps == Trumps::one_suit) j["trump"] = deck.suits[deal.trump];
  j["taker"] = std::string(name(deal.taker));
  if (deal.first_given) j["first"] = std::string(name(deal.first));
  if (rules && rules->bids.any()) j["bid"] = bid_json(*rules, deal);
  if (rules && deal.doubling) j["doubling"] = rules->doubling[deal.doubling - 1u].name;
  if (deal.held_over) j["held_over"] = deal.held_over;
  const auto belote = [&]() -> std::optional<nlohmann::ordered_json> {
    if (const auto holder = deal.belote_holder()) return nlohmann::ordered_json(std::string(name(*holder)));
    nlohmann::ordered_json seats = nlohmann::ordered_json::array();
    for (Seat seat : kSeats)
      for (int k = 0; k < deal.belotes[seat]; ++k) seats.push_back(std::string(name(seat)));
    if (!seats.empty()) return seats;
    return std::nullopt;
  };
  // A played mène whose players' words are not kept (spoken = false) is its tricks.
  if (deal.form == DealForm::hands && deal.played_count > 0) {
    j["first"] = std::string(name(deal.first));
    nlohmann::ordered_json tricks = nlohmann::ordered_json::array();
    for (int c = 0; c < deal.played_count; ++c) {
      if (c % 4 == 0) tricks.push_back(nlohmann::ordered_json::array());
      tricks.back().push_back(deck.card_name(deal.played[std::size_t(c)]));
    }
    // A revoke is read back only where the mène states it (docs/deals.md, "A revoke").
    if (deal.result.revoke && deal.result.revoke_trick >= 1 && deal.result.revoke_trick <= deal.played_count / 4)
      j["revoke"] = {{"seat", std::string(name(*deal.result.revoke))}, {"trick", deal.result.revoke_trick}};
    j["play"] = std::move(tricks);
    return j;
  }
  switch (deal.form) {
    case DealForm::hands: {
      nlohmann::ordered_json hands;
      for (Seat seat : kSeats) hands[std::string(name(seat))] = deck.cards_text(deal.hands[seat]);
      j["hands"] = std::move(hands);
      break;
    }
    case DealForm::declared: {
      nlohmann::ordered_json declared = nlohmann::ordered_json::object();
      for (Seat seat : kSeats) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const Announcement& a : deal.declared[seat]) list.push_back(deck.cards_text(a.cards()));
        if (!list.empty()) declared[std::string(name(seat))] = std::move(list);
      }
      j["announcements"] = std::move(declared);
      if (auto b = belote()) j["belote"] = std::move(*b);
      break;
    }
    case DealForm::team_points:
      j["announcements"] = per_team(deal.team_announcements);
      if (auto b = belote()) j["belote"] = std::move(*b);
      else if (deal.belote_team) j["belote"] = std::string(name(*deal.belote_team));
      break;
  }
  j["result"] = {{"points", per_team(deal.result.points)}, {"tricks", per_team(deal.result.tricks)}};
  if (deal.result.seat_tricks_given) {
    nlohmann::ordered_json by_seat;
    for (Seat seat : kSeats) by_seat[std::string(name(seat))] = deal.result.seat_tricks[seat];
    j["result"]["tricks_by_seat"] = std::move(by_seat);
  }
  // The roem of the tricks, which a played mène gives and its hands do not.
  if (deal.result.roem != PerTeam<int>{}) j["result"]["roem"] = per_team(deal.result.roem);
  return j;
}

}  // namespace

nlohmann::ordered_json deal_json(const Ruleset& rules, const Deal& deal) { return deal_json(rules.deck, &rules, deal); }

nlohmann::ordered_json deal_json(const Deck& deck, const Deal& deal) { return deal_json(deck, nullptr, deal); }

}  // namespace belote
