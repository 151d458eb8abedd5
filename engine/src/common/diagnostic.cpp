#include "belote/diagnostic.h"

#include <algorithm>
#include <fmt/format.h>
#include <string_view>
#include <vector>

#include "common/text_util.h"

namespace belote {

void Diagnostics::push_back(Diagnostic diagnostic) {
  if (size() >= kMaxDiagnostics) {
    ++unkept_;
    return;
  }
  // Whatever a message quotes, it stays short enough to read (cut between characters).
  if (diagnostic.message.size() > kMaxMessageBytes) {
    std::size_t cut = kMaxMessageBytes - 3;
    while (cut > 0 && (static_cast<unsigned char>(diagnostic.message[cut]) & 0xC0) == 0x80) --cut;
    diagnostic.message.resize(cut);
    diagnostic.message += "...";
  }
  std::vector<Diagnostic>::push_back(std::move(diagnostic));
}

std::string unkept_errors_message(const Diagnostics& diagnostics) {
  if (diagnostics.unkept() == 0) return {};
  return more_errors_message(diagnostics.unkept(), diagnostics.size());
}

std::string more_errors_message(std::size_t more, std::size_t shown) {
  return fmt::format("... and {} more error{} (the first {} are shown)", more, plural(more), shown);
}

std::string location_and_message(const Diagnostic& d) {
  if (d.file.empty()) return d.message;
  if (d.line <= 0) return fmt::format("{}: {}", d.file, d.message);
  if (d.column <= 0) return fmt::format("{}:{}: {}", d.file, d.line, d.message);
  return fmt::format("{}:{}:{}: {}", d.file, d.line, d.column, d.message);
}

std::string caret_lines(const Diagnostic& d) {
  if (d.source_line.empty() || d.column <= 0) return {};
  // One character per column (code points, and a byte that starts none);
  // tabs kept so the caret lines up. What could act on a terminal is shown
  // escaped (\x01, \xff, \u202e), and the caret line pads it as wide.
  struct Character {
    std::string_view text;
    std::string shown;  ///< the escape, when not shown as it is
  };
  std::vector<Character> characters;
  const std::string_view line = d.source_line;
  for (std::size_t i = 0; i < line.size();) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    const std::size_t n = c < 0x80 ? 1 : utf8_sequence_length(line, i);
    Character character{line.substr(i, std::max<std::size_t>(n, 1)), ""};
    if (n == 0 || (c < 0x20 && c != '\t') || c == 0x7F) character.shown = fmt::format("\\x{:02x}", c);
    else if (n > 1 && controls_terminal(code_point(line, i).first))
      character.shown = fmt::format("\\u{:04x}", std::uint32_t(code_point(line, i).first));
    characters.push_back(std::move(character));
    i += std::max<std::size_t>(n, 1);
  }
  // A long line is shown around the column, so the caret stays on screen.
  constexpr std::size_t kShown = 100, kBefore = 60;
  const std::size_t column = std::min<std::size_t>(std::size_t(d.column), characters.size() + 1);
  const std::size_t first = column > kBefore + 1 && characters.size() > kShown ? column - 1 - kBefore : 0;
  const std::size_t last = std::min(characters.size(), first + kShown);
  std::string shown = first > 0 ? "..." : "";
  std::string pad(shown.size(), ' ');
  for (std::size_t i = first; i < last; ++i) {
    const Character& character = characters[i];
    shown += character.shown.empty() ? character.text : std::string_view(character.shown);
    if (i + 1 < column) {
      if (character.text == "\t") pad += '\t';
      else pad.append(character.shown.empty() ? 1 : character.shown.size(), ' ');
    }
  }
  if (last < characters.size()) shown += "...";
  return fmt::format("  {}\n  {}^", shown, pad);
}

}  // namespace belote
