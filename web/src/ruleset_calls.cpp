// Rulesets and deals: list the rulesets, load one (pasted text included),
// describe one for the mène form, score deals as `belote score --format json`.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>

#include "belote/outcome_writer.h"
#include "belote/position_reader.h"
#include "session.h"

namespace belote::web {

namespace fs = std::filesystem;

namespace {

// The same bound as `belote score` reading JSON Lines.
constexpr std::size_t kMaxDealLine = 1 << 16;

bool is_shipped(const std::string& name) {
  std::error_code ec;
  return fs::exists(fs::path(kShippedDir) / (name + ".toml"), ec);
}

}  // namespace

Json call_rulesets(Session& session, const Json&) {
  Json list = Json::array();
  for (const FoundRuleset& found : session.loader().search().list()) {
    Json entry{{"name", found.name}, {"origin", found.origin}};
    try {
      const auto rules = session.ruleset(found.name);
      entry["title"] = rules->info.title;
      entry["description"] = rules->info.description;
      entry["base"] = rules->info.base;
    } catch (const CallError& e) {
      entry["error"] = e.message;
    }
    list.push_back(std::move(entry));
  }
  return {{"rulesets", std::move(list)}};
}

// {name} loads a ruleset found by name. {text, display, register} loads text a
// person gave; with register, a ruleset that loads is kept under its name.
Json call_load_ruleset(Session& session, const Json& args) {
  if (!args.contains("text")) {
    const std::string name = string_arg(args, "name");
    LoadedRuleset loaded = session.loader().load(name);
    return {{"loaded", loaded.ok()}, {"name", loaded.ok() ? loaded.ruleset->info.name : name},
            {"errors", diagnostics_json(loaded.errors)}};
  }
  const std::string text = string_arg(args, "text");
  const std::string display = string_arg(args, "display", "pasted.toml");
  LoadedRuleset loaded = session.loader().load_string(text, display, "custom");
  Json reply{{"loaded", loaded.ok()}, {"errors", diagnostics_json(loaded.errors)}};
  if (!loaded.ok()) return reply;
  const std::string name = loaded.ruleset->info.name;
  reply["name"] = name;
  if (!args.value("register", false)) return reply;
  if (is_shipped(name)) {
    reply["loaded"] = false;
    reply["errors"] = diagnostics_json({Diagnostic{display, 0, 0,
        fmt::format("'{}' is the name of a shipped ruleset: give yours another name (name = \"...\")", name), ""}});
    return reply;
  }
  std::error_code ec;
  fs::create_directories(kUserDir, ec);
  std::ofstream(fs::path(kUserDir) / (name + ".toml"), std::ios::binary) << text;
  session.forget_rulesets();
  return reply;
}

Json call_describe(Session& session, const Json& args) {
  return {{"description", ruleset_description(*session.ruleset(string_arg(args, "ruleset")))}};
}

// The legal cards of a position of the play, as `belote legal --format json`
// writes them: {position} is an object or one JSON line (position_reader.h).
// A position that does not read is not refused: its errors come back.
Json call_legal(Session& session, const Json& args) {
  const auto rules = session.ruleset(string_arg(args, "ruleset"));
  const std::string line = json_line_arg(args, "position", "position");
  Position position;
  Diagnostics errors;
  if (!PositionReader(*rules).read_json_line(line, string_arg(args, "display", "<position>"), 1, position, errors))
    return {{"done", false}, {"answer", nullptr}, {"text", ""}, {"errors", diagnostics_json(errors)}};
  std::string text = legal_cards_json(*rules, position);
  Json answer = Json::parse(text);
  return {{"done", true}, {"answer", std::move(answer)}, {"text", std::move(text)}, {"errors", Json::array()}};
}

namespace {

// The text from `from` on in Latin-1, one byte a character, in place, when
// each of its characters is one: below U+0100, and no C1 control (U+0080 to U+009F,
// which a browser's "latin1" decoder reads as windows-1252 does). JavaScript
// makes a string from Latin-1 two to three times faster than from UTF-8, and
// outcomes are ASCII but for a few accented names ("carré"). False leaves
// the text as it is.
bool to_latin1(std::string& text, std::size_t from) {
  const auto ascii_run = [&](std::size_t i) {
    // Eight bytes at a time where no byte has its high bit.
    std::uint64_t word = 0;
    while (i + 8 <= text.size() && (std::memcpy(&word, text.data() + i, 8), (word & 0x8080808080808080u) == 0)) i += 8;
    while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80) ++i;
    return i;
  };
  const auto latin1_at = [&](std::size_t i) {  // the character of the two bytes at i, or -1
    if (i + 1 >= text.size()) return -1;
    const auto lead = static_cast<unsigned char>(text[i]), next = static_cast<unsigned char>(text[i + 1]);
    if ((next & 0xC0) != 0x80 || (lead != 0xC2 && lead != 0xC3)) return -1;
    const int c = (lead & 0x1F) << 6 | (next & 0x3F);
    return c < 0xA0 ? -1 : c;
  };
  const std::size_t first = ascii_run(from);
  for (std::size_t i = first; i < text.size(); i = ascii_run(i + 2))
    if (latin1_at(i) < 0) return false;
  std::size_t to = first;
  for (std::size_t i = first; i < text.size();) {
    text[to++] = char(latin1_at(i));
    const std::size_t end = ascii_run(i + 2);
    std::memmove(text.data() + to, text.data() + i + 2, end - i - 2);
    to += end - i - 2;
    i = end;
  }
  text.resize(to);
  return true;
}

// The first `size` bytes of the text, in Latin-1, back to UTF-8: a later
// piece of outcomes has a character Latin-1 has not.
void from_latin1(std::string& text, std::size_t size) {
  std::string utf8;
  utf8.reserve(text.size() + size / 64);
  for (std::size_t i = 0; i < size; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      utf8 += char(c);
    } else {
      utf8 += char(0xC0 | c >> 6);
      utf8 += char(0x80 | (c & 0x3F));
    }
  }
  utf8.append(text, size);
  text.swap(utf8);
}

}  // namespace

// Deals as JSON Lines, each scored as `belote score --format json` writes it,
// by the program's own writer. The outcomes are one JSON Lines text, handed
// to JavaScript as it is (Session::text): written into the JSON reply, each
// would be escaped there and parsed again. A deal that does not read is
// reported with its line and skipped.
Json call_score(Session& session, const Json& args) {
  const auto rules = session.ruleset(string_arg(args, "ruleset"));
  // The deals come as they are (belote_input), or as a string argument.
  const std::string deals = args.contains("deals") ? string_arg(args, "deals") : std::move(session.input);
  session.input.clear();
  const std::string display = string_arg(args, "display", "<deals>");
  // The fast path of `belote score`'s batches (the JSON library's SAX parser here), with the precise reader's messages.
  JsonLineReader reader(*rules);
  const OutcomeWriter writer(*rules);
  // The outcomes of a text's later pieces (belote-api.js scores a megabyte
  // at a time) follow those of the earlier ones, so that JavaScript makes a
  // single string of them all, with no strings of the pieces to join.
  std::string& out = session.text;
  const bool append = args.value("append", false);
  if (!append) {
    out.clear();
    session.text_latin1 = true;
  }
  // An outcome with its explanation is about five times its deal's line, the
  // whole text's (`expect`, its length) given with the first piece: the text
  // grows once, not twenty times. Memory freed first is reused (the last
  // call's outcomes), rather than more memory taken and touched. No more
  // is reserved than a JavaScript string holds (2^29 characters in V8).
  const std::size_t longest = std::size_t(1) << 29;
  const std::size_t expect = std::min(std::max(args.value("expect", std::size_t(0)), deals.size()) * 11 / 2, longest);
  const std::size_t wanted = out.size() + deals.size() * 11 / 2;
  if (!append && expect > out.capacity()) {
    std::string().swap(out);
    out.reserve(expect);
  } else if (wanted > out.capacity()) {
    out.reserve(std::max(wanted, 2 * out.capacity()));
  }
  const std::size_t from = out.size();
  Diagnostics errors;
  Deal deal;
  Outcome outcome;
  // A piece of a longer text (belote-api.js scores a megabyte at a time) says how many lines came before it.
  long number = args.value("line", 0L);
  std::size_t count = 0;
  for (std::size_t start = 0; start < deals.size();) {
    std::size_t end = deals.find('\n', start);
    if (end == std::string::npos) end = deals.size();
    const std::string_view line = std::string_view(deals).substr(start, end - start);
    start = end + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    if (line.size() > kMaxDealLine) {
      errors.push_back({display, int(number), 0, fmt::format("line too long (a deal is at most {} bytes)", kMaxDealLine), ""});
      continue;
    }
    if (!reader.read(line, display, number, deal, errors)) continue;
    evaluate(*rules, deal, outcome);
    writer.append(out, deal, outcome);
    out += '\n';
    ++count;
  }
  // In Latin-1 while every piece so far is: the first piece that is not takes the text back to UTF-8.
  if (session.text_latin1 && !to_latin1(out, from)) {
    from_latin1(out, from);
    session.text_latin1 = false;
  }
  return {{"count", count},
          {"lines", number - args.value("line", 0L)},
          {"errors", diagnostics_json(errors)},
          {"encoding", session.text_latin1 ? "latin1" : "utf-8"}};
}

}  // namespace belote::web
