#include "common/file_lock.h"

#include <cerrno>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/sysmacros.h>
#include <thread>

#include "common/text_util.h"

namespace belote {

int lock_within(int fd, std::chrono::milliseconds wait) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + wait;
  // Short waits at first, as an edit is over in milliseconds; then at most ten tries a second.
  auto pause = std::chrono::milliseconds(1);
  for (;;) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return 0;
    if (errno == EINTR) continue;
    if (errno != EWOULDBLOCK) return errno;
    const auto now = Clock::now();
    if (now >= deadline) return ETIMEDOUT;
    std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::milliseconds(100));
  }
}

std::string lock_holder(const struct stat& status) {
  // A line of /proc/locks: "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF".
  std::ifstream locks("/proc/locks");
  const std::string file = fmt::format("{:02x}:{:02x}:{}", major(status.st_dev), minor(status.st_dev), status.st_ino);
  for (std::string line; std::getline(locks, line);) {
    std::istringstream words(line);
    std::string number, kind, mode, access, pid, where;
    if (!(words >> number >> kind) || kind != "FLOCK") continue;
    if (!(words >> mode >> access >> pid >> where) || where != file) continue;
    std::ifstream comm("/proc/" + pid + "/comm");
    std::string name;
    std::getline(comm, name);
    return name.empty() ? fmt::format("process {}", pid) : fmt::format("process {} ({})", pid, printable(name, 60));
  }
  return "";
}

}  // namespace belote
