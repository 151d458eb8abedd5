// A game's record read back (table_record.h), from its JSON or its TOML form
// (one tree of values with their places, input_node.h): every key's type and
// range checked, every call and card replayed on a table, and the first error
// placed at the line and column of the value it is about.
#include "belote/table_record.h"

#include <algorithm>
#include <charconv>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "belote/auction_text.h"
#include "belote/sheet.h"
#include "common/source_file.h"
#include "common/text_util.h"
#include "io/game_file_keys.h"
#include "io/input_node.h"
#include "io/json_line_value.h"
#include "io/text_place.h"
#include "table/record_size.h"

namespace belote {

// A namespace of its own: the engine is built in unity batches, where another file's helpers may share a name.
namespace record_reading {

const std::vector<std::string> kTableKeys{"seed", "first_dealer", "menes"};
const std::vector<std::string> kTeamKeys{"NS", "EW"};
const std::vector<std::string> kMeneKeys{"auction", "hands", "spoken", "said", "play"};
const std::vector<std::string> kAuctionKeys{"dealer", "first", "turned", "calls"};
const std::vector<std::string> kSeatKeys{"N", "E", "S", "W"};
const std::vector<std::string> kTrickKeys{"leader", "cards"};

// The byte of `line` where its 1-based `column` starts, counted in code points as the TOML parser
// counts them (a byte that starts none counts as one).
std::size_t byte_of_column(std::string_view line, int column) {
  std::size_t at = 0;
  for (int c = 1; c < column && at < line.size(); ++c) at += code_point(line, at).second;
  return std::min(at, line.size());
}

class RecordReader {
 public:
  RecordReader(const Ruleset& rules, std::string_view text, ReplayedRecord& out) : rules_(rules), deck_(rules.deck), text_(text), out_(out) {}

  bool read_json() {
    Diagnostics errors;
    const auto value = parse_json_text(text_, JsonLinePlace(text_, display_, 1), "record", errors);
    if (!value) {
      const Diagnostic& d = errors.front();
      return place(1, d.column, d.message);
    }
    return read(input_from_json(*value, text_, 1), &*value);
  }

  bool read_toml() {
    Diagnostics errors;
    toml_ = parse_toml(std::string(text_), display_, {}, errors, kMaxRecordTomlBytes);
    if (!toml_) {
      const Diagnostic& d = errors.front();
      out_.error = d.message;
      out_.line = d.line;
      out_.column = d.column;
      out_.source_line = d.source_line;
      return false;
    }
    return read(input_from_toml(toml_->root), nullptr);
  }

 private:
  // `json`: the value the tree was read from, where it was JSON (a seed beyond TOML's integers is a number there).
  bool read(const InputNode& root, const nlohmann::json* json) {
    if (root.type != InputNode::Type::table)
      return fail(root, fmt::format("a record is a JSON object (ruleset, table, mene), not {}", root.type_name()));
    if (!known_keys(root, kRecordKeys, "")) return false;
    if (const InputNode* name = root.get("ruleset"); name && name->type != InputNode::Type::string)
      return fail(*name, fmt::format("'ruleset' must be a string (the ruleset's name), not {}", shown(*name)));
    // The ruleset a record holds is loaded by load_record_ruleset; the record is replayed under the one given.
    // The JSON form holds the ruleset's text; the TOML form its tables.
    const InputNode::Type held_type = toml_ ? InputNode::Type::table : InputNode::Type::string;
    if (const InputNode* held = root.get("rules"); held && held->type != held_type)
      return fail(*held, fmt::format("'rules' must be {} (the ruleset the record holds), not {}",
                                     toml_ ? "a table" : "a string", shown(*held)));
    TableSetup setup;
    if (const InputNode* target = root.get("target")) {
      const auto number = read_number(*target, "target", 1, kMaxGameTarget);
      if (!number) return false;
      setup.target = int(*number);
    }
    if (const InputNode* teams = root.get("teams"); teams && !read_teams(*teams, setup)) return false;
    if (const InputNode* table = root.get("table"); table && !read_table(*table, json ? &(*json)["table"] : nullptr, setup)) return false;
    out_.table.emplace(rules_, setup);
    const InputNode* menes = root.get("mene");
    if (!menes) return true;
    if (menes->type != InputNode::Type::array) return fail(*menes, fmt::format("'mene' must be an array of mènes, not {}", shown(*menes)));
    out_.menes = int(menes->items.size());
    for (std::size_t i = 0; i < menes->items.size(); ++i) {
      number_ = int(i) + 1;
      const InputNode& mene = menes->items[i];
      if (out_.table->over()) return fail(mene, in_mene("the game was over before it"));
      if (!replay_mene(mene)) return false;
      if (i + 1 < menes->items.size() && !mene_over())
        return fail(mene, in_mene(fmt::format("the mène is not over at the end of its record, yet mène {} follows", number_ + 1)));
    }
    return true;
  }

  // --- errors -------------------------------------------------------------

  // A value's place: in JSON its line is 1 and its column the byte after its offset in the
  // whole text (input_from_json); in TOML, its line and column.
  bool place(int line, int column, std::string message) {
    const Diagnostic d = toml_ ? Diagnostic{display_, line, column, std::move(message), toml_->line(line)}
                               : place_in_text(text_, display_, column, std::move(message));
    out_.error = d.message;
    out_.line = d.line;
    out_.column = d.column;
    out_.source_line = d.source_line;
    return false;
  }
  bool fail(const InputNode& node, std::string message) { return place(node.line, node.column, std::move(message)); }
  bool fail_key(const InputNode& node, std::string message) { return place(node.key_line, node.key_column, std::move(message)); }

  // The text from a value's place to the end of its line in TOML, of the whole text in JSON.
  std::string_view written_at(int line, int column) const {
    if (!toml_) return std::string_view(text_).substr(std::min(std::size_t(std::max(column, 1) - 1), text_.size()));
    if (line <= 0 || std::size_t(line) > toml_->line_starts.size()) return {};
    const std::string_view text = toml_->text;
    const std::size_t start = toml_->line_starts[std::size_t(line) - 1];
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view written = text.substr(start, end - start);
    return written.substr(byte_of_column(written, column));
  }
  std::string in_mene(std::string_view message) const { return fmt::format("mène {}: {}", number_, message); }

  // A value quoted in a message: a string in quotes, a number as written, other values by their kind.
  std::string shown(const InputNode& node) const {
    switch (node.type) {
      case InputNode::Type::string: return fmt::format("'{}'", printable(node.text));
      case InputNode::Type::integer:
      case InputNode::Type::floating:
      case InputNode::Type::other: {
        const std::string_view written = written_at(node.line, node.column);
        const std::string_view token = written.substr(0, written.find_first_of(",]} \t\r\n#"));
        return token.empty() ? std::string(node.type_name()) : printable(token);
      }
      default: return std::string(node.type_name());
    }
  }

  // A key the record does not have is refused; inside a mène, named from the mène.
  bool known_keys(const InputNode& object, const std::vector<std::string>& keys, std::string_view where) {
    for (const auto& member : object.members)
      if (std::find(keys.begin(), keys.end(), member.first) == keys.end()) {
        const std::string key = where.empty() ? printable(member.first) : fmt::format("{}.{}", where, printable(member.first));
        const std::string message = fmt::format("unknown key '{}'{}", key, did_you_mean(member.first, keys));
        return fail_key(member.second, number_ > 0 ? in_mene(message) : message);
      }
    return true;
  }

  // --- the game's keys -------------------------------------------------------

  std::optional<std::int64_t> read_number(const InputNode& node, std::string_view where, std::int64_t low, std::int64_t high) {
    if (node.type != InputNode::Type::integer || node.integer < low || node.integer > high) {
      fail(node, fmt::format("'{}' must be a whole number from {} to {}, not {}", where, low, high, shown(node)));
      return std::nullopt;
    }
    return node.integer;
  }

  std::optional<Seat> read_seat(const InputNode& node, std::string_view where) {
    const auto seat = node.type == InputNode::Type::string ? parse_seat(node.text) : std::nullopt;
    if (!seat) {
      const std::string message = fmt::format("'{}' must be a seat (N, E, S, W), not {}", where, shown(node));
      fail(node, number_ > 0 ? in_mene(message) : message);
    }
    return seat;
  }

  bool read_teams(const InputNode& teams, TableSetup& setup) {
    if (teams.type != InputNode::Type::table)
      return fail(teams,
                  fmt::format("'teams' must be an object with each team's name ({{\"NS\": \"Nous\", \"EW\": \"Eux\"}}), not {}", shown(teams)));
    if (!known_keys(teams, kTeamKeys, "teams")) return false;
    for (Team team : kTeams) {
      const std::string key(name(team));
      // A team left out keeps its name (NS, EW), as in a score sheet.
      const InputNode* value = teams.get(key);
      if (!value) continue;
      if (value->type != InputNode::Type::string)
        return fail(*value, fmt::format("'teams.{}' must be the team's name, not {}", key, shown(*value)));
      // Shown as a score sheet shows it: nothing that acts on a terminal.
      if (!is_team_name(value->text))
        return fail(*value, team_name_rule(fmt::format("teams.{}", key)));
      setup.teams[team] = value->text;
    }
    if (const auto same = same_team_names(setup.teams)) return fail_key(teams, *same);
    return true;
  }

  bool read_table(const InputNode& table, const nlohmann::json* json, TableSetup& setup) {
    if (table.type != InputNode::Type::table)
      return fail(table, fmt::format("'table' must be an object (seed, first_dealer), not {}", shown(table)));
    if (!known_keys(table, kTableKeys, "table")) return false;
    if (const InputNode* seed = table.get("seed")) {
      // The JSON record writes the seed as a number; the TOML one, beyond TOML's integers, as text.
      const nlohmann::json* given = json && json->is_object() ? &(*json)["seed"] : nullptr;
      bool ok = given ? given->is_number_unsigned() : seed->type == InputNode::Type::integer && seed->integer >= 0;
      if (ok) setup.seed = given ? given->get<std::uint64_t>() : std::uint64_t(seed->integer);
      if (seed->type == InputNode::Type::string) {
        const std::string& text = seed->text;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), setup.seed);
        ok = !text.empty() && error == std::errc() && end == text.data() + text.size();
      }
      if (!ok) return fail(*seed, fmt::format("'table.seed' must be a whole number from 0 to 2^64 - 1, not {}", shown(*seed)));
    }
    if (const InputNode* dealer = table.get("first_dealer")) {
      const auto seat = read_seat(*dealer, "table.first_dealer");
      if (!seat) return false;
      setup.first_dealer = *seat;
    }
    if (const InputNode* menes = table.get("menes")) {
      const auto number = read_number(*menes, "table.menes", 1, kMaxRecordMenes);
      if (!number) return false;
      setup.max_menes = int(*number);
    }
    return true;
  }

  // --- one mène ----------------------------------------------------------------

  // Whether the mène replayed last is over: the table has dealt the next, or the game is over.
  bool mene_over() const { return out_.table->over() || out_.table->tally().dealt > mene_dealt_; }

  bool replay_mene(const InputNode& mene) {
    Table& table = *out_.table;
    mene_dealt_ = table.tally().dealt;
    if (mene.type != InputNode::Type::table) return fail(mene, in_mene(fmt::format("a mène is an object with its 'auction', not {}", shown(mene))));
    if (!known_keys(mene, kMeneKeys, "")) return false;
    const InputNode* auction = mene.get("auction");
    if (!auction) return fail(mene, in_mene("missing key 'auction' (the dealer and the calls)"));
    if (auction->type != InputNode::Type::table)
      return fail(*auction, in_mene(fmt::format("'auction' must be an object (dealer, calls), not {}", shown(*auction))));
    if (!known_keys(*auction, kAuctionKeys, "auction")) return false;
    const InputNode* spoken = mene.get("spoken");
    if (spoken && spoken->type != InputNode::Type::boolean)
      return fail(*spoken, in_mene(fmt::format("'spoken' must be true or false, not {}", shown(*spoken))));
    if (!read_as_the_sheet_scores(mene, spoken)) return false;
    if (!deal(*auction, mene.get("hands"))) return false;
    if (!replay_calls(*auction)) return false;
    if (!taker_holds_the_turned_card()) return false;
    if (!completed_as_recorded()) return false;
    const InputNode* play = mene.get("play");
    if (!play) return true;
    return replay_play(mene, *play);
  }

  // A record and its score cannot disagree: the table replays what was said, so a played mène must
  // be spoken (docs/deals.md: with spoken = false, the default, every announcement and belote held
  // counts, which `belote sheet show` scores but no replay of the words can give); and `said` without
  // it is refused as the sheet refuses it.
  bool read_as_the_sheet_scores(const InputNode& mene, const InputNode* spoken) {
    if (spoken && spoken->boolean) return true;
    if (const InputNode* said = mene.get("said"))
      return fail_key(*said, in_mene("'said' needs spoken = true (without it every announcement held is declared)"));
    const InputNode* play = mene.get("play");
    if (!play) return true;
    const std::string_view why =
        "every announcement and belote held counts, but the table replays only what was said (spoken = true); "
        "`belote sheet show` scores this record";
    if (spoken) return fail(*spoken, in_mene(fmt::format("spoken = false cannot be replayed: {}", why)));
    return fail_key(*play, in_mene(fmt::format("a played mène without spoken = true (false when absent) cannot be replayed: {}", why)));
  }

  // The dealer, the first to speak and the suits turned; the recorded hands,
  // when given, replace the seed's deal, and without them the seed's dealer deals.
  // Hands that complete the seed's deal (as every record a table writes holds
  // them) keep that deal, so that each seat holds in the auction what it was
  // dealt before it, and the card turned is seen: the cards dealt after the
  // auction are checked once it has ended.
  bool deal(const InputNode& auction, const InputNode* hands) {
    seed_completion_ = nullptr;
    const InputNode* dealer_node = auction.get("dealer");
    if (!dealer_node) return fail(auction, in_mene("missing key 'auction.dealer' (the seat that dealt)"));
    const auto dealer = read_seat(*dealer_node, "auction.dealer");
    if (!dealer) return false;
    Seat first = next_in_play(*dealer);
    if (const InputNode* first_node = auction.get("first")) {
      const auto seat = read_seat(*first_node, "auction.first");
      if (!seat) return false;
      first = *seat;
    }
    std::vector<Suit> turned_suits;
    std::vector<const InputNode*> turned_nodes;  // where each suit is written
    turned_card_ = nullptr;
    std::optional<Card> turned_card;
    if (const InputNode* turned = auction.get("turned")) {
      std::vector<const InputNode*> suits;
      if (turned->type != InputNode::Type::array) suits.push_back(turned);
      else
        for (const InputNode& item : turned->items) suits.push_back(&item);
      if (suits.empty()) return fail(*turned, in_mene("'auction.turned' is an empty list: give the suit turned up, or leave the key out"));
      const bool turns_card = rules_.dealing.turned == TurnedCard::card;
      for (std::size_t i = 0; i < suits.size(); ++i) {
        const InputNode& suit = *suits[i];
        // The card turned up, where the ruleset turns one, as the table writes it (record.cpp): first, its suit proposed.
        std::optional<Suit> parsed;
        if (suit.type == InputNode::Type::string) {
          std::string why;
          parsed = read_turned(rules_, suit.text, i == 0, turned_card, why);
          if (!why.empty()) return fail(suit, in_mene(fmt::format("'auction.turned': {}", why)));
          if (turned_card && i == 0) turned_card_ = &suit;
        }
        if (!parsed)
          return fail(suit, in_mene(fmt::format("'auction.turned' must be {} suit of ruleset '{}' or a list of them, not {}",
                                                turns_card ? "the card turned up or a" : "a", rules_.info.name, shown(suit))));
        if (int(turned_suits.size()) == int(kSuitCount))
          return fail(suit, in_mene(fmt::format("'auction.turned' holds more than {} suits", kSuitCount)));
        turned_suits.push_back(*parsed);
        turned_nodes.push_back(&suit);
      }
    }
    if (!hands) {
      const DealtMene& seeded = out_.table->dealt();
      if (*dealer != seeded.dealer)
        return fail(*dealer_node, in_mene(fmt::format("'auction.dealer' is {}, but {} deals it", name(*dealer), name(seeded.dealer))));
      // The seed's deal is replayed: a card written is the one it turns, each suit the one it proposes.
      if (turned_card && seeded.turned_card != *turned_card)
        return fail(*turned_card_, in_mene(fmt::format("'auction.turned' is {}, but the seed turns {} up", deck_.card_name(*turned_card),
                                                       deck_.card_name(Card(seeded.turned_card)))));
      for (std::size_t i = 0; i < turned_suits.size(); ++i) {
        if (i >= seeded.proposal_count)
          return fail(*turned_nodes[i], in_mene(fmt::format("'auction.turned' gives {} suits, but the seed turns up {}", turned_suits.size(),
                                                            seeded.proposal_count)));
        if (turned_suits[i] != seeded.proposals[i])
          return fail(*turned_nodes[i], in_mene(fmt::format("'auction.turned' gives {}{}, but the seed turns {} up{}",
                                                            deck_.suits[turned_suits[i]], i == 0 ? "" : fmt::format(" as its suit {}", i + 1),
                                                            deck_.suits[seeded.proposals[i]], i == 0 ? "" : " there")));
      }
      turned_card_ = nullptr;
      return true;
    }
    if (hands->type != InputNode::Type::table)
      return fail(*hands, in_mene(fmt::format("'hands' must be an object with each seat's cards, not {}", shown(*hands))));
    if (!known_keys(*hands, kSeatKeys, "hands")) return false;
    PerSeat<CardSet> dealt;
    CardSet seen = 0;
    PerSeat<bool> held{};
    for (Seat seat : kSeats) {
      const std::string key(name(seat));
      const InputNode* hand = hands->get(key);
      if (!hand) return fail(*hands, in_mene(fmt::format("missing key 'hands.{}' (the cards dealt to {})", key, key)));
      if (!read_hand(*hand, key, seen, dealt, held)) return false;
    }
    if (completes_the_seeds_deal(*dealer, first, dealt, turned_suits, turned_card)) {
      seed_completion_ = hands;
      recorded_hands_ = dealt;
      turned_card_ = nullptr;  // the seed's deal gives it to the taker
      return true;
    }
    DealtMene mene = DealtMene::of_hands(*dealer, first, dealt);
    if (turned_card) mene.turned_card = std::int8_t(*turned_card);
    for (const Suit suit : turned_suits) mene.proposals[mene.proposal_count++] = suit;
    if (const auto error = out_.table->deal_as(mene)) return fail(*hands, in_mene(error->message));
    return true;
  }

  // Whether the recorded hands hold the seed's deal of the mène before its auction (the rest of the
  // pack, and the card turned, dealt after it), with its dealer, first speaker, first suit turned and card turned.
  bool completes_the_seeds_deal(Seat dealer, Seat first, const PerSeat<CardSet>& hands, const std::vector<Suit>& turned,
                                std::optional<Card> turned_card) const {
    const DealtMene& seeded = out_.table->dealt();
    if (seeded.complete || seeded.dealer != dealer || seeded.first != first) return false;
    if (!turned.empty() && (seeded.proposal_count == 0 || seeded.proposals[0] != turned.front())) return false;
    if (turned_card && seeded.turned_card != *turned_card) return false;
    for (Seat seat : kSeats)
      if ((seeded.before_auction[seat] & ~hands[seat]) != 0) return false;
    return true;
  }

  // The turned card goes to the taker (table.md 2): hands of one's own that give it are the whole deal, and
  // must give it to him. (The seed's deal, completed, gives it to him itself.)
  bool taker_holds_the_turned_card() {
    const Table& table = *out_.table;
    if (!turned_card_ || !table.contract() || table.contract()->redeal) return true;
    const Card card = Card(table.dealt().turned_card);
    const Seat taker = table.contract()->taker;
    if (contains(table.dealt().hands[taker], card)) return true;
    return fail(*turned_card_, in_mene(fmt::format("'auction.turned': {} is the turned card, which the taker {} must hold", deck_.card_name(card),
                                                   name(taker))));
  }

  // The seed's deal, completed after the auction, holds the recorded hands.
  bool completed_as_recorded() {
    if (!seed_completion_ || !out_.table->play() || mene_over()) return true;
    for (Seat seat : kSeats)
      if (out_.table->hands()[seat] != recorded_hands_[seat])
        return fail(*seed_completion_, in_mene(fmt::format("'hands.{}' holds the cards the seed deals it before the auction, but not those "
                                                           "it deals after it ({})",
                                                           name(seat), deck_.cards_text(out_.table->hands()[seat]))));
    return true;
  }

  // The column of a token of a string value: exact where the string is written without escapes
  // (counted in bytes in JSON, whose places are offsets, and in code points in TOML).
  int token_column(const InputNode& node, std::size_t offset) const {
    const std::string_view written = written_at(node.line, node.column);  // from the string's opening quote
    if (written.size() <= node.text.size() || written.substr(1, node.text.size()) != node.text) return node.column;
    const std::string_view before = std::string_view(node.text).substr(0, offset);
    int columns = int(offset);
    if (toml_) {
      columns = 0;
      for (std::size_t at = 0; at < before.size(); at += code_point(before, at).second) ++columns;
    }
    return node.column + 1 + columns;
  }

  bool read_hand(const InputNode& hand, const std::string& key, CardSet& seen, PerSeat<CardSet>& dealt, PerSeat<bool>& held) {
    const Seat seat = *parse_seat(key);
    if (hand.type != InputNode::Type::string)
      return fail(hand, in_mene(fmt::format("'hands.{}' must be the seat's cards as text (\"QH 10S ...\"), not {}", key, shown(hand))));
    CardSet cards = 0;
    const std::string& text = hand.text;
    for (std::size_t at = text.find_first_not_of(" \t"); at != std::string::npos; at = text.find_first_not_of(" \t", at)) {
      const std::size_t end = std::min(text.find_first_of(" \t", at), text.size());
      const std::string_view token = std::string_view(text).substr(at, end - at);
      const int column = token_column(hand, at);
      const int line = hand.line;
      const auto card = deck_.parse_card(token);
      if (!card || !contains(deck_.all_cards(), *card))
        return place(line, column, in_mene(fmt::format("'hands.{}': '{}' is no card of ruleset '{}' (rank then suit: QH, 10S)", key, printable(token),
                                                 rules_.info.name)));
      if (contains(cards, *card)) return place(line, column, in_mene(fmt::format("'hands.{}': {} is given twice", key, deck_.card_name(*card))));
      if (contains(seen, *card)) {
        Seat other = seat;
        for (Seat s : kSeats)
          if (held[s] && contains(dealt[s], *card)) other = s;
        return place(line, column, in_mene(fmt::format("'hands.{}': {} is in 'hands.{}' too", key, deck_.card_name(*card), name(other))));
      }
      cards |= card_bit(*card);
      at = end;
    }
    if (count(cards) != deck_.hand_size)
      return fail(hand, in_mene(fmt::format("'hands.{}' holds {} card{}; a hand of ruleset '{}' is dealt {}", key, count(cards), plural(count(cards)),
                                            rules_.info.name, deck_.hand_size)));
    seen |= cards;
    dealt[seat] = cards;
    held[seat] = true;
    return true;
  }

  // An action given as text, applied: no action of the ruleset, or one the rules refuse, is an error at `node`.
  bool apply(const InputNode& node, std::string_view text, std::string_view where, std::string_view what) {
    Table& table = *out_.table;
    const auto action = table.parse_action(text);
    if (!action)
      return fail(node, in_mene(fmt::format("'{}': {} '{}' is no action of ruleset '{}'", where, what, printable(text), rules_.info.name)));
    if (const auto error = table.apply(*action)) return fail(node, in_mene(fmt::format("'{}': {}", where, error->message)));
    return true;
  }

  bool replay_calls(const InputNode& auction) {
    Table& table = *out_.table;
    const InputNode* calls = auction.get("calls");
    if (!calls) return fail(auction, in_mene("missing key 'auction.calls' (each call, \"SEAT:CALL\")"));
    if (calls->type != InputNode::Type::array)
      return fail(*calls, in_mene(fmt::format("'auction.calls' must be an array of calls (\"N:pass\"), not {}", shown(*calls))));
    for (std::size_t i = 0; i < calls->items.size(); ++i) {
      const InputNode& call = calls->items[i];
      const std::string where = fmt::format("auction.calls[{}]", i);
      if (call.type != InputNode::Type::string)
        return fail(call, in_mene(fmt::format("'{}' must be a call (\"N:pass\"), not {}", where, shown(call))));
      if (mene_over() || table.phase() != TablePhase::auction)
        return fail(call, in_mene(fmt::format("'{}': the auction is over after {} call{}", where, i, plural(i))));
      const std::string& text = call.text;
      const auto split = split_given_call(text, table.to_act());
      if (!split) return fail(call, in_mene(fmt::format("'{}': call '{}' starts with no seat (\"N:pass\")", where, printable(text))));
      if (split->first != table.to_act())
        return fail(call, in_mene(fmt::format("'{}': call '{}' is {}'s, but {} is to speak", where, printable(text), name(split->first),
                                              name(table.to_act()))));
      if (!apply(call, split->second, where, "call")) return false;
    }
    return true;
  }

  // The announcements `seat` said in trick 1, declared before its first card.
  bool declare(const InputNode& mene, Seat seat) {
    Table& table = *out_.table;
    const InputNode* said = mene.get("said");
    if (!said) return true;
    const std::string key(name(seat));
    const InputNode* entries = said->get(key);
    if (!entries) return true;
    if (entries->type != InputNode::Type::array)
      return fail(*entries, in_mene(fmt::format("'said.{}' must be an array of announcements (\"JH QH KH\"), not {}", key, shown(*entries))));
    const SeatAnnouncements held = table.declarable(seat);
    for (std::size_t i = 0; i < entries->items.size(); ++i) {
      const InputNode& entry = entries->items[i];
      CardSet cards = 0;
      bool ok = entry.type == InputNode::Type::string;
      for (const std::string_view token : ok ? split_words(entry.text) : std::vector<std::string_view>{}) {
        const auto card = deck_.parse_card(token);
        ok = ok && card;
        if (card) cards |= card_bit(*card);
      }
      int slot = -1;
      for (int h = 0; ok && h < held.count; ++h)
        if (held.items[std::size_t(h)].cards() == cards) slot = h;
      if (slot < 0) return fail(entry, in_mene(fmt::format("'said.{}[{}]': {} is not an announcement {} may declare", key, i, shown(entry), key)));
      if (const auto error = table.apply(table.actions().declare(slot)))
        return fail(entry, in_mene(fmt::format("'said.{}[{}]': {}", key, i, error->message)));
    }
    return true;
  }

  bool replay_play(const InputNode& mene, const InputNode& play) {
    Table& table = *out_.table;
    if (const InputNode* said = mene.get("said")) {
      if (said->type != InputNode::Type::table)
        return fail(*said, in_mene(fmt::format("'said' must be an object with each seat's announcements, not {}", shown(*said))));
      if (!known_keys(*said, kSeatKeys, "said")) return false;
    }
    if (play.type != InputNode::Type::array) return fail(play, in_mene(fmt::format("'play' must be an array of tricks, not {}", shown(play))));
    PerSeat<bool> declared{};
    const std::size_t trick_size = kSeats.size();
    for (std::size_t t = 0; t < play.items.size(); ++t) {
      const InputNode& trick = play.items[t];
      const std::string where = fmt::format("play[{}]", t);
      const InputNode* cards = &trick;
      if (trick.type == InputNode::Type::table) {
        if (!known_keys(trick, kTrickKeys, where)) return false;
        cards = trick.get("cards");
        if (!cards) return fail(trick, in_mene(fmt::format("missing key '{}.cards' (the trick's cards in play order)", where)));
      }
      const std::string cards_where = trick.type == InputNode::Type::table ? where + ".cards" : where;
      if (cards->type != InputNode::Type::array)
        return fail(*cards, in_mene(fmt::format("'{}' must be an array of cards ([\"QH\", \"10S\"]), not {}", cards_where, shown(*cards))));
      // The previous trick must be whole before this one starts.
      if (mene_over()) return fail(trick, in_mene(fmt::format("'{}': the mène is over after {} trick{}", where, t, plural(t))));
      if (!table.play()) return fail(trick, in_mene(fmt::format("'{}': the auction is not over: no card is played yet", where)));
      if (t > 0 && table.play()->trick_number() == int(t)) {
        const InputNode& last = play.items[t - 1];
        const InputNode& last_cards = last.type == InputNode::Type::table && last.get("cards") ? *last.get("cards") : last;
        return fail(last_cards, in_mene(fmt::format("'play[{}]': trick {} holds {} card{}; a trick holds {}", t - 1, t, last_cards.items.size(),
                                                    plural(last_cards.items.size()), trick_size)));
      }
      if (const InputNode* leader = trick.type == InputNode::Type::table ? trick.get("leader") : nullptr) {
        const auto seat = read_seat(*leader, where + ".leader");
        if (!seat) return false;
        if (*seat != table.to_act())
          return fail(*leader, in_mene(fmt::format("'{}.leader' is {}, but {} leads trick {}", where, name(*seat), name(table.to_act()), t + 1)));
      }
      for (std::size_t c = 0; c < cards->items.size(); ++c) {
        const InputNode& card = cards->items[c];
        const std::string card_where = fmt::format("{}[{}]", cards_where, c);
        if (card.type != InputNode::Type::string)
          return fail(card, in_mene(fmt::format("'{}' must be a card (\"QH\", \"QH belote\"), not {}", card_where, shown(card))));
        if (c >= trick_size)
          return fail(card, in_mene(fmt::format("'{}': trick {} holds {} cards; a trick holds {}", card_where, t + 1, cards->items.size(),
                                                trick_size)));
        const Seat seat = table.to_act();
        // What a seat said in trick 1 is declared before its first card.
        if (!declared[seat]) {
          declared[seat] = true;
          if (!declare(mene, seat)) return false;
        }
        if (!apply(card, card.text, card_where, "card")) return false;
      }
    }
    return true;
  }

  const Ruleset& rules_;
  const Deck& deck_;
  std::string_view text_;
  std::shared_ptr<SourceFile> toml_;  ///< the TOML form's parse, where it is read
  ReplayedRecord& out_;
  const std::string display_;
  int number_ = 0;       ///< the mène being read, from 1
  const InputNode* seed_completion_ = nullptr;  ///< the mène's hands, where they complete the seed's deal
  const InputNode* turned_card_ = nullptr;      ///< the card turned, where the mène's own hands are dealt with it
  PerSeat<CardSet> recorded_hands_;
  int mene_dealt_ = 0;   ///< the table's count of mènes dealt when it began
};

}  // namespace record_reading

ReplayedRecord replay_record(const Ruleset& rules, std::string_view json) {
  ReplayedRecord out;
  // A record refused gives no table: the game up to its fault is no game it holds.
  if (!record_reading::RecordReader(rules, json, out).read_json() || !out.error.empty()) out.table.reset();
  return out;
}

ReplayedRecord replay_record_toml(const Ruleset& rules, std::string_view toml) {
  ReplayedRecord out;
  if (!record_reading::RecordReader(rules, toml, out).read_toml() || !out.error.empty()) out.table.reset();
  return out;
}

bool is_record_json(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || text[first] != '{') return false;
  const std::string display;
  Diagnostics errors;
  const auto value = parse_json_text(text, JsonLinePlace(text, display, 1), "record", errors);
  if (!value || !value->is_object() || !value->contains("table") || !value->contains("mene")) return false;
  const auto items = value->items();
  return std::all_of(items.begin(), items.end(), [](const auto& item) {
    return std::find(kRecordKeys.begin(), kRecordKeys.end(), item.key()) != kRecordKeys.end();
  });
}

}  // namespace belote
