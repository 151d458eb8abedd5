// Auction worlds kept by what the seat has seen (docs/players.md).
#include "belote/auction_memory.h"

#include <algorithm>

namespace belote {

namespace {

thread_local AuctionMemory* shared_auction_memory = nullptr;

}  // namespace

AuctionMemory::Worlds& AuctionMemory::of(const Seen& seen) {
  const auto kept = std::find_if(kept_.begin(), kept_.end(), [&](const Worlds& w) { return w.seen == seen; });
  if (kept != kept_.end()) return *kept;
  if (kept_.size() >= capacity_) kept_.pop_front();
  // The worlds depend on the seed and the seat's own cards alone, whoever asks and when.
  const std::uint64_t stream = seen.hidden ^ (std::uint64_t(index(seen.seat) + 1) * 0x9E3779B97F4A7C15ull);
  kept_.push_back(Worlds{seen, Xoshiro256(seen.seed, stream), {}});
  return kept_.back();
}

SharedAuctionMemory::SharedAuctionMemory(std::size_t observations) : memory_(observations), outer_(shared_auction_memory) {
  shared_auction_memory = &memory_;
}

SharedAuctionMemory::~SharedAuctionMemory() { shared_auction_memory = outer_; }

AuctionMemory* SharedAuctionMemory::current() { return shared_auction_memory; }

}  // namespace belote
