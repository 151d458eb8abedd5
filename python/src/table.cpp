// A game at the table (table.h), in the manner of reinforcement-learning
// environments: reset() and step() with an observation, the rewards and the
// game's end; the legal actions as a list or a NumPy mask; what one seat may
// know as plain Python values or as the library's fixed-size tensor (float32);
// undo, copies, the record and a record replayed; engine players; and random
// games by the thousand with the GIL released.
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <string_view>
#include <utility>

#include "interruption.h"
#include "module.h"
#include "typed.h"

namespace belote::python {

namespace table_binding {

/// A table as Python holds it: the ruleset it plays under, kept alive, and the game.
struct PyTable {
  RulesetHandle rules;
  Table table;
};

struct PyPlayer {
  std::string spec;
  std::uint64_t seed = 0;
  std::unique_ptr<Player> player;
  /// One decision at a time: choose() runs with the GIL released.
  std::unique_ptr<std::mutex> deciding = std::make_unique<std::mutex>();
};

// Never destroyed: the interpreter may be gone by the time statics are.
py::object& illegal_action_type() {
  static auto* type = new py::object();
  return *type;
}

[[noreturn]] void raise_illegal(const std::string& message, const std::string& rule) {
  py::object type = illegal_action_type();
  py::object error = type(message);
  error.attr("rule") = rule;
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

py::str seat_str(Seat seat) { return std::string(name(seat)); }

Seat seat_argument(const std::string& text, const char* what) {
  const auto seat = parse_seat(text);
  if (!seat) throw py::value_error(fmt::format("'{}' must be one of N, E, S, W, not '{}'", what, text));
  return *seat;
}

py::dict per_team(const PerTeam<int>& values) {
  py::dict d;
  for (Team team : kTeams) d[py::str(std::string(name(team)))] = values[team];
  return d;
}

// ---------------------------------------------------------------------------
// The observation as plain Python values.

py::list pairs(const Deck& deck, const std::vector<std::pair<Seat, Card>>& cards, std::size_t from = 0) {
  py::list out;
  for (std::size_t i = from; i < cards.size(); ++i) out.append(py::make_tuple(seat_str(cards[i].first), deck.card_name(cards[i].second)));
  return out;
}

/// A bid as the rest of the module gives it (the view, an Outcome, the contract's text): a number, or a
/// named bid by its name ('capot'), never the value the ladder orders it by.
py::object bid_value(const Ruleset& rules, const LadderBid& bid) {
  if (bid.named_bid >= 0) return py::str(rules.bids.named[std::size_t(bid.named_bid)].name);
  return py::int_(bid.value);
}

py::object contract_dict(const Ruleset& rules, const std::optional<AuctionOutcome>& contract) {
  if (!contract) return py::none();
  const AuctionOutcome& c = *contract;
  const AuctionKind& kind = rules.auction.kinds[std::size_t(c.kind)];
  py::dict d;
  d["taker"] = seat_str(c.taker);
  d["kind"] = kind.name;
  d["trump"] = kind.suit >= 0 ? py::object(py::str(rules.deck.suits[std::size_t(kind.suit)])) : py::object(py::none());
  d["bid"] = c.bid >= 0 ? bid_value(rules, rules.auction.ladder[std::size_t(c.bid)]) : py::object(py::none());
  d["doubling"] = int(c.doubling);
  d["forced"] = c.forced;
  d["first"] = seat_str(c.first_lead);
  d["text"] = auction_outcome_text(rules, c);
  return d;
}

py::dict observation_dict(const Ruleset& rules, const Observation& o) {
  const Deck& deck = rules.deck;
  py::dict d;
  d["seat"] = seat_str(o.seat);
  d["phase"] = std::string(name(o.phase));
  d["to_act"] = o.phase == TablePhase::over ? py::object(py::none()) : py::object(seat_str(o.to_act));
  d["dealer"] = seat_str(o.dealer);
  d["mene"] = o.mene;
  d["played"] = o.played;
  d["hand"] = card_list(deck, o.hand);
  d["dealt"] = card_list(deck, o.dealt);
  d["turned_card"] = o.turned_card >= 0 ? py::object(py::str(deck.card_name(Card(o.turned_card)))) : py::object(py::none());
  py::list proposals;
  for (Suit s : o.proposals) proposals.append(deck.suits[s]);
  d["proposals"] = proposals;
  py::list calls;
  for (const Call& call : o.calls) calls.append(py::make_tuple(seat_str(call.seat), call_text(rules, call)));
  d["calls"] = calls;
  d["contract"] = contract_dict(rules, o.contract);
  const std::size_t in_tricks = 4 * o.trick_winners.size();
  d["cards"] = pairs(deck, o.cards);
  py::list winners;
  for (Seat s : o.trick_winners) winners.append(seat_str(s));
  d["trick_winners"] = winners;
  d["trick"] = o.phase == TablePhase::play ? int(o.trick_winners.size()) + 1 : 0;
  d["current"] = pairs(deck, o.cards, in_tricks);
  d["words"] = card_list(deck, o.said_with_word);
  py::list declared;
  for (const DeclaredAnnouncement& a : o.declared) {
    py::dict item;
    item["seat"] = seat_str(a.seat);
    item["kind"] = a.announcement.carre ? "carre" : "sequence";
    item["announcement"] = announcement_kind(rules, a.announcement);
    // Its cards once known (docs/table.md: a sequence is shown at trick 2 by the team that wins the contest).
    if (a.known) item["cards"] = card_list(deck, a.cards());
    item["points"] = a.announcement.points;
    declared.append(item);
  }
  d["declared"] = declared;
  d["points"] = per_team(o.points);
  d["tricks_won"] = per_team(o.tricks);
  d["roem"] = per_team(o.roem);
  d["totals"] = per_team(o.totals);
  d["held_over"] = o.held_over;
  d["target"] = o.target;
  return d;
}

// ---------------------------------------------------------------------------
// The table's methods.

/// The teams' names: {'NS': …, 'EW': …} (one may be left out) or a pair,
/// each a name a score sheet takes, so that the record reads back.
void read_teams(const py::object& teams, TableSetup& setup) {
  const auto set = [&](Team team, const py::handle& value) {
    const std::string key = fmt::format("teams.{}", name(team));
    if (!py::isinstance<py::str>(value))
      throw py::type_error(fmt::format("'{}' is the team's name, a str, not {}", key, shown_value(value)));
    const std::string text = utf8_argument(value, key);
    // In the words of every reader of sheets and records.
    if (!is_team_name(text)) throw py::value_error(fmt::format("{}, not {}", team_name_rule(key), std::string(py::repr(value))));
    setup.teams[team] = text;
  };
  // A team left out keeps its name (NS, EW), as in a score sheet; two of one name are refused as a sheet refuses them.
  const auto distinct = [&] {
    if (const auto message = same_team_names(setup.teams)) throw py::value_error(*message);
  };
  if (py::isinstance<py::dict>(teams)) {
    for (const auto& [key, value] : teams.cast<py::dict>()) {
      const auto team = py::isinstance<py::str>(key) ? parse_team(py::str(key).attr("encode")("utf-8", "replace").cast<std::string>()) : std::nullopt;
      if (!team) throw py::value_error(fmt::format("'teams': no team {} (teams: NS EW)", std::string(py::repr(key))));
      set(*team, value);
    }
    distinct();
    return;
  }
  if (py::isinstance<py::str>(teams) || py::isinstance<py::bytes>(teams) || !py::isinstance<py::sequence>(teams))
    throw py::type_error(fmt::format("'teams' is {{'NS': …, 'EW': …}} or a pair of names, not {}", shown_value(teams)));
  const py::sequence names = teams.cast<py::sequence>();
  if (names.size() != 2) throw py::value_error("'teams' names the two teams, NS's then EW's");
  set(Team::NS, names[0]);
  set(Team::EW, names[1]);
  distinct();
}

/// The setup Table() takes, each argument held to what a record holds.
TableSetup make_setup(const py::handle& seed, const py::handle& first_dealer, const py::handle& target, const py::handle& max_menes,
                      const py::object& teams) {
  TableSetup setup;
  setup.seed = whole_number(seed, "seed");
  setup.first_dealer = seat_argument(text_argument(first_dealer, "first_dealer", kSeatText), "first_dealer");
  if (!target.is_none()) setup.target = int(whole_number(target, "target", 1, kMaxGameTarget));
  setup.max_menes = int(whole_number(max_menes, "max_menes", 0, kMaxRecordMenes));
  if (!teams.is_none()) read_teams(teams, setup);
  return setup;
}

PyTable make_table(const RulesetInput& ruleset, const Whole& seed, const Text& first_dealer, const Typed<"Optional[int]">& target,
                   const Whole& max_menes, const Typed<"Union[Dict[str, str], Sequence[str], None]">& teams) {
  RulesetHandle rules = ruleset_argument(ruleset);
  TableSetup setup = make_setup(seed, first_dealer, target, max_menes, teams);
  try {
    return PyTable{rules, Table(rules->rules(), std::move(setup))};
  } catch (const std::invalid_argument& error) {
    throw py::value_error(error.what());
  }
}

Action action_argument(const PyTable& t, const py::handle& action) {
  if (t.table.over()) raise_illegal("the game is over", "game");
  if (py::isinstance<py::str>(action)) {
    const std::string text = utf8_argument(action, "action");
    const auto parsed = t.table.parse_action(text);
    if (!parsed)
      raise_illegal(fmt::format("'{}' is no action of ruleset '{}' here", terminal_safe_line(text), t.rules->rules().info.name), "action");
    return *parsed;
  }
  // Any integer, NumPy's included (an argmax over a policy); not a bool, which
  // would play action 0 or 1.
  PyObject* integer = is_bool(action) || !PyIndex_Check(action.ptr()) ? nullptr : PyNumber_Index(action.ptr());
  if (!integer) {
    PyErr_Clear();
    throw py::type_error(fmt::format("an action is a number (0 to action_count - 1) or its text, not {}", shown_value(action)));
  }
  const auto number = py::reinterpret_steal<py::int_>(integer);
  if (number < py::int_(0) || number >= py::int_(t.table.actions().size()))
    raise_illegal(fmt::format("action {} is not an action of ruleset '{}' (0 to {})", std::string(py::repr(number)),
                              t.rules->rules().info.name, t.table.actions().size() - 1),
                  "action");
  return Action(number.cast<int>());
}

/// Applies an action for the seat to act; raises IllegalAction with the engine's words.
void apply_action(PyTable& t, Action action) {
  if (const auto error = t.table.apply(action)) raise_illegal(error->message, error->rule);
}

Seat observer(const PyTable& t, const OptionalStr& given) {
  if (const auto seat = optional_text(given, "seat", kSeatText)) return seat_argument(*seat, "seat");
  // Once the game is over no seat acts: whose view is asked for must be said, not guessed.
  if (t.table.over()) throw py::value_error("no seat to act: the game is over; pass a seat ('N', 'E', 'S' or 'W')");
  return t.table.to_act();
}

py::dict tally_dict(const PyTable& t) {
  const TableTally& tally = t.table.tally();
  py::dict d;
  d["totals"] = per_team(tally.totals);
  d["waiting"] = tally.waiting;
  d["played"] = tally.played;
  d["dealt"] = tally.dealt;
  d["over"] = t.table.over();
  d["winner"] = tally.end.winner ? py::object(py::str(std::string(name(*tally.end.winner)))) : py::object(py::none());
  d["drawn"] = tally.end.drawn;
  return d;
}

/// step(): the action applied, then the observation of the seat to act (of the
/// seat that acted, once the game is over), each team's score for a mène the
/// action finished, whether the game is over, and what happened.
using StepResult = Typed<"Tuple[Dict[str, Any], Dict[str, int], bool, Dict[str, Any]]">;

StepResult step(PyTable& t, const ActionInput& given) {
  const Action action = action_argument(t, given);
  const Seat seat = t.table.over() ? Seat::N : t.table.to_act();
  std::string text = t.table.action_text(action);
  const TableTally before = t.table.tally();
  apply_action(t, action);
  const TableTally& after = t.table.tally();
  PerTeam<int> reward;
  for (Team team : kTeams) reward[team] = after.totals[team] - before.totals[team];
  const bool scored = after.played != before.played;
  const bool finished = scored || after.dealt != before.dealt;
  py::dict info;
  info["seat"] = seat_str(seat);
  info["action"] = int(action);
  info["text"] = std::move(text);
  info["mene_over"] = finished;
  info["redeal"] = finished && !scored;
  const Seat next = t.table.over() ? seat : t.table.to_act();
  return StepResult(py::make_tuple(observation_dict(t.rules->rules(), t.table.observe(next)), per_team(reward), t.table.over(), info));
}

py::list history_list(const PyTable& t) {
  const Ruleset& rules = t.rules->rules();
  py::list out;
  for (const auto& mene : t.table.history()) {
    py::dict d;
    d["dealer"] = seat_str(mene->dealt.dealer);
    d["redeal"] = mene->redeal;
    d["actions"] = mene->actions;
    if (mene->redeal) {
      d["contract"] = py::none();
      d["score"] = py::none();
      d["result"] = py::none();
    } else {
      d["contract"] = contract_dict(rules, mene->contract);
      d["score"] = per_team(mene->outcome.score);
      d["result"] = mene->outcome.contract == ContractResult::none ? py::object(py::none())
                                                                     : py::object(py::str(std::string(contract_name(mene->outcome.contract))));
    }
    out.append(d);
  }
  return out;
}

/// The advice's options, each argument checked and named.
AdviceOptions advice_options(const Whole& worlds, const Whole& seed, const Whole& time_limit, const OptionalWhole& threads) {
  AdviceOptions options;
  options.worlds = int(whole_number(worlds, "worlds", 1, 4096));
  options.seed = whole_number(seed, "seed");
  options.max_milliseconds = whole_number(time_limit, "time_limit");
  options.threads = thread_count(threads);
  return options;
}

/// What each legal action of the seat to act at `table` is worth, from what it has `seen`, with the
/// GIL released; Ctrl-C stops it between worlds and within a world's solve.
AnyDict advice_at(const Ruleset& rules, const Table& table, const Observation& seen, AdviceOptions options) {
  Interruption interruption;
  options.stop = [&] { return interruption.requested(); };
  Advice advice;
  {
    py::gil_scoped_release unlocked;
    advice = advise(rules, table.actions(), seen, table.legal(), options);
  }
  interruption.raise_if_requested();
  return AnyDict(from_json(advice_json(table, advice)));
}

/// advise(): the seat to act's advice, from its observation.
AnyDict table_advice(const PyTable& t, const Whole& worlds, const Whole& seed, const Whole& time_limit, const OptionalWhole& threads) {
  if (t.table.over()) raise_illegal("the game is over", "game");
  AdviceOptions options = advice_options(worlds, seed, time_limit, threads);
  // A copy: another Python thread may play on at the table meanwhile.
  const Table table = t.table;
  return advice_at(t.rules->rules(), table, table.observe(table.to_act()), std::move(options));
}

/// The bot protocol's `act` message for the seat to act, as `belote play --bot` sends it: its seat,
/// its observation and the legal actions, each by the engine's writer of the protocol's JSON.
AnyDict act_view(const PyTable& t, const OptionalStr& given) {
  const auto asked = optional_text(given, "seat", kSeatText);
  const std::optional<Seat> seat = asked ? std::optional(seat_argument(*asked, "seat")) : std::nullopt;
  if (t.table.over())
    throw py::value_error("no seat to act: the game is over; the bot protocol sends its view (an act message) to the seat to act only; "
                          "observation(seat) gives what any seat sees");
  const Seat to_act = t.table.to_act();
  if (seat && *seat != to_act)
    throw py::value_error(fmt::format("'seat': {} is not to act ({} is): the bot protocol sends its view (an act message) to the seat "
                                      "to act only; observation('{}') gives what {} sees",
                                      name(*seat), name(to_act), name(*seat), name(*seat)));
  const std::string message = fmt::format(R"({{"type":"act","seat":"{}","observation":{},"legal":{}}})", name(to_act),
                                          observation_json(t.table, t.table.observe(to_act)), legal_actions_json(t.table));
  return AnyDict(from_json(message));
}

/// A seat's view given as a dict (written as JSON) or as JSON text.
std::string view_text(const py::handle& view) {
  if (py::isinstance<py::dict>(view)) {
    // JSON has no NaN: the reader would see a syntax error in text the caller never wrote.
    if (const std::string key = non_finite_key(view, ""); !key.empty())
      raise_play_error(Diagnostics{Diagnostic{"<view>", 0, 0, fmt::format("'{}' must be a finite number, not NaN or an infinity", key), ""}});
    return json_dumps()(view).cast<std::string>();
  }
  if (!py::isinstance<py::str>(view))
    throw py::type_error(fmt::format("'view' is a seat's view, as Table.view() gives it (a dict) or as JSON text (a str): the bot "
                                     "protocol's act message or its observation, not {}",
                                     shown_value(view)));
  return utf8_argument(view, "view");
}

/// belote.advise(): the advice from one seat's view, read back as `belote advise` reads it (the
/// engine's observation reader replays it on a table dealt one world the seat cannot tell apart).
AnyDict view_advice(const RulesetInput& ruleset, const Typed<"Union[Dict[str, Any], str]">& view, const Whole& worlds, const Whole& seed,
                    const Whole& time_limit, const OptionalWhole& threads) {
  RulesetHandle rules = ruleset_argument(ruleset);
  const std::string text = view_text(view);
  AdviceOptions options = advice_options(worlds, seed, time_limit, threads);
  SeatPosition position;
  Diagnostics errors;
  bool ok = false;
  {
    py::gil_scoped_release unlocked;
    ok = ObservationReader(rules->rules()).read(text, "<view>", position, errors);
  }
  if (!ok || !position.table) raise_play_error(errors);
  return advice_at(rules->rules(), *position.table, position.seen, std::move(options));
}

/// The action a player chooses, with the GIL released (a sampled player thinks
/// for seconds under 36 cards); Ctrl-C stops it (KeyboardInterrupt).
Action player_choice(PyPlayer& p, const Typed<"Table">& given) {
  if (!py::isinstance<PyTable>(given)) throw py::type_error(fmt::format("'table' is a belote.Table, not {}", shown_value(given)));
  const PyTable& t = given.cast<const PyTable&>();
  if (t.table.over()) raise_illegal("the game is over", "game");
  Interruption interruption;
  const Table table = t.table;  // as in table_advice
  Action action = 0;
  {
    py::gil_scoped_release unlocked;
    const std::lock_guard one_at_a_time(*p.deciding);
    action = ask(*p.player, table, [&] { return interruption.requested(); });
  }
  interruption.raise_if_requested();
  return action;
}

/// What a record is called in errors: "record:2:12: …".
inline const std::string kRecordDisplay = "record";

/// A record given as JSON text, a dict (as JSON text), or TOML text (as record(format="toml") writes it).
struct RecordText {
  std::string text;
  bool toml = false;
  /// Whether the text is the one given, so that a place in it is a place in what the caller wrote.
  bool as_given = false;
};

RecordText record_argument(const py::handle& record) {
  const py::object dumps = json_dumps();
  if (py::isinstance<py::dict>(record)) {
    if (const std::string key = non_finite_key(record, ""); !key.empty())
      throw py::value_error(fmt::format("record: '{}' must be a finite number, not NaN or an infinity", key));
    return {dumps(record).cast<std::string>(), false, false};
  }
  if (!py::isinstance<py::str>(record))
    throw py::type_error(fmt::format("'record' is JSON or TOML text (a str) or a dict, as record() gives it, not {}", shown_value(record)));
  const std::string text = utf8_argument(record, "record");
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos) throw py::value_error("record: the text is empty (a record is JSON or TOML text, as record() writes it)");
  // One line ending in .json or .toml is no record (JSON ends with '}', TOML's values with a quote or
  // a bracket): a file's name, given where its text is meant.
  const std::string line = text.substr(start, text.find_last_not_of(" \t\r\n") + 1 - start);
  if (line.find('\n') == std::string::npos && (line.ends_with(".json") || line.ends_with(".toml")))
    throw py::value_error(fmt::format("record: '{}' is a file's name: replay() takes the record's text (JSON or TOML) or a dict, "
                                      "as record() gives them; read the file first (open(name).read())",
                                      line));
  return {text, text[start] != '{', true};
}

/// A score sheet's mène given as its contract and points ("mène 1: unknown key 'bid'") is said to be
/// one, and the sheet is sent to belote.sheet(), which scores it, as the program's words send it to
/// `belote sheet show`.
std::string sheet_pointer(std::string error) {
  static const std::vector<std::string> scored_keys{"taker",  "kind",   "trump", "bid",  "doubling", "first",
                                                     "points", "tricks", "capot", "roem", "belote",   "announcements"};
  const std::size_t number_end = error.starts_with("mène ") ? error.find(": unknown key '") : std::string::npos;
  if (number_end != std::string::npos) {
    const std::size_t key_start = number_end + std::string_view(": unknown key '").size();
    const std::string key = error.substr(key_start, error.find('\'', key_start) - key_start);
    if (std::find(scored_keys.begin(), scored_keys.end(), key) != scored_keys.end())
      return fmt::format("{}: {} is a scored mène (its contract and points, as a score sheet gives it), not a played one: "
                         "replay() takes a table's record (each mène's hands, calls and cards); belote.sheet() scores a sheet",
                         error, error.substr(0, number_end));
  }
  for (const std::string_view program : {"`belote sheet show` scores this record"}) {
    if (const std::size_t at = error.find(program); at != std::string::npos)
      error.replace(at, program.size(), "belote.sheet() scores this record (as `belote sheet show` does)");
  }
  return error;
}

/// A ValueError at a place in the record: "record:LINE:COL: message" in text the caller wrote, "record:
/// message" else (a dict's JSON is this module's own).
[[noreturn]] void raise_in_record(const RecordText& given, int line, int column, const std::string& message) {
  const std::string text = given.as_given && line > 0 ? fmt::format("record:{}:{}: {}", line, column, message) : "record: " + message;
  PyErr_SetObject(PyExc_ValueError, py_text(text).ptr());
  throw py::error_already_set();
}

/// The errors of the ruleset a record names or holds, as a ValueError: those in the record at their
/// place there, those inside a ruleset file it names at theirs.
[[noreturn]] void raise_record_ruleset_errors(const RecordText& given, const Diagnostics& errors) {
  std::string text;
  for (const Diagnostic& d : errors) {
    if (!text.empty()) text += '\n';
    if (d.file == kRecordDisplay)
      text += given.as_given && d.line > 0 ? fmt::format("record:{}:{}: {}", d.line, d.column, d.message) : "record: " + d.message;
    else
      text += location_and_message(d);
  }
  if (const std::string more = unkept_errors_message(errors); !more.empty()) text += '\n' + more;
  PyErr_SetObject(PyExc_ValueError, py_text(text).ptr());
  throw py::error_already_set();
}

/// How the record's own ruleset is loaded (replay's `untrusted` and `rulesets_dirs`), as belote.load() loads one.
struct RecordLoading {
  bool untrusted = false;
  std::vector<std::string> dirs;
};

/// The ruleset a record is played under (its own, as `rules`, or the one its `ruleset` names), loaded
/// through the module's search path, `loading.dirs` first; a path relative to the current directory,
/// as belote.sheet() finds a sheet's. Untrusted, a path in `ruleset` or in an `extends` of `rules` is
/// refused and no other file quoted. ValueError where it does not load; nullopt where the record
/// names none.
std::optional<LoadedRuleset> record_own_ruleset(const RecordText& given, const RecordLoading& loading, RulesetSearchPath& search) {
  search = search_path(loading.dirs);
  const RulesetLoader loader(search, loading.untrusted ? RulesetTrust::untrusted : RulesetTrust::trusted);
  std::optional<LoadedRuleset> loaded;
  {
    py::gil_scoped_release unlocked;
    loaded = load_record_ruleset(loader, given.text, given.toml, kRecordDisplay);
  }
  if (loaded && !loaded->ok()) raise_record_ruleset_errors(given, loaded->errors);
  return loaded;
}

/// A record is replayed under the ruleset it is played under, as `belote sheet show` scores it. One
/// that holds its own (`rules`) is replayed under another given only where their conventions are the
/// same (the first that differs is named, at its place in the record: in the JSON form, at `rules`,
/// with its line in the text held). Else another ruleset given is refused, placed at the record's
/// 'ruleset': a name, or the path of a file (an older record of a game under a ruleset loaded from a
/// path), which the ruleset given must be loaded from; untrusted, a path is refused. A path the
/// record gives relative to its own file is not checked: the text given has no folder.
void check_record_ruleset(const LoadedHandle& rules, const RecordText& given, const RecordLoading& loading) {
  const auto named = given.toml ? record_ruleset_toml(given.text) : record_ruleset(given.text);
  if (!named) return;
  const bool path = is_ruleset_path(named->name);
  RulesetSearchPath search;
  // Refused by the loader, in its words: a path from an untrusted record is not followed.
  if (path && loading.untrusted && !named->holds_rules) record_own_ruleset(given, loading, search);
  if (named->holds_rules) {
    const LoadedRuleset held = *record_own_ruleset(given, loading, search);
    const std::vector<std::string> keys = held.ruleset->differing_keys(rules.rules());
    if (keys.empty()) return;
    const std::string& key = keys.front();
    const auto set = std::find_if(held.settings.begin(), held.settings.end(), [&](const Setting& s) { return s.key == key; });
    // The TOML form holds the key in the record; the JSON form, in the text its `rules` holds.
    const bool in_record = set != held.settings.end() && set->origin.file == kRecordDisplay;
    const bool in_text = set != held.settings.end() && set->origin.file == "rules" && set->origin.line > 0;
    const auto [line, column] = in_record ? std::pair(set->origin.line, set->origin.column)
                                : given.toml ? std::pair(0, 0)
                                             : std::pair(named->rules_line, named->rules_column);
    const std::string where = in_text ? fmt::format("'rules', line {}, column {}", set->origin.line, set->origin.column) : "'rules'";
    raise_in_record(given, line, column,
                    fmt::format("{}: the record holds its own ruleset '{}', which differs from the one given ('{}') at '{}'; "
                                "replay(None, record) replays it under its own",
                                where, terminal_safe_line(named->name), terminal_safe_line(rules.rules().info.name), key));
  }
  if (path ? std::filesystem::path(named->name).is_relative() || named->name == rules.path
           : named->name == rules.rules().info.name && rules.path.empty())
    return;
  const std::string replayed_under = rules.path.empty() ? rules.rules().info.name : rules.path;
  raise_in_record(given, named->line, named->column,
                  fmt::format("'ruleset' is '{}', but the record is replayed under '{}': replay it under '{}', or, to replay "
                              "it under another ruleset (as `belote advise --ruleset` does), change its 'ruleset' first",
                              terminal_safe_line(named->name), terminal_safe_line(replayed_under), terminal_safe_line(named->name)));
}

inline constexpr const char* kReplayRulesetText =
    "a Ruleset, a ruleset's name or path (str, bytes or os.PathLike), or None (the record's own)";

/// The ruleset a record given alone (replay(None, record)) is replayed under: the one it holds or names.
RulesetHandle record_handle(const RecordText& given, const RecordLoading& loading) {
  RulesetSearchPath search;
  std::optional<LoadedRuleset> loaded = record_own_ruleset(given, loading, search);
  if (!loaded) raise_in_record(given, 0, 0, "the record names no ruleset ('ruleset'): replay(ruleset, record) replays it under the one given");
  RulesetHandle handle = loaded_or_raise(std::move(*loaded), std::move(search));
  // As load() marks a ruleset loaded from a path: an older record that names it replays under it again.
  const auto named = given.toml ? record_ruleset_toml(given.text) : record_ruleset(given.text);
  if (named && !named->holds_rules && is_ruleset_path(named->name)) {
    std::error_code ec;
    handle->path = std::filesystem::absolute(named->name, ec).lexically_normal().string();
  }
  return handle;
}

using DirsInput = Typed<"Sequence[Union[str, bytes, os.PathLike]]">;

PyTable replay(const Typed<"Optional[Union[Ruleset, str, bytes, os.PathLike]]">& ruleset,
               const Typed<"Union[str, Dict[str, Any]]">& record, bool untrusted, const DirsInput& dirs) {
  RulesetHandle rules = ruleset.is_none() ? RulesetHandle() : ruleset_argument(ruleset, "ruleset", kReplayRulesetText);
  const RecordText given = record_argument(record);
  const RecordLoading loading{untrusted, path_list(dirs, "rulesets_dirs")};
  if (rules)
    check_record_ruleset(*rules, given, loading);
  else
    rules = record_handle(given, loading);
  ReplayedRecord replayed = [&] {
    try {
      // A game's record takes milliseconds: other Python threads run meanwhile.
      py::gil_scoped_release release;
      return given.toml ? replay_record_toml(rules->rules(), given.text) : replay_record(rules->rules(), given.text);
    } catch (const std::invalid_argument& error) {
      throw py::value_error(error.what());
    }
  }();
  if (!replayed.error.empty() || !replayed.table)
    raise_in_record(given, replayed.line, replayed.column, sheet_pointer(std::move(replayed.error)));
  return PyTable{rules, std::move(*replayed.table)};
}

// ---------------------------------------------------------------------------
// Random games in C++.

struct RandomRun {
  std::int64_t menes = 0, redeals = 0, games = 0, actions = 0;
  PerTeam<std::int64_t> totals;
  std::int64_t wins[3] = {0, 0, 0};  // NS, EW, drawn
};

AnyDict play_random_menes(const RulesetInput& ruleset, const Whole& count_given, const Whole& seed_given) {
  const auto count = std::int64_t(whole_number(count_given, "count", 0, std::uint64_t(std::numeric_limits<std::int64_t>::max())));
  const std::uint64_t seed = whole_number(seed_given, "seed");
  RulesetHandle rules = ruleset_argument(ruleset);
  const Ruleset& r = rules->rules();
  if (!r.auction.given) throw py::value_error(fmt::format("ruleset '{}' states no auction ([auction]): a table needs one to play", r.info.name));
  py::array_t<std::int32_t> scores(std::vector<py::ssize_t>{py::ssize_t(count), 2});
  std::int32_t* score_at = scores.mutable_data();
  RandomRun run;
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    constexpr std::int64_t kChunk = 256;  // mènes between looks for a signal
    std::int64_t next_check = kChunk;
    std::optional<Table> table;
    Xoshiro256 rng = Xoshiro256::unseeded();
    std::uint64_t game = 0;
    while (run.menes < count) {
      if (!table || table->over()) {
        TableSetup setup;
        setup.seed = seed + game++;
        setup.keep_history = false;
        table.emplace(r, setup);
        rng = Xoshiro256(setup.seed, 0x72616e64);
      }
      const TableTally before = table->tally();
      while (!table->over() && table->tally().dealt == before.dealt && table->tally().played == before.played) {
        const LegalActions legal = table->legal();
        const int n = legal.count(table->actions());
        if (n == 0) throw std::logic_error("the table offers no legal action");
        table->apply_legal(legal.nth(table->actions(), int(rng.below(std::uint32_t(n)))));
        ++run.actions;
      }
      const TableTally& after = table->tally();
      if (after.played == before.played) {
        ++run.redeals;
        continue;
      }
      for (Team team : kTeams) {
        const int score = after.totals[team] - before.totals[team];
        score_at[2 * run.menes + index(team)] = score;
        run.totals[team] += score;
      }
      ++run.menes;
      if (table->over()) {
        ++run.games;
        if (after.end.winner) ++run.wins[index(*after.end.winner)];
        else ++run.wins[2];
      }
      if (run.menes >= next_check) {
        next_check += kChunk;
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) {
          interrupted = true;
          break;
        }
      }
    }
  }
  if (interrupted) throw py::error_already_set();
  py::dict d;
  d["menes"] = run.menes;
  d["redeals"] = run.redeals;
  d["games"] = run.games;
  d["actions"] = run.actions;
  py::dict totals;
  for (Team team : kTeams) totals[py::str(std::string(name(team)))] = run.totals[team];
  d["totals"] = totals;
  py::dict wins;
  wins["NS"] = run.wins[0];
  wins["EW"] = run.wins[1];
  wins["drawn"] = run.wins[2];
  d["wins"] = wins;
  d["score"] = scores;
  return d;
}

}  // namespace table_binding

py::object table_object(const RulesetHandle& rules, const Table& table) {
  return py::cast(table_binding::PyTable{rules, table});
}

Action chosen_action(const py::handle& table_object, const py::handle& choice) {
  return table_binding::action_argument(table_object.cast<const table_binding::PyTable&>(), choice);
}

void bind_table(py::module_& m) {
  using namespace table_binding;
  py::object illegal = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "belote.IllegalAction",
      "An action the table refuses: not legal for the seat to act, out of its phase, or text that names no action. "
      "str() gives the rule book's words, as the engine says them; `rule` names the ruleset key or rule behind it.",
      PyExc_ValueError, nullptr));
  illegal_action_type() = illegal;
  m.attr("IllegalAction") = illegal;

  py::class_<PyTable> table(m, "Table", R"(A game at the table under a ruleset (docs/python.md, "A game at the table").

Table(ruleset, seed=0, first_dealer="N", target=None, max_menes=0, teams=None):
the deal of each mène comes from `seed`; `target` (1 to 100000) replaces the
ruleset's game.target; `max_menes` stops the game after that many mènes played
(0: at the game's end; at most 100000); `teams` names the teams ({'NS': …,
'EW': …} or a pair) as a score sheet does: 1 to 40 characters, no control or
bidirectional one. What the record could not hold is refused (ValueError).
reset() and step() play it as a reinforcement-learning environment;
legal_actions(), apply(), undo(), observation() and the record as the engine's
table.)");
  table
      .def(py::init(&table_binding::make_table), py::arg("ruleset"), py::arg("seed") = 0, py::arg("first_dealer") = "N",
           py::arg("target") = py::none(), py::arg("max_menes") = 0, py::arg("teams") = py::none())
      .def(
          "reset",
          [](PyTable& t, const Typed<"Optional[int]">& seed) -> AnyDict {
            TableSetup setup = t.table.setup();
            if (!seed.is_none()) setup.seed = whole_number(seed, "seed");
            t.table = Table(t.rules->rules(), std::move(setup));
            return observation_dict(t.rules->rules(), t.table.observe(t.table.to_act()));
          },
          py::arg("seed") = py::none(),
          "Starts the game again (with a new seed when given); returns the observation of the seat to act.")
      .def("step", &table_binding::step, py::arg("action"),
           R"(Applies an action (its number or its text) for the seat to act.

Returns (observation, rewards, done, info): the observation of the seat to act
next (of the seat that acted, once the game is over); rewards, {'NS': …,
'EW': …}, the points each team wrote for the mène this action finished (0 and
0 otherwise); done, whether the game is over; info, {'seat': who acted,
'action', 'text', 'mene_over', 'redeal'}. Raises IllegalAction.)")
      .def(
          "apply", [](PyTable& t, const ActionInput& action) { apply_action(t, action_argument(t, action)); }, py::arg("action"),
          "Applies an action (its number or its text) for the seat to act, returning nothing: step() without the "
          "observation. Raises IllegalAction.")
      .def("undo", [](PyTable& t) { return t.table.undo(); },
           "Takes back the last action (across mènes); False when there is none.")
      .def(
          "legal_actions", [](const PyTable& t) { return t.table.legal().list(t.table.actions(), t.rules->rules()); },
          "The legal actions of the seat to act, in increasing order (empty once the game is over).")
      .def(
          "action_mask",
          [](const PyTable& t) {
            py::array_t<std::uint8_t> mask(py::ssize_t(t.table.actions().size()));
            const LegalActions legal = t.table.legal();
            legal.mask(t.table.actions(), t.rules->rules(), std::span(mask.mutable_data(), std::size_t(mask.size())));
            return mask;
          },
          "uint8 (action_count,): 1 for each legal action of the seat to act.")
      .def("action_text", [](const PyTable& t, const Whole& given) {
             const std::uint64_t last = std::uint64_t(t.table.actions().size()) - 1;
             return t.table.action_text(Action(whole_number(given, "action", 0, last)));
           },
           py::arg("action"), "An action in words, as the seat to act would say it: 'QH', 'KH belote', '80 H', 'pass'.")
      .def(
          "parse_action",
          [](const PyTable& t, const Text& text) {
            text_argument(text, "text", "an action's text, as action_text() writes it (a str)");
            return action_argument(t, text);
          },
          py::arg("text"),
          "The action that text names for the seat to act (as action_text() writes it, a card, a call, 'declare N'); "
          "whether it is legal is not checked. Raises IllegalAction when it names none.")
      .def(
          "observation",
          [](const PyTable& t, const OptionalStr& seat) -> AnyDict {
            return observation_dict(t.rules->rules(), t.table.observe(observer(t, seat)));
          },
          py::arg("seat") = py::none(),
          "What `seat` (the seat to act when not given) may know, as plain Python values (docs/python.md lists the keys). "
          "Once the game is over no seat acts: without a seat it raises ValueError.")
      .def(
          "observation_tensor",
          [](const PyTable& t, const OptionalStr& seat) {
            const ObservationLayout layout(t.table);
            py::array_t<float> out(py::ssize_t(layout.size()));
            encode_observation(t.rules->rules(), t.table.actions(), layout, t.table.observe(observer(t, seat)),
                               std::span(out.mutable_data(), std::size_t(layout.size())));
            return out;
          },
          py::arg("seat") = py::none(),
          "What `seat` (the seat to act when not given) may know, as a float32 array of observation_size entries, "
          "seats and teams counted from the seat's own place (docs/python.md gives the layout). Once the game is over "
          "no seat acts: without a seat it raises ValueError.")
      .def_property_readonly(
          "observation_size", [](const PyTable& t) { return ObservationLayout(t.table).size(); },
          "The size of observation_tensor(): it depends only on the ruleset.")
      .def(
          "observation_layout",
          [](const PyTable& t) -> Typed<"List[Tuple[str, int, int]]"> {
            const ObservationLayout layout(t.table);
            py::list out;
            for (const TensorBlock& block : layout.blocks())
              out.append(py::make_tuple(std::string(block.name), block.offset, block.size));
            return out;
          },
          "The blocks of observation_tensor(), in order: (name, offset, size).")
      .def_property_readonly("action_count", [](const PyTable& t) { return t.table.actions().size(); },
                             "The number of actions of the ruleset: the size of action_mask().")
      .def_property_readonly("to_act", [](const PyTable& t) { return t.table.over() ? py::object(py::none()) : py::object(seat_str(t.table.to_act())); },
                             "The seat to act (to speak or to play), or None once the game is over.")
      .def_property_readonly("phase", [](const PyTable& t) { return std::string(name(t.table.phase())); }, "'auction', 'play' or 'over'.")
      .def_property_readonly("over", [](const PyTable& t) { return t.table.over(); }, "Whether the game is over.")
      .def_property_readonly("tally", &table_binding::tally_dict,
                             "What the game has given: totals, waiting (points held over), played and dealt mènes, over, "
                             "winner (a team or None) and drawn.")
      .def_property_readonly("totals", [](const PyTable& t) { return per_team(t.table.tally().totals); },
                             "Each team's total so far: {'NS': …, 'EW': …}.")
      .def_property_readonly("target", [](const PyTable& t) { return t.table.target(); }, "The game's target (0: none).")
      .def_property_readonly("seed", [](const PyTable& t) { return t.table.setup().seed; }, "The seed the deals come from.")
      .def_property_readonly("ruleset", [](const PyTable& t) { return t.rules; }, "The Ruleset the game is played under.")
      .def_property_readonly("history", &table_binding::history_list,
                             "The mènes finished, oldest first: dicts of dealer, redeal, actions, contract, score and result.")
      .def_property_readonly(
          "last_outcome",
          [](const PyTable& t) {
            const Deal* deal = t.table.last_deal();
            return deal ? make_outcome(t.rules, *deal) : py::object(py::none());
          },
          "The last mène scored, as an Outcome with its explanation (None before any, or after a redeal).")
      .def(
          "record",
          [](const PyTable& t, const Text& format_given, bool pretty) {
            const std::string format = text_argument(format_given, "format", "\"json\" or \"toml\"");
            if (format == "json") return record_json(t.table, pretty);
            if (format == "toml") return record_toml(t.table);
            throw py::value_error(fmt::format("'format' is \"json\" or \"toml\", not '{}'", format));
          },
          py::arg("format") = "json", py::kw_only(), py::arg("pretty") = false,
          "The game's record (its mènes finished; one in progress is left out): JSON, or TOML as a score sheet "
          "`belote sheet` reads.")
      .def_static("replay", &table_binding::replay, py::arg("ruleset"), py::arg("record"), py::kw_only(),
                  py::arg("untrusted") = false, py::arg("rulesets_dirs") = py::list(),
                  R"(The table at the end of a record (JSON or TOML text, or a dict; not a file's name), every call and card checked.

`ruleset` None replays it under its own: the ruleset of one's own it holds
(`rules`), else the one its `ruleset` names. A ruleset given must be the one
the record names; for a record that holds its own, one of the same
conventions (the first key that differs is named). `untrusted=True` reads a
record someone else sent (an upload): its ruleset extends one by name only and
its `ruleset` names no path, no other file opened or quoted; `rulesets_dirs`
are searched first for the ruleset it holds or names, as by belote.load.
Raises ValueError naming the mène and what is wrong, at record:LINE:COL in
text given. The GIL is released while the record is read.)")
      .def("advise", &table_binding::table_advice, py::kw_only(), py::arg("worlds") = 32, py::arg("seed") = 0,
           py::arg("time_limit") = 0, py::arg("threads") = 1,
           R"(What each legal action of the seat to act is worth, by sampled double dummy
(docs/players.md), from that seat's observation only: `worlds` worlds (1 to
4096) drawn from `seed` among those the seat cannot tell apart, each solved
exactly, on `threads` threads (None: every core; the figures are the same on
any number). time_limit (milliseconds, 0: none) stops drawing worlds; at least
one is solved.

Returns {'seat', 'phase' ('auction' or 'play'), 'measure' ('score': the
score difference for the seat's team, in the auction; 'points': its card
points at the end of the mène, in the play), 'worlds' (solved),
'inconsistent_worlds', 'stopped' (the time limit cut them short), 'best' and
'best_text' (the action a sampled player takes), 'actions': [{'action',
'text', 'valued', 'expected', 'spread', 'make_chance'}, ...]} (None where not
valued: declarations, and the chance where no contract is scored), as
`belote advise` and the web module give them. Raises IllegalAction once the
game is over. The GIL is released meanwhile; Ctrl-C stops it
(KeyboardInterrupt).)")
      .def("view", &table_binding::act_view, py::arg("seat") = py::none(),
           R"(The bot protocol's view of the seat to act: the `act` message `belote play --bot`
sends it (docs/table.md, "The bot protocol"), as a dict: {'type': 'act', 'seat',
'observation', 'legal'}. json.dumps() of it is what `belote advise` and
belote.advise() read. `seat`, where given, must be the seat to act (ValueError
else, and once the game is over); observation(seat) gives any seat's view.)")
      .def("copy", [](const PyTable& t) { return PyTable(t); }, "An independent copy of the game: a belote.Table, even of a subclass.")
      .def("__copy__", [](const PyTable& t) { return PyTable(t); })
      .def("__deepcopy__", [](const PyTable& t, const py::dict&) { return PyTable(t); }, py::arg("memo"))
      .def("__repr__", [](const PyTable& t) {
        const TableTally& tally = t.table.tally();
        const std::string where = t.table.over() ? "over" : fmt::format("mène {}, {}, {} to act", tally.dealt, name(t.table.phase()), name(t.table.to_act()));
        return fmt::format("<belote.Table {}: {}; NS {} EW {}>", t.rules->rules().info.name, where, tally.totals[Team::NS],
                           tally.totals[Team::EW]);
      });

  py::class_<PyPlayer>(m, "Player", R"(An engine player: Player(name, seed=0, *, threads=1), name as make_player reads it ('random').

'random' is uniform over the legal actions, not declaring and playing a card
without the belote's word included; 'heuristic' and 'sampled' declare every
announcement and say the word. choose(table) gives the action it plays for the seat to act, from that seat's
observation and legal actions only. A sampled player solves its worlds on
`threads` threads (None: every core); it plays the same on any number. A player
keeps what it learns from one call to the next: kept through a game, it may choose
otherwise than a new one of the same seed at the same position.)")
      .def(py::init([](const Text& name_given, const Whole& seed_given, const OptionalWhole& threads) {
             const std::string name = text_argument(name_given, "name", "a player's name, as make_player reads it (\"random\")");
             const std::uint64_t seed = whole_number(seed_given, "seed");
             std::string error;
             auto player = make_player(name, seed, error, {}, thread_count(threads));
             if (!player) throw py::value_error(error);
             return PyPlayer{name, seed, std::move(player)};
           }),
           py::arg("name"), py::arg("seed") = 0, py::kw_only(), py::arg("threads") = 1)
      .def("choose", &table_binding::player_choice, py::arg("table"),
           "The action the player plays for the seat to act at `table` (the table is not changed). The GIL is released "
           "meanwhile; Ctrl-C stops a player that thinks long (KeyboardInterrupt).")
      .def_property_readonly("name", [](const PyPlayer& p) { return p.player->name(); }, "The player's name, as Player() reads it.")
      .def("__repr__", [](const PyPlayer& p) { return fmt::format("<belote.Player {} seed={}>", p.player->name(), p.seed); });

  m.def("play_random_menes", &table_binding::play_random_menes, py::arg("ruleset"), py::arg("count"), py::kw_only(), py::arg("seed") = 0,
        R"(Plays `count` mènes with uniformly random legal actions, in C++ with the GIL released.

Games follow one another (game i dealt from seed + i) until `count` mènes are
scored. Returns {'menes', 'redeals', 'games' (finished), 'actions', 'totals'
({'NS', 'EW'}: the points written), 'wins' ({'NS', 'EW', 'drawn'}: games
finished), 'score' (int32 (count, 2): each mène's points, NS then EW)}.)");
  m.def("advise", &table_binding::view_advice, py::arg("ruleset"), py::arg("view"), py::kw_only(), py::arg("worlds") = 32,
        py::arg("seed") = 0, py::arg("time_limit") = 0, py::arg("threads") = 1,
        R"(What each legal action is worth from one seat's view, as `belote advise --ruleset NAME VIEW` gives it.

`view` is the bot protocol's view (docs/table.md): an `act` message, as
Table.view() gives it, or its observation; a dict or JSON text. It is read as
the program reads it, replayed on a table dealt one world the seat cannot tell
from the real one, and must be the seat to act's. `ruleset` is the one the
game is played under (a view does not name it). Returns what Table.advise()
returns, with the same `worlds`, `seed`, `time_limit` and `threads`: the same
figures for the same seed. Raises PlayError where the view does not read.)");
}

}  // namespace belote::python
