// The [auction] section: how the contract comes about (rule book, part 4). Its
// kinds are checked against [kinds], its bids come from [bids] and its double
// and redouble from [doubling], so it is read after them.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

namespace {

class AuctionReader {
 public:
  explicit AuctionReader(Reader& r) : r_(r) {}

  bool ok() const { return ok_; }

  template <class Enum>
  void choice(std::string_view key, Enum& out) {
    if (!r_.find(key)) return;
    if (const auto c = r_.choice(key)) out = Enum(*c); else ok_ = false;
  }

  void flag(std::string_view key, bool& out) {
    if (!r_.find(key)) return;
    if (const auto b = r_.boolean(key)) out = *b; else ok_ = false;
  }

  void fail() { ok_ = false; }

 private:
  Reader& r_;
  bool ok_ = true;
};

std::optional<AuctionKind> kind_named(const std::string& text, const Deck& deck, const std::vector<ContractKind>& kinds,
                                      std::string& why) {
  for (int s = 0; s < kSuitCount; ++s) {
    if (!iequals(text, deck.suits[std::size_t(s)])) continue;
    for (std::size_t k = 0; k < kinds.size(); ++k)
      if (kinds[k].trumps == Trumps::one_suit && kinds[k].in_suit(Suit(s))) return AuctionKind{text, int(k), s};
    why.clear();  // a suit no kind is played in leaves the auction, as a kind taken out does
    return std::nullopt;
  }
  const std::string wanted = to_lower(text);
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    bool named = to_lower(kinds[k].name) == wanted;
    for (const std::string& alias : kinds[k].aliases) named = named || to_lower(alias) == wanted;
    if (!named) continue;
    if (kinds[k].trumps == Trumps::one_suit) {
      why = fmt::format("'{}' is played in a suit: name the suit by its letter instead", printable(text));
      return std::nullopt;
    }
    return AuctionKind{text, int(k), -1};
  }
  why = fmt::format("'{}' is neither a suit letter of the deck nor a kind of [kinds]", printable(text));
  return std::nullopt;
}

// Whether `text` names (or is an alias of) a [kinds] table with `enabled = false`.
bool taken_out(Reader& r, const std::string& text) {
  for (const SettingValue* table : r.named_tables("kinds")) {
    bool named = iequals(table->name, text);
    if (const SettingValue* aliases = r.find(table->key + ".aliases"))
      if (const toml::array* items = aliases->node->as_array())
        for (const toml::node& alias : *items)
          named = named || (alias.is_string() && iequals(alias.as_string()->get(), text));
    if (named && !enabled(r, table->key)) return true;
  }
  return false;
}

bool read_kinds_list(Reader& r, const Deck& deck, const std::vector<ContractKind>& kinds, AuctionRules& rules) {
  const SettingValue* value = r.require("auction.kinds");
  if (!value) return false;
  const auto items = r.strings(*value);
  if (!items) return false;
  bool ok = true;
  for (const auto& [text, node] : *items) {
    // A kind the ruleset takes out (`enabled = false`) leaves the auction too,
    // so that an overlay dropping tout-atout needs no [auction] of its own.
    if (taken_out(r, text)) continue;
    std::string why = "?";
    const auto kind = kind_named(text, deck, kinds, why);
    if (!kind && why.empty()) continue;
    if (!kind) {
      r.item_error(*value, *node, fmt::format("'auction.kinds': {}", why));
      ok = false;
      continue;
    }
    const auto same = std::find_if(rules.kinds.begin(), rules.kinds.end(), [&](const AuctionKind& k) {
      return k.kind == kind->kind && k.suit == kind->suit;
    });
    if (same != rules.kinds.end()) {
      r.item_error(*value, *node, fmt::format("'auction.kinds': '{}' is the same kind as '{}'", printable(text), same->name));
      ok = false;
      continue;
    }
    rules.kinds.push_back(*kind);
  }
  if (ok && items->empty()) {
    r.error(*value, "'auction.kinds' must name at least one kind");
    ok = false;
  }
  if (ok && rules.kinds.size() > std::size_t(kMaxAuctionKinds)) {
    r.error(*value, fmt::format("'auction.kinds' names {} kinds; at most {}", rules.kinds.size(), kMaxAuctionKinds));
    ok = false;
  }
  return ok;
}

bool read_rounds(Reader& r, AuctionRules& rules) {
  const SettingValue* value = r.require("auction.rounds");
  if (!value) return false;
  const auto items = r.strings(*value);
  if (!items) return false;
  static const std::vector<std::string> kWords{"turned", "other-suit", "any-suit"};
  bool ok = true;
  for (const auto& item : *items) {
    const auto& [text, node] = item;
    const std::string_view word = text;  // a structured binding cannot be captured (clang 14)
    const auto it = std::find_if(kWords.begin(), kWords.end(), [&](const std::string& w) { return iequals(w, word); });
    if (it == kWords.end()) {
      r.item_error(*value, *node, fmt::format("'auction.rounds': '{}' is not one of {}{}", printable(text),
                                              quoted_list(kWords), did_you_mean(text, kWords)));
      ok = false;
    } else {
      rules.rounds.push_back(AuctionRound(it - kWords.begin()));
    }
  }
  if (ok && (rules.rounds.empty() || rules.rounds.size() > 4)) {
    r.error(*value, "'auction.rounds' must list 1 to 4 rounds");
    ok = false;
  }
  return ok;
}

bool read_first_deal_speaker(Reader& r, const Deck& deck, AuctionRules& rules) {
  const SettingValue* value = r.find("auction.first_deal_speaker");
  if (!value) return true;
  const auto text = r.string_value(*value);
  if (!text) return false;
  if (iequals(*text, "after-dealer")) return true;
  constexpr std::string_view kHolder = "holder-of:";
  if (text->size() > kHolder.size() && iequals(text->substr(0, kHolder.size()), kHolder)) {
    if (const auto card = deck.parse_card(text->substr(kHolder.size()))) {
      rules.first_deal_holder = *card;
      return true;
    }
  }
  r.error(*value, fmt::format("'auction.first_deal_speaker' is '{}'; it must be 'after-dealer' or 'holder-of:CARD' "
                              "with a card of the deck (holder-of:7H)", printable(*text)));
  return false;
}

// The bids in ascending order: the numbers, then the named bids in their order
// (the rule book's decision: a named bid ranks above every number).
std::vector<LadderBid> ladder_of(const BidRules& bids) {
  std::vector<LadderBid> ladder;
  for (int n : bids.numbers) ladder.push_back({n, -1});
  for (std::size_t b = 0; b < bids.named.size(); ++b) ladder.push_back({bids.named[b].value, int(b)});
  return ladder;
}

// Whether the ruleset sets any [auction] key (a section with no key says nothing).
bool states_auction(const Reader& r) {
  for (const KeySpec& key : ruleset_keys())
    if (key.path.starts_with("auction.") && r.find(key.path)) return true;
  return false;
}

// The [kinds] table that names `kind`, or null (a ruleset that names no kind has none).
const SettingValue* kind_table(const Reader& r, const ContractKind& kind) {
  for (const SettingValue* table : r.named_tables("kinds"))
    if (iequals(table->name, kind.name)) return table;
  return nullptr;
}

// Each call is read from its words alone (read_call): the ruleset's words for a take, a double, a redouble
// and each named bid may be no other call's word, no kind's name or alias and no suit's letter or symbol.
// Of two settings that clash, the one the file being loaded sets is the one reported: it made the clash.
bool check_call_words(Reader& r, const Deck& deck, const std::vector<ContractKind>& kinds, const AuctionRules& rules,
                      const BidRules* bids, const std::vector<DoublingLevel>* doubling) {
  struct Word {
    std::string word;
    const SettingValue* at;
    std::string call;
  };
  std::vector<Word> words;
  if (const SettingValue* take = r.find("auction.take_call")) words.push_back({rules.take_call, take, "take"});
  for (std::size_t level = 0; doubling && level < std::min<std::size_t>(2, doubling->size()); ++level) {
    const std::string& name = (*doubling)[level].name;
    const bool used = level == 0 ? !rules.double_name.empty() : !rules.redouble_name.empty();
    if (const SettingValue* at = r.find("doubling.levels." + name); used && at) words.push_back({name, at, level == 0 ? "double" : "redouble"});
  }
  for (const SettingValue* table : bids ? r.named_tables("bids.named") : std::vector<const SettingValue*>()) {
    const auto named = std::find_if(bids->named.begin(), bids->named.end(), [&](const NamedBid& b) { return b.name == table->name; });
    if (named != bids->named.end()) words.push_back({named->name, table, "named bid"});
  }
  // A level's or a named bid's word is its key; the take's, its value.
  const auto report_at_word = [&](const Word& w, const std::string& clash) {
    const std::string message = fmt::format("the {} is called '{}', {}: each call needs a word of its own", w.call, w.word, clash);
    if (w.call == "take") r.error(*w.at, message); else r.key_error(*w.at, message);
  };
  bool ok = true;
  std::vector<bool> clashed(words.size(), false);  // each word's clash is said once
  for (std::size_t i = 0; i < words.size(); ++i) {
    const Word& w = words[i];
    // Named bids are checked against the fixed call words with [bids]; here, against the suits.
    std::string clash = reserved_word_meaning(w.word, &deck, w.call == "named bid" ? std::string_view() : std::string_view(w.call));
    if (!clash.empty()) {
      report_at_word(w, clash);
      clashed[i] = true;
      ok = false;
      continue;
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (clashed[j] || !iequals(w.word, words[j].word)) continue;
      const bool earlier = &r.blame(*w.at, *words[j].at) == words[j].at;
      report_at_word(earlier ? words[j] : w, fmt::format("the {}'s word too", earlier ? w.call : words[j].call));
      clashed[i] = clashed[j] = true;
      ok = false;
      break;
    }
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    const Word& w = words[i];
    for (std::size_t k = 0; !clashed[i] && k < kinds.size(); ++k) {
      const ContractKind& kind = kinds[k];
      const bool named = iequals(w.word, kind.name);
      std::size_t alias = 0;
      while (!named && alias < kind.aliases.size() && !iequals(w.word, kind.aliases[alias])) ++alias;
      if (!named && alias == kind.aliases.size()) continue;
      ok = false;
      const SettingValue* table = kind_table(r, kind);
      const SettingValue* aliases = table && !named ? r.find(table->key + ".aliases") : nullptr;
      const SettingValue* kind_at = named ? table : aliases;
      if (!kind_at || &r.blame(*w.at, *kind_at) == w.at) {
        report_at_word(w, named ? fmt::format("the name of kind '{}'", kind.name) : fmt::format("an alias of kind '{}'", kind.name));
      } else if (named) {
        // The kind is this file's, the word its base's: renaming the kind is the fix.
        r.key_error(*table, fmt::format("kind name '{}' is the {}'s word ('{}' at {}): a kind needs a name of its own",
                                        kind.name, w.call, w.at->key, where(*w.at)));
      } else {
        const toml::node* item = aliases->node->as_array() ? aliases->node->as_array()->get(alias) : nullptr;
        const std::string message = fmt::format("'{}': '{}' is the {}'s word ('{}' at {}): a kind needs names of its own",
                                                aliases->key, kind.aliases[alias], w.call, w.at->key, where(*w.at));
        if (item) r.item_error(*aliases, *item, message); else r.error(*aliases, message);
      }
      break;
    }
  }
  return ok;
}

}  // namespace

std::optional<AuctionRules> read_auction(Reader& r, const Deck* deck, const std::vector<ContractKind>* kinds,
                                         const BidRules* bids, const std::vector<DoublingLevel>* doubling) {
  AuctionRules rules;
  if (!states_auction(r)) return rules;
  rules.given = true;
  AuctionReader a(r);
  if (const auto style = r.choice("auction.style")) rules.style = AuctionStyle(*style); else a.fail();
  // What depends on another section is checked only when that section is valid.
  if (deck && kinds) {
    if (!read_kinds_list(r, *deck, *kinds, rules)) a.fail();
  } else {
    a.fail();
  }
  a.choice("auction.order", rules.order);
  a.flag("auction.pass_is_final", rules.pass_is_final);
  a.flag("auction.double", rules.double_allowed);
  a.flag("auction.redouble", rules.redouble_allowed);
  a.choice("auction.double_timing", rules.double_timing);
  a.choice("auction.after_double", rules.after_double);
  a.flag("auction.doubled_bidder_may_bid", rules.doubled_bidder_may_bid);
  a.flag("auction.redouble_ends", rules.redouble_ends);
  if (r.find("auction.passes_to_end")) {
    if (const auto n = r.integer("auction.passes_to_end", 1, 3)) rules.passes_to_end = int(*n); else a.fail();
  }
  a.choice("auction.on_all_pass", rules.on_all_pass);
  a.choice("auction.next_dealer_after_redeal", rules.next_dealer_after_redeal);
  if (rules.style == AuctionStyle::turned_card) {
    if (!read_rounds(r, rules)) a.fail();
  }
  a.choice("auction.forced_choice", rules.forced_choice);
  a.flag("auction.schieben", rules.schieben);
  a.flag("auction.schieben_back", rules.schieben_back);
  FirstLead lead = FirstLead::first_speaker;
  a.choice("auction.first_lead", lead);
  rules.first_lead = lead;
  int first_speaker = 0;
  a.choice("auction.first_speaker", first_speaker);
  if (deck && !read_first_deal_speaker(r, *deck, rules)) a.fail();
  if (const SettingValue* take = r.find("auction.take_call")) {
    if (const auto word = r.string_value(*take)) {
      if (is_kind_name(*word)) rules.take_call = to_lower(*word);
      else {
        r.error(*take, fmt::format("'auction.take_call' is '{}'; it must be a word (letters, digits and '-')", printable(*word)));
        a.fail();
      }
    } else {
      a.fail();
    }
  }

  // The settings that go together.
  if (rules.style == AuctionStyle::bidding && rules.on_all_pass != AllPass::redeal) {
    r.error(*r.find("auction.on_all_pass"), "'auction.on_all_pass' must be \"redeal\" in a bidding auction: "
                                            "the others are for `style = \"turned-card\"`");
    a.fail();
  }
  if (rules.style == AuctionStyle::bidding && rules.order == BidOrder::value && bids) {
    rules.ladder = ladder_of(*bids);
    const SettingValue* at = r.find("auction.order") ? r.find("auction.order") : r.find("auction.style");
    if (rules.ladder.empty() && at) {
      r.error(*at, "'auction.order' is \"value\", but the ruleset has no bids: set [bids], or `order = \"kind\"`");
      a.fail();
    }
  }
  const bool doubles_fit = rules.style == AuctionStyle::bidding;
  if (rules.double_allowed && doubling && doubles_fit) {
    if (doubling->empty()) {
      r.error(*r.find("auction.double"), "'auction.double' is true, but [doubling] has no level: set 'doubling.levels'");
      a.fail();
    } else {
      rules.double_name = to_lower((*doubling)[0].name);
    }
  }
  if (rules.redouble_allowed && doubling && doubles_fit) {
    if (!rules.double_allowed) {
      r.error(*r.find("auction.redouble"), "'auction.redouble' is true, but 'auction.double' is not: only a double can be redoubled");
      a.fail();
    } else if (doubling->size() < 2) {
      r.error(*r.find("auction.redouble"), "'auction.redouble' is true, but [doubling] has fewer than two levels");
      a.fail();
    } else {
      rules.redouble_name = to_lower((*doubling)[1].name);
    }
  }
  if ((rules.double_allowed || rules.redouble_allowed) && !doubles_fit) {
    r.error(*r.find(rules.double_allowed ? "auction.double" : "auction.redouble"),
            "doubles are called only in a bidding auction (`style = \"bidding\"`)");
    a.fail();
  }
  if (deck && kinds && !check_call_words(r, *deck, *kinds, rules, bids, doubling)) a.fail();
  if (!deck || !kinds || (rules.style == AuctionStyle::bidding && rules.order == BidOrder::value && !bids) ||
      ((rules.double_allowed || rules.redouble_allowed) && !doubling))
    a.fail();
  return a.ok() ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
