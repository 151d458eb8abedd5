#include "belote/sheet_report.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "belote/explanation.h"
#include "belote/report.h"
#include "common/text_util.h"

namespace belote {

namespace {

std::string menes_list(const std::vector<HeldOver>& held) {
  std::vector<int> numbers;
  for (const HeldOver& h : held) numbers.push_back(h.mene);
  if (numbers.size() == 1) return fmt::format("mène {}", numbers[0]);
  const int last = numbers.back();
  numbers.pop_back();
  return fmt::format("mènes {} and {}", fmt::join(numbers, ", "), last);
}

std::string contract_word(const MeneScore& mene) {
  return mene.outcome.is_void ? "void" : std::string(contract_name(mene.outcome.contract));
}

// What a row's numbers do not say: capot, a void deal, points held over and where they went.
std::string notes(const Sheet& sheet, const Deal& deal, const MeneScore& mene) {
  std::vector<std::string> parts;
  const Outcome& out = mene.outcome;
  if (out.is_void) parts.push_back("dealt again");
  // A played mène scored by the ruleset's revoke rule: the row's numbers are the rule's, not the play's.
  if (deal.result.revoke) parts.push_back(fmt::format("revoke by {} ({})", name(*deal.result.revoke), sheet.teams[team_of(*deal.result.revoke)]));
  if (out.capot) parts.push_back(fmt::format("{} {}", out.pit ? "pit" : "capot", sheet.teams[*out.capot]));
  // Klaverjas sheets keep the roem beside the card points: the row's numbers hold both.
  if (out.roem != PerTeam<int>{})
    parts.push_back(fmt::format("roem {} {}, {} {}", sheet.teams[Team::NS], out.roem[Team::NS], sheet.teams[Team::EW], out.roem[Team::EW]));
  if (!mene.received.empty() && out.held_to)
    parts.push_back(fmt::format("+{} from {} to {}", held_points(mene.received), menes_list(mene.received),
                                sheet.teams[*out.held_to]));
  if (out.suspended > 0) parts.push_back(fmt::format("{} held over", out.suspended));
  if (mene.waiting > 0 && (out.is_void || mene.waiting != out.suspended))
    parts.push_back(fmt::format("{} waiting", mene.waiting));
  return fmt::format("{}", fmt::join(parts, "; "));
}

// What a mène was played in: its trump suit, or its kind where the ruleset names kinds; its bid and doubling.
std::string played_in(const Ruleset& rules, const Deal& deal, SuitStyle style) {
  const ContractKind& kind = rules.kinds[deal.kind];
  std::string text = kind.trumps == Trumps::one_suit ? rules.deck.suit_name(deal.trump, style) : kind.name;
  if (rules.bids.any())
    text += " " + (deal.named_bid >= 0 ? rules.bids.named[std::size_t(deal.named_bid)].name : std::to_string(deal.bid));
  if (deal.doubling) text += " " + rules.doubling[deal.doubling - 1u].name;
  return text;
}

// "to 1000", "of 16 mènes (3 played)", "to 1500 or 16 mènes".
std::string game_length(const GameScore& game) {
  const int played = game.played;
  if (game.target == 0) return fmt::format("of {} mènes ({} played)", game.deals, played);
  if (game.deals) return fmt::format("to {} or {} mènes ({} played)", game.target, game.deals, played);
  return fmt::format("to {}", game.target);
}

// Where both teams are at or over the target when the game ends: "Both teams
// reached 1000 at mène 10", or, where the game went on after both got there
// (equal totals, a capot nobody wins on), since when, followed by `then`
// before the rule that decided: "...since mène 9; at mène 10 the higher total wins".
std::string both_reached(const GameScore& game, std::string_view same, std::string_view then) {
  const auto both_over = [&](const MeneScore& mene) {
    return mene.totals[Team::NS] >= game.target && mene.totals[Team::EW] >= game.target;
  };
  int since = game.decided_at;
  while (since > 1 && both_over(game.menes[std::size_t(since - 2)])) --since;
  if (since == game.decided_at) return fmt::format("Both teams reached {} at mène {}{}", game.target, since, same);
  return fmt::format("Both teams have been at or over {} since mène {}; at mène {}{}", game.target, since, game.decided_at,
                     then);
}

// Why a team at or over the target has not won: it took no trick in the last mène played.
std::string without_trick(const Sheet& sheet, const GameScore& game) {
  std::size_t last = game.menes.size();
  while (last > 0 && game.menes[last - 1].redeal) --last;
  std::string text;
  for (Team team : kTeams) {
    if (!game.over_target_without_trick[team]) continue;
    const int total = game.totals[team];
    text += fmt::format("{} have {}, {}, but took no trick in mène {}: a team wins only on a mène in which it takes a "
                        "trick (game.winner_needs_trick).\n", sheet.teams[team], total,
                        total == game.target ? "the target" : fmt::format("over the target of {}", game.target), last);
  }
  return text;
}

}  // namespace

std::string sheet_table_text(const Ruleset& rules, const Sheet& sheet, const GameScore& game, int first, SuitStyle style) {
  const PerTeam<std::string>& teams = sheet.teams;
  const int name_width = std::max(text_width(teams[Team::NS]), text_width(teams[Team::EW]));
  const int taker_width = std::max(5, name_width + 2);
  const int points_width = std::max(5, name_width);
  int play_width = 5;
  for (std::size_t i = 0; i < game.menes.size(); ++i)
    if (!game.menes[i].redeal) play_width = std::max(play_width, text_width(played_in(rules, sheet.menes[i].deal, style)));
  const auto cell = [&](std::string_view text, int width) { return fmt::format("{:>{}}", text, width); };
  const auto points = [&](const PerTeam<int>& values) {
    return fmt::format("{}  {}", cell(std::to_string(values[Team::NS]), points_width),
                       cell(std::to_string(values[Team::EW]), points_width));
  };
  const int pair_width = 2 * points_width + 2;

  std::string text = fmt::format("{:<4}  {:<{}}  {:<{}}  {:<8}  {:^{}}   {:^{}}", "", "", taker_width, "", play_width, "",
                                 "this mène", pair_width, "totals", pair_width);
  text.erase(text.find_last_not_of(' ') + 1);
  text += "\n";
  const std::string names = fmt::format("{}  {}", cell(teams[Team::NS], points_width), cell(teams[Team::EW], points_width));
  const std::string play_header = rules.kinds_named || rules.bids.any() ? "play" : "trump";
  text += fmt::format("{:>4}  {:<{}}  {}  {:<8}  {}   {}\n", "mène", "taker", taker_width,
                      play_header + std::string(std::size_t(play_width - text_width(play_header)), ' '), "contract", names, names);
  for (int number = std::max(first, 1); number <= int(game.menes.size()); ++number) {
    const MeneScore& mene = game.menes[std::size_t(number - 1)];
    const SheetMene& given = sheet.menes[std::size_t(number - 1)];
    if (mene.redeal) {
      // Nobody took: the row says who dealt and who deals again, and the totals stand.
      std::string row = fmt::format("{:>4}  {:<{}}  {:<{}}  {:<8}  {}   {}   everybody passed; {} deals", number, "-",
                                    taker_width, "-", play_width, "redeal", points({}), points(mene.totals),
                                    name(*given.next_dealer));
      if (mene.waiting > 0) row += fmt::format("; {} waiting", mene.waiting);
      text += row + "\n";
      continue;
    }
    const Deal& deal = given.deal;
    const std::string taker = fmt::format("{} {}", name(deal.taker), teams[team_of(deal.taker)]);
    const std::string play = played_in(rules, deal, style);
    std::string row = fmt::format("{:>4}  {:<{}}  {}  {:<8}  {}   {}", number, taker, taker_width,
                                  play + std::string(std::size_t(play_width - text_width(play)), ' '), contract_word(mene),
                                  points(mene.written), points(mene.totals));
    const std::string note = notes(sheet, deal, mene);
    if (!note.empty()) row += "   " + note;
    text += row + "\n";
  }
  return text;
}

std::string game_state_text(const Sheet& sheet, const GameScore& game) {
  const PerTeam<std::string>& teams = sheet.teams;
  std::string text;
  if (game.decision == GameDecision::deals_played) {
    text = game.winner ? fmt::format("The game's {} mènes are played (game.deals): {} win the game, {} to {}.\n", game.deals,
                                     teams[*game.winner], game.totals[*game.winner], game.totals[other(*game.winner)])
                       : fmt::format("The game's {} mènes are played (game.deals) with equal totals: the game is drawn, {} to {}.\n",
                                     game.deals, game.totals[Team::NS], game.totals[Team::EW]);
  } else if (game.winner) {
    const Team w = *game.winner;
    const std::string score = fmt::format("{} to {}", game.totals[w], game.totals[other(w)]);
    switch (game.decision) {
      case GameDecision::higher_total:
        text = fmt::format("{} the higher total wins (game.both_reach): {} win the game, {}.\n",
                           both_reached(game, ":", ""), teams[w], score);
        break;
      case GameDecision::contract_winner:
        text = fmt::format("{} the team that won that mène's contract wins (game.both_reach): {} win the game, {}.\n",
                           both_reached(game, ":", ""), teams[w], score);
        break;
      default:
        text = fmt::format("{} win the game at mène {}, {} (game to {}).\n", teams[w], game.decided_at, score, game.target);
    }
  } else if (game.drawn) {
    text = fmt::format("{} with equal totals: the game is drawn (game.both_reach = highest-or-draw), {} to {}.\n",
                       both_reached(game, "", ","), game.totals[Team::NS], game.totals[Team::EW]);
  } else if (game.level_over_target) {
    text = fmt::format("Both teams have {}, over the target {}: equal totals play on (game.both_reach).\n",
                       game.totals[Team::NS], game.target);
  } else {
    text = fmt::format("No winner yet: {} {}, {} {}; the game is {}.\n", teams[Team::NS], game.totals[Team::NS],
                       teams[Team::EW], game.totals[Team::EW], game_length(game));
  }
  text += without_trick(sheet, game);
  if (const auto dealer = sheet.next_dealer(); dealer && !game.over())
    text += fmt::format("{} deals the next mène.\n", name(*dealer));
  if (!game.waiting.empty()) {
    const int points = held_points(game.waiting);
    text += game.over() ? fmt::format("The {} points held over from {} go to nobody: the game is over.\n", points,
                                      menes_list(game.waiting))
                        : fmt::format("{} points held over from {} go to the winner of the next mène.\n", points,
                                      menes_list(game.waiting));
  }
  return text;
}

std::string sheet_text(const Ruleset& rules, const Sheet& sheet, const GameScore& game, SuitStyle style) {
  const auto team = [&](Team t) {
    return sheet.teams[t] == name(t) ? sheet.teams[t] : fmt::format("{} ({})", sheet.teams[t], name(t));
  };
  const std::string length = game.target == 0 ? fmt::format("game of {} mènes (game.deals)", game.deals)
                             : fmt::format("game to {}{}{}", game.target, sheet.target ? " (the sheet's target)" : " (game.target)",
                                           game.deals ? fmt::format(" or {} mènes (game.deals)", game.deals) : "");
  std::string text = fmt::format("ruleset {}{} · {} · {} against {}\n\n", rules.info.name,
                                 sheet.holds_rules ? " (held in the file)" : "", length, team(Team::NS), team(Team::EW));
  text += sheet_table_text(rules, sheet, game, 1, style);
  text += fmt::format("\n{}", game_state_text(sheet, game));
  return text;
}

nlohmann::ordered_json sheet_json(const Ruleset& rules, const Sheet& sheet, const GameScore& game) {
  const auto per_team = [](const PerTeam<int>& values) {
    return nlohmann::ordered_json{{"NS", values[Team::NS]}, {"EW", values[Team::EW]}};
  };
  const auto held_json = [](const std::vector<HeldOver>& held) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const HeldOver& h : held) list.push_back({{"mene", h.mene}, {"points", h.points}});
    return list;
  };
  const auto team_or_null = [](const std::optional<Team>& team) {
    return team ? nlohmann::ordered_json(std::string(name(*team))) : nlohmann::ordered_json(nullptr);
  };
  nlohmann::ordered_json j;
  j["ruleset"] = rules.info.name;
  j["target"] = game.target ? nlohmann::ordered_json(game.target) : nlohmann::ordered_json(nullptr);
  if (game.deals) j["deals"] = game.deals;
  j["teams"] = {{"NS", sheet.teams[Team::NS]}, {"EW", sheet.teams[Team::EW]}};
  nlohmann::ordered_json menes = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < game.menes.size(); ++i) {
    const MeneScore& mene = game.menes[i];
    const SheetMene& given = sheet.menes[i];
    const Deal& deal = given.deal;
    nlohmann::ordered_json m;
    m["mene"] = int(i) + 1;
    if (given.dealer) {
      m["dealer"] = std::string(name(*given.dealer));
      m["next_dealer"] = std::string(name(*given.next_dealer));
    }
    if (mene.redeal) {
      m["redeal"] = true;
      m["written"] = per_team(mene.written);
      m["totals"] = per_team(mene.totals);
      m["waiting"] = mene.waiting;
      menes.push_back(std::move(m));
      continue;
    }
    m["taker"] = std::string(name(deal.taker));
    const ContractKind& kind = rules.kinds[deal.kind];
    m["kind"] = kind.name;
    m["trump"] = kind.trumps == Trumps::one_suit ? nlohmann::ordered_json(rules.deck.suits[deal.trump]) : nlohmann::ordered_json(nullptr);
    m["contract"] = mene.outcome.is_void ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(contract_word(mene));
    m["contract_winner"] = team_or_null(mene.contract_winner);
    // The mène's own score: what it writes but the points held over that it received.
    PerTeam<int> own = mene.outcome.score;
    if (mene.outcome.held_to) own[*mene.outcome.held_to] -= mene.outcome.held_in;
    m["score"] = per_team(own);
    m["suspended"] = mene.outcome.suspended;
    m["received"] = held_json(mene.received);
    m["written"] = per_team(mene.written);
    m["totals"] = per_team(mene.totals);
    m["waiting"] = mene.waiting;
    m["tricks_given"] = sheet.menes[i].tricks_given;
    m["outcome"] = outcome_json(rules, deal, mene.outcome);
    menes.push_back(std::move(m));
  }
  j["menes"] = std::move(menes);
  j["played"] = game.played;
  // Who deals the next mène, while the game goes on and the last mène gives its auction.
  const auto next_dealer = game.over() ? std::nullopt : sheet.next_dealer();
  j["next_dealer"] = next_dealer ? nlohmann::ordered_json(std::string(name(*next_dealer))) : nlohmann::ordered_json(nullptr);
  j["totals"] = per_team(game.totals);
  j["waiting"] = held_json(game.waiting);
  j["winner"] = team_or_null(game.winner);
  constexpr std::string_view kDecisions[] = {"", "target", "higher-total", "contract-winner", "draw", "deals-played"};
  j["decision"] = game.over() ? nlohmann::ordered_json(std::string(kDecisions[int(game.decision)]))
                              : nlohmann::ordered_json(nullptr);
  j["decided_at"] = game.over() ? nlohmann::ordered_json(game.decided_at) : nlohmann::ordered_json(nullptr);
  j["level_over_target"] = game.level_over_target;
  return j;
}

}  // namespace belote
