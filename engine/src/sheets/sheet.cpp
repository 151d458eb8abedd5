// Scoring a game from its sheet: the rule book's step 8 (litige) across
// mènes, and the end of the game under [game].
#include "belote/sheet.h"

#include <numeric>

#include "belote/evaluator.h"

namespace belote {

namespace {

// After a mène: has a team won? Sets the decision fields of `game`.
// `number` is the mène's place on the sheet; the game's number of mènes counts those played.
void decide(const Ruleset& rules, const Deal& deal, const MeneScore& mene, int number, GameScore& game) {
  const GameEnd end = game_end_after(rules, game.target, game.played, mene.totals, deal, mene.outcome, mene.contract_winner);
  game.level_over_target = end.level_over_target;
  game.over_target_without_trick = end.over_target_without_trick;
  if (!end.over()) return;
  game.winner = end.winner;
  game.drawn = end.drawn;
  game.decision = end.decision;
  game.decided_at = number;
}

}  // namespace

std::optional<Team> contract_winner(const Deal& deal, const Outcome& out) {
  const Team takers = team_of(deal.taker);
  switch (out.contract) {
    case ContractResult::made: return takers;
    case ContractResult::failed: return other(takers);
    default: return std::nullopt;  // a litige or a void deal: nobody yet
  }
}

GameEnd game_end_after(const Ruleset& rules, int target, int played, const PerTeam<int>& totals, const Deal& deal,
                       const Outcome& outcome, std::optional<Team> winner_of_contract) {
  GameEnd end;
  const int deals = rules.game.deals;
  // A team past the target may win only with a trick in this mène, where the ruleset says so.
  const auto may_win = [&](Team team) {
    return target > 0 && totals[team] >= target && (!rules.game.winner_needs_trick || deal.result.tricks[team] > 0);
  };
  const bool ns_over = may_win(Team::NS);
  const bool ew_over = may_win(Team::EW);
  for (Team team : kTeams) end.over_target_without_trick[team] = target > 0 && totals[team] >= target && !may_win(team);
  // A game of a number of mènes ends with its last, whatever the target left open: the higher total wins.
  const auto after_last_mene = [&](GameEnd open) {
    if (deals == 0 || played < deals) return open;
    GameEnd last;
    last.over_target_without_trick = open.over_target_without_trick;
    last.decision = GameDecision::deals_played;
    if (totals[Team::NS] != totals[Team::EW]) last.winner = totals[Team::NS] > totals[Team::EW] ? Team::NS : Team::EW;
    else last.drawn = true;
    return last;
  };
  if (!ns_over && !ew_over) return after_last_mene(end);
  // Nobody wins on a deal where a team took every trick, where the ruleset says so.
  if (rules.game.no_win_on_capot && outcome.capot) return after_last_mene(end);
  if (ns_over != ew_over) {
    end.winner = ns_over ? Team::NS : Team::EW;
    end.decision = GameDecision::target;
  } else if (rules.game.both_reach == BothReach::contract_winner && winner_of_contract) {
    // Both can pass the target only on a mène someone won: a litige or a void
    // deal adds nothing to the takers, who were under the target before it.
    end.winner = winner_of_contract;
    end.decision = GameDecision::contract_winner;
  } else if (totals[Team::NS] != totals[Team::EW]) {
    end.winner = totals[Team::NS] > totals[Team::EW] ? Team::NS : Team::EW;
    end.decision = GameDecision::higher_total;
  } else if (rules.game.both_reach == BothReach::highest_or_draw) {
    end.drawn = true;
    end.decision = GameDecision::draw;
  } else {
    end.level_over_target = true;  // equal totals play on
    return after_last_mene(end);
  }
  return end;
}

int held_points(const std::vector<HeldOver>& held) {
  return std::accumulate(held.begin(), held.end(), 0, [](int sum, const HeldOver& h) { return sum + h.points; });
}

GameScore score_sheet(const Ruleset& rules, const Sheet& sheet) {
  GameScore game;
  game.target = sheet.target_under(rules);
  game.deals = rules.game.deals;
  for (std::size_t i = 0; i < sheet.menes.size() && !game.over(); ++i) {
    if (sheet.menes[i].redeal) {
      // Nobody played: the totals stand, and held-over points wait for the next mène played.
      MeneScore redeal;
      redeal.redeal = true;
      redeal.totals = game.totals;
      redeal.waiting = held_points(game.waiting);
      game.menes.push_back(std::move(redeal));
      continue;
    }
    // Rule book, step 8: the held-over points come into each mène until one wins them.
    Deal deal = sheet.menes[i].deal;
    deal.held_over = held_points(game.waiting);
    MeneScore mene;
    evaluate(rules, deal, mene.outcome);
    // A void deal is dealt again, as a redeal: not one of the game's mènes (game.deals).
    if (!mene.outcome.is_void) ++game.played;
    mene.contract_winner = contract_winner(deal, mene.outcome);
    mene.written = mene.outcome.score;
    if (mene.outcome.held_to) {
      mene.received = std::move(game.waiting);
      game.waiting.clear();
    }
    const int held_here = mene.outcome.suspended - (mene.outcome.held_to ? 0 : deal.held_over);
    if (held_here > 0) game.waiting.push_back({int(i) + 1, held_here});
    mene.waiting = held_points(game.waiting);
    for (Team team : kTeams) game.totals[team] += mene.written[team];
    mene.totals = game.totals;
    game.menes.push_back(std::move(mene));
    decide(rules, deal, game.menes.back(), int(i) + 1, game);
  }
  return game;
}

}  // namespace belote
