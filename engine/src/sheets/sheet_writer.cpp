// The edits `belote sheet` makes to a sheet file. toml++ writes every value;
// an edit keeps the user's text (comments, layout) where it can: a new mène
// is appended as a [[mene]] table, and undo cuts the last [[mene]] table off
// the end. When the result would not be the intended document (mènes written
// another way, or a table after the last mène), the whole file is rewritten
// in canonical form instead.
#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <sstream>
#include <string_view>
#include <vector>

#include "belote/deal_reader.h"
#include "belote/sheet_file.h"
#include "io/json_line_value.h"
#include "sheets/sheet_reading.h"
#include "common/text_util.h"

namespace belote {

namespace {

// Plain double-quoted strings, with Unicode as it is (team names, suits).
constexpr auto kFormat = toml::format_flags::allow_unicode_strings;

std::string formatted(const toml::table& table) {
  std::ostringstream out;
  out << toml::toml_formatter(table, kFormat);
  return out.str();
}

// "key = value", written by toml++ (inline tables stay on the line).
std::string key_line(std::string_view key, const toml::node& value) {
  toml::table one;
  one.insert(key, value);
  if (auto* table = one.get(key)->as_table()) table->is_inline(true);
  return formatted(one) + "\n";
}

// The keys of a mène in the order a person reads them.
constexpr std::string_view kMeneOrder[] = {"auction", "taker", "kind",  "trump", "bid",           "doubling", "first",
                                           "points",  "tricks", "capot", "roem",  "announcements", "belote",
                                           "hands",   "spoken", "said",  "revoke", "play"};

std::string mene_text(const toml::table& mene) {
  std::string text = "[[mene]]\n";
  for (std::string_view key : kMeneOrder)
    if (const toml::node* value = mene.get(key)) text += key_line(key, *value);
  return text;
}

std::string ending_with_newline(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
    text.pop_back();
  return text.empty() ? text : text + "\n";
}

Diagnostic whole_file_error(const std::string& display, std::string message) {
  return Diagnostic{display, 0, 0, std::move(message), ""};
}

// The entry as a mène table, each value as given, for the reader to check.
toml::table mene_table(const MeneEntry& entry, int number, const std::string& display, Diagnostics& errors) {
  toml::table mene;
  const auto refuse = [&](std::string message) {
    errors.push_back(whole_file_error(display, fmt::format("mène {} not added: {}", number, message)));
  };
  // Given with its auction, the first speaker is the auction's (the auction makes the mène's `first`).
  const bool by_auction = !entry.calls.empty();
  for (const auto& [key, value] : {std::pair{"taker", &entry.taker}, {"kind", &entry.kind}, {"trump", &entry.trump},
                                   {"doubling", &entry.doubling}, {"first", &entry.first}, {"capot", &entry.capot}})
    if (!value->empty() && !(by_auction && std::string_view(key) == "first")) mene.insert(key, *value);
  // Several belotes (every suit trumps) are seats separated by commas, written as an array.
  if (!entry.belote.empty()) {
    toml::array seats;
    for (std::size_t start = 0; start <= entry.belote.size();) {
      const std::size_t comma = std::min(entry.belote.find(',', start), entry.belote.size());
      seats.push_back(entry.belote.substr(start, comma - start));
      start = comma + 1;
    }
    if (seats.size() == 1) mene.insert("belote", entry.belote);
    else mene.insert("belote", seats);
  }
  // A bid of digits is a number; anything else names a bid (capot, générale).
  if (!entry.bid.empty()) {
    const bool digits = entry.bid.size() <= 9 && std::all_of(entry.bid.begin(), entry.bid.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) mene.insert("bid", std::stoll(entry.bid));
    else mene.insert("bid", entry.bid);
  }
  const auto numbers = [&](std::string_view key, const std::vector<std::pair<std::string, std::int64_t>>& values) {
    toml::table table;
    for (const auto& [team, n] : values)
      if (!table.insert(team, n).second) refuse(fmt::format("'{}.{}' is given twice", key, printable(team)));
    return table;
  };
  if (!entry.points.empty()) mene.insert("points", numbers("points", entry.points));
  if (!entry.tricks.empty()) mene.insert("tricks", numbers("tricks", entry.tricks));
  if (!entry.roem.empty()) mene.insert("roem", numbers("roem", entry.roem));
  if (!entry.announcements.empty() && !entry.team_announcements.empty()) {
    refuse("the announcements are given by seat (as declared) or by team (the points written), not both");
  } else if (!entry.team_announcements.empty()) {
    mene.insert("announcements", numbers("announcements", entry.team_announcements));
  } else if (!entry.announcements.empty()) {
    // Grouped by seat, each seat's in the order given.
    std::vector<std::string> seats;
    std::map<std::string, toml::array> lists;
    for (const auto& [seat, announcement] : entry.announcements) {
      if (!lists.count(seat)) seats.push_back(seat);
      lists[seat].push_back(announcement);
    }
    toml::table by_seat;
    for (const std::string& seat : seats) by_seat.insert(seat, lists[seat]);
    mene.insert("announcements", by_seat);
  }
  if (!entry.calls.empty()) {
    const auto strings = [](const std::vector<std::string>& values) {
      toml::array array;
      for (const std::string& value : values) array.push_back(value);
      return array;
    };
    toml::table auction;
    if (!entry.dealer.empty()) auction.insert("dealer", entry.dealer);
    if (!entry.first.empty()) auction.insert("first", entry.first);
    if (entry.turned.size() == 1) auction.insert("turned", entry.turned[0]);
    else if (!entry.turned.empty()) auction.insert("turned", strings(entry.turned));
    auction.insert("calls", strings(entry.calls));
    mene.insert("auction", auction);
  }
  for (auto&& [key, value] : mene)
    if (auto* table = value.as_table()) table->is_inline(true);
  return mene;
}

// The edit's text: `kept` if it reads as `intended`, else `intended` in canonical form.
void choose_text(std::string kept, const toml::table& intended, SheetEdit& edit) {
  try {
    if (toml::parse(kept) == intended) {
      edit.text = std::move(kept);
      edit.layout_kept = true;
      return;
    }
  } catch (const toml::parse_error&) {
  }
  // Canonical: each mène under its own [[mene]] header, its values on single lines.
  toml::table canonical = intended;
  if (toml::array* menes = canonical.get_as<toml::array>("mene")) {
    for (toml::node& mene : *menes) {
      if (toml::table* table = mene.as_table()) {
        table->is_inline(false);
        for (auto&& [key, value] : *table)
          if (toml::table* inner = value.as_table()) inner->is_inline(true);
      }
    }
  }
  edit.text = formatted(canonical) + "\n";
  edit.layout_kept = false;
}

}  // namespace

std::string new_sheet_text(const std::string& ruleset, std::optional<int> target, const PerTeam<std::string>& teams) {
  std::string text =
      "# A belote score sheet: one [[mene]] table per mène, in the order played.\n"
      "# Add mènes with 'belote sheet add' or by hand; see docs/sheet.md.\n";
  text += key_line("ruleset", toml::value<std::string>(ruleset));
  if (target) text += key_line("target", toml::value<std::int64_t>(*target));
  text += key_line("teams", toml::table{{"NS", teams[Team::NS]}, {"EW", teams[Team::EW]}});
  return text;
}

namespace {

// Refuses any mène on a sheet that does not read or whose game is over; true when one may be added.
bool open_to_a_mene(const LoadedSheet& sheet, SheetEdit& edit) {
  if (!sheet.ok()) {
    edit.errors = sheet.errors;
    return false;
  }
  const GameScore game = score_sheet(*sheet.ruleset, sheet.sheet);
  const int number = int(sheet.sheet.menes.size()) + 1;
  if (game.winner) {
    edit.errors.push_back(whole_file_error(
        sheet.display, fmt::format("mène {} not added: the game ended at mène {} ({} won, {} to {}); a new game needs a "
                                   "new sheet", number, game.decided_at, printable(sheet.sheet.teams[*game.winner]),
                                   game.totals[*game.winner], game.totals[other(*game.winner)])));
    return false;
  }
  if (game.drawn) {
    edit.errors.push_back(whole_file_error(
        sheet.display, fmt::format("mène {} not added: the game ended drawn at mène {} ({} each); a new game needs a "
                                   "new sheet", number, game.decided_at, game.totals[Team::NS])));
    return false;
  }
  return true;
}

// The dealer of the mène's auction, from the sheet's last auction; nothing after adding why it cannot be known.
std::optional<Seat> dealer_from_sheet(const LoadedSheet& sheet, SheetEdit& edit) {
  const int number = int(sheet.sheet.menes.size()) + 1;
  const auto dealer = sheet.sheet.next_dealer();
  if (!dealer)
    edit.errors.push_back(whole_file_error(
        sheet.display, fmt::format("mène {} not added: its auction needs its dealer (auction.dealer): {}", number,
                                   number == 1 ? "it is the sheet's first mène"
                                               : "the mène before it gives no auction to pass the deal on")));
  return dealer;
}

// The sheet with `mene` appended, checked as the reader checks a file, in `edit`.
void append_mene(const LoadedSheet& sheet, const toml::table& mene, const RulesetLoader& loader, SheetEdit& edit) {
  const int number = int(sheet.sheet.menes.size()) + 1;
  const auto file = parse_toml(sheet.text, sheet.display, {}, edit.errors);
  if (!file) return;
  SourceFile intended = *file;
  if (!intended.root.contains("mene")) intended.root.insert("mene", toml::array{});
  intended.root.get("mene")->as_array()->push_back(mene);
  LoadedSheet checked = read_parsed_sheet(intended, sheet.directory, loader, std::size_t(number - 1));
  if (!checked.ok()) {
    edit.errors = std::move(checked.errors);
    return;
  }
  choose_text(ending_with_newline(sheet.text) + "\n" + mene_text(mene), intended.root, edit);
  if (edit.text.size() > kMaxSourceBytes) {
    edit.errors.push_back(whole_file_error(
        sheet.display, fmt::format("mène {} not added: the sheet would be {} bytes, over the limit of {} bytes a sheet "
                                   "may have (start a new sheet)", number, edit.text.size(), kMaxSourceBytes)));
    edit.text.clear();
    return;
  }
  edit.after = read_sheet(edit.text, sheet.display, sheet.directory, loader);
  if (!edit.after.ok()) {
    edit.errors.push_back(whole_file_error(sheet.display, "internal error: the sheet would not read back; it is left as it was"));
    edit.text.clear();
  }
}

// Every table within `node` written inline, those in arrays too (a JSON record's tricks are objects):
// toml++ would write an array of tables as [[key]] headers, which read back as another document.
void written_inline(toml::node& node) {
  if (toml::table* table = node.as_table()) {
    table->is_inline(true);
    for (auto&& [key, value] : *table) written_inline(value);
  } else if (toml::array* array = node.as_array()) {
    for (toml::node& item : *array) written_inline(item);
  }
}

// A played mène read from its input, its tables written inline, appended.
void append_played_mene(const LoadedSheet& sheet, toml::table mene, const RulesetLoader& loader, SheetEdit& edit) {
  for (auto&& [key, value] : mene) written_inline(value);
  append_mene(sheet, mene, loader, edit);
}

// A line of a played mène's JSON Lines input, and its number.
struct NumberedLine {
  std::string_view text;
  long number = 0;
};

// The first two lines of `text` that are not blank (blank lines are skipped,
// as every reader of JSON Lines skips them), and how many lines it has.
std::vector<NumberedLine> deal_lines(std::string_view text, long& count) {
  std::vector<NumberedLine> found;
  count = 0;
  for (std::size_t start = 0; start < text.size() && found.size() < 2;) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++count;
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) found.push_back({line, count});
  }
  return found;
}

}  // namespace

SheetEdit add_mene(const LoadedSheet& sheet, const MeneEntry& entry, const RulesetLoader& loader) {
  SheetEdit edit;
  if (!open_to_a_mene(sheet, edit)) return edit;
  // An auction's dealer follows from the sheet's last auction, where it gives one.
  MeneEntry completed = entry;
  if (!completed.calls.empty() && completed.dealer.empty()) {
    const auto dealer = dealer_from_sheet(sheet, edit);
    if (!dealer) return edit;
    completed.dealer = std::string(name(*dealer));
  }
  const toml::table mene = mene_table(completed, int(sheet.sheet.menes.size()) + 1, sheet.display, edit.errors);
  if (!edit.errors.empty()) return edit;
  append_mene(sheet, mene, loader, edit);
  return edit;
}

static_assert(kMaxSheetMeneBytes == kMaxSourceBytes);

SheetEdit add_played_mene(const LoadedSheet& sheet, const std::string& text, const std::string& display,
                          const RulesetLoader& loader) {
  SheetEdit edit;
  if (!open_to_a_mene(sheet, edit)) return edit;
  const auto file = parse_toml(text, display, {}, edit.errors);
  if (!file) return edit;
  // An auction without its dealer is dealt by the seat the sheet's last auction passed the deal to.
  toml::table* deal = file->root.get_as<toml::table>("deal");
  toml::table* auction = (deal ? deal : &file->root)->get_as<toml::table>("auction");
  if (auction && !auction->contains("dealer")) {
    const auto dealer = dealer_from_sheet(sheet, edit);
    if (!dealer) return edit;
    auction->insert("dealer", std::string(name(*dealer)));
  }
  auto mene = read_played_mene_file(*sheet.ruleset, *file, edit.errors);
  if (!mene) return edit;
  append_played_mene(sheet, std::move(*mene), loader, edit);
  return edit;
}

SheetEdit add_played_mene_line(const LoadedSheet& sheet, const std::string& text, const std::string& display,
                               const RulesetLoader& loader) {
  SheetEdit edit;
  if (!open_to_a_mene(sheet, edit)) return edit;
  if (text.size() > kMaxSheetMeneBytes) {
    edit.errors.push_back(whole_file_error(
        display, fmt::format("text too large ({} bytes; the limit is {} bytes)", text.size(), kMaxSheetMeneBytes)));
    return edit;
  }
  long count = 0;
  const std::vector<NumberedLine> lines = deal_lines(text, count);
  if (lines.empty()) {
    edit.errors.push_back(whole_file_error(
        display, fmt::format("no mène: {}; a played mène in JSON Lines is one line holding a JSON object, as `belote "
                             "deal --played` writes it (a file whose name ends in .toml is read as TOML)",
                             count == 0 ? "the input is empty" : count == 1 ? "its one line is blank"
                                                                            : fmt::format("its {} lines are blank", count))));
    return edit;
  }
  const NumberedLine* line = &lines.front();
  const JsonLinePlace place(line->text, display, line->number);
  auto value = parse_json_line(line->text, place, "deal", edit.errors);
  if (!value) {
    // A mène in TOML given where JSON Lines are read: say where TOML is read.
    const std::size_t first = line->text.find_first_not_of(" \t");
    if (!edit.errors.empty() && first != std::string_view::npos && line->text[first] != '{')
      edit.errors.back().message += " (this input is JSON Lines, a JSON object a line; a mène in TOML is read from a file "
                                    "whose name ends in .toml)";
    return edit;
  }
  if (lines.size() > 1) {
    edit.errors.push_back(JsonLinePlace(lines[1].text, display, lines[1].number)
                              .at(1, fmt::format("a second mène (line {} holds one): a played mène's JSON Lines hold "
                                                 "one line; the mènes of a game are added one by one", line->number)));
    return edit;
  }
  if (!value->is_object()) {
    edit.errors.push_back(place.at(1, "a mène must be a JSON object, as a deal line is"));
    return edit;
  }
  // An auction without its dealer is dealt by the seat the sheet's last auction passed the deal to.
  if (const auto auction = value->find("auction"); auction != value->end() && auction->is_object() && !auction->contains("dealer")) {
    const auto dealer = dealer_from_sheet(sheet, edit);
    if (!dealer) return edit;
    (*auction)["dealer"] = std::string(name(*dealer));
  }
  auto mene = read_played_mene_line(*sheet.ruleset, *value, line->text, line->number, display, edit.errors);
  if (!mene) return edit;
  append_played_mene(sheet, std::move(*mene), loader, edit);
  return edit;
}

SheetEdit add_played_mene_file(const LoadedSheet& sheet, const std::filesystem::path& path, const RulesetLoader& loader) {
  SheetEdit edit;
  const auto text = read_text_file(path, path.string(), edit.errors);
  if (!text) return edit;
  // As every deal input is read (docs/deals.md): TOML by its name, anything else JSON Lines.
  const std::string display = path.string();
  if (names_toml_deal_file(display)) return add_played_mene(sheet, *text, display, loader);
  return add_played_mene_line(sheet, *text, display, loader);
}

SheetEdit remove_last_mene(const std::filesystem::path& path, const RulesetLoader& loader) {
  SheetEdit edit;
  const auto text = read_text_file(path, path.string(), edit.errors);
  if (!text) return edit;
  return remove_last_mene(*text, path.string(), sheet_directory(path), loader);
}

SheetEdit remove_last_mene(const std::string& text, const std::string& display,
                           const std::filesystem::path& directory, const RulesetLoader& loader) {
  SheetEdit edit;
  const auto file = parse_toml(text, display, {}, edit.errors);
  if (!file) return edit;
  toml::array* menes = file->root.get_as<toml::array>("mene");
  if (!menes || menes->empty()) {
    edit.errors.push_back(whole_file_error(display, "the sheet has no mène to remove"));
    return edit;
  }
  // Cut the text at the line that starts the last mène ([[mene]]).
  const auto header_line = menes->back().source().begin.line;
  std::size_t cut = 0;
  for (std::uint32_t line = 1; line < header_line && cut != std::string::npos; ++line) {
    cut = text.find('\n', cut);
    if (cut != std::string::npos) ++cut;
  }
  edit.removed = int(menes->size());
  toml::table intended = file->root;
  toml::array& remaining = *intended.get_as<toml::array>("mene");
  remaining.erase(remaining.end() - 1);
  if (remaining.empty()) intended.erase("mene");
  choose_text(ending_with_newline(text.substr(0, std::min(cut, text.size()))), intended, edit);
  edit.after = read_sheet(edit.text, display, directory, loader);
  return edit;
}

}  // namespace belote
