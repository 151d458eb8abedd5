#include "bot_actor.h"

#include "bot_protocol.h"

namespace belote::cli {

namespace {

class BotActor final : public SeatActor {
 public:
  BotActor(Seat seat, std::string command, std::chrono::milliseconds timeout) : bot_(seat, std::move(command), timeout) {}
  ~BotActor() override { bot_.stop(); }

  belote::Action act(const Table& table, const std::function<bool()>& stop) override {
    std::string error;
    if (!started_) {
      started_ = true;
      if (error = bot_.start(); error.empty()) error = bot_.send(start_message(table, bot_.seat()));
      if (!error.empty()) throw ArenaError(error);
    }
    // The bot's answer is checked on a copy: the arena applies it to its table.
    Table copy = table;
    const auto answer = ask_bot(bot_, copy, [](const Table& at, belote::Action action) { return at.action_text(action); }, error);
    // Stopped by Ctrl-C while it thought: any legal action, the deal being left out of the result.
    if (!answer && stop && stop()) return table.legal().nth(table.actions(), 0);
    if (!answer) throw ArenaError(error);
    return answer->first;
  }

 private:
  Bot bot_;
  bool started_ = false;
};

}  // namespace

SeatActorMaker bot_actor(std::string command, std::chrono::milliseconds timeout) {
  return [command = std::move(command), timeout](Seat seat, std::uint64_t) -> std::unique_ptr<SeatActor> {
    return std::make_unique<BotActor>(seat, command, timeout);
  };
}

}  // namespace belote::cli
