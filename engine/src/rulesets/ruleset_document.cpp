#include "belote/ruleset_document.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <optional>

#include "belote/ruleset_schema.h"

namespace belote {

std::string origin_text(const Origin& origin) {
  const std::string file = origin.file.starts_with("<") ? origin.file
                                                        : std::filesystem::path(origin.file).filename().string();
  return origin.line > 0 ? fmt::format("{}:{}", file, origin.line) : file;
}

namespace {

// The table key a setting belongs to ("carres.points" for "carres.points.J"), or "".
std::string table_of(const std::string& key) {
  const auto dot = key.rfind('.');
  if (dot == std::string::npos) return "";
  const std::string parent = key.substr(0, dot);
  const KeySpec* spec = find_key(parent);
  return spec && spec->shape == KeyShape::table ? parent : "";
}

// The table a value is written under: "contract" for "contract.capot", "kinds.sans-atout" for "kinds.sans-atout.trumps".
std::string section_of(const std::string& key) {
  const auto dot = key.rfind('.');
  return dot == std::string::npos ? "" : key.substr(0, dot);
}

// Which levels the auction calls as its double and redouble: the two lowest factors, whatever the order written.
// In a starter it stays a comment once the keys around it are uncommented.
std::string doubles_note(const Ruleset& rules, std::string_view comment) {
  const AuctionRules& a = rules.auction;
  if (a.double_name.empty()) return "";
  if (a.redouble_name.empty())
    return fmt::format("{}The auction's double is '{}', the level of the lowest factor.\n", comment, a.double_name);
  return fmt::format("{}The auction's double is '{}' and its redouble '{}': the levels of the two lowest factors.\n",
                     comment, a.double_name, a.redouble_name);
}

}  // namespace

std::string ruleset_document(const LoadedRuleset& loaded, const DocumentStyle& style) {
  std::string out;
  const std::string comment = style.commented ? "# " : "";
  // The [table] the next lines belong to: none yet after the scalars, so that the first table writes its header.
  std::optional<std::string> current_header = std::string();
  const auto emit = [&](std::string text, const Origin& origin) {
    if (style.origins) text = fmt::format("{:<48} # {}", text, origin_text(origin));
    out += text + "\n";
  };
  const auto line = [&](const std::string& key_text, const Setting& s) {
    emit(fmt::format("{}{} = {}", comment, key_text, s.value), s.origin);
  };
  // Scalars of each section first, then its tables, so the document stays valid TOML.
  for (const bool tables : {false, true}) {
    for (const Setting& s : loaded.settings) {
      const KeySpec* spec = find_key(s.key);
      if (spec && spec->metadata && !style.metadata) continue;
      // A ruleset is named by its file: a copy saved under another name takes that one.
      if (s.key == "name") continue;
      const std::string table = table_of(s.key);
      if (tables != !table.empty()) continue;
      if (s.key == "extends" && !style.commented) {
        if (!style.base_note) continue;
        emit(fmt::format("# extends = {} (already applied: every key below is resolved)", s.value), s.origin);
        continue;
      }
      const std::string header = tables ? table : section_of(s.key);
      if (header != current_header) {
        out += fmt::format("\n{}[{}]\n", comment, header);
        current_header = header;
        if (header == "doubling.levels") out += doubles_note(*loaded.ruleset, style.commented ? "## " : "# ");
      }
      line(s.key.substr(header.empty() ? 0 : header.size() + 1), s);
    }
    current_header.reset();
  }
  return out;
}

}  // namespace belote
