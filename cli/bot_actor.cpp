#include "bot_actor.h"

#include <algorithm>
#include <vector>

#include "bot_protocol.h"

namespace belote::cli {

namespace {

// The bots of the play that ends on this thread (play_ended), stopped together
// by the first of their actors destroyed: a second for all to exit, not one each.
thread_local std::vector<Bot*> bots_of_the_play_ending;

class BotActor final : public SeatActor {
 public:
  BotActor(Seat seat, std::string command, std::chrono::milliseconds timeout, std::string ruleset)
      : bot_(seat, std::move(command), timeout), ruleset_(std::move(ruleset)) {}
  ~BotActor() override {
    if (std::ranges::find(bots_of_the_play_ending, &bot_) != bots_of_the_play_ending.end()) {
      Bot::stop_all(bots_of_the_play_ending);
      bots_of_the_play_ending.clear();
    }
    bot_.stop();  // stopped already, unless the play's end was never told
  }

  belote::Action act(const Table& table, const std::function<bool()>& stop) override {
    // Stopped (Ctrl-C): no bot is started or asked any more; any legal action, the deal being left out of the result.
    if (stop && stop()) return table.legal().nth(table.actions(), 0);
    start(table);
    // The bot's answer is checked on a copy: the arena applies it to its table.
    Table copy = table;
    std::string error;
    const auto answer = ask_bot(bot_, copy, [](const Table& at, belote::Action action) { return at.action_text(action); }, error);
    // Stopped while it thought: as above.
    if (!answer && stop && stop()) return table.legal().nth(table.actions(), 0);
    if (!answer) throw ArenaError(error);
    return answer->first;
  }

  // What `belote play` tells its bots, the same messages.
  void mene_ended(const Table& table, const FinishedMene& mene, int number) override { tell(table, mene_end_json(table, mene, number)); }
  void game_ended(const Table& table) override { tell(table, game_end_json(table)); }

  void play_ended() override {
    bot_.end_input();
    bots_of_the_play_ending.push_back(&bot_);
  }

 private:
  // Started with the `start` message at the first message for its seat (its
  // first turn, as a rule: a seat may have none before a mène's end).
  void start(const Table& table) {
    if (started_) return;
    started_ = true;
    std::string error = bot_.start();
    if (error.empty()) error = bot_.send(start_message(table, bot_.seat(), ruleset_));
    if (!error.empty()) throw ArenaError(error);
  }

  void tell(const Table& table, const nlohmann::ordered_json& message) {
    start(table);
    if (std::string error = bot_.send(message); !error.empty()) throw ArenaError(error);
  }

  Bot bot_;
  std::string ruleset_;
  bool started_ = false;
};

}  // namespace

SeatActorMaker bot_actor(std::string command, std::chrono::milliseconds timeout, std::string ruleset) {
  return [command = std::move(command), timeout, ruleset = std::move(ruleset)](Seat seat, std::uint64_t) -> std::unique_ptr<SeatActor> {
    return std::make_unique<BotActor>(seat, command, timeout, ruleset);
  };
}

}  // namespace belote::cli
