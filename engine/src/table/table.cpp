// A game in progress: the auction, the play with what is said, each mène
// scored by the evaluator and added to the game's tally (table.md 2).
#include "belote/table.h"

#include <algorithm>
#include <memory>
#include <type_traits>

#include <fmt/format.h>

#include "belote/auction_text.h"
#include "belote/evaluator.h"
#include "belote/table_record.h"
#include "common/text_util.h"
#include "table/dealing.h"

namespace belote {

namespace {

const Ruleset& checked(const Ruleset& rules) {
  if (!rules.auction.given)
    throw std::invalid_argument(fmt::format("ruleset '{}' states no auction ([auction]): a table needs one to play", rules.info.name));
  return rules;
}

// A setup a table's record reads back: the record reader's limits and words (record_reader.cpp).
TableSetup checked(TableSetup setup) {
  if (index(setup.first_dealer) > 3) throw std::invalid_argument("'first_dealer' must be a seat (N, E, S, W)");
  if (setup.target && (*setup.target < 1 || *setup.target > kMaxGameTarget))
    throw std::invalid_argument(fmt::format("'target' must be a whole number from 1 to {}, not {}", kMaxGameTarget, *setup.target));
  if (setup.max_menes < 0 || setup.max_menes > kMaxRecordMenes)
    throw std::invalid_argument(fmt::format("'max_menes' must be a whole number from 0 (the game's end) to {}, not {}", kMaxRecordMenes,
                                            setup.max_menes));
  for (Team team : kTeams)
    if (!is_team_name(setup.teams[team]))
      throw std::invalid_argument(team_name_rule(fmt::format("teams.{}", name(team))));
  if (const auto same = same_team_names(setup.teams)) throw std::invalid_argument(*same);
  return setup;
}

}  // namespace

std::string_view name(TablePhase phase) {
  switch (phase) {
    case TablePhase::auction: return "auction";
    case TablePhase::play: return "play";
    case TablePhase::over: return "over";
  }
  return "over";
}

struct Table::SharedWithDealing : Table::Shared {
  DealingPlan dealing;

  static std::shared_ptr<const Shared> make(const Ruleset& rules, TableSetup setup) {
    return std::make_shared<const SharedWithDealing>(SharedWithDealing{{ActionSpace(rules), std::move(setup)}, DealingPlan(rules)});
  }
};

const DealingPlan& Table::dealing_plan() const { return static_cast<const SharedWithDealing&>(*shared_).dealing; }

Table::Table(const Ruleset& rules, TableSetup setup)
    : rules_(&checked(rules)), shared_(SharedWithDealing::make(rules, checked(std::move(setup)))), auction_(rules, shared_->setup.first_dealer) {
  deal_mene(rules, dealing_plan(), shared_->setup.seed, 0, shared_->setup.first_dealer, true, dealt_);
  begin_mene();
}

Table::Table(const Ruleset& rules, TableSetup setup, const DealtMene& first)
    : rules_(&checked(rules)), shared_(SharedWithDealing::make(rules, checked(std::move(setup)))), auction_(rules, Seat::N) {
  if (const auto fault = deal_fault(rules, dealing_plan(), first)) throw std::invalid_argument(*fault);
  start_mene(first);
}

int Table::target() const { return shared_->setup.target ? *shared_->setup.target : rules_->game.target; }

void Table::start_mene(const DealtMene& dealt) {
  dealt_ = dealt;
  begin_mene();
}

void Table::begin_mene() {
  tally_.dealt = int(dealt_.number) + 1;
  phase_ = TablePhase::auction;
  // Made in place: an auction made aside and assigned is read back as wide words just written as bytes.
  // (Sound as long as an auction owns nothing and its making cannot throw.)
  static_assert(std::is_trivially_destructible_v<Auction>);
  std::destroy_at(&auction_);
  std::construct_at(&auction_, *rules_, dealt_.dealer, dealt_.first, std::span(dealt_.proposals.data(), dealt_.proposal_count));
  contract_.reset();
  play_.reset();
  slots_ = {};
  declared_ = {};
  words_ = 0;
  pair_cards_ = 0;
  word_cards_ = 0;
  log_count_ = 0;
}

void Table::deal_next(Seat dealer) {
  held_in_ = tally_.waiting;
  // Dealt in place: a deal is a few cache lines, not worth a copy.
  deal_mene(*rules_, dealing_plan(), shared_->setup.seed, dealt_.number + 1, dealer, false, dealt_);
  begin_mene();
}

Seat Table::to_act() const { return play_ ? play_->to_play() : auction_.to_speak(); }

LegalActions Table::legal_calls() const {
  LegalActions out;
  if (phase_ == TablePhase::over) {
    out.calls.ended = true;
    return out;
  }
  out.auction = true;
  out.calls = auction_.legal();
  out.seat = out.calls.seat;
  return out;
}

std::optional<TableError> Table::apply(Action action) {
  if (phase_ == TablePhase::over) return TableError{"the game is over", "game"};
  if (action >= shared_->space.size())
    return TableError{fmt::format("action {} is not an action of ruleset '{}' (0 to {})", action, rules_->info.name, shared_->space.size() - 1), "action"};
  if (log_count_ == kMaxLog) return TableError{fmt::format("a mène holds at most {} actions", kMaxLog), "action"};
  switch (shared_->space.kind(action)) {
    case ActionKind::call: return apply_call(action);
    case ActionKind::declare: return apply_declare(action);
    case ActionKind::card:
    case ActionKind::card_word: return apply_card(action);
  }
  return std::nullopt;
}

void Table::apply_legal_other(Action action) {
  switch (shared_->space.kind(action)) {
    case ActionKind::call:
      auction_.apply_legal(shared_->space.call_of(action, auction_.to_speak()));
      call_applied(action);
      return;
    case ActionKind::declare:
      declared_[play_->to_play()] |= std::uint16_t(1u << shared_->space.slot_of(action));
      log_[log_count_++] = action;
      return;
    case ActionKind::card_word: words_ |= card_bit(shared_->space.card_of(action)); [[fallthrough]];
    case ActionKind::card: play_card(action); return;
  }
}

std::optional<TableError> Table::apply_call(Action action) {
  const Call call = shared_->space.call_of(action, auction_.to_speak());
  // The auction's seat to speak is the last to have spoken once it has ended: name the seat to play.
  if (play_) return TableError{fmt::format("{}: '{}' is a call, but the auction has ended: {} to play", name(to_act()),
                                           call_text(*rules_, call), name(to_act())), "phase"};
  // A refused call leaves the auction as it was: the message describes it.
  if (const auto broken = auction_.apply(call))
    return TableError{auction_error_text(*rules_, auction_, auction_.calls() + 1, call, call_text(*rules_, call), *broken),
                      std::string(rule_id(*broken))};
  call_applied(action);
  return std::nullopt;
}

void Table::call_applied(Action action) {
  log_[log_count_++] = action;
  if (!auction_.ended_at()) return;  // most calls: no outcome made (and none copied)
  const AuctionOutcome& outcome = auction_.ended_outcome();
  if (outcome.redeal) finish_mene();
  else start_play(outcome);
}

Action Table::apply_random_call(Xoshiro256& rng) {
  // Over, there is no call to draw from: the auction's legal calls would be none, and a draw among none undefined.
  if (phase_ == TablePhase::over) throw std::logic_error("the game is over: apply_random has no action to draw");
  // The legal calls drawn from as the auction gives them, in registers.
  const ActionSpace& space = shared_->space;
  const LegalCalls calls = auction_.legal();
  const Action action = nth_call(calls, space, int(rng.below(std::uint32_t(call_count(calls, space)))));
  auction_.apply_legal(space.call_of(action, calls.seat));
  call_applied(action);
  return action;
}

Action Table::apply_random_said(CardSet cards, Xoshiro256& rng) {
  const ActionSpace& space = shared_->space;
  const LegalActions legal = legal_in_play(cards);
  const int i = int(rng.below(std::uint32_t(legal.count(space))));
  // Most draws are a card played without a word: played at once, as `nth` and `apply_legal` would.
  if (i < count_bits(cards)) {
    const Card card = Card(nth_bit(cards, i));
    const Action action = space.card(card);
    play_card(action, card);
    return action;
  }
  const Action action = legal.nth(space, i);
  apply_legal(action);
  return action;
}

void Table::start_play(const AuctionOutcome& contract) {
  const AuctionKind& kind = rules_->auction.kinds[std::size_t(contract.kind)];
  hands_ = complete_hands(*rules_, dealt_, contract.taker);
  const PlayContext context(*rules_, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit));
  play_.emplace(context, hands_, contract.first_lead);
  phase_ = TablePhase::play;
  pair_cards_ = 0;
  for (Seat seat : kSeats) {
    slots_[seat] = std::uint8_t(announcement_count(*rules_, hands_[seat], context.kind_index(), context.trump()));
    const std::uint8_t suits = belote_pairs_held(context, hands_[seat]);
    for (Suit s = 0; s < kSuitCount; ++s)
      if (suits >> s & 1) pair_cards_ |= suit_cards(rules_->belote.ranks, s);
  }
  // The word goes with a card of a pair the seat was dealt, said with either card (play.md 3.2);
  // where the belote counts when held, nothing need be said.
  word_cards_ = rules_->play.belote_call == BeloteCall::held ? 0 : pair_cards_;
  // Copied last, once the auction's stores of its fields have long been written.
  contract_ = contract;
}

SeatAnnouncements Table::declarable(Seat seat) const {
  SeatAnnouncements held;
  if (play_) declare_hand(*rules_, hands_[seat], play_->context().kind_index(), play_->context().trump(), held);
  return held;
}

std::optional<TableError> Table::apply_declare(Action action) {
  const int slot = shared_->space.slot_of(action);
  if (!play_) return TableError{"announcements are declared in trick 1, once the auction has ended", "phase"};
  const Seat seat = play_->to_play();
  if (!(legal().declare >> slot & 1)) {
    // Past its first card, what the seat holds does not matter: the time to declare has gone.
    const bool past_first_card = play_->hand(seat) != hands_[seat];
    if (slot >= slots_[seat] && !past_first_card) return TableError{fmt::format("{} holds {} announcement{}: there is no announcement {}", name(seat),
                                                            slots_[seat], plural(slots_[seat]), slot + 1), "announcements"};
    if (declared_[seat] >> slot & 1 && !past_first_card)
      return TableError{fmt::format("{} has declared announcement {} already", name(seat), slot + 1), "announcements"};
    return TableError{fmt::format("{}: announcements are declared in trick 1, before or with one's first card (play.md 3.1)", name(seat)),
                      "announcements"};
  }
  declared_[seat] |= std::uint16_t(1u << slot);
  log_[log_count_++] = action;
  return std::nullopt;
}

std::optional<TableError> Table::apply_card(Action action) {
  const Card card = shared_->space.card_of(action);
  const bool word = shared_->space.kind(action) == ActionKind::card_word;
  const Deck& deck = rules_->deck;
  if (!play_) return TableError{fmt::format("{}: {} is a card, but the auction goes on: {} to speak", name(auction_.to_speak()),
                                            deck.card_name(card), name(auction_.to_speak())), "phase"};
  const Seat seat = play_->to_play();
  if (!contains(play_->hand(seat), card))
    return TableError{fmt::format("trick {}, {}: {} is not in {}'s hand", play_->trick_number(), name(seat), deck.card_name(card), name(seat)), "hand"};
  if (!contains(play_->legal(), card)) return TableError{illegal_card_message(*play_, card), "play"};
  if (word && !contains(word_cards_, card))
    return TableError{fmt::format("trick {}, {}: the belote's word goes with a card of a belote pair {} holds, not {}{}", play_->trick_number(),
                                  name(seat), name(seat), deck.card_name(card),
                                  rules_->play.belote_call == BeloteCall::held ? " (here the belote counts when held: play.belote_call = \"held\")" : ""),
                      "play.belote_call"};
  if (word) words_ |= card_bit(card);
  play_card(action);
  return std::nullopt;
}

void set_contract(const Ruleset& rules, const PlayContext& play, const AuctionOutcome& contract, Deal& deal) {
  deal.kind = std::uint8_t(play.kind_index());
  deal.kind_given = rules.kinds_named;
  deal.trump = play.trump();
  if (contract.bid >= 0) {
    const LadderBid& bid = rules.auction.ladder[std::size_t(contract.bid)];
    deal.bid = bid.value;
    deal.named_bid = std::int8_t(bid.named_bid);
  }
  deal.doubling = contract.doubling;
  deal.taker = contract.taker;
  deal.first = contract.first_lead;
  deal.first_given = true;
}

void Table::mene_deal(Deal& deal) const {
  deal.reset();
  const PlayContext& context = play_->context();
  const AuctionOutcome& o = *contract_;
  set_contract(*rules_, context, o, deal);
  deal.held_over = held_in_;
  // Only what the players said counts (the table's mènes are spoken: docs/deals.md).
  deal.form = DealForm::declared;
  deal.hands = hands_;
  for (Seat seat : kSeats) {
    if (!declared_[seat]) continue;
    const SeatAnnouncements held = declarable(seat);
    for (int i = 0; i < held.count; ++i)
      if (declared_[seat] >> i & 1) deal.declared[seat].add(held.items[std::size_t(i)]);
  }
  int count = 0;
  for (int t = 0; t < play_->tricks_played(); ++t) {
    const Trick& trick = play_->trick(t).trick;
    for (int i = 0; i < 4; ++i) deal.played[std::size_t(count++)] = trick.cards[std::size_t(i)];
  }
  deal.played_count = std::uint8_t(count);
  // Where nobody was dealt a belote pair, no belote is said (and none held): most mènes.
  if (pair_cards_) {
    // Filled up to `count` at every mène, never cleared (a clear of its bytes costs more than the fill).
    thread_local std::array<SpokenCard, kSuitCount * kMaxRanks> spoken;
    for (int i = 0; i < count; ++i) {
      const Card card = deal.played[std::size_t(i)];
      spoken[std::size_t(i)] = SpokenCard{card, play_->trick(i / 4).trick.seat_at(i % 4), contains(words_, card)};
    }
    deal.belotes = belotes_said(context, hands_, std::span(spoken.data(), std::size_t(count)));
    deal.belote_words = words_;
  }
  deal.result.points = play_->points();
  deal.result.tricks = play_->tricks_won();
  deal.result.seat_tricks = play_->tricks_by_seat();
  deal.result.seat_tricks_given = true;
  deal.result.roem = play_->roem();
}

void Table::finish_mene() {
  auto node = shared_->setup.keep_history ? std::make_shared<FinishedMene>() : nullptr;
  const TableTally before = tally_;
  const AuctionOutcome contract = *auction_.outcome();
  Seat next_dealer = contract.next_dealer;
  if (!contract.redeal) {
    // Kept with the mène, or scored in place: a deal and its outcome are a few kilobytes.
    thread_local Deal scratch_deal;
    thread_local Outcome scratch_outcome;
    Deal& deal = node ? node->deal : scratch_deal;
    Outcome& outcome = node ? node->outcome : scratch_outcome;
    mene_deal(deal);
    evaluate(*rules_, deal, outcome);
    // The rule book's step 8 across mènes, as score_sheet counts it.
    if (outcome.held_to) tally_.waiting = 0;
    const int held_here = outcome.suspended - (outcome.held_to ? 0 : deal.held_over);
    if (held_here > 0) tally_.waiting += held_here;
    if (!outcome.is_void) ++tally_.played;  // dealt again, as a redeal: not one of the game's mènes
    for (Team team : kTeams) tally_.totals[team] += outcome.score[team];
    tally_.end = game_end_after(*rules_, target(), tally_.played, tally_.totals, deal, outcome, contract_winner(deal, outcome));
  }
  if (node) {
    node->previous = std::move(history_);
    node->dealt = dealt_;
    node->held_in = held_in_;
    node->actions.assign(log_.begin(), log_.begin() + log_count_);
    node->redeal = contract.redeal;
    node->contract = contract;
    node->before = before;
    history_ = std::move(node);
  }
  if (tally_.end.over() || (shared_->setup.max_menes > 0 && tally_.played >= shared_->setup.max_menes)) {
    phase_ = TablePhase::over;
    log_count_ = 0;
    return;
  }
  deal_next(next_dealer);
}

std::optional<TableError> Table::deal_as(const DealtMene& dealt) {
  if (phase_ != TablePhase::auction || log_count_ > 0) return TableError{"a mène's deal is set before its first call", "deal"};
  if (auto fault = deal_fault(*rules_, dealing_plan(), dealt)) return TableError{std::move(*fault), "deal"};
  DealtMene numbered = dealt;
  numbered.number = dealt_.number;
  start_mene(numbered);
  return std::nullopt;
}

bool Table::undo() {
  if (log_count_ > 0) {
    const auto actions = log_;
    const int keep = log_count_ - 1;
    begin_mene();
    // Each was accepted once, and is again: nothing to read.
    for (int i = 0; i < keep; ++i) static_cast<void>(apply(actions[std::size_t(i)]));
    return true;
  }
  if (!history_) return false;
  // The first action of a mène (or the game's end) goes back into the mène before it.
  const std::shared_ptr<const FinishedMene> last = history_;
  history_ = last->previous;
  tally_ = last->before;
  held_in_ = last->held_in;
  start_mene(last->dealt);
  for (std::size_t i = 0; i + 1 < last->actions.size(); ++i) static_cast<void>(apply(last->actions[i]));
  return true;
}

void Table::remove_menes_limit() {
  if (shared_->setup.max_menes == 0) return;
  auto unlimited = std::make_shared<SharedWithDealing>(static_cast<const SharedWithDealing&>(*shared_));
  unlimited->setup.max_menes = 0;
  shared_ = std::move(unlimited);
  // The auction keeps its outcome once the mène is over: it names the next dealer.
  if (phase_ == TablePhase::over && !tally_.end.over()) deal_next(auction_.outcome()->next_dealer);
}

const Deal* Table::last_deal() const { return history_ && !history_->redeal ? &history_->deal : nullptr; }
const Outcome* Table::last_outcome() const { return history_ && !history_->redeal ? &history_->outcome : nullptr; }

std::vector<std::shared_ptr<const FinishedMene>> Table::history() const {
  std::vector<std::shared_ptr<const FinishedMene>> out;
  for (auto node = history_; node; node = node->previous) out.push_back(node);
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace belote
