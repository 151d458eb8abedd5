#include "io/text_place.h"

#include <algorithm>

#include "common/text_util.h"

namespace belote {

Diagnostic place_in_text(std::string_view text, const std::string& display, int column, std::string message) {
  if (column <= 0) return Diagnostic{display, 0, 0, std::move(message), ""};
  const std::size_t offset = std::min(std::size_t(column - 1), text.size());
  const std::size_t newline = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
  const int line = 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(begin), '\n'));
  const int at = int(offset - begin) + 1;
  std::string_view line_text = text.substr(begin, text.find('\n', begin) - begin);
  if (line_text.ends_with('\r')) line_text.remove_suffix(1);
  return Diagnostic{display, line, at, std::move(message), line_through_column(line_text, at)};
}

std::string line_through_column(std::string_view line, int column) {
  constexpr std::size_t kPast = 100;
  std::size_t end = 0;
  if (column > 0) {
    for (std::size_t n = 0; end < line.size() && n < std::size_t(column) + kPast; ++n) {
      const unsigned char c = static_cast<unsigned char>(line[end]);
      end += std::max<std::size_t>(c < 0x80 ? 1 : utf8_sequence_length(line, end), 1);
    }
  }
  return std::string(line.substr(0, end));
}

}  // namespace belote
