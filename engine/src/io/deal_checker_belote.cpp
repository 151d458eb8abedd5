// A deal's belote as declared: the seat (or, under a kind with a belote in
// every suit, the seats) that held it, or on a score sheet the team.
#include "io/deal_checker_class.h"

#include <fmt/format.h>

#include "common/text_util.h"

namespace belote::deal_checking {

void DealChecker::read_belote(const InputNode& node, Deal& deal) {
  // A belote the ruleset scores nothing for would be kept and count nothing, unsaid.
  if (rules_.belote.points == 0) {
    error(node, true, fmt::format("'{}': ruleset '{}' scores no belote (belote.points = 0){}", path("belote"), rules_.info.name,
                                  rules_.roem.stuk > 0 ? "; its king and queen of trumps in one trick are roem (roem.stuk)" : ""));
    return;
  }
  const ContractKind* kind = this->kind();
  if (kind && kind->belote == BeloteSuits::nowhere) {
    error(node, true, fmt::format("'{}': there is no belote in kind '{}' (kinds.{}.belote = \"nowhere\")", path("belote"),
                                  kind->name, kind->name));
    return;
  }
  const bool every_suit = kind && kind->belote == BeloteSuits::every_suit;
  if (node.type == InputNode::Type::array) {
    if (!every_suit) {
      error(node, false, fmt::format("'{}' names one seat: a deal has one belote{}", path("belote"),
                                     kind && rules_.kinds_named ? fmt::format(" in kind '{}'", kind->name) : ""));
      return;
    }
    for (const InputNode& item : node.items) {
      const auto seat = seat_of(item, "belote");
      if (!seat) continue;
      if (deal.belotes[*seat] >= kSuitCount) {
        error(item, false, fmt::format("'{}': {} holds at most {} belotes, one per suit", path("belote"), name(*seat), kSuitCount));
        continue;
      }
      ++deal.belotes[*seat];
    }
    int total = 0;
    for (Seat seat : kSeats) total += deal.belotes[seat];
    if (total > kSuitCount)
      error(node, false, fmt::format("'{}' declares {} belotes; a deal holds {} at most, one per suit", path("belote"), total, kSuitCount));
    return;
  }
  const auto text = text_of(node, path("belote"));
  if (!text) return;
  if (const auto seat = parse_seat(*text)) {
    deal.belotes[*seat] = 1;
    if (every_suit) return;  // which suit is not said: nothing to check against the announcements
    const CardSet belote_cards = suit_cards(rules_.belote.ranks, deal.trump);
    for (Seat other_seat : kSeats) {
      if (other_seat == *seat) continue;
      for (const Announcement& a : deal.declared[other_seat]) {
        if (const CardSet shared = a.cards() & belote_cards) {
          error(node, false, fmt::format("'{}': {} holds the belote, yet {} declares {}", path("belote"), name(*seat),
                                         name(other_seat), deck_.cards_text(shared)));
          return;
        }
      }
    }
  } else if (const auto team = parse_team(*text); team && deal.form == DealForm::team_points) {
    deal.belote_team = team;
  } else {
    error(node, false, fmt::format("'{}': '{}' is not a seat (N E S W){}", path("belote"), printable(*text),
                                   deal.form == DealForm::team_points ? " or a team (NS EW)" : ""));
  }
}

}  // namespace belote::deal_checking
