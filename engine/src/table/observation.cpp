// What one seat may know (table.md 3), and actions in words.
#include <algorithm>

#include <fmt/format.h>
#include <stdexcept>

#include "belote/auction_text.h"
#include "belote/evaluator.h"
#include "belote/table.h"
#include "common/text_util.h"

namespace belote {

Observation Table::observe(Seat seat) const {
  if (index(seat) > 3) throw std::out_of_range(fmt::format("observe: {} is not a seat (N, E, S, W)", int(seat)));
  Observation o;
  o.seat = seat;
  o.phase = phase_;
  o.to_act = to_act();
  o.dealer = dealt_.dealer;
  o.mene = tally_.dealt;
  o.played = tally_.played;
  o.totals = tally_.totals;
  o.held_over = held_in_;
  o.target = target();
  if (phase_ == TablePhase::over) return o;
  o.turned_card = dealt_.turned_card;
  // The calls, each with its seat: replayed from the dealer, as every player heard them.
  Auction heard(*rules_, dealt_.dealer, dealt_.first, std::span(dealt_.proposals.data(), dealt_.proposal_count));
  for (Action action : mene_actions()) {
    if (shared_->space.kind(action) != ActionKind::call) continue;
    const Call call = shared_->space.call_of(action, heard.to_speak());
    o.calls.push_back(call);
    heard.apply(call);
  }
  // The suits proposed so far: the first, then each that a new round turned.
  int shown = dealt_.proposal_count ? 1 : 0;
  for (int i = 0; i < dealt_.proposal_count; ++i)
    if (int(dealt_.proposals[std::size_t(i)]) == heard.turned_suit()) shown = i + 1;
  if (heard.ended() && heard.outcome()->redeal) shown = dealt_.proposal_count;
  o.proposals.assign(dealt_.proposals.begin(), dealt_.proposals.begin() + shown);
  o.contract = contract_;
  if (!play_) {
    o.hand = o.dealt = dealt_.before_auction[seat];
    return o;
  }
  o.hand = play_->hand(seat);
  o.dealt = hands_[seat];
  for (int t = 0; t < play_->tricks_played(); ++t) {
    const Trick& trick = play_->trick(t).trick;
    for (int i = 0; i < 4; ++i) o.cards.emplace_back(trick.seat_at(i), trick.cards[std::size_t(i)]);
    o.trick_winners.push_back(play_->trick(t).winner);
  }
  const Trick& current = play_->current();
  for (int i = 0; i < current.count; ++i) o.cards.emplace_back(current.seat_at(i), current.cards[std::size_t(i)]);
  o.said_with_word = words_;
  observe_declared(seat, o.declared);
  o.points = play_->points();
  o.tricks = play_->tricks_won();
  o.roem = play_->roem();
  return o;
}

void Table::observe_declared(Seat seat, std::vector<DeclaredAnnouncement>& out) const {
  if (!(declared_[Seat::N] | declared_[Seat::E] | declared_[Seat::S] | declared_[Seat::W])) return;
  // In the order declared: each declaration is the seat to play's, in trick 1 (before the fifth card).
  const Trick& first = play_->tricks_played() ? play_->trick(0).trick : play_->current();
  int cards = 0;
  PerSeat<SeatAnnouncements> held;
  for (Action action : mene_actions()) {
    const ActionKind kind = shared_->space.kind(action);
    if (kind == ActionKind::card || kind == ActionKind::card_word) ++cards;
    if (kind != ActionKind::declare) continue;
    const Seat s = first.seat_at(cards);
    if (held[s].empty()) held[s] = declarable(s);
    out.push_back(DeclaredAnnouncement{s, held[s].items[std::size_t(shared_->space.slot_of(action))]});
  }
  // From trick 2, each contest's winner shows the announcements it declared in
  // that contest (both teams, where a tie lets both score): the evaluator decides.
  std::array<PerTeam<bool>, kMaxContests> shows{};
  if (play_->tricks_played() > 0) {
    Deal deal;
    mene_deal(deal);
    Outcome contests;
    decide_declared_contests(*rules_, deal, contests);
    for (int c = 0; c < contests.contest_count; ++c) {
      const ContestOutcome& contest = contests.contests[std::size_t(c)];
      for (Team team : kTeams) shows[std::size_t(c)][team] = shows_at_trick_2(contest, team);
    }
  }
  // A sequence is known by its kind (its name: the length of the ruleset's table
  // it counts as) and value; a carré is named by its rank, which gives its cards.
  for (DeclaredAnnouncement& d : out) {
    Announcement& a = d.announcement;
    d.known = a.carre || d.seat == seat || shows[a.contest][team_of(d.seat)];
    if (!d.known) {
      a.length = std::uint8_t(rules_->sequences.entry_for(a.length));
      a.suit = 0;
      a.top = 0;
      a.key = 0;
    }
  }
}

namespace {

// "tierce KH (JH QH KH)", "carre J (JS JH JD JC)": an announcement as the seat declares it.
std::string announcement_words(const Ruleset& rules, const Announcement& a) {
  const Deck& deck = rules.deck;
  if (a.carre) return fmt::format("carre {} ({})", deck.rank_name(a.top), deck.cards_text(a.cards()));
  const auto& names = rules.sequences.names_by_length;
  const std::string named = a.length < names.size() && !names[a.length].empty() ? names[a.length] : fmt::format("run-of-{}", int(a.length));
  return fmt::format("{} {} ({})", named, deck.card_name(make_card(a.suit, a.top)), deck.cards_text(a.cards()));
}

// Words compared as parse_action reads them: in lower case, one space apart,
// each card token (bare or in parentheses) named as action_text names it, so
// that "K♥" and "kh" read as "KH".
std::string comparable_words(const Deck& deck, std::string_view text) {
  std::string out;
  for (const std::string_view word : split_words(text)) {
    const std::size_t open = word.starts_with('(') ? 1 : 0;
    const std::size_t close = word.size() > open && word.ends_with(')') ? 1 : 0;
    const std::string_view core = word.substr(open, word.size() - open - close);
    const auto card = deck.parse_card(core);
    if (!out.empty()) out += ' ';
    out += word.substr(0, open);
    out += card ? deck.card_name(*card) : std::string(core);
    out += word.substr(word.size() - close);
  }
  return to_lower(out);
}

}  // namespace

std::string Table::action_text(Action action) const {
  const Deck& deck = rules_->deck;
  switch (shared_->space.kind(action)) {
    case ActionKind::card: return deck.card_name(shared_->space.card_of(action));
    case ActionKind::card_word: {
      // The ruleset's word for the pair's first card ("belote"), or for the next ("rebelote").
      const Card card = shared_->space.card_of(action);
      const CardSet pair = suit_cards(rules_->belote.ranks, suit_of(card));
      const Seat seat = to_act();
      const bool first = !play_ || (play_->hand(seat) & pair) == (hands_[seat] & pair);
      return fmt::format("{} {}", deck.card_name(card), first ? rules_->belote.first_word : rules_->belote.next_word);
    }
    case ActionKind::declare: {
      const SeatAnnouncements held = declarable(to_act());
      const int slot = shared_->space.slot_of(action);
      if (slot < held.count) return "declare " + announcement_words(*rules_, held.items[std::size_t(slot)]);
      return fmt::format("declare {}", slot + 1);
    }
    case ActionKind::call: return call_text(*rules_, shared_->space.call_of(action, to_act()));
  }
  return {};
}

std::optional<Action> Table::parse_action(std::string_view text) const {
  const auto words = split_words(text);
  if (words.empty()) return std::nullopt;
  const Deck& deck = rules_->deck;
  // A card, with the word said with it.
  if (const auto card = deck.parse_card(words[0]); card && words.size() <= 2) {
    if (words.size() == 1) return shared_->space.card(*card);
    if (rules_->belote.is_said(words[1])) return shared_->space.card(*card, true);
    return std::nullopt;
  }
  // "declare 2" (slot 1), or the announcement as action_text writes it.
  if (to_lower(words[0]) == "declare" && words.size() >= 2) {
    const SeatAnnouncements held = declarable(to_act());
    if (words.size() == 2 && std::all_of(words[1].begin(), words[1].end(), [](char c) { return c >= '0' && c <= '9'; }) &&
        words[1].size() <= 2) {
      const int slot = std::stoi(std::string(words[1])) - 1;
      if (slot >= 0 && slot < kMaxAnnouncementsPerSeat) return shared_->space.declare(slot);
      return std::nullopt;
    }
    const std::string rest = comparable_words(deck, text.substr(text.find(words[1])));
    for (int i = 0; i < held.count; ++i)
      if (comparable_words(deck, announcement_words(*rules_, held.items[std::size_t(i)])) == rest) return shared_->space.declare(i);
    return std::nullopt;
  }
  const Call call = read_call(*rules_, to_act(), text);
  if (call.type == CallType::unknown) return std::nullopt;
  return shared_->space.call(call);
}

}  // namespace belote
