// Fuzz target: an auction under the shipped ruleset with an auction that the
// first byte chooses, its calls given as text (one a line, as `belote
// auction` takes its arguments) or, when the rest is JSON, as a deal's
// `auction` table (calls as text or as objects). Every answer is JSON, the
// same calls replayed give the same answer, and a deal's auction is read or
// refused with bounded messages.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const Ruleset& rules = fuzz::chosen_ruleset(rest, true);
  const Seat dealer = rest.empty() ? Seat::N : kSeats[static_cast<unsigned char>(rest[0]) % 4];
  std::vector<Suit> turned;
  if (rules.auction.style == AuctionStyle::turned_card) turned.push_back(Suit(rest.size() % kSuitCount));

  std::vector<std::string> calls;
  for (std::size_t start = 0; start < rest.size() && calls.size() < 64;) {
    const std::size_t end = std::min(rest.find('\n', start), rest.size());
    calls.emplace_back(rest.substr(start, end - start));
    start = end + 1;
  }
  const Auction start(rules, dealer, std::nullopt, turned);
  const AuctionReplay replay = replay_given_calls(rules, start, calls);
  const std::string answer = auction_answer_json(rules, replay);
  BELOTE_FUZZ_CHECK(nlohmann::json::accept(answer));
  BELOTE_FUZZ_CHECK(auction_answer_json(rules, replay_given_calls(rules, start, calls)) == answer);
  if (replay.broken) (void)auction_error_text(rules, replay.auction, replay.stopped_at, replay.call, replay.given, *replay.broken);

  // The same bytes as a deal's auction table, read as the deal readers read it.
  if (nlohmann::json::accept(rest)) {
    const std::string line = std::string(R"({"kind":"S","taker":"N","hands":{},"auction":)") + std::string(rest) + "}";
    Deal deal;
    Diagnostics errors;
    (void)DealReader(rules).read_json_line(line, "deals.jsonl", 1, deal, errors);
    fuzz::check_bounded(errors);
    fuzz::format_all(errors);
  }
  return 0;
}
