// Tallies merged field by field without naming a field: fields<N>(tally)
// binds all of a struct's fields with structured bindings, which do not
// compile when the struct has other than N, so that a field added to a tally
// stops the build until its merge says what becomes of it.
#pragma once

#include <cstddef>
#include <tuple>
#include <utility>

namespace belote {

/// References to the N fields of `t`, in order of declaration (N from 1 to 12).
template <std::size_t N, class T>
auto fields(T& t) {
  static_assert(N >= 1 && N <= 12, "fields<N>: from 1 to 12 fields");
  if constexpr (N == 1) { auto& [a] = t; return std::tie(a); }
  else if constexpr (N == 2) { auto& [a, b] = t; return std::tie(a, b); }
  else if constexpr (N == 3) { auto& [a, b, c] = t; return std::tie(a, b, c); }
  else if constexpr (N == 4) { auto& [a, b, c, d] = t; return std::tie(a, b, c, d); }
  else if constexpr (N == 5) { auto& [a, b, c, d, e] = t; return std::tie(a, b, c, d, e); }
  else if constexpr (N == 6) { auto& [a, b, c, d, e, f] = t; return std::tie(a, b, c, d, e, f); }
  else if constexpr (N == 7) { auto& [a, b, c, d, e, f, g] = t; return std::tie(a, b, c, d, e, f, g); }
  else if constexpr (N == 8) { auto& [a, b, c, d, e, f, g, h] = t; return std::tie(a, b, c, d, e, f, g, h); }
  else if constexpr (N == 9) { auto& [a, b, c, d, e, f, g, h, i] = t; return std::tie(a, b, c, d, e, f, g, h, i); }
  else if constexpr (N == 10) { auto& [a, b, c, d, e, f, g, h, i, j] = t; return std::tie(a, b, c, d, e, f, g, h, i, j); }
  else if constexpr (N == 11) { auto& [a, b, c, d, e, f, g, h, i, j, k] = t; return std::tie(a, b, c, d, e, f, g, h, i, j, k); }
  else { auto& [a, b, c, d, e, f, g, h, i, j, k, l] = t; return std::tie(a, b, c, d, e, f, g, h, i, j, k, l); }
}

/// `from` added to `to`: a number, each value of a PerTeam or PerSide, or a tally with its own +=.
template <class T>
void add_into(T& to, const T& from) {
  if constexpr (requires { to.values; }) {
    for (std::size_t i = 0; i < to.values.size(); ++i) add_into(to.values[i], from.values[i]);
  } else {
    to += from;
  }
}

/// The first `count` of `from`'s fields added to `to`'s (all of them when not given).
template <std::size_t count = 0, class To, class From>
void add_fields(const To& to, const From& from) {
  constexpr std::size_t n = count ? count : std::tuple_size_v<To>;
  static_assert(n <= std::tuple_size_v<To> && std::tuple_size_v<To> == std::tuple_size_v<From>);
  [&]<std::size_t... i>(std::index_sequence<i...>) { (add_into(std::get<i>(to), std::get<i>(from)), ...); }(std::make_index_sequence<n>());
}

}  // namespace belote
