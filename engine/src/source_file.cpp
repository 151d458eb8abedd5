#include "source_file.h"

#include <fmt/format.h>
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
    errors.push_back(file->error(e.source().begin, fmt::format("TOML syntax: {}", printable(e.description(), 200))));
    return nullptr;
  }
  return file;
}

}  // namespace belote
