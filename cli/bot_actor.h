// A bot as an arena's player: a program speaking the bot protocol for one
// seat of one play, started at its first turn and stopped with the play.
#pragma once

#include <chrono>
#include <string>

#include <belote/belote.h>

namespace belote::cli {

/// Makes, for each seat of each play, a bot started with /bin/sh -c `command`.
SeatActorMaker bot_actor(std::string command, std::chrono::milliseconds timeout);

}  // namespace belote::cli
