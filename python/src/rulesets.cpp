// Rulesets from Python: loaded by name, path or text, trusted or not;
// listed; and compared key by key.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <tuple>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "module.h"
#include "typed.h"

namespace belote::python {

namespace {

/// The package's rulesets (set when the package is imported).
std::filesystem::path& package_rulesets_dir() {
  static std::filesystem::path dir;
  return dir;
}

RulesetTrust trust(bool untrusted) { return untrusted ? RulesetTrust::untrusted : RulesetTrust::trusted; }

/// Directories searched first (rulesets_dirs), as --rulesets-dir.
using DirsInput = Typed<"Sequence[Union[str, bytes, os.PathLike]]">;

/// A ruleset by name or path (the argument `what`, which holds `holds`).
RulesetHandle load_named(const py::handle& name_or_path, const char* what, const char* holds, bool untrusted,
                         const std::vector<std::string>& dirs) {
  // A path object is a path even without ".toml" or a '/'.
  const bool is_path = !py::isinstance<py::str>(name_or_path);
  const std::string reference = path_argument(name_or_path, what, holds);
  RulesetSearchPath search = search_path(dirs);
  const RulesetLoader loader(search, trust(untrusted));
  LoadedRuleset loaded;
  {
    py::gil_scoped_release unlocked;
    loaded = is_path ? loader.load_file(reference) : loader.load(reference);
  }
  // Bytes are a file's name as the system gives it, never a ruleset's name: one that names no file
  // is said to be a path, with the name to give where a ruleset of the search path was meant.
  if (!loaded.ok() && py::isinstance<py::bytes>(name_or_path) && loaded.errors.size() == 1) {
    std::error_code ec;
    if (!std::filesystem::exists(reference, ec))
      loaded.errors.front().message += fmt::format(" (bytes name a file, never a ruleset by name: to load the ruleset '{}', give its "
                                                   "name as a str)",
                                                   py_text(reference).cast<std::string>());
  }
  RulesetHandle handle = loaded_or_raise(std::move(loaded), std::move(search));
  if (is_path || is_ruleset_path(reference)) {
    std::error_code ec;
    handle->path = std::filesystem::absolute(reference, ec).lexically_normal().string();
  }
  return handle;
}

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return text;
}

/// Where the top-level `name = …` of ruleset text that loaded is: its line and the column of its
/// value (1-based; 0 where not found), and the line's text. The key comes before any table header.
std::tuple<int, int, std::string> name_place(const std::string& text) {
  std::size_t start = 0;
  for (int line = 1; start <= text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string row = text.substr(start, end - start);
    if (!row.empty() && row.back() == '\r') row.pop_back();
    const std::size_t first = row.find_first_not_of(" \t");
    if (first != std::string::npos && row[first] == '[') break;
    for (const std::string_view key : {"name", "\"name\"", "'name'"}) {
      if (first == std::string::npos || row.compare(first, key.size(), key) != 0) continue;
      const std::size_t equals = row.find_first_not_of(" \t", first + key.size());
      if (equals == std::string::npos || row[equals] != '=') continue;
      const std::size_t value = row.find_first_not_of(" \t", equals + 1);
      return {line, value == std::string::npos ? 0 : int(value) + 1, row};
    }
    start = end + 1;
  }
  return {0, 0, ""};
}

/// Text given a name that its own `name` contradicts is refused, as a file whose stem differs is
/// (a ruleset is found by the name it is loaded under; another in the text would name one nobody finds).
void refuse_other_name(const std::string& text, const std::string& display, const std::string& given, const std::string& loaded) {
  if (lowered(given) == lowered(loaded)) return;
  auto [line, column, source] = name_place(text);
  Diagnostics errors;
  errors.push_back(Diagnostic{display, line, column,
                              fmt::format("'name' is '{}', but load_text's name is '{}': a ruleset is named by the name it is loaded "
                                          "under (give name='{}', or leave 'name' out)",
                                          loaded, given, loaded),
                              std::move(source)});
  raise_ruleset_error(errors);
}

py::dict setting_dict(const Setting& s) {
  py::dict d;
  // As `belote rulesets diff --format json` writes a side: `value` what the key means (JSON's
  // value), `toml` its text; `meaning` is `value` again.
  d["key"] = s.key;
  d["value"] = from_json(s.meaning);
  d["toml"] = s.value;
  d["meaning"] = from_json(s.meaning);
  d["file"] = py_path(s.origin.file);
  d["line"] = s.origin.line;
  d["column"] = s.origin.column;
  return d;
}

}  // namespace

RulesetSearchPath search_path(const std::vector<std::string>& dirs) {
  // The program's installed rulesets are beside the running program, which
  // here is the interpreter: the package's own take their place, and the
  // directory configured at build time stays after them.
  const std::filesystem::path& package = package_rulesets_dir();
  const std::filesystem::path beside_interpreter = installed_rulesets_dir();
  RulesetSearchPath search;
  bool package_added = false;
  const RulesetSearchPath standard = RulesetSearchPath::standard(dirs);
  for (const RulesetDirectory& dir : standard.dirs()) {
    if (dir.origin == "installed" && !package_added && !package.empty()) {
      search.add(package, "installed");
      package_added = true;
    }
    std::error_code ec;
    const bool replaced = dir.origin == "installed" &&
                          (dir.path == beside_interpreter || (!package.empty() && std::filesystem::equivalent(dir.path, package, ec)));
    if (!replaced) search.add(dir.path, dir.origin);
  }
  return search;
}

RulesetHandle loaded_or_raise(LoadedRuleset loaded, RulesetSearchPath search) {
  if (!loaded.ok()) raise_ruleset_error(loaded.errors);
  return std::make_shared<LoadedHandle>(LoadedHandle{std::move(loaded), std::move(search)});
}

RulesetHandle ruleset_argument(const py::handle& value, const char* what, const char* holds) {
  if (py::isinstance<LoadedHandle>(value)) return value.cast<RulesetHandle>();
  return load_named(value, what, holds, false, {});
}

void bind_rulesets(py::module_& m) {
  m.def("_set_rulesets_dir", [](const std::filesystem::path& dir) { package_rulesets_dir() = dir; });

  py::class_<LoadedHandle, RulesetHandle>(m, "Ruleset",
                                          "A validated ruleset: its conventions compiled, ready to score deals. "
                                          "Made by belote.load() or belote.load_text().")
      .def_property_readonly("name", [](const LoadedHandle& h) { return h.rules().info.name; }, "The name it is selected by.")
      .def_property_readonly("title", [](const LoadedHandle& h) { return h.rules().info.title; }, "One line for a person.")
      .def_property_readonly("source", [](const LoadedHandle& h) { return h.rules().info.source; },
                             "The document or tradition it follows.")
      .def_property_readonly("description", [](const LoadedHandle& h) { return h.rules().info.description; })
      .def_property_readonly("base", [](const LoadedHandle& h) { return h.rules().info.base; },
                             "The ruleset it extends, or ''.")
      .def_property_readonly("files",
                             [](const LoadedHandle& h) {
                               py::list files;
                               for (const std::string& file : h.loaded.files) files.append(py_path(file));
                               return files;
                             },
                             "The files of its extends chain, base first.")
      .def_property_readonly("kinds",
                             [](const LoadedHandle& h) {
                               std::vector<std::string> names;
                               for (const ContractKind& k : h.rules().kinds) names.push_back(k.name);
                               return names;
                             },
                             "The contract kinds a deal may be played in (one for a ruleset that names none).")
      .def_property_readonly("settings",
                             [](const LoadedHandle& h) {
                               py::list out;
                               for (const Setting& s : h.loaded.settings) out.append(setting_dict(s));
                               return out;
                             },
                             "Every resolved key, as `belote rulesets show` lists them: dicts of key, value (what it means, "
                             "parsed: a list, a number…), toml (its TOML text), meaning (the same as value), file, line, column.")
      .def_property_readonly("warnings",
                             [](const LoadedHandle& h) { return std::vector<Diagnostic>(h.loaded.warnings.begin(), h.loaded.warnings.end()); },
                             "Keys its own file sets that change nothing, as Diagnostics ('KEY' has no effect: REASON), each "
                             "at its key; as `belote rulesets check` warns of them. Never a reason it did not load.")
      // A ruleset never changes: a copy, deep or not (of a configuration that holds one), is the ruleset itself.
      .def("__copy__", [](const RulesetHandle& h) { return h; })
      .def("__deepcopy__", [](const RulesetHandle& h, const py::dict&) { return h; }, py::arg("memo"))
      .def("__repr__", [](const LoadedHandle& h) { return "<belote.Ruleset " + h.rules().info.name + ">"; });

  m.def(
      "load",
      [](const PathInput& name_or_path, bool untrusted, const DirsInput& dirs) {
        return load_named(name_or_path, "name_or_path", "a ruleset's name or path (str, bytes or os.PathLike)", untrusted,
                          path_list(dirs, "rulesets_dirs"));
      },
      py::arg("name_or_path"), py::kw_only(), py::arg("untrusted") = false, py::arg("rulesets_dirs") = py::list(),
        R"(Loads a ruleset by name (looked up as `belote` looks it up) or by path.

A str holding '/' or ending in .toml is a path; a pathlib.Path always is.
`untrusted=True` loads it as text from someone else: `extends` by name only,
no other file opened or quoted. `rulesets_dirs` are searched first, as
--rulesets-dir. Raises RulesetError with every error of the extends chain.)");
  m.def(
      "load_text",
      [](const Text& text_given, const OptionalStr& name_given, const Text& display_given, bool untrusted, const DirsInput& dirs_given) {
        const std::string text = text_argument(text_given, "text", "a ruleset's TOML text (a str)");
        const std::optional<std::string> named = optional_text(name_given, "name", "a ruleset name (a str)");
        const std::string name = named.value_or("custom");
        const std::string display = text_argument(display_given, "display", "the name the text has in errors (a str)");
        const std::vector<std::string> dirs = path_list(dirs_given, "rulesets_dirs");
        // The name a ruleset is selected by, as a file's stem gives it: shown
        // in every output, and read back from a game's record.
        if (!is_ruleset_name(name))
          throw py::value_error(fmt::format("'name' is a ruleset name (1 to 64 letters, digits and '-'), not {}", std::string(py::repr(py::str(name)))));
        RulesetSearchPath search = search_path(dirs);
        const RulesetLoader loader(search, trust(untrusted));
        LoadedRuleset loaded;
        {
          py::gil_scoped_release unlocked;
          loaded = loader.load_string(text, display, name);
        }
        if (named && loaded.ok()) refuse_other_name(text, display, name, loaded.ruleset->info.name);
        return loaded_or_raise(std::move(loaded), std::move(search));
      },
      py::arg("text"), py::kw_only(), py::arg("name") = py::none(), py::arg("display") = "<string>",
      py::arg("untrusted") = false, py::arg("rulesets_dirs") = py::list(),
      R"(Loads a ruleset from TOML text; `extends` names a ruleset of the search path.

`name` is its name, as a file's stem gives it (1 to 64 letters, digits and
'-'; ValueError else); without it, the text's own `name`, else "custom". A
`name` in the text that differs from the one given is a RulesetError, as in
a file whose stem it is not. `display` names the text in errors. `untrusted=True`
for text from someone else (a form, an upload). Raises RulesetError.)");
  m.def(
      "list_rulesets",
      [](const DirsInput& dirs) -> Typed<"List[Dict[str, str]]"> {
        py::list out;
        for (const FoundRuleset& found : search_path(path_list(dirs, "rulesets_dirs")).list()) {
          py::dict d;
          d["name"] = found.name;
          d["path"] = py_path(found.path.string());
          d["origin"] = found.origin;
          out.append(d);
        }
        return out;
      },
      py::kw_only(), py::arg("rulesets_dirs") = py::list(),
      "The rulesets found by name, sorted, as `belote rulesets list`: dicts of name, path and origin.");
  m.def(
      "diff_rulesets",
      [](const RulesetInput& a, const RulesetInput& b) -> DictList {
        const RulesetHandle ra = ruleset_argument(a, "a"), rb = ruleset_argument(b, "b");
        py::list out;
        for (const SettingDifference& d : setting_differences(ra->loaded, rb->loaded)) {
          py::dict entry;
          entry["key"] = d.key;
          entry["a"] = d.a ? py::object(setting_dict(*d.a)) : py::none();
          entry["b"] = d.b ? py::object(setting_dict(*d.b)) : py::none();
          out.append(entry);
        }
        return out;
      },
      py::arg("a"), py::arg("b"),
      R"(The conventions that differ between two rulesets (Ruleset objects, names or paths), as
`belote rulesets diff`: dicts of key, a and b, each side the setting (see Ruleset.settings) or None.
A side has the keys of `belote rulesets diff --format json`'s: value (the parsed value), toml (its
text), file and line; and key, meaning (the same as value) and column.)");
}

}  // namespace belote::python
