#include "scoring/rounding.h"

#include <array>
#include <utility>

namespace belote {

Amounts round_amounts(const RoundingRules& rounding, int kind_up_from, Amounts raw) {
  const int step = rounding.step;
  if (step <= 1) return raw;
  const auto each = [&](int points) { return round_to(points, step, kind_up_from); };
  if (rounding.sides == RoundingSides::each) return {each(raw.takers), each(raw.defenders), each(raw.held), RoundingPath::each};

  std::array<int*, 3> positive{};
  int count = 0;
  Amounts out = raw;
  for (int* amount : {&out.takers, &out.defenders, &out.held})
    if (*amount > 0) positive[std::size_t(count++)] = amount;
  if (count == 0) return out;
  if (count == 1) {
    // Written alone (a whole pot to one side): the nearest step.
    *positive[0] = round_to(*positive[0], step, rounding.up_from);
    out.path = RoundingPath::lone;
    return out;
  }
  // Largest first; equal amounts keep their order (takers, defenders, held).
  for (int i = 1; i < count; ++i)
    for (int j = i; j > 0 && *positive[std::size_t(j - 1)] < *positive[std::size_t(j)]; --j)
      std::swap(positive[std::size_t(j - 1)], positive[std::size_t(j)]);
  const int largest = *positive[0];
  const int smallest = *positive[std::size_t(count - 1)];
  if (largest == smallest) {
    for (int i = 0; i < count; ++i) *positive[std::size_t(i)] = each(*positive[std::size_t(i)]);
    out.path = RoundingPath::equal;
    return out;
  }
  // The leader rounds; the smallest takes what is left of the deal's rounded total, so that they add up.
  int total = 0;
  for (int i = 0; i < count; ++i) total += *positive[std::size_t(i)];
  total = round_to(total, step, rounding.up_from);
  int given = 0;
  for (int i = 0; i + 1 < count; ++i) given += (*positive[std::size_t(i)] = each(*positive[std::size_t(i)]));
  int& rest = *positive[std::size_t(count - 1)];
  const int rest_raw = rest;
  rest = total - given;
  out.path = RoundingPath::leader;
  if (rounding.keep_nonzero && rest <= 0 && rest_raw > 0) {
    rest = step;
    *positive[0] -= step;
    out.path = RoundingPath::leader_kept_nonzero;
  }
  return out;
}

}  // namespace belote
