// Bash completion (packaging/belote.bash) as a shell runs it: commands,
// actions, each command's options and ruleset names, asked of the program.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_completion)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

std::string quoted(const std::string& word) { return "'" + word + "'"; }

// What completing the last word of `line` offers (the line as typed, the last word possibly empty).
std::vector<std::string> complete(const std::vector<std::string>& line, const fs::path& home = temp_dir("completion-home")) {
  std::string words;
  for (const std::string& w : line) words += quoted(w) + " ";
  const std::string script = ". " + quoted((source_dir() / "packaging" / "belote.bash").string()) + "\n" +
                             "COMP_WORDS=(" + words + ")\nCOMP_CWORD=" + std::to_string(line.size() - 1) + "\n" +
                             "_belote\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
  const std::string bin = fs::path(BELOTE_PROGRAM).parent_path().string();
  const RunResult run = run_program("bash", {"--norc", "-c", script}, "",
                                    {"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + home.string(), "XDG_CONFIG_HOME="});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  std::vector<std::string> offered;
  std::istringstream in(run.out);
  for (std::string word; std::getline(in, word);)
    if (!word.empty()) offered.push_back(word);
  std::sort(offered.begin(), offered.end());
  return offered;
}

bool has(const std::vector<std::string>& offered, const std::string& word) {
  return std::find(offered.begin(), offered.end(), word) != offered.end();
}

using Words = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_CASE(the_first_word_is_a_command) {
  const Words all = complete({"belote", ""});
  for (const std::string command : {"score", "deal", "rulesets", "sheet", "diff", "stats", "--help", "--version"})
    BOOST_TEST(has(all, command), command);
  BOOST_TEST(complete({"belote", "ru"}) == Words{"rulesets"});
  BOOST_TEST(complete({"belote", "s"}) == (Words{"score", "sheet", "solve", "stats"}));
}

BOOST_AUTO_TEST_CASE(a_command_with_actions_completes_them) {
  BOOST_TEST(complete({"belote", "rulesets", ""}) == (Words{"--help", "check", "diff", "keys", "list", "new", "show"}));
  BOOST_TEST(complete({"belote", "sheet", "u"}) == Words{"undo"});
}

BOOST_AUTO_TEST_CASE(options_are_each_commands_own) {
  BOOST_TEST(complete({"belote", "score", "--r"}) == (Words{"--ruleset", "--rulesets-dir"}));
  BOOST_TEST(complete({"belote", "diff", "--ra"}) == Words{"--random"});
  BOOST_TEST(complete({"belote", "rulesets", "list", "--n"}) == Words{"--names"});
  BOOST_TEST(complete({"belote", "sheet", "add", "game.toml", "--tak"}) == Words{"--taker"});
  const Words stats = complete({"belote", "stats", "--"});
  BOOST_TEST(has(stats, "--exhaustive"));
  BOOST_TEST(!has(stats, "--ascii"));
  BOOST_TEST(complete({"belote", "score", "--format", ""}) == (Words{"json", "text"}));
  BOOST_TEST(complete({"belote", "play", "--se"}) == (Words{"--seat", "--seed"}));
  BOOST_TEST(complete({"belote", "play", "--b"}) == (Words{"--bot", "--bot-timeout"}));
}

BOOST_AUTO_TEST_CASE(seats_are_completed) {
  BOOST_TEST(complete({"belote", "play", "--seat", ""}) == (Words{"E", "N", "S", "W", "none"}));
  BOOST_TEST(complete({"belote", "play", "--first-dealer", ""}) == (Words{"E", "N", "S", "W"}));
  BOOST_TEST(complete({"belote", "auction", "--dealer", "W"}) == Words{"W"});
  BOOST_TEST(complete({"belote", "play", "--menes", ""}).empty());
}

BOOST_AUTO_TEST_CASE(rulesets_are_completed_by_name) {
  BOOST_TEST(complete({"belote", "score", "--ruleset", "classique-pr"}) ==
             (Words{"classique-premier-parle", "classique-preneur-garde", "classique-preneur-perd-tout"}));
  BOOST_TEST(complete({"belote", "rulesets", "show", "trad"}) == Words{"traditionnelle"});
  BOOST_TEST(complete({"belote", "diff", "classique", "trad"}) == Words{"traditionnelle"});
  BOOST_TEST(complete({"belote", "rulesets", "new", "lyon", "--extends", "trad"}) == Words{"traditionnelle"});
}

BOOST_AUTO_TEST_CASE(the_users_rulesets_and_those_of_the_command_line_are_offered) {
  const fs::path home = temp_dir("completion-user");
  write_file(home / ".config" / "belote" / "rulesets" / "zurich.toml", "extends = \"classique\"\n");
  BOOST_TEST(complete({"belote", "score", "-r", "zu"}, home) == Words{"zurich"});
  const fs::path club = temp_dir("completion-club");
  write_file(club / "lyon.toml", "extends = \"classique\"\n");
  BOOST_TEST(complete({"belote", "score", "--rulesets-dir", club.string(), "--ruleset", "ly"}) == Words{"lyon"});
  BOOST_TEST(complete({"belote", "score", "--ruleset", "ly"}).empty());
}

BOOST_AUTO_TEST_CASE(no_internal_option_is_offered) {
  // Deal files, ruleset names and sheet files are words, not options.
  for (const Words& line : std::vector<Words>{{"belote", "score", "--"},
                                              {"belote", "deal", "--"},
                                              {"belote", "diff", "--"},
                                              {"belote", "rulesets", "show", "--"},
                                              {"belote", "rulesets", "check", "--"},
                                              {"belote", "rulesets", "new", "--"},
                                              {"belote", "rulesets", "diff", "--"},
                                              {"belote", "sheet", "add", "game.toml", "--"}}) {
    const Words offered = complete(line);
    BOOST_TEST(!offered.empty(), line[1]);
    for (const std::string internal : {"--deals", "--files", "--words", "--rulesets", "--name", "--file", "--ruleset-name"})
      BOOST_TEST(!has(offered, internal), line[1] << " " << line[2] << " offers " << internal);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_completion
