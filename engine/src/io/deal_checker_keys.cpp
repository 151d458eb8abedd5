// What every part of a deal is read with: an error placed at its key or value,
// the keys a table must and may hold, and a value read as a string, a suit or a seat.
#include "io/deal_checker_class.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/text_util.h"

namespace belote::deal_checking {

void DealChecker::error(const InputNode& at, bool at_key, std::string message) {
  if (errors_.full()) return errors_.add_unkept(1);  // not kept: its line is not copied
  errors_.push_back(at_key && at.key_line ? located_(at.key_line, at.key_column, std::move(message))
                                          : located_(at.line, at.column, std::move(message)));
}

const InputNode* DealChecker::require(const InputNode& table, std::string_view key, std::string_view parent) {
  if (const InputNode* node = table.get(key)) return node;
  const std::string full = parent.empty() ? path(key) : path(std::string(parent) + "." + std::string(key));
  error(table, true, fmt::format("missing key '{}'", full));
  return nullptr;
}

bool DealChecker::expect_table(const InputNode& node, const std::string& name) {
  if (node.type == InputNode::Type::table) return true;
  error(node, false, fmt::format("'{}' must be a table, not {}", name, node.type_name()));
  return false;
}

void DealChecker::check_keys(const InputNode& table, std::string_view parent, const std::vector<std::string>& allowed) {
  for (const auto& [key, node] : table.members) {
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    const std::string full = parent.empty() ? path(printable(key)) : path(std::string(parent) + "." + printable(key));
    // A doubling level, a bid or a kind written as a key of its own (coinche = true) is the value of its key.
    if (parent.empty()) {
      if (const auto value_key = key_taking(key)) {
        error(node, true, fmt::format("unknown key '{}' (did you mean {} = \"{}\"?)", full, path(*value_key), printable(key)));
        continue;
      }
    }
    error(node, true, fmt::format("unknown key '{}'{}", full, did_you_mean(key, allowed)));
  }
}

// The deal key whose value `word` is, when it names a doubling level, a named bid or a kind.
std::optional<std::string_view> DealChecker::key_taking(std::string_view word) const {
  for (const DoublingLevel& level : rules_.doubling)
    if (iequals(level.name, word)) return "doubling";
  if (rules_.find_named_bid(word)) return "bid";
  if (rules_.kinds_named && rules_.find_kind(word)) return "kind";
  return std::nullopt;
}

std::optional<std::string> DealChecker::text_of(const InputNode& node, const std::string& name) {
  if (node.type == InputNode::Type::string) return node.text;
  error(node, false, fmt::format("'{}' must be a string, not {}", name, node.type_name()));
  return std::nullopt;
}

std::optional<Suit> DealChecker::suit_named(const InputNode& node, std::string_view key) {
  const auto text = text_of(node, path(key));
  if (!text) return std::nullopt;
  if (const auto suit = deck_.parse_suit(*text)) return suit;
  // A kind written where a suit goes (trump = "SA"): point to the key that takes it.
  if (rules_.kinds_named && rules_.find_kind(*text)) {
    error(node, false, fmt::format("'{}': '{}' is a contract kind, not a suit: write {} = \"{}\" (suits: {})", path(key),
                                   printable(*text), path("kind"), printable(*text), fmt::join(deck_.suits, " ")));
    return std::nullopt;
  }
  error(node, false, fmt::format("'{}': unknown suit '{}' (suits: {})", path(key), printable(*text),
                                 fmt::join(deck_.suits, " ")));
  return std::nullopt;
}

std::optional<Seat> DealChecker::seat_of(const InputNode& node, std::string_view key) {
  const auto text = text_of(node, path(key));
  if (!text) return std::nullopt;
  if (const auto seat = parse_seat(*text)) return seat;
  error(node, false, fmt::format("'{}': unknown seat '{}' (seats: N E S W)", path(key), printable(*text)));
  return std::nullopt;
}

}  // namespace belote::deal_checking
