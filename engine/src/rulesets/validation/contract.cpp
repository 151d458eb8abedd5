// The [contract] section: the test the takers face, its basis, ties, what
// failed takers keep (the classic rules), capot, and held-over points.
#include "rulesets/validation/sections.h"

#include <algorithm>
#include <set>

namespace belote::validation {

std::optional<ContractRules> read_contract(Reader& r, const Deck* deck) {
  ContractRules rules;
  bool ok = true;
  bool test_read = true;
  if (r.find("contract.test")) {
    if (const auto test = r.choice("contract.test")) rules.test = ContractTest(*test); else ok = test_read = false;
  }
  if (r.find("contract.min_tricks")) {
    if (const auto n = r.integer("contract.min_tricks", 0, deck ? deck->hand_size : kMaxRanks)) rules.min_tricks = int(*n); else ok = false;
  }
  if (r.find("contract.held_over_to")) {
    if (const auto to = r.choice("contract.held_over_to")) rules.held_over_to = HeldOverTo(*to); else ok = false;
  }
  if (const SettingValue* value = r.require("contract.basis")) {
    if (const auto items = r.strings(*value)) {
      std::set<std::string> seen;
      for (const auto& [text, node] : *items) {
        const std::string lower = to_lower(text);
        if (lower != "card-points" && lower != "announcements" && lower != "belote" && lower != "roem") {
          r.item_error(*value, *node, fmt::format("'contract.basis': '{}' is not one of 'card-points', 'announcements', 'belote', 'roem'{}",
                                                  printable(text), did_you_mean(text, {"card-points", "announcements", "belote", "roem"})));
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
      rules.counts_roem = seen.contains("roem");
    } else {
      ok = false;
    }
  } else {
    ok = false;
  }
  // A tie matters only against the defenders (a test that does not read asks for nothing more);
  // what failed takers keep only when [scoring.failed] does not say.
  // A key missing that the test asks for is said at the test.
  const Reader::RequiredBy by_test(r, r.find("contract.test"));
  if ((test_read && rules.test == ContractTest::more_than_defenders) || r.find("contract.on_tie")) {
    if (const auto tie = r.choice("contract.on_tie")) rules.on_tie = ContractTie(*tie); else ok = false;
  }
  // Without a contract nothing fails: what failed takers keep does not matter.
  const bool failed_given = (r.find("scoring.failed.takers") && r.find("scoring.failed.defenders")) ||
                            rules.test == ContractTest::none || !test_read;
  if (!failed_given || r.find("contract.failed_announcements")) {
    if (const auto who = r.choice("contract.failed_announcements")) rules.failed_announcements = Beneficiary(*who); else ok = false;
  }
  if (!failed_given || r.find("contract.failed_belote")) {
    if (const auto who = r.choice("contract.failed_belote")) rules.failed_belote = Beneficiary(*who); else ok = false;
  }
  if (const auto n = r.integer("contract.capot", 0, kMaxAnnouncementPoints)) rules.capot_points = int(*n); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
