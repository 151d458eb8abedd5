// Where each value of a JSON line starts, for error positions: the JSON
// library gives values but not places.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace belote {

struct JsonPlace {
  static constexpr std::size_t npos = std::size_t(-1);
  std::size_t at = 0;      ///< byte offset where the value starts
  std::size_t key_at = 0;  ///< byte offset of its key's opening quote (an object member)
  std::string key;         ///< its key, unescaped (an object member)
  std::size_t first_child = npos;   ///< index of its first item or member
  std::size_t next_sibling = npos;  ///< index of the next item or member of its parent
};

/// Every value of `text`, which the JSON library has accepted, in the order
/// written; [0] is the whole value. One pass, without recursion: the cost is
/// the text's length however it nests.
std::vector<JsonPlace> json_places(std::string_view text);

}  // namespace belote
