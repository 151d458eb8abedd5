// The [play] section: the legal-card conventions and the belote's call.
#include "rulesets/validation/sections.h"

namespace belote::validation {

std::optional<PlayRules> read_play(Reader& r) {
  // A file that does not say takes the French federation's rules (the
  // registry's defaults, PlayRules' own), whose belote is said with its first
  // card. This changes no old file: the call matters only in played mènes.
  PlayRules rules;
  bool ok = true;
  // Every key has a default (the registry's), so that files written before the
  // play was data keep their meaning.
  const auto duty = [&](const char* key, PlayDuty& out) {
    if (!r.find(key)) return;
    if (const auto n = r.choice(key)) out = PlayDuty(*n); else ok = false;
  };
  const auto flag = [&](const char* key, bool& out) {
    if (!r.find(key)) return;
    if (const auto b = r.boolean(key)) out = *b; else ok = false;
  };
  duty("play.raise_on_trump_lead", rules.raise_on_trump_lead);
  duty("play.must_trump", rules.must_trump);
  flag("play.overtrump", rules.overtrump);
  if (r.find("play.undertrump")) {
    if (const auto n = r.choice("play.undertrump")) rules.undertrump = Undertrump(*n); else ok = false;
  }
  flag("play.trump_instead_of_following", rules.trump_instead_of_following);
  flag("play.trump_jack_exempt", rules.trump_jack_exempt);
  duty("play.raise_in_all_trumps", rules.raise_in_all_trumps);
  if (r.find("play.undertrump_ban")) {
    if (const auto n = r.choice("play.undertrump_ban")) rules.undertrump_ban = UndertrumpBan(*n); else ok = false;
  }
  if (r.find("play.belote_call")) {
    if (const auto n = r.choice("play.belote_call")) rules.belote_call = BeloteCall(*n); else ok = false;
  }
  flag("play.rebelote_required", rules.rebelote_required);
  flag("play.belote_led_or_followed", rules.belote_led_or_followed);
  if (auto revoke = read_revoke(r)) rules.revoke = std::move(*revoke); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
