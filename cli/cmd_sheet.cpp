// belote sheet: keep a game's score sheet (new, show, add, undo).
#include <algorithm>
#include <chrono>
#include <iostream>
#include <fmt/format.h>

#include "commands.h"

namespace belote::cli {

// The actions, in a namespace of their own: other commands have a show, a create.
namespace sheet_command {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSheetUsageHint = "belote sheet new game.toml --ruleset classique --teams \"Nous,Eux\"";

std::string to_upper_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return out;
}

// The text without the blanks around it: every KEY=VALUE option reads "NS = 90, EW = 72" as "NS=90,EW=72".
std::string trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return std::string(text.substr(first, text.find_last_not_of(" \t") - first + 1));
}

// "NS=90,EW=72" → {("NS", 90), ("EW", 72)}; the engine checks the names and numbers.
std::vector<std::pair<std::string, std::int64_t>> team_numbers(std::string_view option, const std::string& text) {
  std::vector<std::pair<std::string, std::int64_t>> values;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string part = text.substr(start, comma - start);
    const std::size_t equals = part.find('=');
    const std::string team = equals == std::string::npos ? std::string() : trimmed(part.substr(0, equals));
    const std::string value = equals == std::string::npos ? std::string() : trimmed(part.substr(equals + 1));
    std::size_t used = 0;
    std::int64_t number = 0;
    try {
      if (!value.empty()) number = std::stoll(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (team.empty() || used == 0 || used != value.size())
      throw UsageError(fmt::format("--{}: '{}' is not TEAM=NUMBER (e.g. --{} NS=90,EW=72)", option, shown(trimmed(part)), option));
    values.emplace_back(to_upper_ascii(team), number);
    start = comma + 1;
  }
  return values;
}

// "N=tierce KH" → ("N", "tierce KH"): a seat, as declared; the engine checks the announcement.
std::pair<std::string, std::string> seat_announcement(const std::string& text) {
  const std::size_t equals = text.find('=');
  const std::string seat = equals == std::string::npos ? std::string() : to_upper_ascii(trimmed(text.substr(0, equals)));
  if (seat.empty())
    throw UsageError(fmt::format("--announce: '{}' is not SEAT=ANNOUNCEMENT (e.g. --announce N=\"tierce KH\")", shown(text)));
  // A team writes points, not what a player declared: they are another option.
  if (parse_team(seat))
    throw UsageError(fmt::format("--announce: '{}' names a team: --announce takes a seat (N, E, S, W); a team's points "
                                 "go with --team-announcements (e.g. --team-announcements {}=20)", shown(text), seat));
  return {seat, trimmed(text.substr(equals + 1))};
}

// Prints what stops an edit; the file is left as it was.
int refused(const SheetEdit& edit) {
  print_diagnostics(edit.errors);
  return kInvalidInput;
}

// Writes the edit's text over the sheet, still under its lock, never leaving it half-written.
int write_edit(LockedFile& sheet, const std::string& file, const SheetEdit& edit) {
  if (const auto failure = sheet.replace(edit.text)) {
    print_error(*failure);
    return kOutputFailed;
  }
  if (!edit.layout_kept)
    print_warning(fmt::format("{} was rewritten in canonical form (comments dropped): its mènes are not all [[mene]] "
                              "tables at its end", file));
  return kSuccess;
}

// The status once the sheet is written: the report of the edit failing
// leaves the edit made, which a script must not make again (3 says the file is
// as it was).
int reported(Output& out) {
  const int status = out.finish();
  return status == kOutputFailed ? kNotReported : status;
}

// Whether a sheet's text is JSON (its first byte not a blank '{', after a byte-order mark), so a
// game's record in JSON (`belote play --record game.json`): no TOML starts so.
bool is_json_text(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{';
}

// The sheet opened for an edit: locked (waiting for any other edit of it to
// end) and read under the lock, or nothing after printing why. A game's record
// in JSON is shown, not edited: its TOML form is the one kept as a sheet.
std::optional<LockedFile> open_for_edit(const std::string& file, std::chrono::milliseconds lock_wait) {
  Diagnostics errors;
  auto sheet = LockedFile::open(file, file, errors, lock_wait);
  if (!sheet) print_diagnostics(errors);
  else if (is_json_text(sheet->text())) {
    print_error(fmt::format("{}: a game's record in JSON is not edited: `belote sheet show {}` shows it; `belote play --record "
                            "FILE.toml` writes a record as a sheet that `sheet add` and `sheet undo` edit",
                            file, shell_path(file)));
    return std::nullopt;
  }
  return sheet;
}

// --lock-wait: how long an edit waits for another one holding the sheet.
constexpr std::uint64_t kMaxLockWaitSeconds = 3600;

void add_lock_wait(po::options_description& options, std::string& seconds) {
  options.add_options()("lock-wait", po::value(&seconds)->value_name("SECONDS"),
                        fmt::format("wait at most SECONDS, 0 to {}, for another edit of the sheet to end (default: {})",
                                    kMaxLockWaitSeconds, kDefaultLockWait.count() / 1000)
                            .c_str());
}

std::chrono::milliseconds lock_wait_of(const std::string& seconds) {
  if (seconds.empty()) return kDefaultLockWait;
  return std::chrono::seconds(whole_number(seconds, "lock-wait", 0, kMaxLockWaitSeconds));
}

// Every action takes the sheet FILE first, and --rulesets-dir.
bool parse_sheet_options(const Args& args, po::options_description& options, std::string& file,
                         RulesetOptions& rulesets, po::variables_map& vm, std::string_view usage,
                         std::string_view example) {
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("file", po::value(&file)->required(), 1, "FILE", "the sheet file (a TOML file, e.g. game.toml)");
  return parse_options(args, options, operands, vm, usage, example);
}

int create(const Args& args) {
  po::options_description options("options");
  std::string file, ruleset = default_ruleset_name(), teams_text = "NS,EW";
  std::string target_text;
  bool force = false;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("target", po::value(&target_text)->value_name("N"), "points that win the game (default: the ruleset's own, game.target: 1000 in classique, 2000 in coinche; none "
       "where a game is a number of mènes, game.deals, as klaverjas's 16)")
      ("teams", po::value(&teams_text)->value_name("NAMES"),
       "the two teams' names, NS first, separated by a comma: \"Nous,Eux\" (default: NS,EW)")
      ("force", po::bool_switch(&force), "replace an existing file");
  std::string lock_wait;
  add_lock_wait(options, lock_wait);
  po::variables_map vm;
  if (!parse_sheet_options(args, options, file, rulesets, vm,
                           "belote sheet new FILE [--ruleset NAME] [--target N] [--teams NAMES] [--force] [--lock-wait SECONDS] "
                           "[--rulesets-dir DIR]... [--untrusted]",
                           kSheetUsageHint))
    return kSuccess;
  // Checked before anything is done, though only a replaced sheet waits.
  const std::chrono::milliseconds wait = lock_wait_of(lock_wait);
  const std::optional<int> target =
      vm.count("target") ? std::optional(int(whole_number(target_text, "target", 1, kMaxGameTarget))) : std::nullopt;
  const std::size_t comma = teams_text.find(',');
  if (comma == std::string::npos || teams_text.find(',', comma + 1) != std::string::npos)
    throw UsageError("--teams is two names separated by a comma, NS first: \"Nous,Eux\"");
  const PerTeam<std::string> teams{{teams_text.substr(0, comma), teams_text.substr(comma + 1)}};
  for (Team team : kTeams)
    if (!is_team_name(teams[team]))
      throw UsageError(fmt::format("--teams: each name has 1 to {} characters, without control or bidirectional characters",
                                   kMaxTeamNameLength));

  const fs::path path(file);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(path, ec)) && !force) {
    print_error(fmt::format("{} already exists (use --force to replace it)", file));
    return kInvalidInput;
  }
  // A ruleset given by path is written relative to the sheet, where the sheet looks for it.
  const fs::path directory = fs::absolute(path, ec).parent_path();
  const std::string reference = ruleset_reference_from(ruleset, directory);
  const std::string text = new_sheet_text(reference, target, teams);
  const RulesetLoader loader = rulesets.loader();
  LoadedSheet sheet = read_sheet(text, file, directory, loader);
  if (!sheet.ok()) {
    // The file is not written: a line and column in it would point at nothing.
    for (Diagnostic& d : sheet.errors)
      if (d.file == file) d.line = d.column = 0;
    print_diagnostics(sheet.errors);
    return kInvalidInput;
  }
  // Never over another file unless asked, and then under its lock, keeping its mode and owner; never
  // over a file the ruleset is read from, which the sheet would then name in its place.
  if (force && fs::exists(fs::symlink_status(path, ec))) {
    if (const std::string refusal = output_over_ruleset_refusal("", file, loader.load(ruleset)); !refusal.empty()) {
      print_error(refusal + "; no sheet is written");
      return kInvalidInput;
    }
    auto old = open_for_edit(file, wait);
    if (!old) return kInvalidInput;
    if (const auto failure = old->replace(text)) {
      print_error(*failure);
      return kOutputFailed;
    }
  } else if (const auto failure = create_file(path, text)) {
    print_error(*failure);
    return fs::exists(fs::symlink_status(path, ec)) ? kInvalidInput : kOutputFailed;
  }
  Output& out = Output::standard();
  const int game_target = sheet.sheet.target_under(*sheet.ruleset);
  const int deals = sheet.ruleset->game.deals;
  const std::string length = game_target == 0 ? fmt::format("of {}", number_of(deals, "mène"))
                             : deals ? fmt::format("to {} points or {}", game_target, number_of(deals, "mène"))
                                        : fmt::format("to {} points", game_target);
  out.line(fmt::format("{}: a new game under {}, {}: {} (NS) against {} (EW)", file, sheet.ruleset->info.name, length,
                       teams[Team::NS], teams[Team::EW]));
  return reported(out);
}

// The text of `file` where it is JSON, so a game's record (`belote play --record game.json`), read as
// the sheet was: what the sheet reader refused to read (a FIFO, a device, a terminal) is not read here.
// A record with a mistake in it is one still: the record's reader says where it is.
std::optional<std::string> json_record_text(const std::string& file) {
  Diagnostics refused;
  auto text = read_whole_file(file, file, refused);
  if (!text || !is_json_text(*text)) return std::nullopt;
  return text;
}

// A game's record in JSON as a score sheet: replayed under the ruleset it holds or names (a path
// relative to the record, as a sheet's), its mènes then written as its TOML form holds them.
LoadedSheet json_record_sheet(const std::string& file, const std::string& text, const RulesetLoader& loader) {
  LoadedSheet out;
  out.display = file;
  out.directory = fs::path(file).parent_path();
  const auto loaded = load_record_ruleset(loader, text, false, file, out.directory);
  if (!loaded) {
    out.errors.push_back(Diagnostic{file, 1, 1, "the record names no ruleset (its key 'ruleset')", ""});
    return out;
  }
  if (!loaded->ok()) {
    out.errors = loaded->errors;
    return out;
  }
  const ReplayedRecord replayed = replay_record(*loaded->ruleset, text);
  if (!replayed.table || !replayed.error.empty()) {
    out.errors.push_back(Diagnostic{file, replayed.line, replayed.column, replayed.error, replayed.source_line});
    return out;
  }
  const std::optional<RecordRuleset> named = record_ruleset(text);
  out.sheet = record_sheet(*replayed.table);
  out.sheet.ruleset = named->name;
  out.sheet.holds_rules = named->holds_rules;
  out.ruleset = loaded->ruleset;
  return out;
}

int show(const Args& args) {
  po::options_description options("options");
  std::string file, format = "text";
  bool ascii = false;
  RulesetOptions rulesets;
  options.add_options()
      ("format,f", po::value(&format)->value_name("text|json"), "text (a table for a person) or json (default: text)")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) and arrows as -> instead of symbols");
  po::variables_map vm;
  if (!parse_sheet_options(args, options, file, rulesets, vm,
                           "belote sheet show FILE [--format text|json] [--ascii] [--rulesets-dir DIR]... [--untrusted]",
                           "belote sheet show examples/sheet.toml"))
    return kSuccess;
  require_text_or_json(format);
  LoadedSheet sheet = read_sheet_file(file, rulesets.loader());
  // A game's record in JSON is no TOML: it is read as a record, and shown as its TOML form would be.
  if (!sheet.ok() && !names_toml_deal_file(file)) {
    if (auto text = json_record_text(file)) {
      sheet = json_record_sheet(file, *text, rulesets.loader());
      if (!sheet.ok()) {
        print_diagnostics(sheet.errors);
        return kInvalidInput;
      }
    }
  }
  if (!sheet.ok()) {
    print_diagnostics(sheet.errors);
    return kInvalidInput;
  }
  const GameScore game = score_sheet(*sheet.ruleset, sheet.sheet);
  Output& out = Output::standard();
  if (format == "json") out.line(json_text(sheet_json(*sheet.ruleset, sheet.sheet, game)));
  else out.write(sheet_text(*sheet.ruleset, sheet.sheet, game, suit_style(ascii)));
  return out.finish();
}

int write_added(LockedFile& sheet, const std::string& file, const SheetEdit& edit, bool ascii);

// `sheet add --play`: the mène read from a deal file (TOML) or a deal line (JSON Lines,
// standard input too), checked card by card.
int add_played(const std::string& file, const std::string& play, const po::variables_map& vm, const RulesetOptions& rulesets,
               std::chrono::milliseconds lock_wait, bool ascii) {
  for (const char* option : {"taker", "trump", "kind", "bid", "doubling", "points", "tricks", "roem", "capot", "announce",
                             "team-announcements", "belote", "auction", "dealer", "turned", "first"})
    if (vm.count(option))
      throw UsageError(fmt::format("--{} goes without --play: the played mène's file gives its keys", option));
  // Standard input is read to one byte past the limit, which the reader then refuses.
  std::optional<std::string> text;
  if (play == "-") {
    text.emplace(kMaxSheetMeneBytes + 1, '\0');
    std::cin.read(text->data(), std::streamsize(text->size()));
    text->resize(std::size_t(std::cin.gcount()));
  }
  const RulesetLoader loader = rulesets.loader();
  auto sheet = open_for_edit(file, lock_wait);
  if (!sheet) return kInvalidInput;
  const LoadedSheet loaded = read_sheet(sheet->text(), file, sheet_directory(file), loader);
  // Standard input is JSON Lines, as everywhere, but a mène in TOML (which never starts with '{')
  // is read as such, as it always was; a file is TOML where its name ends in .toml.
  const auto is_toml = [](const std::string& input) {
    const std::size_t first = input.find_first_not_of(" \t\r\n");
    return first != std::string::npos && input[first] != '{';
  };
  const SheetEdit edit = !text                ? add_played_mene_file(loaded, play, loader)
                         : is_toml(*text)     ? add_played_mene(loaded, *text, "<stdin>", loader)
                                              : add_played_mene_line(loaded, *text, "<stdin>", loader);
  return write_added(*sheet, file, edit, ascii);
}

int add(const Args& args) {
  po::options_description options("options");
  std::string file, points, tricks, roem;
  std::vector<std::string> announced, team_announcements, belotes, auction;
  std::string play;
  bool ascii = false;
  MeneEntry entry;
  RulesetOptions rulesets;
  options.add_options()
      ("taker", po::value(&entry.taker)->value_name("SEAT"), "the seat that took: N, E, S or W (or --auction)")
      ("trump", po::value(&entry.trump)->value_name("SUIT"), "the trump suit: S, H, D or C (or a symbol), where the kind has one")
      ("kind", po::value(&entry.kind)->value_name("KIND"), "the contract kind, where the ruleset names kinds (sans-atout, tout-atout...)")
      ("bid", po::value(&entry.bid)->value_name("BID"), "the bid, where the ruleset has bids: a number or a named bid (capot)")
      ("doubling", po::value(&entry.doubling)->value_name("LEVEL"), "the doubling level, if any (coinche, surcoinche...)")
      ("points", po::value(&points)->value_name("NS=N,EW=N"), "each team's card points with the last trick: NS=90,EW=72")
      ("tricks", po::value(&tricks)->value_name("NS=N,EW=N"), "each team's tricks, where they matter: NS=7,EW=1")
      ("roem", po::value(&roem)->value_name("NS=N,EW=N"), "each team's roem from its tricks, where the ruleset counts roem: NS=40,EW=20 (a team left out: 0)")
      ("capot", po::value(&entry.capot)->value_name("TEAM|SEAT"), "the team that took every trick, or the seat that took them alone (instead of --points)")
      ("announce", po::value(&announced)->composing()->value_name("SEAT=ANNOUNCEMENT"),
       "one announcement as a seat declared it: N=\"tierce KH\" (a sequence by its top card), E=\"carre J\" "
       "(a carré by its rank) (repeatable)")
      ("team-announcements", po::value(&team_announcements)->composing()->value_name("TEAM=N"),
       "or the points each team writes for its announcements: NS=50, or NS=50,EW=20 (repeatable)")
      ("belote", po::value(&belotes)->composing()->value_name("SEAT|TEAM"),
       "who holds the belote: a seat (N) or a team (NS); where every suit holds one, each holder: N,E or "
       "--belote N --belote E (repeatable)")
      ("auction", po::value(&auction)->composing()->value_name("CALLS"),
       "the mène's auction instead of --taker, --trump, --kind, --bid and --doubling: its calls in order, separated "
       "by commas (\"100 H, coinche, pass, pass, pass\"; four passes: a redeal), where the ruleset states its auction")
      ("dealer", po::value(&entry.dealer)->value_name("SEAT"),
       "with --auction: the seat that dealt (default: the seat the last mène's auction passes the deal to)")
      ("turned", po::value(&entry.turned)->composing()->value_name("SUIT"),
       "with --auction, in a turned-card auction: the turned card's suit, or the card itself (JH) where the ruleset "
       "turns a card up; again for each suit a further round turns")
      ("first", po::value(&entry.first)->value_name("SEAT"),
       "the seat that spoke first, for an exact tie won by the tied holder who speaks first (default: N); with "
       "--auction, the auction's first speaker where it is not the seat after the dealer (a game's first deal)")
      ("play", po::value(&play)->value_name("FILE|-"),
       "the mène as its played cards instead of the options above: a deal with its play (and its auction or "
       "contract keys), checked card by card; FILE.toml is read as TOML, any other FILE and - (standard input) as "
       "JSON Lines holding one deal line (belote deal --played writes them); - also reads TOML, which never starts with '{'")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) and arrows as -> instead of symbols");
  std::string lock_wait;
  add_lock_wait(options, lock_wait);
  po::variables_map vm;
  if (!parse_sheet_options(args, options, file, rulesets, vm,
                           "belote sheet add FILE --play FILE|- [--ascii] [--lock-wait SECONDS] [--rulesets-dir DIR]... "
                           "[--untrusted] | belote sheet add FILE (--taker SEAT [--kind KIND] [--trump SUIT] [--bid BID] [--doubling LEVEL] | "
                           "--auction CALLS [--dealer SEAT] [--turned SUIT]...) (--points NS=N,EW=N | --capot TEAM|SEAT) "
                           "[--tricks NS=N,EW=N] [--roem NS=N,EW=N] [--announce SEAT=ANNOUNCEMENT]... [--team-announcements TEAM=N]... "
                           "[--belote SEAT|TEAM]... [--first SEAT] [--ascii] [--lock-wait SECONDS] [--rulesets-dir DIR]... [--untrusted]",
                           "belote sheet add game.toml --taker N --trump H --points NS=90,EW=72 --announce N=\"tierce KH\" "
                           "--belote N"))
    return kSuccess;
  if (vm.count("play")) return add_played(file, play, vm, rulesets, lock_wait_of(lock_wait), ascii);
  for (const std::string& calls : auction) {
    for (std::size_t start = 0; start <= calls.size();) {
      const std::size_t comma = std::min(calls.find(',', start), calls.size());
      std::string call = trimmed(calls.substr(start, comma - start));
      if (call.empty()) throw UsageError(fmt::format("--auction: '{}' has an empty call (the calls are separated by commas: "
                                                     "--auction \"100 H, pass, pass, pass\")", shown(calls)));
      entry.calls.push_back(std::move(call));
      start = comma + 1;
    }
  }
  if (entry.taker.empty() && entry.calls.empty())
    throw UsageError("missing --taker SEAT: the seat that took: N, E, S or W (or --auction CALLS: the mène's calls, where "
                     "the ruleset states its auction)");
  for (const char* option : {"dealer", "turned"})
    if (vm.count(option) && entry.calls.empty())
      throw UsageError(fmt::format("--{} goes with --auction (the mène's calls)", option));
  entry.dealer = to_upper_ascii(entry.dealer);
  if (vm.count("points")) entry.points = team_numbers("points", points);
  if (vm.count("tricks")) entry.tricks = team_numbers("tricks", tricks);
  if (vm.count("roem")) entry.roem = team_numbers("roem", roem);
  for (const std::string& one : team_announcements)
    for (auto& given : team_numbers("team-announcements", one)) entry.team_announcements.push_back(std::move(given));
  for (const std::string& one : belotes) {
    for (std::size_t start = 0; start <= one.size();) {
      const std::size_t comma = std::min(one.find(',', start), one.size());
      entry.belote += (entry.belote.empty() ? "" : ",") + trimmed(one.substr(start, comma - start));
      start = comma + 1;
    }
  }
  for (const std::string& one : announced) entry.announcements.push_back(seat_announcement(one));
  entry.taker = to_upper_ascii(entry.taker);
  entry.capot = to_upper_ascii(entry.capot);
  entry.belote = to_upper_ascii(entry.belote);
  entry.first = to_upper_ascii(entry.first);

  const RulesetLoader loader = rulesets.loader();
  auto sheet = open_for_edit(file, lock_wait_of(lock_wait));
  if (!sheet) return kInvalidInput;
  const SheetEdit edit = add_mene(read_sheet(sheet->text(), file, sheet_directory(file), loader), entry, loader);
  return write_added(*sheet, file, edit, ascii);
}

// The sheet written with its new mène, and the new row and the game's state reported.
int write_added(LockedFile& sheet, const std::string& file, const SheetEdit& edit, bool ascii) {
  if (!edit.ok()) return refused(edit);
  if (const int status = write_edit(sheet, file, edit)) return status;
  const LoadedSheet& after = edit.after;
  const GameScore game = score_sheet(*after.ruleset, after.sheet);
  const int number = int(after.sheet.menes.size());
  Output& out = Output::standard();
  out.line(fmt::format("mène {} added to {}", number, file));
  out.write(sheet_table_text(*after.ruleset, after.sheet, game, number, suit_style(ascii)));
  out.write(game_state_text(after.sheet, game));
  return reported(out);
}

int undo(const Args& args) {
  po::options_description options("options");
  std::string file;
  RulesetOptions rulesets;
  std::string lock_wait;
  add_lock_wait(options, lock_wait);
  po::variables_map vm;
  if (!parse_sheet_options(args, options, file, rulesets, vm,
                           "belote sheet undo FILE [--lock-wait SECONDS] [--rulesets-dir DIR]... [--untrusted]",
                           "belote sheet undo game.toml"))
    return kSuccess;
  auto sheet = open_for_edit(file, lock_wait_of(lock_wait));
  if (!sheet) return kInvalidInput;
  const SheetEdit edit = remove_last_mene(sheet->text(), file, sheet_directory(file), rulesets.loader());
  if (!edit.ok()) return refused(edit);
  if (const int status = write_edit(*sheet, file, edit)) return status;
  Output& out = Output::standard();
  const LoadedSheet& after = edit.after;
  out.line(fmt::format("mène {} removed from {}", edit.removed, file));
  if (!after.ok()) {
    // The mène is gone; what is left still has errors to fix by hand.
    print_diagnostics(after.errors);
    const int status = reported(out);
    return status ? status : kInvalidInput;
  }
  out.write(game_state_text(after.sheet, score_sheet(*after.ruleset, after.sheet)));
  return reported(out);
}

constexpr Action kActions[] = {
    {"new", "start a sheet: its ruleset, target and teams", create},
    {"show", "the running totals mène by mène, and the winner", show},
    {"add", "add a mène from options (refused, with the reason, if the ruleset rejects it)", add},
    {"undo", "remove the last mène", undo},
};

}  // namespace
}  // namespace sheet_command

int run_sheet(const Args& args) { return run_action(args, sheet_command::kActions, sheet_command::kSheetUsageHint); }

}  // namespace belote::cli
