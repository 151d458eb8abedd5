#include "common/source_file.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <algorithm>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "common/text_util.h"

namespace belote {

std::string SourceFile::line(int number) const {
  if (number <= 0 || std::size_t(number) > line_starts.size()) return {};
  const std::size_t start = line_starts[std::size_t(number) - 1];
  std::size_t end = std::size_t(number) < line_starts.size() ? line_starts[std::size_t(number)] - 1 : text.size();
  if (end > start && text[end - 1] == '\r') --end;
  return one_column_per_character(std::string_view(text).substr(start, end - start));
}

std::string one_column_per_character(std::string_view line, std::size_t max_characters) {
  // The parser counts columns in code points, and a byte that starts none as
  // one: the line is kept as read, cut after `max_characters` of them, and
  // caret_lines escapes what could act on a terminal (\xXX, as the JSON
  // reader's lines show it), the caret still under its column.
  std::size_t characters = 0, i = 0;
  for (; i < line.size() && characters < max_characters; ++characters)
    i += std::max<std::size_t>(static_cast<unsigned char>(line[i]) < 0x80 ? 1 : utf8_sequence_length(line, i), 1);
  return i < line.size() ? std::string(line.substr(0, i)) + "..." : std::string(line);
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

namespace {

// The kernel's own file systems: their files say they are regular, but their
// contents are made as they are read (/proc/self/environ, /sys/...).
bool on_kernel_file_system(int fd) {
  struct statfs fs {};
  if (::fstatfs(fd, &fs) != 0) return false;
  switch (static_cast<unsigned long>(fs.f_type)) {
    case 0x9fa0:      // proc
    case 0x62656572:  // sysfs
    case 0x64626720:  // debugfs
    case 0x74726163:  // tracefs
    case 0x73636673:  // securityfs
    case 0x27e0eb:    // cgroup
    case 0x63677270:  // cgroup2
    case 0x62656570:  // configfs
    case 0xde5e81e4:  // efivarfs
    case 0xcafe4a11:  // bpf
    case 0x6165676c:  // pstore
      return true;
    default:
      return false;
  }
}

std::string kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISDIR(mode)) return "a directory";
  return "a special file";
}

}  // namespace

std::optional<std::string> read_text_file(const std::filesystem::path& path, const std::string& display,
                                          Diagnostics& errors, std::uintmax_t max_bytes) {
  // Opened without waiting (a FIFO with no writer would block here), then
  // checked on the open file itself: what is read is what was checked.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    std::string message = error == ENOENT || error == ENOTDIR ? "no such file"
                          : error == ENXIO ? "is not a regular file (a socket or a device), not read"
                                           : fmt::format("cannot be read: {}", std::strerror(error));
    errors.push_back({display, 0, 0, std::move(message)});
    return std::nullopt;
  }
  auto text = read_open_file(fd, display, errors, max_bytes);
  ::close(fd);
  return text;
}

std::optional<std::string> read_open_file(int fd, const std::string& display, Diagnostics& errors,
                                          std::uintmax_t max_bytes) {
  const auto fail = [&](std::string message) {
    errors.push_back({display, 0, 0, std::move(message)});
    return std::nullopt;
  };
  struct stat status {};
  if (::fstat(fd, &status) != 0) return fail(fmt::format("cannot be read: {}", std::strerror(errno)));
  if (S_ISDIR(status.st_mode)) return fail("is a directory, not a file");
  if (!S_ISREG(status.st_mode)) return fail(fmt::format("is not a regular file ({}), not read", kind_of(status.st_mode)));
  if (on_kernel_file_system(fd)) return fail("is a file of the kernel (/proc, /sys), not a regular file; not read");
  if (std::uintmax_t(status.st_size) > max_bytes)
    return fail(fmt::format("file too large ({} bytes; the limit is {} bytes)", status.st_size, max_bytes));
  // Read at most one byte past the limit, in case the file grows meanwhile.
  std::string text(std::size_t(status.st_size) + 1, '\0');
  std::size_t length = 0;
  while (true) {
    if (length == text.size()) {
      if (text.size() > max_bytes) return fail(fmt::format("file too large (the limit is {} bytes)", max_bytes));
      text.resize(std::min<std::uintmax_t>(text.size() * 2, max_bytes + 1));
    }
    const ssize_t n = ::pread(fd, text.data() + length, text.size() - length, off_t(length));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(fmt::format("read error: {}", std::strerror(errno)));
    if (n == 0) break;
    length += std::size_t(n);
  }
  text.resize(length);
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
    // The tables of an array ([[mene]]) under the array's path: a key given twice in one is found.
    if (const toml::array* items = node.as_array())
      for (const toml::node& item : *items)
        if (const toml::table* inner = item.as_table()) collect_paths(*inner, path, out);
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
  // Given twice on one line: in one inline table.
  if (end == std::string_view::npos || end == 0) return " (given twice in one inline table; a key is given once)";
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
  if (first_line == 0) return " (given twice in one inline table; a key is given once)";
  const bool table = description.substr(at + kRedefine.size()).starts_with("table");
  return fmt::format(" (first defined at line {}; {})", first_line,
                     table ? "a table is written once, with all its keys" : "a key is given once");
}

// What toml++'s message leaves a reader to guess.
std::string_view syntax_error_hint(std::string_view description) {
  if (description.find("cannot redefine existing table as dotted key-value pair") != std::string_view::npos)
    return " (a table is defined once: one written inline, `{ ... }`, or as a [section] is not extended by dotted keys "
           "elsewhere; give this key where the table is written)";
  return "";
}

// toml++ places a number too large for 64 bits after its last digit: the
// caret goes under its first.
toml::source_position syntax_error_place(const SourceFile& file, const toml::parse_error& e) {
  toml::source_position at = e.source().begin;
  if (e.description().find("is not representable") == std::string_view::npos || at.line == 0 ||
      at.line > file.line_starts.size())
    return at;
  const std::size_t start = file.line_starts[at.line - 1];
  std::size_t end = std::min(file.text.size(), start + std::size_t(at.column) - 1);
  while (end > start && std::isalnum(static_cast<unsigned char>(file.text[end - 1])) == 0) --end;
  std::size_t first = end;
  while (first > start && (std::isalnum(static_cast<unsigned char>(file.text[first - 1])) || file.text[first - 1] == '_' ||
                           file.text[first - 1] == '+' || file.text[first - 1] == '-'))
    --first;
  // Columns count code points; the bytes before the number on its line are ASCII in any line that parsed this far or not.
  at.column = toml::source_index(1 + std::count_if(file.text.begin() + std::ptrdiff_t(start), file.text.begin() + std::ptrdiff_t(first),
                                                   [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  return at;
}

}  // namespace

std::shared_ptr<SourceFile> parse_toml(std::string text, std::string display, std::filesystem::path path,
                                       Diagnostics& errors, std::uintmax_t max_bytes) {
  auto file = std::make_shared<SourceFile>();
  file->display = std::move(display);
  file->path = std::move(path);
  file->text = std::move(text);
  if (file->text.size() > max_bytes) {
    errors.push_back({file->display, 0, 0,
                      fmt::format("text too large ({} bytes; the limit is {} bytes)", file->text.size(), max_bytes)});
    return nullptr;
  }
  file->line_starts.push_back(0);
  for (std::size_t i = file->text.find('\n'); i != std::string::npos; i = file->text.find('\n', i + 1))
    file->line_starts.push_back(i + 1);
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
    errors.push_back(file->error(syntax_error_place(*file, e), fmt::format("TOML syntax: {}{}{}", printable(e.description(), 200), first,
                                                                          syntax_error_hint(e.description()))));
    return nullptr;
  }
  return file;
}

}  // namespace belote
