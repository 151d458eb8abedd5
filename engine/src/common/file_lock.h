// Waiting for another program's lock on a file, for a bounded time, and
// naming who holds it when the wait ends.
#pragma once

#include <chrono>
#include <string>
#include <sys/stat.h>

namespace belote {

/// Takes the exclusive lock (flock) of the open file `fd`, waiting at most
/// `wait` for another holder to let it go: 0, ETIMEDOUT when the wait ran
/// out, or another errno.
int lock_within(int fd, std::chrono::milliseconds wait);

/// "process 1234 (belote)" for the process holding a lock on the file of
/// `status`, as /proc/locks tells; "" when it cannot be told.
std::string lock_holder(const struct stat& status);

}  // namespace belote
