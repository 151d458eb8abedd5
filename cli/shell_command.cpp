// A simple command run in place of the shell that reads it.
#include "shell_command.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace belote::cli {

namespace {

// Words the shell reads itself: reserved words, and built-ins with no program of that name to run.
constexpr std::array<std::string_view, 42> kShellWords{
    "!",     "{",     "}",       "case",   "do",     "done",   "elif",  "else",     "esac",   "fi",      "for",
    "if",    "in",    "then",    "until",  "while",  "function", "select", "break", ":",      "continue", ".",
    "eval",  "exec",  "exit",    "export", "readonly", "return", "set",   "shift",  "times",  "trap",    "unset",
    "cd",    "read",  "wait",    "umask",  "ulimit", "alias",  "unalias", "local",  "command"};

bool blank(char c) { return c == ' ' || c == '\t'; }

// NAME=value, the value without quotes or expansions.
bool plain_assignment(std::string_view word) {
  const std::size_t equals = word.find('=');
  if (equals == 0 || equals == std::string_view::npos) return false;
  if (word[0] >= '0' && word[0] <= '9') return false;
  for (char c : word.substr(0, equals))
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
  return word.find_first_of("'\"\\$`", equals) == std::string_view::npos;
}

}  // namespace

std::string replacing_the_shell(const std::string& command) {
  if (command.find_first_of(";&|(){}`\n\r") != std::string::npos) return command;
  std::size_t at = 0;
  for (;;) {
    while (at < command.size() && blank(command[at])) ++at;
    if (at == command.size()) return command;
    std::size_t end = at;
    while (end < command.size() && !blank(command[end])) ++end;
    const std::string_view word(command.data() + at, end - at);
    if (word.find('=') != std::string_view::npos && word.find_first_of("<>") == std::string_view::npos) {
      if (!plain_assignment(word)) {
        // A quoted or odd assignment: where its word ends is the shell's to say.
        return command;
      }
      at = end;
      continue;
    }
    if (std::find(kShellWords.begin(), kShellWords.end(), word) != kShellWords.end()) return command;
    return command.substr(0, at) + "exec " + command.substr(at);
  }
}

}  // namespace belote::cli
