// Replacing a file's contents so that it is never seen half-written.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace belote {

/// Writes `text` to a temporary file beside `path`, flushes it to the disk and
/// renames it over `path` (a new file is created with mode 0644; an existing
/// one keeps its mode). On failure the old file is left as it was, the
/// temporary is removed, and the reason is returned.
///
/// A program that may run under a file-size limit (ulimit -f) should ignore
/// SIGXFSZ, so that an oversized write fails here instead of ending the process.
std::optional<std::string> replace_file(const std::filesystem::path& path, std::string_view text);

}  // namespace belote
