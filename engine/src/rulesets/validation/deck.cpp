// The [deck] section: ranks, aliases, suits, hand size, card points.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

namespace {

// Keeps every rank it can read, even when the list as a whole is wrong, so
// that the other sections can still be checked against those names.
bool read_ranks(Reader& r, Deck& deck) {
  const SettingValue* value = r.require("deck.ranks");
  const auto items = value ? r.strings(*value) : std::nullopt;
  if (!items) return false;
  bool ok = true;
  for (const auto& [text, node] : *items) {
    const bool well_formed = !text.empty() && text.size() <= 3 && std::all_of(text.begin(), text.end(), is_alnum);
    if (!well_formed) {
      r.item_error(*value, *node, fmt::format("'deck.ranks': '{}' is not a rank name (1 to 3 letters or digits)", printable(text)));
      ok = false;
    } else if (std::any_of(deck.ranks.begin(), deck.ranks.end(), [&rank = text](const std::string& s) { return iequals(s, rank); })) {
      r.item_error(*value, *node, fmt::format("'deck.ranks': rank '{}' is listed twice", text));
      ok = false;
    } else if (deck.ranks.size() < std::size_t(kMaxRanks)) {
      deck.ranks.push_back(text);
    }
  }
  if (ok && (deck.ranks.size() < 3 || items->size() > std::size_t(kMaxRanks))) {
    r.error(*value, fmt::format("'deck.ranks' has {} ranks; a deck has 3 to {}", items->size(), kMaxRanks));
    ok = false;
  }
  return ok;
}

bool read_rank_aliases(Reader& r, Deck& deck) {
  bool ok = true;
  for (const SettingValue* entry : r.entries("deck.rank_aliases")) {
    const auto rank = rank_named(deck, entry->name);
    if (!rank && r.ranks_known())
      r.key_error(*entry, fmt::format("'{}': '{}' is not a rank of the deck ({})", entry->key, printable(entry->name), rank_list(deck)));
    const auto items = r.strings(*entry);
    if (!rank || !items) { ok = false; continue; }
    for (const auto& [alias, node] : *items) {
      const bool well_formed = !alias.empty() && alias.size() <= 3 && std::all_of(alias.begin(), alias.end(), is_alnum);
      if (!well_formed) {
        r.item_error(*entry, *node, fmt::format("'{}': '{}' is not a rank name (1 to 3 letters or digits)", entry->key, printable(alias)));
        ok = false;
      } else if (const auto named = deck.parse_rank(alias)) {
        r.item_error(*entry, *node, fmt::format("'{}': '{}' already names rank {}", entry->key, alias, deck.ranks[*named]));
        ok = false;
      } else {
        deck.rank_aliases[*rank].push_back(alias);
      }
    }
  }
  return ok;
}

bool read_suits(Reader& r, Deck& deck) {
  const SettingValue* value = r.require("deck.suits");
  const auto items = value ? r.strings(*value) : std::nullopt;
  if (!items) return false;
  bool ok = true;
  std::vector<std::string> suits;
  for (const auto& [text, node] : *items) {
    const bool letter = text.size() == 1 && ((text[0] >= 'A' && text[0] <= 'Z') || (text[0] >= 'a' && text[0] <= 'z'));
    if (!letter) {
      r.item_error(*value, *node, fmt::format("'deck.suits': '{}' is not one ASCII letter", printable(text)));
      ok = false;
    } else if (std::any_of(suits.begin(), suits.end(), [&suit = text](const std::string& s) { return iequals(s, suit); })) {
      r.item_error(*value, *node, fmt::format("'deck.suits': suit '{}' is listed twice", text));
      ok = false;
    } else {
      suits.push_back(text);
    }
  }
  if (ok && suits.size() != kSuitCount) {
    r.error(*value, fmt::format("'deck.suits' has {} suits; a deck has {}", suits.size(), kSuitCount));
    ok = false;
  }
  if (ok) std::copy(suits.begin(), suits.end(), deck.suits.begin());
  return ok;
}

bool read_suit_symbols(Reader& r, Deck& deck) {
  const SettingValue* value = r.find("deck.suit_symbols");
  if (!value) return true;  // optional: suits are then written as letters
  const auto items = r.strings(*value);
  if (!items) return false;
  bool ok = true;
  std::vector<std::string> symbols;
  for (const auto& [text, node] : *items) {
    // Shown in every hand and trick: nothing that acts on a terminal (controls, bidirectional marks).
    const bool symbol = !text.empty() && text.size() <= 8 && !std::any_of(text.begin(), text.end(), is_name_char) &&
                        text.find(' ') == std::string::npos && printable(text, text.size()) == text;
    if (!symbol) {
      r.item_error(*value, *node,
                   fmt::format("'deck.suit_symbols': '{}' is not a symbol (no letters, digits, spaces or control characters)", printable(text)));
      ok = false;
    } else if (std::find(symbols.begin(), symbols.end(), text) != symbols.end()) {
      r.item_error(*value, *node, fmt::format("'deck.suit_symbols': '{}' is listed twice", text));
      ok = false;
    } else {
      symbols.push_back(text);
    }
  }
  if (ok && symbols.size() != kSuitCount) {
    r.error(*value, fmt::format("'deck.suit_symbols' has {} symbols; it needs one per suit ({})", symbols.size(), kSuitCount));
    ok = false;
  }
  if (ok) std::copy(symbols.begin(), symbols.end(), deck.suit_symbols.begin());
  return ok;
}

// The hand size follows from the deck (all of it is dealt to 4 players); a
// file may still write it, and then it must agree.
bool read_hand_size(Reader& r, Deck& deck) {
  deck.hand_size = deck.card_count() / kSuitCount;
  const SettingValue* value = r.find("deck.hand_size");
  if (!value) return true;
  const auto n = r.integer_value(*value, 1, kMaxRanks);
  if (!n) return false;
  if (r.ranks_known() && *n != deck.hand_size) {
    r.error(*value, fmt::format("'deck.hand_size' is {}, but {} cards dealt to 4 players make hands of {} "
                                "(leave the key out: it follows from the deck)",
                                *n, deck.card_count(), deck.hand_size));
    return false;
  }
  return true;
}

}  // namespace

// Every key is checked, with the ranks as far as they could be read, so that
// one run reports as much as it can; `ranks_known` tells the other sections
// whether those ranks can be trusted.
DeckReading read_deck(Reader& r) {
  DeckReading reading;
  Deck& deck = reading.deck;
  reading.ranks_known = read_ranks(r, deck);
  r.set_ranks_known(reading.ranks_known);
  deck.rank_aliases.assign(deck.ranks.size(), {});
  bool ok = reading.ranks_known;
  if (!read_suits(r, deck)) ok = false;
  if (!read_suit_symbols(r, deck)) ok = false;
  if (!read_hand_size(r, deck)) ok = false;
  if (const auto n = r.integer("deck.last_trick", 0, kMaxCardPoints)) deck.last_trick_points = int(*n); else ok = false;
  if (!read_rank_aliases(r, deck)) ok = false;
  if (auto points = rank_table(r, deck, "deck.trump_points", kMaxCardPoints)) deck.trump_points = std::move(*points); else ok = false;
  if (auto points = rank_table(r, deck, "deck.plain_points", kMaxCardPoints)) deck.plain_points = std::move(*points); else ok = false;
  for (auto [leaf, order] : {std::pair{"deck.trump_order", &deck.trump_order}, {"deck.plain_order", &deck.plain_order}}) {
    if (!r.find(leaf)) {
      for (Rank rank = 0; rank < deck.rank_count(); ++rank) order->push_back(rank);
    } else if (auto ranks = rank_array(r, deck, leaf, true)) {
      *order = std::move(*ranks);
    } else {
      ok = false;
    }
  }
  if (ok && deck.total_card_points() <= 0) {
    r.table_error("deck.trump_points", "the deck's cards are worth no points at all");
    ok = false;
  }
  reading.valid = ok;
  return reading;
}

}  // namespace belote::validation
