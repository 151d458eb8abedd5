// A deal built in code from card tokens, scored, and its outcome read field
// by field.
#include <belote/belote.h>
#include <cstdio>

int main() {
  const belote::LoadedRuleset loaded = belote::RulesetLoader(belote::RulesetSearchPath::standard({})).load("classique");
  if (!loaded.ok()) return 1;
  const belote::Ruleset& rules = *loaded.ruleset;

  // The worked example of seed 000: N takes at hearts, E speaks first.
  belote::HandsDealText text;
  text.id = "built-in-code";
  text.trump = "H";
  text.taker = "N";
  text.first = "E";
  text.hands[belote::Seat::N] = "9S 8S 7S AH JH KD 9C 7C";
  text.hands[belote::Seat::E] = "AS 8H 10D 9D 8D 7D QC JC";
  text.hands[belote::Seat::S] = "JS 10S QH 9H AD QD AC 8C";
  text.hands[belote::Seat::W] = "KS QS KH 10H 7H JD KC 10C";
  text.result.points = {{88, 74}};  // NS, EW: card points with the last trick
  text.result.tricks = {{5, 3}};

  belote::Deal deal;
  belote::Diagnostics errors;
  // Checked as a deal file is: a missing or repeated card is an error naming the hand.
  if (!belote::DealReader(rules).read_hands(text, deal, errors)) {
    for (const belote::Diagnostic& error : errors) std::fprintf(stderr, "%s\n", belote::location_and_message(error).c_str());
    return 1;
  }

  const belote::Outcome outcome = belote::evaluate(rules, deal);
  for (belote::Seat seat : belote::kSeats) {
    for (const belote::Announcement& a : belote::strongest_first(outcome.announcements[seat]))
      std::printf("%s declares %s (%d)\n", std::string(belote::name(seat)).c_str(),
                  belote::announcement_label(rules, a, belote::SuitStyle::letter).c_str(), a.points);
  }
  std::printf("announcements won by %s\n", outcome.winner ? std::string(belote::name(*outcome.winner)).c_str() : "nobody");
  std::printf("contract %s\n", std::string(belote::contract_name(outcome.contract)).c_str());
  std::printf("score NS %d, EW %d\n", outcome.score[belote::Team::NS], outcome.score[belote::Team::EW]);

  // A mistake is reported with the key it is in.
  text.hands[belote::Seat::W] = "KS QS KH 10H 7H JD KC ZZ";
  belote::DealReader(rules).read_hands(text, deal, errors);
  for (const belote::Diagnostic& error : errors) std::printf("error: %s\n", belote::location_and_message(error).c_str());
  return 0;
}
