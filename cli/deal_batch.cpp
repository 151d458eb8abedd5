#include "deal_batch.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace belote::cli {

BatchText::Errors merged_rejections(std::span<const Ruleset* const> rules, std::span<const Diagnostics> errors) {
  const Diagnostics merged = merged_diagnostics(rules, errors);
  BatchText::Errors out;
  out.diagnostics.assign(merged.begin(), merged.end());
  for (const Diagnostics& e : errors) out.kept = std::max(out.kept, e.size());
  // Counted with the input's other errors, and said once at its end (merged_diagnostics counts them).
  out.unkept = merged.unkept();
  return out;
}

std::string suggestion_note(RulesetSuggestion& suggestion, const RulesetSuggestion::Read& read, const DealPlace& place) {
  const std::string other = suggestion.for_deal(read);
  if (other.empty()) return "";
  return fmt::format("{}{}: this deal reads under --ruleset {}, whose deck it fits", place.input,
                     place.line ? fmt::format(":{}", place.line) : "", other);
}

std::string no_thread_message(std::error_code refused) {
  return fmt::format("cannot start a thread to work on the deals: {} (the system's limit on processes or on memory: "
                     "ulimit -u, ulimit -v)",
                     refused.message());
}

int open_input(const std::string& input, std::string& failure) {
  const int fd = input == "-" ? 0 : ::open(input.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    failure = error == ENOENT || error == ENOTDIR ? "no such file" : fmt::format("cannot be read: {}", std::strerror(error));
    return -1;
  }
  // Lines come from a file, a pipe, a socket or a terminal; a directory has none, and a
  // device such as /dev/zero would be read for ever without a line's end.
  struct stat status {};
  if (::fstat(fd, &status) == 0) {
    if (S_ISDIR(status.st_mode)) failure = "is a directory, not a file";
    else if (S_ISBLK(status.st_mode) || (S_ISCHR(status.st_mode) && !::isatty(fd))) failure = "is a device, not a file; not read";
  }
  if (failure.empty()) return fd;
  if (fd != 0) ::close(fd);
  return -1;
}

}  // namespace belote::cli
