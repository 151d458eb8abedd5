// `belote auction` as a user runs it: the legal calls so far, the contract
// once the auction ends, JSON for programs, the rule book's error for an
// illegal call (exit status 1), and each usage error.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_auction)

using namespace belote;
using namespace belote::test;
using nlohmann::json;

BOOST_AUTO_TEST_CASE(the_legal_calls_so_far_and_the_contract_at_the_end) {
  const RunResult open = run_belote({"auction", "--ruleset", "bulgare", "--dealer", "N", "C", "pass", "H", "kontra"});
  BOOST_TEST(open.status == 0);
  BOOST_TEST(open.out.ends_with("W to speak. Legal calls: pass; bid {S NT AT}; rekontra.\n"));
  const RunResult ended = run_belote({"auction", "--ruleset", "schieber", "--dealer", "N", "schieben", "choose obenabe"});
  BOOST_TEST(ended.status == 0);
  BOOST_TEST(ended.out.ends_with("Ended at call 2: taker E (EW), kind obenabe; first lead W; next dealer W.\n"));
  const RunResult turned = run_belote({"auction", "--ruleset", "classique", "--dealer", "E", "--turned", "D", "pass", "pass", "pass", "pass"});
  BOOST_TEST(turned.out.ends_with("N to speak. Legal calls: pass; choose {S H C}.\n"));
  // The card turned up, as a record writes it, proposes its suit.
  const RunResult card =
      run_belote({"auction", "--ruleset", "classique", "--dealer", "E", "--turned", "jd", "pass", "pass", "pass", "pass"});
  BOOST_TEST(card.status == 0, card.err);
  BOOST_TEST(card.out == turned.out);
}

BOOST_AUTO_TEST_CASE(the_rule_books_notation_with_its_accents) {
  // auction.md writes "générale AT"; "Générale", "GENERALE" and "generale" are the same bid,
  // and "contrée" the same double as "contree" where a ruleset names it so.
  for (const std::string bid : {"générale S", "Générale S", "GENERALE S", "generale S"}) {
    const RunResult r = run_belote({"auction", "--ruleset", "coinche", "--dealer", "W", bid, "pass", "pass", "pass"});
    BOOST_TEST(r.status == 0, bid << ": " << r.err);
    BOOST_TEST(r.out.find("bid generale") != std::string::npos, r.out);
  }
  const RunResult unknown = run_belote({"auction", "--ruleset", "coinche", "--dealer", "W", "génerala S"});
  BOOST_TEST(unknown.status != 0);
}

BOOST_AUTO_TEST_CASE(json_for_programs) {
  const RunResult open = run_belote({"auction", "--ruleset", "coinche", "--format", "json", "90 H", "coinche"});
  BOOST_TEST(open.status == 0);
  const json state = json::parse(open.out);
  BOOST_TEST(state["to_speak"] == "E");
  BOOST_TEST(state["legal"].size() == 2u);
  BOOST_TEST(state["legal"][1].dump() == R"({"call":"redouble","name":"surcoinche","seat":"E"})");
  const RunResult done = run_belote({"auction", "--ruleset", "coinche", "--format", "json", "90 H", "coinche", "surcoinche"});
  const json contract = json::parse(done.out)["contract"];
  BOOST_TEST(contract.dump() == R"({"bid":90,"doubling":2,"first_lead":"W","forced":false,"kind":"H","next_dealer":"W","taker":"W","team":"EW"})");
  const RunResult bad = run_belote({"auction", "--ruleset", "coinche", "--format", "json", "90 H", "90 S"});
  BOOST_TEST(bad.status == 1);
  const json error = json::parse(bad.out);
  BOOST_TEST(error["rule"] == "not-higher");
  BOOST_TEST(error["position"] == 2);
  BOOST_TEST(error["call"].dump() == R"({"bid":90,"call":"bid","kind":"S","seat":"S"})");
}

BOOST_AUTO_TEST_CASE(an_illegal_call_stops_with_the_rule_book_error) {
  const RunResult r = run_belote({"auction", "--ruleset", "coinche", "--dealer", "E", "90 H", "coinche", "100 H"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "belote: error: call 3 (S 100 H): bid-after-double: after a coinche nobody may bid. "
                      "Legal calls there: pass; surcoinche.\n");
  const RunResult out_of_turn = run_belote({"auction", "--ruleset", "coinche-a-la-volee", "--rulesets-dir",
                                            (tests_dir() / "data" / "auction").string(), "--dealer", "E", "100 S", "E:coinche", "pass"});
  BOOST_TEST(out_of_turn.status == 0);
  BOOST_TEST(out_of_turn.out.ends_with("W to speak. Legal calls: pass.\n"));
}

BOOST_AUTO_TEST_CASE(usage_errors) {
  const auto usage = [](const std::vector<std::string>& args, const std::string& message) {
    const RunResult r = run_belote(args);
    BOOST_TEST(r.status == 2, message);
    BOOST_TEST(r.err.find(message) != std::string::npos, r.err);
  };
  usage({"auction", "--ruleset", "coinche", "--dealer", "X"}, "--dealer is a seat (N, E, S or W), not 'X'");
  usage({"auction", "--ruleset", "coinche", "--first", "north"}, "--first is a seat (N, E, S or W), not 'north'");
  usage({"auction", "--ruleset", "classique", "pass"}, "ruleset 'classique' turns a card: give it or its suit with --turned");
  usage({"auction", "--ruleset", "classique", "--turned", "X"}, "--turned is a suit of the deck or, first, the card turned up, not 'X'");
  usage({"auction", "--ruleset", "klaverjas", "--turned", "X"}, "--turned is a suit of the deck, not 'X'");
  usage({"auction", "--ruleset", "classique", "--turned", "D", "--turned", "JH"},
        "--turned: JH is a card, but only the first of the list may be one (the card turned up); each further round turns a suit");
  usage({"auction", "--ruleset", "klaverjas", "--turned", "JD"},
        "--turned: JD is a card, but ruleset 'klaverjas' turns only a suit (dealing.turned = \"suit\"): give its suit, D");
  usage({"auction", "--ruleset", "coinche", "--turned", "H", "pass"},
        "ruleset 'coinche' turns no card: --turned goes with a turned-card auction");
  usage({"auction", "--ruleset", "coinche", "--format", "xml"}, "--format is 'text' or 'json', not 'xml'");
  usage({"auction", "--ruleset", "coinche", "Q:pass"}, "'Q:pass': SEAT:CALL starts with N, E, S or W");
  const RunResult none = run_belote({"auction", "--ruleset", (tests_dir() / "data" / "auction" / "no-auction.toml").string()});
  BOOST_TEST(none.status == 1);
  BOOST_TEST(none.err.find("states no auction") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_auction
