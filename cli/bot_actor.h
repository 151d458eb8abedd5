// A bot as an arena's player: a program speaking the bot protocol for one
// seat of one play, sent what `belote play` sends its bots, started at the
// first message for its seat and stopped with the play.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <belote/belote.h>

namespace belote::cli {

/// What the bots of a run say that does not stop it: a bot that failed on its own (exited with a status
/// other than 0, or was ended by a signal it was not sent) once its play was played whole. Kept by the
/// play's seed, for the run to report with the deal that holds it; shared by the run's threads.
class BotEndings {
 public:
  /// `play`: 0 for a deal's first play, 1 for its second.
  void add(std::uint64_t game_seed, int play, std::string message);
  /// The messages kept for the plays of `game_seed`, the first play's first, and forgets them.
  std::vector<std::string> take(std::uint64_t game_seed);

 private:
  std::mutex mutex_;
  std::multimap<std::uint64_t, std::pair<int, std::string>> kept_;
};

/// The number of the deal a play is of, from the play's seed (arena_deal_seed): what labels the lines its
/// bots write on standard error, where the seed is all a player is given. The deals are played in about
/// the order of their numbers, so the seeds are worked out from the first deal on as far as the one
/// looked for, and each forgotten once its deal is tallied; shared by the run's threads.
class DealNumbers {
 public:
  /// Deals `first` to `first` + `count` − 1 of `seed`.
  DealNumbers(std::uint64_t seed, std::uint64_t first, std::uint64_t count)
      : seed_(seed), next_(first), end_(first + count) {}
  /// The deal whose seed is `play_seed`; none where no deal of the run is.
  std::optional<std::uint64_t> find(std::uint64_t play_seed);
  void forget(std::uint64_t play_seed);

 private:
  std::mutex mutex_;
  std::uint64_t seed_, next_, end_;
  std::unordered_map<std::uint64_t, std::uint64_t> known_;
};

/// Makes, for each seat of each play, a bot started with /bin/sh -c `command`.
/// `ruleset`: as the `start` message names it (bot_ruleset_reference). `side`: the side the bot plays,
/// which says which of a deal's plays a seat is in; a bot that fails at its play's end is kept in `endings`.
/// Each line of a bot's standard error is passed on labelled "[bot S, deal 12, play 1] ", the deal's
/// number found in `deals`.
SeatActorMaker bot_actor(std::string command, std::chrono::milliseconds timeout, std::string ruleset, ArenaSide side,
                         std::shared_ptr<BotEndings> endings, std::shared_ptr<DealNumbers> deals);

}  // namespace belote::cli
