#include "deal_batch.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "belote/table_record.h"

namespace belote::cli {

BatchText::Errors merged_rejections(std::span<const Ruleset* const> rules, std::span<const Diagnostics> errors) {
  const Diagnostics merged = merged_diagnostics(rules, errors);
  BatchText::Errors out;
  out.diagnostics.assign(merged.begin(), merged.end());
  for (const Diagnostics& e : errors) out.kept = std::max(out.kept, e.size());
  // Counted with the input's other errors, and said once at its end (merged_diagnostics counts them).
  out.unkept = merged.unkept();
  return out;
}

std::string suggestion_note(RulesetSuggestion& suggestion, const RulesetSuggestion::Read& read, const DealPlace& place) {
  const std::string other = suggestion.for_deal(read);
  if (other.empty()) return "";
  return fmt::format("{}{}: this deal reads under --ruleset {}, whose deck it fits", place.input,
                     place.line ? fmt::format(":{}", place.line) : "", other);
}

std::string no_thread_message(std::error_code refused) {
  return fmt::format("cannot start a thread to work on the deals: {} (the system's limit on processes or on memory: "
                     "ulimit -u, ulimit -v)",
                     refused.message());
}

int open_input(const std::string& input, std::string& failure) {
  if (input != "-") return open_lines(input, failure);
  failure = lines_refusal(0);
  return failure.empty() ? 0 : -1;
}

namespace {

// A game's record, even one that does not parse or holds a key no record has: `sheet show` says what is wrong with it.
bool looks_like_record(std::string_view text) {
  const nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
  if (!value.is_discarded()) return value.is_object() && value.contains("mene") && value.contains("ruleset");
  return text.find("\"mene\"") != std::string_view::npos;
}

}  // namespace

std::string json_document_message(const std::string& display, LineChunk& first, LineChunker& chunker) {
  if (first.lines.empty() || first.lines[0].too_long || !opens_json_document(first.line(first.lines[0]))) return "";
  const long line = first.lines[0].number;
  // A record is read whole to tell it; past a record's size, whatever it is, it is no record.
  constexpr std::size_t kMostDocumentBytes = std::size_t{kMaxRecordMenes} * 4096;
  std::string text = first.text.substr(first.lines[0].offset);
  while (text.size() <= kMostDocumentBytes && chunker.next(first)) text += first.text;
  if (looks_like_record(text))
    return fmt::format("{}:{}:1: a game's record in JSON, not deal lines: {}", display, line,
                       display == "<stdin>" ? "`belote sheet show FILE` scores it from a file"
                                            : fmt::format("`belote sheet show {}` scores it", shell_path(display)));
  return fmt::format("{}:{}:1: a JSON document written over several lines, not JSON Lines: give each deal on a line of its "
                     "own (`jq -c .` writes a JSON value on one line, `jq -c '.[]'` an array's items a line each)",
                     display, line);
}

}  // namespace belote::cli
