// belote auction: the legal calls of an auction so far, or where it went wrong.
#include <fmt/format.h>

#include "commands.h"

namespace belote::cli {

namespace {

Seat seat_option(const std::string& text, std::string_view option) {
  const auto seat = parse_seat(text);
  if (!seat) throw UsageError(fmt::format("--{} is a seat (N, E, S or W), not '{}'", option, shown(text)));
  return *seat;
}

}  // namespace

int run_auction(const Args& args) {
  po::options_description options("options");
  std::string ruleset = default_ruleset_name();
  std::string format = "text";
  std::string dealer_text = "N";
  std::string first_text;
  std::vector<std::string> turned_text;
  std::vector<std::string> calls;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("dealer", po::value(&dealer_text)->value_name("SEAT"), "the seat that dealt (default: N)")
      ("first", po::value(&first_text)->value_name("SEAT"),
       "the first speaker, where it is not the seat after the dealer (a game's first deal under 'first_deal_speaker')")
      ("turned", po::value(&turned_text)->value_name("SUIT"),
       "in a turned-card auction, the turned card's suit, or the card itself (JH) where the ruleset turns a card up; "
       "again for each suit a further round turns")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json for programs (default: text)");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("calls", po::value(&calls), -1, "CALL...",
               "the calls so far, in order, each one word or quoted: pass, \"90 H\", coinche, take, \"choose S\"; "
               "SEAT:CALL names its seat (a double out of turn)");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote auction [--ruleset NAME] [--dealer SEAT] [--first SEAT] [--turned SUIT]... "
                     "[--format text|json] [--rulesets-dir DIR]... [--untrusted] [CALL...]",
                     "belote auction --ruleset coinche --dealer N \"80 H\" pass \"90 S\""))
    return kSuccess;
  require_text_or_json(format);
  const Seat dealer = seat_option(dealer_text, "dealer");
  const std::optional<Seat> first = first_text.empty() ? std::nullopt : std::optional(seat_option(first_text, "first"));

  const auto rules = load_ruleset(rulesets.loader(), ruleset);
  if (!rules) return kInvalidInput;
  if (!states_auction(*rules)) return kInvalidInput;
  if (!turned_text.empty() && rules->auction.style != AuctionStyle::turned_card)
    throw UsageError(fmt::format("ruleset '{}' turns no card: --turned goes with a turned-card auction", shown(rules->info.name)));
  std::vector<Suit> turned;
  for (const std::string& text : turned_text) {
    std::optional<Card> card;
    std::string why;
    const auto suit = read_turned(*rules, text, turned.empty(), card, why);
    if (!why.empty()) throw UsageError(fmt::format("--turned: {}", why));
    if (!suit)
      throw UsageError(fmt::format("--turned is a suit of the deck{}, not '{}'",
                                   rules->dealing.turned == TurnedCard::card ? " or, first, the card turned up" : "", shown(text)));
    turned.push_back(*suit);
  }
  if (turned.empty() && rules->auction.style == AuctionStyle::turned_card)
    throw UsageError(fmt::format("ruleset '{}' turns a card: give it or its suit with --turned", shown(rules->info.name)));

  Output& out = Output::standard();
  const bool json = format == "json";
  const AuctionReplay replay = replay_given_calls(*rules, Auction(*rules, dealer, first, turned), calls);
  if (!json) {
    out.line(fmt::format("{}: dealer {}, first speaker {}", rules->info.name, name(dealer), name(replay.auction.first())));
    for (std::size_t i = 0; i < replay.applied.size(); ++i)
      out.line(fmt::format("{:>3}  {}  {}", i + 1, name(replay.applied[i].seat), call_text(*rules, replay.applied[i])));
  }
  if (!replay.all_applied() && !replay.broken)
    throw UsageError(fmt::format("'{}': SEAT:CALL starts with N, E, S or W", shown(calls[std::size_t(replay.stopped_at - 1)])));
  if (json) {
    out.line(auction_answer_json(*rules, replay));
  } else if (replay.broken) {
    print_error(auction_error_text(*rules, replay.auction, replay.stopped_at, replay.call, replay.given, *replay.broken));
  } else if (const auto outcome = replay.auction.outcome()) {
    out.line(fmt::format("Ended at call {}: {}", replay.auction.ended_at(), auction_outcome_text(*rules, *outcome)));
  } else {
    out.line(fmt::format("{} to speak. Legal calls: {}.", name(replay.auction.to_speak()),
                         legal_calls_text(*rules, replay.auction.legal())));
  }
  if (replay.broken) {
    const int status = out.finish();
    return status == kSuccess ? kInvalidInput : status;
  }
  return out.finish();
}

}  // namespace belote::cli
