// belote: score belote mènes under a ruleset chosen at run time.
#include <csignal>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <string>
#include <vector>

#include "commands.h"

namespace {

using namespace belote::cli;

void print_help() {
  fmt::print("usage: belote COMMAND [OPTIONS] [ARGS]\n\n"
             "Belote announcements and scoring, driven by TOML rulesets.\n\ncommands:\n");
  for (const Command& command : kCommands) fmt::print("  {:<10} {}\n", command.name, command.summary);
  fmt::print("\noptions:\n"
             "  -h, --help      show this help (each command has its own: belote COMMAND --help)\n"
             "  --version       show the version\n"
             "\nexit status:\n"
             "  0  success\n"
             "  1  invalid input (some or all: the valid deals are still scored)\n"
             "  2  usage error (unknown command or option, missing argument)\n"
             "  3  the output could not be written (a closed pipe is not an error)\n"
             "\nexample:\n"
             "  belote score --ruleset classique examples/worked-example.toml\n");
}

}  // namespace

int main(int argc, char** argv) {
  // Under a file-size limit (ulimit -f) an oversized write then fails with an
  // error that replace_file cleans up after, instead of ending the program.
  std::signal(SIGXFSZ, SIG_IGN);
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_help();
    return words.empty() ? kUsage : kSuccess;
  }
  if (words[0] == "--version") {
    fmt::print("belote {}\n", BELOTE_VERSION);
    return kSuccess;
  }
  for (const Command& command : kCommands) {
    if (words[0] != command.name) continue;
    try {
      return command.run(Args{std::string(command.name), {words.begin() + 1, words.end()}});
    } catch (const UsageError& e) {
      const std::string_view where = e.command.empty() ? command.name : std::string_view(e.command);
      print_error(fmt::format("{}: {} (see 'belote {} --help')", where, e.what(), where));
      return kUsage;
    } catch (const std::bad_alloc&) {
      print_error("out of memory");
      return kInvalidInput;
    } catch (const std::exception& e) {
      print_error(fmt::format("internal error: {}", e.what()));
      return kInvalidInput;
    }
  }
  std::vector<std::string> names;
  for (const Command& command : kCommands) names.emplace_back(command.name);
  print_error(fmt::format("unknown command '{}' (commands: {}; see 'belote --help')", shown(words[0]), fmt::join(names, ", ")));
  return kUsage;
}
