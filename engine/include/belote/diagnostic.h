// Errors found in a user's file, with where they are.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace belote {

struct Diagnostic {
  std::string file;  ///< as the user named it; "<string>" for text given in memory
  int line = 0;      ///< 1-based; 0 when the error is about the whole file
  int column = 0;    ///< 1-based; 0 when unknown
  std::string message;
  /// The text of the line, so the error can be shown with a caret: as read,
  /// bounded; caret_lines() shows it with control characters and bytes that
  /// are not UTF-8 escaped (\x01, \xff), as messages quote them.
  std::string source_line;
};

/// Errors kept for one input. Past this many, errors are counted but not kept,
/// so that a file of a million mistakes costs no more memory than a hundred
/// and the report ends with "... and N more errors".
inline constexpr std::size_t kMaxDiagnostics = 100;
/// The longest message kept, in bytes: a longer one is cut and ends with "...".
inline constexpr std::size_t kMaxMessageBytes = 4000;

/// The errors of one input, at most kMaxDiagnostics of them kept. To ask
/// whether a step found errors, compare count() before and after: size() stops
/// growing at the cap.
class Diagnostics : public std::vector<Diagnostic> {
 public:
  using std::vector<Diagnostic>::vector;

  /// Keeps `diagnostic`, or only counts it once kMaxDiagnostics are kept.
  void push_back(Diagnostic diagnostic);
  /// True once no more errors are kept: a reader may then count an error
  /// (add_unkept(1)) without the work of writing its message.
  bool full() const { return size() >= kMaxDiagnostics; }
  /// Counts `n` errors found but not kept (e.g. by another list).
  void add_unkept(std::size_t n) { unkept_ += n; }
  /// The errors found: those kept and those only counted.
  std::size_t count() const { return size() + unkept_; }
  /// The errors found beyond the ones kept.
  std::size_t unkept() const { return unkept_; }

 private:
  std::size_t unkept_ = 0;
};

/// "file:line:col: message" (the location shortened to what is known).
std::string location_and_message(const Diagnostic& diagnostic);
/// The source line and a caret under the column, or "" when unknown.
std::string caret_lines(const Diagnostic& diagnostic);
/// "... and N more errors" when errors were counted beyond those kept, else "".
std::string unkept_errors_message(const Diagnostics& diagnostics);
/// "... and `more` more errors (the first `shown` are shown)", said once after an input's errors.
std::string more_errors_message(std::size_t more, std::size_t shown);

}  // namespace belote
