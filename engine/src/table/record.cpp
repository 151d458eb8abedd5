// A game's record (table.md 4), written from the table's finished mènes and
// replayed call by call and card by card.
#include "belote/table_record.h"

#include <charconv>
#include <fmt/format.h>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <toml++/toml.h>

#include "belote/auction_text.h"
#include "belote/json_text.h"

namespace belote {

namespace {

using nlohmann::ordered_json;

std::string seat_text(Seat seat) { return std::string(name(seat)); }

// One finished mène as a deal: its auction, and where a contract was played,
// the hands as dealt, what was said and the tricks.
ordered_json mene_json(const Ruleset& rules, const TableSetup& setup, const FinishedMene& mene) {
  const Deck& deck = rules.deck;
  TableSetup scratch_setup = setup;
  scratch_setup.keep_history = false;
  Table scratch(rules, scratch_setup, mene.dealt);
  const ActionSpace& space = scratch.actions();
  // The mène replayed once, each call and card taken with its seat as it is
  // applied; the last action, which ends the mène, is read but not applied, so
  // that the hands, words and announcements are still the mène's.
  std::vector<Call> calls;
  std::vector<std::pair<Seat, Card>> cards;
  CardSet words = 0;
  for (std::size_t i = 0; i < mene.actions.size(); ++i) {
    const Action action = mene.actions[i];
    const Seat seat = scratch.to_act();
    switch (space.kind(action)) {
      case ActionKind::call: calls.push_back(space.call_of(action, seat)); break;
      case ActionKind::card_word: words |= card_bit(space.card_of(action)); [[fallthrough]];
      case ActionKind::card: cards.emplace_back(seat, space.card_of(action)); break;
      case ActionKind::declare: break;
    }
    if (i + 1 < mene.actions.size()) scratch.apply(action);
  }

  ordered_json auction;
  auction["dealer"] = seat_text(mene.dealt.dealer);
  if (mene.dealt.first != next_in_play(mene.dealt.dealer)) auction["first"] = seat_text(mene.dealt.first);
  if (mene.dealt.proposal_count == 1) auction["turned"] = deck.suits[mene.dealt.proposals[0]];
  else if (mene.dealt.proposal_count > 1)
    for (int i = 0; i < mene.dealt.proposal_count; ++i) auction["turned"].push_back(deck.suits[mene.dealt.proposals[std::size_t(i)]]);
  auction["calls"] = ordered_json::array();
  for (const Call& call : calls) auction["calls"].push_back(fmt::format("{}:{}", name(call.seat), call_text(rules, call)));
  ordered_json out;
  out["auction"] = std::move(auction);
  if (mene.redeal) return out;
  ordered_json hands;
  for (Seat seat : kSeats) hands[seat_text(seat)] = deck.cards_text(scratch.hands()[seat]);
  out["hands"] = std::move(hands);
  out["spoken"] = true;
  ordered_json said = ordered_json::object();
  for (Seat seat : kSeats) {
    const SeatAnnouncements held = scratch.declarable(seat);
    for (int i = 0; i < held.count; ++i)
      if (scratch.declared(seat) >> i & 1) said[seat_text(seat)].push_back(deck.cards_text(held.items[std::size_t(i)].cards()));
  }
  if (!said.empty()) out["said"] = std::move(said);
  // The cards in play order, each with the word said with it.
  PerSeat<CardSet> played;
  ordered_json play = ordered_json::array();
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const auto [seat, card] = cards[i];
    if (i % 4 == 0) play.push_back({{"leader", seat_text(seat)}, {"cards", ordered_json::array()}});
    std::string text = deck.card_name(card);
    if (contains(words, card)) {
      const CardSet pair = suit_cards(rules.belote.ranks, suit_of(card));
      text += (played[seat] & pair) ? " rebelote" : " belote";
    }
    played[seat] |= card_bit(card);
    play.back()["cards"].push_back(std::move(text));
  }
  out["play"] = std::move(play);
  return out;
}

ordered_json record_object(const Table& table) {
  const Ruleset& rules = table.rules();
  const TableSetup& setup = table.setup();
  ordered_json out;
  out["ruleset"] = rules.info.name;
  if (setup.target) out["target"] = *setup.target;
  if (setup.teams[Team::NS] != "NS" || setup.teams[Team::EW] != "EW")
    out["teams"] = {{"NS", setup.teams[Team::NS]}, {"EW", setup.teams[Team::EW]}};
  out["table"] = {{"seed", setup.seed}, {"first_dealer", seat_text(setup.first_dealer)}};
  if (setup.max_menes) out["table"]["menes"] = setup.max_menes;
  out["mene"] = ordered_json::array();
  for (const auto& mene : table.history()) out["mene"].push_back(mene_json(rules, setup, *mene));
  return out;
}

// JSON as TOML, key order kept; a seed beyond TOML's integers is written as text.
void add_toml(const ordered_json& value, const std::function<void(toml::node&&)>& put);

toml::table toml_table(const ordered_json& object) {
  toml::table out;
  // An iterator, not structured bindings: clang 14 (Emscripten's) does not let a lambda capture those.
  for (auto item = object.begin(); item != object.end(); ++item) {
    const std::string& key = item.key();
    add_toml(item.value(), [&](toml::node&& node) { out.insert(key, std::move(node)); });
  }
  return out;
}

void add_toml(const ordered_json& value, const std::function<void(toml::node&&)>& put) {
  if (value.is_object()) {
    toml::table t = toml_table(value);
    put(std::move(t));
  } else if (value.is_array()) {
    toml::array a;
    for (const ordered_json& item : value) add_toml(item, [&](toml::node&& node) { a.push_back(std::move(node)); });
    put(std::move(a));
  } else if (value.is_boolean()) {
    toml::value<bool> v(value.get<bool>());
    put(std::move(v));
  } else if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(INT64_MAX)) {
    toml::value<std::string> v(std::to_string(value.get<std::uint64_t>()));
    put(std::move(v));
  } else if (value.is_number_integer()) {
    toml::value<std::int64_t> v(value.get<std::int64_t>());
    put(std::move(v));
  } else {
    toml::value<std::string> v(value.get<std::string>());
    put(std::move(v));
  }
}

std::string error_at(int mene, std::string message) { return fmt::format("mène {}: {}", mene, message); }

CardSet cards_of(const Deck& deck, const std::string& text, bool& ok) {
  CardSet out = 0;
  std::istringstream words(text);
  for (std::string token; words >> token;) {
    const auto card = deck.parse_card(token);
    if (!card) ok = false;
    else out |= card_bit(*card);
  }
  return out;
}

// One mène of a record applied to `table`, which is at its start.
std::string replay_mene(Table& table, const nlohmann::json& mene, int number) {
  const Ruleset& rules = table.rules();
  const Deck& deck = rules.deck;
  if (!mene.is_object() || !mene.contains("auction") || !mene["auction"].is_object())
    return error_at(number, "a mène is a table with its 'auction'");
  const auto& auction = mene["auction"];
  // The recorded hands, when given, replace the seed's deal.
  if (mene.contains("hands")) {
    const auto dealer = auction.contains("dealer") && auction["dealer"].is_string() ? parse_seat(auction["dealer"].get<std::string>()) : std::nullopt;
    if (!dealer) return error_at(number, "'auction.dealer' must be a seat");
    Seat first = next_in_play(*dealer);
    if (auction.contains("first")) {
      const auto seat = auction["first"].is_string() ? parse_seat(auction["first"].get<std::string>()) : std::nullopt;
      if (!seat) return error_at(number, "'auction.first' must be a seat");
      first = *seat;
    }
    PerSeat<CardSet> hands;
    for (Seat seat : kSeats) {
      const auto& hand = mene["hands"].value(seat_text(seat), nlohmann::json());
      bool ok = hand.is_string();
      if (ok) hands[seat] = cards_of(deck, hand.get<std::string>(), ok);
      if (!ok) return error_at(number, fmt::format("'hands.{}' must be the seat's cards", name(seat)));
    }
    DealtMene dealt = DealtMene::of_hands(*dealer, first, hands);
    if (auction.contains("turned")) {
      const auto& turned = auction["turned"];
      std::vector<nlohmann::json> suits = turned.is_array() ? std::vector<nlohmann::json>(turned.begin(), turned.end())
                                                            : std::vector<nlohmann::json>{turned};
      for (const auto& suit : suits) {
        const auto parsed = suit.is_string() ? deck.parse_suit(suit.get<std::string>()) : std::nullopt;
        if (!parsed || dealt.proposal_count == kSuitCount) return error_at(number, "'auction.turned' must be suits");
        dealt.proposals[dealt.proposal_count++] = *parsed;
      }
    }
    if (const auto error = table.deal_as(dealt)) return error_at(number, error->message);
  }
  const auto apply = [&](std::string_view text, std::string_view what) -> std::string {
    const auto action = table.parse_action(text);
    if (!action) return error_at(number, fmt::format("{} '{}' is no action of ruleset '{}'", what, text, rules.info.name));
    if (const auto error = table.apply(*action)) return error_at(number, error->message);
    return {};
  };
  if (!auction.contains("calls") || !auction["calls"].is_array()) return error_at(number, "'auction.calls' must be an array of calls");
  for (const auto& call : auction["calls"]) {
    if (!call.is_string()) return error_at(number, "a call is a string");
    const std::string text = call.get<std::string>();
    const auto split = split_given_call(text, table.to_act());
    if (!split) return error_at(number, fmt::format("call '{}' starts with no seat", text));
    if (split->first != table.to_act())
      return error_at(number, fmt::format("call '{}' is {}'s, but {} is to speak", text, name(split->first), name(table.to_act())));
    if (auto error = apply(split->second, "call"); !error.empty()) return error;
  }
  if (!mene.contains("play")) return {};
  if (!mene["play"].is_array()) return error_at(number, "'play' must be an array of tricks");
  PerSeat<bool> declared{};
  for (const auto& trick : mene["play"]) {
    const auto& cards = trick.is_object() ? trick.value("cards", nlohmann::json()) : trick;
    if (!cards.is_array()) return error_at(number, "a trick is an array of cards");
    for (const auto& card : cards) {
      if (!card.is_string()) return error_at(number, "a card is a string");
      const Seat seat = table.to_act();
      // What a seat said in trick 1 is declared before its first card.
      if (!declared[seat] && mene.contains("said") && mene["said"].contains(seat_text(seat))) {
        declared[seat] = true;
        const SeatAnnouncements held = table.declarable(seat);
        for (const auto& entry : mene["said"][seat_text(seat)]) {
          bool ok = entry.is_string();
          const CardSet said = ok ? cards_of(deck, entry.get<std::string>(), ok) : 0;
          int slot = -1;
          for (int i = 0; ok && i < held.count; ++i)
            if (held.items[std::size_t(i)].cards() == said) slot = i;
          if (slot < 0) return error_at(number, fmt::format("'said.{}': {} is not an announcement {} may declare", name(seat), json_text(entry), name(seat)));
          if (const auto error = table.apply(table.actions().declare(slot))) return error_at(number, error->message);
        }
      }
      if (auto error = apply(card.get<std::string>(), "card"); !error.empty()) return error;
    }
  }
  return {};
}

}  // namespace

std::string record_json(const Table& table, bool pretty) { return pretty ? record_object(table).dump(2, ' ', false, ordered_json::error_handler_t::replace) : json_text(record_object(table)); }

std::string record_toml(const Table& table) {
  std::ostringstream out;
  out << toml_table(record_object(table)) << "\n";
  return out.str();
}

std::string record_deal_line(const Table& table, const FinishedMene& mene) {
  return mene.redeal ? std::string() : json_text(mene_json(table.rules(), table.setup(), mene));
}

std::string record_deal_lines(const Table& table) {
  std::string out;
  for (const auto& mene : table.history()) {
    if (mene->redeal) continue;
    out += record_deal_line(table, *mene);
    out += '\n';
  }
  return out;
}

ReplayedRecord replay_record(const Ruleset& rules, std::string_view json) {
  ReplayedRecord out;
  const auto record = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  if (record.is_discarded() || !record.is_object()) {
    out.error = "a record is a JSON object (ruleset, table, mene)";
    return out;
  }
  TableSetup setup;
  const auto& meta = record.value("table", nlohmann::json::object());
  if (meta.contains("seed")) {
    if (meta["seed"].is_number_unsigned()) setup.seed = meta["seed"].get<std::uint64_t>();
    else if (meta["seed"].is_string()) {
      const std::string text = meta["seed"].get<std::string>();
      if (std::from_chars(text.data(), text.data() + text.size(), setup.seed).ec != std::errc()) {
        out.error = "'table.seed' must be a whole number from 0 to 2^64 - 1";
        return out;
      }
    }
  }
  if (meta.contains("first_dealer") && meta["first_dealer"].is_string())
    if (const auto seat = parse_seat(meta["first_dealer"].get<std::string>())) setup.first_dealer = *seat;
  if (meta.contains("menes") && meta["menes"].is_number_unsigned()) setup.max_menes = meta["menes"].get<int>();
  if (record.contains("target") && record["target"].is_number_integer()) setup.target = record["target"].get<int>();
  if (record.contains("teams") && record["teams"].is_object())
    for (Team team : kTeams)
      if (record["teams"].contains(name(team)) && record["teams"][name(team)].is_string())
        setup.teams[team] = record["teams"][name(team)].get<std::string>();
  out.table.emplace(rules, setup);
  const auto& menes = record.value("mene", nlohmann::json::array());
  int number = 0;
  for (const auto& mene : menes) {
    ++number;
    if (out.table->over()) {
      out.error = error_at(number, "the game was over before it");
      return out;
    }
    out.error = replay_mene(*out.table, mene, number);
    if (!out.error.empty()) return out;
  }
  return out;
}

}  // namespace belote
