// pybind11 lets Python make an instance without its C++ value (the class's
// __new__ alone: `belote.Table.__new__(belote.Table)`, as copyreg and careless
// code do), and a method called on it then reads memory never constructed.
// So no instance exists unconstructed: a class made only by the engine refuses
// __new__, and one Python constructs is constructed in __new__ itself.
#include <fmt/format.h>

#include <string>

#include "module.h"

namespace belote::python {

namespace {

/// `belote.NAME(...)` and `NAME.__new__(NAME)` raise a TypeError saying how one is made.
void refuse_new(py::module_& m, const char* name, const char* made_by) {
  py::object cls = m.attr(name);
  const std::string message = fmt::format("a belote.{} is not made directly: {}", name, made_by);
  cls.attr("__new__") = py::staticmethod(
      py::cpp_function([message](const py::args&, const py::kwargs&) -> py::object { throw py::type_error(message); }));
}

/// The constructor runs within __new__, and __init__ does nothing more, so that
/// `belote.NAME(...)` is unchanged and `NAME.__new__(NAME)` alone is refused
/// as a call without the constructor's arguments.
void construct_in_new(py::module_& m, const char* name) {
  py::object cls = m.attr(name);
  py::object allocate = cls.attr("__new__"), construct = cls.attr("__init__");
  cls.attr("__new__") = py::staticmethod(
      py::cpp_function([allocate, construct](const py::object& type, const py::args& args, const py::kwargs& kwargs) {
        py::object self = allocate(type);
        construct(self, *args, **kwargs);
        return self;
      }));
  // The constructor's documentation stays where help() looks for it, with no signature of this
  // __init__ (self, *args, **kwargs) before the constructor's own.
  std::string doc = py::str(construct.attr("__doc__"));
  doc.erase(0, doc.find_first_not_of('\n'));
  py::options only_the_constructor_s;
  only_the_constructor_s.disable_function_signatures();
  cls.attr("__init__") = py::cpp_function([](const py::handle&, const py::args&, const py::kwargs&) {},
                                          py::name("__init__"), py::is_method(cls), py::doc(doc.c_str()));
}

}  // namespace

void guard_construction(py::module_& m) {
  refuse_new(m, "Ruleset", "belote.load(name) or belote.load_text(text) loads one");
  refuse_new(m, "Outcome", "Ruleset.score(deal) gives one");
  refuse_new(m, "Mene", "Ruleset.mene(hands, …) starts one");
  refuse_new(m, "Auction", "Ruleset.auction(dealer, …) starts one");
  refuse_new(m, "Diagnostic", "an error's diagnostics and Ruleset.check_many()'s errors hold them");
  construct_in_new(m, "Table");
  construct_in_new(m, "Player");
}

}  // namespace belote::python
