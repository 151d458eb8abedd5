// A deal's input as a small tree with positions, whether it came from TOML
// or from JSON, so that one reader checks both.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <utility>
#include <vector>

namespace belote {

struct InputNode {
  struct Member;
  enum class Type { table, array, string, integer, floating, boolean, null, other };
  Type type = Type::other;
  std::string text;
  std::int64_t integer = 0;
  bool boolean = false;
  std::vector<Member> members;                             ///< a table's, in input order
  std::vector<InputNode> items;                            ///< an array's
  int line = 0, column = 0;                                ///< where the value is
  int key_line = 0, key_column = 0;                        ///< where its key is, for a member

  const InputNode* get(std::string_view key) const;
  std::string_view type_name() const;
};

/// A table's key and value. Not a std::pair: clang checks a pair's constructors
/// as soon as the pair is named, which needs InputNode complete.
struct InputNode::Member {
  std::string first;  ///< the key
  InputNode second;   ///< the value
  Member(std::string key, InputNode value) : first(std::move(key)), second(std::move(value)) {}
};

inline const InputNode* InputNode::get(std::string_view key) const {
  for (const auto& [name, node] : members)
    if (name == key) return &node;
  return nullptr;
}

InputNode input_from_toml(const toml::node& node);
/// The JSON library gives no positions: they are found in `line_text` (the text
/// the value was parsed from) in one pass; with no text, every value is at column 1.
InputNode input_from_json(const nlohmann::json& value, std::string_view line_text, int line_number);

}  // namespace belote
