#include "common/text_util.h"
#include "common/text_scan.h"

#include "belote/terminal_text.h"

#include <algorithm>
#include <fmt/format.h>

#ifdef BELOTE_UNICODE_ICU
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf16.h>
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

std::pair<char32_t, std::size_t> code_point(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return char32_t(static_cast<unsigned char>(text[k])); };
  const std::size_t length = byte(i) >= 0x80 ? utf8_sequence_length(text, i) : 0;
  if (length == 0) return {byte(i), 1};
  char32_t c = byte(i) & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) c = (c << 6) | (byte(i + k) & 0x3F);
  return {c, length};
}

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

namespace {

// A letter without its accents: the first code point of its canonical decomposition (é → e).
char32_t base_letter(char32_t c) {
  if (c < 0x80) return c;
#ifndef BELOTE_UNICODE_ICU
  // Without ICU (the WebAssembly build): the Latin letters U+00C0 to U+017F, each
  // the ASCII letter it decomposes to, or '.' for one that is its own base.
  static constexpr std::string_view kLatin =
      "AAAAAA.CEEEEIIII.NOOOOO..UUUUY..aaaaaa.ceeeeiiii.nooooo..uuuuy.y"
      "AaAaAaCcCcCcCcDd..EeEeEeEeEeGgGgGgGgHh..IiIiIiIiI...JjKk.LlLlLl."
      "...NnNnNn...OoOoOo..RrRrRrSsSsSsSsTtTt..UuUuUuUuUuUuWwYyYZzZzZz.";
  if (c >= 0xC0 && c < 0xC0 + kLatin.size() && kLatin[c - 0xC0] != '.') return char32_t(kLatin[c - 0xC0]);
  return c;
#else
  UErrorCode error = U_ZERO_ERROR;
  const UNormalizer2* nfd = unorm2_getNFDInstance(&error);
  UChar decomposed[8];
  const std::int32_t length = U_SUCCESS(error) ? unorm2_getRawDecomposition(nfd, UChar32(c), decomposed, 8, &error) : 0;
  if (U_FAILURE(error) || length <= 0) return c;
  UChar32 first = 0;
  U16_GET(decomposed, 0, 0, length, first);
  return char32_t(first);
#endif
}

}  // namespace

bool same_name(std::string_view a, std::string_view b) {
  const std::string x = to_lower(a), y = to_lower(b);
  std::size_t i = 0, j = 0;
  while (i < x.size() && j < y.size()) {
    const auto [c, m] = code_point(x, i);
    const auto [d, n] = code_point(y, j);
    if (base_letter(c) != base_letter(d)) return false;
    i += m;
    j += n;
  }
  return i == x.size() && j == y.size();
}

std::string lower_without_accents(std::string_view text) {
  // Letters of Latin alphabets that no accent makes: written as their letters are spelt in ASCII.
  static constexpr std::pair<char32_t, std::string_view> kSpelt[] = {
      {U'æ', "ae"}, {U'œ', "oe"}, {U'ß', "ss"}, {U'ø', "o"}, {U'đ', "d"}, {U'ð', "d"}, {U'ł', "l"}, {U'þ', "th"}, {U'ı', "i"}};
  const std::string lower = to_lower(text);
  std::string out;
  for (std::size_t i = 0; i < lower.size();) {
    const auto [c, length] = code_point(lower, i);
    const char32_t base = base_letter(c);
    // (Captured by copy: clang 14 captures no structured binding by reference.)
    const auto spelt = std::find_if(std::begin(kSpelt), std::end(kSpelt), [c = c](const auto& letter) { return letter.first == c; });
    if (spelt != std::end(kSpelt)) out += spelt->second;
    else if (base < 0x80) out += char(base);
    else out.append(lower, i, length);
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

namespace {

// The edit distance if it is at most `bound`, else bound + 1, found without
// finishing the table once a whole row is past the bound.
int distance_within(std::string_view a, std::string_view b, int bound) {
  // Optimal string alignment: a swap of two neighbouring letters ("frist") is one typo, not two.
  // Three rows of the table are enough: memory in the words' length, not its square.
  thread_local std::vector<int> before, previous, current;
  before.assign(b.size() + 1, 0);
  previous.resize(b.size() + 1);
  current.assign(b.size() + 1, 0);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = int(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = int(i);
    int row_minimum = current[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        current[j] = std::min(current[j], before[j - 2] + 1);
      row_minimum = std::min(row_minimum, current[j]);
    }
    // Rows two apart feed a swap: both must be past the bound before it is certain.
    if (row_minimum > bound && i > 1 && *std::min_element(previous.begin(), previous.end()) > bound) return bound + 1;
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return std::min(previous[b.size()], bound + 1);
}

// A typo changes a few letters; beyond a third of the word it is another word.
int typo_limit(std::size_t longer) { return std::max<int>(1, int(longer) / 3); }

}  // namespace

int edit_distance(std::string_view a, std::string_view b) {
  return distance_within(a, b, int(std::max(a.size(), b.size())));
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  // Only candidates within a typo of the word are compared, and each only as
  // far as it could still be the closest: the distance is at least the
  // difference in length, so a long word costs nothing against short keys.
  std::string best;
  int best_distance = 0;
  for (const std::string& candidate : candidates) {
    const std::size_t longer = std::max(word.size(), candidate.size());
    int bound = typo_limit(longer);
    if (!best.empty()) bound = std::min(bound, best_distance - 1);
    if (int(longer - std::min(word.size(), candidate.size())) > bound) continue;
    const int distance = distance_within(word, candidate, bound);
    // A candidate sharing no letter with the word ('X' and '7') is no typo at all.
    if (distance <= bound && distance < int(longer)) {
      best = candidate;
      best_distance = distance;
    }
  }
  // No typo: a candidate the word starts with, as a word of its own ("both teams" for "both").
  if (best.empty()) {
    for (const std::string& candidate : candidates) {
      if (candidate.empty() || word.size() <= candidate.size() || !iequals(word.substr(0, candidate.size()), candidate)) continue;
      const char next = word[candidate.size()];
      if (next == ' ' || next == '-' || next == '_') return candidate;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string best = closest_match(word, candidates);
  return best.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", best);
}


bool controls_terminal(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F)          // C0, DEL, C1 (U+009B is a CSI on some terminals)
         || c == 0x061C || c == 0x200E || c == 0x200F  // bidirectional marks
         || (c >= 0x202A && c <= 0x202E)               // bidirectional embeddings and overrides
         || (c >= 0x2066 && c <= 0x2069)               // bidirectional isolates
         || c == 0x2028 || c == 0x2029;                // line and paragraph separators
}

namespace {

// Every byte of `text` that could act on a terminal, escaped; stops past `max_length` bytes.
// Appends the character at text[i], escaped where it could act on a terminal
// (keep_line_breaks: line feeds and tabs as they are); returns the bytes of
// `text` it took.
std::size_t append_escaped(std::string_view text, std::size_t i, bool keep_line_breaks, std::string& out) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  if ((c >= 0x20 && c < 0x7F) || (keep_line_breaks && (c == '\n' || c == '\t'))) {
    out += char(c);
    return 1;
  }
  if (const std::size_t n = c >= 0x80 ? utf8_sequence_length(text, i) : 0) {
    if (const char32_t point = code_point(text, i).first; controls_terminal(point))
      out += fmt::format("\\u{:04x}", std::uint32_t(point));
    else out.append(text.substr(i, n));
    return n;
  }
  // In a stream, \u00XX: the escape JSON and TOML also read, so their text stays valid.
  out += keep_line_breaks && c < 0x80 ? fmt::format("\\u{:04x}", c) : fmt::format("\\x{:02x}", c);
  return 1;
}

std::string escaped(std::string_view text, std::size_t max_length, bool keep_line_breaks) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && out.size() < max_length) i += append_escaped(text, i, keep_line_breaks, out);
  if (i < text.size()) out += "...";
  return out;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_length) { return escaped(text, max_length, false); }

std::string terminal_safe(std::string_view text) { return escaped(text, std::string::npos, true); }

std::string terminal_safe_line(std::string_view text) { return escaped(text, std::string::npos, false); }

std::string terminal_safe_line(std::string_view text, std::size_t max_bytes) {
  std::string out, piece;
  std::size_t i = 0;
  // Whole characters and escapes while they fit in `room`: a cut splits neither.
  const auto fill = [&](std::size_t room) {
    out.clear();
    i = 0;
    while (i < text.size()) {
      piece.clear();
      const std::size_t taken = append_escaped(text, i, false, piece);
      if (out.size() + piece.size() > room) return;
      out += piece;
      i += taken;
    }
  };
  fill(max_bytes);
  if (i == text.size()) return out;
  // Cut: room for the "..." that says so.
  fill(max_bytes < 3 ? 0 : max_bytes - 3);
  return out + "...";
}

std::string shown(std::string_view text) {
  constexpr std::size_t kShown = 60;
  return text.size() <= kShown ? terminal_safe_line(text) : terminal_safe_line(text.substr(0, kShown)) + "...";
}

std::string shell_word(std::string_view text) {
  constexpr std::string_view kPlain = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._/+-";
  if (!text.empty() && text.find_first_not_of(kPlain) == std::string_view::npos) return std::string(text);
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string_view("'\\''") : std::string_view(&c, 1);
  return quoted + "'";
}

std::string shell_path(std::string_view path) {
  return path.starts_with('-') ? shell_word("./" + std::string(path)) : shell_word(path);
}

bool is_terminal_safe(std::string_view text) {
  // Text the program wrote is mostly printable ASCII: skipped many bytes at a time.
  for (std::size_t i = first_not_printable_ascii(text); i < text.size(); i = first_not_printable_ascii(text, i)) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n' || c == '\t') {
      ++i;
      continue;
    }
    const std::size_t n = c >= 0x80 ? utf8_sequence_length(text, i) : 0;
    if (n == 0 || controls_terminal(code_point(text, i).first)) return false;
    i += n;
  }
  return true;
}

}  // namespace belote
