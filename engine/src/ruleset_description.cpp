#include "belote/ruleset_description.h"

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

// What a deal may name to say what it is played in: each with the keys a deal or
// a mène writes for it, and the card points of the whole deal under it.
Json contracts_json(const Ruleset& rules) {
  Json out = Json::array();
  for (Suit s = 0; s < kSuitCount; ++s)
    out.push_back({{"label", rules.deck.suit_symbols[s]},
                   {"keys", {{"trump", rules.deck.suits[s]}}},
                   {"card_points", rules.deck.total_card_points()}});
  return out;
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
  // Rulesets without bids or doubling levels: a deal names neither.
  j["bids"] = Json::array();
  j["doubling"] = Json::array();
  j["announcements"] = {{"sequences", sequences_json(rules)},
                        {"carres", carres_json(rules)},
                        {"min_tricks", rules.announcements.min_tricks},
                        {"exact_tie", choice_name("announcements.exact_tie", rules.announcements.exact_tie)}};
  j["belote"] = {{"points", rules.belote.points}, {"ranks", rank_names(rules.deck, rules.belote.ranks)}};
  j["capot"] = rules.contract.capot_points;
  j["game"] = {{"target", rules.game.target}, {"both_reach", choice_name("game.both_reach", rules.game.both_reach)}};
  return j;
}

}  // namespace belote
