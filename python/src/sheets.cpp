// A game's score sheet from Python: read from its text or its file, under the
// ruleset it names, and scored as `belote sheet show --format json` writes it.
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include <filesystem>

#include "module.h"
#include "typed.h"

namespace belote::python {

namespace {

using DirsInput = Typed<"Sequence[Union[str, bytes, os.PathLike]]">;
constexpr const char* kSheetHolds = "a score sheet's TOML text or its file's path (str, bytes or os.PathLike)";

AnyDict scored_sheet(const py::handle& given, bool untrusted, const DirsInput& dirs) {
  const RulesetLoader loader(search_path(path_list(dirs, "rulesets_dirs")), untrusted ? RulesetTrust::untrusted : RulesetTrust::trusted);
  LoadedSheet loaded;
  // As Ruleset.score() tells a deal's text from its file: a str of one line that ends in .toml or
  // names a file or a directory there is, is a path; a path object always is.
  const bool text = py::isinstance<py::str>(given) && !names_a_path(given.attr("encode")("utf-8", "surrogateescape").cast<std::string>());
  if (text) {
    std::string sheet = utf8_argument(given, "sheet");
    // A relative ruleset path starts where the program would start it for a sheet in the current directory.
    py::gil_scoped_release unlocked;
    loaded = read_sheet(std::move(sheet), "<string>", std::filesystem::path("."), loader);
  } else {
    const std::string path = path_argument(given, "sheet", kSheetHolds);
    require_present(path);
    py::gil_scoped_release unlocked;
    loaded = read_sheet_file(path, loader);
  }
  if (!loaded.ok()) raise_sheet_error(loaded.errors);
  const GameScore game = score_sheet(*loaded.ruleset, loaded.sheet);
  return AnyDict(from_json(json_text(sheet_json(*loaded.ruleset, loaded.sheet, game))));
}

}  // namespace

void bind_sheets(py::module_& m) {
  m.def(
      "sheet",
      [](const Typed<"Union[str, bytes, os.PathLike]">& sheet, bool untrusted, const DirsInput& dirs) {
        return scored_sheet(sheet, untrusted, dirs);
      },
      py::arg("sheet"), py::kw_only(), py::arg("untrusted") = false, py::arg("rulesets_dirs") = py::list(),
      R"(Scores a game's score sheet, as `belote sheet show --format json`: the dict it writes.

`sheet` is the sheet's TOML text, or its file's path (a path object, or a str
of one line that ends in .toml or names a file or a directory there is). The
sheet names its ruleset (a name, or a path relative to the sheet's file);
`untrusted` and `rulesets_dirs` load it as `belote.load` does. A sheet that
does not read raises SheetError with every error `belote sheet show` reports;
a file that is not there, the system's OSError.)");
}

}  // namespace belote::python
