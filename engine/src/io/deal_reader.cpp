// Reading deals from TOML files and from JSON values built in code.
#include "belote/deal_reader.h"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/deal_checker.h"
#include "io/game_file_keys.h"
#include "common/source_file.h"
#include "common/text_util.h"

namespace belote {

bool DealReader::read_toml_file(const std::filesystem::path& path, Deal& deal, Diagnostics& errors) const {
  auto text = read_text_file(path, path.string(), errors);
  return text && read_toml(*text, path.string(), deal, errors);
}

bool DealReader::read_toml(std::string_view text, const std::string& display, Deal& deal, Diagnostics& errors) const {
  auto file = parse_toml(std::string(text), display, {}, errors);
  if (!file) return false;
  const auto at = [&](int line, int column, std::string message) {
    return Diagnostic{display, line, column, std::move(message), file->line(line)};
  };
  InputNode root = input_from_toml(file->root);
  const InputNode* table = root.get("deal");
  // A score sheet, or a game's record in its TOML form, given where a deal goes: said in one error, not a key at a time.
  const auto game_file_key = [](const auto& member) {
    // (std::find, not std::ranges: the web build's standard library has no ranges algorithms.)
    return std::find(kSheetKeys.begin(), kSheetKeys.end(), member.first) != kSheetKeys.end() ||
           std::find(kRecordKeys.begin(), kRecordKeys.end(), member.first) != kRecordKeys.end();
  };
  if (!table && root.get("ruleset") && std::all_of(root.members.begin(), root.members.end(), game_file_key)) {
    // Named where it is a file; text given otherwise ("<stdin>", "<string>") must be written to one first.
    const bool file_given = !(display.starts_with('<') && display.ends_with('>'));
    errors.push_back(at(1, 1, fmt::format("a score sheet (or a game's record), not a deal file: {}",
                                          file_given ? fmt::format("`belote sheet show {}` scores it", shell_path(display))
                                                     : "`belote sheet show FILE` scores it from a file")));
    return false;
  }
  // Said first: a file with no [deal] table is most likely no deal file, and its keys are unknown for that.
  if (!table || table->type != InputNode::Type::table)
    errors.push_back(at(table ? table->line : 1, table ? table->column : 1,
                        table ? "'deal' must be a table" : "missing [deal] table"));
  bool ok = true;
  for (const auto& [key, node] : root.members) {
    if (key == "deal" || key == "description" || key == "expect") continue;
    errors.push_back(at(node.key_line, node.key_column,
                        fmt::format("unknown key '{}'{} (a deal file holds a [deal] table)", printable(key),
                                    did_you_mean(key, {"deal", "description", "expect"}))));
    ok = false;
  }
  if (!table || table->type != InputNode::Type::table) return false;
  return check_deal(rules_, *table, "deal.", errors, at, deal) && ok;
}

bool DealReader::read_json(const nlohmann::json& value, const std::string& display, Deal& deal, Diagnostics& errors) const {
  if (!value.is_object()) {
    errors.push_back(Diagnostic{display, 0, 0, "a deal must be a JSON object", ""});
    return false;
  }
  // A value built in code has no text to point into: errors name the key only.
  const auto at = [&](int, int, std::string message) { return Diagnostic{display, 0, 0, std::move(message), ""}; };
  return check_deal(rules_, input_from_json(value, "", 0), "", errors, at, deal);
}

bool DealReader::read_hands(const HandsDealText& text, Deal& deal, Diagnostics& errors) const {
  nlohmann::json value{{"trump", text.trump}, {"taker", text.taker}};
  if (!text.id.empty()) value["id"] = text.id;
  if (!text.first.empty()) value["first"] = text.first;
  for (Seat seat : kSeats) value["hands"][std::string(name(seat))] = text.hands[seat];
  for (const auto& [key, numbers] : {std::pair{"points", text.result.points}, std::pair{"tricks", text.result.tricks}})
    value["result"][key] = {{"NS", numbers[Team::NS]}, {"EW", numbers[Team::EW]}};
  return read_json(value, "<deal>", deal, errors);
}

bool opens_json_document(std::string_view line) {
  if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);  // a byte-order mark, as some editors write
  const std::size_t begin = line.find_first_not_of(" \t\r");
  const std::size_t end = line.find_last_not_of(" \t\r");
  return begin != std::string_view::npos && begin == end && (line[begin] == '{' || line[begin] == '[');
}

}  // namespace belote
