// A user's TOML file, read with bounds and parsed, kept for error positions.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <toml++/toml.h>
#include <vector>

#include "belote/diagnostic.h"

namespace belote {

/// Files larger than this are refused before parsing: a ruleset or a deal is a few KiB.
inline constexpr std::uintmax_t kMaxSourceBytes = 1 << 20;
/// Lines with more dots than this are refused before parsing (see parse_toml).
inline constexpr int kMaxDotsPerLine = 256;

struct SourceFile {
  std::string display;          ///< the path as the user gave it, or "<string>"
  std::filesystem::path path;   ///< canonical path, empty for in-memory text
  std::string text;
  toml::table root;
  /// Where each line starts in `text`, so that quoting a line under an error
  /// costs its own length, not the file's (set by parse_toml).
  std::vector<std::size_t> line_starts;

  /// The text of a 1-based line, made printable and bounded.
  std::string line(int number) const;
  Diagnostic error(const toml::source_position& at, std::string message) const;
  Diagnostic error(const toml::node& at, std::string message) const { return error(at.source().begin, std::move(message)); }
};

/// A line of a user's file as kept under an error: as read, cut after
/// `max_characters` code points (a byte that starts none counts as one);
/// caret_lines shows what could act on a terminal escaped.
std::string one_column_per_character(std::string_view line, std::size_t max_characters = 1000);

/// "an integer", "a table"...: what a TOML value is, for messages.
std::string toml_type_name(const toml::node& node);

/// Reads a whole file, refusing one that is not a readable regular file (a FIFO,
/// a device, a socket, a file of /proc or /sys: none is even waited on) or is too large.
std::optional<std::string> read_text_file(const std::filesystem::path& path, const std::string& display,
                                          Diagnostics& errors, std::uintmax_t max_bytes = kMaxSourceBytes);

/// The same for a file already open (e.g. under a lock), read from its start;
/// its kind is checked on the open file, so nothing but a regular file is read.
std::optional<std::string> read_open_file(int fd, const std::string& display, Diagnostics& errors,
                                          std::uintmax_t max_bytes = kMaxSourceBytes);

/// Parses TOML text; on a syntax error, adds it with its position and returns nullptr.
/// Text over `max_bytes`, or nested too deeply for the parser, is refused the same way.
std::shared_ptr<SourceFile> parse_toml(std::string text, std::string display, std::filesystem::path path,
                                       Diagnostics& errors, std::uintmax_t max_bytes = kMaxSourceBytes);

}  // namespace belote
