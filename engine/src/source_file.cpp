#include "source_file.h"

#include <fmt/format.h>
#include <algorithm>
#include <fstream>
#include <system_error>

#include "text_util.h"

namespace belote {

std::string SourceFile::line(int number) const {
  if (number <= 0) return {};
  std::size_t start = 0;
  for (int n = 1; n < number; ++n) {
    start = text.find('\n', start);
    if (start == std::string::npos) return {};
    ++start;
  }
  std::size_t end = text.find('\n', start);
  if (end == std::string::npos) end = text.size();
  if (end > start && text[end - 1] == '\r') --end;
  return one_column_per_character(std::string_view(text).substr(start, end - start));
}

std::string one_column_per_character(std::string_view line, std::size_t max_characters) {
  // The parser counts columns in code points: each one stays one character, so a
  // caret placed by column lands under it. Tabs stay tabs (the caret line keeps them).
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
  std::string out;
  std::size_t characters = 0, i = 0;
  for (; i < line.size() && characters < max_characters; ++characters) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == '\t' || (c >= 0x20 && c < 0x7F)) {
      out += char(c);
      ++i;
    } else if (const std::size_t n = utf8_sequence_length(line, i)) {
      out.append(line.substr(i, n));
      i += n;
    } else {
      out += kReplacement;
      ++i;
    }
  }
  return i < line.size() ? out + "..." : out;
}

std::string toml_type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a float";
    case toml::node_type::boolean: return "a boolean";
    default: return "a date or time";
  }
}

Diagnostic SourceFile::error(const toml::source_position& at, std::string message) const {
  return Diagnostic{display, int(at.line), int(at.column), std::move(message), line(int(at.line))};
}

std::optional<std::string> read_text_file(const std::filesystem::path& path, const std::string& display,
                                          Diagnostics& errors, std::uintmax_t max_bytes) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) {
    errors.push_back({display, 0, 0, "no such file"});
    return std::nullopt;
  }
  if (std::filesystem::is_directory(status)) {
    errors.push_back({display, 0, 0, "is a directory, not a file"});
    return std::nullopt;
  }
  if (std::filesystem::is_regular_file(status)) {
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) {
      errors.push_back({display, 0, 0,
                        fmt::format("file too large ({} bytes; the limit is {} bytes)", size, max_bytes)});
      return std::nullopt;
    }
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    errors.push_back({display, 0, 0, "cannot be read"});
    return std::nullopt;
  }
  // Read at most one byte past the limit, so a pipe or device cannot exhaust memory.
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, std::size_t(in.gcount()));
    if (text.size() > max_bytes) {
      errors.push_back({display, 0, 0, fmt::format("file too large (the limit is {} bytes)", max_bytes)});
      return std::nullopt;
    }
  }
  if (in.bad()) {
    errors.push_back({display, 0, 0, "read error"});
    return std::nullopt;
  }
  return text;
}

namespace {

// Where a line first holds more than kMaxDotsPerLine dots (column in code points, as the parser counts).
std::optional<toml::source_position> too_many_dots(std::string_view text) {
  std::uint32_t line = 1, column = 0;
  int dots = 0;
  for (const char c : text) {
    if (c == '\n') {
      ++line;
      column = 0;
      dots = 0;
      continue;
    }
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++column;
    if (c == '.' && ++dots > kMaxDotsPerLine) return toml::source_position{line, column};
  }
  return std::nullopt;
}

void collect_paths(const toml::table& table, const std::string& prefix, std::vector<std::pair<std::string, const toml::node*>>& out) {
  for (auto&& [key, node] : table) {
    const std::string path = prefix.empty() ? std::string(key.str()) : prefix + "." + std::string(key.str());
    out.emplace_back(path, &node);
    if (const toml::table* inner = node.as_table()) collect_paths(*inner, path, out);
  }
}

// toml++ names what is defined twice ("cannot redefine existing table
// 'contract'") but not where it was first: the text before the error's line
// parses, and holds that first definition. The name is the full path of a
// table, or a key's name in the table being read (the one opened last, so the
// latest match).
std::string first_definition(std::string_view text, std::string_view description, std::uint32_t error_line) {
  constexpr std::string_view kRedefine = "cannot redefine existing ";
  const auto at = description.find(kRedefine);
  const auto open = at == std::string_view::npos ? at : description.find('\'', at);
  const auto close = open == std::string_view::npos ? open : description.find('\'', open + 1);
  if (close == std::string_view::npos) return "";
  const std::string name(description.substr(open + 1, close - open - 1));
  std::size_t end = 0;
  for (std::uint32_t line = 1; line < error_line && end != std::string_view::npos; ++line) {
    end = text.find('\n', end);
    if (end != std::string_view::npos) ++end;
  }
  if (end == std::string_view::npos || end == 0) return "";
  toml::table before;
  try {
    before = toml::parse(text.substr(0, end));
  } catch (const toml::parse_error&) {
    return "";
  }
  std::vector<std::pair<std::string, const toml::node*>> paths;
  collect_paths(before, "", paths);
  std::uint32_t first_line = 0;
  for (const auto& [path, node] : paths)
    if (path == name || path.ends_with("." + name)) first_line = std::max(first_line, node->source().begin.line);
  if (first_line == 0) return "";
  const bool table = description.substr(at + kRedefine.size()).starts_with("table");
  return fmt::format(" (first defined at line {}; {})", first_line,
                     table ? "a table is written once, with all its keys" : "a key is given once");
}

}  // namespace

std::shared_ptr<SourceFile> parse_toml(std::string text, std::string display, std::filesystem::path path,
                                       Diagnostics& errors) {
  auto file = std::make_shared<SourceFile>();
  file->display = std::move(display);
  file->path = std::move(path);
  file->text = std::move(text);
  if (file->text.size() > kMaxSourceBytes) {
    errors.push_back({file->display, 0, 0,
                      fmt::format("text too large ({} bytes; the limit is {} bytes)", file->text.size(), kMaxSourceBytes)});
    return nullptr;
  }
  // toml++ stops nested arrays and inline tables at 256 levels, but not dotted keys: each
  // dot of `[a.b.c]` or `a.b.c = 1` is one more level of its recursion, and some tens of
  // thousands overflow the stack. No ruleset, deal or sheet needs that many in a line.
  if (const auto at = too_many_dots(file->text)) {
    errors.push_back(file->error(*at, fmt::format("nested too deeply: more than {} dots in one line (keys and table names "
                                                  "are refused this deep)", kMaxDotsPerLine)));
    return nullptr;
  }
  try {
    file->root = toml::parse(file->text, file->display);
  } catch (const toml::parse_error& e) {
    const std::string first = first_definition(file->text, e.description(), e.source().begin.line);
    errors.push_back(file->error(e.source().begin, fmt::format("TOML syntax: {}{}", printable(e.description(), 200), first)));
    return nullptr;
  }
  return file;
}

}  // namespace belote
