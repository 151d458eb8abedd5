// Fuzz target: what a person types at the table (`belote play`'s prompt, a
// bot's {"text": …} answer), a line each, at a table of the shipped ruleset
// with an auction that the first byte chooses, dealt from the second byte.
// Each line means an action or nothing; an action is applied when legal and
// refused with a bounded message naming the rule otherwise; the table stays
// a game whose record replays to itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "belote/table.h"
#include "belote/table_record.h"
#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const Ruleset& rules = fuzz::chosen_ruleset(text, true);
  TableSetup setup;
  setup.seed = text.empty() ? 0 : static_cast<unsigned char>(text[0]);
  if (!text.empty()) text.remove_prefix(1);
  Table table(rules, setup);
  int lines = 0;
  while (!text.empty() && !table.over() && ++lines <= 2000) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    const std::optional<Action> action = table.parse_action(line);
    if (!action) continue;
    BELOTE_FUZZ_CHECK(*action < table.actions().size());
    const bool legal = table.legal().contains(table.actions(), *action);
    const std::string said = table.action_text(*action);
    const std::optional<TableError> refused = table.apply(*action);
    BELOTE_FUZZ_CHECK(refused.has_value() != legal);
    if (refused) {
      const Diagnostics errors{Diagnostic{"table", 0, 0, refused->message}};
      fuzz::check_bounded(errors);
    } else {
      // What the table writes for an action reads back as that action.
      BELOTE_FUZZ_CHECK(table.undo());
      BELOTE_FUZZ_CHECK(table.parse_action(said) == action);
      BELOTE_FUZZ_CHECK(!table.apply(*action));
    }
  }
  const std::string written = record_json(table);
  const ReplayedRecord again = replay_record(rules, written);
  BELOTE_FUZZ_CHECK(again.table.has_value() && again.error.empty());
  BELOTE_FUZZ_CHECK(record_json(*again.table) == written);
  return 0;
}
