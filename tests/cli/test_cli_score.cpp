// `belote score` as a user runs it: deal files and JSON Lines (standard input
// too), text for a person and JSON for programs, bad lines reported by
// number while the rest is scored, and usage errors.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_score)

using namespace belote;
using namespace belote::test;

namespace {

std::vector<std::string> output_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string case_file(const std::string& name) { return (tests_dir() / "cases" / (name + ".toml")).string(); }
std::string worked_example() { return (source_dir() / "examples" / "worked-example.toml").string(); }

// What the library writes for each line of a JSON Lines text.
std::vector<std::string> library_json(const Ruleset& rules, const std::string& jsonl) {
  std::vector<std::string> out;
  for (const std::string& line : output_lines(jsonl)) {
    Deal deal;
    BOOST_REQUIRE(json_deal_errors(rules, line, &deal).empty());
    out.push_back(outcome_json(rules, deal, evaluate(rules, deal)).dump());
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(json_lines_from_standard_input_give_the_librarys_bytes_in_order) {
  const std::string deals = random_deal_lines(11, 300);
  for (const char* name : {"classique", "traditionnelle"}) {
    const RunResult run = run_belote({"score", "--ruleset", name, "--format", "json", "-"}, deals);
    BOOST_TEST(run.status == 0);
    BOOST_TEST(run.err == "");
    BOOST_TEST(output_lines(run.out) == library_json(*ruleset(name), deals), boost::test_tools::per_element());
  }
}

BOOST_AUTO_TEST_CASE(the_same_input_gives_the_same_bytes) {
  const std::string deals = random_deal_lines(12, 200);
  const RunResult first = run_belote({"score", "--format", "json", "-"}, deals);
  const RunResult again = run_belote({"score", "--format", "json", "-"}, deals);
  BOOST_TEST(first.status == 0);
  BOOST_TEST(first.out == again.out);
  const RunResult text = run_belote({"score", "-"}, deals);
  BOOST_TEST(text.out == run_belote({"score", "-"}, deals).out);
}

BOOST_AUTO_TEST_CASE(a_bad_line_is_reported_by_number_and_the_rest_is_scored) {
  const auto lines = output_lines(random_deal_lines(13, 4));
  std::string bad = lines[1];
  bad.replace(bad.find("\"trump\":\""), 10, "\"trump\":\"X");
  const std::string batch = lines[0] + "\n" + bad + "\n" + lines[2] + "\n\nnot json\n" + lines[3] + "\n";

  const RunResult run = run_belote({"score", "--format", "json", "-"}, batch);
  BOOST_TEST(run.status == 1);
  const auto out = output_lines(run.out);
  BOOST_TEST_REQUIRE(out.size() == 3u);
  BOOST_TEST(nlohmann::json::parse(out[0])["id"] == "random-13-0");
  BOOST_TEST(nlohmann::json::parse(out[1])["id"] == "random-13-2");
  BOOST_TEST(nlohmann::json::parse(out[2])["id"] == "random-13-3");
  BOOST_TEST(run.err.find("belote: error: <stdin>:2:") != std::string::npos, run.err);
  BOOST_TEST(run.err.find("'trump': unknown suit 'X'") != std::string::npos, run.err);
  BOOST_TEST(run.err.find("belote: error: <stdin>:5:2: JSON syntax error") != std::string::npos, run.err);

  // A file names itself in the errors.
  const auto dir = temp_dir("score-bad-line");
  write_file(dir / "deals.jsonl", batch);
  const RunResult from_file = run_belote({"score", "--format", "json", (dir / "deals.jsonl").string()});
  BOOST_TEST(from_file.status == 1);
  BOOST_TEST(from_file.out == run.out);
  BOOST_TEST(from_file.err.find((dir / "deals.jsonl").string() + ":2:") != std::string::npos, from_file.err);
}

BOOST_AUTO_TEST_CASE(deal_files_and_batches_mix_in_one_call) {
  const std::string deals = random_deal_lines(14, 2);
  const RunResult run = run_belote(
      {"score", "--format", "json", case_file("seed001-quinte-and-partner-tierce"), "-", case_file("litige-81-81")},
      deals);
  BOOST_TEST(run.status == 0, run.err);
  const auto out = output_lines(run.out);
  BOOST_TEST_REQUIRE(out.size() == 4u);
  BOOST_TEST(nlohmann::json::parse(out[0])["id"] == "seed001-quinte-and-partner-tierce");
  BOOST_TEST(nlohmann::json::parse(out[1])["id"] == "random-14-0");
  BOOST_TEST(nlohmann::json::parse(out[2])["id"] == "random-14-1");
  BOOST_TEST(nlohmann::json::parse(out[3])["id"] == "litige-81-81");
  BOOST_TEST(nlohmann::json::parse(out[3])["contract"] == "litige");
  BOOST_TEST(nlohmann::json::parse(out[3])["suspended"] == 81);
}

BOOST_AUTO_TEST_CASE(the_json_object_has_the_rule_books_keys) {
  const RunResult run = run_belote({"score", "--format", "json", case_file("seed001-trump-tierce-with-belote")});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto j = nlohmann::json::parse(run.out);
  for (const char* key :
       {"id", "ruleset", "void", "winner", "contract", "score", "suspended", "belote", "announcements"})
    BOOST_TEST(j.contains(key), key);
  BOOST_TEST(j["score"].contains("NS"));
  BOOST_TEST(j["score"].contains("EW"));
  for (const char* seat : {"N", "E", "S", "W"}) {
    BOOST_TEST_REQUIRE(j["announcements"][seat].is_array());
    for (const auto& a : j["announcements"][seat]) {
      BOOST_TEST(a["name"].is_string());
      BOOST_TEST(a["cards"].is_array());
      BOOST_TEST(a["points"].is_number_integer());
    }
  }
}

BOOST_AUTO_TEST_CASE(the_text_tells_a_person_what_happened_and_why) {
  const RunResult run = run_belote({"score", "--ruleset", "classique", "--ascii", worked_example()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  for (const char* part : {
           "seed000-worked-example · ruleset classique",
           "trump H · taker N (NS) · first to speak E",
           "N declares tierce to 9S (7S 8S 9S) 20.",
           "E declares cinquante to 10D (7D 8D 9D 10D) 50.",
           "EW win the announcements: E's cinquante to 10D beats N's tierce to 9S, by category",
           "On card points + announcements + belote (contract.basis): NS 88 against EW 124, failed",
           "The defenders EW score all the card points (162) + their announcements 50.",
           "Score: NS 0, EW 212 · contract failed",
       })
    BOOST_TEST(run.out.find(part) != std::string::npos, "missing: " << part << "\nin:\n" << run.out);
  // Card points alone: the same deal is made.
  const RunResult apart = run_belote({"score", "--ruleset", "classique-hors-contrat", worked_example()});
  BOOST_TEST(apart.out.find("Score: NS 88, EW 124 · contract made") != std::string::npos, apart.out);
}

BOOST_AUTO_TEST_CASE(ascii_writes_suit_letters_instead_of_symbols) {
  const RunResult symbols = run_belote({"score", worked_example()});
  const RunResult letters = run_belote({"score", "--ascii", worked_example()});
  BOOST_TEST(symbols.status == 0);
  BOOST_TEST(letters.status == 0);
  BOOST_TEST(symbols.out.find("trump ♥") != std::string::npos, symbols.out);
  BOOST_TEST(symbols.out.find("7♠ 8♠ 9♠") != std::string::npos, symbols.out);
  BOOST_TEST(letters.out.find("trump H") != std::string::npos, letters.out);
  BOOST_TEST(letters.out.find("7S 8S 9S") != std::string::npos, letters.out);
  for (const char* symbol : {"♠", "♥", "♦", "♣"}) BOOST_TEST(letters.out.find(symbol) == std::string::npos, symbol);
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_2) {
  const RunResult format = run_belote({"score", "--format", "xml", worked_example()});
  BOOST_TEST(format.status == 2);
  BOOST_TEST(format.out == "");
  BOOST_TEST(format.err.find("--format is 'text' or 'json', not 'xml'") != std::string::npos, format.err);
  const RunResult nothing = run_belote({"score"});
  BOOST_TEST(nothing.status == 2);
  BOOST_TEST(nothing.err.find("missing DEAL...: the deals to score") != std::string::npos, nothing.err);
  BOOST_TEST(run_belote({"score", "--no-such-option", worked_example()}).status == 2);
  const std::vector<std::pair<std::vector<std::string>, std::string>> misuses{
      {{"score", "--compact", worked_example()}, "score: --compact goes with --format json"},
      {{"score", "--threads", "0", worked_example()}, "score: --threads takes a whole number from 1 to 1024, not '0'"},
      {{"score", "--threads", "-2", worked_example()}, "score: --threads takes a whole number from 1 to 1024, not '-2'"},
  };
  for (const auto& [args, message] : misuses) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 2);
    BOOST_TEST(run.out == "");
    BOOST_TEST(run.err == "belote: error: " + message + " (see 'belote score --help')\n", run.err);
  }
}

BOOST_AUTO_TEST_CASE(compact_json_is_the_full_object_less_its_explanation) {
  const std::string deals = random_deal_lines(15, 50);
  const RunResult full = run_belote({"score", "--format", "json", "-"}, deals);
  const RunResult compact = run_belote({"score", "--format", "json", "--compact", "-"}, deals);
  BOOST_TEST_REQUIRE(compact.status == 0, compact.err);
  const auto full_lines = output_lines(full.out);
  const auto compact_lines = output_lines(compact.out);
  BOOST_TEST_REQUIRE(compact_lines.size() == 50u);
  for (std::size_t i = 0; i < compact_lines.size(); ++i) {
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(full_lines[i]);
    BOOST_TEST(j.contains("explanation"));
    j.erase("explanation");
    BOOST_TEST(compact_lines[i] == j.dump());
  }
}

BOOST_AUTO_TEST_CASE(invalid_input_exits_1) {
  const RunResult unknown_ruleset = run_belote({"score", "--ruleset", "classiqe", worked_example()});
  BOOST_TEST(unknown_ruleset.status == 1);
  BOOST_TEST(unknown_ruleset.err.find("no ruleset named 'classiqe' (did you mean 'classique'?)") != std::string::npos,
             unknown_ruleset.err);
  const RunResult missing = run_belote({"score", "no-such-deals.jsonl", worked_example()});
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(missing.err.find("no-such-deals.jsonl: no such file\n") != std::string::npos, missing.err);
  BOOST_TEST(missing.out.find("seed000-worked-example") != std::string::npos);  // the other file is still scored
}

// An input of lines that holds none is refused at once, not read for ever: a
// directory, a device that never ends a line (/dev/zero); the other files are still scored.
BOOST_AUTO_TEST_CASE(a_directory_or_a_device_is_no_file_of_deals) {
  const std::filesystem::path dir = temp_dir("score-not-a-file");
  for (const std::string& input : {dir.string(), std::string("/dev/zero")}) {
    const RunResult run = run_belote({"score", input, worked_example()});
    BOOST_TEST(run.status == 1, input);
    const std::string expected = input == "/dev/zero" ? ": is a device, not a file; not read\n" : ": is a directory, not a file\n";
    BOOST_TEST(run.err == "belote: error: " + input + expected, run.err);
    BOOST_TEST(run.out.find("seed000-worked-example") != std::string::npos);
  }
}

// JSON written over several lines is one error, not one a line: a game's record is told to be one
// (`belote sheet show` scores it), other JSON to be written a deal a line; the other inputs are still read.
BOOST_AUTO_TEST_CASE(a_json_document_over_several_lines_is_one_error_and_a_record_is_named) {
  const std::filesystem::path dir = temp_dir("score-json-document");
  const std::filesystem::path record = dir / "game.json", pretty = dir / "deals.json", lines = dir / "game.jsonl";
  BOOST_TEST_REQUIRE(run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--menes", "1", "--quiet",
                                 "--record", record.string(), "--record", lines.string()})
                         .status == 0);
  write_file(pretty, "\n  [\n  {\"id\": \"one\"}\n]\n");
  for (const std::string command : {"score", "solve", "--check"}) {
    std::vector<std::string> args = {command, "--ruleset", "coinche", record.string(), pretty.string(), lines.string()};
    if (command == "--check") args.insert(args.begin(), "deal");
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 1, command);
    BOOST_TEST(run.err == "belote: error: " + record.string() +
                              ":1:1: a game's record in JSON, not deal lines: `belote sheet show " + record.string() + "` scores it\n"
                              "belote: error: " + pretty.string() +
                              ":2:1: a JSON document written over several lines, not JSON Lines: give each deal on a line of "
                              "its own (`jq -c .` writes a JSON value on one line, `jq -c '.[]'` an array's items a line each)\n",
               command);
    if (command != "--check") BOOST_TEST(run.out.find("mene-1") != std::string::npos, command);  // the deal lines are still read
  }
  // From standard input too.
  const RunResult piped = run_belote({"score", "--ruleset", "coinche", "-"}, read_file(record));
  BOOST_TEST(piped.status == 1);
  BOOST_TEST(piped.err == "belote: error: <stdin>:1:1: a game's record in JSON, not deal lines: `belote sheet show FILE` "
                         "scores it from a file\n");
  // A file whose name starts with '-' is named so that the command runs as printed.
  std::filesystem::copy_file(record, dir / "-x.json");
  const RunResult dashed = run_program("sh", {"-c", "cd \"$0\" && exec \"$1\" score --ruleset coinche -- -x.json", dir.string(),
                                              BELOTE_PROGRAM});
  BOOST_TEST(dashed.err == "belote: error: -x.json:1:1: a game's record in JSON, not deal lines: `belote sheet show ./-x.json` "
                           "scores it\n");
  // A record with a mistake in it is still named as one (its reader says what the mistake is), a byte-order mark before it too.
  std::string broken = read_file(record);
  broken.replace(broken.find("\"table\""), 7, "\"tabel\"");
  write_file(dir / "typo.json", "\xEF\xBB\xBF" + broken);
  const RunResult typo = run_belote({"score", "--ruleset", "coinche", (dir / "typo.json").string()});
  BOOST_TEST(typo.err.find(":1:1: a game's record in JSON, not deal lines") != std::string::npos, typo.err);
  const RunResult shown = run_belote({"sheet", "show", (dir / "typo.json").string()});
  BOOST_TEST(shown.status == 1);
  BOOST_TEST(shown.err.find("unknown key 'tabel' (did you mean 'table'?)") != std::string::npos, shown.err);
  // A deal line that opens with a brace is still a deal line.
  BOOST_TEST(run_belote({"score", "--ruleset", "coinche", lines.string()}).status == 0);
}

// A played mène (its play, not its hands) under a ruleset that turns a card up: the taker plays the
// turned card, or the deal is refused at `turned`; every card he plays would do.
BOOST_AUTO_TEST_CASE(a_played_mene_whose_taker_never_plays_the_turned_card_is_refused) {
  const std::filesystem::path dir = temp_dir("score-turned-played");
  const std::filesystem::path lines = dir / "game.jsonl";
  BOOST_TEST_REQUIRE(run_belote({"play", "--ruleset", "classique", "--seed", "5", "--seat", "none", "--players", "heuristic",
                                 "--menes", "1", "--quiet", "--record", lines.string()})
                         .status == 0);
  const auto rules = ruleset("classique");
  int refused = 0, accepted = 0;
  for (const std::string& text : output_lines(read_file(lines))) {
    nlohmann::json deal = nlohmann::json::parse(text);
    if (!deal.contains("play")) continue;  // a redeal
    deal.erase("hands");
    const std::string turned = deal["auction"]["turned"];
    BOOST_TEST_REQUIRE(json_deal_errors(*rules, deal.dump()).empty());
    const std::string suit = turned.substr(turned.size() - 1);
    for (const std::string rank : {"7", "8", "9", "10", "J", "Q", "K", "A"}) {
      deal["auction"]["turned"] = rank + suit;
      std::string errors;
      for (const Diagnostic& error : json_deal_errors(*rules, deal.dump())) errors += error.message + "\n";
      if (errors.empty()) ++accepted;
      else {
        ++refused;
        BOOST_TEST(errors.find("'auction.turned': " + rank + suit + " is the turned card, which the taker ") != std::string::npos, errors);
        BOOST_TEST(errors.find("must hold, but he does not play it") != std::string::npos, errors);
      }
    }
  }
  BOOST_TEST(refused > 0);
  BOOST_TEST(accepted > 0);
}

BOOST_AUTO_TEST_CASE(a_deal_for_another_deck_suggests_the_ruleset_that_reads_it) {
  // A club's 36-card ruleset among the user's; a deal of 9-card hands with 6s.
  const std::filesystem::path dir = temp_dir("score-other-deck");
  write_file(dir / "jass36.toml", R"(extends = "classique"
[deck]
ranks = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
trump_order = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
plain_order = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
trump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0, 6 = 0 }
plain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0, 6 = 0 }
[carres]
points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0, 6 = 0 }
order = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
)");
  const std::string deal36 = R"({"trump": "H", "taker": "N", "hands": {"N": "6S 7S 8S 6H 9H 7D 10D 7C 10C", "E": "9S QS 7H 10H KH 6D JD 8C JC", "S": "10S KS 8H JH 9D QD AD KC AC", "W": "JS AS QH AH 8D KD 6C 9C QC"}, "result": {"points": {"NS": 100, "EW": 62}, "tricks": {"NS": 6, "EW": 3}}})";
  const std::string classic = random_deal_lines(3, 1);
  const RunResult run = run_belote({"score", "--rulesets-dir", dir.string(), "-"}, classic + deal36 + "\n");
  BOOST_TEST(run.status == 1);
  BOOST_TEST(output_lines(run.out).size() > 1u);  // the valid deal is still scored
  const auto lines = output_lines(run.err);
  BOOST_TEST_REQUIRE(!lines.empty());
  BOOST_TEST(lines.front().starts_with("belote: error: <stdin>:2:"), run.err);
  BOOST_TEST(lines.back() == "belote: note: <stdin>:2: this deal reads under --ruleset jass36, whose deck it fits");

  // A deal that no deck reads gets no suggestion.
  const RunResult broken = run_belote({"score", "--rulesets-dir", dir.string(), "-"},
                                      R"({"trump": "H", "taker": "N", "hands": {"N": "ZZ"}})" "\n");
  BOOST_TEST(broken.err.find("note:") == std::string::npos, broken.err);
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_score
