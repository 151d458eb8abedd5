// The fast JSON Lines reader against the precise one: on valid deals of
// every form and on broken copies of them, under every shipped ruleset, the
// fast path accepts only lines the precise reader accepts, as the same Deal,
// and JsonLineReader gives exactly the precise reader's deals and messages;
// with each of its parsers, simdjson's and the JSON library's SAX parser
// (the WebAssembly build's).
#include <boost/test/unit_test.hpp>

#include "deal_lines.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_json_line_reader)

using namespace belote;
using namespace belote::test;

namespace {

std::string shown(const Diagnostics& errors) {
  std::string text;
  for (const Diagnostic& d : errors) text += location_and_message(d) + "\n" + caret_lines(d) + "\n";
  return text;
}

struct Tally {
  std::uint64_t lines = 0, fast = 0, valid = 0;
  // Valid deals with each of the contract's terms, to show that the lines reach them.
  std::uint64_t kind_named = 0, kind_by_trump = 0, numeric_bid = 0, named_bid = 0, doubled = 0, held_over = 0,
                seat_tricks = 0, belote_list = 0, declared = 0, team_points = 0, played = 0;
  Deal reused;  // read into line after line, as the batch commands do

  void count(const Ruleset& rules, const Deal& deal) {
    kind_named += deal.kind_given;
    kind_by_trump += rules.kinds_named && !deal.kind_given;
    numeric_bid += rules.bids.any() && deal.named_bid < 0;
    named_bid += deal.named_bid >= 0;
    doubled += deal.doubling > 0;
    held_over += deal.held_over > 0;
    seat_tricks += deal.result.seat_tricks_given;
    int belotes = 0;
    for (Seat seat : kSeats) belotes += deal.belotes[seat];
    belote_list += belotes > 1;
    declared += deal.form == DealForm::declared;
    team_points += deal.form == DealForm::team_points;
    played += deal.played_count > 0;
  }
};

// A reader of each parser, for one ruleset.
struct Readers {
  explicit Readers(const Ruleset& rules) : fastest(rules), sax(rules, JsonLineParser::sax) {}
  JsonLineReader fastest, sax;
  Deal reused_by_sax;  // read into line after line, as tally.reused
};

// Reads `line` with one parser's reader, `which`, after the precise reader's
// `precise_deal` or `precise_errors`; fails the test at the first difference.
// True when its fast path read the line.
bool compare_one(JsonLineReader& reader, const char* which, const std::string& line, bool precise, const Deal& precise_deal,
                 const Diagnostics& precise_errors, Deal& reused) {
  Deal fast_deal, deal;
  Diagnostics errors;
  const bool fast = reader.read_fast(line, 0, fast_deal);
  if (fast) {
    BOOST_REQUIRE_MESSAGE(precise, which << ": the fast path accepts a line the precise reader refuses:\n" << line << "\n" << shown(precise_errors));
    BOOST_REQUIRE_MESSAGE(fast_deal == precise_deal, which << ": the fast path reads another deal from:\n" << line);
  }
  // Over the last line's deal, of any form, the same deal is read.
  if (reader.read_fast(line, 0, reused))
    BOOST_REQUIRE_MESSAGE(fast && reused == precise_deal, which << ": a deal read over another differs:\n" << line);
  const bool read = reader.read(line, "deals.jsonl", 12, deal, errors);
  BOOST_REQUIRE_MESSAGE(read == precise && shown(errors) == shown(precise_errors),
                        which << ": JsonLineReader differs from the precise reader on:\n" << line << "\n" << shown(errors));
  if (read) BOOST_REQUIRE(deal == precise_deal);
  return fast;
}

// Reads `line` every way under `rules`; fails the test at the first difference.
// Both parsers take the fast path on the same lines.
void compare(const Ruleset& rules, Readers& readers, const std::string& line, Tally& tally) {
  Deal precise_deal;
  Diagnostics precise_errors;
  const bool precise = DealReader(rules).read_json_line(line, "deals.jsonl", 12, precise_deal, precise_errors);
  ++tally.lines;
  tally.valid += precise;
  if (precise) tally.count(rules, precise_deal);
  const bool fast = compare_one(readers.fastest, "fastest", line, precise, precise_deal, precise_errors, tally.reused);
  const bool sax = compare_one(readers.sax, "sax", line, precise, precise_deal, precise_errors, readers.reused_by_sax);
  tally.fast += fast;
  BOOST_REQUIRE_MESSAGE(sax == fast, "the SAX parser " << (sax ? "reads" : "declines") << " a line simdjson "
                                                       << (fast ? "reads" : "declines") << ":\n" << line);
}

}  // namespace

BOOST_AUTO_TEST_CASE(valid_deals_of_every_form_read_fast_to_the_precise_deal) {
  const std::uint64_t count = scaled(1500);
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    Readers readers(*rules);
    Tally tally;
    for (std::uint64_t i = 0; i < count; ++i) compare(*rules, readers, deal_line_in_any_form(*rules, 11, i), tally);
    BOOST_TEST_MESSAGE(name << ": " << tally.fast << " of " << tally.lines << " read fast");
    // Every valid line of these forms takes the fast path: none is left to the slow one.
    BOOST_TEST(tally.valid == tally.lines);
    BOOST_TEST(tally.fast == tally.lines);
    BOOST_TEST(readers.fastest.precise_reads() == 0u);
    BOOST_TEST(readers.sax.precise_reads() == 0u);
    // Every form, and every contract term the ruleset has, is among the lines.
    BOOST_TEST(tally.declared > 0u);
    BOOST_TEST(tally.team_points > 0u);
    BOOST_TEST(tally.played > 0u);
    BOOST_TEST(tally.held_over > 0u);
    if (rules->kinds_named) {
      BOOST_TEST(tally.kind_named > 0u);
      BOOST_TEST(tally.kind_by_trump > 0u);
    }
    if (!rules->bids.numbers.empty()) BOOST_TEST(tally.numeric_bid > 0u);
    if (!rules->bids.named.empty()) BOOST_TEST(tally.named_bid > 0u);
    if (rules->bids.any()) BOOST_TEST(tally.seat_tricks > 0u);
    if (!rules->doubling.empty()) BOOST_TEST(tally.doubled > 0u);
    const bool belote_in_every_suit = std::any_of(rules->kinds.begin(), rules->kinds.end(), [](const ContractKind& k) {
      return k.belote == BeloteSuits::every_suit;
    });
    if (belote_in_every_suit) BOOST_TEST(tally.belote_list > 0u);
  }
}

// Deals that give their auction: those the precise reader completes from the
// auction are read fast to the same deal; the rest (a redeal, an unfinished
// auction, a contract key beside the auction, a broken line) as it reads them.
BOOST_AUTO_TEST_CASE(deals_that_give_their_auction_read_fast_to_the_precise_deal) {
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    if (!rules->auction.given) continue;
    Readers readers(*rules);
    Tally valid, broken;
    for (std::uint64_t i = 0; i < scaled(1000); ++i) {
      const std::string line = deal_line_with_auction(*rules, 15, i);
      compare(*rules, readers, line, valid);
      compare(*rules, readers, mutated_line(line, 16, i), broken);
    }
    BOOST_TEST_MESSAGE(name << ": " << valid.fast << " of " << valid.valid << " valid auctions read fast");
    // Most auctions make a contract, and each that does is read fast, but
    // where the line gives a contract key too (one in ten), left to the precise reader.
    BOOST_TEST(valid.valid > valid.lines / 2, name);
    BOOST_TEST(valid.fast <= valid.valid, name);
    BOOST_TEST(valid.fast >= valid.valid * 8 / 10, name);
    BOOST_TEST(broken.valid < broken.lines / 2, name);
  }
}

// The readers reset a deal rather than make a new one: every field comes back to Deal{}.
BOOST_AUTO_TEST_CASE(a_reset_deal_is_a_new_deal) {
  const auto rules = ruleset("coinche");
  Deal deal;
  deal.id = "a long identifier, beyond any small-string buffer";
  deal.kind = 2;
  deal.kind_given = true;
  deal.trump = 3;
  deal.bid = 120;
  deal.named_bid = 1;
  deal.doubling = 2;
  deal.held_over = 80;
  deal.taker = Seat::W;
  deal.first = Seat::E;
  deal.first_given = true;
  deal.form = DealForm::declared;
  deal.hands[Seat::S] = rules->deck.all_cards();
  deal.declared[Seat::E].add(Announcement{false, 1, 5, 3, 20, 7, 0});
  deal.team_announcements[Team::EW] = 50;
  deal.belotes[Seat::N] = 1;
  deal.belote_team = Team::NS;
  deal.result = DealResult{{{90, 72}}, {{5, 3}}, {{2, 1, 3, 2}}, true, {{20, 0}}, Seat::E, 5};
  deal.played[3] = 7;
  deal.played_count = 4;
  deal.belote_words = card_bit(7);
  BOOST_TEST(!(deal == Deal{}));
  deal.reset();
  BOOST_TEST((deal == Deal{}));
#if defined(__x86_64__) && defined(__GLIBCXX__)
  // A field added to Deal is reset in Deal::reset and set above.
  BOOST_TEST(sizeof(Deal) == 1048u);
#endif
}

BOOST_AUTO_TEST_CASE(broken_lines_read_as_the_precise_reader_reads_them) {
  const std::uint64_t count = scaled(3000);
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    Readers readers(*rules);
    Tally tally;
    for (std::uint64_t i = 0; i < count; ++i)
      compare(*rules, readers, mutated_line(deal_line_in_any_form(*rules, 12, i), 13, i), tally);
    BOOST_TEST_MESSAGE(name << ": " << tally.valid << " of " << tally.lines << " still valid, " << tally.fast << " read fast");
    // The mutations reach both sides: many lines stay valid, most do not.
    BOOST_TEST(tally.valid > tally.lines / 50);
    BOOST_TEST(tally.valid < tally.lines / 2);
  }
}

BOOST_AUTO_TEST_CASE(what_the_fast_path_leaves_to_the_precise_reader) {
  const auto rules = ruleset("classique");
  Readers readers(*rules);
  const std::string valid = random_deal_lines(5, 1);
  const std::string line = valid.substr(0, valid.size() - 1);
  Deal deal;
  BOOST_TEST(readers.fastest.read_fast(line, 0, deal));
  BOOST_TEST(readers.sax.read_fast(line, 0, deal));
  // A repeated key, an escape, a key it does not know, an id in UTF-8: all read by the precise reader.
  for (const std::string& other : {"{\"trump\":\"S\"," + line.substr(1), "{\"id\":\"\\u0041\"," + line.substr(line.find("\"trump")),
                                   "{\"kind\":\"x\"," + line.substr(1), "{\"id\":\"é\"," + line.substr(line.find("\"trump"))}) {
    Tally tally;
    compare(*rules, readers, other, tally);
    BOOST_TEST(tally.fast == 0u, other);
  }
}

// Rulesets of one deck and no contract terms share the deal they read alike
// (classique and its variants); the others each read their own.
BOOST_AUTO_TEST_CASE(several_rulesets_read_one_line_each_their_way) {
  const std::vector<std::vector<std::string>> sets{{"classique", "traditionnelle"},
                                                   {"classique", "coinche", "classique-carres-bas"},
                                                   {"coinche", "contree"},
                                                   {"bulgare", "bulgare-deux-concours"},
                                                   {"schieber", "schieber-multiplicateurs", "classique"}};
  for (const auto& names : sets) {
    std::vector<std::shared_ptr<const Ruleset>> rules;
    std::vector<const Ruleset*> pointers;
    for (const std::string& name : names) {
      rules.push_back(ruleset(name));
      pointers.push_back(rules.back().get());
    }
    JsonLineReader fastest(pointers);
    JsonLineReader sax(pointers, JsonLineParser::sax);
    for (std::uint64_t i = 0; i < scaled(2000); ++i) {
      const Ruleset& drawn = *rules[i % rules.size()];
      std::string line = deal_line_in_any_form(drawn, 14, i);
      if (i % 3 == 0) line = mutated_line(line, 14, i);
      std::vector<Deal> expected(rules.size());
      std::vector<Diagnostics> expected_errors(rules.size());
      std::vector<char> ok(rules.size());
      for (std::size_t r = 0; r < rules.size(); ++r)
        ok[r] = DealReader(*rules[r]).read_json_line(line, "d.jsonl", 1, expected[r], expected_errors[r]);
      const bool all_ok = std::all_of(ok.begin(), ok.end(), [](char k) { return k != 0; });
      for (JsonLineReader* all : {&fastest, &sax}) {
        std::vector<Deal> deals(rules.size());
        std::vector<Diagnostics> errors(rules.size());
        const bool read = all->read(line, "d.jsonl", 1, deals, errors);
        for (std::size_t r = 0; r < rules.size(); ++r) {
          BOOST_REQUIRE_MESSAGE(shown(errors[r]) == shown(expected_errors[r]), names[r] << " on " << line);
          if (ok[r]) BOOST_REQUIRE_MESSAGE(deals[r] == expected[r], names[r] << " on " << line);
        }
        BOOST_REQUIRE(read == all_ok);
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_json_line_reader
