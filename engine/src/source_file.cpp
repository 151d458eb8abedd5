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
  return printable(std::string_view(text).substr(start, end - start), 200);
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

std::shared_ptr<SourceFile> parse_toml(std::string text, std::string display, std::filesystem::path path,
                                       Diagnostics& errors) {
  auto file = std::make_shared<SourceFile>();
  file->display = std::move(display);
  file->path = std::move(path);
  file->text = std::move(text);
  try {
    file->root = toml::parse(file->text, file->display);
  } catch (const toml::parse_error& e) {
    errors.push_back(file->error(e.source().begin, fmt::format("TOML syntax: {}", printable(e.description(), 200))));
    return nullptr;
  }
  return file;
}

}  // namespace belote
