// Fuzz target: a position of the play (`belote legal`'s lines) under the
// shipped ruleset the first byte chooses. Any line is read or refused with
// bounded messages; an accepted position's legal cards are cards of the hand,
// never none, and their answer is JSON.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view line(reinterpret_cast<const char*>(data), size);
  const Ruleset& rules = fuzz::chosen_ruleset(line);
  Position position;
  Diagnostics errors;
  if (!PositionReader(rules).read_json_line(line, "positions.jsonl", 1, position, errors)) {
    BELOTE_FUZZ_CHECK(!errors.empty());
    fuzz::check_bounded(errors);
    fuzz::format_all(errors);
    return 0;
  }
  const PlayContext play(rules, position.kind, position.trump);
  const LegalPlay legal = legal_play(play, position.hand, position.trick, position.seat);
  BELOTE_FUZZ_CHECK(legal.cards != 0);
  BELOTE_FUZZ_CHECK((legal.cards & ~position.hand) == 0);
  const auto answer = nlohmann::json::parse(legal_cards_json(rules, position));
  BELOTE_FUZZ_CHECK(answer.at("legal").size() == std::size_t(count(legal.cards)));
  return 0;
}
