// Mènes given on the sheet as their auction (docs/sheet.md, "A mène as its
// auction"): the contract the calls make, redeals kept on the sheet with the
// points held over waiting through them, and the dealer passed on from mène
// to mène. Every expected number is worked out in the comment beside it.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "printing.h"
#include "sheet_support.h"

BOOST_AUTO_TEST_SUITE(test_sheet_auction)

using namespace belote;
using namespace belote::test;

namespace {

std::string auction_mene(std::string_view auction, std::string_view rest = "") {
  return fmt::format("[[mene]]\nauction = {}\n{}{}", auction, rest, rest.empty() ? "" : "\n");
}

// The messages of a sheet that must not read.
std::string sheet_errors(const std::string& toml) {
  const LoadedSheet loaded = read_sheet_text(toml);
  BOOST_TEST_REQUIRE(!loaded.ok());
  std::string text;
  for (const Diagnostic& d : loaded.errors) text += location_and_message(d) + "\n";
  return text;
}

std::vector<std::string> outcome_texts(const SheetGame& game) {
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < game.score.menes.size(); ++i)
    if (!game.score.menes[i].redeal) {
      auto json = outcome_json(*game.loaded.ruleset, game.loaded.sheet.menes[i].deal, game.score.menes[i].outcome);
      json.erase("id");  // the mène's place on the sheet
      texts.push_back(json.dump());
    }
  return texts;
}

// classique, with the turned card: N takes hearts (dealt by E), a redeal after
// two rounds of passes (dealt by N), then E takes spades at the second call
// (dealt by W). The same game as the contract keys give it below.
const std::string kClassiqueByAuction =
    sheet_header("classique") +
    auction_mene(R"({ dealer = "E", turned = "H", calls = ["take"] })", "points = { NS = 71, EW = 91 }\nbelote = \"N\"") +
    auction_mene(R"({ dealer = "N", turned = "S", calls = ["pass", "pass", "pass", "pass", "pass", "pass", "pass", "pass"] })") +
    auction_mene(R"({ dealer = "W", turned = "S", calls = ["pass", "take"] })", "points = { NS = 100, EW = 62 }");

}  // namespace

BOOST_AUTO_TEST_CASE(an_auction_makes_the_contract_the_keys_would_give) {
  const SheetGame by_auction = play_sheet(kClassiqueByAuction);
  const SheetGame by_keys = play_sheet(sheet_header("classique") + sheet_mene("N", "H", 71, 91, "belote = \"N\"") +
                                       sheet_mene("E", "S", 100, 62));
  BOOST_TEST(outcome_texts(by_auction) == outcome_texts(by_keys), boost::test_tools::per_element());
  BOOST_TEST((by_auction.score.totals == by_keys.score.totals));
  // The dealers as given, and the seat after each dealer deals next.
  const auto& menes = by_auction.loaded.sheet.menes;
  BOOST_TEST((menes[0].dealer == Seat::E && menes[0].next_dealer == Seat::N));
  BOOST_TEST((menes[2].dealer == Seat::W && menes[2].next_dealer == Seat::S));
  BOOST_TEST((by_auction.loaded.sheet.next_dealer() == Seat::S));
}

BOOST_AUTO_TEST_CASE(a_redeal_writes_nothing_and_the_litige_waits_through_it) {
  const SheetGame g = play_sheet(kClassiqueByAuction);
  BOOST_TEST_REQUIRE(g.score.menes.size() == 3u);
  // Mène 1: 71 + belote 20 = 91 against 91: litige. EW write 91; NS's 91 wait.
  BOOST_TEST(g.score.menes[0].outcome.contract == ContractResult::litige);
  BOOST_TEST(g.score.menes[0].waiting == 91);
  // Mène 2: everybody passed: nothing written, the totals stand, the 91 still wait.
  BOOST_TEST(g.score.menes[1].redeal);
  BOOST_TEST(g.loaded.sheet.menes[1].redeal);
  BOOST_TEST((g.score.menes[1].written == teams(0, 0)));
  BOOST_TEST((g.score.menes[1].totals == teams(0, 91)));
  BOOST_TEST(g.score.menes[1].waiting == 91);
  // Mène 3: E fails (62 < 100): NS take 162 and the 91 held over from mène 1.
  BOOST_TEST((g.score.menes[2].received == std::vector<HeldOver>{{1, 91}}));
  BOOST_TEST((g.score.menes[2].written == teams(253, 0)));
  BOOST_TEST((g.score.totals == teams(253, 91)));
  BOOST_TEST(g.score.played == 2);
}

BOOST_AUTO_TEST_CASE(a_redeal_is_shown_as_such_with_the_next_dealer) {
  const SheetGame g = play_sheet(kClassiqueByAuction);
  const std::string text = sheet_text(*g.loaded.ruleset, g.loaded.sheet, g.score, SuitStyle::letter);
  BOOST_TEST(text.find("redeal") != std::string::npos);
  BOOST_TEST(text.find("everybody passed; W deals; 91 waiting") != std::string::npos, text);
  BOOST_TEST(text.find("S deals the next mène.") != std::string::npos, text);
  const auto json = sheet_json(*g.loaded.ruleset, g.loaded.sheet, g.score);
  BOOST_TEST(json["menes"][1]["redeal"] == true);
  BOOST_TEST(json["menes"][1]["dealer"] == "N");
  BOOST_TEST(json["menes"][1]["next_dealer"] == "W");
  BOOST_TEST(!json["menes"][1].contains("taker"));
  BOOST_TEST(json["played"] == 2);
  BOOST_TEST(json["next_dealer"] == "S");
}

BOOST_AUTO_TEST_CASE(a_game_of_a_number_of_menes_counts_the_menes_played) {
  // coinche to 100,000 or 2 mènes: the redeal between them is not one of the two.
  const std::string ruleset = sheet_variant("coinche-two-menes", "[game]\ntarget = 100000\ndeals = 2\n", "coinche");
  const std::string sheet =
      sheet_header(ruleset) + auction_mene(R"({ dealer = "W", calls = ["80 H", "pass", "pass", "pass"] })", "points = { NS = 100, EW = 62 }") +
      auction_mene(R"({ dealer = "S", calls = ["pass", "pass", "pass", "pass"] })");
  const SheetGame before_last = play_sheet(sheet);
  BOOST_TEST(!before_last.score.over());
  const SheetGame ended =
      play_sheet(sheet + auction_mene(R"({ dealer = "E", calls = ["80 S", "pass", "pass", "pass"] })", "points = { NS = 100, EW = 62 }"));
  BOOST_TEST(ended.score.decision == GameDecision::deals_played);
  BOOST_TEST(ended.score.decided_at == 3);
  // Nobody deals next once the game is over.
  BOOST_TEST(sheet_json(*ended.loaded.ruleset, ended.loaded.sheet, ended.score)["next_dealer"].is_null());
  BOOST_TEST(sheet_json(*before_last.loaded.ruleset, before_last.loaded.sheet, before_last.score)["next_dealer"] == "E");
}

BOOST_AUTO_TEST_CASE(an_auction_dealt_by_the_wrong_seat_is_refused) {
  // After W deals, S deals; after a redeal dealt by S, E.
  BOOST_TEST(sheet_errors(sheet_header("coinche") +
                          auction_mene(R"({ dealer = "W", calls = ["80 H", "pass", "pass", "pass"] })", "points = { NS = 100, EW = 62 }") +
                          auction_mene(R"({ dealer = "N", calls = ["80 H", "pass", "pass", "pass"] })", "points = { NS = 100, EW = 62 }")) ==
             "sheet.toml:6:22: mène 2: 'auction.dealer' is N, but after mène 1 the deal passes to S\n");
  BOOST_TEST(sheet_errors(sheet_header("coinche") + auction_mene(R"({ dealer = "S", calls = ["pass", "pass", "pass", "pass"] })") +
                          auction_mene(R"({ dealer = "S", calls = ["80 H", "pass", "pass", "pass"] })", "points = { NS = 100, EW = 62 }")) ==
             "sheet.toml:5:22: mène 2: 'auction.dealer' is S, but after mène 1 the deal passes to E (everybody passed there)\n");
}

BOOST_AUTO_TEST_CASE(a_redeal_gives_its_auction_alone) {
  BOOST_TEST(sheet_errors(sheet_header("coinche") + auction_mene(R"({ dealer = "S", calls = ["pass", "pass", "pass", "pass"] })",
                                                                 "points = { NS = 100, EW = 62 }")) ==
             "sheet.toml:4:1: mène 1: 'points': everybody passed, so the cards were dealt again by E and nothing was "
             "played; a redeal gives its auction alone\n");
}

BOOST_AUTO_TEST_CASE(an_auction_and_its_keys_must_agree) {
  BOOST_TEST(sheet_errors(sheet_header("coinche") + auction_mene(R"({ dealer = "W", calls = ["80 H", "pass", "pass", "pass"] })",
                                                                 "taker = \"E\"\npoints = { NS = 100, EW = 62 }")) ==
             "sheet.toml:4:9: mène 1: 'taker' disagrees with the auction, which makes it S\n");
}

BOOST_AUTO_TEST_CASE(an_illegal_call_is_reported_at_its_place) {
  const std::string errors = sheet_errors(sheet_header("coinche") +
                                          auction_mene(R"({ dealer = "W", calls = ["90 H", "80 S", "pass", "pass", "pass"] })",
                                                       "points = { NS = 100, EW = 62 }"));
  BOOST_TEST(errors.find("sheet.toml:3:44: mène 1: 'auction.calls': call 2 (E 80 S)") == 0u, errors);
}

BOOST_AUTO_TEST_CASE(an_added_auction_is_dealt_by_the_seat_the_last_one_passed_the_deal_to) {
  const LoadedSheet sheet = read_sheet_text(sheet_header("coinche") +
                                            auction_mene(R"({ dealer = "W", calls = ["80 H", "pass", "pass", "pass"] })",
                                                         "points = { NS = 100, EW = 62 }"));
  MeneEntry redeal;
  redeal.calls = {"pass", "pass", "pass", "pass"};
  const SheetEdit edit = add_mene(sheet, redeal, shipped_loader());
  for (const auto& e : edit.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(edit.ok());
  BOOST_TEST(edit.text.find("auction = { calls = [ \"pass\", \"pass\", \"pass\", \"pass\" ], dealer = \"S\" }") != std::string::npos,
             edit.text);
  BOOST_TEST((edit.after.sheet.next_dealer() == Seat::E));
  // The first auction of a sheet, or one after a mène given by its contract keys, has no dealer to follow.
  const SheetEdit first = add_mene(read_sheet_text(sheet_header("coinche")), redeal, shipped_loader());
  BOOST_TEST_REQUIRE(first.errors.size() == 1u);
  BOOST_TEST(first.errors[0].message == "mène 1 not added: its auction needs its dealer (auction.dealer): it is the sheet's first mène");
  const SheetEdit after_keys = add_mene(
      read_sheet_text(sheet_header("coinche") + sheet_mene("N", "H", 100, 62, "bid = 80")), redeal, shipped_loader());
  BOOST_TEST_REQUIRE(after_keys.errors.size() == 1u);
  BOOST_TEST(after_keys.errors[0].message ==
             "mène 2 not added: its auction needs its dealer (auction.dealer): the mène before it gives no auction to pass the deal on");
}

BOOST_AUTO_TEST_CASE(a_first_speaker_given_with_the_auction_is_the_auctions) {
  // Schieber's first deal: the holder of the seven of hearts (here S) speaks first, whoever dealt.
  MeneEntry first_deal;
  first_deal.calls = {"choose H"};
  first_deal.dealer = "N";
  first_deal.first = "S";
  first_deal.points = {{"NS", 100}, {"EW", 57}};
  const SheetEdit edit = add_mene(read_sheet_text(sheet_header("schieber")), first_deal, shipped_loader());
  for (const auto& e : edit.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(edit.ok());
  BOOST_TEST(edit.text.find(R"(auction = { calls = [ "choose H" ], dealer = "N", first = "S" })") != std::string::npos, edit.text);
  BOOST_TEST(edit.text.find("\nfirst =") == std::string::npos, edit.text);
  BOOST_TEST((edit.after.sheet.menes[0].deal.taker == Seat::S));
}

BOOST_AUTO_TEST_SUITE_END()
