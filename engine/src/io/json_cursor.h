// JSON text written at a raw position into a buffer with room made ahead:
// each key and value is a copy of known size, where a string's append is a
// call and a capacity check. The position is passed along and returned
// (`at = put(at, ...)`) so that it stays in a register: a store through a
// char pointer may alias any pointer kept in memory, which would make every
// byte written wait for the last one. The batch writer writes seventy
// pieces an outcome this way.
//
// The text is what nlohmann::json's dump() writes: strings it would copy
// (valid UTF-8 without a control, a quote or a backslash) are copied, and
// any other string is written by the library.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <fmt/compile.h>

namespace belote {

/// Whether nlohmann's dump() writes `text` as it is, between quotes.
bool json_copies_as_is(std::string_view text);
/// `text` as a JSON string, quotes included, as nlohmann's dump() writes it.
std::string json_string(std::string_view text);

namespace json_out {

/// Writes a byte, or text already in JSON form, at `at`; returns where the text ends.
inline char* put(char* at, char c) {
  *at = c;
  return at + 1;
}
inline char* put(char* at, std::string_view text) {
  // Most pieces are short names: two overlapping word copies each, where a
  // library call of unknown size would cost more than the bytes it copies.
  const char* from = text.data();
  const std::size_t n = text.size();
  const auto copy = [&](auto word) {
    std::memcpy(&word, from, sizeof word);
    std::memcpy(at, &word, sizeof word);
    std::memcpy(&word, from + n - sizeof word, sizeof word);
    std::memcpy(at + n - sizeof word, &word, sizeof word);
  };
  if (n > 16) std::memcpy(at, from, n);
  else if (n >= 8) copy(std::uint64_t{});
  else if (n >= 4) copy(std::uint32_t{});
  else if (n > 0) {
    at[0] = from[0];
    at[n / 2] = from[n / 2];
    at[n - 1] = from[n - 1];
  }
  return at + n;
}
/// A name of the program's own (a seat, a team, a result), plain text, between quotes.
inline char* quoted(char* at, std::string_view plain) { return put(put(put(at, '"'), plain), '"'); }
/// A number, its digits written in place.
inline char* number(char* at, std::int64_t value) { return fmt::format_to(at, FMT_COMPILE("{}"), value); }

}  // namespace json_out

/// The buffer a text is written into: `space`, kept from text to text, whose
/// size is all room (it grows, and is zero-filled, only when a text is longer
/// than any before). Every write above assumes the room was made first.
class JsonSpace {
 public:
  explicit JsonSpace(std::string& space) : space_(space) {}

  /// Where to write a text of at most `room` bytes (more with reserve()).
  char* start(std::size_t room) {
    if (space_.size() < room) space_.resize(room);
    strings_terminal_safe_ = true;
    return space_.data();
  }
  /// Makes room for `n` more bytes after `at`; returns where to go on writing (the buffer may move).
  char* reserve(char* at, std::size_t n) {
    return std::size_t(space_.data() + space_.size() - at) < n ? grow(at, n) : at;
  }
  /// A string of any text, escaped as nlohmann would; makes its own room.
  char* string(char* at, std::string_view text);
  /// The text from start() to `at`.
  std::string_view text(const char* at) const { return std::string_view(space_.data(), std::size_t(at - space_.data())); }
  /// Whether every string() since start() was written as is_terminal_safe
  /// text: most are printable ASCII, known so from the scan that copies them.
  bool strings_terminal_safe() const { return strings_terminal_safe_; }

 private:
  char* grow(char* at, std::size_t n);

  std::string& space_;
  bool strings_terminal_safe_ = true;
};

}  // namespace belote
