// belote play: a game at the table, in the terminal: a person plays one seat
// (or several) against engine players and bots (docs/table.md).
#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>
#include <random>
#include <unistd.h>

#include "belote/arena.h"
#include "belote/file_replace.h"
#include "belote/ruleset_search.h"
#include "belote/sheet_report.h"
#include "belote/table_record.h"
#include "bot_protocol.h"
#include "commands.h"
#include "progress_bar.h"

namespace belote::cli {

// In a namespace of its own: every command file is compiled with the others.
namespace play_command {
namespace {


constexpr std::uint64_t kMaxMenes = 10000;
constexpr std::uint64_t kMaxBotTimeout = 86400;

enum class Who { person, engine, bot };

struct SeatPlayer {
  Who who = Who::engine;
  std::unique_ptr<Player> engine;
  std::unique_ptr<Bot> bot;
  std::string label;  // "you", "random", "bot (python3 bot.py)"
};

Seat seat_value(const std::string& text, std::string_view option) {
  const auto seat = parse_seat(text);
  if (!seat) throw UsageError(fmt::format("--{} is a seat (N, E, S or W), not '{}'", option, shown(text)));
  return *seat;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string part = text.substr(start, comma - start);
    part.erase(0, part.find_first_not_of(' '));
    part.erase(part.find_last_not_of(' ') + 1);
    parts.push_back(std::move(part));
    start = comma + 1;
  }
  return parts;
}

std::string team_pair(const TableSetup& setup, const PerTeam<int>& values) {
  return fmt::format("{} {}, {} {}", shown(setup.teams[Team::NS]), values[Team::NS], shown(setup.teams[Team::EW]),
                     values[Team::EW]);
}

// How the game is shown: suits as symbols or letters, and how much is said.
struct Screen {
  const Ruleset& rules;
  SuitStyle style;
  bool quiet;
  Output& out;

  std::string card(Card card) const { return rules.deck.card_name(card, style); }
  std::string cards(CardSet cards) const { return rules.deck.cards_text(cards, style); }

  // `text` with its cards written in `to`'s suits (cards_written).
  std::string cards_in(std::string_view text, SuitStyle to, bool any_case = false) const {
    return cards_written(rules.deck, text, to, any_case);
  }

  // An action as the seat to act would say it, cards in the screen's suits
  // (the words parse_action reads are action_text's, in letters).
  std::string action(const Table& table, belote::Action action) const {
    const ActionSpace& space = table.actions();
    const std::string words = table.action_text(action);
    switch (space.kind(action)) {
      case ActionKind::card:
      case ActionKind::card_word: {
        const auto space_at = words.find(' ');
        return card(space.card_of(action)) + (space_at == std::string::npos ? "" : words.substr(space_at));
      }
      // The words parse_action reads, so that an answer may copy them.
      case ActionKind::declare: return cards_in(words, style);
      case ActionKind::call: return words;
    }
    return words;
  }

  void line(std::string_view text) const { out.line(text); }
  void say(std::string_view text) const {
    if (!quiet) out.line(text);
  }
};

// "a number from 1 to 9", or "1" where the list holds one choice.
std::string numbers_text(std::size_t count) { return count == 1 ? std::string("1") : fmt::format("a number from 1 to {}", count); }

// The legal actions, numbered from 1, in as many columns as fit 80 characters.
void show_choices(const Screen& screen, const Table& table, const std::vector<belote::Action>& legal) {
  std::vector<std::string> items;
  std::size_t widest = 0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    items.push_back(fmt::format("{:>3} {}", i + 1, screen.action(table, legal[i])));
    widest = std::max(widest, display_width(items.back()));
  }
  const std::size_t columns = std::max<std::size_t>(1, 80 / (widest + 2));
  std::string row;
  for (std::size_t i = 0; i < items.size(); ++i) {
    row += items[i];
    if ((i + 1) % columns == 0 || i + 1 == items.size()) {
      screen.line(row);
      row.clear();
    } else {
      row += std::string(widest + 2 - display_width(items[i]), ' ');
    }
  }
}

// A few answers the list allows, as the person may type them: the first of
// each kind (a card, a card with the belote's word, a declaration, a call),
// and a second where the list holds one kind only.
std::vector<std::string> answer_examples(const Screen& screen, const Table& table, const std::vector<belote::Action>& legal) {
  std::vector<std::string> examples;
  std::vector<ActionKind> kinds;
  for (const belote::Action action : legal) {
    const ActionKind kind = table.actions().kind(action);
    if (std::ranges::find(kinds, kind) != kinds.end()) continue;
    kinds.push_back(kind);
    // A declaration may also be named by its number among the seat's announcements, which stays the same once
    // another is declared: `declare 2` when the first is declared already.
    examples.push_back(screen.action(table, action) +
                       (kind == ActionKind::declare ? fmt::format(" or declare {}", table.actions().slot_of(action) + 1) : ""));
  }
  if (examples.size() == 1 && legal.size() > 1) {
    const ActionKind kind = table.actions().kind(legal[1]);
    if (kind != ActionKind::declare) examples.push_back(screen.action(table, legal[1]));
  }
  return examples;
}

// The help of `?`: what to type, from the list on the screen.
std::string answer_help(const Screen& screen, const Table& table, const std::vector<belote::Action>& legal) {
  std::string text = fmt::format("Type {}, or the answer as the list writes it, without quotes, for example {}.",
                                 numbers_text(legal.size()), fmt::join(answer_examples(screen, table, legal), ", "));
  if (screen.style == SuitStyle::symbol) {
    const auto card = std::ranges::find_if(legal, [&](belote::Action a) {
      const ActionKind kind = table.actions().kind(a);
      return kind == ActionKind::card || kind == ActionKind::card_word;
    });
    if (card != legal.end()) {
      const Deck& deck = screen.rules.deck;
      std::string letters;
      for (Suit suit = 0; suit < kSuitCount; ++suit) letters += (suit ? " " : "") + deck.suit_name(suit);
      text += fmt::format(" Suits may be typed as letters ({}): {} for {}.", letters,
                          deck.card_name(table.actions().card_of(*card)), screen.card(table.actions().card_of(*card)));
    }
  }
  return text + " Type hint for the engine's advice (as belote advise gives it), quit to stop the game.";
}

// The bids of the ruleset's ladder in words: "80 to 160 by 10, capot, generale".
std::string ladder_text(const Ruleset& rules) {
  std::vector<int> numbers;
  std::vector<std::string> parts;
  for (const LadderBid& bid : rules.auction.ladder)
    if (bid.named_bid < 0) numbers.push_back(bid.value);
  const int step = numbers.size() >= 3 ? numbers[1] - numbers[0] : 0;
  bool even = step > 0;
  for (std::size_t i = 1; even && i < numbers.size(); ++i) even = numbers[i] - numbers[i - 1] == step;
  if (even) parts.push_back(fmt::format("{} to {} by {}", numbers.front(), numbers.back(), step));
  else
    for (const int number : numbers) parts.push_back(std::to_string(number));
  for (const LadderBid& bid : rules.auction.ladder)
    if (bid.named_bid >= 0) parts.push_back(rules.bids.named[std::size_t(bid.named_bid)].name);
  return fmt::format("{}", fmt::join(parts, ", "));
}

// Why a call that reads as a bid is none of the ruleset's: its value off the ladder, or a kind it lacks; empty
// for any other answer.
std::string bid_refusal(const Table& table, std::string_view text) {
  if (table.phase() != TablePhase::auction) return {};
  const Ruleset& rules = table.rules();
  const Call call = read_call(rules, table.to_act(), text);
  if (call.type != CallType::bid && call.type != CallType::choose) return {};
  if (call.kind == kBadKind)
    return fmt::format("{}: {}", rule_id(AuctionRule::bad_kind), rule_sentence(rules, table.auction(), call, AuctionRule::bad_kind));
  if (call.type == CallType::bid && call.bid == kBadValue) {
    std::string why = rule_sentence(rules, table.auction(), call, AuctionRule::bad_value);
    if (rules.auction.order == BidOrder::value) why += fmt::format(": {} ([bids])", ladder_text(rules));
    return fmt::format("{}: {}", rule_id(AuctionRule::bad_value), why);
  }
  return {};
}

// A bid written without its space, "80H" for "80 H": one word, a number then what is no number.
std::string spaced_bid(const std::string& letters) {
  const std::size_t digits = letters.find_first_not_of("0123456789");
  if (digits == 0 || digits == std::string::npos || letters.find_first_of(" \t") != std::string::npos) return letters;
  return letters.substr(0, digits) + " " + letters.substr(digits);
}

// An answer read as the seat to act's action: as parse_action reads it, or a bid written without its space where
// the word is no card ("10H" is the card).
std::optional<belote::Action> read_answer(const Table& table, const std::string& letters) {
  if (const auto action = table.parse_action(letters)) return action;
  const std::string spaced = spaced_bid(letters);
  if (spaced == letters) return std::nullopt;
  return table.parse_action(spaced);
}

// What the person sees before choosing: the seat's hand, the auction or the trick so far.
void show_position(const Screen& screen, const Table& table) {
  const Seat seat = table.to_act();
  const Observation seen = table.observe(seat);
  std::string text = fmt::format("{} to {}; hand: {}", name(seat), seen.phase == TablePhase::auction ? "speak" : "play",
                                 screen.cards(seen.hand));
  if (seen.phase == TablePhase::auction) {
    text += turned_text(screen.rules.deck, seen.turned_card, seen.proposals, screen.style);
    // The calls so far, as the trick so far in the play: --quiet shows no other.
    std::string calls;
    for (const Call& call : seen.calls) calls += fmt::format("{}{} {}", calls.empty() ? "" : ", ", name(call.seat), call_text(screen.rules, call));
    if (!calls.empty()) text += "; calls: " + calls;
  }
  if (seen.phase == TablePhase::play) {
    std::string trick;
    for (std::size_t i = 4 * seen.trick_winners.size(); i < seen.cards.size(); ++i)
      trick += fmt::format("{}{} {}", trick.empty() ? "" : ", ", name(seen.cards[i].first), screen.card(seen.cards[i].second));
    if (!trick.empty()) text += "; trick: " + trick;
  }
  screen.line(text);
}

// Another seat's declaration as the table hears it (docs/table.md): a sequence
// by its name and points, its cards shown at trick 2 only by the team that wins
// the contest; a carré by its rank, with its cards.
std::string declaration_heard(const Screen& screen, const Table& table, Seat seat) {
  const Observation seen = table.observe(next_in_play(seat));
  const DeclaredAnnouncement& heard = seen.declared.back();
  const Announcement& a = heard.announcement;
  if (heard.known) return fmt::format("declare {} ({})", announcement_label(screen.rules, a, screen.style), screen.cards(heard.cards()));
  return fmt::format("declare {} ({} points)", announcement_kind(screen.rules, a), a.points);
}

// The sequences shown once trick 1 is played, in the order declared: every
// seat sees them (the carrés were seen as declared).
void show_sequences_shown(const Screen& screen, const Table& table, Seat seat) {
  if (table.phase() != TablePhase::play) return;
  // Each as a seat other than its own sees it (the two views list the same declarations).
  const Observation seen = table.observe(seat), after = table.observe(next_in_play(seat));
  for (std::size_t i = 0; i < seen.declared.size(); ++i) {
    const DeclaredAnnouncement& d = seen.declared[i].seat == seat ? after.declared[i] : seen.declared[i];
    if (d.announcement.carre || !d.known) continue;
    const std::string label = announcement_label(screen.rules, d.announcement, screen.style);
    screen.say(fmt::format("  {} shows {} ({})", name(d.seat), label, screen.cards(d.cards())));
  }
}

// What the person answered: a choice, the end of the input, or `quit`.
struct Answer {
  std::optional<std::pair<belote::Action, std::string>> action;  // applied, and its words
  bool ended = false;
  bool quit = false;
};

// The engine's advice for the seat to act, as `belote advise` writes it at this position (its worlds and seed by
// default): a sampled player's thinking, which under schieber takes seconds at trick 1. Ctrl-C ends it.
void show_advice(const Screen& screen, const Table& table, unsigned threads) {
  AdviceOptions options;
  options.threads = threads;
  screen.line(fmt::format("Thinking: {} drawn and solved...", number_of(std::uint64_t(options.worlds), "world")));
  screen.out.flush();
  ProgressBar progress("worlds");
  options.progress = [&](int done, int worlds) { progress.update(std::uint64_t(done), std::uint64_t(worlds)); };
  options.stop = [] { return ending_signal() != 0; };
  const Seat seat = table.to_act();
  const Advice advice = advise(screen.rules, table.actions(), table.observe(seat), table.legal(), options);
  progress.clear();
  if (ending_signal()) return;
  write_advice_text(screen.out, advice, table, screen.rules, screen.style);
}

// Asks the person at the seat to act until an answer is a legal action, and applies it.
Answer ask_person(const Screen& screen, Table& table, bool echo, unsigned threads) {
  const std::vector<belote::Action> legal = table.legal().list(table.actions(), table.rules());
  show_position(screen, table);
  show_choices(screen, table, legal);
  for (;;) {
    screen.out.write(fmt::format("{}> ", name(table.to_act())));
    screen.out.flush();
    std::string line;
    if (!std::getline(std::cin, line)) {
      screen.out.write("\n");
      screen.out.flush();
      return {std::nullopt, true};
    }
    if (echo) screen.out.line(line);
    line.erase(0, line.find_first_not_of(" \t\r"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    if (line.empty()) continue;
    const std::string word = to_lower_ascii(line);
    if (line == "?" || word == "help") {
      // The contract too: under --quiet it was said once, before the first card.
      if (table.play() && table.contract())
        screen.line("Contract: " + auction_outcome_text(screen.rules, *table.contract(), screen.style));
      show_position(screen, table);
      show_choices(screen, table, legal);
      screen.line(answer_help(screen, table, legal));
      continue;
    }
    if (word == "hint" || word == "advise") {
      show_advice(screen, table, threads);
      if (ending_signal()) return {};
      continue;
    }
    if (word == "quit") return {std::nullopt, false, true};
    std::optional<belote::Action> action;
    if (line.find_first_not_of("0123456789") == std::string::npos) {
      const std::size_t number = line.size() <= 6 ? std::stoul(line) : 0;
      if (number >= 1 && number <= legal.size()) action = legal[number - 1];
      else screen.line(fmt::format("refused: choose {}", numbers_text(legal.size())));
    } else {
      const std::string letters = screen.cards_in(line, SuitStyle::letter, true);
      action = read_answer(table, letters);
      if (!action) {
        if (const std::string why = bid_refusal(table, spaced_bid(letters)); !why.empty())
          screen.line(fmt::format("refused: {}: {}", shown(line), why));
        else
          screen.line(fmt::format("refused: '{}' is no card or call here: type {}, or the answer as the list writes it ({}); "
                                  "? for help",
                                  shown(line), numbers_text(legal.size()), fmt::join(answer_examples(screen, table, legal), ", ")));
      }
    }
    if (!action) continue;
    const std::string words = screen.action(table, *action);
    if (const auto refused = table.apply(*action)) {
      screen.line(fmt::format("refused: {}: {}", words, screen.cards_in(refused->message, screen.style)));
      continue;
    }
    return {std::pair{*action, words}, false};
  }
}

// The roem a trick's cards hold ([roem], klaverjas), and what makes it.
std::string trick_roem_text(const Screen& screen, const PlayContext& play, const PlayedTrick& trick) {
  if (trick.roem <= 0) return {};
  CardSet four{};
  for (const Card card : trick.trick.cards) four |= card_bit(card);
  return fmt::format(", roem {}: {}", trick.roem, trick_roem_words(screen.rules.deck, trick_roem(play, four), screen.style, false));
}

// Where the game is, for a bot's failure: "mène 2, auction", "mène 2, trick 3".
std::string bot_place(const Table& table) {
  const int mene = table.tally().dealt;
  if (table.phase() == TablePhase::play && table.play()) return fmt::format("mène {}, trick {}", mene, table.play()->tricks_played() + 1);
  return fmt::format("mène {}, auction", mene);
}

// The bots told something that needs no answer; the first that fails, in words.
std::string tell_bots(std::array<SeatPlayer, 4>& players, std::string_view message) {
  std::string first;
  for (SeatPlayer& player : players)
    if (player.bot)
      // Each told, the others too where one fails: at the game's end every bot hears it.
      if (std::string error = player.bot->send(message); !error.empty() && first.empty()) first = std::move(error);
  return first;
}

// The end of a mène: its score, why, and the running totals.
void show_mene_end(const Screen& screen, const Table& table, const FinishedMene& mene, int number) {
  const TableSetup& setup = table.setup();
  if (mene.redeal) {
    screen.line(fmt::format("Mène {}: {}", number, auction_outcome_text(screen.rules, mene.contract)));
    return;
  }
  // A carré that annuls the deal (carres.void_deal) was dealt: nothing scored, dealt again.
  const std::string contract = mene.outcome.is_void ? std::string("void: dealt again")
                               : mene.outcome.contract == ContractResult::no_contract
                                   ? std::string("no contract")
                                   : fmt::format("contract {}", contract_name(mene.outcome.contract));
  std::string result = fmt::format("Mène {} scored: {} ({})", number, team_pair(setup, mene.outcome.score), contract);
  if (mene.outcome.suspended) result += fmt::format(", {} points held over", mene.outcome.suspended);
  if (!screen.quiet)
    for (const Step& step : explain(screen.rules, mene.deal, mene.outcome, screen.style))
      if (step.kind != StepKind::tricks) screen.line("  " + step.text);
  screen.line(fmt::format("{}; totals: {}", result, team_pair(setup, table.tally().totals)));
}

void show_mene_start(const Screen& screen, const Table& table) {
  const DealtMene& dealt = table.dealt();
  std::string text = fmt::format("\nMène {}: {} deals, {} speaks first", table.tally().dealt, name(dealt.dealer), name(dealt.first));
  // A game's first deal may give the first word to a card's holder (Schieber's 7♥), not to the seat after the dealer.
  if (const auto holder_card = screen.rules.auction.first_deal_holder; holder_card && table.tally().dealt == 1)
    text += fmt::format(" (holding {}: auction.first_deal_speaker)", screen.card(*holder_card));
  text += turned_text(screen.rules.deck, dealt.turned_card, std::span(dealt.proposals.data(), std::min<std::size_t>(dealt.proposal_count, 1)),
                     screen.style);
  screen.say(text);
}

// The game's record written to each file: TOML for .toml, deal lines for .jsonl, JSON else. A
// ruleset given by path is held in the record whole (`rules`), which then replays without the file.
int write_records(const Table& table, const std::vector<std::string>& files) {
  int status = kSuccess;
  for (const std::string& file : files) {
    std::string text;
    if (file.ends_with(".toml")) text = record_toml(table);
    else if (file.ends_with(".jsonl")) text = record_deal_lines(table);
    else text = record_json(table, true) + "\n";
    if (const auto failure = replace_file(file, text)) {
      print_error(*failure);
      status = kOutputFailed;
    }
  }
  return status;
}

// The game's end in the words of `belote sheet show` on its record ("EW win the game at mène 10, 1023 to 875 (game
// to 1000).", redeals counted), with the mènes played; or where --menes stopped it.
std::string game_end_text(const Table& table) {
  const TableTally& tally = table.tally();
  const std::string menes = number_of(std::uint64_t(tally.played), "mène");
  if (!tally.end.over()) return fmt::format("Stopped after {} (--menes).", menes);
  const Sheet sheet = record_sheet(table);
  std::string text = game_state_text(sheet, score_sheet(table.rules(), sheet));
  text.erase(std::min(text.find('\n'), text.size()));
  const int redeals = tally.dealt - tally.played;
  if (redeals > 0 && text.ends_with('.'))
    text.insert(text.size() - 1, fmt::format("; {} played, {}", menes, number_of(std::uint64_t(redeals), "redeal")));
  return text;
}

}  // namespace
}  // namespace play_command

int run_play(const Args& args) {
  using namespace play_command;
  po::options_description options("options");
  std::string ruleset = default_ruleset_name();
  std::string seed_text, players_text = "random", menes_text, target_text, first_dealer_text = "N", timeout_text = "30",
                                     threads_text = std::to_string(default_threads());
  std::vector<std::string> seat_texts, bot_texts, records;
  bool quiet = false, ascii = false;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("seed", po::value(&seed_text)->value_name("N"),
       "seed of the deals: the same seed and players, the same game (default: a new seed, shown at the start, or at the end where a person plays)")
      ("seat", po::value(&seat_texts)->composing()->value_name("SEAT"),
       "a seat you play, N E S or W, repeatable; none: engine players and bots only (default: N, unless a bot plays N)")
      ("players", po::value(&players_text)->value_name("NAMES"),
       "the engine players of the other seats: random, heuristic (rules of thumb), sampled or sampled:N (sampled double "
       "dummy over N worlds, 32 for sampled, 1 to 4096); one name for all, or four separated by commas, N,E,S,W; a bot "
       "is given with --bot (default: random)")
      ("bot", po::value(&bot_texts)->composing()->value_name("SEAT=COMMAND"),
       "that seat is played by a program speaking the bot protocol, started with /bin/sh -c COMMAND (repeatable)")
      ("bot-timeout", po::value(&timeout_text)->value_name("SECONDS"),
       "the time a bot has to answer, 1 to 86400 seconds (default: 30)")
      ("threads", po::value(&threads_text)->value_name("N"),
       "threads a sampled player, and hint, solve their worlds on, 1 to 1024; the game is the same (default: every core)")
      ("record", po::value(&records)->composing()->value_name("FILE"),
       "write the game's record at its end (or where it stopped: the input's end, a bot's failure, Ctrl-C): TOML for "
       "FILE.toml (a score sheet), deal lines for "
       "FILE.jsonl, JSON for any other name (repeatable); one whose directory is missing or not writable is refused before the game")
      ("menes", po::value(&menes_text)->value_name("N"), "stop after N mènes played (redeals do not count), 1 to 10000, whatever the score")
      ("target", po::value(&target_text)->value_name("N"), "points that win the game, 1 to 100000 (default: the ruleset's game.target)")
      ("first-dealer", po::value(&first_dealer_text)->value_name("SEAT"), "the seat that deals first (default: N)")
      ("quiet,q", po::bool_switch(&quiet), "show only each mène's score and the game's end, and your turns")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) and arrows as -> instead of symbols");
  rulesets.add_dirs(options);
  po::variables_map vm;
  if (!parse_options(args, options, Operands(), vm,
                     "belote play [--ruleset NAME] [--seed N] [--seat SEAT]... [--players NAMES] [--bot SEAT=COMMAND]... "
                     "[--bot-timeout SECONDS] [--threads N] [--record FILE]... [--menes N] [--target N] [--first-dealer SEAT] [--quiet] "
                     "[--ascii] [--rulesets-dir DIR]... [--untrusted]",
                     "belote play --ruleset coinche --seat N --players random --record game.toml\n\n"
                     "answers (on your turn, one a line on standard input, so that a file or a pipe may play):\n"
                     "  a number of the list; a card, AH or A♥; a call, pass, 80 H (or 80H), coinche, take;\n"
                     "  a card with the belote's word, KH belote; declare N, your Nth announcement;\n"
                     "  ? the choices again, with the contract; hint (or advise) the engine's advice, as\n"
                     "  belote advise gives it; quit stops the game (status 0; the record holds the mènes\n"
                     "  finished)"))
    return kSuccess;

  TableSetup setup;
  setup.seed = vm.count("seed") ? whole_number(seed_text, "seed", 0, UINT64_MAX)
                                : (std::uint64_t(std::random_device{}()) << 32 | std::random_device{}());
  setup.first_dealer = seat_value(first_dealer_text, "first-dealer");
  if (vm.count("menes")) setup.max_menes = int(whole_number(menes_text, "menes", 1, kMaxMenes));
  if (vm.count("target")) setup.target = int(whole_number(target_text, "target", 1, kMaxGameTarget));
  const std::chrono::milliseconds timeout(1000 * whole_number(timeout_text, "bot-timeout", 1, kMaxBotTimeout));
  const unsigned threads = unsigned(whole_number(threads_text, "threads", 1, kMaxThreads));
  // The records are written at the game's end: one that could not be is refused before the game, not after it.
  for (const std::string& file : records)
    if (const auto refusal = replace_file_refusal(file)) {
      print_error(fmt::format("--record: {}; the game is not played", *refusal));
      return kOutputFailed;
    }

  std::array<SeatPlayer, 4> players;
  PerSeat<std::string> bot_commands;
  for (const std::string& text : bot_texts) {
    const std::size_t equals = text.find('=');
    if (equals == std::string::npos || equals + 1 == text.size())
      throw UsageError(fmt::format("--bot: '{}' is not SEAT=COMMAND (e.g. --bot E=\"python3 examples/random_bot.py\")",
                                   shown(text)));
    const Seat seat = seat_value(text.substr(0, equals), "bot");
    if (!bot_commands[seat].empty()) throw UsageError(fmt::format("--bot: seat {} is given two bots", name(seat)));
    bot_commands[seat] = text.substr(equals + 1);
  }
  PerSeat<bool> person{};
  if (seat_texts.empty() && bot_commands[Seat::N].empty()) person[Seat::N] = true;
  for (const std::string& text : seat_texts) {
    if (to_lower_ascii(text) == "none") {
      if (seat_texts.size() > 1) throw UsageError("--seat none plays no seat: give it alone");
      continue;
    }
    const auto parsed = parse_seat(text);
    if (!parsed) throw UsageError(fmt::format("--seat is a seat (N, E, S or W) or none, not '{}'", shown(text)));
    const Seat seat = *parsed;
    if (!bot_commands[seat].empty())
      throw UsageError(fmt::format("seat {} is given both to you (--seat) and to a bot (--bot)", name(seat)));
    person[seat] = true;
  }
  const std::vector<std::string> names = split_commas(players_text);
  if (names.size() != 1 && names.size() != 4)
    throw UsageError(fmt::format("--players is one player for every seat, or four separated by commas (N,E,S,W), "
                                 "not '{}'", shown(players_text)));
  for (Seat seat : kSeats) {
    SeatPlayer& player = players[std::size_t(index(seat))];
    const std::string& wanted = names[names.size() == 1 ? 0 : std::size_t(index(seat))];
    std::string error;
    auto engine = make_player(wanted, seat_player_seed(setup.seed, seat), error, {}, threads);
    if (!engine) throw UsageError(fmt::format("--players: {}", error));
    if (person[seat]) {
      player.who = Who::person;
      player.label = "you";
    } else if (!bot_commands[seat].empty()) {
      player.who = Who::bot;
      player.bot = std::make_unique<Bot>(seat, bot_commands[seat], timeout);
      player.label = fmt::format("bot ({})", shown(bot_commands[seat]));
    } else {
      player.who = Who::engine;
      player.label = engine->name();
      player.engine = std::move(engine);
    }
  }

  const LoadedRuleset loaded = load_ruleset_files(rulesets.loader(), ruleset);
  const std::shared_ptr<const Ruleset> rules = loaded.ruleset;
  if (!rules) return kInvalidInput;
  // A record written over a file the ruleset is read from would lose it at the game's end.
  for (const std::string& file : records)
    if (const std::string refusal = output_over_ruleset_refusal("--record", file, loaded); !refusal.empty()) {
      print_error(refusal + "; the game is not played");
      return kOutputFailed;
    }
  if (!states_auction(*rules)) return kInvalidInput;

  Output& out = Output::standard();
  const Screen screen{*rules, suit_style(ascii), quiet, out};
  const bool echo = isatty(STDIN_FILENO) != 1;
  Table table(*rules, setup);

  // A person who knows the seed could work out every hand: a drawn seed is told when the game stops.
  const bool person_at_table = std::ranges::any_of(players, [](const SeatPlayer& p) { return p.who == Who::person; });
  const bool seed_told_at_end = person_at_table && !vm.count("seed");
  std::vector<Bot*> bots;
  for (SeatPlayer& player : players)
    if (player.bot) bots.push_back(player.bot.get());
  const auto stop = [&](int status) {
    if (seed_told_at_end) out.line(fmt::format("Seed {}: --seed {} plays this game again.", setup.seed, setup.seed));
    Bot::stop_all(bots);
    // A bot that failed after the game's last action: the game was played whole and stands, but it is told.
    if (status == kSuccess && table.over()) {
      out.flush();
      for (Bot* bot : bots)
        if (const auto failed = bot->failed_exit())
          print_warning(fmt::format("mène {}: {} at the game's end; the game was played whole", table.tally().dealt, *failed));
    }
    const int written = write_records(table, records);
    const int output = out.finish();
    return status != kSuccess ? status : written != kSuccess ? written : output;
  };
  const auto bot_failed = [&](const std::string& error) {
    out.flush();
    // The bots ended first: what they wrote on their standard error (why it went wrong) comes before the verdict.
    Bot::stop_all(bots);
    print_error(error);
    return stop(kBotFailed);
  };
  // Ctrl-C (or SIGTERM, SIGHUP) keeps the game so far: the records are written, then the
  // program ends as the signal ends it. A second one ends it at once.
  note_ending_signals();
  const auto interrupted = [&] {
    out.flush();
    print_error(fmt::format("interrupted: stopped in mène {}; the record holds the mènes finished", table.tally().dealt));
    const int status = stop(kStopped);
    end_by_ending_signal();
    return status;
  };
  const auto thinking_stops = [] { return ending_signal() != 0; };

  for (SeatPlayer& player : players) {
    if (!player.bot) continue;
    if (std::string error = player.bot->start(); !error.empty()) return bot_failed(bot_place(table) + ": " + error);
    if (std::string error = player.bot->send(bot_start_message(table, player.bot->seat(), bot_ruleset_reference(ruleset))); !error.empty())
      return bot_failed(bot_place(table) + ": " + error);
  }

  std::string length;
  if (const int target = table.target()) length = fmt::format(", to {} points", target);
  // A game of a number of mènes (game.deals: klaverjas' 16).
  if (const int deals = rules->game.deals)
    length += table.target() ? fmt::format(", {} at most", number_of(deals, "mène")) : fmt::format(", of {}", number_of(deals, "mène"));
  if (setup.max_menes) length += fmt::format(", {} at most", number_of(setup.max_menes, "mène"));
  std::string who;
  for (Seat seat : kSeats) who += fmt::format("{}{} {}", who.empty() ? "" : ", ", name(seat), players[std::size_t(index(seat))].label);
  out.line(fmt::format("{}, {}, first dealer {}{}: {}", rules->info.name,
                       seed_told_at_end ? "seed told at the end" : fmt::format("seed {}", setup.seed), name(setup.first_dealer), length, who));
  show_mene_start(screen, table);

  std::size_t finished = 0;
  std::shared_ptr<const FinishedMene> last_seen;  // the mène whose end was shown last
  // Players who never bid redeal for ever (--menes counts mènes played): the game is given
  // up after as many redeals in a row as an arena gives them.
  int dealt_at_last_played = 0, played = 0;
  const bool bot_at_table = std::ranges::any_of(players, [](const SeatPlayer& p) { return p.who == Who::bot; });
  while (!table.over() && !out.closed()) {
    if (table.tally().played != played) {
      played = table.tally().played;
      dealt_at_last_played = table.tally().dealt;
    }
    if (table.tally().dealt - dealt_at_last_played > kMaxRedealsInARow) {
      out.flush();
      print_error(fmt::format("{} redeals in a row: the players never bid: {} (stopped in mène {})", kMaxRedealsInARow, who,
                              table.tally().dealt));
      return stop(bot_at_table ? kBotFailed : kInvalidInput);
    }
    if (ending_signal()) return interrupted();
    const Seat seat = table.to_act();
    const int mene_dealt = table.tally().dealt;
    SeatPlayer& player = players[std::size_t(index(seat))];
    const bool in_play = table.play() != nullptr;
    // The trick this action may close, played ahead on a copy of the play.
    std::optional<PlayedMene> ahead;
    if (in_play) ahead = *table.play();
    std::pair<belote::Action, std::string> done;
    if (player.who == Who::person) {
      const Answer answer = ask_person(screen, table, echo, threads);
      if (ending_signal()) return interrupted();  // the read was cut short, or the answer came with the signal
      if (answer.ended) {
        print_error(fmt::format("standard input ended before the game did: stopped in mène {}", table.tally().dealt));
        return stop(kStopped);
      }
      if (answer.quit) {
        // Stopped by the person: as at the input's end, the record holds the mènes finished, but nothing failed.
        out.line(fmt::format("Stopped in mène {} (quit){}.", table.tally().dealt,
                             records.empty() ? "" : "; the record holds the mènes finished"));
        out.line(fmt::format("Totals: {}", team_pair(setup, table.tally().totals)));
        return stop(kSuccess);
      }
      done = *answer.action;
    } else if (player.who == Who::bot) {
      std::string error;
      const std::string place = bot_place(table);
      const auto answer =
          ask_bot(*player.bot, table, [&](const Table& at, belote::Action action) { return screen.action(at, action); }, error);
      if (ending_signal()) return interrupted();
      if (!answer) return bot_failed(place + ": " + error);
      done = *answer;
    } else {
      const belote::Action action = ask(*player.engine, table, thinking_stops);
      if (ending_signal()) return interrupted();  // an answer given before it was thought is not played
      done = {action, screen.action(table, action)};
      if (const auto refused = table.apply(action))
        throw std::runtime_error(fmt::format("player {} chose {}: {}", player.engine->name(), done.second, refused->message));
    }
    const ActionKind kind = table.actions().kind(done.first);
    screen.say(fmt::format("{}: {}", name(seat), kind == ActionKind::declare && player.who != Who::person ? declaration_heard(screen, table, seat)
                                                                                                          : done.second));
    if (ahead && (kind == ActionKind::card || kind == ActionKind::card_word)) {
      const int before = ahead->tricks_played();
      ahead->play(table.actions().card_of(done.first));
      if (ahead->tricks_played() > before) {
        const PlayedTrick& trick = ahead->trick(before);
        screen.say(fmt::format("  {} takes trick {}{} (card points: {}{})", name(trick.winner), before + 1,
                               trick_roem_text(screen, ahead->context(), trick), team_pair(setup, ahead->points()),
                               ahead->context().counts_roem() ? "; roem: " + team_pair(setup, ahead->roem()) : ""));
        if (before == 0) show_sequences_shown(screen, table, seat);
      }
    }
    // A person needs the contract to play, --quiet or not.
    if (!in_play && table.play() && table.contract()) {
      const std::string contract = "Contract: " + auction_outcome_text(screen.rules, *table.contract(), screen.style);
      if (person_at_table) screen.line(contract);
      else screen.say(contract);
    }
    if (table.last_finished() && table.last_finished() != last_seen) {
      last_seen = table.last_finished();
      ++finished;
      const FinishedMene& mene = *last_seen;
      show_mene_end(screen, table, mene, int(finished));
      // Once the last action is played, a bot that cannot be told is told of by its exit status (stop).
      if (std::string error = tell_bots(players, bot_mene_end_message(table, mene, int(finished))); !error.empty() && !table.over())
        return bot_failed(fmt::format("mène {}, at its end: {}", mene_dealt, error));
      if (!table.over()) show_mene_start(screen, table);
    }
  }
  if (table.over()) {
    out.line(game_end_text(table));
    out.line(fmt::format("Totals: {}", team_pair(setup, table.tally().totals)));
    [[maybe_unused]] const std::string unheard = tell_bots(players, bot_game_end_message(table));
  } else {
    // The reader went away (`belote play … | head`): no error, but the game is cut short.
    print_note(fmt::format("the output was closed: stopped in mène {}{}", table.tally().dealt,
                           records.empty() ? "" : "; the record holds the mènes finished"));
  }
  return stop(kSuccess);
}

}  // namespace belote::cli
