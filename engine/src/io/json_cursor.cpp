#include "io/json_cursor.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "belote/json_text.h"
#include "belote/terminal_text.h"
#include "common/text_scan.h"
#include "common/text_util.h"

namespace belote {

bool json_copies_as_is(std::string_view text) {
  for (std::size_t i = first_not_plain_json(text); i < text.size(); i = first_not_plain_json(text, i)) {
    if (static_cast<unsigned char>(text[i]) < 0x80) return false;  // a control, a quote or a backslash
    // What the JSON library rejects or replaces (overlong forms, surrogates,
    // beyond U+10FFFF) is left to it.
    const auto [c, length] = code_point(text, i);
    if (length == 1 || (length == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) ||
        (length == 4 && (c < 0x10000 || c > 0x10FFFF)))
      return false;
    i += length;
  }
  return true;
}

// Text to copy is copied; anything to escape, and bytes that are not UTF-8
// (written as U+FFFD), are written by the JSON library itself.
std::string json_string(std::string_view text) {
  if (!json_copies_as_is(text)) return json_text(nlohmann::json(std::string(text)));
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  out += text;
  out += '"';
  return out;
}

char* JsonSpace::string(char* at, std::string_view text) {
  using json_out::put;
  // Printable ASCII, the usual text, is copied as it is and is safe on a terminal.
  const bool plain = first_not_plain_json(text) == text.size();
  if (plain || json_copies_as_is(text)) {
    strings_terminal_safe_ = strings_terminal_safe_ && (plain || is_terminal_safe(text));
    at = reserve(at, text.size() + 2);
    return put(put(put(at, '"'), text), '"');
  }
  const std::string escaped = json_string(text);
  strings_terminal_safe_ = strings_terminal_safe_ && is_terminal_safe(escaped);
  return put(reserve(at, escaped.size()), escaped);
}

char* JsonSpace::grow(char* at, std::size_t n) {
  const std::size_t used = std::size_t(at - space_.data());
  space_.resize(std::max(used + n, 2 * space_.size()));
  return space_.data() + used;
}

}  // namespace belote
