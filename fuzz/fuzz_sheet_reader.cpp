// Fuzz target: a score sheet's text -> the sheet reader (its ruleset by name
// among the shipped ones, untrusted) -> the game's score, as text and JSON;
// then the edits: a mène added, by its contract and, where the ruleset states
// its auction, as a redeal (each new text reads back with one mène more), and
// the last mène removed.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"

using namespace belote;

namespace {

void check_messages(const Diagnostics& errors) {
  BELOTE_FUZZ_CHECK(errors.size() <= kMaxDiagnostics);
  fuzz::format_all(errors);
  for (const Diagnostic& d : errors) {
    BELOTE_FUZZ_CHECK(d.message.size() < 4096);
    BELOTE_FUZZ_CHECK(terminal_safe_line(d.message) == d.message);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const RulesetLoader loader(fuzz::shipped_loader().search(), RulesetTrust::untrusted);
  const std::string text(reinterpret_cast<const char*>(data), size);
  const LoadedSheet sheet = read_sheet(text, "game.toml", ".", loader);
  check_messages(sheet.errors);

  if (sheet.ok()) {
    const GameScore game = score_sheet(*sheet.ruleset, sheet.sheet);
    (void)sheet_text(*sheet.ruleset, sheet.sheet, game, SuitStyle::symbol);
    (void)json_text(sheet_json(*sheet.ruleset, sheet.sheet, game));
    for (const std::string& name : sheet.sheet.teams.values) BELOTE_FUZZ_CHECK(is_terminal_safe(name));

    MeneEntry entry;
    entry.taker = "N";
    entry.trump = "H";
    entry.points = {{"NS", 100}, {"EW", sheet.ruleset->deck.total_card_points() - 100}};
    const SheetEdit added = add_mene(sheet, entry, loader);
    check_messages(added.errors);
    if (added.ok()) {
      const LoadedSheet again = read_sheet(added.text, "game.toml", ".", loader);
      BELOTE_FUZZ_CHECK(again.ok() && again.sheet.menes.size() == sheet.sheet.menes.size() + 1);
    }
    if (sheet.ruleset->auction.given) {
      MeneEntry redeal;
      redeal.calls = {"pass", "pass", "pass", "pass"};
      if (!sheet.sheet.next_dealer()) redeal.dealer = "N";
      const SheetEdit dealt_again = add_mene(sheet, redeal, loader);
      check_messages(dealt_again.errors);
      if (dealt_again.ok()) {
        const LoadedSheet again = read_sheet(dealt_again.text, "game.toml", ".", loader);
        BELOTE_FUZZ_CHECK(again.ok() && again.sheet.menes.size() == sheet.sheet.menes.size() + 1);
        const GameScore before = score_sheet(*sheet.ruleset, sheet.sheet);
        const GameScore after = score_sheet(*again.ruleset, again.sheet);
        // A redeal (where four passes are one) writes nothing.
        if (again.sheet.menes.back().redeal) BELOTE_FUZZ_CHECK(after.totals == before.totals);
      }
    }
  }
  const SheetEdit removed = remove_last_mene(text, "game.toml", ".", loader);
  check_messages(removed.errors);
  if (removed.ok()) check_messages(removed.after.errors);
  return 0;
}
