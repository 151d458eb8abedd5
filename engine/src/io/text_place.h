// A place in a text of one or more lines. The JSON readers give byte offsets
// from the text's start, as the columns of one line; a message about a file
// names its line and column, and quotes the line under it.
#pragma once

#include <string>
#include <string_view>

#include "belote/diagnostic.h"

namespace belote {

/// `message` at `column` of `text` read as one line (a byte offset plus 1),
/// placed at its line and column in `display`; 0: the whole text.
Diagnostic place_in_text(std::string_view text, const std::string& display, int column, std::string message);

/// `line` as read, through some way past `column` (counted in characters, as
/// caret_lines counts them): all that caret_lines shows around the column, and
/// no more kept with an error.
std::string line_through_column(std::string_view line, int column);

}  // namespace belote
