// A bot as an arena's player: a program speaking the bot protocol for one
// seat of one play, sent what `belote play` sends its bots, started at the
// first message for its seat and stopped with the play.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
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

/// Makes, for each seat of each play, a bot started with /bin/sh -c `command`.
/// `ruleset`: as the `start` message names it (bot_ruleset_reference). `side`: the side the bot plays,
/// which says which of a deal's plays a seat is in; a bot that fails at its play's end is kept in `endings`.
SeatActorMaker bot_actor(std::string command, std::chrono::milliseconds timeout, std::string ruleset, ArenaSide side,
                         std::shared_ptr<BotEndings> endings);

}  // namespace belote::cli
