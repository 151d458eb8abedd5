// The explanation's steps about a played mène (the rule book, part 3): what a
// player held and did not say, and each trick: who won it, with which card,
// why when a trump decided it, and its roem.
#include <algorithm>

#include "belote/evaluator.h"
#include "belote/play.h"

#include "explanation/narrator.h"

namespace belote {

void Narrator::unsaid() {
  // Only a mène whose players say what they announce can lose what was held (play.md 3.1, 3.2).
  if (deal.played_count == 0 || deal.form != DealForm::declared) return;
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
    const int pairs = belotes_held(rules, deal.hands[seat], deal.kind, deal.trump);
    if (rules.belote.points > 0 && pairs > deal.belotes[seat]) {
      const std::string_view call = rules.play.belote_call == BeloteCall::first ? "\"first\"" : "\"first-or-second\"";
      write(StepKind::belote,
            FMT_COMPILE("{} held {} {}{} but said {} in time: {} not count (play.belote_call = {})."), name(seat),
            pairs == 1 ? "the" : std::to_string(pairs).c_str(), belote_name(), pairs == 1 ? "" : " pairs",
            deal.belotes[seat] == 0 ? "none" : "fewer", pairs - deal.belotes[seat] == 1 ? "it does" : "those do", call);
    }
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
