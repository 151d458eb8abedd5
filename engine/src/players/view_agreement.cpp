// What a seat's view derives, against its replay (view_reader.h): the keys
// derived from the calls and cards, and the 'legal' list of an `act` message.
#include "players/view_reader.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "belote/table_json.h"
#include "common/text_util.h"

namespace belote::view_reading {

// The keys derived from the others, checked against the replay when given.
const std::vector<std::string> kDerivedKeys{"phase", "to_act", "contract", "trick", "trick_winners", "points", "tricks", "roem"};

// A JSON value quoted in a message.
std::string shown_json(const nlohmann::json& value) { return printable(value.dump(), 200); }

bool ViewReader::agrees(const InputNode& view, const nlohmann::json& given, const Table& table, const Observation& replayed) {
  const auto expected = nlohmann::json::parse(observation_json(table, replayed));
  for (const std::string& key : kDerivedKeys) {
    const InputNode* node = view.get(key);
    if (node && given[key] != expected[key])
      return fail(*node, fmt::format("'{}' is {}, but the calls and cards give {}", key, shown_json(given[key]), shown_json(expected[key])));
  }
  if (replayed.dealt != seen_.dealt)
    return fail(key_or_object(view, "dealt"), fmt::format("'dealt' holds {}, but 'hand' and the cards {} played give {}",
                                                          deck_.cards_text(seen_.dealt), name(seen_.seat), deck_.cards_text(replayed.dealt)));
  if (const InputNode* proposals = view.get("proposals"); proposals && replayed.proposals != seen_.proposals) {
    std::vector<std::string> suits;
    for (Suit s : replayed.proposals) suits.push_back(deck_.suits[s]);
    return fail(*proposals, fmt::format("'proposals' is {}, but the calls give [{}]", shown_json(given["proposals"]), fmt::join(suits, ", ")));
  }
  // Announcements by their names too, in any order (a view written in seat
  // order reads as one in the order declared); their points where the view gives them.
  if (const InputNode* declared = view.get("declared")) {
    const bool points = std::all_of(given["declared"].begin(), given["declared"].end(),
                                    [](const nlohmann::json& entry) { return entry.contains("points"); });
    auto sorted = [points](nlohmann::json list) {
      for (auto& entry : list) {
        if (entry.contains("cards") && entry["cards"].is_array()) std::sort(entry["cards"].begin(), entry["cards"].end());
        if (!points) entry.erase("points");
      }
      std::sort(list.begin(), list.end());
      return list;
    };
    if (sorted(given["declared"]) != sorted(expected["declared"]))
      return fail(*declared,
                  fmt::format("'declared' is {}, but the hands give {}", shown_json(given["declared"]), shown_json(expected["declared"])));
  }
  return true;
}

bool ViewReader::legal_agrees(const InputNode& legal, const Table& table) {
  const std::vector<Action> allowed = table.legal().list(table.actions(), rules_);
  std::vector<std::string> expected;
  for (Action a : allowed) expected.push_back(table.action_text(a));
  std::vector<Action> given;
  const bool read = read_objects(legal, "legal", "{\"action\": 20, \"text\": \"JD\"}", [&](const InputNode& entry, const std::string& at) {
    if (!known_keys(entry, {"action", "text"})) return false;
    const InputNode* action = required(entry, "action", "the action's number");
    const auto number = action ? read_number(*action, at + ".action", 0, table.actions().size() - 1) : std::nullopt;
    if (!number) return false;
    given.push_back(Action(*number));
    return true;
  });
  if (!read) return false;
  if (given != allowed) {
    std::vector<std::string> listed;
    for (Action a : given) listed.push_back(table.action_text(a));
    return fail(legal, fmt::format("'legal' lists {}, but the position allows {}",
                                   listed.empty() ? "nothing" : fmt::format("{}", fmt::join(listed, ", ")), fmt::join(expected, ", ")));
  }
  return true;
}

}  // namespace belote::view_reading
