// The [belote] section.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

namespace {

// The words said with the pair's cards, and their other spellings (the schema's
// `belote.words` and `belote.aliases`): each a word, compared without case.
std::optional<std::vector<std::string>> words_of(Reader& r, std::string_view key, std::size_t least, std::size_t most) {
  const SettingValue* value = r.find(key);
  if (!value) return std::vector<std::string>{};
  const auto items = r.strings(*value);
  if (!items) return std::nullopt;
  if (items->size() < least || items->size() > most) {
    r.error(*value, fmt::format("'{}' must hold {} to {} words, not {}", key, least, most, items->size()));
    return std::nullopt;
  }
  std::vector<std::string> words;
  for (const auto& [text, node] : *items) {
    if (!is_word(text, kMaxWordLength)) {
      r.item_error(*value, *node, fmt::format("'{}': '{}' is not a word (a letter of any alphabet, then letters, digits "
                                              "and '-', at most {} characters)", key, printable(text), kMaxWordLength));
      return std::nullopt;
    }
    words.push_back(to_lower(text));
  }
  return words;
}

bool read_words(Reader& r, BeloteRules& rules) {
  const auto words = words_of(r, "belote.words", 1, 2);
  const auto aliases = words_of(r, "belote.aliases", 0, 8);
  if (!words || !aliases) return false;
  if (!words->empty()) {
    rules.first_word = words->front();
    rules.next_word = words->back();
  }
  for (const std::vector<std::string>* list : {&*words, &*aliases})
    for (const std::string& word : *list)
      if (std::find(rules.heard.begin(), rules.heard.end(), word) == rules.heard.end()) rules.heard.push_back(word);
  return true;
}

}  // namespace

std::optional<BeloteRules> read_belote(Reader& r, const Deck& deck) {
  BeloteRules rules;
  bool ok = true;
  if (const auto n = r.integer("belote.points", 0, kMaxAnnouncementPoints)) rules.points = int(*n); else ok = false;
  if (const auto ranks = rank_array(r, deck, "belote.cards", false)) {
    for (Rank rank : *ranks) rules.ranks |= RankMask{1} << rank;
    if (ranks->empty() || ranks->size() > 4) {
      r.error(*r.find("belote.cards"), fmt::format("'belote.cards' must name 1 to 4 ranks, not {}", ranks->size()));
      ok = false;
    }
  } else {
    ok = false;
  }
  if (!read_words(r, rules)) ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
