// A seat's view replayed on a table (view_reader.h): the calls on a deal of
// the ruleset, then on the world the seat's cards are dealt in, with the
// declarations and the cards played, each checked by the engine's own rules.
#include "players/view_reader.h"

#include <fmt/format.h>

#include "belote/auction_text.h"
#include "belote/worlds.h"
#include "common/text_util.h"
#include "table/dealing.h"

namespace belote::view_reading {

// The calls applied to `table`, each checked by the auction's rules.
bool ViewReader::replay_calls(Table& table, const InputNode& view) {
  for (std::size_t i = 0; i < calls_.size(); ++i) {
    const SpokenCall& spoken = calls_[i];
    const InputNode& seat = *spoken.node->get("seat");
    const InputNode& words = *spoken.node->get("call");
    if (table.phase() != TablePhase::auction || table.tally().dealt != seen_.mene)
      return fail(*spoken.node, fmt::format("'calls[{}]': the auction had ended before it", i));
    if (spoken.seat != table.to_act())
      return fail(seat, fmt::format("'calls[{}]' is {}'s, but {} is to speak", i, name(spoken.seat), name(table.to_act())));
    const Call call = read_call(rules_, spoken.seat, spoken.text);
    const auto action = call.type == CallType::unknown ? std::nullopt : table.actions().call(call);
    if (!action) return fail(words, fmt::format("'calls[{}].call': '{}' is no call of ruleset '{}'", i, printable(spoken.text), rules_.info.name));
    if (const auto error = table.apply(*action)) return fail(words, fmt::format("'calls[{}]': {}", i, error->message));
  }
  if (table.tally().dealt != seen_.mene)
    return fail(calls_.empty() ? view : *calls_.back().node, "the auction ended in a redeal: the mène is over, there is nothing to advise");
  return true;
}

// The declarations of `seat`, made before its first card, in the view's order:
// each matched by its cards, or a sequence not shown by its kind and value
// (an announcement of the seat's that no entry names by its cards).
bool ViewReader::declare(Table& table, Seat seat) {
  CardSet named = 0;
  for (const Declared& d : declared_)
    if (d.seat == seat && d.known) named |= d.cards;
  for (std::size_t i = 0; i < declared_.size(); ++i) {
    Declared& d = declared_[i];
    if (d.seat != seat || d.applied) continue;
    const SeatAnnouncements held = table.declarable(seat);
    int slot = -1;
    for (int k = 0; k < held.count && slot < 0; ++k) {
      const Announcement& a = held.items[std::size_t(k)];
      if (d.known ? a.cards() == d.cards
                  : !a.carre && !(table.declared(seat) >> k & 1) && !(a.cards() & named) &&
                        rules_.sequences.entry_for(a.length) == d.shape.length && a.points == d.shape.points)
        slot = k;
    }
    if (slot < 0 && d.known)
      return fail(*d.node, fmt::format("'declared[{}]': {} is not an announcement {} may declare", i, deck_.cards_text(d.cards), name(seat)));
    if (slot < 0)
      return fail(*d.node, fmt::format("'declared[{}]': {} holds no {} to declare", i, name(seat), rules_.kind_name({false, d.shape.length})));
    if (const auto error = table.apply(table.actions().declare(slot))) return fail(*d.node, fmt::format("'declared[{}]': {}", i, error->message));
    d.applied = true;
    d.order = declarations_applied_++;
    d.slot = slot;
  }
  return true;
}

// A sequence given by its name is valued as the contract's kind values it.
void ViewReader::value_unshown(const Table& table) {
  const KindTables& kind = rules_.tables.kinds[std::size_t(table.play()->context().kind_index())];
  for (Declared& d : declared_) {
    if (d.known) continue;
    d.shape.points = kind.sequence_points[d.shape.length];
    d.shape.contest = kind.sequence_contest[d.shape.length];
  }
}

// What the view gives with its cards is known to the seat, whatever the
// replay shows it: a view that gives a declaration's cards means them.
void ViewReader::keep_cards_given(const Table& table, Observation& replayed) const {
  for (const Declared& d : declared_) {
    if (!d.known || !d.applied || d.order >= replayed.declared.size()) continue;
    DeclaredAnnouncement& seen = replayed.declared[d.order];
    if (seen.known) continue;
    seen.known = true;
    seen.announcement = table.declarable(d.seat).items[std::size_t(d.slot)];
  }
}

bool ViewReader::replay_cards(Table& table, const InputNode& view) {
  PerSeat<bool> spoke{};
  for (std::size_t i = 0; i < played_.size(); ++i) {
    const PlayedCard& p = played_[i];
    if (table.phase() == TablePhase::play) {
      if (p.seat != table.to_act())
        return fail(*p.node->get("seat"), fmt::format("'cards[{}]' is {}'s, but {} is to play", i, name(p.seat), name(table.to_act())));
      if (table.play()->trick_number() == 1 && !spoke[p.seat]) {
        spoke[p.seat] = true;
        if (!declare(table, p.seat)) return false;
      }
    }
    const Action action = table.actions().card(p.card, contains(seen_.said_with_word, p.card));
    if (const auto error = table.apply(action)) return fail(*p.node->get("card"), fmt::format("'cards[{}]': {}", i, error->message));
    if (table.tally().dealt != seen_.mene || table.over())
      return fail(key_or_object(view, "cards"), "every card of the mène is played: the mène is over, there is nothing to advise");
  }
  // The seat to play may have declared before its first card.
  if (table.phase() == TablePhase::play && table.play()->trick_number() == 1 && !spoke[table.to_act()] && !declare(table, table.to_act()))
    return false;
  for (std::size_t i = 0; i < declared_.size(); ++i)
    if (!declared_[i].applied)
      return fail(*declared_[i].node, fmt::format("'declared[{}]': {} cannot have declared it here: announcements are declared in trick 1, "
                                                  "before or with one's first card (play.md 3.1)",
                                                  i, name(declared_[i].seat)));
  return true;
}

bool ViewReader::replay(const InputNode& view) {
  const DealingPlan plan(rules_);
  Xoshiro256 rng(kWorldSeed, 0);
  // Who spoke first: the first call's seat, or the seat to act before any call.
  Seat first = next_in_play(seen_.dealer);
  if (!calls_.empty()) {
    first = calls_.front().seat;
    // The seat after the dealer speaks first, unless a game's first deal gives the first word to a card's holder.
    if (first != next_in_play(seen_.dealer) && !(seen_.mene == 1 && rules_.auction.first_deal_holder))
      return fail(*calls_.front().node->get("seat"), fmt::format("'calls[0]' is {}'s, but {}, after the dealer {}, speaks first", name(first),
                                                                 name(next_in_play(seen_.dealer)), name(seen_.dealer)));
  } else if (const InputNode* to_act = view.get("to_act"); to_act && to_act->type == InputNode::Type::string && parse_seat(to_act->text))
    first = *parse_seat(to_act->text);
  // The auction first, on any deal: no call depends on the cards.
  DealtMene dealt = deal_before_auction(plan, first, 0, rng);
  if (!set_proposals(view, plan, dealt)) return false;
  std::optional<Table>& table = position_.table;
  table.emplace(rules_, setup(), dealt);
  if (!replay_calls(*table, view)) return false;
  if (table->phase() == TablePhase::auction) {
    // Before the auction ends the seat holds what it was dealt so far; the
    // others are dealt the same count, and the turned card stays turned.
    const int each = plan.dealt / 4;
    if (dealt_given_ && seen_.dealt != seen_.hand)
      return fail(key_or_object(view, "dealt"), "'dealt' and 'hand' differ, but no card is played during the auction");
    if (count(seen_.hand) != each)
      return fail(key_or_object(view, "hand"), fmt::format("'hand' holds {} card{}, but ruleset '{}' deals {} before the auction",
                                                           count(seen_.hand), plural(count(seen_.hand)), rules_.info.name, each));
    if (seen_.turned_card >= 0 && contains(seen_.hand, Card(seen_.turned_card)))
      return fail(key_or_object(view, "turned_card"), fmt::format("'turned_card' {} is in 'hand'", deck_.card_name(Card(seen_.turned_card))));
    seen_.dealt = seen_.hand;
    DealtMene own = deal_before_auction(plan, first, seen_.hand, rng);
    own.proposal_count = dealt.proposal_count;
    own.proposals = dealt.proposals;
    table.emplace(rules_, setup(), own);
    if (!replay_calls(*table, view)) return false;
    return replay_cards(*table, view);
  }
  // In the play: one world drawn among those the seat cannot tell apart, every card of it replayed.
  const AuctionOutcome contract = *table->contract();
  if (!check_play_counts(view, contract)) return false;
  Observation seen = seen_;
  seen.phase = TablePhase::play;
  seen.contract = contract;
  for (const PlayedCard& p : played_) seen.cards.emplace_back(p.seat, p.card);
  value_unshown(*table);
  for (const Declared& d : declared_) seen.declared.push_back(DeclaredAnnouncement{d.seat, d.shape, d.known});
  WorldSampler sampler(rules_, seen);
  // (Each declaration's seat is dealt a hand that declares it: worlds.h.)
  const World world = sampler.sample(rng, kWorldAttempts);
  if (!whole_deal(world.dealt))
    return fail(view, fmt::format("no deal of ruleset '{}' agrees with {}'s view: the cards played, declared and held contradict each other",
                                  rules_.info.name, name(seen_.seat)));
  DealtMene whole = DealtMene::of_hands(seen_.dealer, first, world.dealt);
  whole.number = dealt.number;
  whole.turned_card = dealt.turned_card;
  whole.proposal_count = dealt.proposal_count;
  whole.proposals = dealt.proposals;
  table.emplace(rules_, setup(), whole);
  if (!replay_calls(*table, view)) return false;
  return replay_cards(*table, view);
}

}  // namespace belote::view_reading
