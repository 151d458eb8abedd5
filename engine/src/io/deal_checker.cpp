// Checks one deal's tree, from TOML or JSON, and builds the Deal: the deal as a
// whole here, each of its parts in a deal_checker_*.cpp (deal_checker_class.h).
#include "io/deal_checker.h"

#include <fmt/format.h>

#include "common/text_util.h"
#include "io/deal_auction.h"
#include "io/deal_checker_class.h"

namespace belote {

namespace deal_checking {

bool DealChecker::read(const InputNode& root, Deal& deal) {
  const std::size_t before = errors_.count();
  deal = Deal{};
  check_keys(root, "", {"id", "kind", "trump", "taker", "first", "bid", "doubling", "held_over", "hands",
                        "announcements", "belote", "result", "auction", "play", "spoken", "said", "revoke"});
  read_id(root, deal);
  const std::size_t before_terms = errors_.count();
  read_terms(root, deal, false);
  const bool terms_read = errors_.count() == before_terms;
  read_held_over(root, deal);
  if (const InputNode* play = root.get("play")) {
    if (const InputNode* result = root.get("result"))
      error(*result, true, fmt::format("'{}' and '{}' are both given: a deal gives the play or its result, not both",
                                       path("play"), path("result")));
    else if (terms_read)
      read_play(root, *play, deal);
  } else {
    for (const char* key : {"spoken", "said", "revoke"})
      if (const InputNode* node = root.get(key))
        error(*node, true, fmt::format("'{}' goes with '{}' (a played mène)", path(key), path("play")));
    if (const InputNode* result = require(root, "result")) read_result(*result, deal);
  }
  check_bid_needs(root, deal);
  return errors_.count() == before;
}

// Taker, trump, first, then the hands or the announcements as declared, and the belote.
// A score sheet's mène may leave out the announcements: then nobody announced.
void DealChecker::read_terms(const InputNode& root, Deal& deal, bool announcements_optional) {
  read_kind(root, deal);
  read_bid(root, deal);
  read_doubling(root, deal);
  if (const InputNode* taker = require(root, "taker")) {
    if (const auto seat = seat_of(*taker, "taker")) deal.taker = *seat;
  }
  if (const InputNode* first = root.get("first")) {
    if (const auto seat = seat_of(*first, "first")) {
      deal.first = *seat;
      deal.first_given = true;
    }
  }
  const InputNode* hands = root.get("hands");
  const InputNode* announcements = root.get("announcements");
  const InputNode* belote = root.get("belote");
  const InputNode* play = root.get("play");
  if (play && (announcements || belote)) {
    error(announcements ? *announcements : *belote, true,
          fmt::format("'{}' goes with a mène's result: in a played mène, what each player declared is '{}' "
                      "(with spoken = true) and the belote a word said with its card", announcements ? path("announcements") : path("belote"),
                      path("said")));
  } else if (play && !hands) {
    deal.form = DealForm::hands;  // the hands are the cards each seat plays
  } else if (hands && announcements) {
    error(*announcements, true, fmt::format("'{}' and '{}' are both given: a deal has hands or declared announcements, not both",
                                            path("hands"), path("announcements")));
  } else if (hands) {
    deal.form = DealForm::hands;
    read_hands(*hands, deal, root.get("play") != nullptr);
    if (belote)
      error(*belote, true, fmt::format("'{}' goes with declared announcements; with hands the belote is found from the cards",
                                       path("belote")));
  } else if (announcements) {
    read_announcements(*announcements, deal);
    if (belote) read_belote(*belote, deal);
  } else if (announcements_optional) {
    // The belote may still be given, by seat or, as on a paper sheet, by team.
    const bool by_team = belote && belote->type == InputNode::Type::string && parse_team(belote->text);
    deal.form = by_team ? DealForm::team_points : DealForm::declared;
    if (belote) read_belote(*belote, deal);
  } else {
    error(root, false, fmt::format("the deal needs '{}' (the four hands) or '{}' (as declared at the table)",
                                   path("hands"), path("announcements")));
  }
}

void DealChecker::read_id(const InputNode& root, Deal& deal) {
  const InputNode* id = root.get("id");
  if (!id) return;
  const int characters = id->type == InputNode::Type::string ? text_width(id->text) : 0;
  if (characters >= 1 && characters <= kMaxIdCharacters) {
    // Kept as given, so that a deal the program writes reads back the same; escaping
    // control characters instead would change (and lengthen) the id on each pass.
    if (printable(id->text, id->text.size()) == id->text) deal.id = id->text;
    else error(*id, false, fmt::format("'{}' holds a control character: '{}'", path("id"), printable(id->text)));
  } else if (id->type == InputNode::Type::integer) {
    deal.id = std::to_string(id->integer);
  } else {
    // An empty id would be written as no id at all (null in JSON).
    error(*id, false, fmt::format("'{}' must be a string of 1 to {} characters or an integer from -9223372036854775808 to "
                                  "9223372036854775807", path("id"), kMaxIdCharacters));
  }
}

}  // namespace deal_checking

bool check_deal(const Ruleset& rules, const InputNode& root, std::string prefix, Diagnostics& errors,
                LocateError located, Deal& deal) {
  // A deal that gives its auction is read with the contract the auction makes.
  if (root.get("auction")) {
    InputNode completed;
    if (!complete_from_auction(rules, root, prefix, errors, located, completed)) return false;
    return deal_checking::DealChecker(rules, std::move(prefix), errors, std::move(located)).read(completed, deal);
  }
  return deal_checking::DealChecker(rules, std::move(prefix), errors, std::move(located)).read(root, deal);
}

bool read_declared_terms(const Ruleset& rules, const InputNode& table, Diagnostics& errors, LocateError located,
                         Deal& deal) {
  const std::size_t before = errors.count();
  deal = Deal{};
  deal_checking::DealChecker(rules, "", errors, std::move(located)).read_terms(table, deal, true);
  return errors.count() == before;
}

}  // namespace belote
