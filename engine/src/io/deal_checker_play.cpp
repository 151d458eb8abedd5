// A deal's played mène: its tricks (played_deal.h), what the players said, and
// the revoke the deal states.
#include "io/deal_checker_class.h"

#include <fmt/format.h>

#include "io/played_deal.h"

namespace belote::deal_checking {

// A played mène: its tricks checked, and the facts they give (play.md 4.1).
void DealChecker::read_play(const InputNode& root, const InputNode& play, Deal& deal) {
  if (!kind_) return;
  bool spoken = false;
  if (const InputNode* node = root.get("spoken")) {
    if (node->type == InputNode::Type::boolean) spoken = node->boolean;
    else error(*node, false, fmt::format("'{}' must be true or false, not {}", path("spoken"), node->type_name()));
  }
  const InputNode* said = root.get("said");
  if (said && !spoken) {
    error(*said, true, fmt::format("'{}' needs spoken = true (without it every announcement held is declared)", path("said")));
    return;
  }
  std::optional<StatedRevoke> revoke;
  if (const InputNode* node = root.get("revoke")) {
    revoke = read_revoke(*node);
    if (!revoke) return;
  }
  PlayedFacts facts;
  if (!read_played_mene(rules_, play, deal, root.get("hands") != nullptr, revoke, facts, errors_, located_)) return;
  deal.hands = facts.hands;
  deal.result = facts.result;
  deal.played = facts.order;
  deal.played_count = facts.count;
  if (!spoken) return;  // every announcement and belote held is declared: the hands say them
  deal.form = DealForm::declared;
  deal.belotes = facts.belotes_said;
  deal.belote_words = facts.belote_words;
  if (!said) return;
  announcements_key_ = "said";
  read_announcements(*said, deal);
  announcements_key_ = "announcements";
  if (deal.form != DealForm::declared) {
    error(*said, true, fmt::format("'{}' gives each seat's announcements (N E S W), not points per team", path("said")));
    return;
  }
  for (Seat seat : kSeats) {
    for (const Announcement& a : deal.declared[seat]) {
      if (const CardSet missing = a.cards() & ~deal.hands[seat]) {
        error(*said->get(name(seat)), false, fmt::format("'{}.{}': {} not in {}'s hand", path("said"), name(seat),
                                                          deck_.cards_text(missing), name(seat)));
        break;
      }
    }
  }
}

// `revoke`: the seat that revoked, "E", or { seat = "E", trick = 5 }; only under a ruleset that scores a revoke.
std::optional<StatedRevoke> DealChecker::read_revoke(const InputNode& node) {
  if (!rules_.play.revoke.given) {
    error(node, true, fmt::format("'{}': ruleset '{}' has no revoke rule ([play.revoke]): it scores no revoke, and "
                                  "a played mène with a card that breaks a duty is refused", path("revoke"),
                                  rules_.info.name));
    return std::nullopt;
  }
  StatedRevoke revoke{Seat::N, 0, &node, path("revoke")};
  const InputNode* seat = &node;
  std::string seat_key = "revoke";
  if (node.type == InputNode::Type::table) {
    const std::size_t before = errors_.count();
    check_keys(node, "revoke", {"seat", "trick"});
    seat = require(node, "seat", "revoke");
    seat_key = "revoke.seat";
    if (const InputNode* trick = node.get("trick")) {
      const int tricks = deck_.hand_size;
      if (trick->type != InputNode::Type::integer || trick->integer < 1 || trick->integer > tricks)
        error(*trick, false, fmt::format("'{}' must be an integer from 1 to {}", path("revoke.trick"), tricks));
      else
        revoke.trick = int(trick->integer);
    }
    if (!seat || errors_.count() != before) return std::nullopt;
  } else if (node.type != InputNode::Type::string) {
    error(node, false, fmt::format("'{}' must be the seat that revoked (N E S W) or a table {{ seat, trick }}, not {}",
                                   path("revoke"), node.type_name()));
    return std::nullopt;
  }
  const auto who = seat_of(*seat, seat_key);
  if (!who) return std::nullopt;
  revoke.seat = *who;
  return revoke;
}

}  // namespace belote::deal_checking
