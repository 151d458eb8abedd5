// Keys that are valid but change nothing: each is warned of, at the key, where
// the file being loaded sets it. The conditions follow what the evaluator
// reads (scoring/contract_scoring.cpp, scoring/rounding.cpp): a key warned of
// here is one no deal can feel.
#include "rulesets/validation/sections.h"

namespace belote::validation {

namespace {

class NoEffect {
 public:
  NoEffect(const Reader& r, Diagnostics& warnings) : r_(r), warnings_(warnings) {}

  /// The key as this file sets it, or null when it is not set or set by a base.
  const SettingValue* own(std::string_view key) const {
    const SettingValue* value = r_.find(key);
    return value && value->file.get() == &r_.top() ? value : nullptr;
  }

  void warn(std::string_view key, const std::string& reason) {
    if (const SettingValue* value = own(key)) warnings_.push_back(value->key_error(fmt::format("'{}' has no effect: {}", key, reason)));
  }

  /// How a message names the setting `key`: "'contract.test' is \"none\" (at coinche.toml:110:1)", or its default.
  std::string setting(std::string_view key, std::string_view value) const {
    const SettingValue* at = r_.find(key);
    return at ? fmt::format("'{}' is \"{}\" (at {})", key, value, where(*at)) : fmt::format("'{}' is \"{}\" (its default)", key, value);
  }

  const Reader& reader() const { return r_; }
  Diagnostics& warnings() { return warnings_; }

 private:
  const Reader& r_;
  Diagnostics& warnings_;
};

std::string choice_name(std::string_view key, int index) { return std::string(find_key(key)->choices[std::size_t(index)]); }

// What failed takers keep, and ties, matter only where the contract test can fail or tie.
void contract_keys(NoEffect& n, const Ruleset& rules) {
  const ContractTest test = rules.contract.test;
  const std::string test_is = n.setting("contract.test", choice_name("contract.test", int(test)));
  if (test == ContractTest::none) {
    for (const char* key : {"contract.min_tricks", "contract.on_tie", "contract.failed_announcements", "contract.failed_belote"})
      n.warn(key, fmt::format("{}: no deal is made or failed", test_is));
    return;
  }
  if (test == ContractTest::reach_bid)
    n.warn("contract.on_tie", fmt::format("{}: the takers are compared with their bid, never with the defenders", test_is));
  else if (test == ContractTest::reach_bid_not_below_defenders)
    n.warn("contract.on_tie", fmt::format("{}: takers level with the defenders make the contract when they reach their bid", test_is));
  // The classic failed result reads them; [scoring.failed] with both sides replaces it (validation/scoring.cpp).
  const Reader& r = n.reader();
  const SettingValue* takers = r.find("scoring.failed.takers");
  const SettingValue* defenders = r.find("scoring.failed.defenders");
  if (takers && defenders)
    for (const char* key : {"contract.failed_announcements", "contract.failed_belote"})
      n.warn(key, fmt::format("[scoring.failed] says what each side writes when the contract fails ('scoring.failed.takers' "
                              "at {}, 'scoring.failed.defenders' at {}): write the takers' announcements and belote there",
                              where(*takers), where(*defenders)));
}

void roem_in_basis(NoEffect& n, const Ruleset& rules) {
  const SettingValue* basis = n.own("contract.basis");
  if (!basis || !rules.contract.counts_roem || rules.roem.any()) return;
  const toml::array* items = basis->node->as_array();
  for (std::size_t i = 0; items && i < items->size(); ++i) {
    const auto* item = items->get(i)->as_string();
    if (item && iequals(item->get(), "roem"))
      n.warnings().push_back(basis->file->error(*items->get(i), "'roem' in 'contract.basis' has no effect: the ruleset counts no "
                                                                 "roem (it has no [roem] section, or one of no points)"));
  }
}

void rounding_keys(NoEffect& n, const Ruleset& rules) {
  if (rules.rounding.step <= 1)
    n.warn("rounding.keep_nonzero", fmt::format("'rounding.step' is {}: nothing is rounded", rules.rounding.step));
  else if (rules.rounding.sides != RoundingSides::leader)
    n.warn("rounding.keep_nonzero", fmt::format("{}: it acts only where the leader rounds and the other side takes the rest "
                                                "(`sides = \"leader\"`)",
                                                n.setting("rounding.sides", choice_name("rounding.sides", int(rules.rounding.sides)))));
}

void kind_keys(NoEffect& n, const Ruleset& rules) {
  for (const SettingValue* table : n.reader().named_tables("kinds")) {
    if (!rules.bids.any())
      n.warn(table->key + ".bid_multiplier", "the ruleset has no bids ([bids]): no deal has a bid to multiply");
    if (rules.doubling.empty())
      n.warn(table->key + ".doubled_even", "the ruleset has no doubling levels ([doubling]): no deal is doubled");
  }
}

}  // namespace

void warn_keys_without_effect(const Reader& r, const Ruleset& rules, Diagnostics& warnings) {
  NoEffect n(r, warnings);
  contract_keys(n, rules);
  roem_in_basis(n, rules);
  rounding_keys(n, rules);
  kind_keys(n, rules);
}

}  // namespace belote::validation
