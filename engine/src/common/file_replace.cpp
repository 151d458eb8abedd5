#include "belote/file_replace.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <algorithm>
#include <fmt/format.h>
#include <grp.h>
#include <sys/file.h>
#include <unistd.h>
#include <utility>
#include <vector>

#include "common/file_lock.h"
#include "common/source_file.h"
#include "common/text_util.h"

namespace belote {

namespace fs = std::filesystem;

namespace {

// Temporary files are named after the file they replace, so that an editor
// holding the file's lock knows any other one is left over from a run that
// was killed, and removes it.
std::string temporary_prefix(const fs::path& target) { return fmt::format(".{}.belote-edit.", target.filename().string()); }

std::string cannot_write(const std::string& display, int error, bool existed) {
  return fmt::format("cannot write {}: {}{}", printable(display, 200), std::strerror(error),
                     existed ? "; it is left as it was" : "");
}

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    text.remove_prefix(std::size_t(n));
  }
  return true;
}

class Descriptor {
 public:
  explicit Descriptor(int fd = -1) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }

 private:
  int fd_;
};

// A file being written beside its final name: anonymous (O_TMPFILE) where the
// file system allows it, so that a run killed while writing leaves nothing;
// else under a temporary name that is removed on every failure.
class TemporaryFile {
 public:
  TemporaryFile(int directory, const fs::path& target) : directory_(directory), target_(target) {
    fd_ = ::openat(directory_, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd_ >= 0) return;
    std::string pattern = (target.parent_path() / (temporary_prefix(target) + "XXXXXX")).string();
    fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd_ >= 0) name_ = fs::path(pattern).filename().string();
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (!name_.empty()) ::unlinkat(directory_, name_.c_str(), 0);
    if (fd_ >= 0) ::close(fd_);
  }

  int fd() const { return fd_; }

  /// Gives the complete file a name in the directory; false (errno set) on failure.
  bool name_it(const std::string& name, bool replace) {
    if (name_.empty()) {
      // Linked into the directory only now that it is whole.
      const std::string self = fmt::format("/proc/self/fd/{}", fd_);
      const std::string linked = replace ? fmt::format("{}{}", temporary_prefix(target_), ::getpid()) : name;
      if (replace) ::unlinkat(directory_, linked.c_str(), 0);
      if (::linkat(AT_FDCWD, self.c_str(), directory_, linked.c_str(), AT_SYMLINK_FOLLOW) != 0) return false;
      if (!replace) return true;
      name_ = linked;
    } else if (!replace) {
      // A hard link fails if the name exists: a new file never replaces one.
      if (::linkat(directory_, name_.c_str(), directory_, name.c_str(), 0) != 0) return false;
      return true;
    }
    if (::renameat(directory_, name_.c_str(), directory_, name.c_str()) != 0) return false;
    name_.clear();
    return true;
  }

 private:
  int directory_;
  fs::path target_;
  int fd_ = -1;
  std::string name_;  ///< empty while anonymous, and once renamed
};

// Writes `text` into a new file beside `target`, then names it `target`
// (replacing the old file, or only if there is none). Returns the errno of the
// first failure, or 0.
int write_beside(const fs::path& target, std::string_view text, mode_t mode, const struct stat* owner, bool replace) {
  const fs::path directory = target.has_parent_path() ? target.parent_path() : fs::path(".");
  Descriptor dir(::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() < 0) return errno;
  TemporaryFile temporary(dir.get(), target.has_parent_path() ? target : directory / target);
  if (temporary.fd() < 0) return errno;
  if (owner && ::fchown(temporary.fd(), owner->st_uid, owner->st_gid) != 0) return errno;
  if (::fchmod(temporary.fd(), mode) != 0 || !write_all(temporary.fd(), text) || ::fsync(temporary.fd()) != 0)
    return errno;
  if (!temporary.name_it(target.filename().string(), replace)) return errno;
  // Make the new name durable; the file is already whole either way.
  ::fsync(dir.get());
  return 0;
}

// Left over by runs that were killed between naming a temporary file and
// renaming it; only an editor holding the file's lock may remove them.
void remove_stale_temporaries(const fs::path& target) {
  const std::string prefix = temporary_prefix(target);
  std::error_code ec;
  for (fs::directory_iterator it(target.parent_path(), ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().filename().string().starts_with(prefix)) fs::remove(it->path(), ec);
  }
}

bool in_group(gid_t group) {
  if (::getegid() == group) return true;
  std::vector<gid_t> groups(std::size_t(std::max(::getgroups(0, nullptr), 0)));
  const int n = ::getgroups(int(groups.size()), groups.data());
  return std::find(groups.begin(), groups.begin() + std::max(n, 0), group) != groups.begin() + std::max(n, 0);
}

// Why a file cannot be replaced by a new one that is the same in all but its text.
std::optional<std::string> why_not_replaceable(const fs::path& target, const struct stat& status) {
  if (status.st_nlink > 1)
    return fmt::format("has {} hard links: replacing it would leave its other names with the old text; edit a copy "
                       "(cp --remove-destination) or remove the other links", status.st_nlink);
  if ((status.st_mode & 0222) == 0 || ::access(target.c_str(), W_OK) != 0)
    return fmt::format("is read-only (mode {:04o}): make it writable (chmod u+w) to edit it", status.st_mode & 07777);
  if (::access(target.parent_path().c_str(), W_OK | X_OK) != 0)
    return fmt::format("cannot be replaced: its directory {} is not writable ({})", printable(target.parent_path().string(), 200),
                       std::strerror(errno));
  // Only the superuser may give a file to another user.
  if (::geteuid() != 0 && status.st_uid != ::geteuid())
    return fmt::format("belongs to another user (uid {}): replacing it would make it yours", status.st_uid);
  if (::geteuid() != 0 && !in_group(status.st_gid))
    return fmt::format("belongs to a group this user is not in (gid {}): replacing it would change its group", status.st_gid);
  return std::nullopt;
}

}  // namespace

std::optional<LockedFile> LockedFile::open(const fs::path& path, const std::string& display, Diagnostics& errors,
                                           std::chrono::milliseconds lock_wait) {
  const auto fail = [&](std::string message) {
    errors.push_back({display, 0, 0, std::move(message)});
    return std::nullopt;
  };
  // Another editor may replace the file while this one waits for the lock:
  // then the name leads to a new file, and this one starts again on it.
  for (int attempt = 0; attempt < 1000; ++attempt) {
    std::error_code ec;
    const fs::path target = fs::canonical(path, ec);
    if (ec) {
      if (fs::is_symlink(fs::symlink_status(path, ec))) return fail("is a symbolic link to a file that does not exist");
      return fail("no such file");
    }
    // Opened without waiting (a FIFO) and without following a link (the target has none).
    Descriptor fd(::open(target.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW));
    if (fd.get() < 0) {
      if (errno == ENOENT || errno == ELOOP) continue;  // replaced meanwhile
      if (errno == ENXIO) return fail("is not a regular file (a socket or a device), not read");
      return fail(fmt::format("cannot be read: {}", std::strerror(errno)));
    }
    struct stat status {};
    if (::fstat(fd.get(), &status) != 0) return fail(fmt::format("cannot be read: {}", std::strerror(errno)));
    if (!S_ISREG(status.st_mode)) {
      Diagnostics kind;
      read_open_file(fd.get(), display, kind);  // names the kind of file without reading it
      return fail(kind.empty() ? "is not a regular file, not read" : kind.front().message);
    }
    if (const int locked = lock_within(fd.get(), lock_wait); locked == ETIMEDOUT) {
      const std::string holder = lock_holder(status);
      return fail(fmt::format("is being edited by {} and was not let go within {} s; it is left as it was (try again, "
                              "or wait longer with --lock-wait)",
                              holder.empty() ? "another program" : holder, lock_wait.count() / 1000.0));
    } else if (locked != 0) {
      return fail(fmt::format("cannot be locked: {}", std::strerror(locked)));
    }
    struct stat now {};
    if (fs::canonical(path, ec) != target || ec || ::stat(target.c_str(), &now) != 0 || now.st_ino != status.st_ino ||
        now.st_dev != status.st_dev)
      continue;
    if (const auto why = why_not_replaceable(target, status)) return fail(*why);
    auto text = read_open_file(fd.get(), display, errors);
    if (!text) return std::nullopt;
    remove_stale_temporaries(target);
    LockedFile file;
    file.fd_ = fd.release();
    file.target_ = target;
    file.display_ = display;
    file.text_ = std::move(*text);
    file.status_ = status;
    return file;
  }
  return fail("keeps being replaced by other programs; try again");
}

LockedFile::LockedFile(LockedFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      target_(std::move(other.target_)),
      display_(std::move(other.display_)),
      text_(std::move(other.text_)),
      status_(other.status_) {}

LockedFile::~LockedFile() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

std::optional<std::string> LockedFile::replace(std::string_view text) {
  // The owner is given back only where it differs: giving a file away may clear its set-id bits.
  const bool same_owner = status_.st_uid == ::geteuid() && status_.st_gid == ::getegid();
  if (const int error = write_beside(target_, text, status_.st_mode & 07777, same_owner ? nullptr : &status_, true))
    return cannot_write(display_, error, true);
  return std::nullopt;
}

std::optional<std::string> read_whole_file(const fs::path& path, const std::string& display, Diagnostics& errors) {
  return read_text_file(path, display, errors);
}

std::optional<std::string> create_file(const fs::path& path, std::string_view text) {
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(path, ec)) || fs::exists(fs::symlink_status(path, ec)))
    return fmt::format("{} already exists", printable(path.string(), 200));
  if (const int error = write_beside(path, text, 0644, nullptr, false)) {
    if (error == EEXIST) return fmt::format("{} already exists", printable(path.string(), 200));
    return cannot_write(path.string(), error, false);
  }
  return std::nullopt;
}

std::optional<std::string> replace_file_refusal(const fs::path& path) {
  const fs::path directory = path.has_parent_path() ? path.parent_path() : fs::path(".");
  Descriptor dir(::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() < 0 || ::faccessat(dir.get(), ".", W_OK | X_OK, AT_EACCESS) != 0) return cannot_write(path.string(), errno, false);
  std::error_code ec;
  if (fs::is_directory(path, ec)) return cannot_write(path.string(), EISDIR, false);
  if (fs::exists(path, ec) && ::access(path.c_str(), W_OK) != 0) return cannot_write(path.string(), errno, false);
  return std::nullopt;
}

std::optional<std::string> replace_file(const fs::path& path, std::string_view text) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return create_file(path, text);
  Diagnostics errors;
  auto file = LockedFile::open(path, path.string(), errors);
  if (!file) return location_and_message(errors.front());
  return file->replace(text);
}

}  // namespace belote
