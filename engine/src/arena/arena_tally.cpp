// An arena's sums, and the means and 95% intervals they give (docs/arena.md,
// "The confidence interval").
#include <cmath>

#include "belote/arena.h"
#include "common/field_sums.h"

namespace belote {

namespace {

// The normal distribution's 97.5% quantile: games are many (hundreds and
// more), where Student's t differs from it by less than the figures shown.
constexpr double kZ95 = 1.959963984540054;

}  // namespace

ContractCount& ContractCount::operator+=(const ContractCount& other) {
  add_fields(fields<4>(*this), fields<4>(other));
  return *this;
}

void ArenaTally::add(const DuplicateDeal& deal) {
  const long long d = deal.difference();
  const long long m = deal.menes();
  ++games;
  menes += std::uint64_t(m);
  sum += d;
  sum_squares += d * d;
  menes_squares += m * m;
  sum_by_menes += d * m;
  (d > 0 ? a_ahead : d < 0 ? b_ahead : even) += 1;
  const PerSide<ContractCount> taken = deal.contracts();
  add_into(contracts, taken);
}

void ArenaTally::add(const ArenaTally& other) { add_fields(fields<10>(*this), fields<10>(other)); }

Estimate mean_estimate(std::uint64_t n, double sum, double sum_squares) {
  Estimate out;
  if (n == 0) return out;
  const double count = double(n);
  out.mean = sum / count;
  if (n < 2) return out;
  // The sample variance, from the sums.
  const double variance = std::max(0.0, (sum_squares - sum * sum / count) / (count - 1));
  out.half_width = kZ95 * std::sqrt(variance / count);
  return out;
}

Estimate ArenaTally::per_game() const { return mean_estimate(games, double(sum), double(sum_squares)); }

Estimate ArenaTally::per_mene() const {
  Estimate out;
  if (menes == 0) return out;
  const double n = double(games);
  const double ratio = double(sum) / double(menes);
  out.mean = ratio;
  if (games < 2) return out;
  // Σd / Σm is a ratio of two means: its variance is that of the residuals
  // d − ratio·m, over n(n − 1) times the mean number of mènes squared.
  const double residuals = std::max(0.0, double(sum_squares) - 2 * ratio * double(sum_by_menes) +
                                             ratio * ratio * double(menes_squares));
  const double mean_menes = double(menes) / n;
  out.half_width = kZ95 * std::sqrt(residuals / (n * (n - 1))) / mean_menes;
  return out;
}

}  // namespace belote
