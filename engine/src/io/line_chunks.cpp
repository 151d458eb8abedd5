#include "belote/line_chunks.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

namespace belote {

namespace {

// As much as one read asks for: a few hundred deals.
constexpr std::size_t kReadBytes = 1 << 18;

bool blank(std::string_view text) { return text.find_first_not_of(" \t\r") == std::string_view::npos; }

}  // namespace

std::string lines_refusal(int fd) {
  struct stat status {};
  if (::fstat(fd, &status) != 0) return "";
  if (S_ISDIR(status.st_mode)) return "is a directory, not a file";
  if (S_ISBLK(status.st_mode) || (S_ISCHR(status.st_mode) && !::isatty(fd))) return "is a device, not a file; not read";
  return "";
}

int open_lines(const std::string& path, std::string& failure) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    failure = error == ENOENT || error == ENOTDIR ? "no such file" : fmt::format("cannot be read: {}", std::strerror(error));
    errno = error;
    return -1;
  }
  failure = lines_refusal(fd);
  if (failure.empty()) return fd;
  ::close(fd);
  errno = failure.starts_with("is a directory") ? EISDIR : ENODEV;
  return -1;
}

void LineChunker::add_line(LineChunk& chunk, std::size_t begin, std::size_t end) {
  ++number_;
  if (skipping_) {
    // A line of blanks is skipped, however long, as LineReader's first bytes of it are blank.
    if (!blank_start_) chunk.lines.push_back({begin, 0, number_, true});
    skipping_ = false;
    return;
  }
  const std::string_view text = std::string_view(chunk.text).substr(begin, end - begin);
  if (text.size() > kMaxDealLineBytes) {
    if (!blank(text.substr(0, kMaxDealLineBytes))) chunk.lines.push_back({begin, 0, number_, true});
  } else if (!blank(text)) {
    chunk.lines.push_back({begin, end - begin, number_, false});
  }
}

bool LineChunker::next(LineChunk& chunk) {
  chunk.text.swap(pending_);
  pending_.clear();
  chunk.lines.clear();
  std::size_t line_start = 0;
  std::size_t scanned = chunk.text.size();
  while (!end_) {
    const std::size_t before = chunk.text.size();
    chunk.text.resize(before + kReadBytes);
    const ssize_t got = ::read(fd_, chunk.text.data() + before, kReadBytes);
    chunk.text.resize(before + std::size_t(got > 0 ? got : 0));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      error_ = got < 0;
      end_ = true;
      break;
    }
    for (std::size_t i = scanned; i < chunk.text.size(); ++i) {
      const void* found = std::memchr(chunk.text.data() + i, '\n', chunk.text.size() - i);
      if (!found) break;
      const std::size_t newline = std::size_t(static_cast<const char*>(found) - chunk.text.data());
      add_line(chunk, line_start, newline);
      line_start = newline + 1;
      i = newline;
    }
    scanned = chunk.text.size();
    // A line longer than a deal may be: keep its number, not its text.
    if (!skipping_ && scanned - line_start > kMaxDealLineBytes) {
      skipping_ = true;
      blank_start_ = blank(std::string_view(chunk.text).substr(line_start, kMaxDealLineBytes));
    }
    if (skipping_) {
      chunk.text.resize(line_start);
      scanned = line_start;
    }
    if (!chunk.lines.empty()) break;
    // Only blank lines so far: drop them, so that memory stays flat.
    chunk.text.erase(0, line_start);
    scanned -= line_start;
    line_start = 0;
  }
  if (end_) {
    // The last line may have no newline; nothing after a final newline is a line.
    if (skipping_ || chunk.text.size() > line_start) add_line(chunk, line_start, chunk.text.size());
    line_start = chunk.text.size();
  }
  pending_.assign(chunk.text, line_start, std::string::npos);
  chunk.text.resize(line_start);
  return !chunk.lines.empty();
}

}  // namespace belote
