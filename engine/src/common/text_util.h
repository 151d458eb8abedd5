// Small text helpers shared by the engine's readers and writers.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "belote/terminal_text.h"

namespace belote {

/// The ending of a plural noun after `count`: "1 trick", "2 tricks".
template <class Count>
constexpr std::string_view plural(Count count) {
  return count == 1 ? "" : "s";
}

bool iequals(std::string_view a, std::string_view b);
/// Lower case by Unicode's rules ("FÜNF" gives "fünf").
std::string to_lower(std::string_view text);
/// Equal up to case and accents ("Générale" and "generale"): names that players
/// write with or without the accents of the rule book.
bool same_name(std::string_view a, std::string_view b);
/// The text in lower case with each accented letter as its base letter ("Règles" gives
/// "regles"); code points without an ASCII base are kept as they are.
std::string lower_without_accents(std::string_view text);
/// A name as announcements and categories are named: a letter of any alphabet,
/// then letters, digits and '-', at most `max_characters` characters.
bool is_word(std::string_view text, std::size_t max_characters);
/// Splits on ASCII white space, dropping empty pieces.
std::vector<std::string_view> split_words(std::string_view text);
/// Levenshtein distance, for "did you mean" suggestions.
int edit_distance(std::string_view a, std::string_view b);
/// The candidate closest to `word`, if it is close enough to be a likely typo.
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);
/// did_you_mean, for the programs too, is in belote/terminal_text.h.
/// Characters as a terminal shows them: UTF-8 code points, not bytes.
int text_width(std::string_view text);
/// Length of the valid UTF-8 sequence of two bytes or more starting at text[i], or 0.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i);
/// The code point of the valid UTF-8 sequence at text[i] and its length, or
/// the byte itself (length 1) when it starts none: ASCII, or a stray byte.
std::pair<char32_t, std::size_t> code_point(std::string_view text, std::size_t i);
/// Whether a code point can act on a terminal: C0 and C1 controls, DEL, the
/// bidirectional controls and the line and paragraph separators.
bool controls_terminal(char32_t c);
/// Text safe to quote in a message: what controls_terminal names and bytes that
/// are not UTF-8 are escaped (\x1b, \u202e), the length bounded.
std::string printable(std::string_view text, std::size_t max_length = 60);

/// The 8 bytes of `text` from `i` as one word, for scanners that skip plain text a word at a time.
inline std::uint64_t word_at(std::string_view text, std::size_t i) {
  std::uint64_t word;
  std::memcpy(&word, text.data() + i, sizeof word);
  return word;
}
/// Bytes of `word` below `n` (n at most 0x80), each flagged by its high bit: the usual test for a byte in a word.
constexpr std::uint64_t bytes_below(std::uint64_t word, std::uint8_t n) {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  return (word - ones * n) & ~word & highs;
}
/// Bytes of `word` equal to `c`, each flagged by its high bit.
constexpr std::uint64_t bytes_equal(std::uint64_t word, char c) {
  return bytes_below(word ^ (0x0101010101010101ull * static_cast<std::uint8_t>(c)), 1);
}

}  // namespace belote
