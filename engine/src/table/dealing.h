// Dealing a mène at the table (table.md 1).
#pragma once

#include "belote/table.h"

namespace belote {

/// Deal number `number` of the seed's sequence, dealt by `dealer` as the
/// ruleset's [dealing] says (`plan`, worked out from it), written over `out`;
/// `first_of_game` for the game's first deal (whose first speaker the auction
/// may name: auction.first_deal_speaker).
void deal_mene(const Ruleset& rules, const DealingPlan& plan, std::uint64_t seed, std::uint64_t number, Seat dealer,
               bool first_of_game, DealtMene& out);

/// The four hands once the auction has named `taker`: the cards dealt after
/// it, the turned card to the taker first.
PerSeat<CardSet> complete_hands(const Ruleset& rules, const DealtMene& dealt, Seat taker);

}  // namespace belote
