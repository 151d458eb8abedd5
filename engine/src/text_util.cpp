#include "text_util.h"

#include <algorithm>
#include <fmt/format.h>

#ifdef BELOTE_UNICODE_ICU
#include <unicode/uchar.h>
#else
#include <cwctype>
#endif

namespace belote {

namespace {
char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
}  // namespace

int text_width(std::string_view text) {
  return int(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
  else return 0;
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  return length;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

namespace {

// Letters and case of any alphabet: ICU's tables natively; under Emscripten
// (the WebAssembly build, which has no ICU), its C library's, which cover
// every Unicode code point whatever the locale.
#ifdef BELOTE_UNICODE_ICU
bool is_letter(char32_t c) { return u_isalpha(UChar32(c)); }
bool is_digit(char32_t c) { return u_isdigit(UChar32(c)); }
char32_t lower_case(char32_t c) { return char32_t(u_tolower(UChar32(c))); }
#else
bool is_letter(char32_t c) { return std::iswalpha(std::wint_t(c)) != 0; }
bool is_digit(char32_t c) { return std::iswdigit(std::wint_t(c)) != 0; }
char32_t lower_case(char32_t c) { return char32_t(std::towlower(std::wint_t(c))); }
#endif

// The code point of the valid UTF-8 sequence at text[i] and its length, or
// the byte itself (length 1) when it starts none: ASCII, or a stray byte.
std::pair<char32_t, std::size_t> code_point(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return char32_t(static_cast<unsigned char>(text[k])); };
  const std::size_t length = byte(i) >= 0x80 ? utf8_sequence_length(text, i) : 0;
  if (length == 0) return {byte(i), 1};
  char32_t c = byte(i) & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) c = (c << 6) | (byte(i + k) & 0x3F);
  return {c, length};
}

void append_utf8(char32_t c, std::string& out) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
    out += char(0xC0 | (c >> 6));
    out += char(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += char(0xE0 | (c >> 12));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  } else {
    out += char(0xF0 | (c >> 18));
    out += char(0x80 | ((c >> 12) & 0x3F));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  }
}

}  // namespace

std::string to_lower(std::string_view text) {
  // Names may be written in any alphabet ("Fünfblatt"); a byte that starts no
  // UTF-8 sequence stays as it is.
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto [c, length] = code_point(text, i);
    if (length == 1 && c >= 0x80) out += text[i];
    else append_utf8(lower_case(c), out);
    i += length;
  }
  return out;
}

bool is_word(std::string_view text, std::size_t max_characters) {
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++characters) {
    const auto [c, length] = code_point(text, i);
    const bool valid = length > 1 || c < 0x80;
    const bool allowed = valid && (is_letter(c) || (characters > 0 && (is_digit(c) || c == '-')));
    if (!allowed) return false;
    i += length;
  }
  return characters > 0 && characters <= max_characters;
}

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    if (j > i) words.push_back(text.substr(i, j - i));
    i = j;
  }
  return words;
}

int edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: a swap of two neighbouring letters ("frist") is one typo, not two.
  std::vector<std::vector<int>> d(a.size() + 1, std::vector<int>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = int(i);
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = int(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  int best_distance = 0;
  for (const std::string& candidate : candidates) {
    const int distance = edit_distance(word, candidate);
    if (best.empty() || distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  // A typo changes a few letters; beyond a third of the word it is another word,
  // and a candidate sharing no letter with the word ('X' and '7') is no typo at all.
  const int longer = int(std::max(word.size(), best.size()));
  const int limit = std::max<int>(1, longer / 3);
  return (!best.empty() && best_distance <= limit && best_distance < longer) ? best : std::string();
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string best = closest_match(word, candidates);
  return best.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", best);
}

std::string printable(std::string_view text, std::size_t max_length) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && out.size() < max_length) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
      ++i;
    } else if (std::size_t n = (c >= 0x80 ? utf8_sequence_length(text, i) : 0)) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += fmt::format("\\x{:02x}", c);
      ++i;
    }
  }
  if (i < text.size()) out += "...";
  return out;
}

}  // namespace belote
