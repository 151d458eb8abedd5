// One deal per JSON line: parsed (json_line_value.h), then checked as a deal.
#include "belote/deal_reader.h"

#include "io/deal_checker.h"
#include "io/json_line_value.h"

namespace belote {

bool DealReader::read_json_line(std::string_view line, const std::string& display, long line_number, Deal& deal,
                                Diagnostics& errors) const {
  const JsonLinePlace place(line, display, line_number);
  const auto value = parse_json_line(line, place, "deal", errors);
  if (!value) return false;
  if (!value->is_object()) {
    errors.push_back(place.at(1, "a deal must be a JSON object"));
    return false;
  }
  const auto at = [&](int l, int column, std::string message) { return place.at(l, column, std::move(message)); };
  return check_deal(rules_, input_from_json(*value, line, int(line_number)), "", errors, at, deal);
}

}  // namespace belote
