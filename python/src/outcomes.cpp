// One deal at a time: read from a dict, JSON or TOML text, or a file;
// scored to an Outcome with its explanation; random deals by seed.
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pybind11/stl.h>
#include <sys/stat.h>

#include "belote/deal_reader.h"
#include "interruption.h"
#include "module.h"
#include "typed.h"

namespace belote::python {

namespace {

/// A scored deal, with its outcome written as `belote score --format json` writes it.
struct PyOutcome {
  RulesetHandle rules;
  Deal deal;
  Outcome outcome;
  py::object fields;  ///< outcome_json, read once

  py::object field(const char* name) const { return fields[name]; }
};

/// A file of JSON Lines named where one deal is wanted: said so, rather than read as TOML.
void refuse_json_lines_file(const std::string& name) {
  if (name.find('\n') != std::string::npos || !(name.ends_with(".jsonl") || name.ends_with(".json"))) return;
  Diagnostics errors;
  errors.push_back(Diagnostic{"<deal>", 0, 0,
                              fmt::format("'{}' names a file of deals (JSON Lines): Ruleset.score_file() reads one; "
                                          "Ruleset.score() takes one deal, or the path of a TOML deal file", name),
                              ""});
  raise_deal_error(errors);
}

}  // namespace

/// Whether a str names a deal file rather than holding a deal: one line (a deal's text written in
/// one line is JSON, or TOML holding no file's name) that names a file or a directory there is, or ends
/// in .toml. `text` is as the system names paths (os.fsencode's bytes).
bool names_a_path(const std::string& text) {
  if (text.empty() || text.find_first_of("\r\n") != std::string::npos || text.find('\0') != std::string::npos) return false;
  struct stat status{};
  return names_toml_deal_file(text) || ::stat(text.c_str(), &status) == 0;
}

/// A deal file that is not there is the system's error (FileNotFoundError), as score_file() raises it.
void require_present(const std::string& path) {
  struct stat status{};
  if (::stat(path.c_str(), &status) == 0) return;
  PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
  throw py::error_already_set();
}

Deal read_one_deal(const Ruleset& rules, const py::handle& value) {
  const DealReader reader(rules);
  Deal deal;
  Diagnostics errors;
  bool ok = false;
  if (py::isinstance<py::dict>(value)) {
    const std::string text = json_dumps()(value).cast<std::string>();
    const nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
    if (parsed.is_discarded()) {
      const std::string key = non_finite_key(value, "");
      Diagnostics invalid;
      invalid.push_back(Diagnostic{"<deal>", 0, 0,
                                   key.empty() ? "the deal is not JSON" : fmt::format("'{}' must be a finite number, not NaN or an infinity", key), ""});
      raise_deal_error(invalid);
    }
    ok = reader.read_json(parsed, "<deal>", deal, errors);
  } else if (py::isinstance<py::str>(value) &&
             // Read as a path would be: a file's name that is no UTF-8 is still one.
             !names_a_path(value.attr("encode")("utf-8", "surrogateescape").cast<std::string>())) {
    const std::string text = utf8_argument(value, "deal");
    refuse_json_lines_file(text);
    const std::size_t start = text.find_first_not_of(" \t\r\n");
    if (start != std::string::npos && text[start] == '{') ok = reader.read_json_line(text, "<string>", 1, deal, errors);
    else ok = reader.read_toml(text, "<string>", deal, errors);
  } else if (py::isinstance<py::str>(value) || py::hasattr(value, "__fspath__")) {
    const std::string path = path_argument(value);
    refuse_json_lines_file(path);
    require_present(path);
    ok = reader.read_toml_file(path, deal, errors);
  } else {
    throw py::type_error(fmt::format("'deal' is a dict, JSON or TOML text, or the path of a TOML file, not {}", shown_value(value)));
  }
  if (!ok) raise_deal_error(errors);
  return deal;
}

py::object make_outcome(const RulesetHandle& rules, const Deal& deal) {
  PyOutcome out{rules, deal, evaluate(rules->rules(), deal), py::none()};
  out.fields = from_json(json_text(outcome_json(rules->rules(), out.deal, out.outcome)));
  return py::cast(std::move(out));
}

void bind_outcomes(py::module_& m) {
  py::class_<PyOutcome> outcome(m, "Outcome",
                                "A deal scored under a ruleset: the sheet's numbers, the facts behind them, "
                                "and the explanation, as `belote score` gives them.");
  outcome
      .def("to_dict", [](const PyOutcome& o) -> AnyDict { return py::module_::import("copy").attr("deepcopy")(o.fields); },
           "Every field, as `belote score --format json` writes it.")
      .def(
          "json",
          [](const PyOutcome& o, bool compact) {
            std::string text;
            append_outcome_json(text, o.rules->rules(), o.deal, o.outcome, compact ? OutcomeDetail::compact : OutcomeDetail::full);
            return text;
          },
          py::kw_only(), py::arg("compact") = false,
          "The line `belote score --format json [--compact]` writes for this deal (without its newline).")
      .def(
          "text",
          [](const PyOutcome& o, bool ascii) {
            return outcome_text(o.rules->rules(), o.deal, o.outcome, ascii ? SuitStyle::ascii : SuitStyle::symbol);
          },
          py::kw_only(), py::arg("ascii") = false,
          "The outcome for a person, as `belote score` writes it; ascii=True writes suits as letters and arrows as ->, as `belote score --ascii`.")
      .def_property_readonly("deal", [](const PyOutcome& o) { return from_json(json_text(deal_json(o.rules->rules(), o.deal))); },
                             "The deal, as a JSON Lines deal.")
      .def_property_readonly("ruleset", [](const PyOutcome& o) { return o.rules; }, "The Ruleset it was scored under.")
      .def("__repr__", [](const PyOutcome& o) {
        const Outcome& r = o.outcome;
        return fmt::format("<belote.Outcome {}NS {} EW {}{}>", o.deal.id.empty() ? "" : o.deal.id + ": ", r.score[Team::NS],
                           r.score[Team::EW], r.is_void ? ", void" : r.contract == ContractResult::none ? "" : fmt::format(", contract {}", contract_name(r.contract)));
      });
  // The fields of the JSON outcome, each a property of the same name.
  const std::pair<const char*, const char*> fields[] = {
      {"id", "The deal's id, or None."},
      {"void", "Whether a carré voided the deal."},
      {"taker", "The taker's seat: N, E, S or W."},
      {"kind", "The contract kind it was played in."},
      {"trump", "The trump suit's letter, or None in a kind without one."},
      {"winner", "The team winning the announcements, NS or EW, or None."},
      {"contract", "made, failed, litige, none (a ruleset without contract), or None for a void deal."},
      {"score", "What each team writes on the sheet: {'NS': …, 'EW': …}."},
      {"suspended", "Points held over for a later deal (a litige)."},
      {"belote", "The seat holding the belote, or None."},
      {"belote_team", "The team scoring the belote, or None."},
      {"announcements", "Each seat's announcements, strongest first: {'N': [{'name', 'cards', 'points'}, …], …}."},
      {"scored_announcements", "Announcement points each team scores."},
      {"card_points", "Card points each team scores, capot applied."},
      {"capot", "The team that took every trick, or None."},
      {"contract_totals", "What the contract compared."},
      {"bid", "The deal's bid (a number, or a named bid's name), or None for a ruleset without bids."},
      {"doubling", "The doubling level's name, or None."},
      {"held_over_in", "Points held over coming into the deal (its held_over)."},
      {"held_over_to", "The team that receives the points held over, or None when they wait again."},
      {"belotes", "A seat for each belote held."},
      {"announced", "Per seat, the points of its announcements."},
      {"card_points_played", "Per team, the card points as the tricks gave them (the last trick included; a capot's value aside)."},
      {"tricks_by_team", "Per team, the tricks it took."},
      {"tricks_by_seat", "Per seat, the tricks it took, where the deal gives them, else None."},
      {"tricks", "A played mène's tricks in order ({'leader', 'cards', 'winner', 'points'}), else None."},
      {"revoke", "The first card that broke a play duty in a played mène stating its revoke, else None."},
      {"contract_value", "The bid times the kind's bid_multiplier; 0 without bids."},
      {"factor", "The doubling factor, 1 when not doubled."},
      {"before_rounding", "Per team, what it writes before rounding and units."},
      {"explanation", "The steps in words, each {'step': …, 'text': …} naming the ruleset key that decided it."},
  };
  for (const auto& [name, doc] : fields)
    outcome.def_property_readonly(name, [name = std::string(name)](const PyOutcome& o) { return o.fields[name.c_str()]; }, doc);
  // Written only under a ruleset that counts roem.
  outcome.def_property_readonly("roem", [](const PyOutcome& o) { return o.fields.attr("get")("roem"); },
                                "Per team, the roem it scores ({'NS': …, 'EW': …}), under a ruleset with [roem]; else None.");

  auto ruleset = py::reinterpret_borrow<py::class_<LoadedHandle, RulesetHandle>>(m.attr("Ruleset"));
  ruleset
      .def(
          "score",
          [](const RulesetHandle& rules, const DealInput& deal) -> Typed<"Outcome"> {
            return make_outcome(rules, read_one_deal(rules->rules(), deal));
          },
          py::arg("deal"),
          R"(Scores one deal: a dict with the keys of a JSON Lines deal, JSON or TOML
text (a [deal] table, as a deal file), or the path of a TOML deal file: a
path object, or a str of one line that ends in .toml or names a file or a
directory there is (read as TOML whatever its name ends in).
Returns an Outcome; raises DealError with every problem of the deal, and
the system's OSError (FileNotFoundError) for a file that is not there.)")
      .def(
          "read_deal",
          [](const RulesetHandle& rules, const DealInput& deal) -> AnyDict {
            return from_json(json_text(deal_json(rules->rules(), read_one_deal(rules->rules(), deal))));
          },
          py::arg("deal"), "Checks one deal as score() reads it; returns it as a JSON Lines deal (a dict), or raises DealError.")
      .def(
          "random_deals",
          [](const RulesetHandle& rules, const Whole& count_given, const Whole& seed, const Whole& start_given) -> DictList {
            const std::uint64_t count = whole_number(count_given, "count"), start = whole_number(start_given, "start");
            if (start > std::numeric_limits<std::uint64_t>::max() - count)
              throw py::value_error("start + count is beyond the seed's sequence (2**64 deals)");
            // Each deal a dict of some kilobyte: more than memory holds is refused before any is made.
            require_memory(count, 1024, "random_deals");
            const RandomDeals deals(rules->rules(), whole_number(seed, "seed"));
            py::list out;
            Deal deal;
            for (std::uint64_t i = start; i < start + count; ++i) {
              deals.make(i, deal);
              out.append(from_json(json_text(deal_json(rules->rules(), deal))));
              // Made with the GIL held, as Python objects: Ctrl-C is looked for as a Python loop would.
              if ((i - start) % 1024 == 1023 && PyErr_CheckSignals() != 0) throw py::error_already_set();
            }
            return out;
          },
          py::arg("count"), py::kw_only(), py::arg("seed") = 0, py::arg("start") = 0,
          R"(Deals start … start+count-1 of the seed's sequence, as dicts, the deals
`belote deal --random N --seed S` writes: the same on every machine. Ctrl-C stops it
(KeyboardInterrupt).)");
}

}  // namespace belote::python
