// The [rounding] section: how what each side writes is rounded, and the unit the sheet counts in.
#include "rulesets/validation/sections.h"

namespace belote::validation {

namespace {
constexpr std::int64_t kMaxStep = 1000;
}  // namespace

std::optional<RoundingRules> read_rounding(Reader& r) {
  RoundingRules rules;
  bool ok = true;
  if (r.find("rounding.step")) {
    if (const auto n = r.integer("rounding.step", 1, kMaxStep)) rules.step = int(*n); else ok = false;
  }
  rules.up_from = (rules.step + 1) / 2;
  if (const SettingValue* up_from = r.find("rounding.up_from")) {
    const SettingValue* step = r.find("rounding.step");
    // A base's threshold stays under an overlay's step (coinche's 5 under a
    // step of 20 rounds 166 to 180), but one that reaches the new step would
    // round every number down unasked: the overlay says what it means. Without
    // rounding (a step of 1, as an overlay may set) a base's threshold is moot.
    const bool inherited = step && up_from->layer < step->layer && rules.step > 1;
    if (const auto n = r.integer("rounding.up_from", 0, rules.step > 1 && !inherited ? rules.step : 1000)) {
      if (inherited && *n >= rules.step) {
        r.error(*step, fmt::format("'rounding.step' is {} here, but 'rounding.up_from' ({}, from {}) was written for an "
                                   "earlier step: set 'rounding.up_from' here too ({} rounds to the nearest {}, {} "
                                   "always down)",
                                   rules.step, *n, where(*up_from), rules.up_from, rules.step, rules.step));
        ok = false;
      } else {
        rules.up_from = int(*n);
      }
    } else {
      ok = false;
    }
  }
  if (r.find("rounding.sides")) {
    if (const auto sides = r.choice("rounding.sides")) rules.sides = RoundingSides(*sides); else ok = false;
  }
  if (r.find("rounding.keep_nonzero")) {
    if (const auto keep = r.boolean("rounding.keep_nonzero")) rules.keep_nonzero = *keep; else ok = false;
  }
  if (const SettingValue* unit = r.find("rounding.unit")) {
    if (const auto n = r.integer("rounding.unit", 1, 1000)) {
      rules.unit = int(*n);
      if (ok && rules.step % rules.unit != 0) {
        r.error(*unit, fmt::format("'rounding.unit' is {}, which does not divide 'rounding.step' ({}): written numbers "
                                   "would not be whole units",
                                   rules.unit, rules.step));
        ok = false;
      }
    } else {
      ok = false;
    }
  }
  return ok ? std::optional(rules) : std::nullopt;
}

RoundingRules rounding_step_as_far_as_known(const Reader& r) {
  RoundingRules rules;
  if (const SettingValue* step = r.find("rounding.step"))
    if (const auto* n = step->node->as_integer(); n && n->get() >= 1 && n->get() <= kMaxStep) rules.step = int(n->get());
  rules.up_from = (rules.step + 1) / 2;
  return rules;
}

}  // namespace belote::validation
