// A game's record read back from its TOML form (table_record.h): the TOML
// written as the record's JSON, each value's place in that JSON noted, so
// that the JSON record's reader checks it and its error is placed back at
// the line and column of the TOML text.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sstream>

#include "belote/table_record.h"
#include "common/source_file.h"

namespace belote {

// A namespace of its own: the engine is built in unity batches, where another file's helpers may share a name.
namespace record_toml_reading {

// Records hold up to kMaxRecordMenes mènes of about a kilobyte each: more than a ruleset's or a deal's file.
constexpr std::uintmax_t kMaxRecordTomlBytes = std::uintmax_t{kMaxRecordMenes} * 4096;

/// Where a value (or a key) written into the JSON came from in the TOML.
struct Place {
  std::size_t offset = 0;  ///< where it starts in the JSON
  toml::source_position at;
  /// For a string written alike in both (one line, no escape, ASCII): its
  /// length, so that a token within it (a card of a hand) is placed too; else 0.
  std::size_t plain = 0;
};

class JsonWriter {
 public:
  std::string json;
  std::vector<Place> places;

  void write(const toml::node& node) {
    places.push_back({json.size(), node.source().begin, plain_length(node)});
    if (const auto* table = node.as_table()) {
      json += '{';
      bool first = true;
      for (auto&& [key, value] : *table) {
        if (!first) json += ',';
        first = false;
        places.push_back({json.size(), key.source().begin, 0});
        json += nlohmann::json(std::string(key.str())).dump();
        json += ':';
        write(value);
      }
      json += '}';
    } else if (const auto* array = node.as_array()) {
      json += '[';
      for (std::size_t i = 0; i < array->size(); ++i) {
        if (i > 0) json += ',';
        write((*array)[i]);
      }
      json += ']';
    } else if (const auto* s = node.as_string()) {
      json += nlohmann::json(s->get()).dump();
    } else if (const auto* i = node.as_integer()) {
      json += std::to_string(i->get());
    } else if (const auto* f = node.as_floating_point()) {
      // A decimal stays one (2.0 is no whole number); NaN and the infinities, which JSON lacks, as text.
      const double d = f->get();
      std::string text = std::isfinite(d) ? fmt::format("{}", d) : nlohmann::json(fmt::format("{}", d)).dump();
      if (std::isfinite(d) && text.find_first_of(".e") == std::string::npos) text += ".0";
      json += text;
    } else if (const auto* b = node.as_boolean()) {
      json += b->get() ? "true" : "false";
    } else {
      // A date or a time, which no key of a record holds: as its text, refused as a string would be.
      std::ostringstream text;
      if (const auto* date = node.as_date()) text << date->get();
      else if (const auto* time = node.as_time()) text << time->get();
      else if (const auto* date_time = node.as_date_time()) text << date_time->get();
      json += nlohmann::json(text.str()).dump();
    }
  }

  /// The place in the TOML of `offset` in the JSON: the value or key that starts there, or
  /// the character of a plain string; else the value it is in.
  toml::source_position toml_place(std::size_t offset) const {
    const auto after = std::upper_bound(places.begin(), places.end(), offset,
                                        [](std::size_t at, const Place& p) { return at < p.offset; });
    if (after == places.begin()) return {};
    const Place& p = *std::prev(after);
    toml::source_position at = p.at;
    if (offset > p.offset && offset < p.offset + p.plain + 2) at.column += toml::source_index(offset - p.offset);
    return at;
  }

 private:
  static std::size_t plain_length(const toml::node& node) {
    const auto* s = node.as_string();
    if (!s) return 0;
    const std::string& text = s->get();
    const toml::source_region& source = node.source();
    const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
    const bool alike = source.begin.line == source.end.line && source.end.column - source.begin.column == text.size() + 2;
    return ascii && alike ? text.size() : 0;
  }
};

}  // namespace record_toml_reading

ReplayedRecord replay_record_toml(const Ruleset& rules, std::string_view toml) {
  using namespace record_toml_reading;
  Diagnostics errors;
  const auto file = parse_toml(std::string(toml), "", {}, errors, kMaxRecordTomlBytes);
  if (!file) {
    ReplayedRecord refused;
    refused.error = errors.front().message;
    refused.line = errors.front().line;
    refused.column = errors.front().column;
    refused.source_line = errors.front().source_line;
    return refused;
  }
  JsonWriter writer;
  writer.write(file->root);
  ReplayedRecord replayed = replay_record(rules, writer.json);
  if (replayed.line > 0) {
    // The JSON is one line: its column is the byte offset, plus 1.
    const toml::source_position at = writer.toml_place(std::size_t(replayed.column - 1));
    replayed.line = int(at.line);
    replayed.column = int(at.column);
    replayed.source_line = at.line > 0 ? file->line(int(at.line)) : "";
  }
  return replayed;
}

}  // namespace belote
