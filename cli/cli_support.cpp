#include "cli_support.h"
#include "linear_options.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>
#include <sstream>
#include <fcntl.h>
#include <unistd.h>

namespace belote::cli {

namespace {

bool colour_allowed() {
  const char* no_colour = std::getenv("NO_COLOR");
  return stderr_takes_escape_sequences() && !(no_colour && *no_colour);
}

void print_labelled(std::string_view label, std::string_view colour, std::string_view raw_message) {
  // Results written so far come first, so an error appears next to the input it is about.
  Output::standard().flush();
  // Messages quote file names, ids and option values: nothing in them may act on
  // the terminal, and none may flood it. The line, its label and its location
  // included, holds at most kMaxMessageBytes, counted once escaped (colour aside).
  const std::string prefix = fmt::format("belote: {}: ", label);
  const std::string message = terminal_safe_line(raw_message, kMaxMessageBytes - prefix.size());
  if (colour_allowed())
    write_stderr(fmt::format("belote: \033[1;{}m{}:\033[0m {}\n", colour, label, message));
  else
    write_stderr(prefix + message + "\n");
}

}  // namespace

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

void write_stderr(std::string_view text) {
  // Nothing to do when standard error is closed, full or gone: the exit status
  // still tells, and the program goes on to it (it never throws from here).
  const int saved = errno;
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::clearerr(stderr);
  errno = saved;
}
bool stdout_is_terminal() { return isatty(STDOUT_FILENO) == 1; }

bool stderr_takes_escape_sequences() {
  const char* term = std::getenv("TERM");
  return stderr_is_terminal() && !(term && std::string_view(term) == "dumb");
}

void print_error(std::string_view message) { print_labelled("error", "31", message); }
void print_warning(std::string_view message) { print_labelled("warning", "33", message); }
void print_note(std::string_view message) { print_labelled("note", "36", message); }

void print_diagnostic(const Diagnostic& diagnostic, Severity severity) {
  if (severity == Severity::warning) print_warning(location_and_message(diagnostic));
  else print_error(location_and_message(diagnostic));
  const std::string caret = caret_lines(diagnostic);
  if (!caret.empty()) write_stderr(fmt::format("{}\n", terminal_safe(caret)));
}

void print_ruleset_warnings(const LoadedRuleset& loaded) {
  for (const Diagnostic& d : loaded.warnings) print_diagnostic(d, Severity::warning);
}

void print_diagnostics(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics) print_diagnostic(d);
  if (const std::string more = unkept_errors_message(diagnostics); !more.empty()) print_error(more);
}

namespace {

// A signal that ends the program (Ctrl-C, a kill) waits for a write of the
// output to end, so that the output ends on a whole line; at any other
// moment, or when it comes twice, it ends the program at once, as it would
// without this.
std::atomic<int> pending_signal{0};
std::atomic<bool> writing{false};
std::atomic<bool> noting{false};  // note_ending_signals: the command ends itself
// /dev/null, opened by note_ending_signals: the handler puts it in standard input's place (below).
int ended_input = -1;

// The process groups of the running bots: at most four a thread of an arena.
std::array<std::atomic<int>, 4 * kMaxThreads + 4> groups_to_end{};

void end_by(int signal_number) {
  for (const std::atomic<int>& group : groups_to_end)
    if (const int pid = group.load(); pid > 0) kill(-pid, SIGTERM);
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigaction(signal_number, &action, nullptr);
  raise(signal_number);
}

extern "C" void on_ending_signal(int signal_number) {
  // A second one does not wait: a write blocked on a reader that reads nothing more would wait forever.
  if (pending_signal.exchange(signal_number) != 0 || !(writing || noting)) end_by(signal_number);
  // A read of the person's answer that was about to start, and so is not cut short by the signal, reads
  // the end of its input instead of waiting for a line that may never come.
  if (noting && ended_input >= 0) dup2(ended_input, STDIN_FILENO);
}

void install_ending_handler(int flags) {
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    sigaction(signal_number, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;  // nohup and the like keep it ignored
    struct sigaction action {};
    action.sa_handler = on_ending_signal;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, nullptr);
  }
}

}  // namespace

bool end_group_with_program(int group) {
  for (std::atomic<int>& slot : groups_to_end) {
    int free = 0;
    if (slot.compare_exchange_strong(free, group)) return true;
  }
  return false;
}

void forget_group(int group) {
  for (std::atomic<int>& slot : groups_to_end) {
    int held = group;
    if (slot.compare_exchange_strong(held, 0)) return;
  }
}

void end_output_on_whole_lines() { install_ending_handler(SA_RESTART); }

void note_ending_signals() {
  if (ended_input < 0) ended_input = open("/dev/null", O_RDONLY | O_CLOEXEC);
  noting = true;
  // Without SA_RESTART: a read of the person's answer returns, and the command looks.
  install_ending_handler(0);
}

int ending_signal() { return noting ? pending_signal.load() : 0; }

void end_by_ending_signal() {
  if (const int signal_number = pending_signal) end_by(signal_number);
}

Output& Output::standard() {
  static Output output = [] {
    // A closed pipe is an ordinary end for a stream of results: see EPIPE, not a signal.
    std::signal(SIGPIPE, SIG_IGN);
    return Output();
  }();
  return output;
}

void Output::write(std::string_view raw_text) {
  // Results echo ids, team names and ruleset texts: nothing in them may act on the terminal.
  if (is_terminal_safe(raw_text)) write_safe(raw_text);
  else write_safe(terminal_safe(raw_text));
}

void Output::write_safe(std::string_view text) {
  if (failed_) return;
  // Written to the file a whole number of lines at a time, about 64 KiB each:
  // output cut short (an interrupt, a kill) then ends on a whole line.
  constexpr std::size_t kWriteAt = 1 << 16;
  if (pending_.size() + text.size() < kWriteAt) {
    pending_.append(text);
    return;
  }
  const std::size_t last_line_end = text.rfind('\n');
  if (last_line_end == std::string_view::npos) {
    pending_.append(text);
    return;
  }
  // The part of a line held back and the lines that end it go out in one write's time: a signal between them would cut that line.
  send(pending_, text.substr(0, last_line_end + 1));
  pending_.assign(text.substr(last_line_end + 1));
}

void Output::flush() {
  if (!pending_.empty()) send(pending_);
  pending_.clear();
}

void Output::send(std::string_view first, std::string_view second) {
  writing = true;
  if (const int signal_number = pending_signal; signal_number && !noting) end_by(signal_number);
  for (std::string_view text : {first, second}) {
    while (!failed_ && !text.empty()) {
      const ssize_t written = ::write(STDOUT_FILENO, text.data(), text.size());
      if (written < 0 && errno == EINTR) continue;
      if (written <= 0) {
        failed_ = true;
        error_ = written < 0 ? errno : EIO;
        broken_pipe_ = error_ == EPIPE;
        return;
      }
      text.remove_prefix(std::size_t(written));
    }
  }
  writing = false;
  if (const int signal_number = pending_signal; signal_number && !noting) end_by(signal_number);
}

int Output::finish() {
  flush();
  if (!failed_ || broken_pipe_) return kSuccess;
  // Said once, however many times a command and the program ask.
  if (!reported_) print_error(fmt::format("cannot write the output: {}", std::strerror(error_)));
  reported_ = true;
  return kOutputFailed;
}

namespace {

// Each command's help ends with the exit statuses it can return (`belote
// --help` and docs/cli.md, "Exit status", say more): 0 to 3 for every one (1
// is also what the system refuses it, 3 any output it cannot write), then
// those of the commands that have more.
constexpr std::string_view kEveryExitStatus =
    "exit status: 0 success, 1 invalid input (some or all), 2 usage error, 3 output could not be written";

struct OwnExitStatus {
  std::string_view text;
  std::array<std::string_view, 4> commands;  ///< and actions ("sheet add"); "sheet" is the list of its actions
};
constexpr OwnExitStatus kOwnExitStatuses[] = {
    {"4 file changed but not reported", {"sheet", "sheet new", "sheet add", "sheet undo"}},
    {"5 standard input ended before the game did", {"play"}},
    {"6 a bot failed (exited, timed out, gave no legal action in 3 answers, or wrote what the protocol forbids)", {"play", "arena"}},
    {"130 interrupted by Ctrl-C (what was done before it is written; 143 for SIGTERM, 129 for SIGHUP)",
     {"play", "advise", "arena", "diff"}},
};

std::string exit_statuses(std::string_view command) {
  std::vector<std::string_view> own;
  for (const OwnExitStatus& status : kOwnExitStatuses)
    if (std::find(status.commands.begin(), status.commands.end(), command) != status.commands.end()) own.push_back(status.text);
  return own.empty() ? fmt::format("{}\n", kEveryExitStatus) : fmt::format("{}\n  {}\n", kEveryExitStatus, fmt::join(own, ", "));
}

}  // namespace

Operands& Operands::add(const char* name, const po::value_semantic* value, int max, std::string_view placeholder,
                        std::string_view what) {
  options_.add_options()(name, value, "");
  positional_.add(name, max);
  list_.push_back({fmt::format("--{}", name), std::string(placeholder), std::string(what)});
  return *this;
}

std::string Operands::missing(std::string_view option) const {
  for (const Operand& operand : list_)
    if (operand.name == option) return fmt::format("missing {}: {}", operand.placeholder, operand.what);
  return "";
}

namespace {

// Boost's messages name options as the parser knows them; these say what to give.
std::string usage_message(const po::error& e, const po::options_description& options, const Operands& operands) {
  const auto option_named = [&](const std::string& name) {
    return options.find_nothrow(name.substr(name.find_first_not_of('-')), false);
  };
  if (const auto* missing = dynamic_cast<const po::required_option*>(&e)) {
    const std::string name = missing->get_option_name();
    if (std::string operand = operands.missing(name); !operand.empty()) return operand;
    if (const po::option_description* option = option_named(name))
      return fmt::format("missing {} {}: {}", option->canonical_display_name(po::command_line_style::allow_long),
                         option->format_parameter(), option->description());
  }
  if (const auto* syntax = dynamic_cast<const po::invalid_command_line_syntax*>(&e);
      syntax && syntax->kind() == po::invalid_command_line_syntax::missing_parameter)
    if (const po::option_description* option = option_named(syntax->get_option_name()))
      return fmt::format("{} needs {}: {}", option->canonical_display_name(po::command_line_style::allow_long),
                         option->format_parameter(), option->description());
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e)) return "too many arguments";
  if (const auto* unknown = dynamic_cast<const po::unknown_option*>(&e))
    return fmt::format("unknown option '{}'", unknown->get_option_name());
  return e.what();
}

}  // namespace

bool parse_options(const Args& args, const po::options_description& options, const Operands& operands,
                   po::variables_map& vm, std::string_view usage, std::string_view example) {
  po::options_description shown = options;
  shown.add_options()("help,h", "show this help");
  po::options_description all = shown;
  all.add(operands.options());
  try {
    po::store(parse_words(args.words, all, operands.positional()), vm);
    if (vm.count("help")) {
      Output::standard().write(fmt::format("usage: {}\n\n{}\nexample:\n  {}\n\n{}", usage, [&] {
        std::ostringstream out;
        out << shown;
        return out.str();
      }(), example, exit_statuses(args.command)));
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    UsageError error(usage_message(e, all, operands));
    error.command = args.command;
    throw error;
  }
  return true;
}

int run_action(const Args& args, std::span<const Action> actions, std::string_view example) {
  if (args.words.empty() || args.words[0] == "--help" || args.words[0] == "-h") {
    Output& out = Output::standard();
    out.write(fmt::format("usage: belote {} ACTION [OPTIONS]\n\nactions:\n", args.command));
    for (const Action& action : actions) out.write(fmt::format("  {:<8} {}\n", action.name, action.summary));
    out.write(fmt::format("\nexample:\n  {}\n\n{}", example, exit_statuses(args.command)));
    return args.words.empty() ? kUsage : kSuccess;
  }
  std::vector<std::string_view> names;
  for (const Action& action : actions) {
    if (args.words[0] == action.name) {
      const Args action_args{fmt::format("{} {}", args.command, action.name), {args.words.begin() + 1, args.words.end()}};
      try {
        return action.run(action_args);
      } catch (UsageError& e) {
        // The action's own help tells how to use it.
        if (e.command.empty()) e.command = action_args.command;
        throw;
      }
    }
    names.push_back(action.name);
  }
  throw UsageError(fmt::format("unknown action '{}'{} (actions: {})", shown(args.words[0]),
                               did_you_mean(args.words[0], {names.begin(), names.end()}), fmt::join(names, ", ")));
}

void RulesetOptions::add_dirs(po::options_description& options) {
  options.add_options()("rulesets-dir", po::value(&dirs)->composing()->value_name("DIR"),
                        "look for rulesets in DIR first (repeatable)")
      ("untrusted", po::bool_switch(&untrusted),
       "the rulesets and sheets named come from someone else: 'extends' (and a sheet's 'ruleset') only by name, "
       "no other file read, no other file quoted");
}

RulesetSearchPath RulesetOptions::search() const {
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
      throw UsageError(fmt::format("--rulesets-dir {}: no such directory", shown(dir)));
  }
  return RulesetSearchPath::standard(dirs);
}

LoadedRuleset load_ruleset_files(const RulesetLoader& loader, const std::string& name_or_path) {
  LoadedRuleset loaded = loader.load(name_or_path);
  print_ruleset_warnings(loaded);
  if (loaded.ok()) return loaded;
  print_diagnostics(loaded.errors);
  // A name nobody typed on this command line is otherwise a puzzle.
  const char* env = std::getenv("BELOTE_RULESET");
  if (env && *env && name_or_path == env && loaded.files.empty())
    print_note(fmt::format("'{}' is $BELOTE_RULESET, the ruleset used where no --ruleset is given", shown(env)));
  loaded.ruleset = nullptr;
  return loaded;
}

std::shared_ptr<const Ruleset> load_ruleset(const RulesetLoader& loader, const std::string& name_or_path) {
  return load_ruleset_files(loader, name_or_path).ruleset;
}

std::string output_over_ruleset_refusal(const std::string& option, const std::string& file, const LoadedRuleset& loaded) {
  for (const std::string& read : loaded.files)
    if (std::error_code ec; std::filesystem::equivalent(file, read, ec))
      return fmt::format("{}{} is read for ruleset '{}'; written there, it would replace it (give another file)",
                         option.empty() ? "" : option + ": ", shown(file), shown(loaded.ruleset->info.name));
  return {};
}

bool states_auction(const Ruleset& rules) {
  if (rules.auction.given) return true;
  print_error(fmt::format("ruleset '{}' states no auction: it has no [auction] table (docs/rulesets.md, \"The auction\")",
                          shown(rules.info.name)));
  return false;
}

std::string default_ruleset_name() {
  const char* env = std::getenv("BELOTE_RULESET");
  return env && *env ? env : "classique";
}

std::size_t display_width(std::string_view text) {
  return std::size_t(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void write_table(Output& out, std::span<const std::array<std::string, 4>> rows) {
  std::array<std::size_t, 4> widths{};
  for (const auto& row : rows)
    for (std::size_t column = 0; column < row.size(); ++column) widths[column] = std::max(widths[column], display_width(row[column]));
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t column = 0; column < row.size(); ++column) {
      line += row[column];
      if (column + 1 < row.size()) line.append(widths[column] - display_width(row[column]) + 2, ' ');
    }
    out.line(line);
  }
}

std::string number_of(std::uint64_t count, std::string_view noun) {
  return fmt::format("{} {}{}", count, noun, count == 1 ? "" : "s");
}

std::string first_of(std::uint64_t count, std::string_view noun) {
  return count == 1 ? fmt::format("first {}", noun) : fmt::format("first {}", number_of(count, noun));
}

void require_text_or_json(const std::string& format) {
  if (format != "text" && format != "json") throw UsageError(fmt::format("--format is 'text' or 'json', not '{}'", shown(format)));
}

std::string to_lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

std::uint64_t whole_number(std::string_view text, std::string_view option, std::uint64_t min, std::uint64_t max) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, problem] = std::from_chars(text.data(), end, value);
  if (text.empty() || text[0] < '0' || text[0] > '9' || problem != std::errc() || stop != end || value < min || value > max)
    throw UsageError(fmt::format("--{} takes a whole number from {} to {}, not '{}'", option, min, max, shown(text)));
  return value;
}

SuitStyle suit_style(bool ascii) { return ascii ? SuitStyle::ascii : SuitStyle::symbol; }

SuitStyle suit_style(bool ascii, bool json) { return json ? SuitStyle::letter : suit_style(ascii); }

std::string turned_text(const Deck& deck, int turned_card, std::span<const Suit> proposals, SuitStyle style) {
  if (turned_card >= 0 && proposals.size() <= 1) return "; turned card " + deck.card_name(Card(turned_card), style);
  if (proposals.empty()) return {};
  return "; turned suit " + deck.suit_name(proposals.back(), style);
}

}  // namespace belote::cli
