// Text from users made safe to show on a terminal.
//
// A name, an id or a line quoted back to a person could hold an escape
// sequence (ESC, or the C1 control CSI) that moves the cursor or rewrites the
// screen, or a bidirectional control that shows the text in another order than
// it is read. The engine's messages escape what they quote; a program that
// writes other user text (or the engine's text to a terminal) passes it here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace belote {

/// `text` with every C0 control but tab and line feed, DEL, every C1 control,
/// the bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
/// U+2066-U+2069) and the line and paragraph separators written as \uXXXX
/// (an escape that JSON and TOML read back as the same character), and each
/// byte that is not UTF-8 as \xXX.
std::string terminal_safe(std::string_view text);
/// The same for text that must stay on one line (a message): line feeds and tabs escaped too.
std::string terminal_safe_line(std::string_view text);
/// The same in at most `max_bytes` bytes: a longer text is cut after a whole
/// character or escape and ends with "...".
std::string terminal_safe_line(std::string_view text, std::size_t max_bytes);
/// A user's word (an option value, a file name, a bot's answer) as quoted in
/// a message: terminal_safe_line of its first 60 bytes, and "..." after a longer one.
std::string shown(std::string_view text);
/// Whether terminal_safe would return `text` unchanged.
bool is_terminal_safe(std::string_view text);
/// `text` as one word of a POSIX shell command: as it is where it holds only
/// letters, digits and ._/+-, else in single quotes (a quote in it written '\''),
/// so that a command suggested in a message runs as printed.
std::string shell_word(std::string_view text);
/// A path as a command's operand in a suggested command: shell_word, after "./"
/// where it starts with '-' (which would be read as an option).
std::string shell_path(std::string_view path);
/// " (did you mean 'x'?)" after a user's word that is a likely typo of the
/// candidate x, or "" when none is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace belote
