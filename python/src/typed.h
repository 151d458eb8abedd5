// Python objects with the Python type that help() and the signatures show:
// an argument or a result held as py::object would read `object`; one held as
// Typed<"Dict[str, Any]"> reads `Dict[str, Any]`, as the stubs write it.
#pragma once

#include <algorithm>
#include <cstddef>

#include <pybind11/pybind11.h>

namespace belote::python {

/// A type's name as a template argument.
template <std::size_t N>
struct TypeName {
  char value[N];
  constexpr TypeName(const char (&text)[N]) { std::copy_n(text, N, value); }
};

inline bool any_object(PyObject*) { return true; }

/// Any Python object, named `Name` in signatures; what it may hold is
/// checked by the code that reads it.
template <TypeName Name>
class Typed : public pybind11::object {
 public:
  PYBIND11_OBJECT_DEFAULT(Typed, object, any_object)
};

// The types the module's signatures name, as the stubs (_belote.pyi) name them.
using AnyDict = Typed<"Dict[str, Any]">;
using DictList = Typed<"List[Dict[str, Any]]">;
/// Text, read by text_argument() and optional_text() (module.h).
using Text = Typed<"str">;
using OptionalStr = Typed<"Optional[str]">;
using OptionalDict = Typed<"Optional[Dict[str, Any]]">;
/// Cards as one string ("JH 9H") or any iterable of cards (a list, a belote.Hand).
using CardsInput = Typed<"Union[str, Iterable[str]]">;
/// A deal: a dict of a JSON Lines deal's keys, JSON or TOML text, or a TOML file's path.
using DealInput = Typed<"Union[Dict[str, Any], str, os.PathLike]">;
/// The four hands ({'N': "JH 9H …", …}) or a JSON Lines deal that gives them.
using HandsInput = Typed<"Dict[str, Any]">;
/// A file's path, read by path_argument() (module.h): bytes as os.fsencode() gives a name.
using PathInput = Typed<"Union[str, bytes, os.PathLike]">;
/// Strings, one for each item (a trick's cards, an auction's calls): read by string_list() (module.h).
using StrList = Typed<"List[str]">;
/// A whole number or None (threads: every core), read by thread_count() (module.h).
using OptionalWhole = Typed<"Optional[int]">;
/// A Ruleset, a name (str) or a file's path (str, bytes or os.PathLike), read by ruleset_argument() (module.h).
using RulesetInput = Typed<"Union[Ruleset, str, bytes, os.PathLike]">;
using DealsInput = Typed<"Iterable[Union[Dict[str, Any], str]]">;
/// A count, a seed or a limit, read by whole_number() (module.h).
using Whole = Typed<"int">;
/// An action at a table: its number or its text, read by Table.apply().
using ActionInput = Typed<"Union[int, str]">;

}  // namespace belote::python

namespace pybind11::detail {
template <belote::python::TypeName Name>
struct handle_type_name<belote::python::Typed<Name>> {
  static constexpr auto name = const_name(Name.value);
};
}  // namespace pybind11::detail
