// Fuzz target: a score sheet whose mènes are given as their auctions, under
// the shipped ruleset with an auction that the first byte chooses; the rest is
// the sheet's mènes ([[mene]] tables). The sheet is read or refused with
// bounded messages; a sheet read is scored and written, and a mène added as
// its auction reads back with one mène more.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const RulesetLoader loader(fuzz::shipped_loader().search(), RulesetTrust::untrusted);
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const Ruleset& rules = fuzz::chosen_ruleset(rest, true);
  const std::string text = "ruleset = \"" + rules.info.name + "\"\n" + std::string(rest);
  const LoadedSheet sheet = read_sheet(text, "game.toml", ".", loader);
  fuzz::check_bounded(sheet.errors);
  fuzz::format_all(sheet.errors);
  if (!sheet.ok()) return 0;
  const GameScore game = score_sheet(*sheet.ruleset, sheet.sheet);
  (void)sheet_text(*sheet.ruleset, sheet.sheet, game, SuitStyle::symbol);
  BELOTE_FUZZ_CHECK(nlohmann::json::accept(json_text(sheet_json(*sheet.ruleset, sheet.sheet, game))));

  MeneEntry entry;
  entry.calls = {"pass", "pass", "pass", "pass"};
  if (!sheet.sheet.next_dealer()) entry.dealer = "N";
  if (rules.auction.style == AuctionStyle::turned_card) entry.turned = {"H"};
  const SheetEdit added = add_mene(sheet, entry, loader);
  fuzz::check_bounded(added.errors);
  if (added.ok()) {
    const LoadedSheet again = read_sheet(added.text, "game.toml", ".", loader);
    BELOTE_FUZZ_CHECK(again.ok() && again.sheet.menes.size() == sheet.sheet.menes.size() + 1);
  }
  return 0;
}
