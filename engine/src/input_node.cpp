#include "input_node.h"

#include <algorithm>
#include <nlohmann/json.hpp>

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

InputNode from_json(const nlohmann::json& value, std::string_view line, int line_number, std::size_t at, int depth) {
  InputNode out;
  out.line = line_number;
  out.column = int(at) + 1;
  if (depth > kMaxDepth) return out;
  switch (value.type()) {
    case nlohmann::json::value_t::object: {
      out.type = InputNode::Type::table;
      for (const auto& [key, member] : value.items()) {
        const std::size_t found = line.find('"' + key + '"', at);
        const std::size_t key_at = found == std::string_view::npos ? at : found;
        // The value follows the key, white space and the colon.
        const std::size_t value_at = found == std::string_view::npos
                                         ? at
                                         : std::min(line.find_first_not_of(" \t\r\n:", found + key.size() + 2), line.size());
        InputNode node = from_json(member, line, line_number, value_at, depth + 1);
        node.key_line = line_number;
        node.key_column = int(key_at) + 1;
        out.members.emplace_back(key, std::move(node));
      }
      break;
    }
    case nlohmann::json::value_t::array: {
      out.type = InputNode::Type::array;
      std::size_t cursor = std::min(at + 1, line.size());
      for (const auto& item : value) {
        // A scalar written compactly (e.g. "AS") is found by its text, a nested array or table by its
        // opening bracket (writing it out could recurse as deep as the line nests).
        const std::string text = item.is_structured() ? std::string(1, item.is_object() ? '{' : '[') : item.dump();
        const std::size_t found = line.find(text, cursor);
        const std::size_t item_at = found == std::string_view::npos ? cursor : found;
        out.items.push_back(from_json(item, line, line_number, item_at, depth + 1));
        if (found != std::string_view::npos) cursor = found + text.size();
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

}  // namespace

InputNode input_from_json(const nlohmann::json& value, std::string_view line_text, int line_number) {
  const std::size_t start = line_text.find_first_not_of(" \t");
  return from_json(value, line_text, line_number, start == std::string_view::npos ? 0 : start, 0);
}

}  // namespace belote
