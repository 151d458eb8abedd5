// A played mène read from a deal's `play`, checked and turned into the
// facts the evaluator scores (play.md sections 1, 4 and 6).
#include "io/played_deal.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "belote/play.h"
#include "common/text_util.h"

namespace belote {

namespace {

struct PlayedCard {
  Card card = 0;
  Seat seat = Seat::N;
  bool said = false;  ///< with a word of belote.words (play.md 1.7)
  const InputNode* at = nullptr;
};

class PlayReader {
 public:
  PlayReader(const Ruleset& rules, const Deal& deal, bool hands_given, const std::optional<StatedRevoke>& revoke,
             Diagnostics& errors, const LocateError& located)
      : rules_(rules), deck_(rules.deck), deal_(deal), hands_given_(hands_given), revoke_(revoke), errors_(errors),
        located_(located), play_(rules, deal.kind, deal.trump) {}

  bool read(const InputNode& play, PlayedFacts& facts) {
    if (!read_shape(play) || !check_words() || !check_rules(facts)) return false;
    count_belotes(facts);
    return true;
  }

 private:
  bool fail(const InputNode& at, std::string message) {
    errors_.push_back(located_(at.line, at.column, std::move(message)));
    return false;
  }

  // An error about the stated revoke, at its key.
  bool fail_revoke(std::string message) {
    const InputNode& at = *revoke_->at;
    errors_.push_back(at.key_line ? located_(at.key_line, at.key_column, fmt::format("'{}': {}", revoke_->key, message))
                                  : located_(at.line, at.column, fmt::format("'{}': {}", revoke_->key, message)));
    return false;
  }

  // Pass 1: the shape, in play order. The leaders and winners follow the
  // kind's trick order; no legality is judged yet.
  bool read_shape(const InputNode& play) {
    const int tricks = deck_.hand_size;
    if (play.type != InputNode::Type::array)
      return fail(play, fmt::format("'play' must be an array of tricks, not {}", play.type_name()));
    if (int(play.items.size()) != tricks)
      return fail(play, fmt::format("the play has {} trick{}; a mène has {}", play.items.size(),
                                    plural(play.items.size()), tricks));
    Seat leader = deal_.first;
    std::array<std::optional<std::pair<int, Seat>>, 64> played_at{};
    for (int t = 0; t < tricks; ++t) {
      const InputNode& trick = play.items[std::size_t(t)];
      const InputNode* cards = &trick;
      if (trick.type == InputNode::Type::table) {
        for (const auto& [key, node] : trick.members)
          if (key != "leader" && key != "cards")
            return fail(node, fmt::format("trick {}: unknown key '{}' (a trick is its cards, or {{ leader, cards }})",
                                          t + 1, printable(key)));
        cards = trick.get("cards");
        if (!cards) return fail(trick, fmt::format("trick {}: missing key 'cards'", t + 1));
        if (const InputNode* stated = trick.get("leader")) {
          const auto seat = stated->type == InputNode::Type::string ? parse_seat(stated->text) : std::nullopt;
          if (!seat) return fail(*stated, fmt::format("trick {}: 'leader' must be a seat (N E S W)", t + 1));
          if (*seat != leader) {
            if (t == 0)
              return fail(*stated, fmt::format("trick 1: leader {}, but {} leads trick 1 (first)", name(*seat), name(leader)));
            return fail(*stated, fmt::format("trick {}: leader {}, but trick {} was won by {}, who leads trick {}", t + 1,
                                             name(*seat), t, name(leader), t + 1));
          }
        }
      }
      if (cards->type != InputNode::Type::array)
        return fail(*cards, fmt::format("trick {} must be an array of 4 cards, not {}", t + 1, cards->type_name()));
      if (cards->items.size() != 4)
        return fail(*cards, fmt::format("trick {} has {} card{}; every trick has 4", t + 1, cards->items.size(),
                                        plural(cards->items.size())));
      Trick so_far;
      so_far.leader = leader;
      for (const InputNode& entry : cards->items) {
        const Seat seat = so_far.to_play();
        const std::string who = fmt::format("trick {}, {}", t + 1, name(seat));
        if (entry.type != InputNode::Type::string)
          return fail(entry, fmt::format("{}: a card must be a string (a card token, then a word said with it), not {}",
                                         who, entry.type_name()));
        const auto words = split_words(entry.text);
        if (words.empty() || words.size() > 2) return fail(entry, fmt::format("{}: bad card '{}'", who, printable(entry.text)));
        const auto card = deck_.parse_card(words[0]);
        if (!card) return fail(entry, fmt::format("{}: bad card token '{}'", who, printable(words[0])));
        if (played_at[*card])
          return fail(entry, fmt::format("{}: {} was already played (trick {}, by {})", who, deck_.card_name(*card),
                                         played_at[*card]->first, name(played_at[*card]->second)));
        if (hands_given_ && !contains(deal_.hands[seat], *card)) {
          std::string holder;
          for (Seat other : kSeats)
            if (contains(deal_.hands[other], *card)) holder = fmt::format(" ({} holds it)", name(other));
          return fail(entry, fmt::format("{}: {} is not in {}'s hand{}", who, deck_.card_name(*card), name(seat), holder));
        }
        bool said = false;
        if (words.size() == 2) {
          if (!rules_.belote.is_said(words[1]))
            return fail(entry, fmt::format("{}: unknown word '{}' said with {} (words: {}: belote.words)", who,
                                           printable(words[1]), deck_.card_name(*card), fmt::join(rules_.belote.heard, ", ")));
          said = true;
        }
        played_at[*card] = std::pair{t + 1, seat};
        played_.push_back(PlayedCard{*card, seat, said, &entry});
        hands_[seat] |= card_bit(*card);
        add_card(play_, so_far, *card);
      }
      leader = so_far.winner();
    }
    if (hands_given_) hands_ = deal_.hands;
    return true;
  }

  std::uint8_t pairs_held(Seat seat) const { return belote_pairs_held(play_, hands_[seat]); }

  bool in_pair(Seat seat, Card card) const {
    return (pairs_held(seat) >> suit_of(card) & 1) && (rules_.belote.ranks >> rank_of(card) & 1);
  }

  // Still the shape: a word goes with a card of a belote pair its player holds.
  bool check_words() {
    for (const PlayedCard& p : played_) {
      if (!p.said || in_pair(p.seat, p.card)) continue;
      const int place = int(&p - played_.data());
      return fail(*p.at, fmt::format("trick {}, {}: '{}' said with {}, which is not the {} of a belote pair {} holds",
                                     place / 4 + 1, name(p.seat), printable(split_words(p.at->text)[1]),
                                     deck_.card_name(p.card), belote_ranks_text(), name(p.seat)));
    }
    return true;
  }

  std::string belote_ranks_text() const {
    std::vector<std::string> names;
    for (Rank r = Rank(deck_.rank_count()); r-- > 0;)
      if (rules_.belote.ranks >> r & 1) names.push_back(std::string(rank_word(r)));
    if (names.size() == 2) return names[0] + " or " + names[1];
    return fmt::format("{}", fmt::join(names, " or "));
  }

  std::string_view rank_word(Rank r) const {
    const std::string& n = deck_.rank_name(r);
    if (n == "K") return "king";
    if (n == "Q") return "queen";
    if (n == "J") return "jack";
    return n;
  }

  // Pass 2: the play rules, card by card in play order.
  bool check_rules(PlayedFacts& facts) {
    PlayedMene mene(play_, hands_, deal_.first);
    for (const PlayedCard& p : played_) {
      // A revoke the mène states is its first illegal card; the later cards are not judged.
      if (!facts.result.revoke && !contains(mene.legal(), p.card)) {
        const std::string illegal = illegal_card_message(mene, p.card);
        if (!revoke_) return fail(*p.at, illegal);
        if (p.seat != revoke_->seat)
          return fail_revoke(fmt::format("{} revoked, but the first card that breaks a duty is {}'s ({})",
                                         name(revoke_->seat), name(p.seat), illegal));
        if (revoke_->trick && mene.trick_number() != revoke_->trick)
          return fail_revoke(fmt::format("{} revoked in trick {}, but the first card that breaks a duty is in trick {} ({})",
                                         name(revoke_->seat), revoke_->trick, mene.trick_number(), illegal));
        facts.result.revoke = p.seat;
        facts.result.revoke_trick = mene.trick_number();
      }
      mene.play(p.card);
    }
    if (revoke_ && !facts.result.revoke)
      return fail_revoke(fmt::format("{} revoked, but no card of the play breaks a duty of [play]", name(revoke_->seat)));
    facts.hands = hands_;
    for (const PlayedCard& p : played_) facts.order[facts.count++] = p.card;
    facts.result.points = mene.points();
    facts.result.tricks = mene.tricks_won();
    facts.result.seat_tricks = mene.tricks_by_seat();
    facts.result.seat_tricks_given = true;
    facts.result.roem = mene.roem();
    return true;
  }

  // The belote pairs that count when the players say what they announce (play.md 3.2).
  void count_belotes(PlayedFacts& facts) const {
    std::vector<SpokenCard> cards;
    cards.reserve(played_.size());
    for (const PlayedCard& p : played_) {
      cards.push_back(SpokenCard{p.card, p.seat, p.said});
      if (p.said) facts.belote_words |= card_bit(p.card);
    }
    facts.belotes_said = belotes_said(play_, hands_, cards);
  }

  const Ruleset& rules_;
  const Deck& deck_;
  const Deal& deal_;
  bool hands_given_;
  const std::optional<StatedRevoke>& revoke_;
  Diagnostics& errors_;
  const LocateError& located_;
  PlayContext play_;
  std::vector<PlayedCard> played_;
  PerSeat<CardSet> hands_;
};

}  // namespace

bool read_played_mene(const Ruleset& rules, const InputNode& play, const Deal& deal, bool hands_given,
                      const std::optional<StatedRevoke>& revoke, PlayedFacts& facts, Diagnostics& errors,
                      const LocateError& located) {
  return PlayReader(rules, deal, hands_given, revoke, errors, located).read(play, facts);
}

}  // namespace belote
