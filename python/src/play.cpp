// The play: the legal cards of a position as `belote legal` gives them, a
// trick's winner, and a mène played card by card, a wrong card refused with
// the message a played mène in a deal file gets.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <sstream>
#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "module.h"
#include "typed.h"

namespace belote::python {

namespace {

/// Cards given as one string ("AS 7S JH") or as a list of tokens, as one
/// string; anything else is a TypeError naming the argument (`what`).
std::string cards_argument(const py::handle& cards, const std::string& what) {
  if (py::isinstance<py::str>(cards)) return utf8_argument(cards, what);
  if (!py::isinstance<py::iterable>(cards))
    throw py::type_error(fmt::format("'{}' is cards (\"JH 9H\" or a list of cards), not {}", what, shown_value(cards)));
  std::string text;
  for (const py::handle& card : cards) {
    if (!py::isinstance<py::str>(card))
      throw py::type_error(fmt::format("'{}': a card is a str (\"JH\"), not {}", what, shown_value(card)));
    if (!text.empty()) text += ' ';
    text += utf8_argument(card, what);
  }
  return text;
}

py::str seat_name(Seat seat) { return std::string(name(seat)); }

/// Why a token is no card of the deck: a card of a fuller deck ("6S" under a deck of 32 cards) is
/// said to be one that this deck lacks, anything else a bad token.
std::string card_token_error(const Deck& deck, const std::string& token) {
  static const std::vector<std::string> every_rank{"6", "7", "8", "9", "10", "J", "Q", "K", "A"};
  const std::size_t suit_at = token.empty() ? 0 : token.size() - 1;
  std::string rank = token.substr(0, suit_at);
  std::transform(rank.begin(), rank.end(), rank.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  const bool suit = suit_at > 0 && std::string_view("SHDCshdc").find(token[suit_at]) != std::string_view::npos;
  if (suit && std::find(every_rank.begin(), every_rank.end(), rank) != every_rank.end())
    return fmt::format("'{}' is a card this ruleset's deck lacks ({} cards: ranks {})", token, deck.card_count(), fmt::join(deck.ranks, " "));
  return fmt::format("bad card token '{}'", terminal_safe_line(token));
}

/// The reader's "bad card token 'X'" said as card_token_error() says it.
void name_cards_the_deck_lacks(const Deck& deck, Diagnostics& errors) {
  static const std::string bad = "bad card token '";
  for (Diagnostic& error : errors) {
    const std::size_t at = error.message.find(bad);
    const std::size_t end = at == std::string::npos ? at : error.message.find('\'', at + bad.size());
    if (end == std::string::npos) continue;
    const std::string token = error.message.substr(at + bad.size(), end - at - bad.size());
    error.message.replace(at, end + 1 - at, card_token_error(deck, token));
  }
}

/// A trick's cards with their seats, as ["N KS", "W AS"] or as an observation gives them,
/// [('N', 'KS'), ('W', 'AS')]: each as the reader takes it ("N KS").
std::vector<std::string> trick_entries(const py::handle& given) {
  constexpr const char* kEntry = "a card with its seat (\"N KS\", or ('N', 'KS') as an observation's 'current' gives it)";
  if (py::isinstance<py::str>(given) || py::isinstance<py::bytes>(given) || !py::isinstance<py::sequence>(given))
    throw py::type_error(fmt::format("'trick' is a list of the cards played so far, each with its seat: [\"N KS\", \"W AS\"], or "
                                     "[('N', 'KS'), ('W', 'AS')] as an observation's 'current' gives them, not {}",
                                     shown_value(given)));
  std::vector<std::string> entries;
  for (const py::handle& item : given) {
    const std::string what = fmt::format("trick[{}]", entries.size());
    if (py::isinstance<py::str>(item)) {
      entries.push_back(utf8_argument(item, what));
      continue;
    }
    const bool pair = (py::isinstance<py::tuple>(item) || py::isinstance<py::list>(item)) && py::len(item) == 2;
    if (!pair || !py::isinstance<py::str>(item[py::int_(0)]) || !py::isinstance<py::str>(item[py::int_(1)]))
      throw py::type_error(fmt::format("'{}' is {}, not {}", what, kEntry, shown_value(item)));
    entries.push_back(utf8_argument(item[py::int_(0)], what) + " " + utf8_argument(item[py::int_(1)], what));
  }
  return entries;
}

/// A kind named as an observation's contract names it (the auction's kind, 'H' or 'NT'), as the
/// contract's kind and trump; a kind of the ruleset, or one it does not know, is left to the reader.
void auction_kind_as_contract(const Ruleset& rules, std::optional<std::string>& kind, std::optional<std::string>& trump) {
  if (!kind || rules.find_kind(*kind)) return;
  for (const AuctionKind& named : rules.auction.kinds) {
    if (named.name != *kind) continue;
    if (named.suit >= 0) {
      const std::string suit = rules.deck.suits[std::size_t(named.suit)];
      if (trump && *trump != suit)
        raise_play_error(fmt::format("'trump' is '{}', but the kind '{}' is played in {}", *trump, *kind, suit));
      trump = suit;
    }
    kind = rules.kinds[std::size_t(named.kind)].name;
    return;
  }
}

/// The legal cards in the given order, and the convention that decided them
/// (`rule` as `belote legal --format json` writes it, `reason` as its text does).
py::dict legal_dict(const Ruleset& rules, Seat seat, const std::vector<Card>& cards, LegalRule rule) {
  py::list names;
  for (Card c : cards) names.append(rules.deck.card_name(c));
  py::dict d;
  d["seat"] = seat_name(seat);
  d["legal"] = names;
  // Leading and a void hand free of duties decide nothing worth naming.
  const bool named = rule != LegalRule::leading && rule != LegalRule::void_free;
  d["rule"] = named ? py::object(py::str(legal_rule_key(rules.play, rule))) : py::none();
  d["reason"] = named ? py::object(py::str(std::string(legal_rule_reason(rule)))) : py::none();
  return d;
}

/// The position `belote legal` reads from its options, read by the same reader.
AnyDict legal(const RulesetHandle& handle, const CardsInput& hand, const Typed<"Sequence[Union[str, Tuple[str, str]]]">& trick_given,
              const OptionalStr& trump_given, const OptionalStr& kind_given, const OptionalStr& seat_given) {
  const Ruleset& rules = handle->rules();
  auto trump = optional_text(trump_given, "trump", kSuitText);
  auto kind = optional_text(kind_given, "kind", kKindText);
  const auto seat = optional_text(seat_given, "seat", kSeatText);
  const std::vector<std::string> trick = trick_entries(trick_given);
  auction_kind_as_contract(rules, kind, trump);
  nlohmann::json value = {{"hand", cards_argument(hand, "hand")}, {"trick", trick}};
  if (kind) value["kind"] = *kind;
  if (trump) value["trump"] = *trump;
  if (seat) value["seat"] = *seat;
  Position position;
  Diagnostics errors;
  if (!PositionReader(rules).read_json(value, "<position>", position, errors)) {
    name_cards_the_deck_lacks(rules.deck, errors);
    raise_play_error(errors);
  }
  const PlayContext play(rules, position.kind, position.trump);
  const LegalPlay legal = legal_play(play, position.hand, position.trick, position.seat);
  return AnyDict(legal_dict(rules, position.seat, in_hand_order(position, legal.cards), legal.rule));
}

/// The kind and trump as `belote legal` takes them: a kind by name (or
/// alias), else the kind the trump suit is played in.
PlayContext play_context(const Ruleset& rules, const std::optional<std::string>& kind, const std::optional<std::string>& trump) {
  std::optional<Suit> suit;
  if (trump && !(suit = rules.deck.parse_suit(*trump)))
    raise_play_error(fmt::format("'trump' must be a suit ({}), not '{}'", fmt::join(rules.deck.suits, " "), *trump));
  if (!kind) {
    if (!suit) raise_play_error(rules.kinds_named ? "missing 'kind' or 'trump'" : "missing 'trump'");
    const auto found = rules.suit_kind(*suit);
    if (!found) raise_play_error(fmt::format("'trump': no kind of this ruleset is played in {}; name the 'kind'", *trump));
    return PlayContext(rules, *found, *suit);
  }
  const auto found = rules.find_kind(*kind);
  if (!found) {
    std::vector<std::string> names;
    for (const ContractKind& k : rules.kinds) names.push_back(k.name);
    raise_play_error(fmt::format("'kind': unknown kind '{}' (kinds: {})", *kind, fmt::join(names, ", ")));
  }
  const ContractKind& k = rules.kinds[std::size_t(*found)];
  if (k.trumps == Trumps::one_suit && !suit) raise_play_error(fmt::format("missing 'trump': kind '{}' is played with a trump suit", k.name));
  if (k.trumps == Trumps::one_suit && !k.in_suit(*suit))
    raise_play_error(fmt::format("'trump': kind '{}' is not played in {}", k.name, *trump));
  return PlayContext(rules, *found, suit.value_or(0));
}

std::string trick_winner(const RulesetHandle& handle, const CardsInput& cards, const Text& leader_given, const OptionalStr& trump,
                         const OptionalStr& kind) {
  const Ruleset& rules = handle->rules();
  const std::string leader = text_argument(leader_given, "leader", kSeatText);
  const PlayContext play = play_context(rules, optional_text(kind, "kind", kKindText), optional_text(trump, "trump", kSuitText));
  const auto first = parse_seat(leader);
  if (!first) raise_play_error(fmt::format("'leader' must be one of N, E, S, W, not '{}'", leader));
  Trick trick;
  trick.leader = *first;
  CardSet seen = 0;
  std::istringstream tokens(cards_argument(cards, "cards"));
  for (std::string token; tokens >> token;) {
    const auto card = rules.deck.parse_card(token);
    if (!card) raise_play_error(card_token_error(rules.deck, token));
    if (contains(seen, *card)) raise_play_error(fmt::format("{} is played twice", rules.deck.card_name(*card)));
    if (trick.complete()) raise_play_error("a trick holds at most 4 cards");
    seen |= card_bit(*card);
    add_card(play, trick, *card);
  }
  if (trick.empty()) raise_play_error("a trick holds at least 1 card");
  return std::string(name(trick.winner()));
}

/// Plays a card of the seat to play, or raises PlayError worded as a deal
/// file's played mène is: the card not known, already played, not held, not legal.
void play_card(PyMene& m, const Text& given) {
  const std::string token = text_argument(given, "card", "a card (\"JH\")");
  PlayedMene& mene = m.mene;
  const Deck& deck = m.rules->rules().deck;
  if (mene.over()) raise_play_error(fmt::format("the mène is over: its {} tricks are played", mene.tricks_played()));
  const Seat seat = mene.to_play();
  const std::string who = fmt::format("trick {}, {}", mene.trick_number(), name(seat));
  const auto card = deck.parse_card(token);
  if (!card) raise_play_error(fmt::format("{}: {}", who, card_token_error(deck, token)));
  for (int t = 0; t <= mene.tricks_played(); ++t) {
    const Trick& trick = t < mene.tricks_played() ? mene.trick(t).trick : mene.current();
    for (int i = 0; i < trick.count; ++i)
      if (trick.cards[std::size_t(i)] == *card)
        raise_play_error(fmt::format("{}: {} was already played (trick {}, by {})", who, deck.card_name(*card), t + 1,
                                     name(trick.seat_at(i))));
  }
  if (!contains(mene.hand(seat), *card)) {
    std::string holder;
    for (Seat other : kSeats)
      if (contains(mene.hand(other), *card)) holder = fmt::format(" ({} holds it)", name(other));
    raise_play_error(fmt::format("{}: {} is not in {}'s hand{}", who, deck.card_name(*card), name(seat), holder));
  }
  if (!contains(mene.legal(), *card)) raise_play_error(illegal_card_message(mene, *card));
  mene.play(*card);
}

py::dict team_dict(const PerTeam<int>& values) {
  py::dict d;
  for (Team team : kTeams) d[py::str(std::string(name(team)))] = values[team];
  return d;
}

/// The trick's cards with their seats, as `legal` takes a trick: ["N KS", "W AS"].
py::list trick_entries(const Deck& deck, const Trick& trick) {
  py::list out;
  for (int i = 0; i < trick.count; ++i)
    out.append(fmt::format("{} {}", name(trick.seat_at(i)), deck.card_name(trick.cards[std::size_t(i)])));
  return out;
}

}  // namespace

namespace {

/// Fills the arguments not given from a JSON Lines deal ({'hands': …, 'trump': …});
/// returns the hands.
py::object deal_fields(const py::object& hands, std::optional<std::string>& first, std::optional<std::string>& taker,
                       std::optional<std::string>& trump, std::optional<std::string>& kind) {
  if (!py::isinstance<py::dict>(hands)) throw py::type_error("hands is a dict of the four seats' cards: {'N': \"JH 9H …\", …}");
  const bool is_deal = hands.contains("hands") || hands.contains("play") || hands.contains("result") || hands.contains("taker");
  if (!is_deal) return hands;
  // A played mène may leave its hands out; a mène to play needs them.
  if (!hands.contains("hands"))
    raise_play_error("the deal gives no 'hands': a mène is played card by card from the four hands as dealt; "
                     "give them as 'hands' (in a played mène, each seat's hand is the cards it played)");
  const auto fill = [&](std::optional<std::string>& value, const char* key) {
    if (value || !hands.contains(key) || hands[key].is_none()) return;
    const py::object given = hands[key];
    if (!py::isinstance<py::str>(given))
      raise_play_error(fmt::format("'{}' must be a string, not {}", key, shown_value(given)));
    value = utf8_argument(given, key);
  };
  fill(first, "first");
  fill(taker, "taker");
  fill(trump, "trump");
  fill(kind, "kind");
  return hands["hands"];
}

/// The four hands of {'N': "JH 9H …", …} (or lists of cards, or Hands); raises PlayError.
PerSeat<CardSet> read_hands(const Deck& deck, const py::object& given) {
  if (!py::isinstance<py::dict>(given)) throw py::type_error("hands is a dict of the four seats' cards: {'N': \"JH 9H …\", …}");
  const py::dict seats = given.cast<py::dict>();
  for (const auto& [key, value] : seats) {
    const std::string seat = py::str(key);
    if (!parse_seat(seat)) raise_play_error(fmt::format("'hands': no seat '{}' (seats: N E S W)", seat));
  }
  PerSeat<CardSet> hands{};
  for (Seat seat : kSeats) {
    const std::string key(name(seat));
    const std::string where = "hands." + key;
    if (!seats.contains(key)) raise_play_error(fmt::format("missing '{}'", where));
    std::istringstream tokens(cards_argument(seats[key.c_str()], where));
    for (std::string token; tokens >> token;) {
      const auto card = deck.parse_card(token);
      if (!card) raise_play_error(fmt::format("'{}': {}", where, card_token_error(deck, token)));
      if (contains(hands[seat], *card)) raise_play_error(fmt::format("'{}': {} is given twice", where, token));
      for (Seat other : kSeats)
        if (contains(hands[other], *card))
          raise_play_error(fmt::format("{} is dealt twice ({} and {})", deck.card_name(*card), name(other), name(seat)));
      hands[seat] |= card_bit(*card);
    }
  }
  return hands;
}

std::optional<Seat> seat_argument(const std::optional<std::string>& text, const char* key) {
  if (!text) return std::nullopt;
  const auto seat = parse_seat(*text);
  if (!seat) raise_play_error(fmt::format("'{}' must be one of N, E, S, W, not '{}'", key, *text));
  return seat;
}

/// Checks the hands' sizes, as the solver checks a position.
void check_hands(const PlayContext& play, const PerSeat<CardSet>& hands, Seat first) {
  if (const std::string wrong = check_position(play, SolvePosition::start(hands, first, Team::NS)); !wrong.empty())
    raise_play_error(wrong);
}

}  // namespace

MeneStart mene_start(const Ruleset& rules, const py::object& hands, const OptionalStr& first_given, const OptionalStr& taker_given,
                     const OptionalStr& trump_given, const OptionalStr& kind_given) {
  auto first = optional_text(first_given, "first", kSeatText);
  auto taker = optional_text(taker_given, "taker", kSeatText);
  auto trump = optional_text(trump_given, "trump", kSuitText);
  auto kind = optional_text(kind_given, "kind", kKindText);
  const py::object given = deal_fields(hands, first, taker, trump, kind);
  MeneStart start{play_context(rules, kind, trump), {}, Seat::N, std::nullopt};
  start.hands = read_hands(rules.deck, given);
  start.first = seat_argument(first, "first").value_or(Seat::N);
  if (const auto seat = seat_argument(taker, "taker")) start.takers = team_of(*seat);
  check_hands(start.play, start.hands, start.first);
  return start;
}

DealStart deal_start(const Ruleset& rules, const py::object& hands, const OptionalStr& first_given) {
  auto first = optional_text(first_given, "first", kSeatText);
  std::optional<std::string> taker, trump, kind;
  const py::object given = deal_fields(hands, first, taker, trump, kind);
  DealStart start{read_hands(rules.deck, given), seat_argument(first, "first").value_or(Seat::N)};
  // Every kind is played with the same deck and hand size: the first checks them.
  const ContractKind& any = rules.kinds.front();
  Suit suit = 0;
  while (any.trumps == Trumps::one_suit && !any.in_suit(suit)) ++suit;
  check_hands(PlayContext(rules, 0, suit), start.hands, start.first);
  return start;
}

py::list card_list(const Deck& deck, CardSet cards) {
  py::list out;
  while (cards) out.append(deck.card_name(pop_lowest(cards)));
  return out;
}

void bind_play(py::module_& m) {
  // Registered first: Ruleset.mene's signature names it.
  py::class_<PyMene> mene_class(m, "Mene", "A mène played card by card: Ruleset.mene(deal).");
  auto ruleset = py::reinterpret_borrow<py::class_<LoadedHandle, RulesetHandle>>(m.attr("Ruleset"));
  ruleset
      .def("legal", &legal, py::arg("hand"), py::arg("trick") = py::list(), py::kw_only(),
           py::arg("trump") = py::none(), py::arg("kind") = py::none(), py::arg("seat") = py::none(),
           R"(The cards a player may play, as `belote legal` gives them.

`hand` is the player's cards ("AS 7S JH" or a list), `trick` the cards played
so far in play order, each with its seat (["N KS", "W AS"], or [('N', 'KS'),
('W', 'AS')] as an observation's `current` gives them); `seat` names the
leader of an empty trick. `kind` (by name or alias, or as an observation's
contract names it: 'H', 'NT') and `trump` say what the deal is played in. Returns {'seat', 'legal' (in hand order), 'rule' (the
ruleset key that decided, as `belote legal --format json`), 'reason'}; rule
and reason are None when nothing constrains the player. Raises PlayError.)")
      .def("trick_winner", &trick_winner, py::arg("cards"), py::kw_only(), py::arg("leader"), py::arg("trump") = py::none(),
           py::arg("kind") = py::none(),
           "The seat winning a trick of 1 to 4 cards (\"AH 9H KH JH\" or a list) in play order from `leader`.")
      .def(
          "mene",
          [](const RulesetHandle& rules, const HandsInput& hands, const OptionalStr& first, const OptionalStr& taker,
             const OptionalStr& trump, const OptionalStr& kind) {
            const MeneStart start = mene_start(rules->rules(), hands, first, taker, trump, kind);
            return PyMene{rules, start.takers, PlayedMene(start.play, start.hands, start.first)};
          },
          py::arg("hands"), py::kw_only(), py::arg("first") = py::none(), py::arg("taker") = py::none(),
          py::arg("trump") = py::none(), py::arg("kind") = py::none(),
          R"(A mène to play card by card from the four hands: {'N': "JH 9H …", …} (or
lists of cards), played in `kind` and `trump` as legal() takes them, `first`
(N when not given) leading trick 1; `taker` names the side Mene.solve()
counts for. `hands` may be a JSON Lines deal (a dict, as random_deals()
gives): its hands, trump, kind, first and taker fill in the arguments not
given. Raises PlayError.)");

  mene_class
      .def("play", &play_card, py::arg("card"),
           R"(Plays a card ("JH") of the seat to play. Raises PlayError naming the trick,
the seat and what is wrong: a card already played or not held, or not legal
with the ruleset key that refuses it and the legal cards.)")
      .def("legal",
           [](const PyMene& m) -> AnyDict {
             if (m.mene.over()) raise_play_error("the mène is over: no card is left to play");
             const LegalPlay legal = m.mene.legal_why();
             std::vector<Card> cards;
             for (CardSet c = legal.cards; c;) cards.push_back(pop_lowest(c));
             return legal_dict(m.rules->rules(), m.mene.to_play(), cards, legal.rule);
           },
           "The cards the seat to play may play, as Ruleset.legal() gives them.")
      .def_property_readonly("to_play", [](const PyMene& m) { return m.mene.over() ? py::object(py::none()) : seat_name(m.mene.to_play()); },
                             "The seat to play, or None once the mène is over.")
      .def_property_readonly("over", [](const PyMene& m) { return m.mene.over(); }, "Whether every trick is played.")
      .def_property_readonly("trick_number", [](const PyMene& m) { return m.mene.trick_number(); },
                             "The number of the trick being played, from 1.")
      .def_property_readonly("current", [](const PyMene& m) { return trick_entries(m.rules->rules().deck, m.mene.current()); },
                             "The trick in progress as Ruleset.legal() takes it: [\"N KS\", \"W AS\"] (empty between tricks).")
      .def_property_readonly("hands",
                             [](const PyMene& m) {
                               py::dict d;
                               for (Seat s : kSeats) d[seat_name(s)] = card_list(m.rules->rules().deck, m.mene.hand(s));
                               return d;
                             },
                             "The cards each seat still holds: {'N': [...], ...}.")
      .def_property_readonly("tricks",
                             [](const PyMene& m) {
                               py::list out;
                               for (int i = 0; i < m.mene.tricks_played(); ++i) {
                                 const PlayedTrick& t = m.mene.trick(i);
                                 py::list cards;
                                 for (Card c : t.trick.cards) cards.append(m.rules->rules().deck.card_name(c));
                                 py::dict d;
                                 d["leader"] = seat_name(t.trick.leader);
                                 d["cards"] = cards;
                                 d["winner"] = seat_name(t.winner);
                                 d["points"] = t.points;
                                 d["roem"] = t.roem;
                                 out.append(d);
                               }
                               return out;
                             },
                             "The tricks played: dicts of leader, cards (in play order), winner, points (the last "
                             "trick's bonus with the last) and roem.")
      .def_property_readonly("points", [](const PyMene& m) { return team_dict(m.mene.points()); },
                             "Card points each team took so far: {'NS': …, 'EW': …}.")
      .def_property_readonly("tricks_won", [](const PyMene& m) { return team_dict(m.mene.tricks_won()); })
      .def_property_readonly("roem", [](const PyMene& m) { return team_dict(m.mene.roem()); },
                             "Roem each team took so far, where the ruleset counts it.")
      .def_property_readonly("capot",
                             [](const PyMene& m) {
                               const auto team = m.mene.capot();
                               return team ? py::object(py::str(std::string(name(*team)))) : py::object(py::none());
                             },
                             "The team that took every trick, once the mène is over, or None.")
      .def("copy", [](const PyMene& m) { return PyMene(m); },
           "An independent copy of the mène, to play on without changing this one (a search's line).")
      .def("__copy__", [](const PyMene& m) { return PyMene(m); })
      .def("__deepcopy__", [](const PyMene& m, const py::dict&) { return PyMene(m); }, py::arg("memo"))
      .def("__repr__", [](const PyMene& m) {
        const PerTeam<int>& p = m.mene.points();
        const std::string where = m.mene.over() ? "over" : fmt::format("trick {}, {} to play", m.mene.trick_number(), name(m.mene.to_play()));
        return fmt::format("<belote.Mene {}: NS {} EW {}>", where, p[Team::NS], p[Team::EW]);
      });
}

}  // namespace belote::python
