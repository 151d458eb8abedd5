// Editing a user's file so that it is never seen half-written, no concurrent
// edit is lost, and nothing but the file itself changes.
//
//   Diagnostics errors;
//   auto file = LockedFile::open("game.toml", "game.toml", errors);  // waits for other editors
//   if (!file) { ...errors... }
//   std::string text = edited(file->text());                         // read under the lock
//   if (auto failure = file->replace(text)) { ...*failure... }       // still under the lock
//
// The lock is an advisory lock (flock) on the file itself: the file a
// symbolic link leads to, opened before its text is read. Replacing the file
// gives it a new inode, so an editor that was waiting on the old one sees,
// once it has the lock, that the name now leads elsewhere, and starts again
// on the new file. Every program that edits the file through this class (every
// `belote sheet` and `belote rulesets new`) takes the same lock; a text editor
// does not.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <sys/stat.h>

#include "belote/diagnostic.h"

namespace belote {

/// How long an edit waits for another one to end, unless told otherwise.
inline constexpr std::chrono::milliseconds kDefaultLockWait{10'000};

class LockedFile {
 public:
  /// Opens `path` (following symbolic links to the file itself), refuses a
  /// file it could not replace faithfully, waits for the lock and reads the
  /// text. Refused, with the reason in `errors` (under `display`): a file that
  /// is not a regular file (never opened for reading when it is a FIFO or a
  /// device), one over 1 MiB, one with several hard links (replacing it would
  /// part it from its other names), a read-only one, and one owned by another
  /// user when the program cannot give the new file that owner.
  /// Another program's edit holding the lock is waited for at most `lock_wait`
  /// (a holder stopped midway would otherwise make every other edit wait
  /// forever); then the file is refused, naming the process that holds it.
  static std::optional<LockedFile> open(const std::filesystem::path& path, const std::string& display,
                                        Diagnostics& errors,
                                        std::chrono::milliseconds lock_wait = kDefaultLockWait);

  LockedFile(LockedFile&& other) noexcept;
  LockedFile& operator=(LockedFile&&) = delete;
  ~LockedFile();  ///< releases the lock

  const std::string& text() const { return text_; }
  /// The file edited: the end of any chain of symbolic links.
  const std::filesystem::path& target() const { return target_; }

  /// Replaces the file's contents with `text`: written to a temporary file
  /// beside it (invisible until complete where the file system allows it),
  /// given the old file's mode, owner and group, flushed to the disk and
  /// renamed over the file while the lock is held. On failure the file is left
  /// as it was, no temporary file remains, and the one reason is returned.
  std::optional<std::string> replace(std::string_view text);

 private:
  LockedFile() = default;
  int fd_ = -1;
  std::filesystem::path target_;
  std::string display_;
  std::string text_;
  struct stat status_ {};
};

/// Reads a user's whole file, as the engine reads every file it is given (a
/// ruleset, a deal, a sheet): refused, with the reason in `errors` under
/// `display` ("no such file", "is a directory, not a file", "is not a regular
/// file (a FIFO), not read"...), where it is not a readable regular file
/// (a FIFO or a device is never waited on, a terminal never read) or holds
/// more than 1 MiB.
std::optional<std::string> read_whole_file(const std::filesystem::path& path, const std::string& display,
                                           Diagnostics& errors);

/// Writes `text` as a new file at `path`, never over an existing one (nor
/// through a symbolic link): "already exists" is returned instead. The file
/// appears whole or not at all, with mode 0644.
std::optional<std::string> create_file(const std::filesystem::path& path, std::string_view text);

/// Why replace_file could not write `path`, found without touching it, for a
/// program that writes the file only at the end of a long run: its directory
/// is missing or may not be written in, `path` is a directory, or an existing
/// file there is not writable. None when those checks pass (the write may
/// still fail later: a full disk).
std::optional<std::string> replace_file_refusal(const std::filesystem::path& path);

/// create_file when `path` does not exist, else LockedFile::open and replace:
/// the file is replaced whole, keeping its mode and owner.
///
/// A program that may run under a file-size limit (ulimit -f) should ignore
/// SIGXFSZ, so that an oversized write fails here instead of ending the process.
std::optional<std::string> replace_file(const std::filesystem::path& path, std::string_view text);

}  // namespace belote
