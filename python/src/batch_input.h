// Deals by the thousand from Python: an iterable of dicts or JSON lines, or
// a file (JSON Lines, or one TOML deal), read on every core with the GIL
// released; each chunk's partial result merged in input order.
#pragma once

#include <cerrno>
#include <cstring>
#include <sys/stat.h>

#include "belote/deal_reader.h"
#include "interruption.h"
#include "module.h"

namespace belote::python {

/// Thrown by a merge to stop a file's batch between blocks.
struct BatchInterrupted {};

/// Works on every deal of `deals` (an iterable) under `rules`.
template <class Partial, class Merge>
void run_items(const std::vector<const Ruleset*>& rules, unsigned threads, const py::handle& deals,
               const LineBatchWork<Partial>& work, Merge&& merge) {
  LineBatch batch(rules, threads);
  ItemLines items(deals);
  std::vector<LineChunk> chunks(4 * std::size_t(threads));
  Interruption interruption;
  for (;;) {
    const std::size_t filled = items.next(chunks);
    if (filled) {
      py::gil_scoped_release unlocked;
      batch.run(std::span<const LineChunk>(chunks.data(), filled), kItemsDisplay, work, merge);
    }
    // A deal refused before it was written as JSON: its error in its place, and on.
    if (std::optional<Diagnostic> refused = items.take_refused()) {
      const std::vector<Diagnostics> errors(rules.size(), Diagnostics{*refused});
      Partial partial{};
      work.rejected(errors, refused->line, partial);
      merge(partial);
    } else if (!filled) {
      break;
    }
    if (interruption.requested_holding_gil()) interruption.raise_if_requested();
  }
}

/// Works on every deal of the file at `path`: JSON Lines, or one deal if it ends in .toml.
template <class Partial, class Merge>
void run_file(const std::vector<const Ruleset*>& rules, unsigned threads, const std::string& path,
              const LineBatchWork<Partial>& work, Merge&& merge) {
  // A file that is not there is the system's error, whatever its name ends
  // in; a device or a directory is no file of deals: /dev/zero would be read for ever.
  struct stat status{};
  if (::stat(path.c_str(), &status) != 0) {
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
    throw py::error_already_set();
  }
  if (!S_ISREG(status.st_mode) && !S_ISFIFO(status.st_mode)) {
    const char* what = S_ISDIR(status.st_mode) ? "a directory" : S_ISCHR(status.st_mode) ? "a character device" : "a special file";
    PyErr_SetObject(PyExc_ValueError, py_text(path + ": is not a file of deals (" + what + "): not read").ptr());
    throw py::error_already_set();
  }
  if (names_toml_deal_file(path)) {
    std::vector<Deal> deals(rules.size());
    std::vector<Diagnostics> errors(rules.size());
    bool valid = true;
    for (std::size_t r = 0; r < rules.size(); ++r) valid = DealReader(*rules[r]).read_toml_file(path, deals[r], errors[r]) && valid;
    Partial partial{};
    if (valid) work.deal(deals, 0, partial);
    else work.rejected(errors, 0, partial);
    merge(partial);
    return;
  }
  bool opened = false, read_error = false;
  int error = 0;
  Interruption interruption;
  try {
    py::gil_scoped_release unlocked;
    LineBatch batch(rules, threads);
    // Merged on the calling thread, block by block: a signal stops the batch there.
    const auto merge_or_stop = [&](Partial& partial) {
      merge(partial);
      if (interruption.requested()) throw BatchInterrupted{};
    };
    opened = batch.run_file(path, path, work, merge_or_stop, &read_error);
    error = errno;
  } catch (const BatchInterrupted&) {
    interruption.raise_if_requested();
  }
  if (!opened) {
    errno = error;
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
    throw py::error_already_set();
  }
  // A file that opens but does not read (/proc/self/mem, a disk failing) is the system's error, as open() raises it.
  if (read_error) {
    errno = error != 0 ? error : EIO;
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
    throw py::error_already_set();
  }
}

/// The errors of a rejected line, merged across rulesets as the program merges them.
inline Diagnostics line_errors(const std::vector<const Ruleset*>& rules, std::span<const Diagnostics> errors) {
  if (rules.size() == 1) return errors[0];
  return merged_diagnostics(rules, errors);
}

}  // namespace belote::python
