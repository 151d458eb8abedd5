// Fuzz target: a game's record (`belote advise game.json`, Python's
// Table.replay), JSON where its first character that is no space is '{',
// else TOML, under the ruleset it holds (`rules`), or the shipped ruleset it
// names (else one the first byte chooses). Any text is replayed or refused with one message placed in the
// text; a record replayed writes records, JSON and TOML, that replay to the
// same game.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "belote/table_record.h"
#include "fuzz_support.h"

using namespace belote;

namespace {

// The ruleset the record holds (`rules`: a ruleset of one's own, loaded untrusted as a service would), else
// the shipped one it names, else one the first byte chooses. The record's own errors are bounded and placed.
std::shared_ptr<const Ruleset> named_or_chosen(std::string_view text, bool json) {
  static const RulesetLoader untrusted(RulesetSearchPath({{BELOTE_RULESETS_DIR, "installed"}}), RulesetTrust::untrusted);
  if (const auto held = load_record_ruleset(untrusted, text, !json, "game")) {
    fuzz::check_bounded(held->errors);
    fuzz::format_all(held->errors);
    if (held->ok() && held->ruleset->auction.given && !held->ruleset->own_document.empty()) return held->ruleset;
  }
  const auto named = json ? record_ruleset(text) : record_ruleset_toml(text);
  if (named)
    for (const auto& r : fuzz::shipped_rulesets())
      if (r->auction.given && r->info.name == named->name) return r;
  std::string_view rest = text;
  return std::shared_ptr<const Ruleset>(std::shared_ptr<const Ruleset>(), &fuzz::chosen_ruleset(rest, true));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  const bool json = first != std::string_view::npos && text[first] == '{';
  const std::shared_ptr<const Ruleset> held = named_or_chosen(text, json);
  const Ruleset& rules = *held;
  const ReplayedRecord replayed = json ? replay_record(rules, text) : replay_record_toml(rules, text);
  BELOTE_FUZZ_CHECK(replayed.line >= 0 && replayed.column >= 0 && replayed.menes >= 0);
  if (!replayed.table) {
    BELOTE_FUZZ_CHECK(!replayed.error.empty());
    Diagnostic placed{"game", replayed.line, replayed.column, replayed.error};
    placed.source_line = replayed.source_line;
    const Diagnostics errors{placed};
    fuzz::check_bounded(errors);
    fuzz::format_all(errors);
    return 0;
  }
  BELOTE_FUZZ_CHECK(replayed.error.empty());
  const Table& table = *replayed.table;
  const std::string written = record_json(table);
  for (const ReplayedRecord& again : {replay_record(rules, written), replay_record_toml(rules, record_toml(table))}) {
    BELOTE_FUZZ_CHECK(again.table.has_value() && again.error.empty());
    BELOTE_FUZZ_CHECK(record_json(*again.table) == written);
  }
  (void)record_deal_lines(table);
  return 0;
}
