// Scanners that skip plain text quickly: the program's own output is mostly
// printable ASCII, and the batch commands check or copy a gigabyte of it.
// Sixteen bytes at a time where the processor has SSE2, eight elsewhere
// (WebAssembly); the answer is the same either way.
#pragma once

#include <cstddef>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "common/text_util.h"

namespace belote {

namespace scan_detail {

// The first byte from `i` that is not printable ASCII (0x20 to 0x7E), or,
// with `json_special`, that is a quote or a backslash; text.size() if none.
template <bool json_special>
std::size_t first_stop(std::string_view text, std::size_t i) {
  const char* data = text.data();
  const std::size_t size = text.size();
#if defined(__SSE2__)
  const __m128i below_space = _mm_set1_epi8(0x1F);
  const __m128i del = _mm_set1_epi8(0x7F);
  for (; i + 16 <= size; i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
    // Signed: bytes from 0x80 are negative, so they fail "above 0x1F" with the controls.
    __m128i stops = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(bytes, below_space), below_space),
                                 _mm_cmpeq_epi8(bytes, del));
    stops = _mm_or_si128(stops, _mm_cmplt_epi8(bytes, _mm_setzero_si128()));
    if constexpr (json_special)
      stops = _mm_or_si128(stops, _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')),
                                               _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))));
    if (const int mask = _mm_movemask_epi8(stops)) return i + std::size_t(__builtin_ctz(unsigned(mask)));
  }
#endif
  for (; i + 8 <= size; i += 8) {
    const std::uint64_t word = word_at(text, i);
    std::uint64_t stops = (word & 0x8080808080808080ull) | bytes_below(word, 0x20) | bytes_equal(word, 0x7F);
    if constexpr (json_special) stops |= bytes_equal(word, '"') | bytes_equal(word, '\\');
    if (stops) break;  // the byte loop below finds which
  }
  for (; i < size; ++i) {
    const auto c = static_cast<unsigned char>(data[i]);
    if (c < 0x20 || c >= 0x7F || (json_special && (c == '"' || c == '\\'))) return i;
  }
  return size;
}

}  // namespace scan_detail

/// The first byte of `text` from `i` that is not printable ASCII (0x20 to 0x7E); text.size() if none.
inline std::size_t first_not_printable_ascii(std::string_view text, std::size_t i = 0) {
  return scan_detail::first_stop<false>(text, i);
}

/// The same, also stopping at a quote or a backslash: the first byte a JSON string may not copy blindly.
inline std::size_t first_not_plain_json(std::string_view text, std::size_t i = 0) {
  return scan_detail::first_stop<true>(text, i);
}

}  // namespace belote
