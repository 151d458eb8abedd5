// The [play] section: the legal-card conventions and the belote's call.
#include "rulesets/validation/sections.h"

namespace belote::validation {

namespace {

constexpr std::array<std::string_view, 3> kCallNames{"held", "first", "first-or-second"};

// A key that refines how the belote is said means nothing under some calls:
// set with one, it is refused rather than left without effect. The error goes
// to whichever of the two keys the later file set.
bool refinement_fits(Reader& r, const PlayRules& rules, const char* key, bool set, bool fits, std::string_view needs,
                     std::string_view calls) {
  if (!set || fits) return true;
  const SettingValue* refinement = r.find(key);
  const SettingValue* call = r.find("play.belote_call");
  const bool at_call = call && call->layer > refinement->layer;
  // The message places the key it is not written under.
  const std::string call_place = at_call ? "" : call ? fmt::format(" ({})", where(*call)) : " (the default)";
  const std::string refinement_place = at_call ? fmt::format(" ({})", where(*refinement)) : "";
  r.error(at_call ? *call : *refinement,
          fmt::format("'{}' = true{} {}: it needs 'play.belote_call' = {}, not \"{}\"{}", key, refinement_place, needs,
                      calls,
                      kCallNames[std::size_t(rules.belote_call)], call_place));
  return false;
}

bool belote_call_fits(Reader& r, const PlayRules& rules) {
  const bool rebelote = refinement_fits(r, rules, "play.rebelote_required", rules.rebelote_required,
                                        rules.belote_call == BeloteCall::first,
                                        "asks for \"rebelote\" with the second card after the word said with the first",
                                        "\"first\"");
  const bool led = refinement_fits(r, rules, "play.belote_led_or_followed", rules.belote_led_or_followed,
                                   rules.belote_call != BeloteCall::held, "limits when the pair may be called",
                                   "\"first\" or \"first-or-second\"");
  return rebelote && led;
}

}  // namespace

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
  if (!belote_call_fits(r, rules)) ok = false;
  if (auto revoke = read_revoke(r)) rules.revoke = std::move(*revoke); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
