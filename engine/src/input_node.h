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
  enum class Type { table, array, string, integer, boolean, other };
  Type type = Type::other;
  std::string text;
  std::int64_t integer = 0;
  bool boolean = false;
  std::vector<std::pair<std::string, InputNode>> members;  ///< a table's, in input order
  std::vector<InputNode> items;                            ///< an array's
  int line = 0, column = 0;                                ///< where the value is
  int key_line = 0, key_column = 0;                        ///< where its key is, for a member

  const InputNode* get(std::string_view key) const {
    for (const auto& [name, node] : members)
      if (name == key) return &node;
    return nullptr;
  }
  std::string_view type_name() const;
};

InputNode input_from_toml(const toml::node& node);
/// JSON has no positions: members are placed by finding their quoted key in the line.
InputNode input_from_json(const nlohmann::json& value, std::string_view line_text, int line_number);

}  // namespace belote
