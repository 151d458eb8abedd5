// A bot's command, as /bin/sh -c runs it.
#pragma once

#include <string>

namespace belote::cli {

/// `command` with `exec` before its program where it is a simple command (one
/// program and its arguments, after variable assignments and with
/// redirections), so that the shell is replaced by the program: the pipes then
/// close when the program closes them or exits, not when the shell does. A
/// command with lists, pipelines, subshells or groups (`;`, `&`, `|`, `(`,
/// `{`), one whose program is a shell's reserved word or a built-in that is
/// no program (`exit 3`, `cd dir`), and one whose assignments are quoted, are
/// left as they are.
std::string replacing_the_shell(const std::string& command);

}  // namespace belote::cli
