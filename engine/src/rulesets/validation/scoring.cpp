// The [scoring] section: what each side writes when the contract is made,
// failed or tied (doubled or not), as a sum of terms. A result the ruleset
// does not set follows [contract], as the classic rules have it.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

namespace {

constexpr std::array<std::string_view, kScoredResults> kResultNames{"made", "failed", "tied",
                                                                    "made-doubled", "failed-doubled", "tied-doubled"};
// In the order of ScoringTerm::What, `fixed` (written as a number or a table) skipped.
constexpr std::array<std::string_view, 11> kTermNames{"own",       "own-cards",         "own-announcements", "own-belote",
                                                      "all",       "all-cards",         "all-announcements", "all-belote",
                                                      "bid",       "own-roem",          "all-roem"};
constexpr std::int64_t kMaxFixed = 100000;

ScoringTerm term(ScoringTerm::What what) { return ScoringTerm{what, 0, -1, false}; }

// One term as written; `in_factor` when inside { times_factor = [...] }.
bool read_term(Reader& r, const SettingValue& value, const toml::node& item, bool in_factor, std::vector<ScoringTerm>& out) {
  if (const auto* text = item.as_string()) {
    const auto found = std::find_if(kTermNames.begin(), kTermNames.end(), [&](std::string_view n) { return iequals(n, text->get()); });
    if (found == kTermNames.end()) {
      const std::vector<std::string> names(kTermNames.begin(), kTermNames.end());
      r.item_error(value, item, fmt::format("'{}': '{}' is not a term; terms are {}, an integer, {{ fixed = N, capot = M }} "
                                            "or {{ times_factor = [...] }}{}",
                                            value.key, printable(text->get()), quoted_list(names), did_you_mean(text->get(), names)));
      return false;
    }
    const auto index = found - kTermNames.begin();
    // The names after `bid` come after `fixed` in ScoringTerm::What.
    ScoringTerm t = term(ScoringTerm::What(index <= 8 ? index : index + 1));
    t.times_factor = in_factor;
    out.push_back(t);
    return true;
  }
  if (const auto* n = item.as_integer()) {
    if (n->get() < 0 || n->get() > kMaxFixed) {
      r.item_error(value, item, fmt::format("'{}': a fixed sum is from 0 to {}, not {}", value.key, kMaxFixed, n->get()));
      return false;
    }
    out.push_back(ScoringTerm{ScoringTerm::What::fixed, int(n->get()), -1, in_factor});
    return true;
  }
  const toml::table* table = item.as_table();
  if (!table) {
    r.item_error(value, item, fmt::format("'{}' holds terms (names, integers or tables), not {}", value.key, toml_type_name(item)));
    return false;
  }
  if (const toml::node* inner = table->get("times_factor"); inner && table->size() == 1) {
    const toml::array* terms = inner->as_array();
    if (in_factor || !terms || terms->empty()) {
      r.item_error(value, item, fmt::format("'{}': {}", value.key, in_factor ? "times_factor cannot hold another times_factor"
                                                                               : "times_factor holds a non-empty array of terms"));
      return false;
    }
    bool ok = true;
    for (const toml::node& t : *terms)
      if (!read_term(r, value, t, true, out)) ok = false;
    return ok;
  }
  const auto* fixed = table->get("fixed") ? table->get("fixed")->as_integer() : nullptr;
  const auto* capot = table->get("capot") ? table->get("capot")->as_integer() : nullptr;
  if (!fixed || !capot || table->size() != 2 || fixed->get() < 0 || fixed->get() > kMaxFixed || capot->get() < 0 ||
      capot->get() > kMaxFixed) {
    r.item_error(value, item, fmt::format("'{}': a table term is {{ fixed = N, capot = M }} (integers from 0 to {}) or "
                                          "{{ times_factor = [TERMS] }}",
                                          value.key, kMaxFixed));
    return false;
  }
  out.push_back(ScoringTerm{ScoringTerm::What::fixed, int(fixed->get()), int(capot->get()), in_factor});
  return true;
}

}  // namespace

std::optional<std::vector<ScoringTerm>> read_scoring_terms(Reader& r, const SettingValue& value) {
  const toml::array* items = value.node->as_array();
  if (!items) {
    r.error(value, fmt::format("'{}' must be an array of terms, e.g. [\"own\", \"bid\"], not {}", value.key,
                               toml_type_name(*value.node)));
    return std::nullopt;
  }
  std::vector<ScoringTerm> terms;
  bool ok = true;
  for (const toml::node& item : *items)
    if (!read_term(r, value, item, false, terms)) ok = false;
  if (ok && terms.size() > std::size_t(kMaxScoringTerms)) {
    r.error(value, fmt::format("'{}' holds {} terms; a side's list holds at most {} (times_factor terms counted one by one)",
                               value.key, terms.size(), kMaxScoringTerms));
    return std::nullopt;
  }
  return ok ? std::optional(terms) : std::nullopt;
}

ScoringRules classic_scoring(const ContractRules& contract) {
  using W = ScoringTerm::What;
  ScoringRules rules;
  ResultScoring& made = rules.results[std::size_t(ScoredResult::made)];
  made.takers = {term(W::own)};
  made.defenders = {term(W::own)};
  // Failed: the defenders take all the card points; the takers' announcements and belote go where [contract] says.
  ResultScoring& failed = rules.results[std::size_t(ScoredResult::failed)];
  const bool announcements_kept = contract.failed_announcements == Beneficiary::takers;
  const bool belote_kept = contract.failed_belote == Beneficiary::takers;
  failed.defenders = {term(W::all_cards), term(announcements_kept ? W::own_announcements : W::all_announcements),
                      term(belote_kept ? W::own_belote : W::all_belote)};
  if (announcements_kept) failed.takers.push_back(term(W::own_announcements));
  if (belote_kept) failed.takers.push_back(term(W::own_belote));
  // A litige: the defenders write their total; the takers' is held over.
  ResultScoring& tied = rules.results[std::size_t(ScoredResult::tied)];
  tied.defenders = {term(W::own)};
  tied.held = {term(W::own)};
  return rules;
}

std::optional<ScoringRules> read_scoring(Reader& r, const ContractRules* contract) {
  ScoringRules rules = contract ? classic_scoring(*contract) : ScoringRules{};
  bool ok = true;
  for (const SettingValue* table : r.named_tables("scoring")) {
    const auto found = std::find(kResultNames.begin(), kResultNames.end(), table->name);
    if (found == kResultNames.end()) {
      const std::vector<std::string> names(kResultNames.begin(), kResultNames.end());
      r.key_error(*table, fmt::format("'{}': '{}' is not a result; [scoring] has tables {}{}", table->key,
                                      printable(table->name), quoted_list(names), did_you_mean(table->name, names)));
      ok = false;
      continue;
    }
    const auto result = std::size_t(found - kResultNames.begin());
    rules.given[result] = true;
    ResultScoring& scoring = rules.results[result];
    const bool tie = ScoredResult(result) == ScoredResult::tied || ScoredResult(result) == ScoredResult::tied_doubled;
    if (!tie) scoring.held.clear();
    for (auto [leaf, terms] : {std::pair{"takers", &scoring.takers}, {"defenders", &scoring.defenders}, {"held", &scoring.held}}) {
      const SettingValue* value = r.find(table->key + "." + leaf);
      if (!value) continue;
      if (!tie && std::string_view(leaf) == "held") {
        r.key_error(*value, fmt::format("'{}': only a tie holds points over (scoring.tied, scoring.tied-doubled)", value->key));
        ok = false;
        continue;
      }
      if (auto read = read_scoring_terms(r, *value)) *terms = std::move(*read); else ok = false;
    }
  }
  // A doubled result the ruleset does not set is its undoubled one.
  for (ScoredResult doubled : {ScoredResult::made_doubled, ScoredResult::failed_doubled, ScoredResult::tied_doubled}) {
    const auto index = std::size_t(doubled);
    if (!rules.given[index]) rules.results[index] = rules.results[index - 3];
  }
  return ok && contract ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
