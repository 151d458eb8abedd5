#include "belote/ruleset_description.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "belote/ruleset_schema.h"

namespace belote {

namespace {

using Json = nlohmann::ordered_json;

// An enumerated convention as the ruleset file writes it (the registry's word for the value).
template <class Enum>
std::string choice_name(std::string_view key, Enum value) {
  const KeySpec* spec = find_key(key);
  const auto index = std::size_t(value);
  return spec && index < spec->choices.size() ? std::string(spec->choices[index]) : std::string();
}

Json rank_names(const Deck& deck, RankMask ranks) {
  Json out = Json::array();
  for (Rank r = 0; r < deck.rank_count(); ++r)
    if (ranks >> r & 1) out.push_back(deck.rank_name(r));
  return out;
}

Json deck_json(const Deck& deck) {
  Json suits = Json::array();
  for (Suit s = 0; s < kSuitCount; ++s) suits.push_back({{"letter", deck.suits[s]}, {"symbol", deck.suit_symbols[s]}});
  return {{"ranks", deck.ranks},
          {"suits", std::move(suits)},
          {"hand_size", deck.hand_size},
          {"cards", deck.card_count()},
          {"last_trick", deck.last_trick_points}};
}

// The announcements a contract kind declares, by the names a mène writes them with.
Json declared_json(const Ruleset& rules, const ContractKind& kind) {
  Json out = Json::array();
  const SequenceRules& seq = rules.sequences;
  for (int length = seq.shortest(); length > 0 && length <= seq.longest(); ++length)
    if (!seq.names_by_length[length].empty() && kind.declared.holds({false, length}))
      out.push_back(seq.names_by_length[length]);
  // "carre" when the kind declares a carré worth something (or one that voids the deal).
  for (Rank r = 0; r < rules.deck.rank_count(); ++r) {
    const bool counts = kind.carre_points[r] > 0 || (rules.carres.voiding_ranks >> r & 1);
    if (counts && kind.declared.holds({true, r})) {
      out.push_back("carre");
      break;
    }
  }
  return out;
}

// What a deal may name to say what it is played in, in the order the form
// lists it: each kind without one trump suit, and each suit of a one-suit kind.
struct ContractPlace {
  std::size_t kind = 0;
  int suit = -1;
};

std::vector<ContractPlace> contract_places(const Ruleset& rules) {
  std::vector<ContractPlace> places;
  for (std::size_t k = 0; k < rules.kinds.size(); ++k) {
    const ContractKind& kind = rules.kinds[k];
    if (kind.trumps != Trumps::one_suit) {
      places.push_back({k, -1});
      continue;
    }
    for (Suit s = 0; s < kSuitCount; ++s)
      if (kind.in_suit(s)) places.push_back({k, int(s)});
  }
  return places;
}

// Each place with the keys a deal or a mène writes for it, and what the kind
// changes (card points, capot, what is declared).
Json contracts_json(const Ruleset& rules) {
  Json out = Json::array();
  const auto one_suit_kinds = std::count_if(rules.kinds.begin(), rules.kinds.end(),
                                            [](const ContractKind& k) { return k.trumps == Trumps::one_suit; });
  for (const ContractPlace& place : contract_places(rules)) {
    const ContractKind& kind = rules.kinds[place.kind];
    const auto entry = [&](std::string label, Json keys) {
      out.push_back({{"label", std::move(label)},
                     {"keys", std::move(keys)},
                     {"kind", kind.name},
                     {"card_points", kind.total_card_points()},
                     {"capot", kind.capot_points},
                     {"declares", declared_json(rules, kind)},
                     {"belote", choice_name("kinds.*.belote", kind.belote)},
                     {"score_multiplier", kind.score_multiplier},
                     {"bid_multiplier", kind.bid_multiplier}});
    };
    const Suit s = Suit(place.suit);
    // A deal that names only its trump suit is played in the one kind with one trump suit.
    if (place.suit < 0) entry(kind.name, {{"kind", kind.name}});
    else if (one_suit_kinds == 1) entry(rules.deck.suit_symbols[s], {{"trump", rules.deck.suits[s]}});
    else entry(kind.name + " " + rules.deck.suit_symbols[s], {{"kind", kind.name}, {"trump", rules.deck.suits[s]}});
  }
  return out;
}

// The auction, where the ruleset states one: its style, and each kind a call
// names with its place in `contracts` (what the form shows once it is the contract).
Json auction_json(const Ruleset& rules) {
  if (!rules.auction.given) return Json(nullptr);
  const std::vector<ContractPlace> places = contract_places(rules);
  Json kinds = Json::array();
  for (const AuctionKind& kind : rules.auction.kinds) {
    const auto place = std::find_if(places.begin(), places.end(), [&](const ContractPlace& p) {
      return p.kind == std::size_t(kind.kind) && p.suit == kind.suit;
    });
    kinds.push_back({{"name", kind.name}, {"contract", place == places.end() ? Json(nullptr) : Json(place - places.begin())}});
  }
  return {{"style", choice_name("auction.style", rules.auction.style)}, {"kinds", std::move(kinds)}};
}

Json sequences_json(const Ruleset& rules) {
  Json out = Json::array();
  const SequenceRules& seq = rules.sequences;
  for (int length = seq.shortest(); length > 0 && length <= seq.longest(); ++length) {
    if (seq.names_by_length[length].empty()) continue;
    out.push_back({{"name", seq.names_by_length[length]}, {"length", length}, {"points", seq.points_by_length[length]}});
  }
  return out;
}

Json carres_json(const Ruleset& rules) {
  Json out = Json::array();
  for (Rank r = 0; r < rules.deck.rank_count(); ++r) {
    const bool voids = rules.carres.voiding_ranks >> r & 1;
    const int points = rules.carres.points_by_rank[r];
    if (points == 0 && !voids) continue;  // not an announcement at all
    out.push_back({{"rank", rules.deck.rank_name(r)}, {"points", points}, {"voids_deal", voids}});
  }
  return out;
}

// The bids a mène may carry, lowest first: each as a mène writes it (a number,
// or a named bid's name), what it counts and what it needs to be made.
Json bids_json(const Ruleset& rules) {
  Json out = Json::array();
  for (const int number : rules.bids.numbers)
    out.push_back({{"bid", number}, {"value", number}, {"needs", "points"}, {"capot_names_seat", false}});
  for (const NamedBid& bid : rules.bids.named)
    out.push_back({{"bid", bid.name},
                   {"value", bid.value},
                   {"needs", choice_name("bids.named.*.needs", bid.needs)},
                   // Every trick to the taker alone: the mène's capot names the seat that took them.
                   {"capot_names_seat", bid.needs == BidNeeds::taker_every_trick}});
  return out;
}

Json doubling_json(const Ruleset& rules) {
  Json out = Json::array();
  for (const DoublingLevel& level : rules.doubling) out.push_back({{"name", level.name}, {"factor", level.factor}});
  return out;
}

}  // namespace

nlohmann::ordered_json ruleset_description(const Ruleset& rules) {
  Json j;
  j["name"] = rules.info.name;
  j["title"] = rules.info.title;
  j["description"] = rules.info.description;
  j["source"] = rules.info.source;
  j["base"] = rules.info.base.empty() ? Json(nullptr) : Json(rules.info.base);
  j["deck"] = deck_json(rules.deck);
  j["contracts"] = contracts_json(rules);
  // "none": a game without a contract (Schieber), where the taker only chooses what the mène is played in.
  j["contract_test"] = choice_name("contract.test", rules.contract.test);
  j["bids"] = bids_json(rules);
  j["doubling"] = doubling_json(rules);
  j["announcements"] = {{"sequences", sequences_json(rules)},
                        {"carres", carres_json(rules)},
                        {"min_tricks", rules.announcements.min_tricks},
                        {"exact_tie", choice_name("announcements.exact_tie", rules.announcements.exact_tie)}};
  j["belote"] = {{"points", rules.belote.points}, {"ranks", rank_names(rules.deck, rules.belote.ranks)}};
  j["capot"] = rules.contract.capot_points;
  // The sheet counts in units of `unit` points (a Bulgarian board counts tens); the target is in those units.
  j["game"] = {{"target", rules.game.target ? nlohmann::ordered_json(rules.game.target) : nlohmann::ordered_json(nullptr)},
               {"both_reach", choice_name("game.both_reach", rules.game.both_reach)},
               {"unit", rules.rounding.unit}};
  if (rules.game.deals) j["game"]["deals"] = rules.game.deals;
  // A mène may be entered as its auction where the ruleset states one; a turned-card auction needs its turned suit.
  j["auction"] = auction_json(rules);
  if (rules.roem.any())
    j["roem"] = {{"runs", {{"3", rules.roem.runs[3]}, {"4", rules.roem.runs[4]}}},
                 {"stuk", rules.roem.stuk},
                 {"stuk_cards", rank_names(rules.deck, rules.roem.stuk_ranks)},
                 {"four_of_a_kind", rules.roem.four_of_a_kind},
                 {"pit", rules.roem.pit}};
  return j;
}

}  // namespace belote
