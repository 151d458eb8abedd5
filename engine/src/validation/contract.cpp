// The [contract] section: basis, ties, what failed takers keep, capot.
#include "sections.h"

#include <algorithm>
#include <set>

namespace belote::validation {

std::optional<ContractRules> read_contract(Reader& r) {
  ContractRules rules;
  bool ok = true;
  if (const SettingValue* value = r.require("contract.basis")) {
    if (const auto items = r.strings(*value)) {
      std::set<std::string> seen;
      for (const auto& [text, node] : *items) {
        const std::string lower = to_lower(text);
        if (lower != "card-points" && lower != "announcements" && lower != "belote") {
          r.item_error(*value, *node, fmt::format("'contract.basis': '{}' is not one of 'card-points', 'announcements', 'belote'{}",
                                                  printable(text), did_you_mean(text, {"card-points", "announcements", "belote"})));
          ok = false;
        } else if (!seen.insert(lower).second) {
          r.item_error(*value, *node, fmt::format("'contract.basis': '{}' is listed twice", lower));
          ok = false;
        }
      }
      if (ok && !seen.contains("card-points")) {
        r.error(*value, "'contract.basis' must include 'card-points'");
        ok = false;
      }
      rules.counts_announcements = seen.contains("announcements");
      rules.counts_belote = seen.contains("belote");
    } else {
      ok = false;
    }
  } else {
    ok = false;
  }
  if (const auto tie = r.choice("contract.on_tie")) rules.on_tie = ContractTie(*tie); else ok = false;
  if (const auto who = r.choice("contract.failed_announcements")) rules.failed_announcements = Beneficiary(*who); else ok = false;
  if (const auto who = r.choice("contract.failed_belote")) rules.failed_belote = Beneficiary(*who); else ok = false;
  if (const auto n = r.integer("contract.capot", 0, kMaxAnnouncementPoints)) rules.capot_points = int(*n); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
