#include "cli_support.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace belote::cli {

namespace {

bool colour_allowed() {
  const char* no_colour = std::getenv("NO_COLOR");
  return stderr_is_terminal() && !(no_colour && *no_colour);
}

void print_labelled(std::string_view label, std::string_view colour, std::string_view message) {
  if (colour_allowed())
    fmt::print(stderr, "belote: \033[1;{}m{}:\033[0m {}\n", colour, label, message);
  else
    fmt::print(stderr, "belote: {}: {}\n", label, message);
}

}  // namespace

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }
bool stdout_is_terminal() { return isatty(STDOUT_FILENO) == 1; }

void print_error(std::string_view message) { print_labelled("error", "31", message); }
void print_warning(std::string_view message) { print_labelled("warning", "33", message); }

void print_diagnostic(const Diagnostic& diagnostic) {
  print_error(location_and_message(diagnostic));
  const std::string caret = caret_lines(diagnostic);
  if (!caret.empty()) fmt::print(stderr, "{}\n", caret);
}

void print_diagnostics(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics) print_diagnostic(d);
}

Output& Output::standard() {
  static Output output = [] {
    // A closed pipe is an ordinary end for a stream of results: see EPIPE, not a signal.
    std::signal(SIGPIPE, SIG_IGN);
    static char buffer[1 << 16];
    std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    return Output();
  }();
  return output;
}

void Output::write(std::string_view text) {
  if (failed_) return;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) {
    failed_ = true;
    broken_pipe_ = errno == EPIPE;
  }
}

int Output::finish() {
  if (!failed_ && std::fflush(stdout) != 0) {
    failed_ = true;
    broken_pipe_ = errno == EPIPE;
  }
  if (!failed_ || broken_pipe_) return kSuccess;
  print_error(fmt::format("cannot write the output: {}", std::strerror(errno)));
  return kOutputFailed;
}

bool parse_options(const Args& args, const po::options_description& options,
                   const po::positional_options_description& positional, po::variables_map& vm,
                   std::string_view usage, std::string_view example) {
  po::options_description all = options;
  all.add_options()("help,h", "show this help");
  try {
    po::store(po::command_line_parser(args.words).options(all).positional(positional).run(), vm);
    if (vm.count("help")) {
      fmt::print("usage: {}\n\n{}\nexample:\n  {}\n", usage, [&] {
        std::ostringstream out;
        out << all;
        return out.str();
      }(), example);
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  return true;
}

void RulesetOptions::add_dirs(po::options_description& options) {
  options.add_options()("rulesets-dir", po::value(&dirs)->composing(),
                        "look for rulesets in DIR first (repeatable)");
}

std::shared_ptr<const Ruleset> load_ruleset(const RulesetLoader& loader, const std::string& name_or_path) {
  LoadedRuleset loaded = loader.load(name_or_path);
  if (loaded.ok()) return loaded.ruleset;
  print_diagnostics(loaded.errors);
  return nullptr;
}

std::string default_ruleset_name() {
  const char* env = std::getenv("BELOTE_RULESET");
  return env && *env ? env : "classique";
}

std::string to_lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

SuitStyle suit_style(bool ascii) { return ascii ? SuitStyle::letter : SuitStyle::symbol; }

bool LineReader::next(std::string& line, bool& too_long, std::size_t max) {
  line.clear();
  too_long = false;
  int c;
  bool any = false;
  while ((c = getc_unlocked(file_)) != EOF) {
    any = true;
    if (c == '\n') return true;
    if (line.size() < max) line.push_back(char(c));
    else too_long = true;
  }
  return any;
}

bool LineReader::error() const { return std::ferror(file_) != 0; }

bool for_each_deal(const Ruleset& rules, const std::vector<std::string>& inputs,
                   const std::function<bool(const Deal&)>& on_deal) {
  const DealReader reader(rules);
  bool all_valid = true;
  Deal deal;
  for (const std::string& input : inputs) {
    const bool is_toml = input.size() > 5 && input.compare(input.size() - 5, 5, ".toml") == 0;
    if (is_toml) {
      Diagnostics errors;
      if (reader.read_toml_file(input, deal, errors)) {
        if (!on_deal(deal)) return all_valid;
      } else {
        print_diagnostics(errors);
        all_valid = false;
      }
      continue;
    }
    std::FILE* file = input == "-" ? stdin : std::fopen(input.c_str(), "rb");
    if (!file) {
      print_error(fmt::format("{}: cannot open: {}", input, std::strerror(errno)));
      all_valid = false;
      continue;
    }
    const std::string display = input == "-" ? "<stdin>" : input;
    LineReader lines(file);
    std::string line;
    bool too_long = false;
    long number = 0;
    bool stop = false;
    while (!stop && lines.next(line, too_long)) {
      ++number;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      Diagnostics errors;
      if (too_long) {
        print_diagnostic({display, int(number), 0, "line too long (a deal is at most 65536 bytes)", ""});
        all_valid = false;
      } else if (reader.read_json_line(line, display, number, deal, errors)) {
        stop = !on_deal(deal);
      } else {
        print_diagnostics(errors);
        all_valid = false;
      }
    }
    if (lines.error()) {
      print_error(fmt::format("{}: read error", display));
      all_valid = false;
    }
    if (file != stdin) std::fclose(file);
    if (stop) break;
  }
  return all_valid;
}

}  // namespace belote::cli
