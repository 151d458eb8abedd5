// The [announcements] section: card reuse, trick condition, ties, strength.
#include "sections.h"

#include <algorithm>

namespace belote::validation {

namespace {

// A kind as written in `announcements.categories`: a sequence name or carre-RANK.
std::optional<AnnouncementKind> parse_kind(std::string_view text, const Deck& deck, const SequenceRules& sequences) {
  const std::string lower = to_lower(text);
  for (std::string_view prefix : {"carre-", "carré-"}) {
    if (lower.starts_with(prefix)) {
      const auto rank = deck.parse_rank(std::string_view(text).substr(prefix.size()));
      return rank ? std::optional(AnnouncementKind{true, *rank}) : std::nullopt;
    }
  }
  for (std::size_t length = 0; length < sequences.names_by_length.size(); ++length)
    if (!sequences.names_by_length[length].empty() && sequences.names_by_length[length] == lower)
      return AnnouncementKind{false, int(length)};
  return std::nullopt;
}

std::vector<std::string> kind_names(const Deck& deck, const SequenceRules& sequences) {
  std::vector<std::string> names;
  for (const auto& name : sequences.names_by_length)
    if (!name.empty()) names.push_back(name);
  for (const auto& rank : deck.ranks) names.push_back("carre-" + rank);
  return names;
}

// Every kind the ruleset scores needs a place in the category order.
void check_every_scored_kind_is_listed(Reader& r, const Deck& deck, const SequenceRules& sequences,
                                       const CarreRules& carres, const SettingValue& categories,
                                       const std::vector<AnnouncementKind>& listed, bool& ok) {
  struct Omitted {
    std::string kind;
    int points;
    const SettingValue* set_at;  // the entry that makes it score
  };
  std::vector<Omitted> omitted;
  const auto is_listed = [&](AnnouncementKind kind) { return std::find(listed.begin(), listed.end(), kind) != listed.end(); };
  for (std::size_t length = 0; length < sequences.points_by_length.size(); ++length) {
    const int points = sequences.points_by_length[length];
    if (sequences.names_by_length[length].empty() || points <= 0 || is_listed({false, int(length)})) continue;
    const SettingValue* at = nullptr;
    for (const SettingValue* entry : r.entries("sequences.points"))
      if (length_named(entry->name) == int(length)) at = entry;
    omitted.push_back({sequences.names_by_length[length], points, at});
  }
  for (Rank rank = 0; rank < deck.rank_count(); ++rank) {
    const int points = carres.points_by_rank[rank];
    const bool scores = points > 0 && !(carres.voiding_ranks >> rank & 1);
    if (scores && !is_listed({true, rank}))
      omitted.push_back({"carre-" + deck.ranks[rank], points, rank_entry(r, deck, "carres.points", rank)});
  }
  if (omitted.empty()) return;
  ok = false;
  // Said where the user can fix it: at a value this file sets that a base's order does not list.
  std::vector<std::string> in_order;
  for (const Omitted& o : omitted) {
    if (o.set_at && &r.blame(categories, *o.set_at) == o.set_at) {
      r.error(*o.set_at, fmt::format("'{}' scores {}, but 'announcements.categories' (at {}) does not list '{}': "
                                     "set the categories in this file too",
                                     o.set_at->key, o.points, where(categories), o.kind));
    } else {
      in_order.push_back(fmt::format("'{}' ({} points)", o.kind, o.points));
    }
  }
  if (!in_order.empty())
    r.error(categories, fmt::format("'announcements.categories' omits {}, which the ruleset scores; list {} or make {} worth 0",
                                    fmt::join(in_order, ", "), in_order.size() == 1 ? "it" : "them",
                                    in_order.size() == 1 ? "it" : "them"));
}

// Reads `announcements.categories`; the kinds need the deck and the sequence names.
std::vector<std::vector<AnnouncementKind>> read_categories(Reader& r, const SettingValue& value, const Deck* deck,
                                                           const SequenceRules& sequences, std::vector<AnnouncementKind>& listed,
                                                           bool& ok) {
  std::vector<std::vector<AnnouncementKind>> categories;
  const toml::array* groups = value.node->as_array();
  if (!groups || groups->empty()) {
    r.error(value, fmt::format("'announcements.categories' must be a non-empty array of kind names or arrays of kind names, not {}",
                               groups ? "an empty array" : toml_type_name(*value.node)));
    ok = false;
    return categories;
  }
  const bool kinds_known = deck && !sequences.names_by_length.empty();
  const auto read_kind = [&](const toml::node& item, std::vector<AnnouncementKind>& group) {
    const auto* text = item.as_string();
    if (!text) {
      r.item_error(value, item, fmt::format("'announcements.categories' holds kind names (strings) or arrays of them, not {}",
                                            toml_type_name(item)));
      ok = false;
      return;
    }
    if (!kinds_known) return;  // the deck or the sequence names are wrong, and were reported
    const auto kind = parse_kind(text->get(), *deck, sequences);
    if (!kind) {
      r.item_error(value, item, fmt::format("'announcements.categories': unknown kind '{}'{}; kinds are the sequence names and carre-RANK",
                                            printable(text->get()), did_you_mean(text->get(), kind_names(*deck, sequences))));
      ok = false;
    } else if (std::find(listed.begin(), listed.end(), *kind) != listed.end()) {
      r.item_error(value, item, fmt::format("'announcements.categories': '{}' is listed twice", printable(text->get())));
      ok = false;
    } else {
      listed.push_back(*kind);
      group.push_back(*kind);
    }
  };
  for (const toml::node& item : *groups) {
    std::vector<AnnouncementKind> group;
    if (const toml::array* inner = item.as_array()) {
      if (inner->empty()) {
        r.item_error(value, item, "'announcements.categories': a category cannot be empty");
        ok = false;
      }
      for (const toml::node& kind : *inner) {
        if (kind.is_array())
          r.item_error(value, kind, "'announcements.categories': a category holds kind names, not arrays");
        else
          read_kind(kind, group);
        if (kind.is_array()) ok = false;
      }
    } else {
      read_kind(item, group);
    }
    categories.push_back(std::move(group));
  }
  return categories;
}

}  // namespace

// `deck` is null when the deck is wrong; `sequences` holds what could be read
// of [sequences] and `scoring_known` says whether the points are all valid.
std::optional<AnnouncementRules> read_announcements(Reader& r, const Deck* deck, const SequenceRules& sequences,
                                                    const CarreRules* carres, bool scoring_known) {
  AnnouncementRules rules;
  bool ok = true;
  if (const auto reuse = r.boolean("announcements.card_reuse")) rules.card_reuse = *reuse; else ok = false;
  const int hand_size = deck ? deck->hand_size : kMaxRanks;
  if (const auto n = r.integer("announcements.min_tricks", 0, hand_size)) rules.min_tricks = int(*n); else ok = false;
  if (const auto tie = r.choice("announcements.exact_tie")) rules.exact_tie = ExactTie(*tie); else ok = false;
  const auto style = r.choice("announcements.strength");
  if (style) rules.strength = StrengthStyle(*style); else ok = false;
  if (!style || rules.strength != StrengthStyle::category) return ok ? std::optional(rules) : std::nullopt;

  const SettingValue* value = r.require("announcements.categories");
  if (!value) return std::nullopt;
  std::vector<AnnouncementKind> listed;
  bool categories_ok = true;
  rules.categories = read_categories(r, *value, deck, sequences, listed, categories_ok);
  if (categories_ok && deck && carres && scoring_known)
    check_every_scored_kind_is_listed(r, *deck, sequences, *carres, *value, listed, categories_ok);
  return ok && categories_ok && deck && carres && scoring_known ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
