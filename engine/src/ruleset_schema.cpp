#include "belote/ruleset_schema.h"

#include <algorithm>
#include <fmt/format.h>

namespace belote {

namespace {

const std::vector<KeySpec>& registry() {
  static const std::vector<KeySpec> keys = {
      // Metadata: describes one file, never inherited.
      {"name", "string", "letters, digits and '-'",
       "The name the ruleset is selected by. Defaults to the file name without `.toml`.",
       R"(name = "classique-lyon")", "the file name", KeyShape::scalar, {}, true},
      {"title", "string", "any", "One line that tells a person what the ruleset is.",
       R"(title = "Belote classique, annonces au contrat")", "empty", KeyShape::scalar, {}, true},
      {"source", "string", "any", "The document or tradition the ruleset follows.",
       R"(source = "seed 000: Belote avec annonces")", "empty", KeyShape::scalar, {}, true},
      {"description", "string", "any", "A short paragraph on what sets the ruleset apart.",
       R"(description = "Carrés of 8 and 7 count 100.")", "empty", KeyShape::scalar, {}, true},
      {"extends", "string", "a ruleset name, or a path (ending in `.toml` or holding `/`) relative to this file",
       "The base ruleset: its keys apply first, then this file's. Chains are allowed (up to 64 files); cycles are not.",
       R"(extends = "classique")", "none", KeyShape::scalar, {}, true},

      // The deck.
      {"deck.ranks", "array of strings", "3 to 16 distinct names",
       "Rank names in natural order, lowest first. Sequences follow this order. A file that sets it "
       "starts every table keyed by rank afresh: the base's rank tables are dropped.",
       R"(ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"])", "the classic 32-card deck"},
      {"deck.rank_aliases", "table of rank = array of strings", "names not used by another rank",
       "Other spellings accepted in card tokens (e.g. `T` for 10, French `V D R` for J Q K).",
       R"(rank_aliases = { 10 = ["T"], J = ["V"], Q = ["D"], K = ["R"] })",
       "the classic deck's aliases", KeyShape::table},
      {"deck.suits", "array of 4 strings", "one ASCII letter each, distinct",
       "Suit letters, in the order cards are listed.", R"(suits = ["S", "H", "D", "C"])",
       "the classic deck's suits"},
      {"deck.suit_symbols", "array of 4 strings", "one symbol each, distinct",
       "Symbols for the suits, accepted in card tokens and used in text output.",
       R"(suit_symbols = ["♠", "♥", "♦", "♣"])", "the classic deck's symbols"},
      {"deck.hand_size", "integer", "the number of ranks (the whole deck is dealt to 4 players)",
       "Cards per hand, and tricks per mène.", "hand_size = 8", "the classic deck's"},
      {"deck.last_trick", "integer", "0 to 1000", "Points for the last trick (dix de der).",
       "last_trick = 10", "the classic deck's"},
      {"deck.trump_points", "table of rank = integer", "every rank once, 0 to 1000",
       "Card points of each rank in the trump suit.",
       R"(trump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0 })",
       "the classic deck's", KeyShape::table},
      {"deck.plain_points", "table of rank = integer", "every rank once, 0 to 1000",
       "Card points of each rank in the other suits.",
       R"(plain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 })",
       "the classic deck's", KeyShape::table},

      // Sequences.
      {"sequences.points", "table of length = integer", "lengths from 3 up, following each other; 0 to 10000",
       "Points of a run by its length. A longer run than the longest entry takes that entry's "
       "value, unless `split_long_runs` is true.",
       R"(points = { 3 = 20, 4 = 50, 5 = 100 })", "", KeyShape::table},
      {"sequences.names", "table of length = string", "the lengths of `sequences.points`, distinct names",
       "The name of each length, used in outputs, declared announcements and `announcements.categories`.",
       R"(names = { 3 = "tierce", 4 = "cinquante", 5 = "cent" })", "", KeyShape::table},
      {"sequences.split_long_runs", "boolean", "true or false",
       "Whether a run longer than the longest entry splits into several announcements "
       "(8 cards = cent + tierce) instead of counting as the longest entry.",
       "split_long_runs = false", ""},

      // Carrés.
      {"carres.points", "table of rank = integer", "every rank once, 0 to 10000",
       "Points of the carré of each rank. A carré worth 0 is not an announcement.",
       R"(points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0 })", "",
       KeyShape::table},
      {"carres.void_deal", "array of ranks", "ranks of the deck whose carré is worth 0 in `carres.points`",
       "Ranks whose carré annuls the deal: nobody scores and the cards are dealt again.",
       R"(void_deal = ["7"])", ""},
      {"carres.order", "array of ranks", "every rank once",
       "Ranks from weakest to strongest, to rank two carrés of equal worth.",
       R"(order = ["7", "8", "9", "J", "Q", "K", "10", "A"])", ""},

      // Belote.
      {"belote.points", "integer", "0 to 10000",
       "Points of the belote (the given ranks of trumps in one hand), outside the competition "
       "between announcements.",
       "points = 20", ""},
      {"belote.cards", "array of ranks", "1 to 4 distinct ranks", "The trump ranks one player must hold.",
       R"(cards = ["K", "Q"])", ""},

      // Announcements.
      {"announcements.card_reuse", "boolean", "true or false",
       "Whether one card may serve in a carré and a sequence. When false, each player declares "
       "the set of announcements with no shared card worth the most.",
       "card_reuse = true", ""},
      {"announcements.min_tricks", "integer", "0 to hand_size",
       "Tricks a team must take to score its announcements (0: no condition). The belote is not affected.",
       "min_tricks = 1", ""},
      {"announcements.exact_tie", "string", "`nobody`, `first-speaker`",
       "When the two teams' best announcements are equal (same length and height, neither in "
       "trumps): nobody scores, or the team of the player who speaks first scores.",
       R"(exact_tie = "nobody")", "", KeyShape::scalar, {"nobody", "first-speaker"}},
      {"announcements.strength", "string", "`category`, `points`",
       "How announcements are ranked. `category`: by `announcements.categories`, then length, "
       "height, trumps. `points`: more points wins, at equal points a carré beats a sequence, "
       "then length, height, trumps.",
       R"(strength = "category")", "", KeyShape::scalar, {"category", "points"}},
      {"announcements.categories", "array of strings or arrays of strings",
       "sequence names and `carre-RANK` (or `carré-RANK`); every kind that scores, each once",
       "With `strength = \"category\"`: the categories, strongest first. An inner array is one "
       "category holding several kinds (carrés of equal rank in the order).",
       R"(categories = ["carre-J", "carre-9", ["carre-A", "carre-10", "carre-K", "carre-Q"], "cent", "cinquante", "tierce"])",
       "required with `strength = \"category\"`"},

      // Contract.
      {"contract.basis", "array of strings", "`card-points` and any of `announcements`, `belote`",
       "What the takers' and defenders' totals hold when they are compared for the contract.",
       R"(basis = ["card-points", "announcements", "belote"])", ""},
      {"contract.on_tie", "string", "`litige`, `made`, `failed`",
       "An exact tie in the contract comparison: `litige` (the defenders score now, the takers' "
       "points are held over for the winner of the next mène), or the contract counts as made or failed.",
       R"(on_tie = "litige")", "", KeyShape::scalar, {"litige", "made", "failed"}},
      {"contract.failed_announcements", "string", "`takers`, `defenders`",
       "When the takers fail, who scores the announcements the takers won.",
       R"(failed_announcements = "defenders")", "", KeyShape::scalar, {"takers", "defenders"}},
      {"contract.failed_belote", "string", "`takers`, `defenders`",
       "When the takers fail, who scores the takers' belote.",
       R"(failed_belote = "takers")", "", KeyShape::scalar, {"takers", "defenders"}},
      {"contract.capot", "integer", "0 to 10000",
       "Card points of a team that takes every trick (the other team has 0).", "capot = 252", ""},

      // The game.
      {"game.target", "integer", "1 to 100000", "Points a team needs to win a game (the sheet can override it).",
       "target = 1000", ""},
      {"game.both_reach", "string", "`highest`, `contract-winner`",
       "When both teams reach the target on the same mène: the higher total wins (equal totals "
       "play on), or the team that won that mène's contract wins.",
       R"(both_reach = "highest")", "", KeyShape::scalar, {"highest", "contract-winner"}},
  };
  return keys;
}

}  // namespace

std::span<const KeySpec> ruleset_keys() { return registry(); }

const KeySpec* find_key(std::string_view path) {
  for (const KeySpec& key : registry())
    if (key.path == path) return &key;
  return nullptr;
}

bool keyed_by_rank(const KeySpec& key) { return key.type.starts_with("table of rank"); }

std::vector<std::string> ruleset_sections() {
  std::vector<std::string> sections;
  for (const KeySpec& key : registry()) {
    const auto dot = key.path.find('.');
    if (dot == std::string_view::npos) continue;
    std::string section(key.path.substr(0, dot));
    if (std::find(sections.begin(), sections.end(), section) == sections.end()) sections.push_back(section);
  }
  return sections;
}

std::string keys_markdown() {
  std::string out;
  std::string section = "-";
  for (const KeySpec& key : registry()) {
    const auto dot = key.path.find('.');
    const std::string this_section(dot == std::string_view::npos ? "" : key.path.substr(0, dot));
    if (this_section != section) {
      section = this_section;
      out += fmt::format("\n### {}\n", section.empty() ? "Top level" : "[" + section + "]");
    }
    out += fmt::format("\n#### `{}`\n\n", key.path);
    out += fmt::format("- type: {}\n", key.type);
    out += fmt::format("- allowed: {}\n", key.allowed);
    out += fmt::format("- default: {}\n", key.default_value.empty() ? "none: required (here or in a base)"
                                                                    : std::string(key.default_value));
    out += fmt::format("\n{}\n\n```toml\n{}{}\n```\n", key.meaning,
                       section.empty() ? "" : "[" + section + "]\n", key.example);
  }
  return out;
}

}  // namespace belote
