// Dealing a mène at the table (table.md 1).
#pragma once

#include <optional>
#include <string>

#include "belote/table.h"

namespace belote {

/// How a ruleset's [dealing] gives out a shuffled pack, worked out once per
/// game (dealing.cpp) rather than at every deal.
struct DealingPlan {
  explicit DealingPlan(const Ruleset& rules);

  /// A place of the pack given to no hand before the auction (dealt after it, or turned).
  static constexpr std::uint8_t kNotDealt = 4;
  /// The pack before its shuffle: every rank of every suit, in order of card number.
  std::array<Card, kSuitCount * kMaxRanks> ordered{};
  std::uint8_t cards = 0;
  /// Who receives each place of the shuffled pack before the auction: the
  /// seats from the dealer's left, 0 to 3, or kNotDealt; and how many places they take.
  std::array<std::uint8_t, kSuitCount * kMaxRanks> receiver{};
  std::uint8_t dealt = 0;
  /// The suits with a kind of their own, in order: those a turned card or suit may propose.
  std::array<Suit, kSuitCount> suits{};
  std::uint8_t suit_count = 0;
};

/// Deal number `number` of the seed's sequence, dealt by `dealer` as the
/// ruleset's [dealing] says (`plan`, worked out from it), written over `out`;
/// `first_of_game` for the game's first deal (whose first speaker the auction
/// may name: auction.first_deal_speaker).
void deal_mene(const Ruleset& rules, const DealingPlan& plan, std::uint64_t seed, std::uint64_t number, Seat dealer,
               bool first_of_game, DealtMene& out);

/// Why `dealt` cannot be a mène's deal under `rules` (`plan`, worked out from
/// it), in one sentence, or none: the seats, the hands (complete, or those dealt
/// before the auction with the pack to deal after it), the card turned up and
/// the suits proposed, so that the auction always has a call and the play a
/// card (DealtMene's fields, named as table.h names them).
std::optional<std::string> deal_fault(const Ruleset& rules, const DealingPlan& plan, const DealtMene& dealt);

/// The four hands once the auction has named `taker`: the cards dealt after
/// it, the turned card to the taker first.
PerSeat<CardSet> complete_hands(const Ruleset& rules, const DealtMene& dealt, Seat taker);

}  // namespace belote
