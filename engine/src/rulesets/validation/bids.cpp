// The [bids] section: the numeric bids a deal may carry, and named bids
// (capot, générale) with their value and what they need.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

namespace {

constexpr std::int64_t kMaxBid = 10000;
constexpr std::int64_t kMaxNamedBid = 100000;

bool read_range(Reader& r, std::vector<int>& numbers) {
  const SettingValue* from = r.find("bids.from");
  const SettingValue* to = r.find("bids.to");
  const SettingValue* step = r.find("bids.step");
  if (!from && !to && !step) return true;
  // Each value given is checked first, then that they go together.
  bool read = true;
  std::int64_t first = 0, last = 0, by = 1;
  const auto value = [&](const SettingValue* given, const char* key, std::int64_t& into) {
    if (!given) return;
    if (const auto number = r.integer(key, 1, kMaxBid)) into = *number;
    else read = false;
  };
  value(from, "bids.from", first);
  value(to, "bids.to", last);
  value(step, "bids.step", by);
  if (!read) return false;
  if (!from || !to || !step) {
    const SettingValue& given = from ? *from : to ? *to : *step;
    r.key_error(given, "'bids.from', 'bids.to' and 'bids.step' go together: the bids from FROM to TO by STEP");
    return false;
  }
  if (last < first) {
    r.error(r.blame(*to, *from), fmt::format("'bids.to' is {}, below 'bids.from' ({})", last, first));
    return false;
  }
  for (std::int64_t bid = first; bid <= last; bid += by) numbers.push_back(int(bid));
  return true;
}

bool read_values(Reader& r, std::vector<int>& numbers) {
  const SettingValue* value = r.find("bids.values");
  if (!value) return true;
  const toml::array* items = value->node->as_array();
  if (!items) {
    r.error(*value, fmt::format("'bids.values' must be an array of integers, not {}", toml_type_name(*value->node)));
    return false;
  }
  bool ok = true;
  for (const toml::node& item : *items) {
    const auto* n = item.as_integer();
    if (!n || n->get() < 1 || n->get() > kMaxBid) {
      r.item_error(*value, item, fmt::format("'bids.values' holds bids from 1 to {}, not {}", kMaxBid,
                                             n ? std::to_string(n->get()) : toml_type_name(item)));
      ok = false;
    } else if (std::find(numbers.begin(), numbers.end(), int(n->get())) != numbers.end()) {
      r.item_error(*value, item, fmt::format("'bids.values': {} is a bid already (twice here, or in the range "
                                             "'bids.from'..'bids.to')", n->get()));
      ok = false;
    } else {
      numbers.push_back(int(n->get()));
    }
  }
  return ok;
}

std::optional<NamedBid> read_named(Reader& r, const SettingValue& table) {
  NamedBid bid;
  bid.name = table.name;
  const std::string prefix = table.key + ".";
  bool ok = true;
  if (!is_kind_name(bid.name)) {
    r.key_error(table, fmt::format("'{}' is not a bid name (letters, digits and '-', starting with a letter)", printable(bid.name)));
    ok = false;
  }
  if (r.find(prefix + "value")) {
    if (const auto n = r.integer(prefix + "value", 1, kMaxNamedBid)) bid.value = int(*n); else ok = false;
  } else {
    r.key_error(table, fmt::format("named bid '{}' needs '{}value': what it counts", bid.name, prefix));
    ok = false;
  }
  if (r.find(prefix + "needs")) {
    if (const auto needs = r.choice(prefix + "needs")) bid.needs = BidNeeds(*needs); else ok = false;
  } else {
    r.key_error(table, fmt::format("named bid '{}' needs '{}needs': \"points\", \"every-trick\" or \"taker-every-trick\"",
                                   bid.name, prefix));
    ok = false;
  }
  return ok ? std::optional(bid) : std::nullopt;
}

}  // namespace

std::optional<BidRules> read_bids(Reader& r) {
  BidRules rules;
  bool ok = read_range(r, rules.numbers);
  if (!read_values(r, rules.numbers)) ok = false;
  std::sort(rules.numbers.begin(), rules.numbers.end());
  for (const SettingValue* table : r.named_tables("bids.named")) {
    if (!enabled(r, table->key)) continue;
    auto bid = read_named(r, *table);
    if (!bid) {
      ok = false;
      continue;
    }
    // A bid is written `capot H`: a named bid called as a call word (`choose H`, `pass`) would read as that call.
    if (const std::string meaning = reserved_word_meaning(bid->name, nullptr); !meaning.empty()) {
      r.key_error(*table, fmt::format("named bid '{}' is {}: a bid needs a name of its own", bid->name, meaning));
      ok = false;
      continue;
    }
    const auto same = std::find_if(rules.named.begin(), rules.named.end(), [&](const NamedBid& b) { return iequals(b.name, bid->name); });
    if (same != rules.named.end()) {
      r.key_error(*table, fmt::format("named bid '{}' is also named '{}' (names ignore case)", bid->name, same->name));
      ok = false;
      continue;
    }
    rules.named.push_back(std::move(*bid));
  }
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
