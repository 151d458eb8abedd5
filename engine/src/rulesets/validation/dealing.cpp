// The [dealing] section: how a table deals a mène (rule book, part 5, section 1).
#include <fmt/format.h>

#include "rulesets/validation/sections.h"

namespace belote::validation {

namespace {

// An array of packet sizes, each from 1 to the hand size.
std::optional<std::vector<int>> packets(Reader& r, const SettingValue& value, int hand_size) {
  const toml::array* items = value.node->as_array();
  if (!items) {
    r.error(value, fmt::format("'{}' must be an array of integers, not {}", value.key, toml_type_name(*value.node)));
    return std::nullopt;
  }
  std::vector<int> out;
  bool ok = true;
  for (const toml::node& item : *items) {
    const auto* n = item.as_integer();
    if (!n || n->get() < 1 || n->get() > hand_size) {
      r.item_error(value, item, fmt::format("'{}' holds packet sizes from 1 to {}, not {}", value.key, hand_size,
                                            n ? std::to_string(n->get()) : toml_type_name(item)));
      ok = false;
    } else {
      out.push_back(int(n->get()));
    }
  }
  return ok ? std::optional(out) : std::nullopt;
}

int sum(const std::vector<int>& sizes) {
  int n = 0;
  for (int s : sizes) n += s;
  return n;
}

}  // namespace

std::optional<DealingRules> read_dealing(Reader& r, int hand_size, const AuctionRules* auction) {
  if (hand_size <= 0) return DealingRules{};  // the deck's own error is reported
  DealingRules rules;
  bool ok = true;
  const auto set_here = [&](const SettingValue* v) { return v && v->file.get() == &r.top(); };
  const SettingValue* before = r.find("dealing.packets");
  const SettingValue* after = r.find("dealing.packets_after");
  if (before) {
    if (auto p = packets(r, *before, hand_size)) rules.packets = std::move(*p); else ok = false;
  } else {
    rules.packets = {hand_size};
  }
  if (after) {
    if (auto p = packets(r, *after, hand_size)) rules.packets_after = std::move(*p); else ok = false;
  }
  if (ok && sum(rules.packets) + sum(rules.packets_after) != hand_size) {
    if (!set_here(before) && !set_here(after)) {
      // Packets inherited from a base whose deck this file changed: the whole
      // hand in one packet, as a file without [dealing] (its older meaning).
      rules.packets = {hand_size};
      rules.packets_after.clear();
    } else {
      const SettingValue& at = before && after ? r.blame(*before, *after) : (before ? *before : *after);
      r.error(at, fmt::format("'dealing.packets' and 'dealing.packets_after' deal {} cards to each seat; a hand has {}",
                              sum(rules.packets) + sum(rules.packets_after), hand_size));
      ok = false;
    }
  }
  const bool turned_auction = auction && auction->given && auction->style == AuctionStyle::turned_card;
  if (r.find("dealing.turned")) {
    if (const auto n = r.choice("dealing.turned")) rules.turned = TurnedCard(*n); else ok = false;
  } else if (turned_auction) {
    rules.turned = rules.packets_after.empty() ? TurnedCard::suit : TurnedCard::card;
  }
  if (!ok) return std::nullopt;
  const SettingValue* turned = r.find("dealing.turned");
  // A proposal is made only in a turned-card auction: a variant that changes
  // its base's auction to another style keeps its base's [dealing] unread.
  if (auction && !turned_auction) rules.turned = TurnedCard::none;
  if (turned && auction && rules.turned == TurnedCard::none && turned_auction) {
    r.error(*turned, "'dealing.turned' is \"none\", but a turned-card auction (auction.style) needs a turned card or suit");
    return std::nullopt;
  }
  if (rules.turned == TurnedCard::card && rules.packets_after.empty() && !set_here(turned)) rules.turned = TurnedCard::suit;
  if (turned && rules.turned == TurnedCard::card && rules.packets_after.empty()) {
    r.error(*turned, "'dealing.turned' = \"card\" goes to the taker after the auction, but 'dealing.packets' deals the whole "
                "hand before it: set 'dealing.packets_after'");
    return std::nullopt;
  }
  return rules;
}

}  // namespace belote::validation
