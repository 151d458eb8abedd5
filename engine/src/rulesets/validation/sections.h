// One reader per ruleset section. Each reports every problem it finds and
// returns nothing when its section is not valid; what depends on another
// section's values takes them as arguments (null when that section is wrong).
#pragma once

#include <optional>
#include <string>

#include "rulesets/validation/value_reader.h"

namespace belote::validation {

std::optional<RulesetInfo> read_info(Reader& r, const std::string& default_name);
/// The deck as far as it could be read: when `ranks_known`, its rank names are
/// right even if other deck keys are wrong, and the sections keyed by rank are
/// checked against them; otherwise they hold the ranks that could be read.
struct DeckReading {
  Deck deck;
  bool valid = false;
  bool ranks_known = false;
};
/// Leaves the reader's ranks_known() as the deck's.
DeckReading read_deck(Reader& r);
/// Fills `rules` as far as it can; the names are kept even when the points are
/// wrong, so that `announcements.categories` can still be checked.
bool read_sequences(Reader& r, const Deck& deck, SequenceRules& rules);
std::optional<CarreRules> read_carres(Reader& r, const Deck& deck);
std::optional<BeloteRules> read_belote(Reader& r, const Deck& deck);
/// `deck` is null when the deck is wrong; `sequences` holds what could be read
/// of [sequences] and `scoring_known` says whether the points are all valid;
/// `kinds` is null when [kinds] is wrong.
std::optional<AnnouncementRules> read_announcements(Reader& r, const Deck* deck, const SequenceRules& sequences,
                                                    const CarreRules* carres, bool scoring_known,
                                                    const std::vector<ContractKind>* kinds, bool kinds_named);
/// The kinds named in [kinds] (`named` says whether there are any), or the
/// one kind of a ruleset that names none.
std::optional<std::vector<ContractKind>> read_kinds(Reader& r, const Deck* deck, const SequenceRules& sequences,
                                                    bool sequences_ok, const CarreRules* carres,
                                                    const ContractRules* contract, const RoundingRules* rounding,
                                                    bool& named);
/// The names and aliases of the [kinds] tables taken out (`enabled = false`), each with its table's name.
std::vector<std::pair<std::string, std::string>> kinds_taken_out(Reader& r);
std::optional<ContractRules> read_contract(Reader& r, const Deck* deck);
std::optional<BidRules> read_bids(Reader& r);
std::optional<std::vector<DoublingLevel>> read_doubling(Reader& r);
std::optional<RoundingRules> read_rounding(Reader& r);
/// For the checks that need it when [rounding] is wrong: its step where that key is right (else 1), nothing else.
RoundingRules rounding_step_as_far_as_known(const Reader& r);
/// The terms of [scoring], over the classic ones that [contract] gives (null when it is wrong).
std::optional<ScoringRules> read_scoring(Reader& r, const ContractRules* contract);
/// One side's list of [scoring] terms (also the terms of `[play.revoke]`).
std::optional<std::vector<ScoringTerm>> read_scoring_terms(Reader& r, const SettingValue& value);
/// The [play.revoke] table: what each team writes after a revoke (not given: a revoke is refused).
std::optional<RevokeRule> read_revoke(Reader& r);
/// What each side writes under the classic rules: made, failed as [contract] says, litige.
ScoringRules classic_scoring(const ContractRules& contract);
std::optional<GameRules> read_game(Reader& r);
/// The auction's conventions, none when the ruleset has no [auction]; the
/// sections it names come as arguments (null when they are wrong).
std::optional<AuctionRules> read_auction(Reader& r, const Deck* deck, const std::vector<ContractKind>* kinds,
                                         const BidRules* bids, const std::vector<DoublingLevel>* doubling);
/// The [dealing] section: how a table deals. `hand_size` is the deck's (0 when
/// the deck is wrong); `auction` the [auction] as read (null when wrong).
std::optional<DealingRules> read_dealing(Reader& r, int hand_size, const AuctionRules* auction);
/// The [play] section; every key has a default.
std::optional<PlayRules> read_play(Reader& r);
/// The [roem] section: points counted trick by trick (none when absent).
std::optional<RoemRules> read_roem(Reader& r, const Deck& deck);
/// Whether every amount a deal of `rules` can write or hold over is at most
/// kMaxDealPoints; otherwise says which result of which kind could go beyond.
bool check_score_bounds(Reader& r, const Ruleset& rules);
/// The keys the file being loaded sets that change nothing in `rules` (valid), one warning each, at the key.
void warn_keys_without_effect(const Reader& r, const Ruleset& rules, Diagnostics& warnings);

}  // namespace belote::validation
