// belote legal: the cards a player may play, for one position given on the
// command line or for a JSON Lines file of positions.
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "commands.h"
#include "deal_batch.h"

namespace belote::cli {

namespace {

// Answers each line of one input, as a batch reads deals: a bad line is
// reported in its place and the others still answered; a line longer than a
// position may be is skipped unread; past 100 errors the rest are counted.
bool answer_lines(const Ruleset& rules, int fd, const std::string& display, Output& out) {
  const PositionReader reader(rules);
  LineChunker chunker(fd);
  LineChunk chunk;
  Position position;
  Diagnostics errors;
  std::size_t shown = 0, unshown = 0;
  bool any_line = false, all_valid = true;
  while (!out.closed() && chunker.next(chunk)) {
    any_line = true;
    for (const ChunkLine& line : chunk.lines) {
      errors = Diagnostics{};
      if (line.too_long) errors.push_back(line_too_long(display, line.number, "position"));
      else if (reader.read_json_line(chunk.line(line), display, line.number, position, errors)) {
        out.line(legal_cards_json(rules, position));
        continue;
      }
      all_valid = false;
      for (const Diagnostic& d : errors) {
        if (shown == kMaxDiagnostics) {
          ++unshown;
          continue;
        }
        print_diagnostic(d);
        ++shown;
      }
      unshown += errors.unkept();
    }
  }
  if (unshown > 0) print_error(more_errors_message(unshown, shown));
  if (chunker.error()) print_error(fmt::format("{}: read error", display));
  else if (!any_line) print_error(fmt::format("{}: holds no position (the file is empty or only blank lines)", display));
  return all_valid && !chunker.error() && any_line;
}

}  // namespace

int run_legal(const Args& args) {
  po::options_description options("options");
  std::string ruleset = default_ruleset_name();
  std::string kind, trump, hand, seat, format = "text";
  std::vector<std::string> trick, files;
  bool ascii = false;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("kind", po::value(&kind)->value_name("KIND"), "the kind the deal is played in, under a ruleset that names its kinds")
      ("trump", po::value(&trump)->value_name("SUIT"),
       "the trump suit (S H D C): required in a kind with one trump suit, not in one without or where every suit is trumps")
      ("hand", po::value(&hand)->value_name("CARDS"), "the cards the player holds, e.g. \"AS 7S JH 9H 8D\"")
      ("trick", po::value(&trick)->multitoken()->value_name("SEAT CARD"),
       "the cards played to the trick so far, in play order, each with its seat: --trick \"N KS\" \"W AS\"")
      ("seat", po::value(&seat)->value_name("SEAT"), "the player to play: needed only to lead; checked otherwise")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json (default: text)")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) and arrows as -> instead of symbols");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("positions", po::value(&files), -1, "POSITIONS...",
               "JSON Lines files of positions (or - for standard input): one JSON object per line, answered with "
               "one line of JSON each");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote legal [--ruleset NAME] [--kind KIND] [--trump SUIT] --hand CARDS [--trick \"SEAT CARD\"...] "
                     "[--seat SEAT] [--format text|json] [--ascii] [--rulesets-dir DIR]... [--untrusted] | belote legal [--ruleset NAME] [--rulesets-dir DIR]... [--untrusted] POSITIONS...",
                     "belote legal --ruleset classique --trump H --hand \"JH 8H KD 7C\" --trick \"N KS\" \"W AS\""))
    return kSuccess;
  require_text_or_json(format);
  const bool positions = !files.empty();
  if (positions && (vm.count("hand") || vm.count("trick") || vm.count("trump") || vm.count("kind") || vm.count("seat")))
    throw UsageError("give a position with --hand (and --trump, --trick, --seat), or files of positions, not both");
  if (!positions && !vm.count("hand")) throw UsageError("give the player's cards with --hand, or files of positions");

  const auto rules = load_ruleset(rulesets.loader(), ruleset);
  if (!rules) return kInvalidInput;
  Output& out = Output::standard();
  if (positions) {
    bool ok = true;
    for (const std::string& file : files) {
      std::string failure;
      const int fd = open_input(file, failure);
      if (fd < 0) {
        print_error(fmt::format("{}: {}", input_display(file), failure));
        ok = false;
        continue;
      }
      ok = answer_lines(*rules, fd, input_display(file), out) && ok;
      if (fd != 0) ::close(fd);
    }
    const int status = out.finish();
    return ok ? status : kInvalidInput;
  }

  // A missing --trump is a usage error where the kind has a trump suit (a missing option, as for every command).
  if (trump.empty()) {
    const std::optional<int> index = kind.empty() ? (rules->kinds_named ? std::nullopt : std::optional(0)) : rules->find_kind(kind);
    if (kind.empty() && !index) throw UsageError("give the kind with --kind KIND, or the trump suit with --trump SUIT");
    if (index && rules->kinds[std::size_t(*index)].trumps == Trumps::one_suit)
      throw UsageError(rules->kinds_named
                           ? fmt::format("give the trump suit with --trump SUIT: kind '{}' has one", rules->kinds[std::size_t(*index)].name)
                           : std::string("give the trump suit with --trump SUIT"));
  }
  if (seat.empty() && trick.empty()) throw UsageError("give the leader with --seat SEAT: with no card on the table, nothing else says who plays");
  nlohmann::json value = {{"hand", hand}, {"trick", trick}};
  if (!kind.empty()) value["kind"] = kind;
  if (!trump.empty()) value["trump"] = trump;
  if (!seat.empty()) value["seat"] = seat;
  Position position;
  Diagnostics errors;
  if (!PositionReader(*rules).read_json(value, "command line", position, errors)) {
    for (const Diagnostic& d : errors) print_error(d.message);
    return kInvalidInput;
  }
  if (format == "json") {
    out.line(legal_cards_json(*rules, position));
  } else {
    const PlayContext play(*rules, position.kind, position.trump);
    const LegalPlay legal = legal_play(play, position.hand, position.trick, position.seat);
    std::string cards;
    for (Card c : in_hand_order(position, legal.cards)) {
      if (!cards.empty()) cards += ' ';
      cards += rules->deck.card_name(c, suit_style(ascii));
    }
    std::string text = fmt::format("{} may play: {}", name(position.seat), cards);
    if (legal.rule != LegalRule::leading && legal.rule != LegalRule::void_free)
      text += fmt::format(" ({}: {})", legal_rule_key(rules->play, legal.rule), legal_rule_reason(legal.rule));
    out.line(text);
  }
  return out.finish();
}

}  // namespace belote::cli
