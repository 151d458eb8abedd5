#include "bot_actor.h"

#include <algorithm>
#include <fmt/format.h>
#include <vector>

#include "bot_protocol.h"
#include "cli_support.h"

namespace belote::cli {

namespace {

// The bots of the play that ends on this thread (play_ended), stopped together
// by the first of their actors destroyed: a second for all to exit, not one each.
thread_local std::vector<Bot*> bots_of_the_play_ending;

class BotActor final : public SeatActor {
 public:
  BotActor(Seat seat, std::string command, std::chrono::milliseconds timeout, std::string ruleset, int play,
           std::shared_ptr<BotEndings> endings, std::shared_ptr<DealNumbers> deals)
      : bot_(seat, std::move(command), timeout),
        ruleset_(std::move(ruleset)),
        play_(play),
        endings_(std::move(endings)),
        deals_(std::move(deals)) {}
  ~BotActor() override {
    if (std::ranges::find(bots_of_the_play_ending, &bot_) != bots_of_the_play_ending.end()) {
      Bot::stop_all(bots_of_the_play_ending);
      bots_of_the_play_ending.clear();
    }
    bot_.stop();  // stopped already, unless the play's end was never told
    // Its play played whole, the deal counts: a failure now is told, not a reason to stop the run.
    if (game_seed_ && endings_)
      if (const auto failed = bot_.failed_exit())
        endings_->add(*game_seed_, play_,
                      fmt::format("play {} of 2 ({} at N–S), mène {}: {} at the game's end; the deal counts", play_ + 1,
                                  play_ == 0 ? "A" : "B", last_mene_, *failed));
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
  // After the last action a bot that cannot be told has failed too late to matter to the play: its exit
  // status, once it is stopped, says whether it failed.
  void mene_ended(const Table& table, const FinishedMene& mene, int number) override {
    if (table.over()) {
      ended_whole(table);
      tell_at_the_end(table, bot_mene_end_message(table, mene, number));
    } else {
      tell(table, bot_mene_end_message(table, mene, number));
    }
  }
  void game_ended(const Table& table) override {
    ended_whole(table);
    tell_at_the_end(table, bot_game_end_message(table));
  }

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
    label_stderr(table);
    std::string error = bot_.start();
    if (error.empty()) error = bot_.send(bot_start_message(table, bot_.seat(), ruleset_));
    if (!error.empty()) throw ArenaError(error);
  }

  void tell(const Table& table, std::string_view message) {
    start(table);
    if (std::string error = bot_.send(message); !error.empty()) throw ArenaError(error);
  }

  // Over the threads, bots of many deals write at once: each line says which deal, play and seat wrote it,
  // the deal as the run's messages number it (--first-deal K --deals 1 plays it again).
  void label_stderr(const Table& table) {
    const std::optional<std::uint64_t> deal = deals_ ? deals_->find(table.setup().seed) : std::nullopt;
    std::string label = deal ? fmt::format("[bot {}, deal {}, play {}] ", name(bot_.seat()), *deal, play_ + 1)
                             : fmt::format("[bot {}, play {}] ", name(bot_.seat()), play_ + 1);
    // The progress bar (drawn where standard error takes escape sequences) is erased first, to be drawn
    // again below the line at its next update, as the run's warnings clear it.
    if (stderr_takes_escape_sequences()) label.insert(0, "\r\033[K");
    bot_.label_stderr(std::move(label));
  }

  void ended_whole(const Table& table) {
    game_seed_ = table.setup().seed;
    last_mene_ = table.tally().dealt;
  }

  void tell_at_the_end(const Table& table, std::string_view message) {
    start(table);
    [[maybe_unused]] const std::string error = bot_.send(message);
  }

  Bot bot_;
  std::string ruleset_;
  int play_;
  std::shared_ptr<BotEndings> endings_;
  std::shared_ptr<DealNumbers> deals_;
  bool started_ = false;
  std::optional<std::uint64_t> game_seed_;  // once its play is played whole
  int last_mene_ = 0;
};

}  // namespace

void BotEndings::add(std::uint64_t game_seed, int play, std::string message) {
  const std::lock_guard lock(mutex_);
  kept_.emplace(game_seed, std::pair{play, std::move(message)});
}

std::optional<std::uint64_t> DealNumbers::find(std::uint64_t play_seed) {
  // Far more than the deals a run has in play at once (64 a thread): a seed of no deal is not looked for long.
  constexpr std::uint64_t kMostAhead = 1 << 20;
  const std::lock_guard lock(mutex_);
  if (const auto found = known_.find(play_seed); found != known_.end()) return found->second;
  for (std::uint64_t looked = 0; looked < kMostAhead && next_ < end_; ++looked, ++next_) {
    const std::uint64_t seed = arena_deal_seed(seed_, next_);
    known_.emplace(seed, next_);
    if (seed == play_seed) return next_++;
  }
  return std::nullopt;
}

void DealNumbers::forget(std::uint64_t play_seed) {
  const std::lock_guard lock(mutex_);
  known_.erase(play_seed);
}

std::vector<std::string> BotEndings::take(std::uint64_t game_seed) {
  std::vector<std::pair<int, std::string>> found;
  {
    const std::lock_guard lock(mutex_);
    const auto [from, to] = kept_.equal_range(game_seed);
    for (auto at = from; at != to; ++at) found.push_back(std::move(at->second));
    kept_.erase(from, to);
  }
  std::ranges::stable_sort(found, {}, &std::pair<int, std::string>::first);
  std::vector<std::string> messages;
  for (auto& [play, message] : found) messages.push_back(std::move(message));
  return messages;
}

SeatActorMaker bot_actor(std::string command, std::chrono::milliseconds timeout, std::string ruleset, ArenaSide side,
                         std::shared_ptr<BotEndings> endings, std::shared_ptr<DealNumbers> deals) {
  return [command = std::move(command), timeout, ruleset = std::move(ruleset), side, endings = std::move(endings),
          deals = std::move(deals)](Seat seat, std::uint64_t) -> std::unique_ptr<SeatActor> {
    // A holds N–S in a deal's first play, B in its second.
    const int play = (side == ArenaSide::a) == (team_of(seat) == Team::NS) ? 0 : 1;
    return std::make_unique<BotActor>(seat, command, timeout, ruleset, play, endings, deals);
  };
}

}  // namespace belote::cli
