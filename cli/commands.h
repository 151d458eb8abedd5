// The subcommands of `belote`, one file each.
#pragma once

#include <string_view>

#include "cli_support.h"

namespace belote::cli {

int run_advise(const Args& args);
int run_arena(const Args& args);
int run_auction(const Args& args);
int run_deal(const Args& args);
int run_diff(const Args& args);
int run_legal(const Args& args);
int run_play(const Args& args);
int run_score(const Args& args);
int run_rulesets(const Args& args);
int run_sheet(const Args& args);
int run_solve(const Args& args);
int run_stats(const Args& args);

/// The advice at the table's position as `belote advise` writes it for a person (its head, the worlds, a row per
/// action, the best): `belote play`'s hint writes the same.
void write_advice_text(Output& out, const Advice& advice, const Table& table, const Ruleset& ruleset, SuitStyle style);

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const Args&);
};

inline constexpr Command kCommands[] = {
    {"score", "score deals (a TOML file, JSON Lines, or - for stdin) under a ruleset", run_score},
    {"deal", "make random deals, or check deal files", run_deal},
    {"rulesets", "list, show, check, create and compare rulesets", run_rulesets},
    {"sheet", "keep a game's score sheet: new, show, add and undo mènes", run_sheet},
    {"diff", "what changes between rulesets, on deal files or random deals", run_diff},
    {"stats", "how often each announcement occurs: every hand exactly, or random deals", run_stats},
    {"auction", "the legal calls of an auction so far, or the contract it made", run_auction},
    {"legal", "the cards a player may play: one position, or JSON Lines of positions", run_legal},
    {"play", "play a game at the table against engine players and bots, or watch them play", run_play},
    {"advise", "what each card or call of the seat to act is worth, by sampled double dummy, at a position of a record or from a seat's view", run_advise},
    {"arena", "two players compared over deals played in duplicate, on every core: the mean difference and its 95% interval", run_arena},
    {"solve", "best play with every hand known: the takers' best points, the best cards, a line; or every contract", run_solve},
};

}  // namespace belote::cli
