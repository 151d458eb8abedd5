#include "io/input_node.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "io/json_places.h"

namespace belote {

std::string_view InputNode::type_name() const {
  switch (type) {
    case Type::table: return "a table";
    case Type::array: return "an array";
    case Type::string: return "a string";
    case Type::integer: return "an integer";
    case Type::floating: return "a decimal number";
    case Type::boolean: return "a boolean";
    case Type::null: return "null";
    default: return "another kind of value";
  }
}

InputNode input_from_toml(const toml::node& node) {
  InputNode out;
  out.line = int(node.source().begin.line);
  out.column = int(node.source().begin.column);
  if (const auto* table = node.as_table()) {
    out.type = InputNode::Type::table;
    for (auto&& [key, value] : *table) {
      InputNode member = input_from_toml(value);
      member.key_line = int(key.source().begin.line);
      member.key_column = int(key.source().begin.column);
      out.members.emplace_back(std::string(key.str()), std::move(member));
    }
  } else if (const auto* array = node.as_array()) {
    out.type = InputNode::Type::array;
    for (const toml::node& item : *array) out.items.push_back(input_from_toml(item));
  } else if (const auto* s = node.as_string()) {
    out.type = InputNode::Type::string;
    out.text = s->get();
  } else if (const auto* i = node.as_integer()) {
    out.type = InputNode::Type::integer;
    out.integer = i->get();
  } else if (node.is_floating_point()) {
    out.type = InputNode::Type::floating;
  } else if (const auto* b = node.as_boolean()) {
    out.type = InputNode::Type::boolean;
    out.boolean = b->get();
  }
  return out;
}

namespace {

// Deeper than any deal: beyond it a value is left unread (and reported as misplaced).
constexpr int kMaxDepth = 16;

// A value and, where the text is known, the place of each of its parts (one
// lookup per member or item, so reading costs the line's length).
class JsonReader {
 public:
  JsonReader(std::string_view line, int line_number) : places_(json_places(line)), line_number_(line_number) {}

  InputNode read(const nlohmann::json& value) const { return read(value, places_.empty() ? JsonPlace::npos : 0, 0); }

 private:
  InputNode read(const nlohmann::json& value, std::size_t place, int depth) const {
    InputNode out;
    out.line = line_number_;
    out.column = column(place, false);
    if (depth > kMaxDepth) return out;
    switch (value.type()) {
      case nlohmann::json::value_t::object: {
        out.type = InputNode::Type::table;
        // The members' places by key; the library kept the last of two equal keys, and so does this.
        std::unordered_map<std::string_view, std::size_t> by_key;
        for (std::size_t child = first_child(place); child != JsonPlace::npos; child = places_[child].next_sibling)
          by_key[places_[child].key] = child;
        // The library keeps keys sorted by name; members go in the order of the text, so that
        // errors come by position (the first hundred of a line are its first hundred).
        struct Member {
          std::size_t child;
          std::string key;
          const nlohmann::json* value;
        };
        std::vector<Member> in_text;
        for (const auto& [key, member] : value.items()) {
          const auto found = by_key.find(key);
          in_text.push_back({found == by_key.end() ? JsonPlace::npos : found->second, key, &member});
        }
        std::stable_sort(in_text.begin(), in_text.end(), [](const Member& a, const Member& b) { return a.child < b.child; });
        for (const Member& m : in_text) {
          const std::size_t child = m.child;
          const std::string& key = m.key;
          const nlohmann::json& member = *m.value;
          InputNode node = read(member, child == JsonPlace::npos ? place : child, depth + 1);
          node.key_line = line_number_;
          node.key_column = child == JsonPlace::npos ? out.column : column(child, true);
          out.members.emplace_back(key, std::move(node));
        }
        break;
      }
      case nlohmann::json::value_t::array: {
        out.type = InputNode::Type::array;
        std::size_t child = first_child(place);
        for (const auto& item : value) {
          out.items.push_back(read(item, child == JsonPlace::npos ? place : child, depth + 1));
          if (child != JsonPlace::npos) child = places_[child].next_sibling;
        }
        break;
      }
      case nlohmann::json::value_t::string:
        out.type = InputNode::Type::string;
        out.text = value.get<std::string>();
        break;
      case nlohmann::json::value_t::number_integer:
        out.type = InputNode::Type::integer;
        out.integer = value.get<std::int64_t>();
        break;
      case nlohmann::json::value_t::number_unsigned: {
        const auto n = value.get<std::uint64_t>();
        out.type = n > std::uint64_t(INT64_MAX) ? InputNode::Type::other : InputNode::Type::integer;
        out.integer = std::int64_t(n > std::uint64_t(INT64_MAX) ? 0 : n);
        break;
      }
      case nlohmann::json::value_t::number_float:
        out.type = InputNode::Type::floating;
        break;
      case nlohmann::json::value_t::boolean:
        out.type = InputNode::Type::boolean;
        out.boolean = value.get<bool>();
        break;
      case nlohmann::json::value_t::null:
        out.type = InputNode::Type::null;
        break;
      default:
        break;
    }
    return out;
  }

  std::size_t first_child(std::size_t place) const { return place == JsonPlace::npos ? place : places_[place].first_child; }
  int column(std::size_t place, bool key) const {
    if (place == JsonPlace::npos) return 1;
    return int(key ? places_[place].key_at : places_[place].at) + 1;
  }

  std::vector<JsonPlace> places_;
  int line_number_;
};

}  // namespace

InputNode input_from_json(const nlohmann::json& value, std::string_view line_text, int line_number) {
  return JsonReader(line_text, line_number).read(value);
}

}  // namespace belote
