// Errors as Python exceptions: the program's messages ("file:line:col:
// message"), and each diagnostic as an object with its place.
#include <map>
#include <pybind11/stl.h>

#include "module.h"

namespace belote::python {

namespace {

// Never destroyed: the interpreter may be gone by the time statics are.
py::object& exception_type(const std::string& name) {
  static auto* types = new std::map<std::string, py::object>();
  return (*types)[name];
}

std::string message_of(const Diagnostics& errors) {
  std::string text;
  for (const Diagnostic& d : errors) {
    if (!text.empty()) text += '\n';
    text += location_and_message(d);
  }
  if (const std::string more = unkept_errors_message(errors); !more.empty()) {
    text += '\n';
    text += more;
  }
  return text;
}

[[noreturn]] void raise(const char* name, const Diagnostics& errors) {
  py::object type = exception_type(name);
  py::object error = type(py_text(message_of(errors)));
  error.attr("diagnostics") = py::cast(std::vector<Diagnostic>(errors.begin(), errors.end()));
  error.attr("unkept") = errors.unkept();
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

}  // namespace

void raise_ruleset_error(const Diagnostics& errors) { raise("RulesetError", errors); }
void raise_deal_error(const Diagnostics& errors) { raise("DealError", errors); }
void raise_play_error(const Diagnostics& errors) { raise("PlayError", errors); }
void raise_sheet_error(const Diagnostics& errors) { raise("SheetError", errors); }
void raise_play_error(std::string message) {
  Diagnostics errors;
  errors.push_back(Diagnostic{"", 0, 0, std::move(message), ""});
  raise_play_error(errors);
}

bool is_play_error(const py::error_already_set& error) { return error.matches(exception_type("PlayError")); }

void raise_solve_stopped(const SolveResult& result, const std::string& message) {
  py::object type = exception_type("SolveStopped");
  py::object error = type(message);
  error.attr("status") = solve_status_name(result.status);
  error.attr("nodes") = result.nodes;
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

void ErrorList::add(const Diagnostics& errors, std::size_t limit) {
  for (const Diagnostic& d : errors)
    if (kept.size() < limit) kept.push_back(d);
  count += errors.count();
}

void ErrorList::merge(ErrorList& later, std::size_t limit) {
  for (Diagnostic& d : later.kept) {
    if (kept.size() >= limit) break;
    kept.push_back(std::move(d));
  }
  count += later.count;
}

void bind_errors(py::module_& m) {
  py::class_<Diagnostic>(m, "Diagnostic", "One problem found in a ruleset or a deal, with its place.")
      // A file's name that is no UTF-8 reads back as os.fsdecode gives it; text, with such bytes as \xNN.
      .def_property_readonly("file", [](const Diagnostic& d) { return py_path(d.file); },
                             "The file as named, or <string>, <deal>, <deals> for text given in memory.")
      .def_readonly("line", &Diagnostic::line, "1-based; 0 when the problem concerns the whole input.")
      .def_readonly("column", &Diagnostic::column, "1-based; 0 when unknown.")
      .def_property_readonly("message", [](const Diagnostic& d) { return py_text(d.message); },
                             "What is wrong, naming the key or token.")
      .def_property_readonly("source_line", [](const Diagnostic& d) { return py_text(d.source_line); },
                             "The text of the line, for a caret.")
      .def_property_readonly("caret", [](const Diagnostic& d) { return py_text(caret_lines(d)); },
                             "The source line with a caret under the column, or ''.")
      .def("__str__", [](const Diagnostic& d) { return py_text(location_and_message(d)); })
      .def("__repr__", [](const Diagnostic& d) { return py_text("<belote.Diagnostic " + location_and_message(d) + ">"); })
      // Pickled as its bytes, so that results and errors come back from other processes (Dask,
      // multiprocessing) whole; made again by the module's own function, as Python may not make one.
      .def("__reduce__", [](const Diagnostic& d) {
        return py::make_tuple(py::module_::import("belote").attr("_diagnostic"),
                              py::make_tuple(py::bytes(d.file), d.line, d.column, py::bytes(d.message), py::bytes(d.source_line)));
      });
  m.def(
      "_diagnostic",
      [](const py::bytes& file, int line, int column, const py::bytes& message, const py::bytes& source_line) {
        return Diagnostic{std::string(file), line, column, std::string(message), std::string(source_line)};
      },
      "A Diagnostic unpickled.");

  py::object base = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "belote.BeloteError",
      "An input the engine refuses. str() gives the program's messages, one per line; "
      "`diagnostics` holds each as a Diagnostic, `unkept` counts those found beyond the first 100.",
      PyExc_ValueError, nullptr));
  exception_type("BeloteError") = base;
  exception_type("RulesetError") = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "belote.RulesetError", "A ruleset that does not load: every error of every file of its extends chain.", base.ptr(),
      nullptr));
  exception_type("DealError") = py::reinterpret_steal<py::object>(
      PyErr_NewExceptionWithDoc("belote.DealError", "A deal the ruleset does not read: every error found in it.", base.ptr(), nullptr));
  exception_type("SheetError") = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "belote.SheetError",
      "A score sheet that does not read (or whose ruleset does not load): every error `belote sheet show` reports.", base.ptr(),
      nullptr));
  exception_type("PlayError") = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "belote.PlayError",
      "A position or a card the play refuses: a position that does not read, or a card not held or not legal "
      "(the message names the key that refuses it and the legal cards).",
      base.ptr(), nullptr));
  // A search stopped at its limit is no bad input: not a BeloteError.
  exception_type("SolveStopped") = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "belote.SolveStopped",
      "A search stopped at its node or time limit before it was solved: `status` says which "
      "('node_limit' or 'time_limit'), `nodes` how many positions it searched.",
      PyExc_RuntimeError, nullptr));
  m.attr("BeloteError") = base;
  m.attr("PlayError") = exception_type("PlayError");
  m.attr("SolveStopped") = exception_type("SolveStopped");
  m.attr("RulesetError") = exception_type("RulesetError");
  m.attr("DealError") = exception_type("DealError");
  m.attr("SheetError") = exception_type("SheetError");
}

}  // namespace belote::python
