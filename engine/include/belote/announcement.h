// Announcements: the sequences and carrés a player declares.
#pragma once

#include <array>
#include <cstdint>

#include "belote/card_set.h"
#include "belote/rule_tables.h"

namespace belote {

struct Announcement {
  bool carre = false;
  Suit suit = 0;            ///< a sequence's suit
  Rank top = 0;             ///< a sequence's top rank (its height), or the carré's rank
  std::uint8_t length = 0;  ///< cards in a sequence; 4 for a carré
  std::int32_t points = 0;
  StrengthKey key = 0;
  std::uint8_t contest = 0;  ///< the contest it takes part in (announcements.contests)

  Rank low() const { return Rank(top + 1 - length); }
  CardSet cards() const {
    return carre ? all_suits(RankMask{1} << top) : suit_cards(run_mask(low(), length), suit);
  }
  friend bool operator==(const Announcement&, const Announcement&) = default;
};

/// Enough for any hand of up to 16 cards: runs of 3 or more, plus carrés.
inline constexpr int kMaxAnnouncementsPerSeat = 10;

/// One seat's announcements, with their total and the strongest one's key,
/// in all and in each contest.
struct SeatAnnouncements {
  std::uint8_t count = 0;
  std::array<Announcement, kMaxAnnouncementsPerSeat> items{};
  std::int32_t points = 0;
  StrengthKey best = 0;
  std::array<std::int32_t, kMaxContests> contest_points{};
  std::array<StrengthKey, kMaxContests> contest_best{};

  const Announcement* begin() const { return items.data(); }
  const Announcement* end() const { return items.data() + count; }
  bool empty() const { return count == 0; }
  void clear() {
    count = 0;
    points = 0;
    best = 0;
    contest_points = {};
    contest_best = {};
  }
  void add(const Announcement& a) {
    items[count++] = a;
    points += a.points;
    if (a.key > best) best = a.key;
    contest_points[a.contest] += a.points;
    if (a.key > contest_best[a.contest]) contest_best[a.contest] = a.key;
  }
  friend bool operator==(const SeatAnnouncements& a, const SeatAnnouncements& b) {
    if (a.count != b.count || a.points != b.points || a.best != b.best || a.contest_points != b.contest_points ||
        a.contest_best != b.contest_best)
      return false;
    for (int i = 0; i < a.count; ++i)
      if (!(a.items[i] == b.items[i])) return false;
    return true;
  }
};

}  // namespace belote
