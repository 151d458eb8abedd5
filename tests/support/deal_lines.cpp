#include "deal_lines.h"

#include <array>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <vector>

namespace belote::test {

namespace {

using Json = nlohmann::ordered_json;

// Tokens written as a user might: lower case, T for 10, a suit symbol.
std::string respelled(const Deck& deck, Card card, Xoshiro256& random) {
  std::string rank = deck.rank_name(rank_of(card));
  if (rank == "10" && random.below(2)) rank = "T";
  std::string suit = random.below(4) == 0 && !deck.suit_symbols[suit_of(card)].empty() ? deck.suit_symbols[suit_of(card)]
                                                                                        : deck.suits[suit_of(card)];
  std::string token = rank + suit;
  if (random.below(3) == 0)
    for (char& c : token) c = char(std::tolower(static_cast<unsigned char>(c)));
  return token;
}

Json hand_value(const Deck& deck, CardSet hand, Xoshiro256& random) {
  std::vector<std::string> tokens;
  for (CardSet cards = hand; cards;) tokens.push_back(respelled(deck, pop_lowest(cards), random));
  for (std::size_t i = tokens.size(); i > 1; --i) std::swap(tokens[i - 1], tokens[random.below(std::uint32_t(i))]);
  if (random.below(3) == 0) return Json(tokens);
  std::string text;
  for (const auto& t : tokens) text += (text.empty() ? "" : random.below(5) == 0 ? "  " : " ") + t;
  return text;
}

// A name as a user might write it: as the ruleset has it, in capitals, or capitalised.
std::string any_case(std::string name, Xoshiro256& random) {
  const std::uint32_t spelling = random.below(4);
  for (std::size_t i = 0; i < name.size() && spelling > 1; ++i)
    if (spelling == 2 || i == 0) name[i] = char(std::toupper(static_cast<unsigned char>(name[i])));
  return name;
}

// The contract terms of a ruleset with kinds, bids or doubling, spelt in any
// case, a kind sometimes by an alias or left to its trump; held-over points at times.
void respell_contract(const Ruleset& rules, const Deal& deal, Json& j, Xoshiro256& random) {
  if (j.contains("kind")) {
    const ContractKind& kind = rules.kinds[deal.kind];
    const bool trump_says_it = kind.trumps == Trumps::one_suit && rules.suit_kind(deal.trump) == int(deal.kind);
    if (trump_says_it && random.below(4) == 0) j.erase("kind");
    else if (!kind.aliases.empty() && random.below(3) == 0) j["kind"] = any_case(kind.aliases[random.below(std::uint32_t(kind.aliases.size()))], random);
    else j["kind"] = any_case(kind.name, random);
  }
  if (deal.named_bid >= 0) j["bid"] = any_case(rules.bids.named[std::size_t(deal.named_bid)].name, random);
  if (deal.doubling) j["doubling"] = any_case(rules.doubling[deal.doubling - 1u].name, random);
  if (random.below(5) == 0) j["held_over"] = random.below(3) == 0 ? 0 : 10 * random.below(50);
}

// The deal's keys in a random order.
Json shuffled(const Json& object, Xoshiro256& random) {
  std::vector<std::pair<std::string, Json>> items;
  for (const auto& [key, value] : object.items()) items.emplace_back(key, value);
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[random.below(std::uint32_t(i))]);
  Json out = Json::object();
  for (auto& [key, value] : items) out[key] = value;
  return out;
}

}  // namespace

std::string deal_line_in_any_form(const Ruleset& rules, std::uint64_t seed, std::uint64_t index) {
  const RandomDeals deals(rules, seed);
  Xoshiro256 random(seed, index ^ 0x5eed);
  Deal deal;
  deals.make(index, deal, random.below(4) != 0);
  if (!deal.id.empty() && random.below(4) == 0) deal.id = std::to_string(index);
  deal.first_given = random.below(3) != 0;
  std::uint32_t form = random.below(6);
  if (form >= 4) {
    // As declared at the table: what the hands declare, with the belote's seat.
    const Outcome outcome = evaluate(rules, deal);
    // Points by team say one team's announcements: with two contests, both may score.
    if (outcome.scored_announcements[Team::NS] > 0 && outcome.scored_announcements[Team::EW] > 0) form = 4;
    Deal declared = deal;
    declared.form = form == 4 ? DealForm::declared : DealForm::team_points;
    declared.hands = {};
    declared.declared = outcome.announcements;
    declared.belotes = outcome.belotes;
    if (form == 5) {
      declared.team_announcements[Team::NS] = outcome.scored_announcements[Team::NS];
      declared.team_announcements[Team::EW] = outcome.scored_announcements[Team::EW];
      if (outcome.belote_seat && random.below(2)) {
        declared.belotes = {};
        declared.belote_team = team_of(*outcome.belote_seat);
      }
    }
    Json j = deal_json(rules, declared);
    respell_contract(rules, declared, j, random);
    // A sequence may be written by its kind and top card.
    if (form == 4) {
      for (Seat seat : kSeats) {
        const SeatAnnouncements& mine = outcome.announcements[seat];
        for (int i = 0; i < mine.count; ++i) {
          const Announcement& a = mine.items[i];
          if (a.carre || a.length > rules.sequences.longest() || random.below(2)) continue;
          j["announcements"][std::string(name(seat))][std::size_t(i)] =
              fmt::format("{} {}", rules.sequences.names_by_length[a.length], rules.deck.card_name(make_card(a.suit, a.top)));
        }
      }
    }
    return shuffled(j, random).dump();
  }
  if (form == 3 && random.below(2) == 0) {
    // A played mène: random legal cards from the hands, in tricks, with no hands or result.
    deal.first_given = true;
    RandomPlay(rules, seed).play(index, deal);
    Json j = deal_json(rules, deal);  // the tricks, with neither hands nor result
    respell_contract(rules, deal, j, random);
    return shuffled(j, random).dump();
  }
  Json j = deal_json(rules, deal);
  respell_contract(rules, deal, j, random);
  for (Seat seat : kSeats) j["hands"][std::string(name(seat))] = hand_value(rules.deck, deal.hands[seat], random);
  if (random.below(3) == 0) j["hands"] = shuffled(j["hands"], random);
  if (random.below(4) == 0 && !deal.id.empty() && deal.id == std::to_string(index)) j["id"] = index;
  const std::string text = shuffled(j, random).dump(random.below(8) == 0 ? 1 : -1);
  // An indented dump spans lines: make it one line again, keeping its spaces.
  std::string line;
  for (const char c : text)
    if (c != '\n') line += c;
  return line;
}

std::string deal_line_with_auction(const Ruleset& rules, std::uint64_t seed, std::uint64_t index) {
  const RandomDeals deals(rules, seed);
  Xoshiro256 random(seed, index ^ 0xa0c7);
  Deal deal;
  deals.make(index, deal, random.below(2) != 0);
  std::array<Suit, kSuitCount> turned{0, 1, 2, 3};
  for (std::size_t i = turned.size(); i > 1; --i) std::swap(turned[i - 1], turned[random.below(std::uint32_t(i))]);
  const bool turns = rules.auction.style == AuctionStyle::turned_card;
  const Seat dealer = Seat(random.below(4));
  const std::optional<Seat> first = random.below(5) == 0 ? std::optional(Seat(random.below(4))) : std::nullopt;
  Auction auction(rules, dealer, first, turns ? std::span<const Suit>(turned) : std::span<const Suit>());
  Json calls = Json::array();
  const bool unfinished = random.below(20) == 0;
  while (!auction.ended() && !(unfinished && random.below(3) == 0)) {
    const LegalCalls legal = auction.legal();
    const std::vector<Call> offered = legal.list(rules.auction);
    const Call call = legal.pass && random.below(3) != 0 ? offered.front() : offered[random.below(std::uint32_t(offered.size()))];
    const bool named = call.seat != auction.to_speak() || random.below(6) == 0;
    calls.push_back((named ? std::string(name(call.seat)) + ":" : "") + any_case(call_text(rules, call), random));
    auction.apply(call);
  }
  Json j = deal_json(rules, deal);
  Json line = Json::object();
  if (j.contains("id")) line["id"] = j["id"];
  for (Seat seat : kSeats) line["hands"][std::string(name(seat))] = hand_value(rules.deck, deal.hands[seat], random);
  Json given = {{"dealer", std::string(name(dealer))}};
  if (first) given["first"] = std::string(name(*first));
  if (turns) {
    const std::size_t count = 1 + random.below(4);
    Json suits = Json::array();
    for (std::size_t i = 0; i < count; ++i) suits.push_back(rules.deck.suits[turned[i]]);
    given["turned"] = count == 1 && random.below(2) ? suits[0] : suits;
  }
  given["calls"] = calls;
  line["auction"] = shuffled(given, random);
  // The card points of the contract's kind, shared as the random deal shares its own.
  Json result = j["result"];
  const auto outcome = auction.outcome();
  if (outcome && !outcome->redeal) {
    const int total = rules.kinds[std::size_t(rules.auction.kinds[std::size_t(outcome->kind)].kind)].total_card_points();
    const int ns = result["points"]["NS"].get<int>(), ew = result["points"]["EW"].get<int>();
    result["points"]["NS"] = (ns * total + (ns + ew) / 2) / (ns + ew);
    result["points"]["EW"] = total - result["points"]["NS"].get<int>();
    // A key of the contract beside the auction, at times: it must agree.
    if (random.below(10) == 0) line["taker"] = std::string(name(random.below(2) ? outcome->taker : Seat(random.below(4))));
  }
  line["result"] = result;
  return shuffled(line, random).dump();
}

std::string mutated_line(const std::string& line, std::uint64_t seed, std::uint64_t index) {
  Xoshiro256 random(seed, index);
  std::string out = line;
  const auto at = [&] { return std::size_t(random.below(std::uint32_t(out.size()))); };
  static const std::array<std::string, 34> kPieces{
      "\"", "{", "}", "[", "]", ",", ":", " ", "0", "9", "-", ".", "e", "\\", "\\u0041", "\\n", "\t", "\x01",
      "é", "\xff", "\xc3", "null", "true", "1e400", "18446744073709551616", "-0", "1.5", "\"id\":1,",
      "\"trump\":\"H\",", "\"belote\":\"N\",", "\"kind\":\"x\",", "ZZ", "10♥", std::string(1, '\0')};
  const int edits = 1 + int(random.below(3));
  for (int e = 0; e < edits && !out.empty(); ++e) {
    switch (random.below(8)) {
      case 0: out.erase(at(), 1 + random.below(4)); break;
      case 1: out.insert(at(), kPieces[random.below(kPieces.size())]); break;
      case 2: out[at()] = kPieces[random.below(kPieces.size())][0]; break;
      case 3: {  // a piece moved elsewhere
        const std::size_t from = at();
        const std::string piece = out.substr(from, 1 + random.below(12));
        out.erase(from, piece.size());
        out.insert(at(), piece);
        break;
      }
      case 4: {  // a digit changed: sums off, ranges crossed
        const std::size_t digit = out.find_first_of("0123456789", at());
        if (digit != std::string::npos) out[digit] = char('0' + random.below(10));
        break;
      }
      case 5: {  // a card token changed
        const std::size_t card = out.find_first_of("SHDC", at());
        if (card != std::string::npos) out[card] = "SHDCXsh"[random.below(7)];
        break;
      }
      case 6: {  // a key repeated at the start of the deal
        out.insert(1, kPieces[27 + random.below(3)]);
        break;
      }
      default: out.resize(at()); break;
    }
  }
  return out;
}

}  // namespace belote::test
