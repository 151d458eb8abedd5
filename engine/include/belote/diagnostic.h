// Errors found in a user's file, with where they are.
#pragma once

#include <string>
#include <vector>

namespace belote {

struct Diagnostic {
  std::string file;  ///< as the user named it; "<string>" for text given in memory
  int line = 0;      ///< 1-based; 0 when the error is about the whole file
  int column = 0;    ///< 1-based; 0 when unknown
  std::string message;
  /// The text of the line, so the error can be shown with a caret.
  std::string source_line;
};

using Diagnostics = std::vector<Diagnostic>;

/// "file:line:col: message" (the location shortened to what is known).
std::string location_and_message(const Diagnostic& diagnostic);
/// The source line and a caret under the column, or "" when unknown.
std::string caret_lines(const Diagnostic& diagnostic);

}  // namespace belote
