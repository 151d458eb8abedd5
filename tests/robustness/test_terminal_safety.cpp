// Nothing a user gives reaches a terminal raw: control characters (C0, DEL,
// C1) and bidirectional controls in file names, ids, team names, option values
// and ruleset texts are escaped in every message and every output.
#include <boost/test/unit_test.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_terminal_safety)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// What a terminal would act on: ESC, CSI (C1, U+009B), a right-to-left override, an isolate.
const std::vector<std::string> kHostile = {"\x1b[2J", "\xc2\x9b" "31m", "\xe2\x80\xae", "\xe2\x81\xa6", "\x07"};

// The output holds none of them, raw.
void check_clean(const std::string& output, const std::string& context) {
  for (const char* raw : {"\x1b", "\xc2\x9b", "\xe2\x80\xae", "\xe2\x81\xa6", "\x07"})
    BOOST_TEST(!contains(output, raw), context << ": " << output);
}

}  // namespace

BOOST_AUTO_TEST_CASE(terminal_safe_escapes_controls_and_bidirectional_characters) {
  BOOST_TEST(terminal_safe("plain text, é, ♠ →\n\tnext line") == "plain text, é, ♠ →\n\tnext line");
  BOOST_TEST(terminal_safe("a\x1b[31mb") == "a\\u001b[31mb");
  BOOST_TEST(terminal_safe("\x7f") == "\\u007f");
  BOOST_TEST(terminal_safe("\xc2\x85\xc2\x9b\xc2\x9f\xc2\xa0") == "\\u0085\\u009b\\u009f\xc2\xa0");
  BOOST_TEST(terminal_safe("\xe2\x80\xaeoll\xe2\x80\xac") == "\\u202eoll\\u202c");
  BOOST_TEST(terminal_safe("\xe2\x81\xa6x\xe2\x81\xa9 \xe2\x80\x8f \xd8\x9c \xe2\x80\xa8") ==
             "\\u2066x\\u2069 \\u200f \\u061c \\u2028");
  BOOST_TEST(terminal_safe("bad \xff byte") == "bad \\xff byte");
  BOOST_TEST(terminal_safe_line("one\nline\t") == "one\\x0aline\\x09");
  BOOST_TEST(is_terminal_safe("ok ♥\n"));
  BOOST_TEST(!is_terminal_safe("\xc2\x9b"));
}

BOOST_AUTO_TEST_CASE(file_names_in_messages_are_escaped) {
  for (const std::string& raw : kHostile) {
    const std::string name = "deal" + raw + ".toml";
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"score", name}, {"rulesets", "check", name}, {"sheet", "show", name}, {"deal", "--check", name}}) {
      const RunResult run = run_belote(args);
      BOOST_TEST(run.status == 1);
      BOOST_TEST(contains(run.err, "no such file"), run.err);
      check_clean(run.err, args[0]);
    }
  }
  const RunResult run = run_belote({"score", "a\x1b[2Jb.toml"});
  BOOST_TEST(run.err == "belote: error: a\\x1b[2Jb.toml: no such file\n");
}

BOOST_AUTO_TEST_CASE(option_values_in_usage_errors_are_escaped_and_bounded) {
  for (const std::string& raw : kHostile) {
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"score", "--format", raw},
             {"deal", "--random", raw},
             {"stats", "--random", raw},
             {"diff", "classique", "traditionnelle", "--random", raw},
             {"rulesets", "new", raw, "--extends", "classique"},
             {"rulesets", raw},
             {raw},
             {"score", "--" + raw}}) {
      const RunResult run = run_belote(args);
      BOOST_TEST(run.status == 2);
      check_clean(run.err, args[0]);
    }
  }
  const RunResult long_value = run_belote({"score", "--format", std::string(10000, 'x')});
  BOOST_TEST(long_value.err.size() < 300u, long_value.err.size());
}

BOOST_AUTO_TEST_CASE(ids_with_controls_are_refused_with_the_control_escaped) {
  const auto rules = ruleset("classique");
  const std::string line = R"({"id": "a\u202eb", "trump": "H", "taker": "N"})";
  const Diagnostics errors = json_deal_errors(*rules, line);
  BOOST_REQUIRE(!errors.empty());
  BOOST_TEST(errors[0].message == "'id' holds a control character: 'a\\u202eb'");
  const Diagnostics c1 = json_deal_errors(*rules, R"({"id": "\u009b2J", "trump": "H", "taker": "N"})");
  BOOST_REQUIRE(!c1.empty());
  BOOST_TEST(c1[0].message == "'id' holds a control character: '\\u009b2J'");
  const RunResult run = run_belote({"score", "-"}, std::string(R"({"id": "x)") + "\xe2\x80\xae" + R"(", "trump": "H"})" + "\n");
  BOOST_TEST(run.status == 1);
  check_clean(run.err, "score");
}

BOOST_AUTO_TEST_CASE(team_names_with_controls_are_refused_and_never_shown) {
  const fs::path dir = temp_dir("team-names");
  for (const std::string& raw : kHostile) {
    const std::string sheet = (dir / "game.toml").string();
    fs::remove(sheet);
    // Refused as the option's mistake (a sheet's file says it of 'teams.NS': test_sheet).
    const RunResult create = run_belote({"sheet", "new", sheet, "--teams", "Nous" + raw + ",Eux"});
    BOOST_TEST(create.status == 2);
    BOOST_TEST(contains(create.err, "--teams: each name has 1 to 40 characters, without control or bidirectional characters"),
               create.err);
    check_clean(create.out + create.err, "sheet new");
    BOOST_TEST(!fs::exists(sheet));
  }
}

BOOST_AUTO_TEST_CASE(ruleset_texts_in_output_are_escaped) {
  const fs::path dir = temp_dir("ruleset-texts");
  write_file(dir / "hostile.toml", "extends = \"classique\"\ntitle = \"T\\u202eX\"\n"
                                   "description = \"D\\u001b[2J\\u009b\\u2066 end\"\n");
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"rulesets", "list", "--rulesets-dir", dir.string()},
           {"rulesets", "show", "hostile", "--rulesets-dir", dir.string()},
           {"rulesets", "check", (dir / "hostile.toml").string()},
           {"rulesets", "diff", "classique", "hostile", "--rulesets-dir", dir.string()},
           {"rulesets", "new", "lyon", "--extends", "hostile", "--output", "-", "--rulesets-dir", dir.string()}}) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 0, args[1] << ": " << run.err);
    check_clean(run.out + run.err, args[1]);
  }
  const RunResult show = run_belote({"rulesets", "show", "hostile", "--rulesets-dir", dir.string()});
  // The TOML writer escapes ESC its own way; the rest is escaped on the way out.
  BOOST_TEST(contains(show.out, "D\\u001B[2J\\u009b\\u2066 end"), show.out);
}

BOOST_AUTO_TEST_CASE(no_colour_with_NO_COLOR_set_nor_on_a_dumb_terminal) {
  // The environment is the one cli.md describes; colour itself is checked by test_cli_help.
  for (const std::vector<std::string>& env : std::vector<std::vector<std::string>>{{"NO_COLOR=1"}, {"TERM=dumb"}}) {
    const RunResult run = run_program("script", {"-qec", std::string(BELOTE_PROGRAM) + " score no-such-deal.toml", "/dev/null"},
                                      "", env);
    BOOST_TEST(contains(run.out, "belote: error: no-such-deal.toml: no such file"), run.out);
    BOOST_TEST(!contains(run.out, "\x1b"), env[0] << ": " << run.out);
  }
  const RunResult coloured = run_program(
      "script", {"-qec", std::string(BELOTE_PROGRAM) + " score no-such-deal.toml", "/dev/null"}, "", {"NO_COLOR=", "TERM=xterm"});
  BOOST_TEST(contains(coloured.out, "\x1b[1;31merror:"), coloured.out);
}

BOOST_AUTO_TEST_SUITE_END()  // test_terminal_safety
