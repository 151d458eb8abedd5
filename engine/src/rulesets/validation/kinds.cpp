// The [kinds] section: what a deal may be played in, each kind with its card
// values, announcements, belote and multipliers. A ruleset without it has one
// kind with a trump suit, taken from the other sections.
#include "rulesets/validation/sections.h"

#include <algorithm>
#include <map>

namespace belote::validation {

namespace {

class KindReader {
 public:
  KindReader(Reader& r, const Deck& deck, const SequenceRules& sequences, const CarreRules& carres, int capot,
             const RoundingRules& rounding)
      : r_(r), deck_(deck), sequences_(sequences), carres_(carres), capot_(capot), rounding_(rounding) {}

  /// `known`: the kinds that state their trumps, whose names a kind without them may be a misspelling of.
  std::optional<ContractKind> read(const SettingValue& table, const std::vector<std::string>& known) {
    ContractKind kind;
    kind.name = table.name;
    prefix_ = table.key + ".";
    ok_ = true;
    if (!is_kind_name(kind.name)) {
      r_.key_error(table, fmt::format("'{}' is not a kind name (letters, digits and '-', starting with a letter)",
                                      printable(kind.name)));
      ok_ = false;
    }
    if (!r_.find(key("trumps"))) {
      r_.key_error(table, fmt::format("kind '{}' needs '{}': \"one-suit\", \"none\" or \"all-suits\"{}", kind.name, key("trumps"),
                                      did_you_mean(kind.name, known)));
      ok_ = false;
    } else if (const auto trumps = r_.choice(key("trumps"))) {
      kind.trumps = Trumps(*trumps);
    } else {
      ok_ = false;
    }
    read_suits(kind);
    read_aliases(kind);
    read_points(kind);
    read_orders(kind);
    kind.last_trick_points = integer_or("last_trick", 0, kMaxCardPoints, deck_.last_trick_points);
    kind.card_multiplier = integer_or("card_multiplier", 1, 100, 1);
    kind.capot_points = integer_or("capot", 0, kMaxAnnouncementPoints, capot_);
    read_announcements(kind);
    kind.carre_points = points_or("carre_points", carres_.points_by_rank, kMaxAnnouncementPoints);
    kind.carre_order = ranks_or("carre_order", carres_.order);
    if (r_.find(key("sequence_order"))) {
      if (const auto order = r_.choice(key("sequence_order"))) kind.sequence_order = SequenceOrder(*order); else ok_ = false;
    }
    read_belote(kind);
    if (const SettingValue* ties = r_.find(key("trump_breaks_ties"))) {
      if (const auto b = r_.boolean(ties->key)) kind.trump_breaks_ties = *b; else ok_ = false;
    }
    kind.score_multiplier = integer_or("score_multiplier", 1, 100, 1);
    kind.bid_multiplier = integer_or("bid_multiplier", 1, 100, 1);
    kind.rounding_up_from = integer_or("rounding_up_from", 0, rounding_.step > 1 ? rounding_.step : 1000, rounding_.up_from);
    if (r_.find(key("doubled_even"))) {
      static constexpr std::array<int, 3> kNudge{0, 1, -1};  // no, up, down
      if (const auto even = r_.choice(key("doubled_even"))) kind.doubled_even = kNudge[std::size_t(*even)]; else ok_ = false;
    }
    for (auto [leaf, given] : {std::pair{"capot", KindKey::capot}, {"carre_points", KindKey::carre_points},
                               {"carre_order", KindKey::carre_order}, {"rounding_up_from", KindKey::rounding_up_from}})
      if (r_.find(key(leaf))) kind.given.set(given);
    if (ok_ && kind.total_card_points() <= 0) {
      r_.table_error(table.key, fmt::format("kind '{}': its cards are worth no points at all", kind.name));
      ok_ = false;
    }
    return ok_ ? std::optional(kind) : std::nullopt;
  }

 private:
  std::string key(std::string_view leaf) const { return prefix_ + std::string(leaf); }

  int integer_or(std::string_view leaf, std::int64_t low, std::int64_t high, int fallback) {
    if (!r_.find(key(leaf))) return fallback;
    if (const auto n = r_.integer(key(leaf), low, high)) return int(*n);
    ok_ = false;
    return fallback;
  }

  std::vector<Rank> ranks_or(std::string_view leaf, const std::vector<Rank>& fallback) {
    if (!r_.find(key(leaf))) return fallback;
    if (auto ranks = rank_array(r_, deck_, key(leaf), true)) return std::move(*ranks);
    ok_ = false;
    return fallback;
  }

  // A key that only one- or no-trump kinds may set (a value, or a table of points).
  void refuse_unless(bool allowed, std::string_view leaf, std::string_view why) {
    if (allowed) return;
    if (const SettingValue* value = r_.find(key(leaf))) {
      r_.key_error(*value, fmt::format("'{}' {}", value->key, why));
      ok_ = false;
    } else if (r_.table_exists(key(leaf))) {
      r_.table_error(key(leaf), fmt::format("'{}' {}", key(leaf), why));
      ok_ = false;
    }
  }

  void read_suits(ContractKind& kind) {
    const SettingValue* value = r_.find(key("suits"));
    if (!value) return;
    if (kind.trumps != Trumps::one_suit) {
      refuse_unless(false, "suits", "goes with trumps = \"one-suit\": it names the suits the kind may be played in");
      return;
    }
    const auto items = r_.strings(*value);
    if (!items) {
      ok_ = false;
      return;
    }
    kind.suits = 0;
    for (const auto& [text, node] : *items) {
      const auto suit = deck_.parse_suit(text);
      if (!suit) {
        r_.item_error(*value, *node, fmt::format("'{}': '{}' is not a suit of the deck ({})", value->key, printable(text),
                                                 fmt::join(deck_.suits, " ")));
        ok_ = false;
      } else if (kind.in_suit(*suit)) {
        r_.item_error(*value, *node, fmt::format("'{}': suit {} is listed twice", value->key, deck_.suits[*suit]));
        ok_ = false;
      } else {
        kind.suits |= std::uint8_t(1u << *suit);
      }
    }
    if (ok_ && kind.suits == 0) {
      r_.error(*value, fmt::format("'{}' is empty; name the suits the kind may be played in", value->key));
      ok_ = false;
    }
  }

  void read_aliases(ContractKind& kind) {
    const SettingValue* value = r_.find(key("aliases"));
    if (!value) return;
    const auto items = r_.strings(*value);
    if (!items) {
      ok_ = false;
      return;
    }
    for (const auto& [text, node] : *items) {
      if (!is_kind_name(text)) {
        r_.item_error(*value, *node, fmt::format("'{}': '{}' is not a kind name (letters, digits and '-', starting with a letter)",
                                                 value->key, printable(text)));
        ok_ = false;
      } else {
        kind.aliases.push_back(text);
      }
    }
  }

  void read_points(ContractKind& kind) {
    const bool one_suit = kind.trumps == Trumps::one_suit;
    refuse_unless(one_suit, "trump_points", "goes with trumps = \"one-suit\"; this kind has one table for every suit: 'points'");
    refuse_unless(one_suit, "plain_points", "goes with trumps = \"one-suit\"; this kind has one table for every suit: 'points'");
    refuse_unless(!one_suit, "points", "goes with trumps = \"none\" or \"all-suits\"; with one trump suit, give "
                                       "'trump_points' and 'plain_points'");
    if (one_suit) {
      kind.trump_points = points_or("trump_points", deck_.trump_points, kMaxCardPoints);
      kind.plain_points = points_or("plain_points", deck_.plain_points, kMaxCardPoints);
      return;
    }
    if (!r_.find(key("points")) && !r_.table_exists(key("points"))) {
      // A base's kind whose points new ranks dropped: said as the deck's tables are, with the reason.
      const SettingValue* trumps = r_.find(key("trumps"));
      const SettingValue* reset = r_.ranks_reset_by();
      if (reset && trumps && trumps->layer < reset->layer) {
        const Reader::RequiredBy by_trumps(r_, trumps);
        r_.missing(key("points"));
        ok_ = false;
        return;
      }
      r_.table_error(prefix_.substr(0, prefix_.size() - 1),
                     fmt::format("kind '{}' has no card points: a kind with {} needs '{}'", kind.name,
                                 kind.trumps == Trumps::none ? "no trump" : "every suit trumps", key("points")));
      ok_ = false;
      return;
    }
    if (auto points = rank_table(r_, deck_, key("points"), kMaxCardPoints)) {
      kind.trump_points = *points;
      kind.plain_points = std::move(*points);
    } else {
      ok_ = false;
    }
  }

  // A table of points by rank (written inline, as its own table or as dotted keys), or `fallback`.
  std::vector<int> points_or(std::string_view leaf, const std::vector<int>& fallback, std::int64_t high) {
    if (r_.entries(key(leaf)).empty() && !r_.table_exists(key(leaf))) return fallback;
    if (auto points = rank_table(r_, deck_, key(leaf), high)) return std::move(*points);
    ok_ = false;
    return fallback;
  }

  void read_orders(ContractKind& kind) {
    const bool one_suit = kind.trumps == Trumps::one_suit;
    refuse_unless(one_suit, "trump_order", "goes with trumps = \"one-suit\"; this kind has one order for every suit: 'order'");
    refuse_unless(one_suit, "plain_order", "goes with trumps = \"one-suit\"; this kind has one order for every suit: 'order'");
    refuse_unless(!one_suit, "order", "goes with trumps = \"none\" or \"all-suits\"; with one trump suit, give "
                                      "'trump_order' and 'plain_order'");
    if (one_suit) {
      kind.trump_order = ranks_or("trump_order", deck_.trump_order);
      kind.plain_order = ranks_or("plain_order", deck_.plain_order);
    } else {
      kind.trump_order = ranks_or("order", kind.trumps == Trumps::none ? deck_.plain_order : deck_.trump_order);
      kind.plain_order = kind.trump_order;
    }
  }

  void read_announcements(ContractKind& kind) {
    const SettingValue* value = r_.find(key("announcements"));
    if (!value) return;
    if (const auto* text = value->node->as_string()) {
      if (iequals(text->get(), "all")) return;
      if (iequals(text->get(), "none")) {
        kind.declared = AnnouncementSet{};
        return;
      }
      r_.error(*value, fmt::format("'{}' is '{}'; it is 'all', 'none' or an array of announcements "
                                   "(sequence names, carre-RANK, 'sequences', 'carres')",
                                   value->key, printable(text->get())));
      ok_ = false;
      return;
    }
    const toml::array* items = value->node->as_array();
    if (!items) {
      r_.error(*value, fmt::format("'{}' must be 'all', 'none' or an array of announcements, not {}", value->key,
                                   toml_type_name(*value->node)));
      ok_ = false;
      return;
    }
    kind.declared = AnnouncementSet{};
    for (const toml::node& item : *items) {
      const auto set = announcement_set(r_, *value, item, deck_, sequences_);
      if (!set) {
        ok_ = false;
        continue;
      }
      kind.declared.sequence_lengths |= set->sequence_lengths;
      kind.declared.carre_ranks |= set->carre_ranks;
    }
  }

  void read_belote(ContractKind& kind) {
    kind.belote = kind.trumps == Trumps::one_suit ? BeloteSuits::trump_suit
                  : kind.trumps == Trumps::all_suits ? BeloteSuits::every_suit
                                                     : BeloteSuits::nowhere;
    const SettingValue* value = r_.find(key("belote"));
    if (!value) return;
    const auto where = r_.choice(value->key);
    if (!where) {
      ok_ = false;
      return;
    }
    kind.belote = BeloteSuits(*where);
    if (kind.belote == BeloteSuits::trump_suit && kind.trumps != Trumps::one_suit) {
      r_.error(*value, fmt::format("'{}' is 'trump-suit', but kind '{}' has {}: say 'every-suit' or 'nowhere'",
                                   value->key, kind.name, kind.trumps == Trumps::none ? "no trump suit" : "every suit trumps"));
      ok_ = false;
    }
  }

  Reader& r_;
  const Deck& deck_;
  const SequenceRules& sequences_;
  const CarreRules& carres_;
  int capot_;
  const RoundingRules& rounding_;
  std::string prefix_;
  bool ok_ = true;
};

// Names and aliases name one kind each (any case), said at the name or alias
// that repeats an earlier one.
bool check_names_apart(Reader& r, const std::vector<const SettingValue*>& tables, const std::vector<ContractKind>& kinds) {
  bool ok = true;
  struct Owner {
    std::string kind;
    bool alias;
  };
  std::map<std::string, Owner> names;  // lower-case name or alias -> its kind
  const auto clash = [&](const std::string& spelling, const ContractKind& kind, bool alias) -> std::optional<std::string> {
    const auto [it, added] = names.emplace(to_lower(spelling), Owner{kind.name, alias});
    if (added || it->second.kind == kind.name) return std::nullopt;
    return fmt::format("'{}' is already {} kind '{}' (case does not matter)", spelling,
                       it->second.alias ? "an alias of" : "the name of", it->second.kind);
  };
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    if (const auto problem = clash(kinds[k].name, kinds[k], false)) {
      r.key_error(*tables[k], fmt::format("kind name {}", *problem));
      ok = false;
    }
    const SettingValue* aliases = r.find(tables[k]->key + ".aliases");
    for (std::size_t a = 0; a < kinds[k].aliases.size(); ++a) {
      const auto problem = clash(kinds[k].aliases[a], kinds[k], true);
      if (!problem) continue;
      r.item_error(*aliases, *aliases->node->as_array()->get(a), fmt::format("'{}': {}", aliases->key, *problem));
      ok = false;
    }
  }
  return ok;
}

// A kind is named in calls (`80 SA`) and deals (`kind = "SA"`): no name or alias of it may be a word
// every auction reads as another call, nor a suit's letter or symbol, which names a trump.
bool check_names_not_calls(Reader& r, const std::vector<const SettingValue*>& tables, const std::vector<ContractKind>& kinds,
                           const Deck& deck) {
  const auto clash = [&](const std::string& spelling) { return reserved_word_meaning(spelling, &deck); };
  bool ok = true;
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    if (const std::string problem = clash(kinds[k].name); !problem.empty()) {
      r.key_error(*tables[k], fmt::format("kind name '{}' is {}: a kind needs a name of its own", kinds[k].name, problem));
      ok = false;
    }
    const SettingValue* aliases = r.find(tables[k]->key + ".aliases");
    for (std::size_t a = 0; a < kinds[k].aliases.size(); ++a) {
      const std::string problem = clash(kinds[k].aliases[a]);
      if (problem.empty()) continue;
      r.item_error(*aliases, *aliases->node->as_array()->get(a),
                   fmt::format("'{}': '{}' is {}: a kind needs names of its own", aliases->key, kinds[k].aliases[a], problem));
      ok = false;
    }
  }
  return ok;
}

// Each suit has at most one one-suit kind, said once per pair of kinds at the
// `suits` that makes them meet.
bool check_suits_apart(Reader& r, const std::vector<const SettingValue*>& tables, const std::vector<ContractKind>& kinds,
                       const Deck& deck) {
  bool ok = true;
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    if (kinds[k].trumps != Trumps::one_suit) continue;
    for (std::size_t j = 0; j < k; ++j) {
      if (kinds[j].trumps != Trumps::one_suit || !(kinds[j].suits & kinds[k].suits)) continue;
      std::vector<std::string> shared;
      for (Suit s = 0; s < kSuitCount; ++s)
        if (kinds[j].in_suit(s) && kinds[k].in_suit(s)) shared.push_back(deck.suits[s]);
      const std::string message = fmt::format("kinds '{}' and '{}' are both played with {} as trumps: a deal that names only "
                                              "its trump could not tell them apart (give each its own 'suits')",
                                              kinds[j].name, kinds[k].name, fmt::join(shared, ", "));
      const SettingValue* later = r.find(tables[k]->key + ".suits");
      const SettingValue* earlier = r.find(tables[j]->key + ".suits");
      if (later || earlier) r.error(later ? *later : *earlier, message);
      else r.key_error(*tables[k], message);
      ok = false;
    }
  }
  return ok;
}

}  // namespace

ContractKind implicit_kind(const Deck& deck, const CarreRules& carres, const ContractRules& contract,
                           const RoundingRules& rounding) {
  ContractKind kind;
  kind.name = "suit";
  kind.trump_points = deck.trump_points;
  kind.plain_points = deck.plain_points;
  kind.trump_order = deck.trump_order;
  kind.plain_order = deck.plain_order;
  kind.last_trick_points = deck.last_trick_points;
  kind.capot_points = contract.capot_points;
  kind.carre_points = carres.points_by_rank;
  kind.carre_order = carres.order;
  kind.rounding_up_from = rounding.up_from;
  return kind;
}

std::vector<std::pair<std::string, std::string>> kinds_taken_out(Reader& r) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const SettingValue* table : r.named_tables("kinds")) {
    if (enabled(r, table->key)) continue;
    out.emplace_back(table->name, table->name);
    if (const SettingValue* aliases = r.find(table->key + ".aliases"))
      if (const toml::array* items = aliases->node->as_array())
        for (const toml::node& alias : *items)
          if (alias.is_string()) out.emplace_back(alias.as_string()->get(), table->name);
  }
  return out;
}

std::optional<std::vector<ContractKind>> read_kinds(Reader& r, const Deck* deck, const SequenceRules& sequences,
                                                    bool sequences_ok, const CarreRules* carres,
                                                    const ContractRules* contract, const RoundingRules* rounding,
                                                    bool& named) {
  auto tables = r.named_tables("kinds");
  // A new kind without trumps is most often a base's kind misspelt: its section would otherwise add a kind.
  std::vector<std::string> known;
  for (const SettingValue* table : tables)
    if (r.find(table->key + ".trumps")) known.push_back(table->name);
  const auto all_tables = tables;
  std::erase_if(tables, [&](const SettingValue* table) { return !enabled(r, table->key); });
  named = !tables.empty();
  // Every named kind turned off leaves no contract to play (not the implicit suit kind of a ruleset that names none).
  if (!all_tables.empty() && tables.empty()) {
    const SettingValue* last_off = r.find(all_tables.back()->key + ".enabled");
    std::vector<std::string> names;
    for (const SettingValue* table : all_tables) names.push_back(table->name);
    r.error(last_off != nullptr ? *last_off : *all_tables.back(),
            fmt::format("every contract kind is disabled ({}): a ruleset plays at least one", quoted_list(names)));
    return std::nullopt;
  }
  if (!deck || !sequences_ok || !carres) return std::nullopt;  // reported where they are wrong
  // A wrong [contract] or [rounding] leaves the capot or rounding unknown; the
  // kinds are still read for the checks that need them, and the ruleset is refused anyway.
  const ContractRules contract_fallback;
  const RoundingRules rounding_fallback = rounding_step_as_far_as_known(r);
  const RoundingRules& rounds = rounding ? *rounding : rounding_fallback;
  if (!named) return std::vector<ContractKind>{implicit_kind(*deck, *carres, contract ? *contract : contract_fallback, rounds)};
  std::vector<ContractKind> kinds;
  bool ok = true;
  KindReader reader(r, *deck, sequences, *carres, contract ? contract->capot_points : 0, rounds);
  for (const SettingValue* table : tables) {
    if (auto kind = reader.read(*table, known)) kinds.push_back(std::move(*kind)); else ok = false;
  }
  if (ok && kinds.size() > 32) {
    r.key_error(*tables[32], fmt::format("{} kinds; a ruleset may name up to 32", kinds.size()));
    ok = false;
  }
  if (ok) {
    const bool names_apart = check_names_apart(r, tables, kinds);
    const bool names_not_calls = check_names_not_calls(r, tables, kinds, *deck);
    const bool suits_apart = check_suits_apart(r, tables, kinds, *deck);
    ok = names_apart && names_not_calls && suits_apart;
  }
  return ok ? std::optional(std::move(kinds)) : std::nullopt;
}

}  // namespace belote::validation
