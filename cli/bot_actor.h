// A bot as an arena's player: a program speaking the bot protocol for one
// seat of one play, sent what `belote play` sends its bots, started at the
// first message for its seat and stopped with the play.
#pragma once

#include <chrono>
#include <string>

#include <belote/belote.h>

namespace belote::cli {

/// Makes, for each seat of each play, a bot started with /bin/sh -c `command`.
/// `ruleset`: as the `start` message names it (bot_ruleset_reference).
SeatActorMaker bot_actor(std::string command, std::chrono::milliseconds timeout, std::string ruleset);

}  // namespace belote::cli
