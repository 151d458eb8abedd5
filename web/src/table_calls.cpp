// A game at the table (table.h) for JavaScript, with the calls of Python's
// belote.Table (python/src/table.cpp): a table made under a ruleset, its
// legal actions as numbers, words and a mask, an action applied or refused
// with the engine's words and rule, undo, copies, what one seat may know as
// plain values, the history, the record and a record replayed; and engine
// players by the names make_player reads. Each table and player lives in the
// session under a number that JavaScript holds (belote-api.js).
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <variant>

#include "belote/json_text.h"
#include "session.h"

namespace belote::web {

namespace {

std::string seat_text(Seat seat) { return std::string(name(seat)); }

Json per_team(const PerTeam<int>& values) {
  Json out = Json::object();
  for (Team team : kTeams) out[std::string(name(team))] = values[team];
  return out;
}

Json card_list(const Deck& deck, CardSet cards) {
  Json out = Json::array();
  while (cards) out.push_back(deck.card_name(pop_lowest(cards)));
  return out;
}

Json pairs(const Deck& deck, const std::vector<std::pair<Seat, Card>>& cards, std::size_t from = 0) {
  Json out = Json::array();
  for (std::size_t i = from; i < cards.size(); ++i) out.push_back({seat_text(cards[i].first), deck.card_name(cards[i].second)});
  return out;
}

Json contract_value(const Ruleset& rules, const std::optional<AuctionOutcome>& contract) {
  if (!contract) return nullptr;
  const AuctionOutcome& c = *contract;
  const AuctionKind& kind = rules.auction.kinds[std::size_t(c.kind)];
  Json out;
  out["taker"] = seat_text(c.taker);
  out["kind"] = kind.name;
  out["trump"] = kind.suit >= 0 ? Json(rules.deck.suits[std::size_t(kind.suit)]) : Json(nullptr);
  out["bid"] = c.bid >= 0 ? Json(rules.auction.ladder[std::size_t(c.bid)].value) : Json(nullptr);
  out["doubling"] = int(c.doubling);
  out["forced"] = c.forced;
  out["first"] = seat_text(c.first_lead);
  out["text"] = auction_outcome_text(rules, c);
  return out;
}

// What a seat may know, with the keys of Python's Table.observation().
Json observation_json(const Ruleset& rules, const Observation& o) {
  const Deck& deck = rules.deck;
  Json out;
  out["seat"] = seat_text(o.seat);
  out["phase"] = std::string(name(o.phase));
  out["to_act"] = o.phase == TablePhase::over ? Json(nullptr) : Json(seat_text(o.to_act));
  out["dealer"] = seat_text(o.dealer);
  out["mene"] = o.mene;
  out["played"] = o.played;
  out["hand"] = card_list(deck, o.hand);
  out["dealt"] = card_list(deck, o.dealt);
  out["turned_card"] = o.turned_card >= 0 ? Json(deck.card_name(Card(o.turned_card))) : Json(nullptr);
  Json proposals = Json::array();
  for (Suit s : o.proposals) proposals.push_back(deck.suits[s]);
  out["proposals"] = std::move(proposals);
  Json calls = Json::array();
  for (const Call& call : o.calls) calls.push_back({seat_text(call.seat), call_text(rules, call)});
  out["calls"] = std::move(calls);
  out["contract"] = contract_value(rules, o.contract);
  out["cards"] = pairs(deck, o.cards);
  Json winners = Json::array();
  for (Seat s : o.trick_winners) winners.push_back(seat_text(s));
  out["trick_winners"] = std::move(winners);
  out["trick"] = o.phase == TablePhase::play ? int(o.trick_winners.size()) + 1 : 0;
  out["current"] = pairs(deck, o.cards, 4 * o.trick_winners.size());
  out["words"] = card_list(deck, o.said_with_word);
  // As the engine's view JSON writes each: another seat's sequence by its name and points, its cards once shown.
  Json declared = Json::array();
  for (const DeclaredAnnouncement& a : o.declared) {
    Json entry{{"seat", seat_text(a.seat)},
               {"kind", a.announcement.carre ? "carre" : "sequence"},
               {"announcement", announcement_kind(rules, a.announcement)},
               {"points", a.announcement.points}};
    if (a.known) entry["cards"] = card_list(deck, a.cards());
    declared.push_back(std::move(entry));
  }
  out["declared"] = std::move(declared);
  out["points"] = per_team(o.points);
  out["tricks_won"] = per_team(o.tricks);
  out["roem"] = per_team(o.roem);
  out["totals"] = per_team(o.totals);
  out["held_over"] = o.held_over;
  out["target"] = o.target;
  return out;
}

std::string card_words(const Deck& deck, CardSet cards) {
  std::string out;
  while (cards) out += (out.empty() ? "" : " ") + deck.card_name(pop_lowest(cards));
  return out;
}

// A seat's declaration, the last declared, as the other seats hear it (docs/table.md):
// a sequence by its name and points, a carré with its cards, as `belote play` words it.
std::string declaration_heard(const Ruleset& rules, const Table& table, Seat seat) {
  const Observation seen = table.observe(next_in_play(seat));
  if (seen.declared.empty()) return {};
  const DeclaredAnnouncement& heard = seen.declared.back();
  const Announcement& a = heard.announcement;
  if (heard.known)
    return fmt::format("declare {} ({})", announcement_label(rules, a, SuitStyle::letter), card_words(rules.deck, heard.cards()));
  return fmt::format("declare {} ({} points)", announcement_kind(rules, a), a.points);
}

// The sequences shown once trick 1 is played, in the order declared, as every seat sees them.
Json sequences_shown(const Ruleset& rules, const Table& table, Seat seat) {
  Json out = Json::array();
  // Each as a seat other than its own sees it (the two views list the same declarations).
  const Observation seen = table.observe(seat), after = table.observe(next_in_play(seat));
  for (std::size_t i = 0; i < seen.declared.size() && i < after.declared.size(); ++i) {
    const DeclaredAnnouncement& d = seen.declared[i].seat == seat ? after.declared[i] : seen.declared[i];
    if (d.announcement.carre || !d.known) continue;
    out.push_back({{"seat", seat_text(d.seat)},
                   {"team", std::string(name(team_of(d.seat)))},
                   {"announcement", announcement_kind(rules, d.announcement)},
                   {"label", announcement_label(rules, d.announcement, SuitStyle::letter)},
                   {"points", d.announcement.points},
                   {"cards", card_list(rules.deck, d.cards())}});
  }
  return out;
}

Json tally_json(const Table& table) {
  const TableTally& tally = table.tally();
  return {{"totals", per_team(tally.totals)},
          {"waiting", tally.waiting},
          {"played", tally.played},
          {"dealt", tally.dealt},
          {"over", table.over()},
          {"winner", tally.end.winner ? Json(std::string(name(*tally.end.winner))) : Json(nullptr)},
          {"drawn", tally.end.drawn}};
}

// ---------------------------------------------------------------------------
// Arguments.

Seat seat_arg(const Json& args, const char* key, Seat fallback) {
  if (!args.contains(key) || args[key].is_null()) return fallback;
  const auto seat = args[key].is_string() ? parse_seat(args[key].get<std::string>()) : std::nullopt;
  if (!seat) throw CallError{fmt::format("'{}' must be one of N, E, S, W, not {}", key, json_text(args[key]))};
  return *seat;
}

/// A seed: a whole number from 0 to 2^64 - 1, as text (JavaScript's numbers stop at 2^53) or as a number.
std::uint64_t seed_arg(const Json& args) {
  if (!args.contains("seed") || args["seed"].is_null()) return 0;
  const Json& given = args["seed"];
  if (given.is_number_unsigned()) return given.get<std::uint64_t>();
  std::uint64_t seed = 0;
  const std::string text = given.is_string() ? given.get<std::string>() : std::string();
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw CallError{fmt::format("'seed' must be a whole number from 0 to 2^64 - 1, not {}", json_text(given))};
  return seed;
}

std::shared_ptr<const Ruleset> with_auction(std::shared_ptr<const Ruleset> rules) {
  if (!rules->auction.given)
    throw CallError{fmt::format("ruleset '{}' states no auction ([auction]): a table needs one to play", rules->info.name)};
  return rules;
}

/// The ruleset a table plays under: {ruleset: name} or {ruleset_text, display} (TOML a person gave).
std::shared_ptr<const Ruleset> table_ruleset(Session& session, const Json& args) {
  std::shared_ptr<const Ruleset> rules;
  if (args.contains("ruleset_text")) {
    const std::string display = string_arg(args, "display", "pasted.toml");
    LoadedRuleset loaded = session.loader().load_string(string_arg(args, "ruleset_text"), display, "custom");
    if (!loaded.ok()) {
      std::string message;
      for (const Diagnostic& d : loaded.errors) message += (message.empty() ? "" : "\n") + location_and_message(d);
      if (loaded.errors.unkept() > 0) message += "\n" + unkept_errors_message(loaded.errors);
      throw CallError{message};
    }
    rules = loaded.ruleset;
  } else {
    rules = session.ruleset(string_arg(args, "ruleset"));
  }
  return with_auction(std::move(rules));
}

TableSetup setup_arg(const Json& args) {
  TableSetup setup;
  setup.seed = seed_arg(args);
  setup.first_dealer = seat_arg(args, "first_dealer", Seat::N);
  if (args.contains("target") && !args["target"].is_null()) {
    const Json& target = args["target"];
    // The table's limits (TableSetup), which its record reads back.
    if (!target.is_number_integer() || target.get<std::int64_t>() < 1 || target.get<std::int64_t>() > kMaxGameTarget)
      throw CallError{fmt::format("'target' is a whole number of points from 1 to {}, not {}", kMaxGameTarget, json_text(target))};
    setup.target = target.get<int>();
  }
  if (args.contains("max_menes") && !args["max_menes"].is_null()) {
    const Json& menes = args["max_menes"];
    if (!menes.is_number_integer() || menes.get<std::int64_t>() < 0 || menes.get<std::int64_t>() > kMaxRecordMenes)
      throw CallError{fmt::format("'max_menes' is 0 (play to the game's end) or a number of mènes, not {}", json_text(menes))};
    setup.max_menes = menes.get<int>();
  }
  if (args.contains("teams") && !args["teams"].is_null()) {
    const Json& teams = args["teams"];
    if (teams.is_object()) {
      for (const auto& [key, value] : teams.items()) {
        const auto team = parse_team(key);
        if (!team) throw CallError{fmt::format("'teams': no team '{}' (teams: NS EW)", key)};
        if (!value.is_string()) throw CallError{fmt::format("'teams.{}' must be a string", key)};
        setup.teams[*team] = value.get<std::string>();
      }
    } else if (teams.is_array() && teams.size() == 2 && teams[0].is_string() && teams[1].is_string()) {
      setup.teams[Team::NS] = teams[0].get<std::string>();
      setup.teams[Team::EW] = teams[1].get<std::string>();
    } else {
      throw CallError{"'teams' names the two teams: {NS, EW}, or NS's then EW's in a list"};
    }
  }
  return setup;
}

WebTable& table_arg(Session& session, const Json& args) {
  const auto found = args.contains("table") && args["table"].is_number_integer()
                         ? session.tables.find(args["table"].get<int>())
                         : session.tables.end();
  if (found == session.tables.end()) throw CallError{"no such table: it was disposed, or never made"};
  return *found->second;
}

int keep(Session& session, std::unique_ptr<WebTable> table) {
  const int id = session.next_id++;
  session.tables.emplace(id, std::move(table));
  return id;
}

Json made(Session& session, std::unique_ptr<WebTable> table) {
  const int actions = table->table.actions().size();
  std::string ruleset = table->rules->info.name;
  return {{"table", keep(session, std::move(table))}, {"action_count", actions}, {"ruleset", std::move(ruleset)}};
}

/// Why an action is refused, for JavaScript to throw as IllegalAction.
Json illegal(std::string message, std::string rule) {
  return {{"illegal", {{"message", std::move(message)}, {"rule", std::move(rule)}}}};
}

/// The action an argument names (its number, or its text), or the reason it names none.
std::variant<Action, Json> action_arg(const WebTable& t, const Json& args) {
  if (t.table.over()) return illegal("the game is over", "game");
  if (!args.contains("action")) throw CallError{"'action' is missing: a number (0 to action_count - 1) or its text"};
  const Json& given = args["action"];
  const std::string& ruleset = t.rules->info.name;
  if (given.is_string()) {
    const std::string text = given.get<std::string>();
    const auto parsed = t.table.parse_action(text);
    if (!parsed) return illegal(fmt::format("'{}' is no action of ruleset '{}' here", text, ruleset), "action");
    return *parsed;
  }
  if (!given.is_number_integer()) throw CallError{"an action is a number (0 to action_count - 1) or its text"};
  const std::int64_t number = given.get<std::int64_t>();
  if (number < 0 || number >= t.table.actions().size())
    return illegal(fmt::format("action {} is not an action of ruleset '{}' (0 to {})", number, ruleset,
                               t.table.actions().size() - 1),
                   "action");
  return Action(number);
}

// ---------------------------------------------------------------------------
// A record: its JSON or TOML text, or its object.

struct RecordText {
  std::string text;
  bool toml = false;
  /// Text the caller wrote: its errors are placed in it (an object's JSON is this module's own).
  bool as_given = false;
};

RecordText record_arg(const Json& args) {
  if (!args.contains("record")) throw CallError{"'record' is missing: the record's JSON or TOML text, or its object"};
  const Json& given = args["record"];
  if (given.is_object()) return {json_text(given), false, false};
  if (!given.is_string()) throw CallError{"a record is JSON or TOML text, or an object"};
  const std::string& text = given.get_ref<const std::string&>();
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  return {text, start == std::string::npos || text[start] != '{', true};
}

std::string record_error(const RecordText& record, int line, int column, const std::string& message) {
  if (record.as_given && line > 0) return fmt::format("record: {}:{}: {}", line, column, message);
  return "record: " + message;
}

/// The ruleset a record holds (`rules`) or names, loaded as its errors are told: at their place in the record.
std::optional<std::shared_ptr<const Ruleset>> record_own_ruleset(Session& session, const RecordText& record) {
  const std::string display = "record";
  auto loaded = load_record_ruleset(session.loader(), record.text, record.toml, display);
  if (!loaded) return std::nullopt;
  if (!loaded->ok()) {
    std::string message;
    for (const Diagnostic& d : loaded->errors)
      message += (message.empty() ? "" : "\n") +
                 (d.file == display ? record_error(record, d.line, d.column, d.message) : location_and_message(d));
    if (loaded->errors.unkept() > 0) message += "\n" + unkept_errors_message(loaded->errors);
    throw CallError{message};
  }
  return loaded->ruleset;
}

WebPlayer& player_arg(Session& session, const Json& args) {
  const auto found = args.contains("player") && args["player"].is_number_integer()
                         ? session.players.find(args["player"].get<int>())
                         : session.players.end();
  if (found == session.players.end()) throw CallError{"no such player: it was disposed, or never made"};
  return *found->second;
}

}  // namespace

// {ruleset | ruleset_text, display, seed, first_dealer, target, max_menes, teams}: a new table's number.
Json call_table_new(Session& session, const Json& args) {
  auto rules = table_ruleset(session, args);
  TableSetup setup = setup_arg(args);
  try {
    Table table(*rules, std::move(setup));
    return made(session, std::make_unique<WebTable>(WebTable{std::move(rules), std::move(table)}));
  } catch (const std::invalid_argument& error) {
    throw CallError{error.what()};
  }
}

// {table, seed}: the same table dealt again from its start (from `seed` when given).
Json call_table_reset(Session& session, const Json& args) {
  WebTable& t = table_arg(session, args);
  TableSetup setup = t.table.setup();
  if (args.contains("seed") && !args["seed"].is_null()) setup.seed = seed_arg(args);
  t.table = Table(*t.rules, std::move(setup));
  return {{"observation", observation_json(*t.rules, t.table.observe(t.table.to_act()))}};
}

Json call_table_free(Session& session, const Json& args) {
  const bool freed = args.contains("table") && args["table"].is_number_integer() && session.tables.erase(args["table"].get<int>()) > 0;
  return {{"freed", freed}};
}

Json call_table_copy(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  return made(session, std::make_unique<WebTable>(t));
}

// Where the game stands: the seat to act, the phase, the tally and the setup.
Json call_table_state(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  const Table& table = t.table;
  return {{"phase", std::string(name(table.phase()))},
          {"to_act", table.over() ? Json(nullptr) : Json(seat_text(table.to_act()))},
          {"over", table.over()},
          {"tally", tally_json(table)},
          {"target", table.target()},
          {"seed", std::to_string(table.setup().seed)},
          {"action_count", table.actions().size()},
          {"ruleset", t.rules->info.name}};
}

// The legal actions of the seat to act, in increasing order, with their words; with {mask: true} the engine's mask.
Json call_table_legal(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  const Table& table = t.table;
  Json actions = Json::array(), texts = Json::array();
  if (!table.over()) {
    const LegalActions legal = table.legal();
    for (const Action action : legal.list(table.actions(), *t.rules)) {
      actions.push_back(int(action));
      texts.push_back(table.action_text(action));
    }
  }
  Json reply{{"actions", std::move(actions)}, {"texts", std::move(texts)}};
  if (args.value("mask", false)) {
    std::string mask(std::size_t(table.actions().size()), '0');
    if (!table.over()) {
      std::vector<std::uint8_t> bytes(mask.size(), 0);
      table.legal().mask(table.actions(), *t.rules, bytes);
      for (std::size_t i = 0; i < bytes.size(); ++i) mask[i] = bytes[i] ? '1' : '0';
    }
    reply["mask"] = std::move(mask);
  }
  return reply;
}

// {table, action, observe}: the action applied for the seat to act, as Python's
// step() tells it (who acted, its words, the points each team wrote for the
// mène it finished, whether the game is over), the observation of the seat to
// act next with {observe: true}; or {illegal: {message, rule}}, the table unchanged.
Json call_table_apply(Session& session, const Json& args) {
  WebTable& t = table_arg(session, args);
  const auto given = action_arg(t, args);
  if (const Json* refused = std::get_if<Json>(&given)) return *refused;
  const Action action = std::get<Action>(given);
  Table& table = t.table;
  const Seat seat = table.to_act();
  std::string text = table.action_text(action);
  const TableTally before = table.tally();
  const bool in_trick_1 = table.play() && table.play()->tricks_played() == 0;
  if (const auto error = table.apply(action)) return illegal(error->message, error->rule);
  const TableTally& after = table.tally();
  PerTeam<int> rewards;
  for (Team team : kTeams) rewards[team] = after.totals[team] - before.totals[team];
  const bool scored = after.played != before.played;
  const bool finished = scored || after.dealt != before.dealt;
  Json reply{{"rewards", per_team(rewards)},
             {"done", table.over()},
             {"info", {{"seat", seat_text(seat)}, {"action", int(action)}, {"text", std::move(text)},
                       {"mene_over", finished}, {"redeal", finished && !scored}}}};
  // `text` is the acting seat's own words; the other seats hear a declaration as `heard` says it.
  if (table.actions().kind(action) == ActionKind::declare) reply["info"]["heard"] = declaration_heard(*t.rules, table, seat);
  if (in_trick_1 && table.play() && table.play()->tricks_played() == 1) reply["info"]["shown"] = sequences_shown(*t.rules, table, seat);
  if (args.value("observe", false))
    reply["observation"] = observation_json(*t.rules, table.observe(table.over() ? seat : table.to_act()));
  return reply;
}

Json call_table_undo(Session& session, const Json& args) { return {{"undone", table_arg(session, args).table.undo()}}; }

Json call_table_observe(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  // Once the game is over no seat acts: whose view is asked for must be said, not guessed.
  if (t.table.over() && (!args.contains("seat") || args["seat"].is_null()))
    throw CallError{"no seat to act: the game is over; pass a seat ('N', 'E', 'S' or 'W')"};
  return {{"observation", observation_json(*t.rules, t.table.observe(seat_arg(args, "seat", t.table.to_act())))}};
}

// {table, action}: the action's words; {table, text}: the action the words name (legal or not).
Json call_table_action_text(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  const Json& given = args.contains("action") ? args["action"] : Json();
  const int count = t.table.actions().size();
  if (!given.is_number_integer() || given.get<std::int64_t>() < 0 || given.get<std::int64_t>() >= count)
    throw CallError{fmt::format("action {} is not an action of this ruleset (0 to {})", json_text(given), count - 1)};
  return {{"text", t.table.action_text(Action(given.get<int>()))}};
}

Json call_table_parse_action(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  const std::string text = string_arg(args, "text");
  const auto parsed = t.table.parse_action(text);
  if (!parsed) return illegal(fmt::format("'{}' is no action of ruleset '{}' here", text, t.rules->info.name), "action");
  return {{"action", int(*parsed)}};
}

namespace {

// A played mène's tricks as they fell: each trick's leader, its cards with
// their seats in play order, who took it and its card points (the last
// trick's bonus included).
Json tricks_json(const Ruleset& rules, const Deal& deal) {
  PlayedMene mene(PlayContext(rules, deal.kind, deal.trump), deal.hands, deal.first);
  for (int i = 0; i < deal.played_count; ++i) mene.play(deal.played[std::size_t(i)]);
  Json out = Json::array();
  for (int t = 0; t < mene.tricks_played(); ++t) {
    const PlayedTrick& played = mene.trick(t);
    Json cards = Json::array();
    for (int i = 0; i < played.trick.count; ++i)
      cards.push_back({seat_text(played.trick.seat_at(i)), rules.deck.card_name(played.trick.cards[std::size_t(i)])});
    out.push_back({{"leader", seat_text(played.trick.leader)}, {"cards", std::move(cards)},
                   {"winner", seat_text(played.winner)}, {"points", played.points}});
  }
  return out;
}

}  // namespace

// The mènes finished, oldest first, as Python's Table.history gives them,
// with each played mène's tricks.
Json call_table_history(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  Json out = Json::array();
  for (const auto& mene : t.table.history()) {
    Json d;
    d["dealer"] = seat_text(mene->dealt.dealer);
    d["redeal"] = mene->redeal;
    Json actions = Json::array();
    for (const Action a : mene->actions) actions.push_back(int(a));
    d["actions"] = std::move(actions);
    if (mene->redeal) {
      d["contract"] = nullptr;
      d["score"] = nullptr;
      d["result"] = nullptr;
      d["tricks"] = Json::array();
    } else {
      d["tricks"] = tricks_json(*t.rules, mene->deal);
      d["contract"] = contract_value(*t.rules, mene->contract);
      d["score"] = per_team(mene->outcome.score);
      d["result"] = mene->outcome.contract == ContractResult::none ? Json(nullptr)
                                                                     : Json(std::string(contract_name(mene->outcome.contract)));
    }
    out.push_back(std::move(d));
  }
  return {{"history", std::move(out)}};
}

// The last mène scored, as `belote score --format json` writes it (null before any, or after a redeal).
Json call_table_last_outcome(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  const Deal* deal = t.table.last_deal();
  const Outcome* outcome = t.table.last_outcome();
  return {{"outcome", deal && outcome ? Json(outcome_json(*t.rules, *deal, *outcome)) : Json(nullptr)}};
}

// {table, format: "json" | "toml", pretty}: the game's record (its mènes finished).
Json call_table_record(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  const std::string format = string_arg(args, "format", "json");
  if (format == "json") return {{"text", record_json(t.table, args.value("pretty", false))}};
  if (format == "toml") return {{"text", record_toml(t.table)}};
  throw CallError{fmt::format("'format' is \"json\" or \"toml\", not '{}'", format)};
}

// {ruleset | ruleset_text, record}: the table at the end of a record, every call and card checked. Without a
// ruleset, under the record's own: the one its `rules` holds, else the one its `ruleset` names. A ruleset given
// to a record that holds its own must mean the same on every key.
Json call_table_replay(Session& session, const Json& args) {
  const RecordText record = record_arg(args);
  std::shared_ptr<const Ruleset> rules;
  if (!args.contains("ruleset") && !args.contains("ruleset_text")) {
    auto own = record_own_ruleset(session, record);
    if (!own) throw CallError{"record: it names no ruleset ('ruleset'): give the ruleset to replay it under"};
    rules = with_auction(std::move(*own));
  } else {
    rules = table_ruleset(session, args);
    const auto named = record.toml ? record_ruleset_toml(record.text) : record_ruleset(record.text);
    if (named && named->holds_rules) {
      const auto own = record_own_ruleset(session, record);
      if (const auto keys = rules->differing_keys(**own); !keys.empty())
        throw CallError{record_error(record, named->line, named->column,
                                     fmt::format("the record holds its ruleset ('rules'), which differs from ruleset '{}' "
                                                 "at '{}' (given no ruleset, the record replays under its own)",
                                                 rules->info.name, keys.front()))};
    }
  }
  ReplayedRecord replayed = [&] {
    try {
      return record.toml ? replay_record_toml(*rules, record.text) : replay_record(*rules, record.text);
    } catch (const std::invalid_argument& error) {
      throw CallError{error.what()};
    }
  }();
  if (!replayed.error.empty() || !replayed.table)
    throw CallError{record_error(record, replayed.line, replayed.column, replayed.error)};
  return made(session, std::make_unique<WebTable>(WebTable{std::move(rules), std::move(*replayed.table)}));
}

// {name, seed, seat}: an engine player by any name make_player reads; with a
// seat, seeded as `belote play --seed SEED` seeds the player of that seat.
Json call_player_new(Session& session, const Json& args) {
  const std::string spec = string_arg(args, "name");
  std::string error;
  const std::uint64_t seed = args.contains("seat") && !args["seat"].is_null()
                                 ? seat_player_seed(seed_arg(args), seat_arg(args, "seat", Seat::N))
                                 : seed_arg(args);
  auto player = make_player(spec, seed, error);
  if (!player) throw CallError{error};
  std::string name = player->name();
  const int id = session.next_id++;
  session.players.emplace(id, std::make_unique<WebPlayer>(WebPlayer{std::move(player)}));
  return {{"player", id}, {"name", std::move(name)}};
}

Json call_player_free(Session& session, const Json& args) {
  const bool freed = args.contains("player") && args["player"].is_number_integer() && session.players.erase(args["player"].get<int>()) > 0;
  return {{"freed", freed}};
}

// {player, table}: the action the player plays for the seat to act (the table unchanged).
Json call_player_choose(Session& session, const Json& args) {
  WebPlayer& p = player_arg(session, args);
  const WebTable& t = table_arg(session, args);
  if (t.table.over()) return illegal("the game is over", "game");
  const Action action = ask(*p.player, t.table);
  Json reply{{"action", int(action)}, {"text", t.table.action_text(action)}};
  // The chooser's own words; a declaration as the other seats would hear it, on a copy of the table.
  if (t.table.actions().kind(action) == ActionKind::declare) {
    Table after = t.table;
    const Seat seat = after.to_act();
    if (!after.apply(action)) reply["heard"] = declaration_heard(*t.rules, after, seat);
  }
  return reply;
}

// {table, worlds, seed}: what each legal action of the seat to act
// is worth, by sampled double dummy, as `belote advise --format json` gives it:
// the expected card points (in the play) or score difference (in the auction)
// for the seat's team, their spread and the chance that the contract is made.
Json call_table_advise(Session& session, const Json& args) {
  const WebTable& t = table_arg(session, args);
  const Table& table = t.table;
  if (table.over()) return illegal("the game is over", "game");
  AdviceOptions options;
  const int worlds = args.value("worlds", 32);
  if (worlds < 1 || worlds > 4096) throw CallError{fmt::format("'worlds' is a number of worlds from 1 to 4096, not {}", worlds)};
  options.worlds = worlds;
  options.seed = seed_arg(args);
  const Advice advice = advise(*t.rules, table.actions(), table.observe(table.to_act()), table.legal(), options);
  return Json::parse(advice_json(table, advice));
}

}  // namespace belote::web
