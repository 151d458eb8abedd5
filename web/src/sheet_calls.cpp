// Score sheets through the engine's own reader and writer, so the page keeps
// exactly the TOML file `belote sheet show` reads: start one, add a mène,
// undo the last, and show the totals (under the sheet's ruleset or another).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>
#include <unistd.h>

#include "session.h"

namespace belote::web {

namespace fs = std::filesystem;

namespace {

// The sheet's name in messages ("game.toml:12:1: ..."): a file name, no directory.
std::string sheet_display(const Json& args) {
  const std::string name = fs::path(string_arg(args, "display", "sheet.toml")).filename().string();
  return name.empty() || name == "." || name == ".." ? "sheet.toml" : name;
}

// Sheets are read and written in their own directory, so a relative ruleset
// path in a sheet starts there as it does beside a sheet file.
void enter_sheet_dir() {
  std::error_code ec;
  fs::create_directories(kSheetDir, ec);
  if (::chdir(kSheetDir) != 0) throw CallError{"the module's sheet directory cannot be used"};
}

LoadedSheet read(Session& session, const std::string& text, const std::string& display) {
  enter_sheet_dir();
  return read_sheet(text, display, "", session.loader());
}

// A sheet that reads, scored: what `belote sheet show` gives as JSON and as text, and where the game stands.
Json shown_json(const LoadedSheet& sheet) {
  const GameScore game = score_sheet(*sheet.ruleset, sheet.sheet);
  return {{"done", true},
          {"sheet", sheet_json(*sheet.ruleset, sheet.sheet, game)},
          {"text", sheet_text(*sheet.ruleset, sheet.sheet, game, SuitStyle::symbol)},
          {"state", game_state_text(sheet.sheet, game)},
          {"errors", Json::array()}};
}

// With {show: true}, the edited sheet comes back scored too (`shown`, as
// sheet_show replies): the edit has read it already, and a page showing it
// need not have it read again.
Json edit_reply(const SheetEdit& edit, const Json& args) {
  Json reply{{"done", edit.ok()}, {"text", edit.text}, {"errors", diagnostics_json(edit.errors)}};
  if (edit.ok() && args.value("show", false) && edit.after.ok()) reply["shown"] = shown_json(edit.after);
  return reply;
}

std::vector<std::pair<std::string, std::int64_t>> team_numbers(const Json& args, const char* key) {
  std::vector<std::pair<std::string, std::int64_t>> out;
  if (!args.contains(key)) return out;
  if (!args[key].is_object()) throw CallError{fmt::format("'{}' must be an object of team = number", key)};
  for (const auto& [team, value] : args[key].items()) {
    if (!value.is_number_integer()) throw CallError{fmt::format("'{}.{}' must be an integer", key, team)};
    out.emplace_back(team, value.get<std::int64_t>());
  }
  return out;
}

// The mène's auction, as `belote sheet add --auction` takes it: {dealer, first, turned, calls}.
void read_auction(const Json& auction, MeneEntry& entry) {
  if (!auction.is_object()) throw CallError{"'auction' must be an object: {dealer, first, turned, calls}"};
  for (const auto& [key, value] : auction.items())
    if (key != "dealer" && key != "first" && key != "turned" && key != "calls")
      throw CallError{fmt::format("'auction.{}' is not a key of an auction (dealer, first, turned and calls)", key)};
  const auto strings = [&](const char* key, std::vector<std::string>& out) {
    if (!auction.contains(key)) return;
    const Json& given = auction[key];
    if (given.is_string()) return out.push_back(given.get<std::string>());
    if (!given.is_array()) throw CallError{fmt::format("'auction.{}' must be a list of strings", key)};
    for (const Json& one : given) {
      if (!one.is_string()) throw CallError{fmt::format("'auction.{}' must be a list of strings", key)};
      out.push_back(one.get<std::string>());
    }
  };
  strings("calls", entry.calls);
  strings("turned", entry.turned);
  if (entry.calls.empty()) throw CallError{"'auction.calls' must hold the auction's calls"};
  entry.dealer = string_arg(auction, "dealer", "");
  // The auction's first speaker; a mène's own `first` given with its auction is taken as the same (--first).
  if (auction.contains("first")) {
    if (!entry.first.empty()) throw CallError{"'first' and 'auction.first' are the same seat: give one"};
    entry.first = string_arg(auction, "first");
  }
}

// A mène from the page's form, with the keys of a [[mene]] table.
MeneEntry mene_entry(const Json& mene) {
  if (!mene.is_object()) throw CallError{"'mene' must be an object"};
  // A key the sheet's entry cannot carry is refused, never dropped: the mène would say less than was given.
  static constexpr std::string_view kKeys[] = {"taker",  "kind",   "trump", "bid",           "doubling", "first",  "capot",
                                               "belote", "points", "tricks", "roem", "announcements", "auction"};
  for (const auto& [key, value] : mene.items())
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys))
      throw CallError{fmt::format("'{}' is not a key of a mène (a mène holds taker, kind, trump, bid, doubling, first, "
                                  "points, tricks, capot, roem, announcements, belote and auction)", key)};
  MeneEntry entry;
  for (const auto& [key, field] : {std::pair{"taker", &entry.taker}, {"kind", &entry.kind}, {"trump", &entry.trump},
                                   {"doubling", &entry.doubling}, {"first", &entry.first}, {"capot", &entry.capot}})
    *field = string_arg(mene, key, "");
  // A belote is a seat or a team; several, where every suit holds one, are a list of seats (as --belote N,E).
  if (mene.contains("belote") && mene["belote"].is_array()) {
    for (const Json& seat : mene["belote"]) {
      if (!seat.is_string()) throw CallError{"'belote' must be a seat, a team or a list of seats"};
      entry.belote += (entry.belote.empty() ? "" : ",") + seat.get<std::string>();
    }
  } else {
    entry.belote = string_arg(mene, "belote", "");
  }
  // A bid is a number (100) or a named bid ("capot"), as in the file.
  if (mene.contains("bid")) {
    const Json& bid = mene["bid"];
    if (bid.is_number_unsigned()) entry.bid = std::to_string(bid.get<std::uint64_t>());
    else if (bid.is_string() && !bid.get<std::string>().empty()) entry.bid = bid.get<std::string>();
    else throw CallError{"'bid' must be a number or a named bid"};
  }
  if (mene.contains("auction")) read_auction(mene["auction"], entry);
  entry.points = team_numbers(mene, "points");
  entry.tricks = team_numbers(mene, "tricks");
  // Each team's roem from its tricks (klaverjas), as `belote sheet add --roem NS=40,EW=20`.
  entry.roem = team_numbers(mene, "roem");
  if (mene.contains("announcements")) {
    const Json& given = mene["announcements"];
    if (!given.is_object()) throw CallError{"'announcements' must be an object, by seat or by team"};
    for (const auto& [who, value] : given.items()) {
      if (value.is_number_integer()) {
        entry.team_announcements.emplace_back(who, value.get<std::int64_t>());
        continue;
      }
      if (!value.is_array()) throw CallError{fmt::format("'announcements.{}' must be a list or a number", who)};
      for (const Json& one : value) {
        if (!one.is_string()) throw CallError{fmt::format("'announcements.{}' must hold strings", who)};
        entry.announcements.emplace_back(who, one.get<std::string>());
      }
    }
  }
  return entry;
}

// The sheet's text with its `ruleset` set to `name`; the other lines are kept
// in place, so errors under the new ruleset point at the sheet's own lines.
std::string with_ruleset(const std::string& text, const std::string& name) {
  toml::table root;
  try {
    root = toml::parse(text);
  } catch (const toml::parse_error&) {
    return text;  // the reader reports the syntax error
  }
  toml::table line_table;
  line_table.insert("ruleset", name);
  std::ostringstream formatted;
  formatted << toml::toml_formatter(line_table, toml::format_flags::allow_unicode_strings);
  const std::string new_line = formatted.str();
  const toml::node* node = root.get("ruleset");
  if (!node || node->source().begin.line != node->source().end.line) return new_line + "\n" + text;
  const auto number = node->source().begin.line;
  std::size_t start = 0;
  for (std::uint32_t line = 1; line < number; ++line) start = text.find('\n', start) + 1;
  std::size_t end = text.find('\n', start);
  if (end == std::string::npos) end = text.size();
  // Only a line that holds the key alone is replaced whole.
  const std::string_view old_line = std::string_view(text).substr(start, end - start);
  if (old_line.find_first_not_of(" \t") != old_line.find("ruleset")) return new_line + "\n" + text;
  return text.substr(0, start) + new_line + text.substr(end);
}

// A played mène given as JSON (a mène of a game's record: auction, hands,
// spoken, said, play) as the TOML table the sheet keeps.
toml::table toml_table(const Json& object);
toml::array toml_array(const Json& list);
template <class Put>
void toml_value(const Json& value, const std::string& key, Put put) {
  if (value.is_object()) put(toml_table(value));
  else if (value.is_array()) put(toml_array(value));
  else if (value.is_string()) put(value.get<std::string>());
  else if (value.is_boolean()) put(value.get<bool>());
  else if (value.is_number_integer()) put(value.get<std::int64_t>());
  else throw CallError{fmt::format("'{}' must be a string, a whole number, true or false, a list or a table", key)};
}
toml::table toml_table(const Json& object) {
  toml::table out;
  for (const auto& [key, value] : object.items())
    toml_value(value, key, [&, &key = key](auto&& v) { out.insert(key, std::forward<decltype(v)>(v)); });
  return out;
}
toml::array toml_array(const Json& list) {
  toml::array out;
  for (const Json& value : list) toml_value(value, "a list's item", [&](auto&& v) { out.push_back(std::forward<decltype(v)>(v)); });
  return out;
}

}  // namespace

Json call_sheet_new(Session& session, const Json& args) {
  const std::string ruleset = string_arg(args, "ruleset");
  std::optional<int> target;
  if (args.contains("target") && !args["target"].is_null()) {
    if (!args["target"].is_number_integer()) throw CallError{"'target' must be an integer"};
    target = int(std::clamp<std::int64_t>(args["target"].get<std::int64_t>(), -1, kMaxGameTarget + 1));
  }
  PerTeam<std::string> teams{{"NS", "EW"}};
  if (args.contains("teams")) {
    const Json& given = args["teams"];
    teams[Team::NS] = string_arg(given, "NS", "NS");
    teams[Team::EW] = string_arg(given, "EW", "EW");
  }
  const std::string text = new_sheet_text(ruleset, target, teams);
  const LoadedSheet sheet = read(session, text, sheet_display(args));
  return {{"done", sheet.ok()}, {"text", sheet.ok() ? text : ""}, {"errors", diagnostics_json(sheet.errors)}};
}

Json call_sheet_add(Session& session, const Json& args) {
  const LoadedSheet sheet = read(session, string_arg(args, "sheet"), sheet_display(args));
  return edit_reply(add_mene(sheet, mene_entry(args.value("mene", Json::object())), session.loader()), args);
}

// {sheet, mene, display, show}: the sheet with one more mène given as its
// played cards (a mène of a game's record), checked card by card by the
// sheet's reader as a [[mene]] with `play` in the file is. `mene` may also be
// the text of a deal file with its play, as `belote sheet add --play` reads it
// (errors placed in it as 'mene.toml').
Json call_sheet_add_played(Session& session, const Json& args) {
  const std::string display = sheet_display(args);
  std::string text = string_arg(args, "sheet");
  SheetEdit edit;
  const LoadedSheet sheet = read(session, text, display);
  if (!sheet.ok()) {
    edit.errors = sheet.errors;
    return edit_reply(edit, args);
  }
  if (args.contains("mene") && args["mene"].is_string())
    return edit_reply(add_played_mene(sheet, args["mene"].get<std::string>(), "mene.toml", session.loader()), args);
  if (!args.contains("mene") || !args["mene"].is_object())
    throw CallError{"'mene' must be an object: a played mène, as a game's record holds it (auction, hands, play...), "
                    "or the text of a deal file with its play"};
  toml::table root;
  toml::array menes;
  menes.push_back(toml_table(args["mene"]));
  root.insert("mene", std::move(menes));
  std::ostringstream formatted;
  formatted << toml::toml_formatter(root, toml::format_flags::allow_unicode_strings);
  if (!text.empty() && text.back() != '\n') text += '\n';
  text += "\n" + formatted.str() + "\n";
  edit.after = read(session, text, display);
  edit.errors = edit.after.errors;
  if (edit.ok()) edit.text = std::move(text);
  return edit_reply(edit, args);
}

Json call_sheet_undo(Session& session, const Json& args) {
  const std::string display = sheet_display(args);
  enter_sheet_dir();
  {
    std::ofstream file(display, std::ios::binary | std::ios::trunc);
    file << string_arg(args, "sheet");
    if (!file) throw CallError{"the sheet cannot be written to the module's memory"};
  }
  const SheetEdit edit = remove_last_mene(display, session.loader());
  std::remove(display.c_str());
  return edit_reply(edit, args);
}

// {sheet, display, ruleset?}: the sheet scored under its own ruleset, or under
// `ruleset` instead. The reply holds `belote sheet show` as JSON and as text.
Json call_sheet_show(Session& session, const Json& args) {
  std::string text = string_arg(args, "sheet");
  if (args.contains("ruleset")) text = with_ruleset(text, string_arg(args, "ruleset"));
  const LoadedSheet sheet = read(session, text, sheet_display(args));
  if (!sheet.ok()) return {{"done", false}, {"errors", diagnostics_json(sheet.errors)}};
  return shown_json(sheet);
}

}  // namespace belote::web
