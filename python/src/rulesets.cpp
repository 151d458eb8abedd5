// Rulesets from Python: loaded by name, path or text, trusted or not;
// listed; and compared key by key.
#include <fmt/format.h>
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

RulesetHandle loaded_or_raise(LoadedRuleset loaded, RulesetSearchPath search) {
  if (!loaded.ok()) raise_ruleset_error(loaded.errors);
  return std::make_shared<LoadedHandle>(LoadedHandle{std::move(loaded), std::move(search)});
}

/// Directories searched first (rulesets_dirs), as --rulesets-dir.
using DirsInput = Typed<"Sequence[Union[str, os.PathLike]]">;

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
  return loaded_or_raise(std::move(loaded), std::move(search));
}

py::dict setting_dict(const Setting& s) {
  py::dict d;
  d["key"] = s.key;
  d["value"] = s.value;
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

RulesetHandle ruleset_argument(const py::handle& value, const char* what) {
  if (py::isinstance<LoadedHandle>(value)) return value.cast<RulesetHandle>();
  return load_named(value, what, "a Ruleset, or a ruleset's name or path (str, bytes or os.PathLike)", false, {});
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
                             "Every resolved key, as `belote rulesets show` lists them: dicts of key, value (as TOML), "
                             "meaning (as JSON), file, line, column.")
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
      [](const Text& text_given, const Text& name_given, const Text& display_given, bool untrusted, const DirsInput& dirs_given) {
        const std::string text = text_argument(text_given, "text", "a ruleset's TOML text (a str)");
        const std::string name = text_argument(name_given, "name", "a ruleset name (a str)");
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
        return loaded_or_raise(std::move(loaded), std::move(search));
      },
      py::arg("text"), py::kw_only(), py::arg("name") = "custom", py::arg("display") = "<string>",
      py::arg("untrusted") = false, py::arg("rulesets_dirs") = py::list(),
      R"(Loads a ruleset from TOML text; `extends` names a ruleset of the search path.

`name` is its name, as a file's stem gives it (1 to 64 letters, digits and
'-'; ValueError else); `display` names the text in errors. `untrusted=True`
for text from someone else (a form, an upload). Raises RulesetError.)");
  m.def(
      "list_rulesets",
      [](const DirsInput& dirs) {
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
`belote rulesets diff`: dicts of key, a and b, each side the setting (see Ruleset.settings) or None.)");
}

}  // namespace belote::python
