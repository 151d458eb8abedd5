// The [roem] section: points counted from the four cards of each trick (runs,
// the stuk, four of a kind) and the pit, as Dutch klaverjas counts them
// (play.md 3.4). Every key is optional: a ruleset without the section has no roem.
#include "rulesets/validation/sections.h"

namespace belote::validation {

namespace {

// `roem.runs`: points by run length; a trick holds four cards, so 3 and 4.
bool read_runs(Reader& r, RoemRules& rules) {
  bool ok = true;
  for (const SettingValue* entry : latest_by_meaning(r.entries("roem.runs"), length_named)) {
    const auto length = length_named(entry->name);
    if (!length || *length < 3 || *length > 4) {
      r.key_error(*entry, fmt::format("'{}': '{}' is not a run length in a trick (3 or 4: a trick holds four cards)",
                                      entry->key, printable(entry->name)));
      ok = false;
      continue;
    }
    if (const auto n = r.integer_value(*entry, 0, kMaxAnnouncementPoints)) rules.runs[std::size_t(*length)] = int(*n);
    else ok = false;
  }
  return ok;
}

}  // namespace

std::optional<RoemRules> read_roem(Reader& r, const Deck& deck) {
  RoemRules rules;
  bool ok = read_runs(r, rules);
  if (r.find("roem.stuk")) {
    if (const auto n = r.integer("roem.stuk", 0, kMaxAnnouncementPoints)) rules.stuk = int(*n); else ok = false;
  }
  // The stuk's cards must be named where it is worth something: no rank is assumed.
  if (r.find("roem.stuk_cards") || rules.stuk > 0) {
    const Reader::RequiredBy by_stuk(r, r.find("roem.stuk"));
    if (const auto ranks = rank_array(r, deck, "roem.stuk_cards", false)) {
      for (Rank rank : *ranks) rules.stuk_ranks |= RankMask{1} << rank;
      if (ranks->size() < 2 || ranks->size() > 4) {
        r.error(*r.find("roem.stuk_cards"), fmt::format("'roem.stuk_cards' must name 2 to 4 ranks, not {}", ranks->size()));
        ok = false;
      }
    } else {
      ok = false;
    }
  }
  if (!r.entries("roem.four_of_a_kind").empty() || r.table_exists("roem.four_of_a_kind")) {
    if (auto points = rank_table(r, deck, "roem.four_of_a_kind", kMaxAnnouncementPoints)) rules.four_of_a_kind = std::move(*points);
    else ok = false;
  }
  if (r.find("roem.pit")) {
    if (const auto n = r.integer("roem.pit", 0, kMaxAnnouncementPoints)) rules.pit = int(*n); else ok = false;
  }
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
