// The values of a seat's view (view_reader.h): seats, cards, numbers, a number
// per team, each read with its error placed in the view's text.
#include "players/view_reader.h"

#include <fmt/format.h>

#include <algorithm>

#include "common/text_util.h"
#include "io/text_place.h"

namespace belote::view_reading {

// A place in the view's text (io/text_place.h).
Diagnostic placed(std::string_view text, const std::string& display, int column, std::string message) {
  return place_in_text(text, display, column, std::move(message));
}

bool ViewReader::fail(const InputNode& node, std::string message) {
  errors_.push_back(placed(text_, display_, node.column, std::move(message)));
  return false;
}

bool ViewReader::fail_key(const InputNode& node, std::string message) {
  errors_.push_back(placed(text_, display_, node.key_column, std::move(message)));
  return false;
}

// Where a key is, or the object where it is missing.
const InputNode& ViewReader::key_or_object(const InputNode& object, std::string_view key) {
  const InputNode* node = object.get(key);
  return node ? *node : object;
}

std::string ViewReader::shown(const InputNode& node) {
  return node.type == InputNode::Type::string ? fmt::format("'{}'", printable(node.text)) : std::string(node.type_name());
}

bool ViewReader::known_keys(const InputNode& object, const std::vector<std::string>& keys) {
  for (const auto& [key, node] : object.members)
    if (std::find(keys.begin(), keys.end(), key) == keys.end())
      return fail_key(node, fmt::format("unknown key '{}'{}", printable(key), did_you_mean(key, keys)));
  return true;
}

const InputNode* ViewReader::required(const InputNode& object, std::string_view key, std::string_view meaning) {
  const InputNode* node = object.get(key);
  if (!node) fail(object, fmt::format("missing key '{}' ({})", key, meaning));
  return node;
}

std::optional<Seat> ViewReader::read_seat(const InputNode& node, const std::string& where) {
  const auto seat = node.type == InputNode::Type::string ? parse_seat(node.text) : std::nullopt;
  if (!seat) fail(node, fmt::format("'{}' must be a seat (N, E, S, W), not {}", where, shown(node)));
  return seat;
}

std::optional<Card> ViewReader::read_card(const InputNode& node, const std::string& where) {
  const auto card = node.type == InputNode::Type::string ? deck_.parse_card(node.text) : std::nullopt;
  if (!card) fail(node, fmt::format("'{}' must be a card of ruleset '{}' (rank then suit: QH, 10S), not {}", where, rules_.info.name, shown(node)));
  return card;
}

std::optional<CardSet> ViewReader::read_cards(const InputNode& node, const std::string& where) {
  if (node.type != InputNode::Type::array) {
    fail(node, fmt::format("'{}' must be an array of cards ([\"QH\", \"10S\"]), not {}", where, node.type_name()));
    return std::nullopt;
  }
  CardSet out = 0;
  for (std::size_t i = 0; i < node.items.size(); ++i) {
    const auto card = read_card(node.items[i], fmt::format("{}[{}]", where, i));
    if (!card) return std::nullopt;
    if (contains(out, *card)) {
      fail(node.items[i], fmt::format("'{}[{}]': {} is given twice", where, i, deck_.card_name(*card)));
      return std::nullopt;
    }
    out |= card_bit(*card);
  }
  return out;
}

namespace {

// A number as given: a whole one too large for 64 bits, which JSON reads as a decimal one, as written.
std::string given_number(const InputNode& node, std::string_view text) {
  if (node.type == InputNode::Type::integer) return std::to_string(node.integer);
  if (node.type != InputNode::Type::floating && node.type != InputNode::Type::other) return std::string(node.type_name());
  // A view's JSON places its values by their byte in the whole text (line 1), as input_from_json does.
  const std::string_view rest = node.column > 0 && std::size_t(node.column) <= text.size() ? text.substr(std::size_t(node.column) - 1) : "";
  const std::size_t first_digit = rest.starts_with('-') ? 1 : 0;
  const std::size_t end = std::min(rest.find_first_not_of("0123456789", first_digit), rest.size());
  if (end == first_digit || (end < rest.size() && std::string_view(".eE").find(rest[end]) != std::string_view::npos))
    return std::string(node.type_name());
  if (end - first_digit > 40) return fmt::format("a whole number of {} digits", end - first_digit);
  return std::string(rest.substr(0, end));
}

}  // namespace

std::optional<int> ViewReader::read_number(const InputNode& node, const std::string& where, int low, int high) {
  if (node.type != InputNode::Type::integer || node.integer < low || node.integer > high) {
    fail(node, fmt::format("'{}' must be a whole number from {} to {}, not {}", where, low, high, given_number(node, text_)));
    return std::nullopt;
  }
  return int(node.integer);
}

std::optional<PerTeam<int>> ViewReader::read_teams(const InputNode& node, const std::string& where) {
  if (node.type != InputNode::Type::table) {
    fail(node, fmt::format("'{}' must be an object with a number per team ({{\"NS\": 0, \"EW\": 0}}), not {}", where, node.type_name()));
    return std::nullopt;
  }
  if (!known_keys(node, {"NS", "EW"})) return std::nullopt;
  PerTeam<int> out;
  for (Team team : kTeams) {
    const std::string key(name(team));
    const InputNode* value = required(node, key, fmt::format("the number of team {}", key));
    const auto number = value ? read_number(*value, where + "." + key, -1000000000, 1000000000) : std::nullopt;
    if (!number) return std::nullopt;
    out[team] = *number;
  }
  return out;
}

// A required seat, read into `out`.
bool ViewReader::read_seat_key(const InputNode& object, std::string_view key, std::string_view meaning, Seat& out) {
  const InputNode* node = required(object, key, meaning);
  const auto seat = node ? read_seat(*node, std::string(key)) : std::nullopt;
  if (seat) out = *seat;
  return seat.has_value();
}

// A whole number read into `out` when given.
bool ViewReader::read_number_key(const InputNode& object, std::string_view key, int low, int high, int& out) {
  const InputNode* node = object.get(key);
  if (!node) return true;
  const auto number = read_number(*node, std::string(key), low, high);
  if (number) out = *number;
  return number.has_value();
}

}  // namespace belote::view_reading
