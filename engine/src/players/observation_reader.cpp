// Reading a seat's view back (observation_reader.h): the keys that carry
// what was seen are read, replayed on a table dealt one world the seat cannot
// tell apart, and the keys derived from them checked against that table.
// ViewReader (view_reader.h) does each part in a file of its own; here, the
// order of the parts, from the text or the `act` message to the position.
#include "belote/observation_reader.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "io/json_line_value.h"
#include "io/text_place.h"
#include "players/seat_to_act.h"
#include "players/view_reader.h"

namespace belote {

namespace view_reading {

const std::vector<std::string> kMessageKeys{"type", "seat", "observation", "legal"};
const std::vector<std::string> kViewKeys{"seat",        "phase",     "to_act", "dealer",   "mene",   "played",    "hand",          "dealt",
                                         "turned_card", "proposals", "calls",  "contract", "cards",  "trick",     "trick_winners", "said_with_word",
                                         "declared",    "points",    "tricks", "roem",     "totals", "held_over", "target"};

bool ViewReader::read(const nlohmann::json& value, bool to_act) {
  const InputNode root = input_from_json(value, text_, 1);
  if (root.type != InputNode::Type::table)
    return fail(root, "a seat's view is a JSON object: an 'act' message of the bot protocol, or its 'observation'");
  if (!rules_.auction.given)
    return fail(root, fmt::format("ruleset '{}' states no auction ([auction]): a seat's view is of a mène at the table", rules_.info.name));
  const InputNode* view = &root;
  const nlohmann::json* view_json = &value;
  const InputNode* legal = nullptr;
  const InputNode* act_seat = nullptr;
  if (is_seat_view_message(root)) {
    if (!known_keys(root, kMessageKeys)) return false;
    if (const InputNode* type = root.get("type"); type && (type->type != InputNode::Type::string || type->text != "act"))
      return fail(*type, fmt::format("'type' is {}: only an 'act' message holds a seat's view", shown(*type)));
    view = root.get("observation");
    if (!view) return fail(root, "missing key 'observation' (the seat's view)");
    if (view->type != InputNode::Type::table) return fail(*view, fmt::format("'observation' must be an object, not {}", view->type_name()));
    view_json = &value["observation"];
    legal = root.get("legal");
    act_seat = root.get("seat");
  }
  if (!known_keys(*view, kViewKeys) || !read_view(*view)) return false;
  if (act_seat) {
    const auto seat = read_seat(*act_seat, "seat");
    if (!seat) return false;
    if (*seat != seen_.seat) return fail(*act_seat, fmt::format("'seat' is {}, but the observation is {}'s", name(*seat), name(seen_.seat)));
  }
  if (!replay(*view)) return false;
  Table& table = *position_.table;
  // The sheet's figures are the file's: one mène replayed has no sheet.
  Observation replayed = table.observe(seen_.seat);
  replayed.played = seen_.played;
  replayed.totals = seen_.totals;
  replayed.held_over = seen_.held_over;
  replayed.target = seen_.target;
  keep_cards_given(table, replayed);
  if (!agrees(*view, *view_json, table, replayed)) return false;
  if (to_act && replayed.to_act != replayed.seat)
    return fail(*view->get("seat"), not_the_seat_to_act(replayed.seat, replayed.to_act));
  if (legal && !legal_agrees(*legal, table)) return false;
  position_.seen = std::move(replayed);
  return true;
}

}  // namespace view_reading

bool is_seat_view(const nlohmann::json& value) {
  if (!value.is_object()) return false;
  if (value.contains("type") || value.contains("observation")) return true;
  // Any key of a view but `mene` and `target`, which a record has too: a view that lacks a required key is
  // still a view, and its error names the key it lacks.
  for (const std::string& key : view_reading::kViewKeys)
    if (key != "mene" && key != "target" && value.contains(key)) return true;
  return false;
}

bool ObservationReader::read(std::string_view text, const std::string& display, SeatPosition& out, Diagnostics& errors, bool to_act) const {
  // Parsed as a line of JSON Lines is, with the same errors; places found again in a text of several lines.
  const JsonLinePlace place(text, display, 1);
  Diagnostics parse_errors;
  const auto value = parse_json_line(text, place, "seat's view", parse_errors);
  if (!value) {
    for (const Diagnostic& d : parse_errors) errors.push_back(view_reading::placed(text, display, d.column, d.message));
    return false;
  }
  view_reading::ViewReader reader(rules_, text, display, errors);
  if (!reader.read(*value, to_act)) return false;
  out = reader.take();
  return true;
}

}  // namespace belote
