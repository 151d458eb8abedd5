#include "belote/diff_tally.h"

#include <cstdlib>

namespace belote {

namespace {

// Keeps the larger move; on equal sizes the earlier deal, so the result does not depend on chunking.
void keep_largest(ScoreChangeTally& tally, int change, std::uint64_t ordinal) {
  if (std::abs(change) > std::abs(tally.largest)) {
    tally.largest = change;
    tally.largest_at = ordinal;
  }
}

}  // namespace

void DiffTally::add(const OutcomeDiff& diff, std::uint64_t ordinal) {
  ++deals;
  if (!diff.differs()) return;
  ++differing;
  ++by_kind[int(diff.kind) - 1];
  for (DiffField field : kDiffFields)
    if (diff.has(field)) ++by_field[int(field)];
  for (Team team : kTeams) {
    const int change = diff.score_change[team];
    if (change == 0) continue;
    ScoreChangeTally& t = score_change[team];
    t.sum += change;
    t.sum_abs += std::abs(change);
    ++t.changed;
    keep_largest(t, change, ordinal);
  }
}

void DiffTally::merge(const DiffTally& later) {
  deals += later.deals;
  differing += later.differing;
  for (std::size_t i = 0; i < by_kind.size(); ++i) by_kind[i] += later.by_kind[i];
  for (std::size_t i = 0; i < by_field.size(); ++i) by_field[i] += later.by_field[i];
  for (Team team : kTeams) {
    ScoreChangeTally& t = score_change[team];
    const ScoreChangeTally& l = later.score_change[team];
    t.sum += l.sum;
    t.sum_abs += l.sum_abs;
    t.changed += l.changed;
    keep_largest(t, l.largest, l.largest_at);
  }
}

}  // namespace belote
