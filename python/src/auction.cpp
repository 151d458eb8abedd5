// The auction (rule book, part 4): the legal calls of an auction so far, a
// call checked with the rule of section 6 that refuses it, and the contract
// it makes, by the engine's own calls, those `belote auction` and the web
// module make (auction.h, auction_text.h, auction_json.h).
#include <fmt/format.h>
#include <pybind11/stl.h>

#include "belote/auction_json.h"
#include "belote/auction_text.h"
#include "module.h"
#include "typed.h"

namespace belote::python {

namespace {

/// An auction in progress under a ruleset, kept alive with it.
struct PyAuction {
  RulesetHandle rules;
  Auction auction;
  std::vector<Call> applied;
};

// Never destroyed: the interpreter may be gone by the time statics are.
py::object& illegal_call_type() {
  static auto* type = new py::object();
  return *type;
}

py::str seat_text(Seat seat) { return std::string(name(seat)); }

Seat seat_of(const std::string& text, const char* key) {
  const auto seat = parse_seat(text);
  if (!seat) throw py::value_error(fmt::format("'{}' is a seat (N, E, S or W), not '{}'", key, text));
  return *seat;
}

/// A call as `call()` takes it: its text, "SEAT:" before it when another seat
/// than the one to speak makes it (a double out of turn).
std::string given_text(const Ruleset& rules, const Auction& auction, const Call& call) {
  const std::string text = call_text(rules, call);
  return call.seat == auction.to_speak() ? text : fmt::format("{}:{}", name(call.seat), text);
}

py::list legal_list(const PyAuction& a) {
  py::list out;
  if (a.auction.ended()) return out;
  for (const Call& call : a.auction.legal().list(a.rules->rules().auction))
    out.append(given_text(a.rules->rules(), a.auction, call));
  return out;
}

/// The call as given ("80 H", "E:coinche") read for the seat it names.
Call read_given(const PyAuction& a, const std::string& given, std::string_view& text) {
  const auto split = split_given_call(given, a.auction.to_speak());
  if (!split) throw py::value_error(fmt::format("'{}': SEAT:CALL starts with N, E, S or W", given));
  text = split->second;
  return read_call(a.rules->rules(), split->first, split->second);
}

/// Raises IllegalCall for `call` refused by `rule` at the auction's next
/// position, with the words `belote auction` prints.
[[noreturn]] void raise_illegal_call(const PyAuction& a, const Call& call, std::string_view given, AuctionRule rule) {
  const Ruleset& rules = a.rules->rules();
  const int position = a.auction.calls() + 1;
  py::object type = illegal_call_type();
  py::object error = type(auction_error_text(rules, a.auction, position, call, given, rule));
  error.attr("rule") = std::string(rule_id(rule));
  error.attr("position") = position;
  error.attr("reason") = rule_sentence(rules, a.auction, call, rule);
  error.attr("legal") = legal_list(a);
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

/// The call as given, when legal; else IllegalCall.
Call checked_call(const PyAuction& a, const std::string& given) {
  std::string_view text;
  const Call call = read_given(a, given, text);
  if (const auto rule = a.auction.check(call)) raise_illegal_call(a, call, text, *rule);
  return call;
}

constexpr const char* kCallText = "a call (\"pass\", \"80 H\", \"E:coinche\")";

void check_call(const PyAuction& a, const Text& given) { checked_call(a, text_argument(given, "call", kCallText)); }

void apply_call(PyAuction& a, const std::string& given) {
  const Call call = checked_call(a, given);
  a.auction.apply(call);
  a.applied.push_back(call);
}

/// The suits turned up, as `belote auction --turned` takes them: one or a list, the first possibly the
/// card turned up (where the ruleset turns one).
std::vector<Suit> turned_suits(const Ruleset& rules, const py::object& given) {
  const std::string expected = fmt::format("a suit of the deck ({}){} or a list of them", fmt::join(rules.deck.suits, " "),
                                           rules.dealing.turned == TurnedCard::card ? ", the first possibly the card turned up," : "");
  std::vector<Suit> turned;
  if (!given.is_none()) {
    if (!py::isinstance<py::str>(given) && !py::isinstance<py::list>(given) && !py::isinstance<py::tuple>(given))
      throw py::type_error(fmt::format("'turned' is {}, not {}", expected, shown_value(given)));
    if (rules.auction.style != AuctionStyle::turned_card)
      throw py::value_error(fmt::format("ruleset '{}' turns no card: 'turned' goes with a turned-card auction", rules.info.name));
    const py::list items = py::isinstance<py::str>(given) ? py::list(py::make_tuple(given)) : py::list(given);
    for (const py::handle& item : items) {
      if (py::isinstance<py::str>(item)) {
        std::optional<Card> card;
        std::string why;
        if (const auto suit = read_turned(rules, utf8_argument(item, "turned"), turned.empty(), card, why)) {
          turned.push_back(*suit);
          continue;
        }
        if (!why.empty()) throw py::value_error(fmt::format("'turned': {}", why));
      }
      throw py::value_error(fmt::format("'turned' is {}, not {}", expected, std::string(py::repr(item))));
    }
  }
  if (turned.empty() && rules.auction.style == AuctionStyle::turned_card)
    throw py::value_error(fmt::format("ruleset '{}' turns a card: give it or its suit in 'turned'", rules.info.name));
  return turned;
}

PyAuction start_auction(const RulesetHandle& handle, const Text& dealer_given, const OptionalStr& first_given,
                        const Typed<"Union[str, List[str], None]">& turned, const StrList& calls_given) {
  const std::string dealer = text_argument(dealer_given, "dealer", kSeatText);
  const auto first = optional_text(first_given, "first", kSeatText);
  const std::vector<std::string> calls = string_list(calls_given, "calls", "calls, each as call() takes it: [\"80 H\", \"pass\"]");
  const Ruleset& rules = handle->rules();
  if (!rules.auction.given)
    throw py::value_error(fmt::format(
        "ruleset '{}' states no auction: it has no [auction] table (docs/rulesets.md, \"The auction\")", rules.info.name));
  const Seat dealt_by = seat_of(dealer, "dealer");
  const std::optional<Seat> first_speaker = first ? std::optional(seat_of(*first, "first")) : std::nullopt;
  const std::vector<Suit> suits = turned_suits(rules, turned);
  PyAuction a{handle, Auction(rules, dealt_by, first_speaker, suits), {}};
  for (const std::string& call : calls) apply_call(a, call);
  return a;
}

py::object state(const PyAuction& a) { return from_json(auction_state_json(a.rules->rules(), a.auction)); }

}  // namespace

void bind_auction(py::module_& m) {
  py::object illegal = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "belote.IllegalCall",
      "A call the auction refuses (rule book, part 4, section 6). str() gives the words `belote auction` prints; "
      "`rule` names the rule (\"not-higher\", \"bid-after-double\", …), `reason` says it, `position` is the "
      "call's number in the auction and `legal` lists the calls legal there. An IllegalAction.",
      m.attr("IllegalAction").ptr(), nullptr));
  illegal_call_type() = illegal;
  m.attr("IllegalCall") = illegal;

  py::class_<PyAuction> auction(m, "Auction",
                                "An auction call by call (rule book, part 4): Ruleset.auction(dealer, calls=[…]).");
  auto ruleset = py::reinterpret_borrow<py::class_<LoadedHandle, RulesetHandle>>(m.attr("Ruleset"));
  ruleset.def("auction", &start_auction, py::arg("dealer") = "N", py::kw_only(), py::arg("first") = py::none(),
              py::arg("turned") = py::none(), py::arg("calls") = py::list(),
              R"(An auction under the ruleset's [auction], as `belote auction` replays one.

`dealer` dealt; `first` is the first speaker where it is not the seat after
the dealer; `turned` the suit of the turned card, or the card itself ("JH")
where the ruleset turns a card up, for a turned-card auction (a list: each
suit a further round turns). `calls` are applied in order, as
call() applies them. Raises IllegalCall for a call refused, ValueError for
a ruleset without an auction or a bad seat or suit.)");

  auction
      .def("legal", [](const PyAuction& a) -> StrList { return legal_list(a); },
           "The calls legal now, as call() takes them: pass, bids (\"80 H\"), doubles out of turn with their seat "
           "(\"E:coinche\"); empty once the auction has ended.")
      .def("check", &check_call, py::arg("call"),
           R"(Checks a call without making it: returns None when it is legal, else
raises IllegalCall naming the rule that refuses it.)")
      .def("call", [](PyAuction& a, const Text& call) { apply_call(a, text_argument(call, "call", kCallText)); }, py::arg("call"),
           R"(Makes a call of the seat to speak ("pass", "80 H", "coinche", "take",
"choose S"), or of the seat it names ("E:coinche"). Raises IllegalCall with
the rule that refuses it; the auction is then left as it was.)")
      .def_property_readonly("to_speak",
                             [](const PyAuction& a) -> OptionalStr {
                               return a.auction.ended() ? OptionalStr(py::none()) : OptionalStr(seat_text(a.auction.to_speak()));
                             },
                             "The seat to speak, or None once the auction has ended.")
      .def_property_readonly("ended", [](const PyAuction& a) { return a.auction.ended(); }, "Whether the auction has ended.")
      .def_property_readonly("dealer", [](const PyAuction& a) { return std::string(name(a.auction.dealer())); },
                             "The seat that dealt.")
      .def_property_readonly("first", [](const PyAuction& a) { return std::string(name(a.auction.first())); },
                             "The first speaker.")
      .def_property_readonly("calls",
                             [](const PyAuction& a) {
                               std::vector<std::pair<std::string, std::string>> out;
                               for (const Call& c : a.applied)
                                 out.emplace_back(std::string(name(c.seat)), call_text(a.rules->rules(), c));
                               return out;
                             },
                             "The calls made, in order: (seat, call).")
      .def_property_readonly("contract",
                             [](const PyAuction& a) -> OptionalDict {
                               const auto outcome = a.auction.outcome();
                               if (!outcome || outcome->redeal) return OptionalDict(py::none());
                               py::dict contract = state(a)["contract"];
                               contract["text"] = auction_outcome_text(a.rules->rules(), *outcome);
                               return OptionalDict(contract);
                             },
                             R"(The contract the auction made, once ended, as `belote auction --format json`
gives it: {'taker', 'team', 'kind', 'bid' (where bids have values or names),
'doubling' (0, 1 doubled, 2 redoubled), 'forced', 'first_lead',
'next_dealer', 'text'}; None while open or after a redeal.)")
      .def_property_readonly("redeal", [](const PyAuction& a) { return a.auction.ended() && a.auction.outcome()->redeal; },
                             "Whether the auction ended with everybody passing and the cards are dealt again.")
      .def("to_dict", [](const PyAuction& a) -> AnyDict { return AnyDict(state(a)); },
           "The state as `belote auction --format json` writes it: dealer, first, calls, ended, to_speak, "
           "legal (each call as an object), legal_text, contract or redeal.")
      .def("json", [](const PyAuction& a) { return auction_state_json(a.rules->rules(), a.auction); },
           "The line `belote auction --format json` writes for the calls made (without its newline).")
      .def("copy", [](const PyAuction& a) { return PyAuction(a); },
           "An independent copy of the auction, to try calls on without changing this one.")
      .def("__copy__", [](const PyAuction& a) { return PyAuction(a); })
      .def("__deepcopy__", [](const PyAuction& a, const py::dict&) { return PyAuction(a); }, py::arg("memo"))
      .def("__repr__", [](const PyAuction& a) {
        const Ruleset& rules = a.rules->rules();
        if (const auto outcome = a.auction.outcome())
          return fmt::format("<belote.Auction {}: {}>", rules.info.name, auction_outcome_text(rules, *outcome));
        return fmt::format("<belote.Auction {}: {} calls, {} to speak>", rules.info.name, a.auction.calls(), name(a.auction.to_speak()));
      });
}

}  // namespace belote::python
