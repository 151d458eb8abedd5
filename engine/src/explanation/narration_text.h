// Pieces of the explanation's text that fmt writes where they are used: a
// card, a list of cards, an announcement's label, the ruleset key a decision
// comes from. Formatting one writes straight into the text under way, so an
// explanation makes no string per piece.
#pragma once

#include <fmt/compile.h>
#include <fmt/format.h>
#include <string_view>

#include "belote/explanation.h"
#include "belote/ruleset.h"
#include "common/text_util.h"

namespace belote {

/// "K♥": the card's rank, then its suit.
struct CardText {
  const Deck& deck;
  Card card;
  SuitStyle style;
};

/// "Q♥ K♥ A♥": as Deck::cards_text writes them.
struct CardsText {
  const Deck& deck;
  CardSet cards;
  SuitStyle style;
};

/// "tierce to K♥", "carré of J": as announcement_label writes it.
struct AnnouncementLabel {
  const Ruleset& rules;
  const Announcement& announcement;
  SuitStyle style;
};

/// The key a setting comes from: "kinds.KIND.KEY" when the contract kind sets
/// its own (`own`), else the ruleset's `general` key.
struct KeyText {
  bool own;
  std::string_view kind;
  std::string_view key;
  std::string_view general;
};

/// The part every piece's formatter shares: no format specification.
struct PieceFormatter {
  template <class ParseContext>
  constexpr auto parse(ParseContext& ctx) {
    return ctx.begin();
  }
};

}  // namespace belote

template <>
struct fmt::formatter<belote::CardText> : belote::PieceFormatter {
  template <class Context>
  auto format(const belote::CardText& c, Context& ctx) const {
    // A card is a few bytes: put them one by one rather than copy two strings.
    auto out = ctx.out();
    for (char ch : c.deck.rank_name(belote::rank_of(c.card))) *out++ = ch;
    for (char ch : c.deck.suit_name(belote::suit_of(c.card), c.style)) *out++ = ch;
    return out;
  }
};

template <>
struct fmt::formatter<belote::CardsText> : belote::PieceFormatter {
  template <class Context>
  auto format(const belote::CardsText& c, Context& ctx) const {
    auto out = ctx.out();
    for (belote::CardSet cards = c.cards; cards;) {
      out = fmt::formatter<belote::CardText>().format(belote::CardText{c.deck, belote::pop_lowest(cards), c.style}, ctx);
      if (cards) *out++ = ' ';
    }
    return out;
  }
};

template <>
struct fmt::formatter<belote::AnnouncementLabel> : belote::PieceFormatter {
  template <class Context>
  auto format(const belote::AnnouncementLabel& l, Context& ctx) const {
    const belote::Ruleset& rules = l.rules;
    const belote::Announcement& a = l.announcement;
    if (a.carre) return fmt::format_to(ctx.out(), FMT_COMPILE("carré of {}"), rules.deck.rank_name(a.top));
    const std::string kind = belote::announcement_kind(rules, a);
    const belote::CardText top{rules.deck, belote::make_card(a.suit, a.top), l.style};
    if (a.length > rules.sequences.longest())
      return fmt::format_to(ctx.out(), FMT_COMPILE("{} of {} cards to {}"), kind, a.length, top);
    return fmt::format_to(ctx.out(), FMT_COMPILE("{} to {}"), kind, top);
  }
};

template <>
struct fmt::formatter<belote::KeyText> : belote::PieceFormatter {
  template <class Context>
  auto format(const belote::KeyText& k, Context& ctx) const {
    if (k.own) return fmt::format_to(ctx.out(), FMT_COMPILE("kinds.{}.{}"), k.kind, k.key);
    return fmt::format_to(ctx.out(), FMT_COMPILE("{}"), k.general);
  }
};
