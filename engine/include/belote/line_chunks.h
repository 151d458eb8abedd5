// JSON Lines input cut into chunks of whole lines, for batches of deals
// (line_batch.h, and the program's batch commands): the lines a line reader
// would give one by one, with their numbers, many at a time and without
// copying each.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace belote {

/// The longest line a deal may be (DealReader::read_json_line's limit).
inline constexpr std::size_t kMaxDealLineBytes = 1 << 16;

struct ChunkLine {
  std::size_t offset = 0;  ///< in LineChunk::text
  std::size_t size = 0;
  long number = 0;        ///< 1-based, counting every line of the input
  bool too_long = false;  ///< longer than kMaxDealLineBytes: its text is not kept
};

/// Whole lines of one input, in order. Blank lines (spaces, tabs, carriage
/// returns) are left out, as the readers skip them; their numbers are counted.
struct LineChunk {
  std::string text;
  std::vector<ChunkLine> lines;
  std::string_view line(const ChunkLine& l) const { return std::string_view(text).substr(l.offset, l.size); }
  /// Makes this chunk the one line `l` of `from`.
  void assign_line(const LineChunk& from, const ChunkLine& l) {
    text.assign(from.line(l));
    lines.assign(1, ChunkLine{0, l.size, l.number, l.too_long});
  }
};

/// Opens the file at `path` for a LineChunker: its descriptor (the caller closes
/// it), or -1 with `failure` set in the words every reader of lines uses: "no
/// such file", "is a directory, not a file", "is a device, not a file; not
/// read" (a directory holds no lines, and a device such as /dev/zero would be
/// read for ever without a line's end; a terminal is read, as are pipes and
/// sockets), or "cannot be read: REASON". errno is then EISDIR for a
/// directory, ENODEV for a device, or what opening the file set.
int open_lines(const std::string& path, std::string& failure);
/// The same checks on an input already open (standard input): "" where its lines may be read.
std::string lines_refusal(int fd);

class LineChunker {
 public:
  /// Reads the open file descriptor `fd` (the caller closes it).
  explicit LineChunker(int fd) : fd_(fd) {}
  /// The next lines, as many as one read brings (at least one): false at the end of the input.
  bool next(LineChunk& chunk);
  /// Whether reading failed (the lines before the failure were given).
  bool error() const { return error_; }

 private:
  void add_line(LineChunk& chunk, std::size_t begin, std::size_t end);

  int fd_;
  std::string pending_;     ///< the start of a line the last read cut
  long number_ = 0;         ///< lines seen so far
  bool skipping_ = false;   ///< in a line too long to keep, until its end
  bool blank_start_ = false;  ///< that line's first kMaxDealLineBytes are blank (it is then skipped)
  bool end_ = false;
  bool error_ = false;
};

}  // namespace belote
