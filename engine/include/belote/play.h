// The play: which cards are legal, who wins a trick, and a mène played card
// by card (the rule book, part 3: play.md).
//
// Everything here reads the ruleset's compiled tables: a trick's winner and a
// player's legal cards are a few operations on 64-bit card sets, with the
// conventions of [play] choosing among them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "belote/card_set.h"
#include "belote/ruleset.h"
#include "belote/seat.h"

namespace belote {

/// What the play of one deal reads: the kind's trick orders and card points for
/// its trump suit, and the ruleset's conventions. Cheap to copy; it points into
/// the ruleset, which must outlive it.
class PlayContext {
 public:
  /// `kind` indexes Ruleset::kinds; `trump` matters in one-suit kinds only.
  PlayContext(const Ruleset& rules, int kind, Suit trump);

  const Ruleset& rules() const { return *rules_; }
  const PlayRules& conventions() const { return rules_->play; }
  const ContractKind& kind() const { return rules_->kinds[std::size_t(kind_)]; }
  int kind_index() const { return kind_; }
  Suit trump() const { return trump_; }
  /// The cards of the trump suit; empty outside one-suit kinds.
  CardSet trumps() const { return trumps_; }
  /// Whether every suit ranks in trump order (all-trump kinds).
  bool all_trumps() const { return all_trumps_; }
  /// The cards of the same suit that beat `card` in its suit's trick order.
  CardSet stronger(Card card) const { return (*stronger_)[card]; }
  int card_points(Card card) const { return (*points_)[card]; }
  int last_trick_points() const { return last_trick_; }
  /// Card points of a whole mène, the last trick included.
  int total_points() const { return total_; }
  /// What taking every trick is worth in card points (`kinds.*.capot`, or
  /// `contract.capot`); where it is not above total_points(), the cards count.
  int capot_points() const { return capot_; }
  int hand_size() const { return hand_size_; }
  /// The strongest trump (the jack of trumps), which `play.trump_jack_exempt`
  /// frees from following; empty outside one-suit kinds.
  CardSet trump_jack() const { return trump_jack_; }
  /// The stuk's cards in each of the kind's belote suits (`roem.stuk_cards`),
  /// empty where the ruleset counts no stuk.
  const std::array<CardSet, kSuitCount>& stuk_sets() const { return stuk_sets_; }
  /// Whether a trick's cards may hold roem at all (a [roem] with any value).
  bool counts_roem() const { return counts_roem_; }
  /// Whether a player who follows a plain (non-trump) suit may play nothing
  /// else: no kind where every suit ranks as trumps, no trumping instead of following.
  bool plain_follow_only() const { return plain_follow_only_; }

 private:
  const Ruleset* rules_;
  int kind_;
  Suit trump_;
  CardSet trumps_ = 0;
  CardSet trump_jack_ = 0;
  bool all_trumps_ = false;
  const std::array<CardSet, 64>* stronger_;
  const std::array<std::int16_t, 64>* points_;
  int last_trick_ = 0;
  int total_ = 0;
  int capot_ = 0;
  int hand_size_ = 0;
  std::array<CardSet, kSuitCount> stuk_sets_{};
  bool counts_roem_ = false;
  bool plain_follow_only_ = false;
};

/// A trick as far as it has been played: its leader and cards in play order,
/// and the card that would win it if it ended now.
struct Trick {
  Seat leader = Seat::N;
  std::uint8_t count = 0;
  std::array<Card, 4> cards{};
  /// Index in `cards` of the winning card (meaningful when count > 0).
  std::uint8_t winning = 0;

  bool empty() const { return count == 0; }
  bool complete() const { return count == 4; }
  /// The seat that plays the i-th card of the trick.
  Seat seat_at(int i) const { return Seat((index(leader) + 3 * i) & 3); }
  /// The seat to play next.
  Seat to_play() const { return seat_at(count); }
  Suit led() const { return suit_of(cards[0]); }
  Card winning_card() const { return cards[winning]; }
  Seat winner() const { return seat_at(winning); }
  /// Where `seat` played in this trick, if it has.
  std::optional<int> place_of(Seat seat) const {
    const int place = (3 * (index(seat) - index(leader))) & 3;  // each turn moves 3 seats on
    return place < count ? std::optional(place) : std::nullopt;
  }
};

/// Adds the next card to a trick, moving its winner (play.md 1.3): the
/// strongest trump if any, otherwise the strongest card of the led suit.
inline void add_card(const PlayContext& play, Trick& trick, Card card) {
  if (trick.count > 0) {
    const Card best = trick.winning_card();
    // Without a branch: whether a card takes the lead is what no predictor guesses.
    const bool beats = (play.stronger(best) & card_bit(card)) != 0;
    const bool card_is_trump = (play.trumps() & card_bit(card)) != 0;
    const bool best_is_trump = (play.trumps() & card_bit(best)) != 0;
    const bool cuts = card_is_trump && !best_is_trump;
    // Selected by a mask: the compiler makes `beats || cuts ? count : winning` two branches.
    const unsigned takes = 0u - unsigned(beats | cuts);
    trick.winning = std::uint8_t(trick.winning ^ ((trick.winning ^ trick.count) & takes));
  }
  trick.cards[trick.count++] = card;
}

/// The convention that decided a legal set (play.md 2.2): what an error for an
/// illegal card names.
enum class LegalRule : std::uint8_t {
  leading,                     ///< the leader plays any card
  follow_suit,                 ///< (a), or no duty at all: follow when able
  void_free,                   ///< void with no duty to trump (or nothing to trump with): any card
  raise_on_trump_lead,         ///< (b)
  trump_jack_exempt,           ///< (f)
  raise_in_all_trumps,         ///< (g)
  trump_instead_of_following,  ///< (e)
  must_trump,                  ///< (c)
  overtrump,                   ///< (d)
  undertrump,                  ///< (d)
  undertrump_ban,              ///< (h)
};

/// A legal set and the convention that decided it.
struct LegalPlay {
  CardSet cards = 0;
  LegalRule rule = LegalRule::leading;
};

/// The cards of `hand` that `player` may play to `trick` (play.md 2.4), with
/// the convention that decided them. `player` is the trick's next seat.
LegalPlay legal_play(const PlayContext& play, CardSet hand, const Trick& trick, Seat player);

/// The cards of `hand` that the trick's next player may play (play.md 2.4).
inline CardSet legal_cards(const PlayContext& play, CardSet hand, const Trick& trick) {
  if (trick.empty()) return hand;  // the leader plays any card (legal_play's first case, without the call)
  // A plain suit led and followed where that is all one may do: legal_play's case B, without the call.
  const CardSet follow = hand & suit_mask(trick.led());
  if (follow && !(follow & play.trumps()) && play.plain_follow_only()) return follow;
  // Void in the led suit and holding no trump: any card (case C's first step).
  if (!follow && !(hand & play.trumps())) return hand;
  return legal_play(play, hand, trick, trick.to_play()).cards;
}

/// A trick's card points under the kind (without the last trick's bonus).
int trick_points(const PlayContext& play, const Trick& trick);

/// The ruleset key and value that refuse a card, for a person:
/// `play.undertrump = "must"`, or `follow suit`.
std::string legal_rule_key(const PlayRules& rules, LegalRule rule);
/// Why the rule refuses a card, in a few words.
std::string_view legal_rule_reason(LegalRule rule);

/// The roem of a trick's four cards (play.md 3.4) and what made it.
struct TrickRoem {
  int points = 0;
  /// The length of the run among the cards (0: none), its suit and its top rank.
  int run = 0;
  Suit run_suit = 0;
  Rank run_top = 0;
  /// How many stuks the trick holds (one per belote suit whose stuk cards are all in it).
  int stuks = 0;
  /// Four cards of one rank: the rank.
  std::optional<Rank> four_of_a_kind;
};

/// The roem of four cards under the ruleset's [roem] (zero without one).
TrickRoem trick_roem(const PlayContext& play, CardSet cards);

/// One trick once played: its cards, winner and points.
struct PlayedTrick {
  Trick trick;
  Seat winner = Seat::N;
  /// Card points of its four cards, and the last trick's bonus if it is the last.
  int points = 0;
  /// The roem of its cards, for the winner's team.
  int roem = 0;
};

/// A mène played card by card from the four hands (play.md 1): who is to
/// play, which cards he may play, and what the tricks so far have given.
class PlayedMene {
 public:
  PlayedMene(const PlayContext& play, const PerSeat<CardSet>& hands, Seat first);

  const PlayContext& context() const { return play_; }
  /// Whether every trick has been played.
  bool over() const { return tricks_done_ == play_.hand_size(); }
  /// The seat to play next.
  Seat to_play() const { return current().to_play(); }
  /// The trick being played (empty between tricks), and its number from 1.
  const Trick& current() const { return tricks_[std::size_t(tricks_done_)].trick; }
  int trick_number() const { return tricks_done_ + 1; }
  /// The cards each seat still holds.
  CardSet hand(Seat seat) const { return hands_[seat]; }
  /// The cards the seat to play may play.
  CardSet legal() const { return legal_cards(play_, hands_[to_play()], current()); }
  LegalPlay legal_why() const { return legal_play(play_, hands_[to_play()], current(), to_play()); }
  /// Plays a card of the hand of the seat to play; the caller has checked that
  /// it is legal. Closes the trick after its fourth card.
  void play(Card card) {
    // Inline: three cards in four only join their trick.
    Trick& trick = tricks_[std::size_t(tricks_done_)].trick;
    hands_[trick.to_play()] &= ~card_bit(card);
    add_card(play_, trick, card);
    if (trick.complete()) close_trick();
  }

  /// The tricks played so far.
  int tricks_played() const { return tricks_done_; }
  const PlayedTrick& trick(int i) const { return tricks_[std::size_t(i)]; }
  /// Card points per team, the last trick's bonus included once the mène is over.
  const PerTeam<int>& points() const { return points_; }
  const PerTeam<int>& tricks_won() const { return team_tricks_; }
  /// Roem per team from the tricks so far (the pit is the scorer's).
  const PerTeam<int>& roem() const { return roem_; }
  const PerSeat<int>& tricks_by_seat() const { return seat_tricks_; }
  /// The team that took every trick, once the mène is over.
  std::optional<Team> capot() const;
  /// The seat that took every trick, once the mène is over.
  std::optional<Seat> every_trick_seat() const;

 private:
  /// Scores the trick just completed and starts the next.
  void close_trick();

  PlayContext play_;
  PerSeat<CardSet> hands_;
  int tricks_done_ = 0;
  /// The tricks played, then the one being played, where its cards go as they
  /// come: closing a trick copies nothing.
  std::array<PlayedTrick, kMaxRanks + 1> tricks_{};
  PerTeam<int> points_;
  PerTeam<int> roem_;
  PerTeam<int> team_tricks_;
  PerSeat<int> seat_tricks_;
};

/// The belote pairs (`belote.ranks`) `hand` holds in the play's kind: bit s for suit s.
std::uint8_t belote_pairs_held(const PlayContext& play, CardSet hand);

/// A card of a played mène, its seat, and whether its player said the belote's word with it.
struct SpokenCard {
  Card card = 0;
  Seat seat = Seat::N;
  bool word = false;
};

/// Per seat, the belote pairs that count where the players say what they
/// announce (play.md 3.2, `play.belote_call`): `cards` are the mène's cards in
/// play order, four a trick, and `hands` the hands as dealt.
PerSeat<std::uint8_t> belotes_said(const PlayContext& play, const PerSeat<CardSet>& hands, std::span<const SpokenCard> cards);

/// Whether a belote pair held counts where what is said counts, and if not, why.
enum class PairCall : std::uint8_t {
  counts,
  unsaid,       ///< no word with either card (or, under `first`, with neither in time)
  said_late,    ///< `first`: the word came with the second card, not the first
  no_rebelote,  ///< `rebelote_required`: the word with the first card, none with the second
  discarded,    ///< `belote_led_or_followed`: the first card was a discard on another suit
};

/// One pair held: its holder, suit, its cards in the order played, and its call.
struct BelotePair {
  Seat seat = Seat::N;
  Suit suit = 0;
  Card first = 0, second = 0;
  PairCall call = PairCall::counts;
};

/// Every belote pair held, each with its call, seat by seat and suit by suit
/// (what `belotes_said` counts; the explanation says why a pair does not count).
std::vector<BelotePair> belote_pairs(const PlayContext& play, const PerSeat<CardSet>& hands, std::span<const SpokenCard> cards);

/// Why `card`, held by the seat to play, is not legal at this point of the mène,
/// for a person: the trick, the seat, the card, the key that refuses it and
/// why, and the legal cards ("trick 1, W: 9S is not legal (follow suit): must
/// follow the led suit; legal: 9H QH").
std::string illegal_card_message(const PlayedMene& mene, Card card);

}  // namespace belote
