// Advice as JSON.
#include "belote/advice_json.h"

#include <nlohmann/json.hpp>

#include "belote/json_text.h"

namespace belote {

std::string advice_json(const Table& table, const Advice& advice) {
  using nlohmann::ordered_json;
  ordered_json actions = ordered_json::array();
  for (const ActionAdvice& a : advice.actions) {
    ordered_json row{{"action", a.action}, {"text", table.action_text(a.action)}, {"valued", a.valued}};
    row["expected"] = a.valued ? ordered_json(json_decimal(a.expected, 2)) : ordered_json(nullptr);
    row["spread"] = a.valued ? ordered_json(json_decimal(a.spread, 2)) : ordered_json(nullptr);
    row["make_chance"] = a.valued && a.make_chance ? ordered_json(json_decimal(*a.make_chance, 4)) : ordered_json(nullptr);
    actions.push_back(std::move(row));
  }
  return json_text(ordered_json{{"seat", std::string(name(advice.seat))},
                                {"phase", advice.auction ? "auction" : "play"},
                                {"measure", advice.auction ? "score" : "points"},
                                {"worlds", advice.worlds},
                                {"inconsistent_worlds", advice.inconsistent},
                                {"stopped", advice.stopped},
                                {"best", advice.best},
                                {"best_text", table.action_text(advice.best)},
                                {"actions", std::move(actions)}});
}

}  // namespace belote
