// The tricks of a played mène as its outcome reports them (docs/cli.md,
// "tricks"): each trick's leader, cards and winner, its card points with the
// last trick's bonus, and its roem with the keys of [roem] that count it.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "belote/deal.h"
#include "belote/play.h"
#include "belote/ruleset.h"

namespace belote {

struct ReplayedTrick {
  PlayedTrick played;
  /// The keys of [roem] that count its roem (roem.four_of_a_kind, roem.runs, roem.stuk), `roem_keys` of them.
  std::array<std::string_view, 2> roem_keys{};
  int roem_key_count = 0;
};

struct ReplayedTricks {
  std::array<ReplayedTrick, kMaxRanks> tricks{};
  int count = 0;
};

/// The deal's played cards replayed trick by trick (an illegal card of a revoke
/// included); none when the deal was not given as its play.
ReplayedTricks replay_tricks(const Ruleset& rules, const Deal& deal);

/// The card of the deal's revoke (DealResult::revoke) among its tricks; none
/// when the deal has none, or its revoke is not in its cards.
std::optional<Card> revoke_card(const ReplayedTricks& tricks, const Deal& deal);

}  // namespace belote
