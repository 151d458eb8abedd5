// A deal's announcements as declared at the table: each seat's, checked one by
// one and against each other, or the points each team wrote.
#include "io/deal_checker_class.h"

#include <algorithm>
#include <array>
#include <bit>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/text_util.h"

namespace belote::deal_checking {

// One declared announcement: "tierce KH", "carre J", or its cards.
std::optional<Announcement> DealChecker::declared_one(const InputNode& node, const std::string& name) {
  std::vector<std::string_view> words;
  if (node.type == InputNode::Type::string) words = split_words(node.text);
  // A name alone ("tierce", "carre"): say what it lacks rather than call it an unknown card.
  if (words.size() == 1 && !deck_.parse_card(words[0])) {
    const std::string kind = to_lower(words[0]);
    const auto& names = rules_.sequences.names_by_length;
    const bool sequence = std::any_of(names.begin(), names.end(), [&](const std::string& n) { return !n.empty() && to_lower(n) == kind; });
    if (kind == "carre" || kind == "carré" || sequence) {
      error(node, false, sequence ? fmt::format("'{}': '{}' needs its top card (a sequence is written by its top card, e.g. '{} KH')",
                                                name, printable(words[0]), printable(words[0]))
                                  : fmt::format("'{}': '{}' needs its rank (a carré is written 'carre RANK', e.g. 'carre J')",
                                                name, printable(words[0])));
      return std::nullopt;
    }
  }
  if (words.size() == 2 && !deck_.parse_card(words[0])) {
    const std::string kind = to_lower(words[0]);
    if (kind == "carre" || kind == "carré") {
      if (const auto rank = deck_.parse_rank(words[1])) return Announcement{true, 0, *rank, 4, 0, 0};
      error(node, false, fmt::format("'{}': '{}' is not a rank (a carré is written 'carre RANK', e.g. 'carre J')",
                                     name, printable(words[1])));
      return std::nullopt;
    }
    const auto& names = rules_.sequences.names_by_length;
    // Names are kept as the ruleset writes them ("Terz") and matched without regard to case.
    const auto found = std::find_if(names.begin(), names.end(), [&](const std::string& n) { return !n.empty() && to_lower(n) == kind; });
    if (found == names.end() || kind.empty()) {
      std::vector<std::string> known{"carre"};
      for (const auto& n : names)
        if (!n.empty()) known.push_back(n);
      error(node, false, fmt::format("'{}': unknown announcement '{}'{} (announcements: {}, or the cards)", name,
                                     printable(words[0]), did_you_mean(words[0], known), fmt::join(known, ", ")));
      return std::nullopt;
    }
    const int length = int(found - names.begin());
    const auto top = deck_.parse_card(words[1]);
    if (!top) {
      error(node, false, fmt::format("'{}': '{}' is not a card (a sequence is written by its top card, e.g. '{} KH')",
                                     name, printable(words[1]), kind));
      return std::nullopt;
    }
    if (rank_of(*top) + 1 < length) {
      error(node, false, fmt::format("'{}': no {} ends at {}: the lowest {} ends at {}", name, kind,
                                     deck_.rank_name(rank_of(*top)), kind, deck_.rank_name(Rank(length - 1))));
      return std::nullopt;
    }
    return Announcement{false, belote::suit_of(*top), rank_of(*top), std::uint8_t(length), 0, 0};
  }
  const auto cards = cards_of(node, name);
  if (!cards) return std::nullopt;
  if (cards->empty()) {
    error(node, false, fmt::format("'{}': an announcement is empty (write it as \"tierce KH\", \"carre J\" or its cards)", name));
    return std::nullopt;
  }
  CardSet set = 0;
  for (const auto& [card, at] : *cards) set |= card_bit(card);
  const Card lowest = Card(std::countr_zero(set));
  const Card highest = Card(63 - std::countl_zero(set));
  const int length = count(set);
  if (length == kSuitCount && all_suits(RankMask{1} << rank_of(lowest)) == set)
    return Announcement{true, 0, rank_of(lowest), 4, 0, 0};
  const bool one_suit = belote::suit_of(lowest) == belote::suit_of(highest);
  if (one_suit && length == int(cards->size()) && length >= rules_.sequences.shortest() &&
      highest - lowest + 1 == length) {
    if (rules_.sequences.split_long_runs && length > rules_.sequences.longest()) {
      error(node, false, fmt::format("'{}': under this ruleset a run longer than {} is declared as several announcements",
                                     name, rules_.sequences.longest()));
      return std::nullopt;
    }
    return Announcement{false, belote::suit_of(lowest), rank_of(highest), std::uint8_t(length), 0, 0};
  }
  error(node, false, fmt::format("'{}': {} is neither a sequence (at least {} following cards of one suit) nor a carré",
                                 name, deck_.cards_text(set), rules_.sequences.shortest()));
  return std::nullopt;
}

void DealChecker::read_announcements(const InputNode& table, Deal& deal) {
  if (!expect_table(table, path(announcements_key_))) return;
  const auto team_key = [](const auto& member) { return parse_team(member.first).has_value(); };
  const auto seat_key = [](const auto& member) { return parse_seat(member.first).has_value(); };
  if (std::any_of(table.members.begin(), table.members.end(), team_key) &&
      std::any_of(table.members.begin(), table.members.end(), seat_key)) {
    error(table, true, fmt::format("'{}' mixes teams (NS EW) and seats (N E S W): give either each team's points "
                                   "or each seat's announcements", path(announcements_key_)));
    return;
  }
  const bool by_team = !table.members.empty() && team_key(table.members.front());
  if (by_team) {
    deal.form = DealForm::team_points;
    check_keys(table, "announcements", {"NS", "EW"});
    for (Team team : kTeams) {
      const InputNode* points = table.get(name(team));
      if (!points) continue;
      const std::string key = path(fmt::format("announcements.{}", name(team)));
      // No more than two hands can declare under the ruleset (what bounds a deal's score).
      const int most = rules_.tables.most_team_announcements;
      if (most == 0 && (points->type != InputNode::Type::integer || points->integer != 0)) {
        // Every announcement is worth nothing here (klaverjas scores roem instead).
        error(*points, false, fmt::format("'{}': no announcement scores under ruleset '{}' (every sequence and carré is worth 0){}",
                                          key, rules_.info.name, rules_.roem.any() ? "; roem is given with the result's 'roem'" : ""));
        continue;
      }
      if (points->type != InputNode::Type::integer || points->integer < 0 || points->integer > most) {
        error(*points, false, fmt::format("'{}' must be an integer from 0 to {} (the most two hands can declare)", key, most));
        continue;
      }
      if (kind_ && !rules_.tables.kinds[std::size_t(*kind_)].announcement_totals.holds(int(points->integer))) {
        error(*points, false, fmt::format("'{}' is {}, which no announcements add up to{}: {}", key, points->integer,
                                          rules_.kinds_named ? fmt::format(" in kind '{}'", this->kind()->name) : "",
                                          announcement_values(*kind_)));
        continue;
      }
      deal.team_announcements[team] = int(points->integer);
    }
    // Both teams score only where the ruleset lets them: separate contests, or an exact tie to both.
    const bool both_may_score = rules_.announcements.contests.size() > 1 || rules_.announcements.exact_tie == ExactTie::both;
    if (deal.team_announcements[Team::NS] > 0 && deal.team_announcements[Team::EW] > 0 && !both_may_score)
      error(table, true, fmt::format("'{}': only one team scores its announcements, not both (one contest, "
                                     "announcements.exact_tie = \"{}\")", path("announcements"),
                                     rules_.announcements.exact_tie == ExactTie::nobody ? "nobody" : "first-speaker"));
    return;
  }
  deal.form = DealForm::declared;
  check_keys(table, announcements_key_, {"N", "E", "S", "W"});
  std::array<std::optional<Seat>, 64> used_by{};
  for (Seat seat : kSeats) {
    const InputNode* list = table.get(name(seat));
    if (!list) continue;
    const std::string key = path(fmt::format("{}.{}", announcements_key_, name(seat)));
    if (list->type != InputNode::Type::array) {
      error(*list, false, fmt::format("'{}' must be an array of announcements, e.g. [\"tierce KH\", \"carre J\"]", key));
      continue;
    }
    SeatAnnouncements& mine = deal.declared[seat];
    for (const InputNode& item : list->items) {
      auto a = declared_one(item, key);
      if (!a) continue;
      if (const ContractKind* kind = this->kind()) {
        const AnnouncementKind what{a->carre, a->carre ? int(a->top) : rules_.sequences.entry_for(a->length)};
        if (!kind->declared.holds(what)) {
          error(item, false, fmt::format("'{}': {} is not declared in kind '{}' (kinds.{}.announcements)", key,
                                         rules_.kind_name(what), kind->name, kind->name));
          continue;
        }
      }
      if (!check_with_seat(item, key, *a, mine) || !check_across_seats(item, key, *a, seat, used_by)) continue;
      if (mine.count >= kMaxAnnouncementsPerSeat) {
        error(item, false, fmt::format("'{}': more announcements than one hand can hold", key));
        continue;
      }
      // A hand holds hand_size cards: more is what no player could declare (and what bounds a deal's score).
      CardSet held = a->cards();
      for (const Announcement& b : mine) held |= b.cards();
      if (std::popcount(held) > deck_.hand_size) {
        error(item, false, fmt::format("'{}': {}'s announcements hold {} cards; a hand has {}", key, name(seat),
                                       std::popcount(held), deck_.hand_size));
        continue;
      }
      mine.items[mine.count++] = *a;
    }
  }
}

// What a kind's announcements are worth, as the ruleset names them: "tierce 20, cinquante 50, carre-J 200".
std::string DealChecker::announcement_values(int kind) const {
  const KindTables& tables = rules_.tables.kinds[std::size_t(kind)];
  std::vector<std::string> values;
  // Longer runs than the longest named sequence count as it: each name once.
  int named = 0;
  for (std::size_t length = 0; length < tables.sequence_points.size(); ++length) {
    const int entry = rules_.sequences.entry_for(int(length));
    if (tables.sequence_points[length] <= 0 || entry == named) continue;
    named = entry;
    values.push_back(fmt::format("{} {}", rules_.kind_name({false, entry}), tables.sequence_points[length]));
  }
  for (Rank rank = 0; rank < rules_.deck.rank_count(); ++rank)
    if (tables.carre_points[rank] > 0) values.push_back(fmt::format("{} {}", rules_.kind_name({true, rank}), tables.carre_points[rank]));
  if (values.empty()) return "this kind declares no announcement";
  return fmt::format("{}", fmt::join(values, ", "));
}

// Within one seat: sequences neither overlap nor touch; shared cards only where the ruleset allows.
bool DealChecker::check_with_seat(const InputNode& at, const std::string& key, const Announcement& a, const SeatAnnouncements& mine) {
  for (const Announcement& b : mine) {
    const CardSet shared = a.cards() & b.cards();
    if (shared && (a.carre == b.carre)) {
      error(at, false, fmt::format("'{}': {} is declared twice", key, deck_.cards_text(shared)));
      return false;
    }
    if (shared && !rules_.announcements.card_reuse) {
      error(at, false, fmt::format("'{}': {} serves in a carré and a sequence, and this ruleset lets no card serve twice",
                                   key, deck_.cards_text(shared)));
      return false;
    }
    const bool touching = !a.carre && !b.carre && a.suit == b.suit && (a.top + 1 == b.low() || b.top + 1 == a.low());
    if (touching && !rules_.sequences.split_long_runs) {
      error(at, false, fmt::format("'{}': {} and {} touch: they make one run, declared whole", key,
                                   deck_.cards_text(a.cards()), deck_.cards_text(b.cards())));
      return false;
    }
  }
  return true;
}

// Across seats: no card is declared by two players.
bool DealChecker::check_across_seats(const InputNode& at, const std::string& key, const Announcement& a, Seat seat,
                                     std::array<std::optional<Seat>, 64>& used_by) {
  CardSet cards = a.cards();
  while (cards) {
    const Card card = pop_lowest(cards);
    if (used_by[card] && *used_by[card] != seat) {
      error(at, false, fmt::format("'{}': {} is also declared by {}: one card cannot be in two hands", key,
                                   deck_.card_name(card), name(*used_by[card])));
      return false;
    }
  }
  cards = a.cards();
  while (cards) used_by[pop_lowest(cards)] = seat;
  return true;
}

}  // namespace belote::deal_checking
