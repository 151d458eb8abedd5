// Checks one deal's tree, from TOML or JSON, and builds the Deal.
#include "io/deal_checker.h"

#include <algorithm>
#include <array>
#include <bit>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/text_util.h"
#include "io/deal_auction.h"
#include "io/played_deal.h"

namespace belote {

namespace {


// Checks one deal's tree and builds the Deal, reporting every problem found.
class DealChecker {
 public:
  DealChecker(const Ruleset& rules, std::string prefix, Diagnostics& errors,
              std::function<Diagnostic(int, int, std::string)> located)
      : rules_(rules), deck_(rules.deck), prefix_(std::move(prefix)), errors_(errors), located_(std::move(located)) {}

  bool read(const InputNode& root, Deal& deal) {
    const std::size_t before = errors_.count();
    deal = Deal{};
    check_keys(root, "", {"id", "kind", "trump", "taker", "first", "bid", "doubling", "held_over", "hands",
                          "announcements", "belote", "result", "auction", "play", "spoken", "said", "revoke"});
    read_id(root, deal);
    const std::size_t before_terms = errors_.count();
    read_terms(root, deal, false);
    const bool terms_read = errors_.count() == before_terms;
    read_held_over(root, deal);
    if (const InputNode* play = root.get("play")) {
      if (const InputNode* result = root.get("result"))
        error(*result, true, fmt::format("'{}' and '{}' are both given: a deal gives the play or its result, not both",
                                         path("play"), path("result")));
      else if (terms_read)
        read_play(root, *play, deal);
    } else {
      for (const char* key : {"spoken", "said", "revoke"})
        if (const InputNode* node = root.get(key))
          error(*node, true, fmt::format("'{}' goes with '{}' (a played mène)", path(key), path("play")));
      if (const InputNode* result = require(root, "result")) read_result(*result, deal);
    }
    check_bid_needs(root, deal);
    return errors_.count() == before;
  }

  // Taker, trump, first, then the hands or the announcements as declared, and the belote.
  // A score sheet's mène may leave out the announcements: then nobody announced.
  void read_terms(const InputNode& root, Deal& deal, bool announcements_optional) {
    read_kind(root, deal);
    read_bid(root, deal);
    read_doubling(root, deal);
    if (const InputNode* taker = require(root, "taker")) {
      if (const auto seat = seat_of(*taker, "taker")) deal.taker = *seat;
    }
    if (const InputNode* first = root.get("first")) {
      if (const auto seat = seat_of(*first, "first")) {
        deal.first = *seat;
        deal.first_given = true;
      }
    }
    const InputNode* hands = root.get("hands");
    const InputNode* announcements = root.get("announcements");
    const InputNode* belote = root.get("belote");
    const InputNode* play = root.get("play");
    if (play && (announcements || belote)) {
      error(announcements ? *announcements : *belote, true,
            fmt::format("'{}' goes with a mène's result: in a played mène, what each player declared is '{}' "
                        "(with spoken = true) and the belote a word said with its card", announcements ? path("announcements") : path("belote"),
                        path("said")));
    } else if (play && !hands) {
      deal.form = DealForm::hands;  // the hands are the cards each seat plays
    } else if (hands && announcements) {
      error(*announcements, true, fmt::format("'{}' and '{}' are both given: a deal has hands or declared announcements, not both",
                                              path("hands"), path("announcements")));
    } else if (hands) {
      deal.form = DealForm::hands;
      read_hands(*hands, deal, root.get("play") != nullptr);
      if (belote)
        error(*belote, true, fmt::format("'{}' goes with declared announcements; with hands the belote is found from the cards",
                                         path("belote")));
    } else if (announcements) {
      read_announcements(*announcements, deal);
      if (belote) read_belote(*belote, deal);
    } else if (announcements_optional) {
      // The belote may still be given, by seat or, as on a paper sheet, by team.
      const bool by_team = belote && belote->type == InputNode::Type::string && parse_team(belote->text);
      deal.form = by_team ? DealForm::team_points : DealForm::declared;
      if (belote) read_belote(*belote, deal);
    } else {
      error(root, false, fmt::format("the deal needs '{}' (the four hands) or '{}' (as declared at the table)",
                                     path("hands"), path("announcements")));
    }
  }

 private:
  std::string path(std::string_view key) const { return prefix_ + std::string(key); }

  std::string kind_names() const {
    std::vector<std::string> names;
    for (const ContractKind& k : rules_.kinds) names.push_back(k.name);
    return fmt::format("{}", fmt::join(names, ", "));
  }

  // "couleur or suit (one trump suit), sans-atout or SA (no trump), ...": each kind with its aliases and its trumps.
  std::string kinds_with_aliases() const {
    static constexpr std::array<std::string_view, 3> kTrumps{"one trump suit", "no trump", "every suit trumps"};
    std::vector<std::string> names;
    for (const ContractKind& k : rules_.kinds) {
      std::string name = k.name;
      for (const std::string& alias : k.aliases) name += " or " + alias;
      names.push_back(fmt::format("{} ({})", name, kTrumps[std::size_t(k.trumps)]));
    }
    return fmt::format("{}", fmt::join(names, ", "));
  }

  // Every name a kind answers to: its own and its aliases.
  std::vector<std::string> kind_spellings() const {
    std::vector<std::string> names;
    for (const ContractKind& k : rules_.kinds) {
      names.push_back(k.name);
      names.insert(names.end(), k.aliases.begin(), k.aliases.end());
    }
    return names;
  }

  // The contract kind, named by `kind`, or found from the `trump` suit alone.
  void read_kind(const InputNode& root, Deal& deal) {
    const InputNode* kind_node = root.get("kind");
    const InputNode* trump = root.get("trump");
    std::optional<Suit> suit;
    if (trump) suit = suit_named(*trump, "trump");
    if (kind_node) {
      const auto text = text_of(*kind_node, path("kind"));
      if (!text) return;
      if (!rules_.kinds_named) {
        error(*kind_node, true, fmt::format("'{}': this ruleset names no contract kinds; a deal gives its '{}' alone",
                                            path("kind"), path("trump")));
        return;
      }
      const auto found = rules_.find_kind(*text);
      if (!found) {
        error(*kind_node, false, fmt::format("'{}': unknown kind '{}'{} (kinds: {})", path("kind"), printable(*text),
                                             did_you_mean(*text, kind_spellings()), kinds_with_aliases()));
        return;
      }
      const ContractKind& kind = rules_.kinds[std::size_t(*found)];
      deal.kind_given = true;
      if (kind.trumps == Trumps::one_suit) {
        if (!trump) {
          error(root, true, fmt::format("missing key '{}': kind '{}' is played with a trump suit", path("trump"), kind.name));
          return;
        }
        if (!suit) return;
        if (!kind.in_suit(*suit)) {
          std::vector<std::string> suits;
          for (Suit s = 0; s < kSuitCount; ++s)
            if (kind.in_suit(s)) suits.push_back(deck_.suits[s]);
          error(*trump, false, fmt::format("'{}': kind '{}' is played with {} as trumps, not {}", path("trump"), kind.name,
                                           fmt::join(suits, " or "), deck_.suits[*suit]));
          return;
        }
        deal.trump = *suit;
      } else if (trump) {
        error(*trump, true, fmt::format("'{}': kind '{}' has {}; leave '{}' out", path("trump"), kind.name,
                                        kind.trumps == Trumps::none ? "no trump suit" : "every suit trumps", path("trump")));
        return;
      }
      deal.kind = std::uint8_t(*found);
      kind_ = *found;
      return;
    }
    if (!trump) {
      error(root, true, rules_.kinds_named ? fmt::format("missing key '{}' or '{}' (kinds: {})", path("kind"), path("trump"), kind_names())
                                           : fmt::format("missing key '{}'", path("trump")));
      return;
    }
    if (!suit) return;
    const auto found = rules_.suit_kind(*suit);
    if (!found) {
      error(*trump, false, fmt::format("'{}': no kind of this ruleset is played with {} as trumps; name the deal's '{}' "
                                       "(kinds: {})", path("trump"), deck_.suits[*suit], path("kind"), kind_names()));
      return;
    }
    deal.trump = *suit;
    deal.kind = std::uint8_t(*found);
    kind_ = *found;
  }

  const ContractKind* kind() const { return kind_ ? &rules_.kinds[std::size_t(*kind_)] : nullptr; }

  // "80 to 160 by 10, capot, generale": the bids a deal may carry, for messages.
  std::string bids_text() const {
    std::vector<std::string> parts;
    const auto& numbers = rules_.bids.numbers;
    for (std::size_t i = 0; i < numbers.size();) {
      // A run of three or more bids a constant step apart is written as a range.
      std::size_t j = i + 1;
      while (j + 1 < numbers.size() && numbers[j + 1] - numbers[j] == numbers[i + 1] - numbers[i]) ++j;
      if (j < numbers.size() && j - i >= 2) {
        parts.push_back(fmt::format("{} to {} by {}", numbers[i], numbers[j], numbers[i + 1] - numbers[i]));
        i = j + 1;
      } else {
        parts.push_back(std::to_string(numbers[i]));
        ++i;
      }
    }
    for (const NamedBid& bid : rules_.bids.named) parts.push_back(bid.name);
    return fmt::format("{}", fmt::join(parts, ", "));
  }

  void read_bid(const InputNode& root, Deal& deal) {
    const InputNode* bid = root.get("bid");
    if (!rules_.bids.any()) {
      if (bid) error(*bid, true, fmt::format("'{}': this ruleset has no bids ([bids])", path("bid")));
      return;
    }
    if (!bid) {
      error(root, true, fmt::format("missing key '{}' (bids: {})", path("bid"), bids_text()));
      return;
    }
    if (bid->type == InputNode::Type::integer) {
      const auto& numbers = rules_.bids.numbers;
      if (std::find(numbers.begin(), numbers.end(), bid->integer) == numbers.end()) {
        error(*bid, false, fmt::format("'{}': {} is not a bid of this ruleset (bids: {})", path("bid"), bid->integer, bids_text()));
        return;
      }
      deal.bid = int(bid->integer);
      return;
    }
    if (bid->type == InputNode::Type::string) {
      if (const auto named = rules_.find_named_bid(bid->text)) {
        deal.named_bid = std::int8_t(*named);
        deal.bid = rules_.bids.named[std::size_t(*named)].value;
        return;
      }
      std::vector<std::string> names;
      for (const NamedBid& b : rules_.bids.named) names.push_back(b.name);
      error(*bid, false, fmt::format("'{}': unknown bid '{}'{} (bids: {})", path("bid"), printable(bid->text),
                                     did_you_mean(bid->text, names), bids_text()));
      return;
    }
    error(*bid, false, fmt::format("'{}' must be a number or a named bid, not {}", path("bid"), bid->type_name()));
  }

  void read_doubling(const InputNode& root, Deal& deal) {
    const InputNode* doubling = root.get("doubling");
    if (!doubling) return;
    std::vector<std::string> names;
    for (const DoublingLevel& level : rules_.doubling) names.push_back(level.name);
    if (names.empty()) {
      error(*doubling, true, fmt::format("'{}': this ruleset has no doubling ([doubling] levels)", path("doubling")));
      return;
    }
    const auto text = text_of(*doubling, path("doubling"));
    if (!text) return;
    if (const auto level = rules_.find_doubling(*text)) {
      deal.doubling = std::uint8_t(*level + 1);
      return;
    }
    error(*doubling, false, fmt::format("'{}': unknown doubling '{}'{} (levels: {})", path("doubling"), printable(*text),
                                        did_you_mean(*text, names), fmt::join(names, ", ")));
  }

  void read_held_over(const InputNode& root, Deal& deal) {
    const InputNode* held = root.get("held_over");
    if (!held) return;
    if (held->type != InputNode::Type::integer || held->integer < 0 || held->integer > kMaxHeldOver) {
      error(*held, false, fmt::format("'{}' must be an integer from 0 to {} (points held over from earlier deals)",
                                      path("held_over"), kMaxHeldOver));
      return;
    }
    deal.held_over = int(held->integer);
  }

  // A bid that the taker alone must make needs the tricks of each seat.
  void check_bid_needs(const InputNode& root, const Deal& deal) {
    if (deal.named_bid < 0) return;
    const NamedBid& bid = rules_.bids.named[std::size_t(deal.named_bid)];
    // Said at the bid that needs them.
    if (bid.needs == BidNeeds::taker_every_trick && !deal.result.seat_tricks_given)
      error(*root.get("bid"), false, fmt::format("the bid '{}' is made only when the taker alone takes every trick: give '{}'",
                                    bid.name, path("result.tricks_by_seat")));
  }

  void error(const InputNode& at, bool at_key, std::string message) {
    if (errors_.full()) return errors_.add_unkept(1);  // not kept: its line is not copied
    errors_.push_back(at_key && at.key_line ? located_(at.key_line, at.key_column, std::move(message))
                                            : located_(at.line, at.column, std::move(message)));
  }

  const InputNode* require(const InputNode& table, std::string_view key, std::string_view parent = "") {
    if (const InputNode* node = table.get(key)) return node;
    const std::string full = parent.empty() ? path(key) : path(std::string(parent) + "." + std::string(key));
    error(table, true, fmt::format("missing key '{}'", full));
    return nullptr;
  }

  bool expect_table(const InputNode& node, const std::string& name) {
    if (node.type == InputNode::Type::table) return true;
    error(node, false, fmt::format("'{}' must be a table, not {}", name, node.type_name()));
    return false;
  }

  void check_keys(const InputNode& table, std::string_view parent, const std::vector<std::string>& allowed) {
    for (const auto& [key, node] : table.members) {
      if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
      const std::string full = parent.empty() ? path(printable(key)) : path(std::string(parent) + "." + printable(key));
      // A doubling level, a bid or a kind written as a key of its own (coinche = true) is the value of its key.
      if (parent.empty()) {
        if (const auto value_key = key_taking(key)) {
          error(node, true, fmt::format("unknown key '{}' (did you mean {} = \"{}\"?)", full, path(*value_key), printable(key)));
          continue;
        }
      }
      error(node, true, fmt::format("unknown key '{}'{}", full, did_you_mean(key, allowed)));
    }
  }

  // The deal key whose value `word` is, when it names a doubling level, a named bid or a kind.
  std::optional<std::string_view> key_taking(std::string_view word) const {
    for (const DoublingLevel& level : rules_.doubling)
      if (iequals(level.name, word)) return "doubling";
    if (rules_.find_named_bid(word)) return "bid";
    if (rules_.kinds_named && rules_.find_kind(word)) return "kind";
    return std::nullopt;
  }

  std::optional<std::string> text_of(const InputNode& node, const std::string& name) {
    if (node.type == InputNode::Type::string) return node.text;
    error(node, false, fmt::format("'{}' must be a string, not {}", name, node.type_name()));
    return std::nullopt;
  }

  std::optional<Suit> suit_named(const InputNode& node, std::string_view key) {
    const auto text = text_of(node, path(key));
    if (!text) return std::nullopt;
    if (const auto suit = deck_.parse_suit(*text)) return suit;
    // A kind written where a suit goes (trump = "SA"): point to the key that takes it.
    if (rules_.kinds_named && rules_.find_kind(*text)) {
      error(node, false, fmt::format("'{}': '{}' is a contract kind, not a suit: write {} = \"{}\" (suits: {})", path(key),
                                     printable(*text), path("kind"), printable(*text), fmt::join(deck_.suits, " ")));
      return std::nullopt;
    }
    error(node, false, fmt::format("'{}': unknown suit '{}' (suits: {})", path(key), printable(*text),
                                   fmt::join(deck_.suits, " ")));
    return std::nullopt;
  }

  std::optional<Seat> seat_of(const InputNode& node, std::string_view key) {
    const auto text = text_of(node, path(key));
    if (!text) return std::nullopt;
    if (const auto seat = parse_seat(*text)) return seat;
    error(node, false, fmt::format("'{}': unknown seat '{}' (seats: N E S W)", path(key), printable(*text)));
    return std::nullopt;
  }

  void read_id(const InputNode& root, Deal& deal) {
    const InputNode* id = root.get("id");
    if (!id) return;
    const int characters = id->type == InputNode::Type::string ? text_width(id->text) : 0;
    if (characters >= 1 && characters <= kMaxIdCharacters) {
      // Kept as given, so that a deal the program writes reads back the same; escaping
      // control characters instead would change (and lengthen) the id on each pass.
      if (printable(id->text, id->text.size()) == id->text) deal.id = id->text;
      else error(*id, false, fmt::format("'{}' holds a control character: '{}'", path("id"), printable(id->text)));
    } else if (id->type == InputNode::Type::integer) {
      deal.id = std::to_string(id->integer);
    } else {
      // An empty id would be written as no id at all (null in JSON).
      error(*id, false, fmt::format("'{}' must be a string of 1 to {} characters or an integer", path("id"), kMaxIdCharacters));
    }
  }

  // Card tokens from "AS 10H ..." or ["AS", "10H", ...].
  std::optional<std::vector<std::pair<Card, const InputNode*>>> cards_of(const InputNode& node, const std::string& name) {
    std::vector<std::pair<std::string, const InputNode*>> tokens;
    if (node.type == InputNode::Type::string) {
      for (std::string_view word : split_words(node.text)) tokens.emplace_back(std::string(word), &node);
    } else if (node.type == InputNode::Type::array) {
      for (const InputNode& item : node.items) {
        if (item.type != InputNode::Type::string) {
          error(item, false, fmt::format("'{}' must hold card tokens (strings), not {}", name, item.type_name()));
          return std::nullopt;
        }
        for (std::string_view word : split_words(item.text)) tokens.emplace_back(std::string(word), &item);
      }
    } else {
      error(node, false, fmt::format("'{}' must be a string of card tokens or an array of them, not {}", name, node.type_name()));
      return std::nullopt;
    }
    std::vector<std::pair<Card, const InputNode*>> cards;
    bool ok = true;
    for (const auto& [token, at] : tokens) {
      if (const auto card = deck_.parse_card(token)) {
        cards.emplace_back(*card, at);
      } else if (errors_.full()) {
        errors_.add_unkept(1);
        ok = false;
      } else {
        error(*at, false, fmt::format("'{}': unknown card '{}' (a card is a rank {} then a suit {})", name,
                                      printable(token), fmt::join(deck_.ranks, " "), fmt::join(deck_.suits, " ")));
        ok = false;
      }
    }
    return ok ? std::optional(cards) : std::nullopt;
  }

  // `played`: the hands of a played mène, whose first fault alone is given,
  // in the rule book's words (play.md section 6).
  void read_hands(const InputNode& hands, Deal& deal, bool played) {
    if (!expect_table(hands, path("hands"))) return;
    check_keys(hands, "hands", {"N", "E", "S", "W"});
    // Once every hand's tokens are read, the cards no hand holds can be named,
    // even when a hand is short or repeats a card: they are what the user left out.
    bool all_read = true;
    std::array<std::optional<Seat>, 64> holder{};
    for (Seat seat : kSeats) {
      const InputNode* hand = require(hands, name(seat), "hands");
      if (!hand) {
        all_read = false;
        continue;
      }
      const std::string name_ = path(fmt::format("hands.{}", name(seat)));
      const auto cards = cards_of(*hand, name_);
      if (!cards) {
        all_read = false;
        continue;
      }
      for (const auto& [card, at] : *cards) {
        if (played && holder[card]) {
          error(*at, false, fmt::format("{} is dealt twice ({} and {})", deck_.card_name(card), name(*holder[card]), name(seat)));
          return;
        }
        if (holder[card] == seat) {
          error(*at, false, fmt::format("'{}': card {} is listed twice", name_, deck_.card_name(card)));
        } else if (holder[card]) {
          error(*at, false, fmt::format("'{}': card {} is also in '{}'", name_, deck_.card_name(card),
                                        path(fmt::format("hands.{}", name(*holder[card])))));
        } else {
          holder[card] = seat;
          deal.hands[seat] |= card_bit(card);
        }
      }
      const int size = count(deal.hands[seat]);
      if (size != deck_.hand_size && int(cards->size()) != deck_.hand_size) {
        if (played) {
          error(*hand, false, fmt::format("hand {} has {} cards; a hand has {}", name(seat), cards->size(), deck_.hand_size));
          return;
        }
        error(*hand, false, fmt::format("'{}' has {} cards; a hand has {}", name_, cards->size(), deck_.hand_size));
      }
    }
    if (all_read) {
      const CardSet missing = deck_.all_cards() & ~(deal.hands[Seat::N] | deal.hands[Seat::E] | deal.hands[Seat::S] | deal.hands[Seat::W]);
      if (missing) error(hands, true, fmt::format("'{}': no hand holds {}", path("hands"), deck_.cards_text(missing)));
    }
  }

  // One declared announcement: "tierce KH", "carre J", or its cards.
  std::optional<Announcement> declared_one(const InputNode& node, const std::string& name) {
    std::vector<std::string_view> words;
    if (node.type == InputNode::Type::string) words = split_words(node.text);
    if (words.size() == 2 && !deck_.parse_card(words[0])) {
      const std::string kind = to_lower(words[0]);
      if (kind == "carre" || kind == "carré") {
        if (const auto rank = deck_.parse_rank(words[1])) return Announcement{true, 0, *rank, 4, 0, 0};
        error(node, false, fmt::format("'{}': '{}' is not a rank (a carré is written 'carre RANK', e.g. 'carre J')",
                                       name, printable(words[1])));
        return std::nullopt;
      }
      const auto& names = rules_.sequences.names_by_length;
      const auto found = std::find(names.begin(), names.end(), kind);
      if (found == names.end() || kind.empty()) {
        std::vector<std::string> known{"carre"};
        for (const auto& n : names)
          if (!n.empty()) known.push_back(n);
        error(node, false, fmt::format("'{}': unknown announcement '{}'{} (announcements: {}, or the cards)", name,
                                       printable(words[0]), did_you_mean(words[0], known), fmt::join(known, ", ")));
        return std::nullopt;
      }
      const int length = int(found - names.begin());
      const auto top = deck_.parse_card(words[1]);
      if (!top) {
        error(node, false, fmt::format("'{}': '{}' is not a card (a sequence is written by its top card, e.g. '{} KH')",
                                       name, printable(words[1]), kind));
        return std::nullopt;
      }
      if (rank_of(*top) + 1 < length) {
        error(node, false, fmt::format("'{}': no {} ends at {}: the lowest {} ends at {}", name, kind,
                                       deck_.rank_name(rank_of(*top)), kind, deck_.rank_name(Rank(length - 1))));
        return std::nullopt;
      }
      return Announcement{false, belote::suit_of(*top), rank_of(*top), std::uint8_t(length), 0, 0};
    }
    const auto cards = cards_of(node, name);
    if (!cards) return std::nullopt;
    if (cards->empty()) {
      error(node, false, fmt::format("'{}': an announcement is empty (write it as \"tierce KH\", \"carre J\" or its cards)", name));
      return std::nullopt;
    }
    CardSet set = 0;
    for (const auto& [card, at] : *cards) set |= card_bit(card);
    const Card lowest = Card(std::countr_zero(set));
    const Card highest = Card(63 - std::countl_zero(set));
    const int length = count(set);
    if (length == kSuitCount && all_suits(RankMask{1} << rank_of(lowest)) == set)
      return Announcement{true, 0, rank_of(lowest), 4, 0, 0};
    const bool one_suit = belote::suit_of(lowest) == belote::suit_of(highest);
    if (one_suit && length == int(cards->size()) && length >= rules_.sequences.shortest() &&
        highest - lowest + 1 == length) {
      if (rules_.sequences.split_long_runs && length > rules_.sequences.longest()) {
        error(node, false, fmt::format("'{}': under this ruleset a run longer than {} is declared as several announcements",
                                       name, rules_.sequences.longest()));
        return std::nullopt;
      }
      return Announcement{false, belote::suit_of(lowest), rank_of(highest), std::uint8_t(length), 0, 0};
    }
    error(node, false, fmt::format("'{}': {} is neither a sequence (at least {} following cards of one suit) nor a carré",
                                   name, deck_.cards_text(set), rules_.sequences.shortest()));
    return std::nullopt;
  }

  void read_announcements(const InputNode& table, Deal& deal) {
    if (!expect_table(table, path(announcements_key_))) return;
    const auto team_key = [](const auto& member) { return parse_team(member.first).has_value(); };
    const auto seat_key = [](const auto& member) { return parse_seat(member.first).has_value(); };
    if (std::any_of(table.members.begin(), table.members.end(), team_key) &&
        std::any_of(table.members.begin(), table.members.end(), seat_key)) {
      error(table, true, fmt::format("'{}' mixes teams (NS EW) and seats (N E S W): give either each team's points "
                                     "or each seat's announcements", path(announcements_key_)));
      return;
    }
    const bool by_team = !table.members.empty() && team_key(table.members.front());
    if (by_team) {
      deal.form = DealForm::team_points;
      check_keys(table, "announcements", {"NS", "EW"});
      for (Team team : kTeams) {
        const InputNode* points = table.get(name(team));
        if (!points) continue;
        const std::string key = path(fmt::format("announcements.{}", name(team)));
        // No more than two hands can declare under the ruleset (what bounds a deal's score).
        const int most = rules_.tables.most_team_announcements;
        if (points->type != InputNode::Type::integer || points->integer < 0 || points->integer > most) {
          error(*points, false, fmt::format("'{}' must be an integer from 0 to {} (the most two hands can declare)", key, most));
          continue;
        }
        if (kind_ && !rules_.tables.kinds[std::size_t(*kind_)].announcement_totals.holds(int(points->integer))) {
          error(*points, false, fmt::format("'{}' is {}, which no announcements add up to{}: {}", key, points->integer,
                                            rules_.kinds_named ? fmt::format(" in kind '{}'", this->kind()->name) : "",
                                            announcement_values(*kind_)));
          continue;
        }
        deal.team_announcements[team] = int(points->integer);
      }
      // Both teams score only where the ruleset lets them: separate contests, or an exact tie to both.
      const bool both_may_score = rules_.announcements.contests.size() > 1 || rules_.announcements.exact_tie == ExactTie::both;
      if (deal.team_announcements[Team::NS] > 0 && deal.team_announcements[Team::EW] > 0 && !both_may_score)
        error(table, true, fmt::format("'{}': only one team scores its announcements, not both (one contest, "
                                       "announcements.exact_tie = \"{}\")", path("announcements"),
                                       rules_.announcements.exact_tie == ExactTie::nobody ? "nobody" : "first-speaker"));
      return;
    }
    deal.form = DealForm::declared;
    check_keys(table, announcements_key_, {"N", "E", "S", "W"});
    std::array<std::optional<Seat>, 64> used_by{};
    for (Seat seat : kSeats) {
      const InputNode* list = table.get(name(seat));
      if (!list) continue;
      const std::string key = path(fmt::format("{}.{}", announcements_key_, name(seat)));
      if (list->type != InputNode::Type::array) {
        error(*list, false, fmt::format("'{}' must be an array of announcements, e.g. [\"tierce KH\", \"carre J\"]", key));
        continue;
      }
      SeatAnnouncements& mine = deal.declared[seat];
      for (const InputNode& item : list->items) {
        auto a = declared_one(item, key);
        if (!a) continue;
        if (const ContractKind* kind = this->kind()) {
          const AnnouncementKind what{a->carre, a->carre ? int(a->top) : rules_.sequences.entry_for(a->length)};
          if (!kind->declared.holds(what)) {
            error(item, false, fmt::format("'{}': {} is not declared in kind '{}' (kinds.{}.announcements)", key,
                                           rules_.kind_name(what), kind->name, kind->name));
            continue;
          }
        }
        if (!check_with_seat(item, key, *a, mine) || !check_across_seats(item, key, *a, seat, used_by)) continue;
        if (mine.count >= kMaxAnnouncementsPerSeat) {
          error(item, false, fmt::format("'{}': more announcements than one hand can hold", key));
          continue;
        }
        // A hand holds hand_size cards: more is what no player could declare (and what bounds a deal's score).
        CardSet held = a->cards();
        for (const Announcement& b : mine) held |= b.cards();
        if (std::popcount(held) > deck_.hand_size) {
          error(item, false, fmt::format("'{}': {}'s announcements hold {} cards; a hand has {}", key, name(seat),
                                         std::popcount(held), deck_.hand_size));
          continue;
        }
        mine.items[mine.count++] = *a;
      }
    }
  }

  // What a kind's announcements are worth, as the ruleset names them: "tierce 20, cinquante 50, carre-J 200".
  std::string announcement_values(int kind) const {
    const KindTables& tables = rules_.tables.kinds[std::size_t(kind)];
    std::vector<std::string> values;
    // Longer runs than the longest named sequence count as it: each name once.
    int named = 0;
    for (std::size_t length = 0; length < tables.sequence_points.size(); ++length) {
      const int entry = rules_.sequences.entry_for(int(length));
      if (tables.sequence_points[length] <= 0 || entry == named) continue;
      named = entry;
      values.push_back(fmt::format("{} {}", rules_.kind_name({false, entry}), tables.sequence_points[length]));
    }
    for (Rank rank = 0; rank < rules_.deck.rank_count(); ++rank)
      if (tables.carre_points[rank] > 0) values.push_back(fmt::format("{} {}", rules_.kind_name({true, rank}), tables.carre_points[rank]));
    if (values.empty()) return "this kind declares no announcement";
    return fmt::format("{}", fmt::join(values, ", "));
  }

  // Within one seat: sequences neither overlap nor touch; shared cards only where the ruleset allows.
  bool check_with_seat(const InputNode& at, const std::string& key, const Announcement& a, const SeatAnnouncements& mine) {
    for (const Announcement& b : mine) {
      const CardSet shared = a.cards() & b.cards();
      if (shared && (a.carre == b.carre)) {
        error(at, false, fmt::format("'{}': {} is declared twice", key, deck_.cards_text(shared)));
        return false;
      }
      if (shared && !rules_.announcements.card_reuse) {
        error(at, false, fmt::format("'{}': {} serves in a carré and a sequence, and this ruleset lets no card serve twice",
                                     key, deck_.cards_text(shared)));
        return false;
      }
      const bool touching = !a.carre && !b.carre && a.suit == b.suit && (a.top + 1 == b.low() || b.top + 1 == a.low());
      if (touching && !rules_.sequences.split_long_runs) {
        error(at, false, fmt::format("'{}': {} and {} touch: they make one run, declared whole", key,
                                     deck_.cards_text(a.cards()), deck_.cards_text(b.cards())));
        return false;
      }
    }
    return true;
  }

  // Across seats: no card is declared by two players.
  bool check_across_seats(const InputNode& at, const std::string& key, const Announcement& a, Seat seat,
                          std::array<std::optional<Seat>, 64>& used_by) {
    CardSet cards = a.cards();
    while (cards) {
      const Card card = pop_lowest(cards);
      if (used_by[card] && *used_by[card] != seat) {
        error(at, false, fmt::format("'{}': {} is also declared by {}: one card cannot be in two hands", key,
                                     deck_.card_name(card), name(*used_by[card])));
        return false;
      }
    }
    cards = a.cards();
    while (cards) used_by[pop_lowest(cards)] = seat;
    return true;
  }

  void read_belote(const InputNode& node, Deal& deal) {
    const ContractKind* kind = this->kind();
    if (kind && kind->belote == BeloteSuits::nowhere) {
      error(node, true, fmt::format("'{}': there is no belote in kind '{}' (kinds.{}.belote = \"nowhere\")", path("belote"),
                                    kind->name, kind->name));
      return;
    }
    const bool every_suit = kind && kind->belote == BeloteSuits::every_suit;
    if (node.type == InputNode::Type::array) {
      if (!every_suit) {
        error(node, false, fmt::format("'{}' names one seat: a deal has one belote{}", path("belote"),
                                       kind && rules_.kinds_named ? fmt::format(" in kind '{}'", kind->name) : ""));
        return;
      }
      for (const InputNode& item : node.items) {
        const auto seat = seat_of(item, "belote");
        if (!seat) continue;
        if (deal.belotes[*seat] >= kSuitCount) {
          error(item, false, fmt::format("'{}': {} holds at most {} belotes, one per suit", path("belote"), name(*seat), kSuitCount));
          continue;
        }
        ++deal.belotes[*seat];
      }
      int total = 0;
      for (Seat seat : kSeats) total += deal.belotes[seat];
      if (total > kSuitCount)
        error(node, false, fmt::format("'{}' declares {} belotes; a deal holds {} at most, one per suit", path("belote"), total, kSuitCount));
      return;
    }
    const auto text = text_of(node, path("belote"));
    if (!text) return;
    if (const auto seat = parse_seat(*text)) {
      deal.belotes[*seat] = 1;
      if (every_suit) return;  // which suit is not said: nothing to check against the announcements
      const CardSet belote_cards = suit_cards(rules_.belote.ranks, deal.trump);
      for (Seat other_seat : kSeats) {
        if (other_seat == *seat) continue;
        for (const Announcement& a : deal.declared[other_seat]) {
          if (const CardSet shared = a.cards() & belote_cards) {
            error(node, false, fmt::format("'{}': {} holds the belote, yet {} declares {}", path("belote"), name(*seat),
                                           name(other_seat), deck_.cards_text(shared)));
            return;
          }
        }
      }
    } else if (const auto team = parse_team(*text); team && deal.form == DealForm::team_points) {
      deal.belote_team = team;
    } else {
      error(node, false, fmt::format("'{}': '{}' is not a seat (N E S W){}", path("belote"), printable(*text),
                                     deal.form == DealForm::team_points ? " or a team (NS EW)" : ""));
    }
  }

  std::optional<PerTeam<int>> team_numbers(const InputNode& result, std::string_view key, int high) {
    const InputNode* table = require(result, key, "result");
    const std::string name_ = path(fmt::format("result.{}", key));
    if (!table || !expect_table(*table, name_)) return std::nullopt;
    check_keys(*table, fmt::format("result.{}", key), {"NS", "EW"});
    PerTeam<int> values;
    bool ok = true;
    for (Team team : kTeams) {
      const InputNode* value = require(*table, name(team), fmt::format("result.{}", key));
      if (!value) {
        ok = false;
        continue;
      }
      if (value->type != InputNode::Type::integer || value->integer < 0 || value->integer > high) {
        error(*value, false, fmt::format("'{}.{}' must be an integer from 0 to {}", name_, name(team), high));
        ok = false;
        continue;
      }
      values[team] = int(value->integer);
    }
    return ok ? std::optional(values) : std::nullopt;
  }

  void read_result(const InputNode& result, Deal& deal) {
    if (!expect_table(result, path("result"))) return;
    check_keys(result, "result", {"points", "tricks", "tricks_by_seat", "roem"});
    // Without a known kind the points can be checked one by one, not for their sum.
    const ContractKind* kind = this->kind();
    const int total = kind ? kind->total_card_points() : rules_.kinds.front().total_card_points();
    int highest = 0;
    for (const ContractKind& k : rules_.kinds) highest = std::max(highest, k.total_card_points());
    const auto points = team_numbers(result, "points", kind ? total : highest);
    const auto tricks = team_numbers(result, "tricks", deck_.hand_size);
    if (kind && points && points->values[0] + points->values[1] != total) {
      error(*result.get("points"), false, fmt::format("'{}' adds up to {}; the card points of a mène{} add up to {}",
                                                      path("result.points"), points->values[0] + points->values[1],
                                                      rules_.kinds_named ? fmt::format(" in {}", kind->name) : "", total));
    }
    if (tricks && tricks->values[0] + tricks->values[1] != deck_.hand_size) {
      error(*result.get("tricks"), false, fmt::format("'{}' adds up to {}; a mène has {} tricks", path("result.tricks"),
                                                      tricks->values[0] + tricks->values[1], deck_.hand_size));
    }
    if (points && tricks) {
      for (Team team : kTeams) {
        if ((*tricks)[team] == 0 && (*points)[team] > 0)
          error(*result.get("points")->get(name(team)), false,
                fmt::format("'{}.{}' is {}, but {} took no trick", path("result.points"), name(team), (*points)[team], name(team)));
      }
      deal.result = DealResult{*points, *tricks, {}, false};
      if (const InputNode* by_seat = result.get("tricks_by_seat")) read_seat_tricks(*by_seat, deal);
      if (const InputNode* roem = result.get("roem")) read_roem(result, *roem, deal);
    }
  }

  // The roem of the tricks each team won (the pit aside: the scorer adds it).
  void read_roem(const InputNode& result, const InputNode& roem, Deal& deal) {
    if (!rules_.roem.any()) {
      error(roem, true, fmt::format("'{}': the ruleset counts no roem (it has no [roem] section)", path("result.roem")));
      return;
    }
    const auto values = team_numbers(result, "roem", deck_.hand_size * rules_.roem.most_per_trick());
    if (!values) return;
    for (Team team : kTeams) {
      if (deal.result.tricks[team] == 0 && (*values)[team] > 0) {
        error(*roem.get(name(team)), false, fmt::format("'{}.{}' is {}, but {} took no trick", path("result.roem"),
                                                        name(team), (*values)[team], name(team)));
        return;
      }
    }
    deal.result.roem = *values;
  }

  void read_seat_tricks(const InputNode& node, Deal& deal) {
    const std::string name_ = path("result.tricks_by_seat");
    if (!expect_table(node, name_)) return;
    check_keys(node, "result.tricks_by_seat", {"N", "E", "S", "W"});
    PerTeam<int> by_team;
    for (Seat seat : kSeats) {
      const InputNode* value = require(node, name(seat), "result.tricks_by_seat");
      if (!value) return;
      if (value->type != InputNode::Type::integer || value->integer < 0 || value->integer > deck_.hand_size) {
        error(*value, false, fmt::format("'{}.{}' must be an integer from 0 to {}", name_, name(seat), deck_.hand_size));
        return;
      }
      deal.result.seat_tricks[seat] = int(value->integer);
      by_team[team_of(seat)] += int(value->integer);
    }
    for (Team team : kTeams) {
      if (by_team[team] != deal.result.tricks[team]) {
        error(node, false, fmt::format("'{}' gives {} {} tricks, but '{}.{}' is {}", name_, name(team), by_team[team],
                                       path("result.tricks"), name(team), deal.result.tricks[team]));
        return;
      }
    }
    deal.result.seat_tricks_given = true;
  }

  // A played mène: its tricks checked, and the facts they give (play.md 4.1).
  void read_play(const InputNode& root, const InputNode& play, Deal& deal) {
    if (!kind_) return;
    bool spoken = false;
    if (const InputNode* node = root.get("spoken")) {
      if (node->type == InputNode::Type::boolean) spoken = node->boolean;
      else error(*node, false, fmt::format("'{}' must be true or false, not {}", path("spoken"), node->type_name()));
    }
    const InputNode* said = root.get("said");
    if (said && !spoken) {
      error(*said, true, fmt::format("'{}' needs spoken = true (without it every announcement held is declared)", path("said")));
      return;
    }
    std::optional<StatedRevoke> revoke;
    if (const InputNode* node = root.get("revoke")) {
      revoke = read_revoke(*node);
      if (!revoke) return;
    }
    PlayedFacts facts;
    if (!read_played_mene(rules_, play, deal, root.get("hands") != nullptr, revoke, facts, errors_, located_)) return;
    deal.hands = facts.hands;
    deal.result = facts.result;
    deal.played = facts.order;
    deal.played_count = facts.count;
    if (!spoken) return;  // every announcement and belote held is declared: the hands say them
    deal.form = DealForm::declared;
    deal.belotes = facts.belotes_said;
    if (!said) return;
    announcements_key_ = "said";
    read_announcements(*said, deal);
    announcements_key_ = "announcements";
    if (deal.form != DealForm::declared) {
      error(*said, true, fmt::format("'{}' gives each seat's announcements (N E S W), not points per team", path("said")));
      return;
    }
    for (Seat seat : kSeats) {
      for (const Announcement& a : deal.declared[seat]) {
        if (const CardSet missing = a.cards() & ~deal.hands[seat]) {
          error(*said->get(name(seat)), false, fmt::format("'{}.{}': {} not in {}'s hand", path("said"), name(seat),
                                                            deck_.cards_text(missing), name(seat)));
          break;
        }
      }
    }
  }

  // `revoke`: the seat that revoked, "E", or { seat = "E", trick = 5 }; only under a ruleset that scores a revoke.
  std::optional<StatedRevoke> read_revoke(const InputNode& node) {
    if (!rules_.play.revoke.given) {
      error(node, true, fmt::format("'{}': ruleset '{}' has no revoke rule ([play.revoke]): it scores no revoke, and "
                                    "a played mène with a card that breaks a duty is refused", path("revoke"),
                                    rules_.info.name));
      return std::nullopt;
    }
    StatedRevoke revoke{Seat::N, 0, &node, path("revoke")};
    const InputNode* seat = &node;
    std::string seat_key = "revoke";
    if (node.type == InputNode::Type::table) {
      const std::size_t before = errors_.count();
      check_keys(node, "revoke", {"seat", "trick"});
      seat = require(node, "seat", "revoke");
      seat_key = "revoke.seat";
      if (const InputNode* trick = node.get("trick")) {
        const int tricks = deck_.hand_size;
        if (trick->type != InputNode::Type::integer || trick->integer < 1 || trick->integer > tricks)
          error(*trick, false, fmt::format("'{}' must be an integer from 1 to {}", path("revoke.trick"), tricks));
        else
          revoke.trick = int(trick->integer);
      }
      if (!seat || errors_.count() != before) return std::nullopt;
    } else if (node.type != InputNode::Type::string) {
      error(node, false, fmt::format("'{}' must be the seat that revoked (N E S W) or a table {{ seat, trick }}, not {}",
                                     path("revoke"), node.type_name()));
      return std::nullopt;
    }
    const auto who = seat_of(*seat, seat_key);
    if (!who) return std::nullopt;
    revoke.seat = *who;
    return revoke;
  }

  const Ruleset& rules_;
  const Deck& deck_;
  std::string prefix_;
  Diagnostics& errors_;
  /// The key declared announcements are read from: a played mène's are under `said`.
  std::string announcements_key_ = "announcements";
  std::optional<int> kind_;  ///< the deal's kind, once read
  std::function<Diagnostic(int, int, std::string)> located_;
};

}  // namespace

bool check_deal(const Ruleset& rules, const InputNode& root, std::string prefix, Diagnostics& errors,
                LocateError located, Deal& deal) {
  // A deal that gives its auction is read with the contract the auction makes.
  if (root.get("auction")) {
    InputNode completed;
    if (!complete_from_auction(rules, root, prefix, errors, located, completed)) return false;
    return DealChecker(rules, std::move(prefix), errors, std::move(located)).read(completed, deal);
  }
  return DealChecker(rules, std::move(prefix), errors, std::move(located)).read(root, deal);
}

bool read_declared_terms(const Ruleset& rules, const InputNode& table, Diagnostics& errors, LocateError located,
                         Deal& deal) {
  const std::size_t before = errors.count();
  deal = Deal{};
  DealChecker(rules, "", errors, std::move(located)).read_terms(table, deal, true);
  return errors.count() == before;
}

}  // namespace belote
