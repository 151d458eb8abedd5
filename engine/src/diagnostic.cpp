#include "belote/diagnostic.h"

#include <fmt/format.h>

namespace belote {

std::string location_and_message(const Diagnostic& d) {
  if (d.file.empty()) return d.message;
  if (d.line <= 0) return fmt::format("{}: {}", d.file, d.message);
  if (d.column <= 0) return fmt::format("{}:{}: {}", d.file, d.line, d.message);
  return fmt::format("{}:{}:{}: {}", d.file, d.line, d.column, d.message);
}

std::string caret_lines(const Diagnostic& d) {
  if (d.source_line.empty() || d.column <= 0) return {};
  // Keep tabs so the caret lines up; count code points, not bytes.
  std::string pad;
  int column = 1;
  for (std::size_t i = 0; i < d.source_line.size() && column < d.column; ++i) {
    const unsigned char c = static_cast<unsigned char>(d.source_line[i]);
    if ((c & 0xC0) == 0x80) continue;
    pad += c == '\t' ? '\t' : ' ';
    ++column;
  }
  return fmt::format("  {}\n  {}^", d.source_line, pad);
}

}  // namespace belote
