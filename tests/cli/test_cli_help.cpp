// What every command of `belote` shares: help with a usage line and an
// example, errors on standard error as "belote: error: ...", colour only on a
// terminal and never with NO_COLOR, and suit symbols with an --ascii fallback.
// The commands and actions are read from the program's own help, so a new
// one is held to the same rules.
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_help)

using namespace belote;
using namespace belote::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The first word of each line under "HEADING:" in a help text, up to a blank line.
std::vector<std::string> listed(const std::string& help, const std::string& heading) {
  std::vector<std::string> names;
  std::istringstream in(help);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line == heading + ":") inside = true;
    else if (inside && line.empty()) break;
    else if (inside) names.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return names;
}

// Every command, and every action of the commands that have actions: {"score"}, {"rulesets", "show"}, ...
std::vector<std::vector<std::string>> commands_and_actions() {
  std::vector<std::vector<std::string>> all;
  for (const std::string& command : listed(run_belote({"--help"}).out, "commands")) {
    const std::vector<std::string> actions = listed(run_belote({command, "--help"}).out, "actions");
    if (actions.empty()) all.push_back({command});
    for (const std::string& action : actions) all.push_back({command, action});
  }
  return all;
}

std::vector<std::string> with(std::vector<std::string> words, std::initializer_list<std::string> more) {
  words.insert(words.end(), more);
  return words;
}

// Runs the program with its standard input, output and error on a new
// terminal; returns what it wrote there. "NAME" alone in `env` unsets NAME.
RunResult run_on_terminal(const std::vector<std::string>& args, const std::vector<std::string>& env) {
  std::vector<std::string> argv_strings{BELOTE_PROGRAM};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
  for (const std::string& setting : env) {
    const std::string key = setting.substr(0, setting.find('=')) + "=";
    std::erase_if(env_strings, [&](const std::string& s) { return s.starts_with(key); });
    if (setting.find('=') != std::string::npos) env_strings.push_back(setting);
  }
  std::vector<char*> argv, envp;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);

  int terminal = -1;
  const pid_t pid = forkpty(&terminal, nullptr, nullptr, nullptr);
  BOOST_REQUIRE_MESSAGE(pid >= 0, "cannot open a terminal");
  if (pid == 0) {
    execve(BELOTE_PROGRAM, argv.data(), envp.data());
    _exit(127);
  }
  RunResult result;
  char buffer[4096];
  // Reading fails (EIO) once the program has closed its side of the terminal.
  for (ssize_t n; (n = read(terminal, buffer, sizeof buffer)) > 0;) result.out.append(buffer, std::size_t(n));
  close(terminal);
  int status = 0;
  waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

std::string worked_example() { return (source_dir() / "examples" / "worked-example.toml").string(); }

const std::vector<std::string> kSymbols{"♠", "♥", "♦", "♣", "→"};

bool has_symbol(const std::string& text) {
  return std::any_of(kSymbols.begin(), kSymbols.end(), [&](const std::string& s) { return contains(text, s); });
}

// A run of each command that prints cards or arrows as text, without --ascii.
std::vector<std::string> card_printing_run(const std::vector<std::string>& command, const std::string& scratch) {
  const std::string sheet = (temp_dir(scratch) / "game.toml").string();
  const std::string words = joined(command);
  if (words == "score") return {"score", worked_example()};
  if (words == "diff") return {"diff", "classique", "classique-hors-contrat", worked_example()};
  if (words == "sheet show") return {"sheet", "show", (source_dir() / "examples" / "sheet.toml").string()};
  if (words == "solve") return {"solve", worked_example()};
  if (words == "play") return {"play", "--seat", "none", "--seed", "1", "--menes", "1"};
  if (words == "legal") return {"legal", "--trump", "H", "--hand", "JH 8H KD 7C", "--trick", "N KS", "W AS"};
  if (words == "advise") {
    // A position in the play of a recorded game: the cards advised on are written as cards.
    const std::string record = (std::filesystem::path(sheet).parent_path() / "game.json").string();
    BOOST_REQUIRE(run_belote({"play", "--seat", "none", "--ruleset", "coinche", "--seed", "1", "--menes", "1", "--quiet",
                              "--record", record}).status == 0);
    return {"advise", "--mene", "1", "--action", "12", "--worlds", "2", record};
  }
  if (words == "sheet add") {
    BOOST_REQUIRE(run_belote({"sheet", "new", sheet}).status == 0);
    return {"sheet", "add", sheet, "--taker", "N", "--trump", "H", "--points", "NS=90,EW=72"};
  }
  return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_main_help_shows_usage_every_command_and_an_example) {
  for (const std::string flag : {"--help", "-h", "help"}) {
    const RunResult run = run_belote({flag});
    BOOST_TEST(run.status == 0);
    BOOST_TEST(run.out.starts_with("usage: belote COMMAND"));
    BOOST_TEST(contains(run.out, "\nexample:\n  belote "));
    BOOST_TEST(run.err.empty());
  }
  const std::vector<std::string> commands = listed(run_belote({"--help"}).out, "commands");
  for (const std::string expected : {"score", "deal", "rulesets", "sheet", "diff", "stats"})
    BOOST_TEST((std::find(commands.begin(), commands.end(), expected) != commands.end()), expected);
}

BOOST_AUTO_TEST_CASE(no_command_shows_the_usage_and_exits_2) {
  const RunResult run = run_belote({});
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.out.starts_with("usage: belote COMMAND"));
}

BOOST_AUTO_TEST_CASE(the_version_is_the_projects) {
  const RunResult run = run_belote({"--version"});
  BOOST_TEST(run.status == 0);
  BOOST_TEST(run.out == fmt::format("belote {}\n", BELOTE_VERSION));
}

BOOST_AUTO_TEST_CASE(the_actions_are_listed) {
  const auto all = commands_and_actions();
  for (const std::vector<std::string>& expected :
       std::vector<std::vector<std::string>>{{"rulesets", "list"}, {"rulesets", "show"}, {"rulesets", "check"},
                                             {"rulesets", "new"}, {"rulesets", "diff"}, {"rulesets", "keys"},
                                             {"sheet", "new"}, {"sheet", "show"}, {"sheet", "add"}, {"sheet", "undo"}})
    BOOST_TEST((std::find(all.begin(), all.end(), expected) != all.end()), joined(expected));
}

BOOST_AUTO_TEST_CASE(every_command_and_action_has_help_with_usage_and_example) {
  for (const auto& command : commands_and_actions()) {
    for (const std::string flag : {"--help", "-h"}) {
      BOOST_TEST_CONTEXT(joined(command) << " " << flag) {
        const RunResult run = run_belote(with(command, {flag}));
        BOOST_TEST(run.status == 0);
        BOOST_TEST(run.out.starts_with("usage: belote " + joined(command)), run.out);
        BOOST_TEST(contains(run.out, "\nexample:\n  belote " + command[0]), run.out);
        BOOST_TEST(run.err.empty());
      }
    }
  }
  // A command with actions lists them, with an example, when asked for help.
  for (const std::string command : {"rulesets", "sheet"}) {
    const RunResult run = run_belote({command, "--help"});
    BOOST_TEST(run.status == 0);
    BOOST_TEST(run.out.starts_with("usage: belote " + command + " ACTION"));
    BOOST_TEST(contains(run.out, "\nexample:\n  belote " + command));
  }
}

// Each help lists the exit statuses its command can return, and no other:
// 0 to 3 for every one, 4 only where a sheet is changed, 5 and 6 only where
// a game is played at the table, 130 where Ctrl-C ends the command after it
// writes what was done (docs/cli.md, "Exit status").
BOOST_AUTO_TEST_CASE(each_help_lists_only_the_exit_statuses_of_its_command) {
  const std::string every = "\nexit status: 0 success, 1 invalid input (some or all), 2 usage error, 3 output could not be written\n";
  const std::string bot = "6 a bot failed (exited, timed out, gave no legal action in 3 answers, or wrote what the protocol forbids)";
  const std::string interrupted = "130 interrupted by Ctrl-C (what was done before it is written; 143 for SIGTERM, 129 for SIGHUP)";
  const std::map<std::string, std::string> own{
      {"sheet", "  4 file changed but not reported\n"},
      {"sheet new", "  4 file changed but not reported\n"},
      {"sheet add", "  4 file changed but not reported\n"},
      {"sheet undo", "  4 file changed but not reported\n"},
      {"play", "  5 standard input ended before the game did, " + bot + ", " + interrupted + "\n"},
      {"advise", "  " + interrupted + "\n"},
      {"diff", "  " + interrupted + "\n"},
      {"arena", "  " + bot + ", " + interrupted + "\n"}};
  std::vector<std::vector<std::string>> all = commands_and_actions();
  all.push_back({"sheet"});
  all.push_back({"rulesets"});
  for (const auto& command : all) {
    const auto found = own.find(joined(command));
    const std::string out = run_belote(with(command, {"--help"})).out;
    BOOST_TEST(out.ends_with(every + (found == own.end() ? "" : found->second)), joined(command) << ":\n" << out);
  }
  BOOST_TEST(contains(run_belote({"--help"}).out, "\n  4  belote sheet new, add, undo: the sheet was changed"));
  BOOST_TEST(contains(run_belote({"--help"}).out, "\n  130  belote play, advise, arena, diff --played: interrupted by Ctrl-C"));
  // advise changes no file: its help does not offer status 4.
  const std::string advise = run_belote({"advise", "--help"}).out;
  BOOST_TEST(!contains(advise, "4 file changed"), advise);
}

// A command or an action misspelt is answered with the one meant, beside the list.
BOOST_AUTO_TEST_CASE(a_misspelt_command_or_action_is_suggested) {
  const RunResult command = run_belote({"arnea"});
  BOOST_TEST(command.status == 2);
  BOOST_TEST(command.err.starts_with("belote: error: unknown command 'arnea' (did you mean 'arena'?) (commands: score, "),
             command.err);
  const RunResult action = run_belote({"rulesets", "chek"});
  BOOST_TEST(action.status == 2);
  BOOST_TEST(action.err == "belote: error: rulesets: unknown action 'chek' (did you mean 'check'?) (actions: list, show, "
                           "check, new, diff, keys) (see 'belote rulesets --help')\n");
  // Nothing close: the list alone.
  BOOST_TEST(run_belote({"rulesets", "frobnicate"}).err ==
             "belote: error: rulesets: unknown action 'frobnicate' (actions: list, show, check, new, diff, keys) "
             "(see 'belote rulesets --help')\n");
}

BOOST_AUTO_TEST_CASE(usage_errors_go_to_stderr_with_status_2_and_point_to_help) {
  for (const auto& command : commands_and_actions()) {
    BOOST_TEST_CONTEXT(joined(command)) {
      const RunResult run = run_belote(with(command, {"--no-such-option"}));
      BOOST_TEST(run.status == 2);
      BOOST_TEST(run.out.empty());
      BOOST_TEST(run.err.starts_with("belote: error: "), run.err);
      BOOST_TEST(contains(run.err, "--help"), run.err);
    }
  }
  const RunResult unknown = run_belote({"scroe"});
  BOOST_TEST(unknown.status == 2);
  BOOST_TEST(unknown.out.empty());
  BOOST_TEST(unknown.err.starts_with("belote: error: unknown command 'scroe'"));
  const RunResult action = run_belote({"rulesets", "shwo"});
  BOOST_TEST(action.status == 2);
  BOOST_TEST(action.err.starts_with("belote: error: rulesets: unknown action 'shwo'"));
}

BOOST_AUTO_TEST_CASE(input_errors_go_to_stderr_with_status_1) {
  const RunResult run = run_belote({"score", "no-such-deal.toml"});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out.empty());
  BOOST_TEST(run.err.starts_with("belote: error: no-such-deal.toml"), run.err);
}

BOOST_AUTO_TEST_CASE(errors_are_in_colour_on_a_terminal) {
  const RunResult run = run_on_terminal({"score", "no-such-deal.toml"}, {"NO_COLOR"});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(contains(run.out, "belote: \033[1;31merror:\033[0m no-such-deal.toml"), run.out);
  // NO_COLOR counts only when it holds something.
  BOOST_TEST(contains(run_on_terminal({"score", "no-such-deal.toml"}, {"NO_COLOR="}).out, "\033["));
}

BOOST_AUTO_TEST_CASE(no_escape_codes_on_a_terminal_with_NO_COLOR) {
  for (const auto& command : commands_and_actions()) {
    const RunResult run = run_on_terminal(with(command, {"--no-such-option"}), {"NO_COLOR=1"});
    BOOST_TEST(run.status == 2, joined(command));
    BOOST_TEST(contains(run.out, "belote: error: "), joined(command) << ": " << run.out);
    BOOST_TEST(!contains(run.out, "\033"), joined(command) << ": " << run.out);
  }
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"score", "no-such-deal.toml"}, {"score", worked_example()}, {"rulesets", "list"}}) {
    const RunResult run = run_on_terminal(args, {"NO_COLOR=1"});
    BOOST_TEST(!contains(run.out, "\033"), joined(args) << ": " << run.out);
  }
}

BOOST_AUTO_TEST_CASE(no_escape_codes_when_the_output_is_not_a_terminal) {
  const std::vector<std::string> no_colour_unset{"NO_COLOR"};
  for (const auto& command : commands_and_actions()) {
    const RunResult run = run_belote(with(command, {"--no-such-option"}), "", no_colour_unset);
    BOOST_TEST(!contains(run.err, "\033"), joined(command) << ": " << run.err);
  }
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"score", "no-such-deal.toml"},
           {"score", worked_example()},
           {"diff", "classique", "traditionnelle", "--random", "200", "--seed", "3"},
           {"rulesets", "check", "no-such-ruleset"},
           {"deal", "--random", "2"}}) {
    const RunResult run = run_belote(args, "", no_colour_unset);
    BOOST_TEST(!contains(run.out + run.err, "\033"), joined(args) << ": " << run.out << run.err);
  }
}

BOOST_AUTO_TEST_CASE(cards_are_written_with_suit_symbols_or_with_letters_under_ascii) {
  int checked = 0;
  for (const auto& command : commands_and_actions()) {
    const bool has_ascii = contains(run_belote(with(command, {"--help"})).out, "--ascii");
    const std::vector<std::string> symbols_run = card_printing_run(command, "symbols");
    // A command that prints cards as text offers --ascii, and one that offers it is tried here.
    BOOST_TEST(has_ascii == !symbols_run.empty(), joined(command) << ": --ascii offered: " << has_ascii);
    if (symbols_run.empty()) continue;
    BOOST_TEST_CONTEXT(joined(command)) {
      const RunResult symbols = run_belote(symbols_run);
      BOOST_TEST(symbols.status == 0, symbols.err);
      BOOST_TEST(has_symbol(symbols.out), symbols.out);
      const RunResult letters = run_belote(with(card_printing_run(command, "letters"), {"--ascii"}));
      BOOST_TEST(letters.status == 0, letters.err);
      BOOST_TEST(!has_symbol(letters.out), letters.out);
      BOOST_TEST(!contains(letters.out, "→"), letters.out);  // arrows too are written "->"
      ++checked;
    }
  }
  BOOST_TEST(checked >= 4);
}

BOOST_AUTO_TEST_CASE(ascii_explanations_write_their_arrows_as_ascii_and_json_writes_letters) {
  // Coinche rounds its scores (a step "NS 6 → 10") and the first speaker breaks a tie of announcements.
  const std::string deals = run_belote({"deal", "--ruleset", "coinche", "--random", "200", "--seed", "3"}).out;
  const RunResult symbols = run_belote({"score", "--ruleset", "coinche", "-"}, deals);
  BOOST_TEST_REQUIRE(contains(symbols.out, " → "));
  const RunResult ascii = run_belote({"score", "--ruleset", "coinche", "--ascii", "-"}, deals);
  BOOST_TEST(!contains(ascii.out, "→"));
  BOOST_TEST(contains(ascii.out, " -> "));
  // diff's JSON gives its reasons with letters for suits, as every JSON output does.
  const RunResult json = run_belote({"diff", "classique", "traditionnelle", "--random", "2000", "--seed", "3", "--format", "json",
                                     "--show", "1"});
  BOOST_TEST_REQUIRE(contains(json.out, "\"reason\""));
  BOOST_TEST(!has_symbol(json.out), json.out.substr(0, 600));
}

namespace {

// The help of a command or action: its usage alternatives, and the options it lists.
struct Help {
  std::vector<std::string> usages;  // "belote score [--ruleset NAME] ... DEAL..."
  std::vector<std::string> option_lines;
};

Help help_of(const std::vector<std::string>& command) {
  const std::string out = run_belote(with(command, {"--help"})).out;
  Help help;
  std::string usage = out.substr(std::string("usage: ").size(), out.find('\n') - std::string("usage: ").size());
  for (std::size_t bar; (bar = usage.find(" | belote ")) != std::string::npos; usage = usage.substr(bar + 3))
    help.usages.push_back(usage.substr(0, bar));
  help.usages.push_back(usage);
  std::istringstream in(out.substr(out.find("\noptions:\n") + 10));
  for (std::string line; std::getline(in, line) && !line.empty();)
    if (line.starts_with("  -")) help.option_lines.push_back(line);
  return help;
}

// "--ruleset" from "  -r [ --ruleset ] NAME   ruleset name or path".
std::string long_option(const std::string& line) {
  const auto start = line.find("--");
  return line.substr(start, line.find_first_of(" ]", start) - start);
}

}  // namespace

BOOST_AUTO_TEST_CASE(help_lists_no_internal_option) {
  // The words that are not options (deal files, ruleset names) are parsed as
  // options inside; help, the man page and completion never show those.
  for (const auto& command : commands_and_actions()) {
    const std::string help = run_belote(with(command, {"--help"})).out;
    for (const std::string internal : {"--deals", "--files", "--words", "--rulesets ", "--name ", "--file ", "--ruleset arg"})
      // The arena's --deals N is an option of its own: how many deals it plays.
      if (!(internal == "--deals" && joined(command) == "arena"))
        BOOST_TEST(!contains(help, internal), joined(command) << " lists " << internal);
  }
}

BOOST_AUTO_TEST_CASE(usage_lines_list_every_option) {
  for (const auto& command : commands_and_actions()) {
    const Help help = help_of(command);
    std::string usages;
    for (const std::string& u : help.usages) usages += u + "\n";
    for (const std::string& line : help.option_lines) {
      const std::string option = long_option(line);
      if (option == "--help") continue;
      const bool listed = contains(usages, option + " ") || contains(usages, option + "]") || contains(usages, option + "\n");
      BOOST_TEST(listed, joined(command) << ": the usage does not list " << option);
    }
  }
}

BOOST_AUTO_TEST_CASE(option_values_are_named_and_defaults_written_one_way) {
  for (const auto& command : commands_and_actions()) {
    const std::string help = run_belote(with(command, {"--help"})).out;
    for (const std::string& line : help_of(command).option_lines) {
      // "--seed N", "--ruleset NAME", "--format text|json": never Boost's "arg".
      BOOST_TEST(!contains(line, " arg "), joined(command) << ": " << line);
    }
    BOOST_TEST(!contains(help, "(="), joined(command) << ": a default written by Boost");
    for (std::size_t at = help.find("default"); at != std::string::npos; at = help.find("default", at + 1))
      BOOST_TEST(help.compare(at - 1, 10, "(default: ") == 0, joined(command) << ": " << help.substr(at - 10, 40));
  }
}

BOOST_AUTO_TEST_CASE(a_missing_argument_says_what_to_give_and_points_to_the_actions_help) {
  const auto error = [](const std::vector<std::string>& args) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 2);
    return run.err;
  };
  BOOST_TEST(error({"rulesets", "show"}) ==
             "belote: error: rulesets show: missing NAME: the ruleset to show, by name or path "
             "(see 'belote rulesets show --help')\n");
  BOOST_TEST(error({"score"}) ==
             "belote: error: score: missing DEAL...: the deals to score, each a FILE.toml (one deal), a JSON Lines file "
             "or - (standard input) (see 'belote score --help')\n");
  BOOST_TEST(error({"sheet", "show"}) ==
             "belote: error: sheet show: missing FILE: the sheet file (a TOML file, e.g. game.toml) "
             "(see 'belote sheet show --help')\n");
  BOOST_TEST(error({"sheet", "add", "game.toml", "--trump", "H"}) ==
             "belote: error: sheet add: missing --taker SEAT: the seat that took: N, E, S or W (or --auction CALLS: "
             "the mène's calls, where the ruleset states its auction) (see 'belote sheet add --help')\n");
  BOOST_TEST(error({"rulesets", "new", "lyon"}) ==
             "belote: error: rulesets new: missing --extends BASE: the ruleset it starts from, by name or path "
             "(see 'belote rulesets new --help')\n");
  BOOST_TEST(error({"rulesets", "diff", "classique"}) ==
             "belote: error: rulesets diff: give two rulesets to compare, A and B (see 'belote rulesets diff --help')\n");
  BOOST_TEST(error({"deal", "--check"}) ==
             "belote: error: deal: missing DEAL...: the deal files to check, each a FILE.toml (one deal), a JSON Lines file "
             "or - (standard input) (see 'belote deal --help')\n");
}

BOOST_AUTO_TEST_CASE(the_docs_write_each_usage_as_the_help_does) {
  // docs/cli.md shows every command's usage, and a guide's "### `belote …`"
  // heading is one of them: both follow the program's help.
  const std::string cli = read_file(source_dir() / "docs" / "cli.md");
  std::vector<std::string> all;
  for (const auto& command : commands_and_actions())
    for (const std::string& usage : help_of(command).usages) {
      all.push_back(usage);
      BOOST_TEST(contains(cli, "\n" + usage + "\n"), "docs/cli.md lacks: " << usage);
    }
  for (const auto& entry : std::filesystem::directory_iterator(source_dir() / "docs")) {
    std::istringstream in(read_file(entry.path()));
    for (std::string line; std::getline(in, line);) {
      if (!line.starts_with("### `belote ")) continue;
      // A heading may stop short of the options with "…".
      std::string usage = line.substr(5, line.size() - 6);
      const bool shortened = usage.ends_with(" …");
      if (shortened) usage.resize(usage.size() - std::string(" …").size());
      const bool known = std::any_of(all.begin(), all.end(), [&](const std::string& u) { return shortened ? u.starts_with(usage) : u == usage; });
      BOOST_TEST(known, entry.path().filename().string() << ": '" << usage << "' is no usage of the program");
    }
  }
}

BOOST_AUTO_TEST_CASE(the_man_page_shows_no_internal_option_and_points_to_the_guides) {
  const std::filesystem::path page =
      std::filesystem::path(BELOTE_PROGRAM).parent_path().parent_path() / "share" / "man" / "man1" / "belote.1";
  if (!std::filesystem::exists(page)) return;  // built without help2man (-DBELOTE_MAN_PAGE=OFF)
  std::string text = read_file(page);
  // The arena's --deals N is an option of its own: its section is left out of the check.
  if (const auto arena = text.find(".SS \"belote arena\""); arena != std::string::npos)
    text.erase(arena, text.find(".SS", arena + 1) - arena);
  for (const std::string internal : {"\\-\\-deals", "\\-\\-files", "\\-\\-words", "\\-\\-rulesets ", "\\-\\-name ", "\\-\\-file "})
    BOOST_TEST(!contains(text, internal), internal);
  const auto see_also = text.find(".SH \"SEE ALSO\"");
  BOOST_TEST_REQUIRE(see_also != std::string::npos);
  BOOST_TEST(contains(text.substr(see_also), "share/doc/belote"));
  BOOST_TEST(contains(text.substr(see_also), "belote rulesets keys"));
}

// Where the help and the guides once said one thing and the program did another.
BOOST_AUTO_TEST_CASE(diff_summary_prints_the_summary_alone_as_its_help_says) {
  BOOST_TEST(contains(run_belote({"diff", "--help"}).out, "print only the summary"));
  const std::string example = (source_dir() / "examples" / "worked-example.toml").string();
  const auto deal_lines = [](const std::string& out) {
    int n = 0;
    for (std::size_t at = 0; (at = out.find("\n{", at)) != std::string::npos; ++at) ++n;
    return n;
  };
  const RunResult summary = run_belote({"diff", "classique", "classique-hors-contrat", example, "--summary"});
  BOOST_TEST(summary.status == 0);
  BOOST_TEST(contains(summary.out, "deals compared: 1"));
  BOOST_TEST(deal_lines(summary.out) == 0, summary.out);
  BOOST_TEST(!contains(summary.out, "differing deal"));
  // --show still asks for deal lines, and without --summary they are there by default.
  BOOST_TEST(deal_lines(run_belote({"diff", "classique", "classique-hors-contrat", example, "--summary", "--show", "1"}).out) == 1);
  BOOST_TEST(deal_lines(run_belote({"diff", "classique", "classique-hors-contrat", example}).out) == 1);
}

BOOST_AUTO_TEST_CASE(legal_needs_trump_only_where_the_kind_has_one) {
  const std::string help = run_belote({"legal", "--help"}).out;
  BOOST_TEST(contains(help, "[--trump SUIT]"));
  BOOST_TEST(!contains(help, "] --trump SUIT"));
  const auto at_position = [](std::vector<std::string> command) {
    for (const char* word : {"--hand", "JD AD 8D KS", "--trick", "N 9D", "W 7D"}) command.push_back(word);
    return command;
  };
  const RunResult all_trumps = run_belote(at_position({"legal", "--ruleset", "bulgare", "--kind", "all-trumps"}));
  BOOST_TEST(all_trumps.status == 0);
  BOOST_TEST(all_trumps.out == "S may play: J♦ (play.raise_in_all_trumps = \"always\": all-trump kind: must beat the card "
                               "winning the trick when able)\n");
  // Left out where it is needed: a usage error, as docs/cli.md promises for a missing option.
  for (const std::vector<std::string>& command : {std::vector<std::string>{"legal", "--ruleset", "classique"},
                                                  {"legal", "--ruleset", "bulgare", "--kind", "suit"},
                                                  {"legal", "--ruleset", "bulgare"}}) {
    const RunResult run = run_belote(at_position(command));
    BOOST_TEST(run.status == 2, joined(command));
    BOOST_TEST(contains(run.err, "--trump SUIT"), run.err);
    BOOST_TEST(contains(run.err, "see 'belote legal --help'"), run.err);
  }
}

BOOST_AUTO_TEST_CASE(sheet_new_names_the_rulesets_own_target) {
  const std::string help = run_belote({"sheet", "new", "--help"}).out;
  BOOST_TEST(contains(help, "game.target"));
  BOOST_TEST(contains(help, "game.deals"));
  const std::string guide = read_file(source_dir() / "docs" / "sheet.md");
  BOOST_TEST(!contains(guide, "1000 in the shipped rulesets"));
  // What the guide says of each family is each ruleset's own target.
  for (const auto& [name, target] : {std::pair{"classique", 1000}, {"coinche", 2000}, {"bulgare", 151}, {"schieber", 2500}}) {
    BOOST_TEST(ruleset(name)->game.target == target, name);
    BOOST_TEST(contains(guide, fmt::format("{} in `{}`", target, name)), name);
  }
  BOOST_TEST(ruleset("klaverjas")->game.target == 0);
  BOOST_TEST(ruleset("klaverjas")->game.deals == 16);
}

BOOST_AUTO_TEST_CASE(the_man_page_source_names_every_guide) {
  const std::string page = read_file(source_dir() / "packaging" / "belote.h2m");
  const auto see_also = page.find("[SEE ALSO]");
  BOOST_TEST_REQUIRE(see_also != std::string::npos);
  for (const auto& entry : std::filesystem::directory_iterator(source_dir() / "docs"))
    if (entry.path().extension() == ".md")
      BOOST_TEST(contains(page.substr(see_also), "\\fI" + entry.path().filename().string() + "\\fR"), entry.path().filename());
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_help
