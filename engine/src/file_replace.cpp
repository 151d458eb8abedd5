#include "belote/file_replace.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

namespace belote {

namespace {

std::string reason(const std::filesystem::path& path, std::string_view what) {
  return fmt::format("cannot write {}: {}: {}", path.string(), what, std::strerror(errno));
}

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(std::size_t(n));
  }
  return true;
}

}  // namespace

std::optional<std::string> replace_file(const std::filesystem::path& path, std::string_view text) {
  const std::filesystem::path directory = path.has_parent_path() ? path.parent_path() : ".";
  // Same directory, so the rename stays on one file system and is atomic.
  std::string temporary = (directory / fmt::format(".{}.XXXXXX", path.filename().string())).string();
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) return reason(path, "cannot create a temporary file beside it");

  struct stat old {};
  const mode_t mode = ::stat(path.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644;
  std::optional<std::string> failure;
  if (::fchmod(fd, mode) != 0) failure = reason(path, "fchmod");
  else if (!write_all(fd, text)) failure = reason(path, "write");
  else if (::fsync(fd) != 0) failure = reason(path, "fsync");
  if (::close(fd) != 0 && !failure) failure = reason(path, "close");
  if (!failure && ::rename(temporary.c_str(), path.c_str()) != 0) failure = reason(path, "rename");
  if (failure) {
    ::unlink(temporary.c_str());
    return failure;
  }
  // Make the rename itself durable; the file is already whole either way.
  if (const int dir = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return std::nullopt;
}

}  // namespace belote
