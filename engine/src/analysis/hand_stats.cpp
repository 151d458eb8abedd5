#include "belote/hand_stats.h"

#include <algorithm>

#include "belote/evaluator.h"
#include "belote/hand_walk.h"

namespace belote {

namespace {

// What the walk reads for each suit mask: the points of the suit's best
// sequence declaration and the sequence kinds it declares, one bit per kind.
// Kept apart from RuleTables so the hot loop touches two small arrays only.
struct SuitSummary {
  std::vector<std::int32_t> points;
  std::vector<std::uint32_t> kinds;
};

// Counts hands as the walk goes. Hands without a carré that scores or voids
// (nearly all) are counted from the suit summaries alone; the others go
// through declare_hand, which settles carrés against sequences.
class Tally {
 public:
  Tally(const Ruleset& rules, int kind)
      : rules_(rules), kind_(kind), t_(rules.tables.kinds[std::size_t(kind)]), voiding_carres_(rules.tables.voiding_carres) {
    const SequenceRules& seq = rules.sequences;
    for (int length = 0; length < int(seq.points_by_length.size()); ++length) {
      if (seq.names_by_length[length].empty() || t_.sequence_points[length] <= 0) continue;
      bit_of_length_[length] = 1u << sequence_kinds_.size();
      sequence_kinds_.push_back(length);
    }
    const std::size_t masks = t_.suit_declarations->size();
    suits_.points.resize(masks);
    suits_.kinds.resize(masks);
    std::int32_t richest_suit = 0;
    for (std::size_t mask = 0; mask < masks; ++mask) {
      const SuitDeclaration& d = t_.declaration(RankMask(mask));
      suits_.points[mask] = d.points;
      for (int i = 0; i < d.count; ++i) suits_.kinds[mask] |= sequence_kind_bit(d.runs[i].length);
      richest_suit = std::max(richest_suit, d.points);
    }
    std::int32_t most = kSuitCount * richest_suit;
    for (RankMask r = t_.scoring_carres; r; r &= r - 1) most += t_.carre_points[std::countr_zero(r)];
    by_points_.resize(std::size_t(most) + 1);
    by_sequence_kinds_.resize(std::size_t{1} << sequence_kinds_.size());
  }

  /// False when `stop` ended the walk.
  bool walk(const HandWalk& walk, const std::function<bool()>& stop) {
    // Groups between looks at `stop`: the classic deck's walk has 1,271,626.
    constexpr std::uint32_t kGroupsPerLook = 4096;
    std::uint32_t until_look = kGroupsPerLook;
    bool stopped = false;
    const RankMask special = t_.scoring_carres | voiding_carres_;
    const RankMask belote = t_.belote_ranks;
    const BeloteSuits belote_suits = t_.belote_suits;
    const std::int32_t* points = suits_.points.data();
    const std::uint32_t* kinds = suits_.kinds.data();
    std::uint64_t* by_points = by_points_.data();
    std::uint64_t* by_sequence_kinds = by_sequence_kinds_.data();
    std::uint64_t belote_hands = 0;
    walk.for_each_group([&](const std::array<RankMask, 3>& first, std::span<const RankMask> last) {
      if (--until_look == 0) [[unlikely]] {
        until_look = kGroupsPerLook;
        if (stop && stop()) {
          stopped = true;
          return false;
        }
      }
      const std::int32_t base = points[first[0]] + points[first[1]] + points[first[2]];
      const std::uint32_t base_kinds = kinds[first[0]] | kinds[first[1]] | kinds[first[2]];
      const RankMask shared = first[0] & first[1] & first[2] & special;
      const auto holds = [belote](RankMask suit) { return (suit & belote) == belote; };
      if (belote_suits == BeloteSuits::trump_suit && holds(suit_of_trump(first))) belote_hands += last.size();
      const bool belote_in_first = holds(first[0]) || holds(first[1]) || holds(first[2]);
      for (const RankMask m : last) {
        if (belote_suits == BeloteSuits::every_suit) [[unlikely]]
          belote_hands += belote_in_first || holds(m);
        if (shared & m) [[unlikely]] {
          count_with_carre(HandWalk::hand(first, m));
          continue;
        }
        ++by_points[base + points[m]];
        ++by_sequence_kinds[base_kinds | kinds[m]];
      }
      return true;
    });
    belote_hands_ += belote_hands;
    return !stopped;
  }

  HandStats result(std::uint64_t hands) const {
    HandStats stats;
    stats.hands = hands;
    stats.trump = kTrump;
    stats.belote_hands = belote_hands_;
    stats.voiding_hands = voiding_hands_;
    stats.hands_by_points = by_points_;
    while (stats.hands_by_points.size() > 1 && stats.hands_by_points.back() == 0) stats.hands_by_points.pop_back();
    for (std::size_t i = 0; i < sequence_kinds_.size(); ++i) {
      KindCount count{AnnouncementKind{false, sequence_kinds_[i]}, 0};
      for (std::size_t combo = 0; combo < by_sequence_kinds_.size(); ++combo)
        if (combo >> i & 1) count.hands += by_sequence_kinds_[combo];
      stats.kinds.push_back(count);
    }
    for (RankMask r = t_.scoring_carres; r; r &= r - 1) {
      const int rank = std::countr_zero(r);
      stats.kinds.push_back({AnnouncementKind{true, rank}, carre_hands_[std::size_t(rank)]});
    }
    return stats;
  }

 private:
  // A one-suit kind's belote is counted in the deck's first suit: every suit gives the same figure.
  static constexpr Suit kTrump = 0;
  static RankMask suit_of_trump(const std::array<RankMask, 3>& first) { return first[kTrump]; }

  std::uint32_t sequence_kind_bit(int run_length) const {
    return bit_of_length_[std::size_t(rules_.sequences.entry_for(run_length))];
  }

  void count_with_carre(CardSet hand) {
    if (four_of_a_kind(hand) & voiding_carres_) {
      ++voiding_hands_;
      ++by_points_[0];
      ++by_sequence_kinds_[0];
      return;
    }
    declare_hand(rules_, hand, kind_, kTrump, seat_);
    std::uint32_t sequence_kinds = 0;
    RankMask carres = 0;
    for (const Announcement& a : seat_) {
      if (a.carre) carres |= RankMask{1} << a.top;
      else sequence_kinds |= sequence_kind_bit(a.length);
    }
    for (; carres; carres &= carres - 1) ++carre_hands_[std::size_t(std::countr_zero(carres))];
    ++by_points_[std::size_t(seat_.points)];
    ++by_sequence_kinds_[sequence_kinds];
  }

  const Ruleset& rules_;
  int kind_;
  const KindTables& t_;
  RankMask voiding_carres_;
  std::vector<int> sequence_kinds_;  // table lengths, in order
  std::array<std::uint32_t, kMaxRanks + 1> bit_of_length_{};
  SuitSummary suits_;
  SeatAnnouncements seat_;

  std::vector<std::uint64_t> by_points_;
  // Hands by the set of sequence kinds they declare (one bit per kind).
  std::vector<std::uint64_t> by_sequence_kinds_;
  std::array<std::uint64_t, kMaxRanks> carre_hands_{};
  std::uint64_t belote_hands_ = 0;
  std::uint64_t voiding_hands_ = 0;
};

}  // namespace

std::uint64_t HandStats::hands_with_announcements() const {
  return hands - (hands_by_points.empty() ? 0 : hands_by_points[0]);
}

double HandStats::mean_points() const {
  if (hands == 0) return 0;
  double total = 0;
  for (std::size_t points = 0; points < hands_by_points.size(); ++points)
    total += double(points) * double(hands_by_points[points]);
  return total / double(hands);
}

std::uint64_t exhaustive_hand_count(const Ruleset& rules) {
  return HandWalk(rules.deck.rank_count(), rules.deck.hand_size).hand_count();
}

std::optional<HandStats> exhaustive_hand_stats(const Ruleset& rules, int kind, std::uint64_t max_hands,
                                               const std::function<bool()>& stop) {
  const HandWalk walk(rules.deck.rank_count(), rules.deck.hand_size);
  if (walk.hand_count() > max_hands) return std::nullopt;
  Tally tally(rules, kind);
  if (!tally.walk(walk, stop)) return std::nullopt;
  return tally.result(walk.hand_count());
}

}  // namespace belote
