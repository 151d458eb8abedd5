#include "belote/diagnostic.h"

#include <algorithm>
#include <fmt/format.h>
#include <string_view>
#include <vector>

namespace belote {

void Diagnostics::push_back(Diagnostic diagnostic) {
  if (size() < kMaxDiagnostics) std::vector<Diagnostic>::push_back(std::move(diagnostic));
  else ++unkept_;
}

std::string unkept_errors_message(const Diagnostics& diagnostics) {
  if (diagnostics.unkept() == 0) return {};
  return fmt::format("... and {} more error{} (the first {} are shown)", diagnostics.unkept(),
                     diagnostics.unkept() == 1 ? "" : "s", diagnostics.size());
}

std::string location_and_message(const Diagnostic& d) {
  if (d.file.empty()) return d.message;
  if (d.line <= 0) return fmt::format("{}: {}", d.file, d.message);
  if (d.column <= 0) return fmt::format("{}:{}: {}", d.file, d.line, d.message);
  return fmt::format("{}:{}:{}: {}", d.file, d.line, d.column, d.message);
}

std::string caret_lines(const Diagnostic& d) {
  if (d.source_line.empty() || d.column <= 0) return {};
  // One character per column (code points; tabs kept so the caret lines up).
  std::vector<std::string_view> characters;
  for (std::size_t i = 0; i < d.source_line.size();) {
    std::size_t n = 1;
    while (i + n < d.source_line.size() && (static_cast<unsigned char>(d.source_line[i + n]) & 0xC0) == 0x80) ++n;
    characters.push_back(std::string_view(d.source_line).substr(i, n));
    i += n;
  }
  // A long line is shown around the column, so the caret stays on screen.
  constexpr std::size_t kShown = 100, kBefore = 60;
  const std::size_t column = std::min<std::size_t>(std::size_t(d.column), characters.size() + 1);
  const std::size_t first = column > kBefore + 1 && characters.size() > kShown ? column - 1 - kBefore : 0;
  const std::size_t last = std::min(characters.size(), first + kShown);
  std::string shown = first > 0 ? "..." : "";
  std::string pad(shown.size(), ' ');
  for (std::size_t i = first; i < last; ++i) {
    shown += characters[i];
    if (i + 1 < column) pad += characters[i] == "\t" ? '\t' : ' ';
  }
  if (last < characters.size()) shown += "...";
  return fmt::format("  {}\n  {}^", shown, pad);
}

}  // namespace belote
