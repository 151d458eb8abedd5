// The [announcements] section: card reuse, trick condition, the comparison of
// two announcements, contests, ties.
#include "rulesets/validation/sections.h"

#include <algorithm>
#include <tuple>

namespace belote::validation {

namespace {

// A kind of announcement that scores in some contract kind, and the entry that makes it score.
struct Scoring {
  AnnouncementKind kind;
  std::string name;
  int points;
  const SettingValue* set_at;
};

std::vector<Scoring> scoring_kinds(Reader& r, const Deck& deck, const SequenceRules& sequences, const CarreRules& carres,
                                   const std::vector<ContractKind>& kinds, bool kinds_named) {
  std::vector<Scoring> out;
  for (std::size_t length = 0; length < sequences.points_by_length.size(); ++length) {
    const int points = sequences.points_by_length[length];
    const AnnouncementKind kind{false, int(length)};
    const bool declared = std::any_of(kinds.begin(), kinds.end(), [&](const ContractKind& k) { return k.declared.holds(kind); });
    if (sequences.names_by_length[length].empty() || points <= 0 || !declared) continue;
    const SettingValue* at = nullptr;
    for (const SettingValue* entry : r.entries("sequences.points"))
      if (length_named(entry->name) == int(length)) at = entry;
    out.push_back({kind, sequences.names_by_length[length], points, at});
  }
  for (Rank rank = 0; rank < deck.rank_count(); ++rank) {
    if (carres.voiding_ranks >> rank & 1) continue;
    for (const ContractKind& k : kinds) {
      const int points = k.carre_points[rank];
      if (points <= 0 || !k.declared.holds({true, rank})) continue;
      const std::string table = kinds_named && r.find(fmt::format("kinds.{}.carre_points.{}", k.name, deck.ranks[rank]))
                                    ? fmt::format("kinds.{}.carre_points", k.name)
                                    : "carres.points";
      out.push_back({{true, rank}, "carre-" + deck.ranks[rank], points, rank_entry(r, deck, table, rank)});
      break;
    }
  }
  return out;
}

// Every kind the ruleset scores needs a place in the category order.
void check_every_scored_kind_is_listed(Reader& r, const std::vector<Scoring>& scoring, const SettingValue& categories,
                                       const std::vector<AnnouncementKind>& listed, bool& ok) {
  std::vector<const Scoring*> omitted;
  for (const Scoring& s : scoring)
    if (std::find(listed.begin(), listed.end(), s.kind) == listed.end()) omitted.push_back(&s);
  if (omitted.empty()) return;
  ok = false;
  // Said where the user can fix it: at a value this file sets that a base's order does not list.
  std::vector<std::string> in_order;
  for (const Scoring* o : omitted) {
    if (o->set_at && &r.blame(categories, *o->set_at) == o->set_at) {
      r.error(*o->set_at, fmt::format("'{}' scores {}, but 'announcements.categories' (at {}) does not list '{}': "
                                      "set the categories in this file too",
                                      o->set_at->key, o->points, where(categories), o->name));
    } else {
      in_order.push_back(fmt::format("'{}' ({} points)", o->name, o->points));
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

constexpr std::array<std::string_view, 8> kCriterionNames{"category", "points", "kind", "sequence-first",
                                                         "length", "height", "trump", "first-speaker"};

// The criteria of `strength`'s presets.
std::vector<Criterion> preset(StrengthStyle style) {
  const Criterion first = style == StrengthStyle::category ? Criterion::category : Criterion::points;
  return {first, Criterion::kind, Criterion::length, Criterion::height, Criterion::trump};
}

std::optional<std::vector<Criterion>> read_compare(Reader& r, const SettingValue& value) {
  const auto items = r.strings(value);
  if (!items) return std::nullopt;
  std::vector<Criterion> criteria;
  bool ok = true;
  const std::vector<std::string> names(kCriterionNames.begin(), kCriterionNames.end());
  for (const auto& [text, node] : *items) {
    const auto found = std::find_if(kCriterionNames.begin(), kCriterionNames.end(),
                                    [&criterion = text](std::string_view name) { return iequals(name, criterion); });
    if (found == kCriterionNames.end()) {
      r.item_error(value, *node, fmt::format("'announcements.compare': '{}' is not a criterion; criteria are {}{}",
                                             printable(text), quoted_list(names), did_you_mean(text, names)));
      ok = false;
      continue;
    }
    const Criterion criterion = Criterion(found - kCriterionNames.begin());
    if (std::find(criteria.begin(), criteria.end(), criterion) != criteria.end()) {
      r.item_error(value, *node, fmt::format("'announcements.compare': '{}' is named twice", *found));
      ok = false;
      continue;
    }
    const Criterion opposite = criterion == Criterion::kind ? Criterion::sequence_first : Criterion::kind;
    if ((criterion == Criterion::kind || criterion == Criterion::sequence_first) &&
        std::find(criteria.begin(), criteria.end(), opposite) != criteria.end()) {
      r.item_error(value, *node, "'announcements.compare': 'kind' and 'sequence-first' say opposite things; keep one");
      ok = false;
      continue;
    }
    if (!criteria.empty() && criteria.back() == Criterion::first_speaker) {
      r.item_error(value, *node, fmt::format("'announcements.compare': '{}' comes after 'first-speaker', which always "
                                             "decides: put 'first-speaker' last",
                                             *found));
      ok = false;
      continue;
    }
    criteria.push_back(criterion);
  }
  if (ok && criteria.empty()) {
    r.error(value, "'announcements.compare' is empty; name at least one criterion");
    ok = false;
  }
  return ok ? std::optional(criteria) : std::nullopt;
}

// `contests`: groups of announcements, every scoring announcement in exactly one.
std::optional<std::vector<Contest>> read_contests(Reader& r, const Deck& deck, const SequenceRules& sequences,
                                                  const std::vector<Scoring>& scoring) {
  const SettingValue* value = r.find("announcements.contests");
  if (!value) return std::vector<Contest>{Contest{"announcements", AnnouncementSet::all()}};
  const toml::array* groups = value->node->as_array();
  if (!groups || groups->empty()) {
    r.error(*value, fmt::format("'announcements.contests' must be a non-empty array of arrays of announcements, e.g. "
                                "[[\"carres\"], [\"sequences\"]], not {}",
                                groups ? "an empty array" : toml_type_name(*value->node)));
    return std::nullopt;
  }
  if (groups->size() > std::size_t(kMaxContests)) {
    r.error(*value, fmt::format("'announcements.contests' has {} contests; a ruleset may hold {} at most", groups->size(),
                                kMaxContests));
    return std::nullopt;
  }
  std::vector<Contest> contests;
  // Each item read, with the contest it is in: a repeated announcement is said at its second place.
  std::vector<std::tuple<std::size_t, const toml::node*, AnnouncementSet>> items_read;
  bool ok = true;
  for (const toml::node& group : *groups) {
    const toml::array* items = group.as_array();
    if (!items || items->empty()) {
      r.item_error(*value, group, fmt::format("'announcements.contests': each contest is a non-empty array of announcements, not {}",
                                              items ? "an empty array" : toml_type_name(group)));
      ok = false;
      continue;
    }
    Contest contest;
    for (const toml::node& item : *items) {
      const auto set = announcement_set(r, *value, item, deck, sequences);
      if (!set) {
        ok = false;
        continue;
      }
      contest.members.sequence_lengths |= set->sequence_lengths;
      contest.members.carre_ranks |= set->carre_ranks;
      if (!contest.name.empty()) contest.name += '+';
      contest.name += to_lower(item.as_string()->get());
      items_read.emplace_back(contests.size(), &item, *set);
    }
    contests.push_back(std::move(contest));
  }
  if (!ok) return std::nullopt;
  for (const Scoring& s : scoring) {
    std::vector<std::string> in;
    for (const Contest& c : contests)
      if (c.members.holds(s.kind)) in.push_back(c.name);
    if (in.size() == 1) continue;
    ok = false;
    if (in.empty()) {
      r.error(*value, fmt::format("'announcements.contests' leaves out '{}', which the ruleset scores: put it in one contest",
                                  s.name));
      continue;
    }
    // At the first item that holds it in a later contest than its first.
    const auto first = std::find_if(items_read.begin(), items_read.end(), [&](const auto& i) { return std::get<2>(i).holds(s.kind); });
    const auto again = std::find_if(first, items_read.end(), [&](const auto& i) {
      return std::get<0>(i) != std::get<0>(*first) && std::get<2>(i).holds(s.kind);
    });
    r.item_error(*value, *std::get<1>(*again),
                 fmt::format("'announcements.contests' puts '{}' in {} contests ({}): put it in one", s.name, in.size(),
                             fmt::join(in, ", ")));
  }
  return ok ? std::optional(contests) : std::nullopt;
}

}  // namespace

std::optional<AnnouncementRules> read_announcements(Reader& r, const Deck* deck, const SequenceRules& sequences,
                                                    const CarreRules* carres, bool scoring_known,
                                                    const std::vector<ContractKind>* kinds, bool kinds_named) {
  AnnouncementRules rules;
  bool ok = true;
  if (const auto reuse = r.boolean("announcements.card_reuse")) rules.card_reuse = *reuse; else ok = false;
  const int hand_size = deck ? deck->hand_size : kMaxRanks;
  if (const auto n = r.integer("announcements.min_tricks", 0, hand_size)) rules.min_tricks = int(*n); else ok = false;
  if (const auto tie = r.choice("announcements.exact_tie")) rules.exact_tie = ExactTie(*tie); else ok = false;

  // `strength` is a preset of `compare`; the later file's choice wins.
  const SettingValue* strength = r.find("announcements.strength");
  const SettingValue* compare = r.find("announcements.compare");
  if (strength && compare && strength->layer == compare->layer) {
    read_compare(r, *compare);  // its own errors too
    r.error(*compare, fmt::format("give 'announcements.strength' ({}) or 'announcements.compare', not both: "
                                  "strength is a preset of compare",
                                  where(*strength)));
    ok = false;
  } else if (compare && (!strength || compare->layer > strength->layer)) {
    if (auto criteria = read_compare(r, *compare)) rules.compare = std::move(*criteria); else ok = false;
    rules.compare_key = "announcements.compare";
  } else if (const auto style = r.choice("announcements.strength")) {
    rules.compare = preset(StrengthStyle(*style));
    rules.compare_key = fmt::format("announcements.strength = {}", kCriterionNames[std::size_t(rules.compare.front())]);
  } else {
    ok = false;
  }
  const bool known = deck && carres && scoring_known && kinds;
  const auto scoring = known ? scoring_kinds(r, *deck, sequences, *carres, *kinds, kinds_named) : std::vector<Scoring>{};
  if (deck && scoring_known) {
    if (auto contests = read_contests(r, *deck, sequences, scoring)) rules.contests = std::move(*contests); else ok = false;
  }
  // The categories are checked whatever else is wrong, as long as the comparison uses them.
  const bool by_category = std::find(rules.compare.begin(), rules.compare.end(), Criterion::category) != rules.compare.end();
  if (!by_category) return ok && known ? std::optional(rules) : std::nullopt;

  // Said at the criterion that needs the order, when `compare` names it.
  if (!r.find("announcements.categories") && compare && rules.compare_key == "announcements.compare") {
    for (const toml::node& item : *compare->node->as_array())
      if (iequals(item.as_string()->get(), "category"))
        r.item_error(*compare, item, "'announcements.compare' ranks by 'category', which needs 'announcements.categories' "
                                     "(the kinds of announcement, strongest first)");
    return std::nullopt;
  }
  const SettingValue* value = r.require("announcements.categories");
  if (!value) return std::nullopt;
  std::vector<AnnouncementKind> listed;
  bool categories_ok = true;
  rules.categories = read_categories(r, *value, deck, sequences, listed, categories_ok);
  if (categories_ok && known) check_every_scored_kind_is_listed(r, scoring, *value, listed, categories_ok);
  return ok && categories_ok && known ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
