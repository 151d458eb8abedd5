#include "belote/outcome_writer.h"

#include <algorithm>

#include "belote/explanation.h"
#include "belote/terminal_text.h"
#include "io/json_cursor.h"
#include "io/replayed_tricks.h"

namespace belote {

namespace {

using json_out::number;
using json_out::put;
using json_out::quoted;

// Room for a number (20 digits and a sign at most), and for a key of the
// program's own (at most 20 letters) with its quotes, colon and comma.
constexpr std::size_t kNumberRoom = 24;
constexpr std::size_t kKeyRoom = 32;

char* null_or_name(char* at, const std::optional<Seat>& seat) { return seat ? quoted(at, name(*seat)) : put(at, "null"); }
char* null_or_name(char* at, const std::optional<Team>& team) { return team ? quoted(at, name(*team)) : put(at, "null"); }

// {"NS":1,"EW":2}, its keys written as one piece each.
static_assert(name(Team::NS) == "NS" && name(Team::EW) == "EW");
char* per_team(char* at, const PerTeam<int>& values) {
  at = number(put(at, R"({"NS":)"), values[Team::NS]);
  at = number(put(at, R"(,"EW":)"), values[Team::EW]);
  return put(at, '}');
}

}  // namespace

OutcomeWriter::OutcomeWriter(const Ruleset& rules, OutcomeDetail detail)
    : rules_(rules), detail_(detail), ruleset_(json_string(rules.info.name)) {
  const Deck& deck = rules.deck;
  std::size_t longest_card = 0, longest_kind = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    suits_[s] = json_string(deck.suits[s]);
    for (Rank r = 0; r < deck.rank_count(); ++r) {
      cards_[make_card(s, r)] = json_string(deck.card_name(make_card(s, r)));
      longest_card = std::max(longest_card, cards_[make_card(s, r)].size());
    }
  }
  for (Rank r = 0; r < deck.rank_count(); ++r) {
    carres_[r] = json_string(announcement_kind(rules, Announcement{true, 0, r, 4, 0, 0}));
    longest_kind = std::max(longest_kind, carres_[r].size());
  }
  for (const ContractKind& kind : rules.kinds) kinds_.push_back(json_string(kind.name));
  for (const NamedBid& bid : rules.bids.named) named_bids_.push_back(json_string(bid.name));
  for (const DoublingLevel& level : rules.doubling) doublings_.push_back(json_string(level.name));
  for (int length = 1; length <= deck.rank_count(); ++length) {
    sequences_[length] = json_string(announcement_kind(rules, Announcement{false, 0, Rank(length - 1), std::uint8_t(length), 0, 0}));
    longest_kind = std::max(longest_kind, sequences_[length].size());
  }
  const auto safe = [](const auto& names) {
    return std::all_of(names.begin(), names.end(), [](const std::string& n) { return is_terminal_safe(n); });
  };
  names_terminal_safe_ = is_terminal_safe(ruleset_) && safe(suits_) && safe(cards_) && safe(sequences_) &&
                         safe(carres_) && safe(named_bids_) && safe(doublings_) && safe(kinds_);
  // Room for everything but the id, the announcements and the explanation:
  // some forty keys and numbers, the ruleset's names, a belote per suit and seat.
  const auto longest = [](const std::vector<std::string>& names) {
    std::size_t n = 0;
    for (const std::string& name : names) n = std::max(n, name.size());
    return n;
  };
  fixed_room_ = 50 * kKeyRoom + 26 * kNumberRoom + ruleset_.size() + longest(kinds_) + longest(named_bids_) +
                longest(doublings_) + 4 * kSuitCount * 8;
  // A trick: its keys, four seats and cards, its numbers and two roem keys.
  trick_room_ = 16 * kKeyRoom + 4 * longest_card + 2 * kNumberRoom;
  announcement_room_ = 4 * kKeyRoom + longest_kind + std::size_t(deck.rank_count()) * (longest_card + 1) + kNumberRoom;
}

bool OutcomeWriter::append(std::string& out, const Deal& deal, const Outcome& outcome) const {
  int announcement_count = 0;
  for (Seat seat : kSeats) announcement_count += outcome.announcements[seat].count;
  // Both reused from outcome to outcome on each thread: no allocation.
  thread_local StepBuffer explained;
  thread_local std::string space;
  // The explanation is made first, so that its length is known.
  std::size_t explanation_room = 0;
  if (detail_ == OutcomeDetail::full) {
    explained.clear();
    explain_into(rules_, deal, outcome, SuitStyle::letter, explained);
    for (std::size_t i = 0; i < explained.size(); ++i) explanation_room += explained.text(i).size() + 2 * kKeyRoom;
  }
  JsonSpace buffer(space);
  char* at = buffer.start(fixed_room_ + std::size_t(announcement_count) * announcement_room_ + explanation_room);
  at = write_fields(buffer, at, deal, outcome);
  if (detail_ == OutcomeDetail::full) at = write_explanation(buffer, at, explained);
  out.append(buffer.text(put(at, '}')));
  // The keys, numbers and the program's own names are printable ASCII.
  return names_terminal_safe_ && buffer.strings_terminal_safe();
}

// The fields in the order outcome_json builds them, each key with the comma
// before it (the first one, "id", opens the object).
char* OutcomeWriter::write_fields(JsonSpace& buffer, char* at, const Deal& deal, const Outcome& outcome) const {
  at = put(at, "{\"id\":");
  at = deal.id.empty() ? put(at, "null") : buffer.string(at, deal.id);
  at = buffer.reserve(at, fixed_room_);
  at = put(put(at, ",\"ruleset\":"), ruleset_);
  at = put(put(at, ",\"void\":"), outcome.is_void ? "true" : "false");
  at = quoted(put(at, ",\"taker\":"), name(deal.taker));
  at = put(put(at, ",\"kind\":"), kinds_[deal.kind]);
  at = put(at, ",\"trump\":");
  at = rules_.kinds[deal.kind].trumps == Trumps::one_suit ? put(at, suits_[deal.trump]) : put(at, "null");
  at = put(at, ",\"bid\":");
  if (!rules_.bids.any()) at = put(at, "null");
  else if (deal.named_bid >= 0) at = put(at, named_bids_[std::size_t(deal.named_bid)]);
  else at = number(at, deal.bid);
  at = put(at, ",\"doubling\":");
  at = deal.doubling ? put(at, doublings_[deal.doubling - 1u]) : put(at, "null");
  at = put(at, ",\"winner\":");
  at = outcome.is_void ? put(at, "null") : null_or_name(at, outcome.winner);
  at = put(at, ",\"contract\":");
  at = outcome.contract == ContractResult::none ? put(at, "null") : quoted(at, contract_name(outcome.contract));
  at = per_team(put(at, ",\"score\":"), outcome.score);
  at = number(put(at, ",\"suspended\":"), outcome.suspended);
  at = number(put(at, ",\"held_over_in\":"), outcome.held_in);
  at = null_or_name(put(at, ",\"held_over_to\":"), outcome.held_to);
  at = null_or_name(put(at, ",\"belote\":"), outcome.belote_seat);
  at = null_or_name(put(at, ",\"belote_team\":"), outcome.belote_team);
  at = put(at, ",\"belotes\":[");
  bool first = true;
  for (Seat seat : kSeats)
    for (int k = 0; k < outcome.belotes[seat]; ++k) {
      if (!first) at = put(at, ',');
      at = quoted(at, name(seat));
      first = false;
    }
  at = put(at, "],\"announcements\":");
  char separator = '{';
  for (Seat seat : kSeats) {
    const SeatAnnouncements& mine = outcome.announcements[seat];
    at = put(put(quoted(put(at, separator), name(seat)), ':'), '[');
    separator = ',';
    const RankedAnnouncements sorted = rank_strongest_first(mine);
    for (int i = 0; i < sorted.count; ++i) {
      const Announcement& a = sorted[i];
      at = buffer.reserve(at, announcement_room_);
      if (i) at = put(at, ',');
      at = put(put(at, "{\"name\":"), a.carre ? carres_[a.top] : sequences_[a.length]);
      at = put(at, ",\"cards\":[");
      for (CardSet set = a.cards(); set;) {
        at = put(at, cards_[pop_lowest(set)]);
        if (set) at = put(at, ',');
      }
      at = put(number(put(at, "],\"points\":"), a.points), '}');
    }
    at = put(at, ']');
  }
  at = buffer.reserve(at, fixed_room_);
  at = put(at, "},\"announced\":");
  separator = '{';
  for (Seat seat : kSeats) {
    at = put(quoted(put(at, separator), name(seat)), ':');
    at = number(at, outcome.announcements[seat].points);
    separator = ',';
  }
  at = per_team(put(at, "},\"scored_announcements\":"), outcome.scored_announcements);
  at = per_team(put(at, ",\"card_points\":"), outcome.card_points);
  at = null_or_name(put(at, ",\"capot\":"), outcome.capot);
  // Only a ruleset that counts roem writes it: other outputs stay as they were.
  if (rules_.roem.any()) at = per_team(put(at, ",\"roem\":"), outcome.roem);
  at = per_team(put(at, ",\"card_points_played\":"), deal.result.points);
  at = per_team(put(at, ",\"tricks_by_team\":"), deal.result.tricks);
  at = put(at, ",\"tricks_by_seat\":");
  if (!deal.result.seat_tricks_given) {
    at = put(at, "null");
  } else {
    separator = '{';
    for (Seat seat : kSeats) {
      at = number(put(quoted(put(at, separator), name(seat)), ':'), deal.result.seat_tricks[seat]);
      separator = ',';
    }
    at = put(at, '}');
  }
  at = write_tricks(buffer, put(at, ",\"tricks\":"), deal);
  at = buffer.reserve(at, fixed_room_);
  at = per_team(put(at, ",\"contract_totals\":"), outcome.contract_totals);
  at = number(put(at, ",\"contract_value\":"), outcome.contract_value);
  at = number(put(at, ",\"factor\":"), outcome.factor);
  return per_team(put(at, ",\"before_rounding\":"), outcome.written_raw);
}

// "tricks" and "revoke", as outcome_json writes them: null unless the deal gives its play.
char* OutcomeWriter::write_tricks(JsonSpace& buffer, char* at, const Deal& deal) const {
  const ReplayedTricks replayed = replay_tricks(rules_, deal);
  at = put(at, deal.played_count == 0 ? "null" : "[");
  for (int t = 0; t < replayed.count; ++t) {
    const ReplayedTrick& trick = replayed.tricks[std::size_t(t)];
    const Trick& four = trick.played.trick;
    at = buffer.reserve(at, trick_room_);
    if (t) at = put(at, ',');
    at = quoted(put(at, "{\"leader\":"), name(four.leader));
    at = put(at, ",\"cards\":[");
    for (int i = 0; i < 4; ++i) {
      if (i) at = put(at, ',');
      at = quoted(put(at, "{\"seat\":"), name(four.seat_at(i)));
      at = put(put(put(at, ",\"card\":"), cards_[four.cards[std::size_t(i)]]), '}');
    }
    at = quoted(put(at, "],\"winner\":"), name(trick.played.winner));
    at = number(put(at, ",\"points\":"), trick.played.points);
    if (rules_.roem.any()) {
      at = number(put(at, ",\"roem\":{\"points\":"), trick.played.roem);
      at = put(at, ",\"keys\":[");
      for (int k = 0; k < trick.roem_key_count; ++k) {
        if (k) at = put(at, ',');
        at = quoted(at, trick.roem_keys[std::size_t(k)]);
      }
      at = put(at, "]}");
    }
    at = put(at, '}');
  }
  if (deal.played_count > 0) at = put(at, ']');
  at = put(buffer.reserve(at, trick_room_), ",\"revoke\":");
  if (!deal.result.revoke || !rules_.play.revoke.given) return put(at, "null");
  const Seat seat = *deal.result.revoke;
  const std::optional<Card> card = revoke_card(replayed, deal);
  at = quoted(put(at, "{\"seat\":"), name(seat));
  at = quoted(put(at, ",\"team\":"), name(team_of(seat)));
  at = number(put(at, ",\"trick\":"), deal.result.revoke_trick);
  return put(put(put(at, ",\"card\":"), card ? std::string_view(cards_[*card]) : std::string_view("null")), '}');
}

char* OutcomeWriter::write_explanation(JsonSpace& buffer, char* at, const StepBuffer& explained) const {
  at = put(buffer.reserve(at, kKeyRoom), ",\"explanation\":[");
  for (std::size_t i = 0; i < explained.size(); ++i) {
    at = buffer.reserve(at, 2 * kKeyRoom);
    if (i) at = put(at, ',');
    at = quoted(put(at, "{\"step\":"), step_name(explained.kind(i)));
    at = buffer.string(put(at, ",\"text\":"), explained.text(i));
    at = put(buffer.reserve(at, 3), '}');
  }
  return put(at, ']');
}

void append_outcome_json(std::string& out, const Ruleset& rules, const Deal& deal, const Outcome& outcome,
                         OutcomeDetail detail) {
  OutcomeWriter(rules, detail).append(out, deal, outcome);
}

}  // namespace belote
