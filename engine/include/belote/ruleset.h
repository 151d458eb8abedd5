// A validated ruleset: every convention of the rule book as typed data.
//
// Rulesets come from TOML files (see ruleset_loader.h). Nothing here has a
// default: every value is read from a file, and the loader checks them all.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "belote/announcement.h"
#include "belote/auction_rules.h"
#include "belote/deck.h"
#include "belote/rule_tables.h"

namespace belote {

/// How two announcements are ranked against each other.
enum class StrengthStyle {
  category,  ///< an explicit list of categories, strongest first (seed 000)
  points,    ///< more points wins; at equal points a carré beats a sequence (seed 001)
};
/// What an exact tie between the two teams' best announcements gives.
enum class ExactTie { nobody, first_speaker, both };
/// One criterion of the comparison between two announcements (`announcements.compare`).
enum class Criterion : std::uint8_t {
  category,        ///< the order of `announcements.categories`
  points,          ///< more points
  kind,            ///< a carré beats a sequence
  sequence_first,  ///< a sequence beats a carré
  length,          ///< the longer sequence
  height,          ///< the higher top card, or the carré higher in the kind's order
  trump,           ///< the sequence in trumps
  first_speaker,   ///< the holder who speaks first
};
/// Which suits are trumps in a contract kind.
enum class Trumps { one_suit, none, all_suits };
/// Where a contract kind's belote lives.
enum class BeloteSuits { trump_suit, every_suit, nowhere };
/// How the heights of two sequences compare in a kind.
enum class SequenceOrder { natural, reversed };
/// What an exact tie in the contract comparison gives.
enum class ContractTie { litige, made, failed };
/// Who scores something the failed takers held.
enum class Beneficiary { takers, defenders };
/// Who wins a game when both teams reach the target on the same mène.
enum class BothReach { highest, contract_winner, highest_or_draw };

struct RulesetInfo {
  std::string name;         ///< the name it is selected by
  std::string title;        ///< one line for a person
  std::string source;       ///< which document or tradition it follows
  std::string description;  ///< a short paragraph
  std::string base;         ///< the ruleset it extends, or empty
  friend bool operator==(const RulesetInfo&, const RulesetInfo&) = default;
};

struct SequenceRules {
  /// Points by run length; 0 where the length is not in the table.
  std::vector<int> points_by_length;
  /// Names by length ("tierce", "cinquante", "cent"); empty where not in the table.
  std::vector<std::string> names_by_length;
  /// Whether a run longer than the longest entry splits into several announcements.
  bool split_long_runs = false;

  int shortest() const;
  int longest() const;
  /// The table length a run of `length` cards counts as (its kind), or 0.
  int entry_for(int length) const;
  int points(int length) const { return points_by_length[entry_for(length)]; }
  friend bool operator==(const SequenceRules&, const SequenceRules&) = default;
};

struct CarreRules {
  std::vector<int> points_by_rank;
  /// Ranks whose carré annuls the deal.
  RankMask voiding_ranks = 0;
  /// Ranks from weakest to strongest, for carrés of equal worth.
  std::vector<Rank> order;
  friend bool operator==(const CarreRules&, const CarreRules&) = default;
};

struct BeloteRules {
  int points = 0;
  /// The ranks one player must hold in trumps.
  RankMask ranks = 0;
  /// What is said with the pair's first card and with the next (lower case).
  std::string first_word = "belote", next_word = "rebelote";
  /// Every word read as said with a card of the pair (lower case): the words
  /// a played mène may write under any ruleset (play.md 1), then the
  /// ruleset's words and aliases.
  std::vector<std::string> heard{"belote", "rebelote", "stöck", "stock", "stoeck"};
  /// Whether `word` (any case) is one of `heard`.
  bool is_said(std::string_view word) const;
  friend bool operator==(const BeloteRules&, const BeloteRules&) = default;
};

/// A kind of announcement, the unit a category order ranks.
struct AnnouncementKind {
  bool carre = false;
  int value = 0;  ///< table length for a sequence, rank for a carré
  friend bool operator==(const AnnouncementKind&, const AnnouncementKind&) = default;
};

/// The announcements a contest (or a contract kind) takes in.
struct AnnouncementSet {
  /// Bit `length` for each sequence length (table length, as in `sequences.points`).
  std::uint32_t sequence_lengths = 0;
  RankMask carre_ranks = 0;

  static AnnouncementSet all() { return {~std::uint32_t{0}, ~RankMask{0}}; }
  bool holds(AnnouncementKind kind) const {
    return kind.carre ? (carre_ranks >> kind.value & 1) : (sequence_lengths >> kind.value & 1);
  }
  friend bool operator==(const AnnouncementSet&, const AnnouncementSet&) = default;
};

/// A separate contest between the teams over a group of announcements.
struct Contest {
  std::string name;  ///< for a person: "carres", "sequences", or the kinds listed
  AnnouncementSet members;
  friend bool operator==(const Contest&, const Contest&) = default;
};

struct AnnouncementRules {
  /// Whether one card may serve in two announcements (a carré and a sequence).
  bool card_reuse = true;
  /// Tricks a team must take to score its announcements (0: no condition).
  int min_tricks = 0;
  ExactTie exact_tie = ExactTie::nobody;
  /// The criteria that rank two announcements, in order.
  std::vector<Criterion> compare;
  /// The key the criteria come from, for explanations: "announcements.compare",
  /// or "announcements.strength = points" when they are the preset.
  std::string compare_key;
  /// With the category criterion: groups of kinds, strongest group first.
  std::vector<std::vector<AnnouncementKind>> categories;
  /// The contests, each over its group of announcements; one holds them all by default.
  std::vector<Contest> contests;
  friend bool operator==(const AnnouncementRules&, const AnnouncementRules&) = default;
};

/// The keys a contract kind may set for itself over the ruleset's general ones.
enum class KindKey : std::uint8_t { capot, carre_points, carre_order, rounding_up_from };

/// Which of them the ruleset sets in the kind, so that an explanation names
/// the key that decided. Where a value is written is not part of the
/// convention: any two compare equal.
struct KindKeysGiven {
  std::uint8_t bits = 0;
  bool has(KindKey key) const { return bits >> unsigned(key) & 1u; }
  void set(KindKey key) { bits = std::uint8_t(bits | 1u << unsigned(key)); }
  friend bool operator==(const KindKeysGiven&, const KindKeysGiven&) { return true; }
};

/// What a deal is played in: one trump suit, no trump, every suit trumps,
/// each with its own card values and announcements (`[kinds.NAME]`).
struct ContractKind {
  std::string name;
  std::vector<std::string> aliases;
  Trumps trumps = Trumps::one_suit;
  /// One-suit kinds: the suits it may be played in, bit s for suit s.
  std::uint8_t suits = 0xF;
  /// Card points by rank when a suit is trumps, and when it is not. With no
  /// trump both are the kind's one table for every suit, as with every suit trumps.
  std::vector<int> trump_points;
  std::vector<int> plain_points;
  /// Trick order, weakest first, in the trump suit and in the others.
  std::vector<Rank> trump_order;
  std::vector<Rank> plain_order;
  int last_trick_points = 0;
  int card_multiplier = 1;
  int capot_points = 0;
  /// The announcements declared in this kind.
  AnnouncementSet declared = AnnouncementSet::all();
  std::vector<int> carre_points;
  std::vector<Rank> carre_order;
  SequenceOrder sequence_order = SequenceOrder::natural;
  BeloteSuits belote = BeloteSuits::trump_suit;
  bool trump_breaks_ties = true;
  int score_multiplier = 1;
  /// The contract's value is the bid times this (the bid to reach stays the bid).
  int bid_multiplier = 1;
  /// The remainder from which a side's number rounds up in this kind.
  int rounding_up_from = 1;
  /// In a doubled deal, a written number with an odd count of units is made even: up (+1), down (-1) or not (0).
  int doubled_even = 0;
  KindKeysGiven given;

  bool in_suit(Suit suit) const { return suits >> suit & 1; }
  /// Whether the suit is trumps in this kind when `trump` is the deal's trump suit.
  bool is_trump(Suit suit, Suit trump) const {
    return trumps == Trumps::all_suits || (trumps == Trumps::one_suit && suit == trump);
  }
  int card_points(Card card, Suit trump) const {
    return is_trump(suit_of(card), trump) ? trump_points[rank_of(card)] : plain_points[rank_of(card)];
  }
  /// Card points of a whole deal in this kind, last trick and multiplier included.
  int total_card_points() const;
  friend bool operator==(const ContractKind&, const ContractKind&) = default;
};

/// When the takers make their contract.
enum class ContractTest {
  more_than_defenders,            ///< strictly more than the defenders; a tie as `on_tie` says
  reach_bid,                      ///< at least the bid
  reach_bid_not_below_defenders,  ///< at least the bid, and not fewer than the defenders
  none,                           ///< no contract: nothing to make or fail
};
/// Who receives points held over from earlier deals.
enum class HeldOverTo { contract_winner, higher_score };

struct ContractRules {
  ContractTest test = ContractTest::more_than_defenders;
  bool counts_announcements = true;
  bool counts_belote = true;
  /// Whether the roem ([roem]) counts toward the contract.
  bool counts_roem = false;
  /// Tricks the takers must take to make any contract (0: no condition).
  int min_tricks = 0;
  ContractTie on_tie = ContractTie::litige;
  Beneficiary failed_announcements = Beneficiary::defenders;
  Beneficiary failed_belote = Beneficiary::takers;
  /// Card points of a team that takes every trick.
  int capot_points = 0;
  HeldOverTo held_over_to = HeldOverTo::contract_winner;
  friend bool operator==(const ContractRules&, const ContractRules&) = default;
};

/// What a named bid (capot, générale) needs to be made.
enum class BidNeeds {
  points,             ///< its value, reached as a numeric bid is
  every_trick,        ///< the takers take every trick
  taker_every_trick,  ///< the taker alone takes every trick
};

struct NamedBid {
  std::string name;
  int value = 0;
  BidNeeds needs = BidNeeds::points;
  friend bool operator==(const NamedBid&, const NamedBid&) = default;
};

struct BidRules {
  /// Numeric bids allowed, in increasing order; empty with `named` when deals carry no bid.
  std::vector<int> numbers;
  std::vector<NamedBid> named;
  bool any() const { return !numbers.empty() || !named.empty(); }
  friend bool operator==(const BidRules&, const BidRules&) = default;
};

/// A doubling level (coinche ×2, surcoinche ×4).
struct DoublingLevel {
  std::string name;
  int factor = 1;
  friend bool operator==(const DoublingLevel&, const DoublingLevel&) = default;
};

/// One term of what a side writes (`[scoring.RESULT]`), relative to that side.
struct ScoringTerm {
  enum class What : std::uint8_t {
    own,                ///< the side's card points + scored announcements + belote
    own_cards,
    own_announcements,
    own_belote,
    all,                ///< both sides' totals
    all_cards,          ///< the deal's card points: the kind's total, or its capot value when this side took every trick
    all_announcements,  ///< both sides' scored announcements
    all_belote,
    bid,                ///< the contract's value: the bid times the kind's bid_multiplier
    fixed,              ///< `fixed`, or `capot` (when not negative) if this side took every trick
    own_roem,           ///< the side's roem, the pit included
    all_roem,           ///< both sides' roem
  };
  What what = What::own;
  int fixed = 0;
  int capot = -1;
  /// Multiplied by the deal's doubling factor.
  bool times_factor = false;
  friend bool operator==(const ScoringTerm&, const ScoringTerm&) = default;
};

/// What each side writes for one result of the contract, and what a tie holds over.
struct ResultScoring {
  std::vector<ScoringTerm> takers;
  std::vector<ScoringTerm> defenders;
  /// A tie: what is held over for a later deal (terms relative to the takers).
  std::vector<ScoringTerm> held;
  friend bool operator==(const ResultScoring&, const ResultScoring&) = default;
};

/// Which result a side's terms are for.
enum class ScoredResult : std::uint8_t { made, failed, tied, made_doubled, failed_doubled, tied_doubled };
inline constexpr int kScoredResults = 6;

/// The most terms one side's list of a result may hold (`times_factor` terms counted one by one).
inline constexpr int kMaxScoringTerms = 16;
/// The most points a deal can make a side write, or hold over, before units:
/// a ruleset whose worst deal could go beyond is refused, so no sum wraps around.
inline constexpr int kMaxDealPoints = 1'000'000;
/// The most announcement points a deal may give a team when it writes them as a number.
inline constexpr int kMaxTeamAnnouncementPoints = 100'000;

struct ScoringRules {
  /// By ScoredResult; a doubled result the ruleset does not set is its undoubled one.
  std::array<ResultScoring, kScoredResults> results;
  /// Whether the ruleset sets each result's terms, or they follow from [contract] (the classic rules).
  std::array<bool, kScoredResults> given{};
  const ResultScoring& of(ScoredResult result) const { return results[std::size_t(result)]; }
  friend bool operator==(const ScoringRules&, const ScoringRules&) = default;
};

/// Who rounds a deal's written numbers.
enum class RoundingSides {
  each,    ///< each side on its own
  leader,  ///< the side with more points; the other takes the rest of the deal's rounded total
};

struct RoundingRules {
  int step = 1;     ///< 1: no rounding
  int up_from = 1;  ///< the remainder from which a number rounds up (5 of 10: 85 → 90, 84 → 80)
  RoundingSides sides = RoundingSides::each;
  /// A side that scored something never rounds down to nothing (it takes a step from the leader).
  bool keep_nonzero = false;
  /// The sheet counts in units of this many points (Bulgarian boards count tens).
  int unit = 1;
  friend bool operator==(const RoundingRules&, const RoundingRules&) = default;
};

struct GameRules {
  /// In the sheet's units; 0 when the game is a number of mènes only.
  int target = 0;
  /// A game of this many mènes, the higher total winning (0: no such limit).
  int deals = 0;
  BothReach both_reach = BothReach::highest;
  /// A team past the target wins only if it took a trick in that deal.
  bool winner_needs_trick = false;
  /// Nobody wins on a deal where a team took every trick.
  bool no_win_on_capot = false;
  friend bool operator==(const GameRules&, const GameRules&) = default;
};

/// Points counted from the four cards of each trick, scored by the team that
/// wins it (klaverjas roem, play.md 3.4), and a bonus for every trick.
struct RoemRules {
  /// Points of a run of cards of one suit in natural order, by its length (3 and 4).
  std::array<int, 5> runs{};
  /// The stuk: the ranks (king and queen) of a belote suit together in one trick.
  int stuk = 0;
  RankMask stuk_ranks = 0;
  /// Four cards of one rank, by rank (no run or stuk is counted with it).
  std::vector<int> four_of_a_kind;
  /// Added to the roem of a team that takes every trick (the pit).
  int pit = 0;
  /// The most roem one trick can hold: four of a kind, or a run with two stuks
  /// (four cards hold two pairs at most).
  int most_per_trick() const {
    int four = 0;
    for (int v : four_of_a_kind) four = v > four ? v : four;
    const int run = runs[3] > runs[4] ? runs[3] : runs[4];
    return four > run + 2 * stuk ? four : run + 2 * stuk;
  }
  /// Whether the ruleset counts any roem at all.
  bool any() const {
    if (stuk || pit) return true;
    for (int v : runs) if (v) return true;
    for (int v : four_of_a_kind) if (v) return true;
    return false;
  }
  friend bool operator==(const RoemRules&, const RoemRules&) = default;
};

/// A duty that holds always, unless the player's partner wins the trick, or never (play.md 2.2 (b) (c) (g)).
enum class PlayDuty : std::uint8_t { always, unless_partner, never };
/// Whether a player who cannot overtrump must still play a trump (play.md 2.2 (d)).
enum class Undertrump : std::uint8_t { must, free };
/// When a lower trump is refused after a plain lead has been trumped (play.md 2.2 (h)).
enum class UndertrumpBan : std::uint8_t { none, unless_only_trumps, unless_only_lower_trumps };
/// What a player must say for a belote to count (play.md 3.2).
enum class BeloteCall : std::uint8_t { held, first, first_or_second };

/// How the cards are played: the legal-card conventions of play.md section 2
/// and the belote's call (section 3.2), as the [play] section gives them.
/// What each team writes for a played mène in which a player revoked: played
/// a card that broke a duty of [play] (`[play.revoke]`). The terms are those
/// of [scoring], relative to each side.
struct RevokeRule {
  /// Without a rule, a played mène holding an illegal card is refused.
  bool given = false;
  std::vector<ScoringTerm> offenders;  ///< the team whose player revoked
  std::vector<ScoringTerm> others;     ///< the other team
  friend bool operator==(const RevokeRule&, const RevokeRule&) = default;
};

struct PlayRules {
  PlayDuty raise_on_trump_lead = PlayDuty::always;
  PlayDuty must_trump = PlayDuty::unless_partner;
  bool overtrump = true;
  Undertrump undertrump = Undertrump::must;
  bool trump_instead_of_following = false;
  bool trump_jack_exempt = false;
  PlayDuty raise_in_all_trumps = PlayDuty::always;
  UndertrumpBan undertrump_ban = UndertrumpBan::none;
  /// As the registry's default: the French federation's call, with the first card.
  BeloteCall belote_call = BeloteCall::first;
  bool rebelote_required = false;
  bool belote_led_or_followed = false;
  RevokeRule revoke;
  friend bool operator==(const PlayRules&, const PlayRules&) = default;
};

/// What is turned up to propose the trump in a turned-card auction (`dealing.turned`).
enum class TurnedCard : std::uint8_t {
  none,  ///< nothing: no turned-card auction
  card,  ///< the next card of the pack, face up; the taker receives it (French belote)
  suit,  ///< a card turned from outside the hands: only its suit matters (klaverjas)
};

/// How a table deals a mène (the rule book, part 5, section 1): the packets
/// each seat receives before and after the auction, and the turned card.
struct DealingRules {
  /// Packet sizes dealt to each seat in turn before the auction, then after it.
  std::vector<int> packets;
  std::vector<int> packets_after;
  TurnedCard turned = TurnedCard::none;
  int before_auction() const {
    int n = 0;
    for (int p : packets) n += p;
    return n;
  }
  friend bool operator==(const DealingRules&, const DealingRules&) = default;
};

struct Ruleset {
  RulesetInfo info;
  Deck deck;
  SequenceRules sequences;
  CarreRules carres;
  BeloteRules belote;
  AnnouncementRules announcements;
  /// The kinds a deal may be played in; one, `suit`, when the ruleset names none.
  std::vector<ContractKind> kinds;
  /// Whether the ruleset names its kinds ([kinds]); deals may then name theirs.
  bool kinds_named = false;
  /// The names and aliases of the [kinds] tables taken out (`enabled = false`), each
  /// with its table's name: a deal that names one is told so.
  std::vector<std::pair<std::string, std::string>> kinds_taken_out;
  ContractRules contract;
  BidRules bids;
  std::vector<DoublingLevel> doubling;
  ScoringRules scoring;
  RoundingRules rounding;
  GameRules game;
  /// How the contract comes about, when the ruleset states it ([auction]).
  AuctionRules auction;
  /// How the cards are played ([play]).
  PlayRules play;
  /// How a table deals ([dealing]); defaults that follow from the deck and the auction.
  DealingRules dealing;
  /// Points counted trick by trick ([roem]); none when the section is absent.
  RoemRules roem;
  /// Lookup tables compiled from the conventions above; see rule_tables.h.
  RuleTables tables;
  /// Each convention key the loader resolved (the metadata aside), with what its
  /// value means as JSON text: two rulesets differ on a key where these differ.
  /// Empty for a ruleset built in code.
  std::vector<std::pair<std::string, std::string>> resolved_meanings;
  /// A ruleset of one's own (loaded from a file or from text, not found by
  /// name): its resolved keys as a ruleset file (ruleset_document: the
  /// metadata and every convention, no `name` or `extends`), which a game's
  /// record holds as its `rules`, so that the record replays where the file
  /// is not (table.md 4). Empty for a ruleset found by name or built in code.
  std::string own_document;

  /// The kind's name as written in rulesets and outputs: "tierce", "carre-J".
  std::string kind_name(AnnouncementKind kind) const;
  /// Equal conventions (the metadata and tables aside).
  bool same_conventions(const Ruleset& other) const;
  /// The convention keys whose meaning differs from `other`'s (set in one only, or
  /// set to different meanings), in this ruleset's order, then the other's.
  std::vector<std::string> differing_keys(const Ruleset& other) const;
  /// The kind a deal names (by name or alias, any case), if the ruleset has it.
  std::optional<int> find_kind(std::string_view name) const;
  /// The [kinds] table taken out (`enabled = false`) that `name` names (by name or alias, any case), if any.
  std::optional<std::string> taken_out_kind(std::string_view name) const;
  /// Where `name` names a kind taken out, why it is unknown: "taken out of
  /// ruleset 'R' by 'kinds.T.enabled = false'".
  std::optional<std::string> kind_taken_out_reason(std::string_view name) const;
  /// The one-suit kind a deal played with `trump` and no kind named is in, if any.
  std::optional<int> suit_kind(Suit trump) const;
  /// The named bid a deal gives (any case), if the ruleset has it.
  std::optional<int> find_named_bid(std::string_view name) const;
  /// The doubling level a deal names (any case), if the ruleset has it.
  std::optional<int> find_doubling(std::string_view name) const;
};

}  // namespace belote
