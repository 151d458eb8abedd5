// belote legal: the cards a player may play, for one position given on the
// command line or for a JSON Lines file of positions.
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"

namespace belote::cli {

namespace {

// A position line longer than this is refused, as a deal line is.
constexpr std::size_t kMaxLine = 65536;

// Reads each line of a positions file (or stdin) and writes its legal cards;
// a bad line is reported in its place and the others still answered.
bool answer_lines(const Ruleset& rules, std::istream& in, const std::string& display, Output& out) {
  const PositionReader reader(rules);
  bool ok = true;
  long number = 0;
  Position position;
  for (std::string line; !out.closed() && std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Diagnostics errors;
    if (line.size() > kMaxLine) {
      errors.push_back(Diagnostic{display, int(number), 0, fmt::format("line is longer than {} bytes", kMaxLine), ""});
    } else if (reader.read_json_line(line, display, number, position, errors)) {
      out.line(legal_cards_json(rules, position));
      continue;
    }
    print_diagnostics(errors);
    ok = false;
  }
  return ok;
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
      ("trump", po::value(&trump)->value_name("SUIT"), "the trump suit (S H D C)")
      ("hand", po::value(&hand)->value_name("CARDS"), "the cards the player holds, e.g. \"AS 7S JH 9H 8D\"")
      ("trick", po::value(&trick)->multitoken()->value_name("SEAT CARD"),
       "the cards played to the trick so far, in play order, each with its seat: --trick \"N KS\" \"W AS\"")
      ("seat", po::value(&seat)->value_name("SEAT"), "the player to play: needed only to lead; checked otherwise")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json (default: text)")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) instead of symbols");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("positions", po::value(&files), -1, "POSITIONS...",
               "JSON Lines files of positions (or - for standard input): one JSON object per line, answered with "
               "one line of JSON each");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote legal [--ruleset NAME] [--kind KIND] --trump SUIT --hand CARDS [--trick \"SEAT CARD\"...] "
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
      if (file == "-") {
        ok = answer_lines(*rules, std::cin, "<stdin>", out) && ok;
        continue;
      }
      std::ifstream in(file);
      if (!in) {
        print_error(fmt::format("{}: cannot open the file", shown(file)));
        ok = false;
        continue;
      }
      ok = answer_lines(*rules, in, file, out) && ok;
    }
    const int status = out.finish();
    return ok ? status : kInvalidInput;
  }

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
