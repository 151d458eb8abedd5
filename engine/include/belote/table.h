// A game in progress (the rule book, part 5: table.md): the deal from a
// seed, the auction call by call, the play card by card with what a player
// may say, each mène scored by the evaluator, and the sheet: totals,
// held-over points, the next dealer and the game's end.
//
// A Table is a value, in the manner of OpenSpiel's State: `legal()` gives the
// actions of the seat to act, `apply()` applies one or refuses it with the
// rule book's words, `undo()` takes the last back, and a copy is a little over
// a kilobyte (the mène's deal, auction, play and log: sizeof(Table)) and two
// reference counts, so that a search may copy it at every node.
// What a seat may know is `observe(seat)`; nothing else leaves the table but
// the record, written once the game (or a part of it) is over.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "belote/announcement.h"
#include "belote/auction.h"
#include "belote/card_set.h"
#include "belote/outcome.h"
#include "belote/play.h"
#include "belote/random_deals.h"
#include "belote/ruleset.h"
#include "belote/seat.h"
#include "belote/sheet.h"

namespace belote {

/// An action: a number in the ruleset's action space (ActionSpace).
using Action = std::uint16_t;

/// What an action does.
enum class ActionKind : std::uint8_t {
  card,       ///< play a card
  card_word,  ///< play a card of a belote pair, saying the word (the ruleset's belote.words)
  declare,    ///< declare one of one's announcements (trick 1, before one's card)
  call,       ///< a call of the auction
};

/// The actions of one ruleset, numbered: the cards (by suit, then rank in the
/// deck's order), the same cards said with the belote's word, the slots of a
/// seat's announcements, then the calls: pass, take, double, redouble,
/// schieben, a choice of each auction kind, and each bid (order "value": each
/// step of the ladder in each kind; order "kind": each kind).
class ActionSpace {
 public:
  explicit ActionSpace(const Ruleset& rules);

  /// The number of actions: masks and policies have this many entries.
  int size() const { return size_; }
  int card_count() const { return cards_; }
  /// The kinds calls may name, and the steps of the bid ladder (1 under order "kind").
  int kind_count() const { return kinds_; }
  int ladder_steps() const { return ladder_; }

  /// The calls without a value or kind, in their order after the slots.
  enum FixedCall : int { kPass, kTake, kDouble, kRedouble, kSchieben, kFixedCalls };

  Action card(Card card, bool word = false) const {
    return Action(suit_of(card) * ranks_ + rank_of(card) + (word ? cards_ : 0));
  }
  Action declare(int slot) const { return Action(2 * cards_ + slot); }
  /// A call's action (its seat aside); none for a call the space does not hold.
  std::optional<Action> call(const Call& call) const;
  /// The actions of a fixed call, a choice of kind `kind`, and a bid of step
  /// `step` of the ladder (0 under order "kind") in kind `kind`.
  Action fixed_call(FixedCall call) const { return Action(calls_ + call); }
  Action choice(int kind) const { return Action(calls_ + kFixedCalls + kind); }
  Action bid(int step, int kind) const { return Action(calls_ + kFixedCalls + kinds_ + step * kinds_ + kind); }

  ActionKind kind(Action action) const {
    if (action < cards_) return ActionKind::card;
    if (action < 2 * cards_) return ActionKind::card_word;
    if (action < calls_) return ActionKind::declare;
    return ActionKind::call;
  }
  /// The card of a card action (played with the word or not).
  Card card_of(Action action) const { return card_by_action_[action]; }
  int slot_of(Action action) const { return action - 2 * cards_; }
  Call call_of(Action action, Seat seat) const {
    const int i = action - calls_;
    Call call = i >= 0 && i < int(call_by_action_.size()) ? call_by_action_[std::size_t(i)] : Call{seat, CallType::unknown};
    call.seat = seat;
    return call;
  }

 private:
  const Ruleset* rules_;
  int ranks_ = 0;
  int cards_ = 0;
  int calls_ = 0;  // the first call's action
  int kinds_ = 0;
  int ladder_ = 0;
  int size_ = 0;
  /// The card of each card action, computed once: a division a card costs more than the rest of its play.
  std::array<Card, 2 * kSuitCount * kMaxRanks> card_by_action_{};
  /// The call of each call action (from the first call's), computed once for the same reason.
  std::vector<Call> call_by_action_;
};

/// The actions legal now, as a few masks (a list with `list()`).
struct LegalActions {
  Seat seat = Seat::N;
  /// Cards that may be played, and those of them that may be played with the word.
  CardSet cards = 0;
  CardSet word_cards = 0;
  /// Announcement slots the seat may still declare (bit per slot).
  std::uint16_t declare = 0;
  /// The auction's legal calls; `calls.seat` is the seat to speak.
  LegalCalls calls;
  bool auction = false;

  bool empty() const { return !auction && cards == 0; }
  /// How many actions are legal, and the i-th of them in increasing order of number (no allocation).
  int count(const ActionSpace& space) const;
  Action nth(const ActionSpace& space, int i) const;
  /// One of them drawn uniformly: `nth(space, rng.below(count(space)))` (some legal).
  Action random(const ActionSpace& space, Xoshiro256& rng) const { return nth(space, int(rng.below(std::uint32_t(count(space))))); }
  bool contains(const ActionSpace& space, Action action) const;
  /// Every legal action, in increasing order of number.
  std::vector<Action> list(const ActionSpace& space, const Ruleset& rules) const;
  /// One byte per action of the space: 1 where legal.
  void mask(const ActionSpace& space, const Ruleset& rules, std::span<std::uint8_t> out) const;
};

/// How many calls are legal, and the i-th of them in increasing order of action
/// number: the fixed calls, the choices, then the bids step by step. Out-of-turn
/// doubles are not the table's: every seat acts in its turn.
/// How many kinds a mask of kinds names: most often none, or all (bids under order "value"), which need no count.
inline int kinds_in(std::uint16_t kinds, const ActionSpace& space) {
  if (!kinds) return 0;
  return kinds == (1u << space.kind_count()) - 1 ? space.kind_count() : count_bits(kinds);
}
inline int call_count(const LegalCalls& calls, const ActionSpace& space) {
  if (calls.ended) return 0;
  int n = calls.pass + calls.take + calls.double_ + calls.redouble + calls.schieben + kinds_in(calls.choose_kinds, space);
  if (calls.bid_kinds) {
    const int steps = calls.lowest_bid >= 0 ? space.ladder_steps() - calls.lowest_bid : 1;
    n += steps * kinds_in(calls.bid_kinds, space);
  }
  return n;
}
inline Action nth_call(const LegalCalls& calls, const ActionSpace& space, int i) {
  const unsigned fixed = unsigned(calls.pass) << ActionSpace::kPass | unsigned(calls.take) << ActionSpace::kTake |
                         unsigned(calls.double_) << ActionSpace::kDouble | unsigned(calls.redouble) << ActionSpace::kRedouble |
                         unsigned(calls.schieben) << ActionSpace::kSchieben;
  // Five flags: their count is their sum, and the i-th of them an entry of a byte's table.
  const int fixed_count = calls.pass + calls.take + calls.double_ + calls.redouble + calls.schieben;
  if (i < fixed_count) return space.fixed_call(ActionSpace::FixedCall(nth_bit_of_byte(fixed, i)));
  i -= fixed_count;
  const int choices = kinds_in(calls.choose_kinds, space);
  if (i < choices) return space.choice(nth_bit(calls.choose_kinds, i));
  i -= choices;
  const int first_step = calls.lowest_bid >= 0 ? calls.lowest_bid : 0;
  // With every kind legal (order "value"), the i-th bid is i actions on from the first: no division.
  if (calls.bid_kinds == (1u << space.kind_count()) - 1) return Action(space.bid(first_step, 0) + i);
  const int kinds = kinds_in(calls.bid_kinds, space);
  return space.bid(first_step + i / kinds, nth_bit(calls.bid_kinds, i % kinds));
}

// Inline: a random player counts and picks one of them at every action.
inline int LegalActions::count(const ActionSpace& space) const {
  if (!auction) {
    if (!(word_cards | declare)) return count_bits(cards);  // most of the time
    return count_bits(cards) + count_bits(word_cards) + count_bits(declare);
  }
  return call_count(calls, space);
}

// The play's part in order of action number: the cards, the cards said with the word, the slots.
inline Action LegalActions::nth(const ActionSpace& space, int i) const {
  if (!auction) {
    // One set picked, then one bit of it: a single place that takes a set's bit, which the compiler inlines.
    const int plain = count_bits(cards);
    const int said = count_bits(word_cards);
    const bool is_plain = i < plain, is_said = !is_plain && i < plain + said;
    const std::uint64_t set = is_plain ? cards : is_said ? word_cards : std::uint64_t(declare);
    const int bit = nth_bit(set, is_plain ? i : is_said ? i - plain : i - plain - said);
    return is_plain ? space.card(Card(bit)) : is_said ? space.card(Card(bit), true) : space.declare(bit);
  }
  return nth_call(calls, space, i);
}

/// Where the game is.
enum class TablePhase : std::uint8_t {
  auction,  ///< the calls of a mène
  play,     ///< its cards (and, at trick 1, the announcements)
  over,     ///< the game is over (or its last mène played)
};
/// "auction", "play" or "over", as the observation's JSON and the modules name it.
std::string_view name(TablePhase phase);

/// How a game starts. A table refuses a setup its record could not hold
/// (std::invalid_argument, in the record reader's words: "'target' must be a
/// whole number from 1 to 100000, not -5").
struct TableSetup {
  std::uint64_t seed = 0;
  /// The first dealer (table.md 1: N unless said).
  Seat first_dealer = Seat::N;
  /// The sheet's own target, 1 to kMaxGameTarget (none: the ruleset's game.target).
  std::optional<int> target = {};
  /// Stop after this many mènes played, whatever the score: 1 to
  /// kMaxRecordMenes (table_record.h), or 0 for the game's end.
  int max_menes = 0;
  /// The teams' names, as a score sheet takes them (is_team_name: 1 to
  /// kMaxTeamNameLength characters, no control or bidirectional character).
  PerTeam<std::string> teams{{"NS", "EW"}};
  /// Keep every finished mène for the record and for undoing across mènes
  /// (false: a little faster, for simulations that need neither; the record
  /// writers then refuse a game with a mène finished, table_record.h).
  bool keep_history = true;
};

/// Why an action was refused: the rule book's sentence, and the ruleset key or rule behind it.
struct TableError {
  std::string message = {};
  /// What refused it:
  /// - "game": the game is over;
  /// - "action": not an action of the ruleset's space, or a mène's log full;
  /// - "phase": a call once the auction has ended, a card while it goes on, an
  ///   announcement outside trick 1;
  /// - "announcements": an announcement slot the seat does not hold, or has declared;
  /// - "hand": a card not in the seat's hand;
  /// - "play": a card the rules of the play refuse (follow, trump, overtrump);
  /// - "play.belote_call": the belote's word with a card it may not go with;
  /// - "deal": deal_as refused the deal;
  /// - a call the auction refuses: its rule_id (auction.h: "out-of-turn",
  ///   "not-higher", "double-own-team", ...).
  std::string rule = {};
};

/// The cards dealt for one mène, and what proposes the trump.
struct DealtMene {
  Seat dealer = Seat::N;
  /// The seat that speaks first (a game's first deal may name one: auction.first_deal_speaker).
  Seat first = Seat::N;
  /// Every seat's hand once the deal is complete; the cards it holds during the auction.
  PerSeat<CardSet> hands{};
  PerSeat<CardSet> before_auction{};
  /// The card turned up (dealing.turned = "card"), or -1.
  std::int8_t turned_card = -1;
  /// The suits proposed in order (a turned-card auction): the first, then those a
  /// `next-turned-card` auction turns after it.
  std::array<Suit, kSuitCount> proposals{};
  std::uint8_t proposal_count = 0;
  /// Which deal of the seed's sequence it is (redeals count).
  std::uint64_t number = 0;
  /// Whether `hands` are complete; otherwise the rest of the pack is dealt after the auction.
  bool complete = true;
  /// The shuffled pack and the next card to deal from it.
  std::uint8_t pack_count = 0;
  std::uint8_t pack_next = 0;
  std::array<Card, kSuitCount * kMaxRanks> pack{};

  /// A deal whose four hands are known (a recorded deal): every card seen from the start.
  static DealtMene of_hands(Seat dealer, Seat first, const PerSeat<CardSet>& hands) {
    DealtMene out;
    out.dealer = dealer;
    out.first = first;
    out.hands = hands;
    out.before_auction = hands;
    return out;
  }
};

struct DealingPlan;  // how a ruleset deals a pack (table/dealing.h)

/// One announcement as declared at the table, and by whom, as one seat knows
/// it (table.md 3, docs/table.md): a sequence by its kind and value until its
/// team shows it at trick 2 (its own seat knows it from the start); a carré,
/// named by its rank, with its cards.
struct DeclaredAnnouncement {
  Seat seat = Seat::N;
  /// Its kind and value (carre, length, points, contest; a carré's rank); a
  /// sequence's suit, top and key only where `known` (0 otherwise), and its
  /// length then the ruleset's table length it counts as (its name's).
  Announcement announcement;
  /// Whether its cards are known to the seat observing.
  bool known = true;
  /// Its cards where known; none otherwise.
  CardSet cards() const { return known ? announcement.cards() : 0; }
  friend bool operator==(const DeclaredAnnouncement&, const DeclaredAnnouncement&) = default;
};

/// What one seat may know (table.md 3): nothing here depends on a card that
/// seat has not seen.
struct Observation {
  Seat seat = Seat::N;
  TablePhase phase = TablePhase::auction;
  /// The seat to act; meaningless once over.
  Seat to_act = Seat::N;
  Seat dealer = Seat::N;
  /// The mène's number in the game (1-based; redeals count), and the mènes played so far.
  int mene = 1;
  int played = 0;
  /// The seat's cards now, and as they were dealt to it so far.
  CardSet hand = 0;
  CardSet dealt = 0;
  /// The card turned up (everyone sees it), -1 when none; the suits proposed so far.
  int turned_card = -1;
  std::vector<Suit> proposals;
  /// Every call, with its seat.
  std::vector<Call> calls;
  /// The contract, once the auction has ended in one.
  std::optional<AuctionOutcome> contract;
  /// Every card played, in order, with its seat; each trick's leader and winner.
  std::vector<std::pair<Seat, Card>> cards;
  std::vector<Seat> trick_winners;
  /// Cards played with the belote's word.
  CardSet said_with_word = 0;
  /// Every announcement declared so far, with its seat, in the order declared.
  std::vector<DeclaredAnnouncement> declared;
  /// Card points, tricks and roem ([roem], klaverjas) each team has taken in this mène (as everyone counts them).
  PerTeam<int> points;
  PerTeam<int> tricks;
  PerTeam<int> roem;
  /// The sheet: totals before this mène, points held over, the target (0: none).
  PerTeam<int> totals;
  int held_over = 0;
  int target = 0;
  friend bool operator==(const Observation&, const Observation&) = default;
};

/// Writes the contract an auction made into a deal's contract fields (kind,
/// trump, bid, doubling, taker, first lead), as the deal reader derives them.
void set_contract(const Ruleset& rules, const PlayContext& play, const AuctionOutcome& contract, Deal& deal);

/// A finished mène, kept for the record and for undoing across mènes.
struct FinishedMene;

/// What the game has given so far.
struct TableTally {
  PerTeam<int> totals;
  /// Points held over (a litige, Bulgarian hanging points) waiting for a winner.
  int waiting = 0;
  /// Mènes played (redeals and void deals, dealt again, do not count), and mènes dealt.
  int played = 0;
  int dealt = 0;
  GameEnd end;
};

/// One thread's: a table is a value, and a copy is another thread's to use.
/// The ruleset it plays is read only, and may be shared by any number of
/// threads and tables (docs/table.md, "What a program keeps alive, and threads").
class Table {
 public:
  /// A game under `rules` (which must state an auction and outlive the table):
  /// the table keeps a reference to it, not a copy, so keep the
  /// LoadedRuleset's `shared_ptr` alive as long as the table and its copies.
  /// Throws std::invalid_argument, with the reason, for a ruleset without an
  /// auction or a setup out of TableSetup's bounds.
  Table(const Ruleset& rules, TableSetup setup = {});
  /// A game whose first mène is dealt as `first` says rather than from the seed
  /// (a recorded deal replayed); later mènes come from the seed. Throws
  /// std::invalid_argument, with deal_as's reason, for a deal it would refuse.
  Table(const Ruleset& rules, TableSetup setup, const DealtMene& first);

  const Ruleset& rules() const { return *rules_; }
  const ActionSpace& actions() const { return shared_->space; }
  const TableSetup& setup() const { return shared_->setup; }

  TablePhase phase() const { return phase_; }
  bool over() const { return phase_ == TablePhase::over; }
  /// The seat to act (the seat to speak, or to play).
  Seat to_act() const;
  LegalActions legal() const {
    if (phase_ != TablePhase::play) return legal_calls();
    // Inline, in the play: a player asks at every card.
    return legal_in_play(play_->legal());
  }
  /// Applies `action` for the seat to act, or refuses it (the state unchanged).
  [[nodiscard]] std::optional<TableError> apply(Action action);
  /// Applies an action known to be legal (one of `legal()`'s), without checking
  /// it again: for players and searches that only ever pick legal actions.
  /// Unchecked: any other action (a card during the auction, a game over)
  /// leaves the table in no state of the game. Builds without NDEBUG assert it
  /// is legal; apply() is the checked entry point.
  void apply_legal(Action action) {
    assert(legal().contains(actions(), action) && "apply_legal takes one of legal()'s actions");
    if (shared_->space.kind(action) == ActionKind::card) play_card(action);  // inline: the common case
    else apply_legal_other(action);
  }
  /// Applies one of `legal()`'s actions drawn uniformly, `legal().random(actions(), rng)`,
  /// and returns it: the same action from the same generator, without the
  /// actions' list, nor their numbers where a seat simply plays a card. Throws
  /// std::logic_error once the game is over ("the game is over: apply_random
  /// has no action to draw").
  Action apply_random(Xoshiro256& rng) {
    // Inline, in the play: a random game asks at every card.
    if (phase_ == TablePhase::play) {
      // A card of the legal ones, in the order of their numbers, where no word or announcement may go with it.
      const CardSet cards = play_->legal();
      if (!(cards & word_cards_) && (play_->trick_number() > 1 || !slots_[play_->to_play()])) {
        // The legal cards without their 0 to 7 lowest, made while the number is drawn:
        // once it is known, the card is a load and a count of zeros away (a
        // ninth card, drawn only from a full hand of nine, is counted out).
        std::array<CardSet, 8> from;
        CardSet rest = cards;
        for (CardSet& set : from) {
          set = rest;
          rest &= rest - 1;
        }
        const std::uint32_t i = rng.below(std::uint32_t(count_bits(cards)));
        const Card card = Card(i < from.size() ? std::countr_zero(from[i]) : nth_bit(cards, int(i)));
        const Action action = shared_->space.card(card);
        play_card(action, card);
        return action;
      }
      return apply_random_said(cards, rng);
    }
    return apply_random_call(rng);
  }
  /// Takes back the last action applied (across mènes where history is kept);
  /// false when there is none.
  bool undo();
  /// Lifts TableSetup::max_menes: a game it stopped (over, neither won nor
  /// drawn) goes on to its next mène, dealt from the seed as it would have been.
  void remove_menes_limit();
  /// Deals the mène about to start as `dealt` says (a recorded deal replayed)
  /// instead of from the seed; refused (rule "deal") once the mène has begun,
  /// and for a deal the game could not go on from: seats that are none; hands
  /// not the deck's cards, a hand's count each, each once (`before_auction`
  /// the same); an incomplete deal (`complete` false) where the ruleset deals
  /// no card after the auction, or whose pack does not hold the hands' cards,
  /// the card turned, then the rest; a `turned_card` the ruleset does not turn;
  /// and proposals other than the ruleset's own deal makes (`proposal_count`:
  /// 1 where it turns a card or a suit, every suit with a kind under
  /// next-turned-card, 0 where it turns none; distinct suits that may be trumps,
  /// the first the suit of `turned_card` where one is given). DealtMene::of_hands
  /// proposes nothing: a deal for a ruleset that turns a card or a suit up adds it.
  [[nodiscard]] std::optional<TableError> deal_as(const DealtMene& dealt);

  /// What `seat` may know now (one of N, E, S, W; another value throws std::out_of_range).
  Observation observe(Seat seat) const;
  /// An action in words, as the seat to act would say it: a card "QH"; a card
  /// with the belote's word "KH belote" (the ruleset's belote.words); an
  /// announcement of the seat's "declare tierce KH (JH QH KH)" (its name, its
  /// top card, its cards) or "declare carre J (JS JH JD JC)", and "declare N"
  /// for slot N - 1 where the seat holds no such slot; a call "80 H", "pass".
  std::string action_text(Action action) const;
  /// An action read from its words: as action_text writes them, in any case,
  /// each card as a card token (rank then suit, the suit a letter or a symbol:
  /// "K♥ belote", "declare tierce K♥ (J♥ Q♥ K♥)"), any word the ruleset hears
  /// with a belote card ("stöck"), or "declare N" for slot N - 1 (N from 1);
  /// none when it means nothing here.
  std::optional<Action> parse_action(std::string_view text) const;

  /// The mène being dealt or played.
  const DealtMene& dealt() const { return dealt_; }
  const Auction& auction() const { return auction_; }
  /// The hands as dealt in full (once the auction has made a contract; before it, as dealt so far).
  const PerSeat<CardSet>& hands() const { return play_ ? hands_ : dealt_.hands; }
  /// This mène's actions so far.
  std::span<const Action> mene_actions() const { return {log_.data(), log_count_}; }
  /// The contract, once the auction has made one.
  const std::optional<AuctionOutcome>& contract() const { return contract_; }
  /// The cards played with the belote's word in this mène.
  CardSet words() const { return words_; }
  /// The slots each seat has declared (bit per slot).
  std::uint16_t declared(Seat seat) const { return declared_[seat]; }
  /// The play, once the auction has made a contract.
  const PlayedMene* play() const { return play_ ? &*play_ : nullptr; }
  /// The announcements `seat` may declare in this mène (its slots, in order).
  SeatAnnouncements declarable(Seat seat) const;
  const TableTally& tally() const { return tally_; }
  int target() const;

  /// The last mène finished (scored or redealt), if any: its deal and outcome.
  const Deal* last_deal() const;
  const Outcome* last_outcome() const;

  /// The mènes finished so far, oldest first (empty without history).
  std::vector<std::shared_ptr<const FinishedMene>> history() const;
  /// The last mène finished, without walking the others (null without history
  /// or before the first mène ends).
  const std::shared_ptr<const FinishedMene>& last_finished() const { return history_; }

 private:
  void start_mene(const DealtMene& dealt);
  /// Starts the mène `dealt_` holds.
  void begin_mene();
  void deal_next(Seat dealer);
  std::optional<TableError> apply_call(Action action);
  /// What follows a call applied: the play once the auction has made a contract, or the redeal.
  void call_applied(Action action);
  std::optional<TableError> apply_card(Action action);
  void play_card(Action action) { play_card(action, shared_->space.card_of(action)); }
  void play_card(Action action, Card card) {
    log_[log_count_++] = action;
    play_->play(card);
    if (play_->over()) finish_mene();
  }
  /// The legal actions outside the play: the auction's calls, or none once over.
  LegalActions legal_calls() const;
  /// The legal actions in the play, its legal cards `cards` known.
  LegalActions legal_in_play(CardSet cards) const {
    LegalActions out;
    const Seat seat = play_->to_play();
    out.seat = seat;
    out.cards = cards;
    out.word_cards = cards & word_cards_;
    // Announcements are declared in trick 1, before or as the seat plays its first card (play.md 3.1).
    if (play_->trick_number() == 1 && !play_->current().place_of(seat))
      out.declare = std::uint16_t(((1u << slots_[seat]) - 1) & ~declared_[seat]);
    return out;
  }
  void apply_legal_other(Action action);
  /// apply_random's calls, and its actions in the play where a word or an
  /// announcement may go with the card (the legal cards `cards` known).
  Action apply_random_call(Xoshiro256& rng);
  Action apply_random_said(CardSet cards, Xoshiro256& rng);
  std::optional<TableError> apply_declare(Action action);
  void start_play(const AuctionOutcome& contract);
  /// The mène played, as the evaluator scores it.
  void mene_deal(Deal& deal) const;
  /// The announcements declared, in order, as `seat` knows them (observation.cpp).
  void observe_declared(Seat seat, std::vector<DeclaredAnnouncement>& out) const;
  void finish_mene();

  /// What never changes during a game, shared by every copy (one reference count to copy).
  struct Shared {
    ActionSpace space;
    TableSetup setup;
  };
  /// Shared with how the ruleset deals a pack (table.cpp): the dealing's
  /// details stay out of this header.
  struct SharedWithDealing;
  const DealingPlan& dealing_plan() const;
  const Ruleset* rules_;
  std::shared_ptr<const Shared> shared_;
  std::shared_ptr<const FinishedMene> history_;
  TableTally tally_;
  TablePhase phase_ = TablePhase::auction;
  DealtMene dealt_;
  int held_in_ = 0;  // points held over coming into this mène
  Auction auction_;
  std::optional<AuctionOutcome> contract_;
  std::optional<PlayedMene> play_;
  /// The hands as dealt, once the auction has ended (the cards after it included).
  PerSeat<CardSet> hands_;
  /// Announcement slots each seat holds, and has declared.
  PerSeat<std::uint8_t> slots_;
  PerSeat<std::uint16_t> declared_;
  CardSet words_ = 0;
  /// The cards of the belote pairs the seats were dealt, and those that may be
  /// played with the belote's word (the same, unless the belote counts when held).
  CardSet pair_cards_ = 0;
  CardSet word_cards_ = 0;
  /// This mène's actions in order, for undo and the record.
  static constexpr int kMaxLog = 192;
  std::array<Action, kMaxLog> log_{};
  std::uint8_t log_count_ = 0;
};

/// A finished mène: how it was dealt, its actions, its deal and outcome (none
/// for a redeal), and the tally before it.
struct FinishedMene {
  std::shared_ptr<const FinishedMene> previous;
  DealtMene dealt;
  int held_in = 0;
  std::vector<Action> actions;
  bool redeal = false;
  AuctionOutcome contract;
  Deal deal;
  Outcome outcome;
  TableTally before;
};

}  // namespace belote
