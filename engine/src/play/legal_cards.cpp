// The legal cards of a position (play.md 2.4) as operations on card sets.
#include "belote/play.h"

#include <fmt/format.h>

namespace belote {

PlayContext::PlayContext(const Ruleset& rules, int kind, Suit trump)
    : rules_(&rules), kind_(kind), trump_(trump) {
  const ContractKind& k = rules.kinds[std::size_t(kind)];
  const KindTables& t = rules.tables.kinds[std::size_t(kind)];
  trumps_ = k.trumps == Trumps::one_suit ? suit_mask(trump) & rules.deck.all_cards() : 0;
  if (trumps_ != 0 && !k.trump_order.empty()) trump_jack_ = card_bit(make_card(trump, k.trump_order.back()));
  all_trumps_ = k.trumps == Trumps::all_suits;
  stronger_ = &t.stronger[trump];
  points_ = &t.card_points[trump];
  last_trick_ = t.last_trick_points;
  total_ = t.total_card_points;
  capot_ = t.capot_points;
  hand_size_ = rules.deck.hand_size;
  counts_roem_ = rules.roem.any();
  plain_follow_only_ = !all_trumps_ && !(trumps_ != 0 && rules.play.trump_instead_of_following);
  // The stuk lives in the kind's belote suits, as the belote does.
  if (rules.roem.stuk > 0) {
    for (Suit s = 0; s < kSuitCount; ++s) {
      const bool belote_suit = k.belote == BeloteSuits::every_suit || (k.belote == BeloteSuits::trump_suit && trumps_ && s == trump);
      if (belote_suit) stuk_sets_[s] = suit_cards(rules.roem.stuk_ranks, s);
    }
  }
}

LegalPlay legal_play(const PlayContext& play, CardSet hand, const Trick& trick, Seat player) {
  if (trick.empty()) return {hand, LegalRule::leading};
  const PlayRules& c = play.conventions();
  const CardSet led = suit_mask(trick.led());
  const CardSet follow = hand & led;
  const CardSet trump_suit = play.trumps();
  const bool trump_led = (led & trump_suit) != 0;
  const bool partner_wins = team_of(trick.winner()) == team_of(player);
  const Card best = trick.winning_card();
  const CardSet beats_best = play.stronger(best);
  // In a one-suit kind the winning card is the trick's highest trump once it holds one.
  const bool trumped = (trump_suit & card_bit(best)) != 0;
  const auto duty_applies = [&](PlayDuty duty) {
    return duty == PlayDuty::always || (duty == PlayDuty::unless_partner && !partner_wins);
  };

  // (h): a lower trump refused after a plain lead has been trumped.
  const auto ban = [&](CardSet allowed, LegalRule rule) -> LegalPlay {
    if (c.undertrump_ban == UndertrumpBan::none || !trumped || trump_led) return {allowed, rule};
    const CardSet lower_trumps = trump_suit & ~beats_best;
    const CardSet lower = allowed & lower_trumps;
    if (lower == 0) return {allowed, rule};
    if (c.undertrump_ban == UndertrumpBan::unless_only_trumps && (hand & ~trump_suit) == 0) return {allowed, rule};
    if (c.undertrump_ban == UndertrumpBan::unless_only_lower_trumps && (hand & ~lower_trumps) == 0)
      return {allowed, rule};
    if ((allowed & ~lower) == 0) return {allowed, rule};
    return {allowed & ~lower, LegalRule::undertrump_ban};
  };

  // A. Following a suit that ranks in trump order.
  if (follow != 0 && (trump_led || play.all_trumps())) {
    if (trump_led && c.trump_jack_exempt && follow == play.trump_jack())
      return {hand, LegalRule::trump_jack_exempt};
    const PlayDuty duty = trump_led ? c.raise_on_trump_lead : c.raise_in_all_trumps;
    const LegalRule rule = trump_led ? LegalRule::raise_on_trump_lead : LegalRule::raise_in_all_trumps;
    if (duty_applies(duty)) {
      if (const CardSet higher = follow & beats_best) return {higher, rule};
    }
    return {follow, LegalRule::follow_suit};
  }
  // B. A plain suit led, and the player holds it.
  if (follow != 0) {
    if (trump_suit != 0 && c.trump_instead_of_following)
      return ban(follow | (hand & trump_suit), LegalRule::trump_instead_of_following);
    return {follow, LegalRule::follow_suit};
  }
  // C. Void in the led suit.
  const CardSet trumps = hand & trump_suit;
  if (trumps == 0) return {hand, LegalRule::void_free};
  if (!duty_applies(c.must_trump)) return ban(hand, LegalRule::void_free);
  if (!trumped) return {trumps, LegalRule::must_trump};
  if (const CardSet higher = trumps & beats_best) return c.overtrump ? LegalPlay{higher, LegalRule::overtrump}
                                                                     : LegalPlay{trumps, LegalRule::must_trump};
  if (c.undertrump == Undertrump::must) return {trumps, LegalRule::undertrump};
  return ban(hand, LegalRule::void_free);
}

int trick_points(const PlayContext& play, const Trick& trick) {
  int points = 0;
  for (int i = 0; i < trick.count; ++i) points += play.card_points(trick.cards[std::size_t(i)]);
  return points;
}

namespace {

std::string_view duty_name(PlayDuty duty) {
  switch (duty) {
    case PlayDuty::always: return "always";
    case PlayDuty::unless_partner: return "unless-partner";
    case PlayDuty::never: return "never";
  }
  return "";
}

}  // namespace

std::string legal_rule_key(const PlayRules& rules, LegalRule rule) {
  switch (rule) {
    case LegalRule::leading:
    case LegalRule::follow_suit:
    case LegalRule::void_free: return "follow suit";
    case LegalRule::raise_on_trump_lead:
      return fmt::format("play.raise_on_trump_lead = \"{}\"", duty_name(rules.raise_on_trump_lead));
    case LegalRule::trump_jack_exempt: return "play.trump_jack_exempt = true";
    case LegalRule::raise_in_all_trumps:
      return fmt::format("play.raise_in_all_trumps = \"{}\"", duty_name(rules.raise_in_all_trumps));
    case LegalRule::trump_instead_of_following: return "play.trump_instead_of_following = true";
    case LegalRule::must_trump: return fmt::format("play.must_trump = \"{}\"", duty_name(rules.must_trump));
    case LegalRule::overtrump: return fmt::format("play.overtrump = {}", rules.overtrump);
    case LegalRule::undertrump:
      return fmt::format("play.undertrump = \"{}\"", rules.undertrump == Undertrump::must ? "must" : "free");
    case LegalRule::undertrump_ban: {
      constexpr std::string_view names[] = {"none", "unless-only-trumps", "unless-only-lower-trumps"};
      return fmt::format("play.undertrump_ban = \"{}\"", names[int(rules.undertrump_ban)]);
    }
  }
  return "";
}

std::string_view legal_rule_reason(LegalRule rule) {
  switch (rule) {
    case LegalRule::leading:
    case LegalRule::follow_suit:
    case LegalRule::void_free: return "must follow the led suit";
    case LegalRule::raise_on_trump_lead: return "trump led: must beat the highest trump so far when able";
    case LegalRule::trump_jack_exempt: return "the jack of trumps alone need not follow";
    case LegalRule::raise_in_all_trumps: return "all-trump kind: must beat the card winning the trick when able";
    case LegalRule::trump_instead_of_following: return "may follow or trump";
    case LegalRule::must_trump: return "cannot follow: must trump";
    case LegalRule::overtrump: return "cannot follow and the trick holds a trump: must beat it when able";
    case LegalRule::undertrump: return "cannot follow or overtrump: must still play a trump (undertrump)";
    case LegalRule::undertrump_ban: return "may not play a trump lower than the trick's highest trump";
  }
  return "";
}

}  // namespace belote
