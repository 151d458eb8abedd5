// belote: score belote mènes under a ruleset chosen at run time.
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <string>
#include <vector>

#include "commands.h"

namespace {

using namespace belote::cli;
using belote::did_you_mean;
using belote::shown;

void print_help() {
  Output& out = Output::standard();
  out.write("usage: belote COMMAND [OPTIONS] [ARGS]\n\n"
            "Belote announcements and scoring, driven by TOML rulesets.\n\ncommands:\n");
  for (const Command& command : kCommands) out.write(fmt::format("  {:<10} {}\n", command.name, command.summary));
  out.write("\noptions:\n"
            "  -h, --help      show this help (each command has its own: belote COMMAND --help)\n"
            "  --version       show the version\n"
            "\nexit status:\n"
            "  0  success\n"
            "  1  invalid input (some or all: the valid deals are still scored)\n"
            "  2  usage error (unknown command or option, missing argument)\n"
            "  3  the output could not be written (a closed pipe is not an error); a file to change is left as it was\n"
            "  4  belote sheet new, add, undo: the sheet was changed, but what was done could not be reported\n"
            "  5  belote play: standard input ended before the game did (the record holds the mènes finished)\n"
            "  6  belote play, belote arena: a bot exited, did not answer in time, gave no legal action in 3 answers,\n"
            "     or wrote what the protocol forbids\n"
            "  130  belote play, advise, arena, diff --played: interrupted by Ctrl-C (what was done before it\n"
            "       is written; 143 for SIGTERM, 129 for SIGHUP)\n"
            "\nexample:\n"
            "  belote score --ruleset classique examples/worked-example.toml\n");
}

// Standard input, output and error closed when the program starts would be
// taken by the next files it opens, and a message would then go into a sheet:
// each is opened on /dev/null instead.
void keep_standard_streams_apart() {
  for (int fd = 0; fd <= 2; ++fd)
    if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      const int null = open("/dev/null", O_RDWR);
      if (null >= 0 && null != fd) {
        dup2(null, fd);
        close(null);
      }
    }
}

// A command's status, or the output's when the command succeeded but what it
// wrote (help, a version) could not be written.
int with_output_status(int status) {
  const int written = Output::standard().finish();
  return status == kSuccess ? written : status;
}

}  // namespace

int main(int argc, char** argv) {
  keep_standard_streams_apart();
  // Under a file-size limit (ulimit -f) an oversized write then fails with an
  // error that replace_file cleans up after, instead of ending the program.
  std::signal(SIGXFSZ, SIG_IGN);
  // A reader of the output or of the errors that goes away is an error of a write, not the end of the program.
  std::signal(SIGPIPE, SIG_IGN);
  end_output_on_whole_lines();
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_help();
    return with_output_status(words.empty() ? kUsage : kSuccess);
  }
  if (words[0] == "--version") {
    Output::standard().write(fmt::format("belote {}\n", BELOTE_VERSION));
    return with_output_status(kSuccess);
  }
  for (const Command& command : kCommands) {
    if (words[0] != command.name) continue;
    try {
      return with_output_status(command.run(Args{std::string(command.name), {words.begin() + 1, words.end()}}));
    } catch (const UsageError& e) {
      const std::string_view where = e.command.empty() ? command.name : std::string_view(e.command);
      print_error(fmt::format("{}: {} (see 'belote {} --help')", where, e.what(), where));
      return kUsage;
    } catch (const ResourceError& e) {
      print_error(e.what());
      return kInvalidInput;
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
  print_error(fmt::format("unknown command '{}'{} (commands: {}; see 'belote --help')", shown(words[0]),
                          did_you_mean(words[0], names), fmt::join(names, ", ")));
  return kUsage;
}
