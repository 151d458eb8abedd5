#include "play_benchmarks.h"

#include <benchmark/benchmark.h>

#include <belote/belote.h>

#include "consistency.h"

namespace belote::bench {

namespace {

// Positions of random legal play, gathered once: the timed loop only asks
// for legal cards, a different position each time.
struct Position {
  CardSet hand;
  Trick trick;
  Seat seat;
  int context;  ///< kind * 4 + trump
};

void register_legal_cards(const std::shared_ptr<const Ruleset>& rules, std::uint64_t seed) {
  auto positions = std::make_shared<std::vector<Position>>();
  const RandomDeals random(*rules, seed);
  const RandomPlay play(*rules, seed);
  Deal deal;
  constexpr std::size_t kPositions = std::size_t{1} << 17;  // a power of two, stepped through with a mask
  for (std::uint64_t i = 0; positions->size() < kPositions; ++i) {
    random.make(i, deal, false);
    const PlayedCards cards = play.play(i, deal);
    PlayedMene mene(PlayContext(*rules, deal.kind, deal.trump), deal.hands, deal.first);
    for (int c = 0; c < cards.count; ++c) {
      positions->push_back({mene.hand(mene.to_play()), mene.current(), mene.to_play(), deal.kind * kSuitCount + deal.trump});
      mene.play(cards.cards[std::size_t(c)]);
    }
  }
  positions->resize(kPositions);
  auto contexts = std::make_shared<std::vector<PlayContext>>();
  for (int kind = 0; kind < int(rules->kinds.size()); ++kind)
    for (Suit trump = 0; trump < kSuitCount; ++trump) contexts->emplace_back(*rules, kind, trump);
  benchmark::RegisterBenchmark(("legal_cards/" + rules->info.name).c_str(), [rules, positions, contexts](benchmark::State& state) {
    std::size_t at = 0;
    CardSet checksum = 0;
    for (auto _ : state) {
      const Position& p = (*positions)[at];
      at = (at + 1) & (positions->size() - 1);
      checksum ^= legal_play((*contexts)[std::size_t(p.context)], p.hand, p.trick, p.seat).cards;
    }
    benchmark::DoNotOptimize(checksum);
    state.SetItemsProcessed(state.iterations());
  });
}

void register_random_play(const std::shared_ptr<const Ruleset>& rules, std::uint64_t seed) {
  benchmark::RegisterBenchmark(("played_menes_made/" + rules->info.name).c_str(), [rules, seed](benchmark::State& state) {
    const RandomDeals random(*rules, seed);
    const RandomPlay play(*rules, seed);
    Deal deal;
    std::uint64_t number = 0, checksum = 0;
    for (auto _ : state) {
      random.make(number, deal, false);
      checksum += play.play(number++, deal).cards[0] + std::uint64_t(deal.result.points[Team::NS]);
    }
    benchmark::DoNotOptimize(checksum);
    check(state, checksum != 0, "random play gave nothing");
    state.SetItemsProcessed(state.iterations());
  });
}

}  // namespace

void register_play_benchmarks(const Rulesets& rules, std::uint64_t seed) {
  for (const auto& r : rules) {
    register_legal_cards(r, seed);
    register_random_play(r, seed);
  }
}

}  // namespace belote::bench
