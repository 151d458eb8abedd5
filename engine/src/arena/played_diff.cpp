// Two rulesets compared on the same deals played by the same players.
#include "belote/played_diff.h"

#include <atomic>
#include <cstdlib>
#include <fmt/format.h>
#include <mutex>

#include "belote/parallel_sample.h"
#include "belote/table_record.h"
#include "common/field_sums.h"

namespace belote {

namespace {

// A seat's player, watched for the end of the first mène: what the comparison
// keeps of the deal, however the table goes on.
class FirstMeneWatch final : public SeatActor {
 public:
  FirstMeneWatch(std::unique_ptr<SeatActor> player, std::optional<FirstMene>& seen, std::optional<std::string_view> record_id)
      : player_(std::move(player)), seen_(seen), record_id_(record_id) {}
  Action act(const Table& table, const std::function<bool()>& stop) override { return player_->act(table, stop); }
  void mene_ended(const Table& table, const FinishedMene& mene, int number) override {
    player_->mene_ended(table, mene, number);
    if (number != 1) return;
    FirstMene& first = seen_.emplace();
    if (record_id_) first.record = record_deal_line(table, mene, *record_id_);
    // A void deal is dealt again, as a redeal is: its cards are the deal's all the same.
    first.redealt = mene.redeal || mene.outcome.is_void;
    if (mene.redeal) return;
    if (!first.redealt) {
      first.taker = mene.deal.taker;
      first.result = mene.outcome.contract;
    }
    first.result_points = mene.outcome.score[Team::NS] - mene.outcome.score[Team::EW];
    first.held_over = mene.outcome.suspended;
  }
  void game_ended(const Table& table) override { player_->game_ended(table); }
  void play_ended() override { player_->play_ended(); }

 private:
  std::unique_ptr<SeatActor> player_;
  std::optional<FirstMene>& seen_;
  std::optional<std::string_view> record_id_;
};

// Deal `deal`'s first mène under `rules`; none when `stop` cut it short.
std::optional<FirstMene> first_mene(const Ruleset& rules, const SeatActorMaker& ns, const SeatActorMaker& ew,
                                    std::uint64_t seed, std::uint64_t deal, bool keep_record,
                                    const std::function<bool()>& stop) {
  std::optional<FirstMene> seen;
  // Named as the arena names the deal's first play, which it is.
  const std::string record_id = arena_record_id(deal, 0);
  const SeatActorMaker watched = [&](Seat seat, std::uint64_t player_seed) -> std::unique_ptr<SeatActor> {
    std::unique_ptr<SeatActor> player = ns(seat, player_seed);
    if (seat != Seat::N) return player;
    return std::make_unique<FirstMeneWatch>(std::move(player), seen,
                                            keep_record ? std::optional<std::string_view>(record_id) : std::nullopt);
  };
  // A first mène dealt again ends the play there: the next mène is another deal, with other cards.
  play_table(rules, arena_deal_seed(seed, deal), 0, 1, watched, ew, std::nullopt,
             [&] { return (seen && seen->redealt) || (stop && stop()); });
  return seen;
}

void count_side(PlayedDiffSide& side, const FirstMene& mene) {
  if (mene.redealt) ++side.redealt;
  if (mene.held_over == 0) return;
  ++side.held_over;
  side.held_points += mene.held_over;
}

// A chunk of deals, and whether a stop cut it short (its deals then all left out).
struct PlayedChunk {
  PlayedDiff diff;
  bool cut = false;
};

}  // namespace

PlayedDiffSide& PlayedDiffSide::operator+=(const PlayedDiffSide& other) {
  redealt += other.redealt;
  held_over += other.held_over;
  held_points += other.held_points;
  return *this;
}

void PlayedDiff::merge(const PlayedDiff& other, std::size_t keep) {
  if (std::llabs(other.largest) > std::llabs(largest)) {
    largest = other.largest;
    largest_at = other.largest_at;
  }
  // The fields before the largest change are sums.
  add_fields<7>(fields<11>(*this), fields<11>(other));
  for (std::uint64_t i : other.examples)
    if (examples.size() < keep) examples.push_back(i);
  for (std::size_t s = 0; s < sides.size(); ++s) sides[s] += other.sides[s];
}

std::optional<FirstMene> played_deal(const Ruleset& rules, const SeatActorMaker& ns, const SeatActorMaker& ew,
                                     std::uint64_t seed, std::uint64_t deal, const std::function<bool()>& stop) {
  return first_mene(rules, ns, ew, seed, deal, true, stop);
}

PlayedDiff played_diff(const Ruleset& a, const Ruleset& b, const SeatActorMaker& ns, const SeatActorMaker& ew,
                       std::uint64_t seed, std::uint64_t count, unsigned threads, std::size_t examples,
                       const std::function<void(std::uint64_t, std::uint64_t)>& progress,
                       const std::function<bool()>& stop) {
  PlayedDiff total;
  // A worker's exception would end the program: the first is kept, and thrown once the workers are done.
  std::mutex failure_mutex;
  std::string failure;
  // Once a chunk is cut short, no later one is merged: the result holds the first deals only.
  std::atomic<bool> cut{false};
  sample_in_chunks<PlayedChunk>(
      count, threads,
      [&](std::uint64_t begin, std::uint64_t end, PlayedChunk& chunk) {
        PlayedDiff& part = chunk.diff;
        for (std::uint64_t deal = begin; deal < end; ++deal) {
          std::optional<FirstMene> x, y;
          const Ruleset* playing = &a;
          try {
            x = first_mene(a, ns, ew, seed, deal, false, stop);
            playing = &b;
            if (x) y = first_mene(b, ns, ew, seed, deal, false, stop);
          } catch (const ArenaError& e) {
            // Named by the ruleset it was played under: the players are the same in both.
            const std::lock_guard lock(failure_mutex);
            if (failure.empty()) failure = fmt::format("deal {} under {}: {}", deal, playing->info.name, e.what());
            chunk.cut = true;
            return;
          }
          if (!x || !y) {
            chunk.cut = true;
            return;
          }
          const long long change = y->result_points - x->result_points;
          ++part.deals;
          part.change += change;
          part.change_squares += change * change;
          count_side(part.sides[0], *x);
          count_side(part.sides[1], *y);
          if (x->taker != y->taker) ++part.taker_changed;
          else if (x->result != y->result) ++part.result_changed;
          if (change == 0) continue;
          ++part.differing;
          part.size += std::llabs(change);
          if (std::llabs(change) > std::llabs(part.largest)) {
            part.largest = change;
            part.largest_at = deal;
          }
          if (part.examples.size() < examples) part.examples.push_back(deal);
        }
      },
      [&](PlayedChunk& chunk) {
        if (chunk.cut) cut = true;
        if (!cut) total.merge(chunk.diff, examples);
      },
      progress, [&] { return cut || (stop && stop()); }, kSlowSampleChunk);
  if (!failure.empty()) throw ArenaError(failure);
  return total;
}

}  // namespace belote
