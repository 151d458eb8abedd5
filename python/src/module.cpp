// The Python module `belote` (its Python part, python/belote/, re-exports
// this one): rulesets, deals scored one by one or by the million, diffs,
// statistics, the play and best play, with the engine's messages in its
// exceptions.
#include <cmath>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "module.h"

namespace belote::python {

unsigned thread_count(const py::handle& threads) {
  if (threads.is_none()) return default_threads();
  return unsigned(whole_number(threads, "threads", 1, 1024));
}

std::string non_finite_key(const py::handle& value, const std::string& path, int depth) {
  if (depth > 200) return "";
  // A number written as a decimal one (a float, NumPy's float32 or float16): what float() makes of it.
  if (PyNumber_Check(value.ptr()) && !PyLong_Check(value.ptr()) && PyObject_HasAttrString(value.ptr(), "__float__")) {
    const double number = PyFloat_AsDouble(value.ptr());
    if (number == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      return "";
    }
    return std::isfinite(number) ? "" : path.empty() ? "(the deal)" : path;
  }
  if (py::isinstance<py::dict>(value)) {
    for (const auto& [key, item] : value.cast<py::dict>()) {
      const std::string inner = path.empty() ? std::string(py::str(key)) : path + "." + std::string(py::str(key));
      if (std::string found = non_finite_key(item, inner, depth + 1); !found.empty()) return found;
    }
  } else if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    std::size_t i = 0;
    for (const py::handle item : value) {
      if (std::string found = non_finite_key(item, fmt::format("{}[{}]", path, i++), depth + 1); !found.empty()) return found;
    }
  }
  return "";
}

py::str py_text(const std::string& text) {
  return py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(text.data(), py::ssize_t(text.size()), "backslashreplace"));
}

py::str py_path(const std::string& path) {
  return py::reinterpret_steal<py::str>(PyUnicode_DecodeFSDefaultAndSize(path.data(), py::ssize_t(path.size())));
}

std::string path_argument(const py::handle& path, const char* what, const char* holds) {
  static py::object* fsencode = new py::object(py::module_::import("os").attr("fsencode"));
  static py::object* path_like = new py::object(py::module_::import("os").attr("PathLike"));
  if (!py::isinstance<py::str>(path) && !py::isinstance<py::bytes>(path) && !py::isinstance(path, *path_like))
    throw py::type_error(fmt::format("'{}' is {}, not {}", what, holds, shown_value(path)));
  std::string name = (*fsencode)(path).cast<std::string>();
  // As open() refuses it: the system would read the name only up to the NUL, another file's.
  if (name.find('\0') != std::string::npos)
    throw py::value_error(fmt::format("the path {} holds a NUL character", std::string(py::repr(path))));
  return name;
}

std::string utf8_argument(const py::handle& text, const std::string& what) {
  py::ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (!data) {
    const std::string why = py::str(py::error_already_set().value());
    throw py::value_error(fmt::format("'{}' is not text ({})", what, why));
  }
  return std::string(data, std::size_t(size));
}

std::string text_argument(const py::handle& value, const char* what, const char* holds) {
  if (!py::isinstance<py::str>(value))
    throw py::type_error(fmt::format("'{}' is {}, not {}", what, holds, shown_value(value)));
  return utf8_argument(value, what);
}

std::optional<std::string> optional_text(const py::handle& value, const char* what, const char* holds) {
  if (!value || value.is_none()) return std::nullopt;  // not given, or None
  return text_argument(value, what, holds);
}

std::string type_name(const py::handle& value) { return py::str(value.get_type().attr("__name__")); }

std::string shown_value(const py::handle& value) { return fmt::format("{} {}", type_name(value), std::string(py::repr(value))); }

std::vector<std::string> string_list(const py::handle& value, const char* what, const char* holds) {
  if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) || !py::isinstance<py::sequence>(value))
    throw py::type_error(fmt::format("'{}' is a list of {}, not {}", what, holds, shown_value(value)));
  std::vector<std::string> items;
  for (const py::handle& item : value) {
    if (!py::isinstance<py::str>(item))
      throw py::type_error(fmt::format("'{}[{}]' is a str, not {}", what, items.size(), shown_value(item)));
    items.push_back(utf8_argument(item, fmt::format("{}[{}]", what, items.size())));
  }
  return items;
}

std::vector<std::string> path_list(const py::handle& value, const char* what) {
  if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) || !py::isinstance<py::sequence>(value))
    throw py::type_error(fmt::format("'{}' is a list of directories (str, bytes or os.PathLike), not {}", what, shown_value(value)));
  std::vector<std::string> paths;
  for (const py::handle& item : value) {
    const std::string key = fmt::format("{}[{}]", what, paths.size());
    paths.push_back(path_argument(item, key.c_str(), "a directory (str, bytes or os.PathLike)"));
  }
  return paths;
}

bool is_bool(const py::handle& value) {
  // Never destroyed: the interpreter may be gone by the time statics are.
  static py::object* numpy_bool = new py::object(py::module_::import("numpy").attr("bool_"));
  return PyBool_Check(value.ptr()) || py::isinstance(value, *numpy_bool);
}

std::uint64_t whole_number(const py::handle& value, const char* name, std::uint64_t low, std::uint64_t high) {
  if (is_bool(value) || !PyIndex_Check(value.ptr()))
    throw py::type_error(fmt::format("{} is a whole number, not {}", name, shown_value(value)));
  const auto number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (!number) throw py::error_already_set();
  if (number < py::int_(low) || number > py::int_(high))
    throw py::value_error(fmt::format("{} is a whole number from {} to {}, not {}", name, low, high, std::string(py::repr(number))));
  return number.cast<std::uint64_t>();
}

py::object from_json(const std::string& text) {
  // Never destroyed: the interpreter may be gone by the time statics are.
  static py::object* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(text);
}

py::object json_dumps() {
  // Never destroyed: the interpreter may be gone by the time statics are.
  static py::object* dumps = new py::object(py::module_::import("belote._types").attr("json_dumps"));
  return *dumps;
}

const py::handle& deals_iterable(const py::handle& deals) {
  if (py::isinstance<py::str>(deals) || py::isinstance<py::bytes>(deals) || py::isinstance<py::dict>(deals))
    throw py::type_error(fmt::format("deals is an iterable of deals (dicts or JSON strings), not one {}: "
                                     "put one deal in a list, or read a file with score_file()",
                                     type_name(deals)));
  return deals;
}

ItemLines::ItemLines(const py::handle& iterable) : it_(py::iter(deals_iterable(iterable))), dumps_(json_dumps()) {}

std::optional<std::string> ItemLines::dict_text(const py::handle& item) {
  const auto refuse = [&](std::string message) {
    refused_ = Diagnostic{kItemsDisplay, int(number_), 0, std::move(message), ""};
    return std::nullopt;
  };
  // JSON has no NaN: the reader would see a syntax error in text the caller never wrote.
  if (const std::string key = non_finite_key(item, ""); !key.empty())
    return refuse(fmt::format("'{}' must be a finite number, not NaN or an infinity", key));
  try {
    return utf8_argument(dumps_(item, py::arg("ensure_ascii") = false), fmt::format("deal {}", number_));
  } catch (py::error_already_set& e) {
    // A value of no JSON type is this deal's error; the batch goes on.
    if (!e.matches(PyExc_TypeError) && !e.matches(PyExc_ValueError)) throw;
    return refuse(std::string(py::str(e.value())));
  }
}

std::size_t ItemLines::next(std::vector<LineChunk>& chunks) {
  // As many deals per chunk as a file's chunk holds, about.
  constexpr std::size_t kLinesPerChunk = 1024;
  std::size_t filled = 0;
  while (filled < chunks.size() && !refused_) {
    LineChunk& chunk = chunks[filled];
    chunk.text.clear();
    chunk.lines.clear();
    while (chunk.lines.size() < kLinesPerChunk && it_ != py::iterator::sentinel()) {
      const py::handle item = *it_;
      ++number_;
      std::string text;
      if (py::isinstance<py::str>(item)) text = utf8_argument(item, fmt::format("deal {}", number_));
      else if (py::isinstance<py::bytes>(item)) text = item.cast<std::string>();
      else if (py::isinstance<py::dict>(item)) {
        std::optional<std::string> written = dict_text(item);
        if (!written) {
          ++it_;
          break;
        }
        text = std::move(*written);
      } else throw py::type_error(fmt::format("deal {}: a dict or a JSON string, not {}", number_,
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
  m.doc() = "The belote rules engine: rulesets, deals scored one by one or in batches, diffs, statistics, the play and best play, the auction, a game at the table.";
  m.attr("version") = BELOTE_VERSION;
  m.def("_ruleset", [](const py::handle& value, const std::string& name) { return ruleset_argument(value, name.c_str()); },
        py::arg("value"), py::arg("name"));
  m.def("_whole_number", &whole_number, py::arg("value"), py::arg("name"), py::arg("low") = 0,
        py::arg("high") = std::numeric_limits<std::uint64_t>::max());
  bind_errors(m);
  bind_rulesets(m);
  bind_outcomes(m);
  bind_batches(m);
  bind_diffs(m);
  bind_statistics(m);
  bind_play(m);
  bind_solve(m);
  bind_table(m);
  bind_auction(m);
  bind_arena(m);
  bind_sheets(m);
  guard_construction(m);
}
