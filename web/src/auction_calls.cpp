// The auction: the legal calls of an auction so far, or where it went wrong,
// as `belote auction --format json` answers, by the engine's own replay and
// JSON (auction_text.h, auction_json.h).
#include <fmt/format.h>

#include "belote/auction_json.h"
#include "belote/auction_text.h"
#include "session.h"

namespace belote::web {

namespace {

// The auction so far: an object, or one JSON line of it.
Json auction_object(const Json& args) {
  if (!args.contains("auction")) throw CallError{"'auction' is missing: an object or one JSON line"};
  const Json& given = args["auction"];
  if (given.is_object()) return given;
  if (!given.is_string()) throw CallError{"'auction' must be an object or one JSON line"};
  const std::string& line = given.get_ref<const std::string&>();
  if (line.find('\n') != std::string::npos && line.find_first_not_of(" \t\r\n", line.find('\n')) != std::string::npos)
    throw CallError{"'auction' must be one auction: one JSON line"};
  Json parsed = Json::parse(line);
  if (!parsed.is_object()) throw CallError{"'auction' must be a JSON object: {dealer, first, turned, calls}"};
  return parsed;
}

// The options of `belote auction`, worded as its usage errors are.
Seat seat_of(const Json& auction, const char* key) {
  const auto seat = auction[key].is_string() ? parse_seat(auction[key].get<std::string>()) : std::nullopt;
  if (!seat) throw CallError{fmt::format("'{}' is a seat (N, E, S or W), not {}", key, json_text(auction[key]))};
  return *seat;
}

std::vector<Suit> turned_of(const Ruleset& rules, const Json& auction) {
  std::vector<Suit> turned;
  if (!auction.contains("turned")) {
    if (rules.auction.style == AuctionStyle::turned_card)
      throw CallError{fmt::format("ruleset '{}' turns a card: give it or its suit in 'turned'", rules.info.name)};
    return turned;
  }
  const Json& given = auction["turned"];
  for (const Json& item : given.is_array() ? given : Json::array({given})) {
    // The card turned up, first, where the ruleset turns one: as a record writes it.
    std::optional<Card> card;
    std::string why;
    const auto suit = item.is_string() ? read_turned(rules, item.get<std::string>(), turned.empty(), card, why) : std::nullopt;
    if (!why.empty()) throw CallError{fmt::format("'turned': {}", why)};
    if (!suit)
      throw CallError{fmt::format("'turned' is a suit of the deck{} or a list of them, not {}",
                                  rules.dealing.turned == TurnedCard::card ? ", the first possibly the card turned up," : "",
                                  json_text(item))};
    turned.push_back(*suit);
  }
  return turned;
}

std::vector<std::string> calls_of(const Json& auction) {
  std::vector<std::string> calls;
  if (!auction.contains("calls")) return calls;
  if (!auction["calls"].is_array()) throw CallError{"'calls' must be a list of calls: [\"80 H\", \"pass\", \"E:coinche\"]"};
  for (const Json& call : auction["calls"]) {
    if (!call.is_string()) throw CallError{fmt::format("a call is a string (\"80 H\", \"E:coinche\"), not {}", json_text(call))};
    calls.push_back(call.get<std::string>());
  }
  return calls;
}

}  // namespace

// {ruleset, auction: {dealer, first, turned, calls}}: `answer` and `text` are
// what `belote auction --format json` writes for the calls, the state or the
// first illegal call's error (done false, and its message in `errors`, as
// the program's text mode says it).
Json call_auction(Session& session, const Json& args) {
  const auto rules = session.ruleset(string_arg(args, "ruleset"));
  if (!rules->auction.given)
    throw CallError{fmt::format("ruleset '{}' states no auction: it has no [auction] table (docs/rulesets.md, \"The auction\")",
                                rules->info.name)};
  const Json auction = auction_object(args);
  for (const auto& [key, value] : auction.items())
    if (key != "dealer" && key != "first" && key != "turned" && key != "calls")
      throw CallError{fmt::format("'auction' has no key '{}': dealer, first, turned, calls", key)};
  const Seat dealer = auction.contains("dealer") ? seat_of(auction, "dealer") : Seat::N;
  const std::optional<Seat> first = auction.contains("first") ? std::optional(seat_of(auction, "first")) : std::nullopt;
  const std::vector<Suit> turned = turned_of(*rules, auction);
  const std::vector<std::string> calls = calls_of(auction);
  const AuctionReplay replay = replay_given_calls(*rules, Auction(*rules, dealer, first, turned), calls);
  if (!replay.all_applied() && !replay.broken)
    throw CallError{fmt::format("'{}': SEAT:CALL starts with N, E, S or W", calls[std::size_t(replay.stopped_at - 1)])};
  std::string text = auction_answer_json(*rules, replay);
  Json answer = Json::parse(text);
  Json errors = Json::array();
  if (replay.broken)
    errors.push_back(diagnostic_json({"", 0, 0, auction_error_text(*rules, replay.auction, replay.stopped_at, replay.call,
                                                                   replay.given, *replay.broken), ""}));
  return {{"done", !replay.broken}, {"answer", std::move(answer)}, {"text", std::move(text)}, {"errors", std::move(errors)}};
}

}  // namespace belote::web
