// The Python module `belote` (its Python part, python/belote/, re-exports
// this one): rulesets, deals scored one by one or by the million, diffs,
// statistics, the play and best play, with the engine's messages in its
// exceptions.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include "module.h"

namespace belote::python {

unsigned thread_count(const std::optional<int>& threads) {
  if (!threads) return default_threads();
  if (*threads < 1 || *threads > 1024) throw py::value_error("threads is a whole number from 1 to 1024");
  return unsigned(*threads);
}

py::object from_json(const std::string& text) {
  // Never destroyed: the interpreter may be gone by the time statics are.
  static py::object* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(text);
}

ItemLines::ItemLines(const py::handle& iterable)
    : it_(py::iter(iterable)),
      dumps_(py::module_::import("json").attr("dumps")) {}

std::size_t ItemLines::next(std::vector<LineChunk>& chunks) {
  // As many deals per chunk as a file's chunk holds, about.
  constexpr std::size_t kLinesPerChunk = 1024;
  std::size_t filled = 0;
  while (filled < chunks.size()) {
    LineChunk& chunk = chunks[filled];
    chunk.text.clear();
    chunk.lines.clear();
    while (chunk.lines.size() < kLinesPerChunk && it_ != py::iterator::sentinel()) {
      const py::handle item = *it_;
      ++number_;
      std::string text;
      if (py::isinstance<py::str>(item)) text = item.cast<std::string>();
      else if (py::isinstance<py::bytes>(item)) text = item.cast<std::string>();
      else if (py::isinstance<py::dict>(item)) text = dumps_(item, py::arg("ensure_ascii") = false).cast<std::string>();
      else throw py::type_error(fmt::format("deal {}: a dict or a JSON string, not {}", number_,
                                            std::string(py::str(item.get_type().attr("__name__")))));
      ++it_;
      const std::size_t at = chunk.text.size();
      chunk.text += text;
      if (text.size() > kMaxDealLineBytes) chunk.lines.push_back({at, 0, number_, true});
      // Blank lines are left out, as in a file.
      else if (text.find_first_not_of(" \t\r\n") != std::string::npos) chunk.lines.push_back({at, text.size(), number_, false});
    }
    if (chunk.lines.empty()) break;
    ++filled;
  }
  return filled;
}

}  // namespace belote::python

PYBIND11_MODULE(_belote, m) {
  using namespace belote::python;
  m.doc() = "The belote rules engine: rulesets, deals scored one by one or in batches, diffs, statistics, the play and best play, a game at the table.";
  m.attr("version") = BELOTE_VERSION;
  bind_errors(m);
  bind_rulesets(m);
  bind_outcomes(m);
  bind_batches(m);
  bind_diffs(m);
  bind_statistics(m);
  bind_play(m);
  bind_solve(m);
  bind_table(m);
  bind_arena(m);
}
