// The explanation's steps about a played mène (the rule book, part 3): what a
// player held and did not say, and each trick: who won it, with which card,
// why when a trump decided it, and its roem.
#include <algorithm>

#include "belote/evaluator.h"
#include "belote/play.h"

#include "explanation/narrator.h"

namespace belote {

namespace {

// The belote pairs held in a played mène, each with what was said with it.
std::vector<BelotePair> pairs_played(const Ruleset& rules, const Deal& deal) {
  std::vector<SpokenCard> spoken;
  for (std::size_t i = 0; i < deal.played_count; ++i) {
    const Card card = deal.played[i];
    const auto holder = std::find_if(kSeats.begin(), kSeats.end(), [&](Seat s) { return contains(deal.hands[s], card); });
    spoken.push_back(SpokenCard{card, holder == kSeats.end() ? Seat::N : *holder, contains(deal.belote_words, card)});
  }
  return belote_pairs(PlayContext(rules, deal.kind, deal.trump), deal.hands, spoken);
}

}  // namespace

void Narrator::unsaid() {
  // Only a mène whose players say what they announce can lose what was held (play.md 3.1, 3.2).
  if (deal.played_count == 0 || deal.form != DealForm::declared) return;
  const std::vector<BelotePair> pairs = rules.belote.points > 0 ? pairs_played(rules, deal) : std::vector<BelotePair>{};
  for (Seat seat : kSeats) {
    SeatAnnouncements held;
    declare_hand(rules, deal.hands[seat], deal.kind, deal.trump, held);
    for (const Announcement& a : held) {
      const bool said = std::any_of(deal.declared[seat].begin(), deal.declared[seat].end(),
                                    [&](const Announcement& d) { return d.cards() == a.cards(); });
      if (said || a.points <= 0) continue;
      write(StepKind::announcements,
            FMT_COMPILE("{} held {} ({}) but did not declare it in trick 1: it does not count (spoken = true)."),
            name(seat), label(a), cards(a.cards()));
    }
    for (const BelotePair& pair : pairs)
      if (pair.seat == seat) uncounted_pair(pair);
  }
}

void Narrator::uncounted_pair(const BelotePair& pair) {
  const BeloteRules& words = rules.belote;
  switch (pair.call) {
    case PairCall::counts: return;
    case PairCall::unsaid:
      write(StepKind::belote, FMT_COMPILE("{} held the {} ({} {}) but said nothing with its cards: it does not count "
                                          "(play.belote_call = \"{}\")."),
            name(pair.seat), belote_name(), card(pair.first), card(pair.second),
            rules.play.belote_call == BeloteCall::first ? "first" : "first-or-second");
      return;
    case PairCall::said_late:
      write(StepKind::belote, FMT_COMPILE("{} said nothing with {}, the {}'s first card played, only with {}: too late, it does "
                                          "not count (play.belote_call = \"first\")."),
            name(pair.seat), card(pair.first), belote_name(), card(pair.second));
      return;
    case PairCall::no_rebelote:
      write(StepKind::belote, FMT_COMPILE("{} said \"{}\" with {} but not \"{}\" with {}: the {} does not count "
                                          "(play.rebelote_required)."),
            name(pair.seat), words.first_word, card(pair.first), words.next_word, card(pair.second), belote_name());
      return;
    case PairCall::discarded:
      write(StepKind::belote, FMT_COMPILE("{} played {}, the first card of the {} ({} {}), on a trick led in another suit: it "
                                          "cannot be called (play.belote_led_or_followed)."),
            name(pair.seat), card(pair.first), belote_name(), card(pair.first), card(pair.second));
      return;
  }
}

void Narrator::tricks() {
  if (deal.played_count == 0) return;
  const PlayContext play(rules, deal.kind, deal.trump);
  Trick trick;
  trick.leader = deal.first;
  put_words("The tricks:");
  int number = 0;
  for (int i = 0; i < deal.played_count; ++i) {
    add_card(play, trick, deal.played[std::size_t(i)]);
    if (!trick.complete()) continue;
    const Card best = trick.winning_card();
    ++number;
    put(FMT_COMPILE("{} {} {} with {}"), number == 1 ? "" : ";", number, name(trick.winner()), cards(card_bit(best)));
    // A trump on a plain lead wins whatever the led suit holds.
    if ((play.trumps() & card_bit(best)) && !(play.trumps() & card_bit(trick.cards[0])))
      put(FMT_COMPILE(", a trump on a {} lead"), rules.deck.suit_name(trick.led(), style));
    const CardSet four = card_bit(trick.cards[0]) | card_bit(trick.cards[1]) | card_bit(trick.cards[2]) | card_bit(trick.cards[3]);
    if (const TrickRoem roem = trick_roem(play, four); roem.points > 0) {
      put(FMT_COMPILE(", roem {} to {} ({})"), roem.points, name(team_of(trick.winner())),
          trick_roem_words(rules.deck, roem, style, true));
    }
    const Seat winner = trick.winner();
    trick = Trick{};
    trick.leader = winner;
  }
  add(StepKind::tricks, ".");
}

bool Narrator::revoke() {
  if (!deal.result.revoke || !rules.play.revoke.given) return false;
  // Replayed up to the revoke, for the words of the duty it broke.
  PlayedMene mene(PlayContext(rules, deal.kind, deal.trump), deal.hands, deal.first);
  int i = 0;
  for (; i < deal.played_count; mene.play(deal.played[std::size_t(i++)]))
    if (mene.trick_number() == deal.result.revoke_trick && mene.to_play() == *deal.result.revoke &&
        !contains(mene.legal(), deal.played[std::size_t(i)]))
      break;
  const Team offenders = team_of(*deal.result.revoke);
  if (i < deal.played_count)
    put(FMT_COMPILE("Revoke: {}. "), illegal_card_message(mene, deal.played[std::size_t(i)]));
  else  // a deal built by a program, its revoke not in its cards
    put(FMT_COMPILE("Revoke by {} in trick {}. "), name(*deal.result.revoke), deal.result.revoke_trick);
  put(FMT_COMPILE("It loses the mène for {} (play.revoke)"), name(offenders));
  if (out.contract == ContractResult::no_contract) add(StepKind::contract, ".");
  else write(StepKind::contract, FMT_COMPILE(": the contract is {}."), contract_name(out.contract));
  return true;
}

std::string trick_roem_words(const Deck& deck, const TrickRoem& roem, SuitStyle style, bool keys) {
  const auto key = [keys](const char* name) { return keys ? fmt::format(": roem.{}", name) : std::string(); };
  if (roem.four_of_a_kind) return fmt::format("four {}{}", deck.rank_name(*roem.four_of_a_kind), key("four_of_a_kind"));
  std::string words;
  if (roem.run)
    words = fmt::format("a run of {} cards to {}{}", roem.run, deck.card_name(make_card(roem.run_suit, roem.run_top), style), key("runs"));
  if (roem.stuks) {
    const std::string stuks = roem.stuks == 1 ? "the stuk" : fmt::format("{} stuks", roem.stuks);
    words += fmt::format("{}{}{}", words.empty() ? "" : keys ? "; " : " and ", stuks, key("stuk"));
  }
  return words;
}

}  // namespace belote
