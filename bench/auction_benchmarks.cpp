#include "auction_benchmarks.h"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <random>
#include <unistd.h>

#include <belote/belote.h>

#include "benchmark_names.h"
#include "consistency.h"
#include "program_benchmark.h"

namespace belote::bench {

namespace {

namespace fs = std::filesystem;

// One family of each shape: bidding by value and by kind, a turned card in
// one or two rounds, a chooser with schieben.
constexpr const char* kFamilies[] = {"coinche", "classique", "bulgare", "schieber", "klaverjas"};
// The file's family: the longest auctions (bids, coinche and surcoinche).
constexpr const char* kFileFamily = "coinche";

std::shared_ptr<const Ruleset> load_family(const std::string& name) {
  const LoadedRuleset loaded = RulesetLoader(RulesetSearchPath::standard({})).load(name);
  if (!loaded.ok()) {
    for (const Diagnostic& e : loaded.errors) fmt::print(stderr, "belote_bench: error: {}\n", location_and_message(e));
    return nullptr;
  }
  return loaded.ruleset;
}

// A random auction of legal calls, as players make them: a pass two times in
// three where one is legal (so that auctions end in every way and keep a
// plausible length), else any legal call. `before(auction)` sees each
// position before its call, `after(call, auction)` each call made.
template <class Before, class After>
void random_auction(Auction& auction, std::mt19937_64& rng, Before before, After after) {
  const AuctionRules& a = auction.rules();
  while (!auction.ended()) {
    before(auction);
    const LegalCalls legal = auction.legal();
    const std::vector<Call> offered = legal.list(a);
    const Call call = legal.pass && rng() % 3 != 0 ? offered.front() : offered[rng() % offered.size()];
    auction.apply(call);
    after(call, auction);
  }
}

// An auction's start: a random dealer and, for a turned-card auction, the suits turned in order.
Auction random_start(const Ruleset& rules, std::mt19937_64& rng, std::array<Suit, kSuitCount>& turned) {
  turned = {0, 1, 2, 3};
  std::shuffle(turned.begin(), turned.end(), rng);
  return Auction(rules, Seat(rng() % 4), std::nullopt,
                 rules.auction.style == AuctionStyle::turned_card ? std::span<const Suit>(turned) : std::span<const Suit>());
}

// The legal calls of positions gathered once from random auctions: the timed
// loop only asks for them, a different position each time.
void register_legal_calls(const std::shared_ptr<const Ruleset>& rules, std::uint64_t seed) {
  auto positions = std::make_shared<std::vector<Auction>>();
  constexpr std::size_t kPositions = std::size_t{1} << 16;  // a power of two, stepped through with a mask
  std::mt19937_64 rng(seed);
  std::array<Suit, kSuitCount> turned{};
  while (positions->size() < kPositions) {
    Auction auction = random_start(*rules, rng, turned);
    random_auction(auction, rng, [&](const Auction& at) { positions->push_back(at); }, [](const Call&, const Auction&) {});
  }
  positions->erase(positions->begin() + kPositions, positions->end());
  // The positions point into the ruleset: the benchmark keeps it.
  benchmark::RegisterBenchmark(auction_legal_name(rules->info.name).c_str(), [rules, positions](benchmark::State& state) {
    std::size_t at = 0;
    std::uint64_t checksum = 0;
    for (auto _ : state) {
      const LegalCalls legal = (*positions)[at].legal();
      at = (at + 1) & (positions->size() - 1);
      checksum += std::uint64_t(legal.bid_kinds) + std::uint64_t(legal.choose_kinds) + std::uint64_t(legal.lowest_bid) +
                  legal.pass + legal.take + legal.double_ + legal.redouble + legal.schieben;
    }
    benchmark::DoNotOptimize(checksum);
    check(state, checksum != 0, "no legal call");
    state.SetItemsProcessed(state.iterations());
  });
}

// An auction as a deal gives it: its start and its calls as written ("80 H",
// "pass", "E:coinche" for a call out of turn).
struct WrittenAuction {
  Seat dealer = Seat::N;
  std::vector<std::string> calls;
  AuctionOutcome outcome;
};

// A random auction that makes a contract (redeals are drawn again), written.
WrittenAuction written_auction(const Ruleset& rules, std::mt19937_64& rng) {
  for (;;) {
    std::array<Suit, kSuitCount> turned{};
    Auction auction = random_start(rules, rng, turned);
    WrittenAuction written{auction.dealer(), {}, {}};
    Seat to_speak = auction.to_speak();
    random_auction(auction, rng, [&](const Auction& at) { to_speak = at.to_speak(); }, [&](const Call& call, const Auction&) {
      const std::string text = call_text(rules, call);
      written.calls.push_back(call.seat == to_speak ? text : fmt::format("{}:{}", name(call.seat), text));
    });
    written.outcome = *auction.outcome();
    if (!written.outcome.redeal) return written;
  }
}

// Whole auctions read from their text and applied in process, as `belote
// auction` reads them: the auction's own part of checking a deal that gives one.
void register_auction_replay(const std::shared_ptr<const Ruleset>& rules, std::uint64_t seed) {
  auto auctions = std::make_shared<std::vector<WrittenAuction>>();
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 4096; ++i) auctions->push_back(written_auction(*rules, rng));
  benchmark::RegisterBenchmark(auction_replay_name(rules->info.name).c_str(), [rules, auctions](benchmark::State& state) {
    std::size_t at = 0;
    std::uint64_t checksum = 0;
    bool all_ended = true;
    for (auto _ : state) {
      const WrittenAuction& written = (*auctions)[at];
      at = (at + 1) % auctions->size();
      const AuctionReplay replay = replay_given_calls(*rules, Auction(*rules, written.dealer), written.calls);
      checksum += std::uint64_t(replay.auction.ended_at());
      all_ended = all_ended && replay.all_applied() && replay.auction.ended();
    }
    benchmark::DoNotOptimize(checksum);
    check(state, all_ended, "an auction did not end as made");
    state.SetItemsProcessed(state.iterations());
  });
}

fs::path auction_file() { return fs::temp_directory_path() / fmt::format("belote-bench-auctions-{}.jsonl", getpid()); }

// Deals that give their auction and not their contract, as a player's record
// of a mène would: the hands and result of a random deal (its card points
// scaled to the contract's kind), the dealer and the calls.
void write_auction_file(const Ruleset& rules, std::uint64_t seed, std::uint64_t count) {
  std::FILE* file = std::fopen(auction_file().c_str(), "wb");
  const RandomDeals random(rules, seed);
  sample_in_chunks<std::string>(
      count, default_threads(),
      [&](std::uint64_t begin, std::uint64_t end, std::string& text) {
        Deal deal;
        for (std::uint64_t i = begin; i < end; ++i) {
          random.make(i, deal);
          std::mt19937_64 rng(seed ^ (i * 0x9e3779b97f4a7c15ull));
          const WrittenAuction written = written_auction(rules, rng);
          const nlohmann::ordered_json made = deal_json(rules, deal);
          nlohmann::ordered_json result = made["result"];
          const int total = rules.kinds[std::size_t(rules.auction.kinds[std::size_t(written.outcome.kind)].kind)].total_card_points();
          const int ns = result["points"]["NS"].get<int>(), ew = result["points"]["EW"].get<int>();
          result["points"]["NS"] = (ns * total + (ns + ew) / 2) / (ns + ew);
          result["points"]["EW"] = total - result["points"]["NS"].get<int>();
          const nlohmann::ordered_json line = {
              {"id", i},
              {"hands", made["hands"]},
              {"auction", {{"dealer", std::string(name(written.dealer))}, {"calls", written.calls}}},
              {"result", std::move(result)}};
          text += json_text(line);
          text += '\n';
        }
      },
      [&](std::string& text) { std::fwrite(text.data(), 1, text.size(), file); });
  std::fclose(file);
}

}  // namespace

void register_auction_benchmarks(std::uint64_t seed, std::uint64_t file_auctions) {
  for (const char* family : kFamilies) {
    const auto rules = load_family(family);
    if (!rules) continue;
    register_legal_calls(rules, seed);
    if (std::string_view(family) == kFileFamily) register_auction_replay(rules, seed);
  }
  const auto rules = load_family(kFileFamily);
  if (!rules) return;
  auto written = std::make_shared<bool>(false);
  register_program(kFileAuctionCheck, {"deal", "--check", "--ruleset", kFileFamily, auction_file().string()}, file_auctions,
                   [rules, seed, file_auctions, written] {
                     if (!*written) write_auction_file(*rules, seed, file_auctions);
                     *written = true;
                   });
}

void remove_auction_file() {
  std::error_code ignored;
  fs::remove(auction_file(), ignored);
}

}  // namespace belote::bench
