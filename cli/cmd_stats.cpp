// belote stats: exact figures over every hand of a ruleset's deck, or
// deal-level figures over random deals.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"

namespace belote::cli {

namespace {

using Json = nlohmann::ordered_json;

Json counted(std::uint64_t part, std::uint64_t whole, const char* unit) {
  return Json{{unit, part}, {"probability", share(part, whole)}};
}

// "Q and K", "7": rank names in the deck's order.
std::string rank_names(const Deck& deck, RankMask ranks) {
  std::string names;
  for (; ranks; ranks &= ranks - 1) {
    if (!names.empty()) names += (ranks & (ranks - 1)) ? ", " : " and ";
    names += deck.rank_name(Rank(std::countr_zero(ranks)));
  }
  return names;
}

// A line of a text table: a label, an exact count and its share.
std::string count_line(std::string_view label, std::uint64_t part, std::uint64_t whole) {
  return fmt::format("  {:<34} {:>12}  {:>9.4f}%\n", label, part, 100.0 * share(part, whole));
}

Json hand_stats_json(const Ruleset& rules, int kind, const HandStats& stats) {
  const Deck& deck = rules.deck;
  Json kinds = Json::array();
  for (const KindCount& k : stats.kinds)
    kinds.push_back(Json{{"kind", rules.kind_name(k.kind)}, {"hands", k.hands}, {"probability", share(k.hands, stats.hands)}});
  Json points = Json::array();
  for (std::size_t p = 0; p < stats.hands_by_points.size(); ++p) {
    if (stats.hands_by_points[p] == 0) continue;
    points.push_back(Json{{"points", p}, {"hands", stats.hands_by_points[p]},
                          {"probability", share(stats.hands_by_points[p], stats.hands)}});
  }
  Json out{{"ruleset", rules.info.name},
           {"mode", "exhaustive"},
           {"kind", rules.kinds[std::size_t(kind)].name},
           {"cards", deck.card_count()},
           {"hand_size", deck.hand_size},
           {"hands", stats.hands},
           {"announcements", kinds},
           {"any_announcement", counted(stats.hands_with_announcements(), stats.hands, "hands")},
           {"points", points},
           {"mean_points", stats.mean_points()}};
  Json belote = counted(stats.belote_hands, stats.hands, "hands");
  // The suit counted where only the trump suit's pair is a belote; else the
  // count is of any suit's pair (every suit trumps) or 0 (no trumps).
  const BeloteSuits belote_suits = rules.kinds[std::size_t(kind)].belote;
  belote["suits"] = belote_suits == BeloteSuits::trump_suit ? "trump" : belote_suits == BeloteSuits::every_suit ? "every" : "none";
  belote["trump"] = belote_suits == BeloteSuits::trump_suit ? Json(deck.suit_name(stats.trump)) : Json(nullptr);
  out["belote"] = belote;
  if (rules.tables.voiding_carres) {
    Json voiding = counted(stats.voiding_hands, stats.hands, "hands");
    voiding["ranks"] = Json::array();
    for (RankMask r = rules.tables.voiding_carres; r; r &= r - 1)
      voiding["ranks"].push_back(deck.rank_name(Rank(std::countr_zero(r))));
    out["voiding_carre"] = voiding;
  }
  return out;
}

std::string hand_stats_text(const Ruleset& rules, int kind, const HandStats& stats) {
  const Deck& deck = rules.deck;
  std::string text = fmt::format("{}: every hand of {} cards from the {}-card deck, {} hands{}\n\n", rules.info.name,
                                 deck.hand_size, deck.card_count(), stats.hands,
                                 rules.kinds_named ? fmt::format(", kind {}", rules.kinds[std::size_t(kind)].name) : "");
  text += "Hands that declare at least one announcement of each kind:\n";
  for (const KindCount& k : stats.kinds) text += count_line(rules.kind_name(k.kind), k.hands, stats.hands);
  text += count_line("any announcement", stats.hands_with_announcements(), stats.hands);
  text += "\nA hand's announcement points (the belote aside):\n";
  for (std::size_t p = 0; p < stats.hands_by_points.size(); ++p)
    if (stats.hands_by_points[p]) text += count_line(fmt::format("{} points", p), stats.hands_by_points[p], stats.hands);
  text += fmt::format("  mean: {:.4f} points per hand\n\n", stats.mean_points());
  switch (rules.kinds[std::size_t(kind)].belote) {
    case BeloteSuits::trump_suit:
      text += fmt::format("Belote ({} of trumps), with {} as trumps (the deck's first suit; every suit gives the same):\n",
                          rank_names(deck, rules.belote.ranks), deck.suit_name(stats.trump));
      text += count_line("hands holding it", stats.belote_hands, stats.hands);
      break;
    case BeloteSuits::every_suit:
      text += fmt::format("Belote ({} of any suit, every suit being trumps):\n", rank_names(deck, rules.belote.ranks));
      text += count_line("hands holding at least one", stats.belote_hands, stats.hands);
      break;
    case BeloteSuits::nowhere:
      text += fmt::format("No belote in kind {}.\n", rules.kinds[std::size_t(kind)].name);
      break;
  }
  if (rules.tables.voiding_carres) {
    text += fmt::format("\nCarré that voids the deal ({}):\n", rank_names(deck, rules.tables.voiding_carres));
    text += count_line("hands holding one (they declare nothing)", stats.voiding_hands, stats.hands);
  }
  return text;
}

Json deal_stats_json(const Ruleset& rules, std::uint64_t seed, const DealStats& s) {
  const std::uint64_t n = s.deals;
  return Json{{"ruleset", rules.info.name},
              {"mode", "random"},
              {"seed", seed},
              {"deals", n},
              {"void", counted(s.void_deals, n, "deals")},
              {"announcements_scored",
               {{"NS", counted(s.announcements_scored[Team::NS], n, "deals")},
                {"EW", counted(s.announcements_scored[Team::EW], n, "deals")},
                {"nobody", counted(s.no_announcements_scored, n, "deals")}}},
              {"exact_ties", counted(s.exact_ties, n, "deals")},
              {"lost_to_trick_rule", counted(s.lost_to_trick_rule, n, "deals")},
              {"contract",
               {{"made", counted(s.made, n, "deals")},
                {"failed", counted(s.failed, n, "deals")},
                {"litige", counted(s.litige, n, "deals")},
                {"none", counted(s.no_contract, n, "deals")}}}};
}

std::string deal_stats_text(const Ruleset& rules, std::uint64_t seed, const DealStats& s) {
  const std::uint64_t n = s.deals;
  std::string text = fmt::format("{}: {} (seed {}), shares of all deals\n\n", rules.info.name, number_of(n, "random deal"), seed);
  text += count_line("void (a carré annuls the deal)", s.void_deals, n);
  text += "\nAnnouncements:\n";
  text += count_line("NS scores announcements", s.announcements_scored[Team::NS], n);
  text += count_line("EW scores announcements", s.announcements_scored[Team::EW], n);
  text += count_line("nobody scores announcements", s.no_announcements_scored, n);
  text += count_line("exact tie, given to nobody", s.exact_ties, n);
  text += count_line("winner took too few tricks", s.lost_to_trick_rule, n);
  if (rules.contract.test == ContractTest::none) {
    text += "\nContract: none (contract.test = \"none\"): each team writes what it took\n";
    return text;
  }
  text += "\nContract (under each deal's random tricks):\n";
  text += count_line("made", s.made, n);
  text += count_line("failed", s.failed, n);
  text += count_line("litige", s.litige, n);
  return text;
}

Json tally_json(const PointsTally& t) {
  Json bins = Json::array();
  for (std::size_t b = 0; b < t.by_tens.size(); ++b)
    if (t.by_tens[b]) bins.push_back(Json{{"from", b * 10}, {"deals", t.by_tens[b]}, {"probability", share(t.by_tens[b], t.deals)}});
  return Json{{"deals", t.deals}, {"mean_points", t.mean()}, {"points", bins}};
}

Json solved_stats_json(const Ruleset& rules, std::uint64_t seed, const SolvedStats& s) {
  Json kinds = Json::array();
  for (std::size_t k = 0; k < s.by_kind.size(); ++k) {
    Json j = tally_json(s.by_kind[k]);
    j["kind"] = rules.kinds[k].name;
    kinds.push_back(j);
  }
  Json trumps = Json::array();
  for (std::size_t t = 0; t < s.by_trumps.size(); ++t) {
    if (s.by_trumps[t].deals == 0) continue;
    Json j = tally_json(s.by_trumps[t]);
    j["trumps"] = t;
    trumps.push_back(j);
  }
  Json bids = Json::array();
  for (std::size_t b = 0; b < s.reaching_bid.size(); ++b)
    bids.push_back(Json{{"bid", rules.bids.numbers[b]}, {"deals", s.reaching_bid[b]},
                        {"probability", share(s.reaching_bid[b], s.deals - s.unsolved)}});  // of the deals solved
  return Json{{"ruleset", rules.info.name}, {"mode", "solved"}, {"seed", seed}, {"deals", s.deals},
              {"unsolved", s.unsolved}, {"kinds", kinds}, {"trumps_held", trumps}, {"bids_reached", bids}};
}

std::string tally_text(const PointsTally& t) {
  std::string text;
  for (std::size_t b = 0; b < t.by_tens.size(); ++b)
    if (t.by_tens[b]) text += count_line(fmt::format("{} to {} points", b * 10, b * 10 + 9), t.by_tens[b], t.deals);
  return text;
}

std::string solved_stats_text(const Ruleset& rules, std::uint64_t seed, const SolvedStats& s) {
  std::string text = fmt::format("{}: {} (seed {}) solved with best play: the takers' card points "
                                 "(announcements and the belote aside)\n",
                                 rules.info.name, number_of(s.deals, "random deal"), seed);
  if (s.unsolved)
    text += fmt::format("{} stopped at the node limit and {} left out\n", number_of(s.unsolved, "deal"),
                        s.unsolved == 1 ? "is" : "are");
  for (std::size_t k = 0; k < s.by_kind.size(); ++k) {
    const PointsTally& t = s.by_kind[k];
    if (t.deals == 0) continue;
    text += fmt::format("\nKind {}: {}, mean {:.2f} points\n", rules.kinds[k].name, number_of(t.deals, "deal"), t.mean());
    text += tally_text(t);
  }
  if (!s.by_trumps.empty()) {
    text += "\nBy the trumps the takers' side holds (one-suit kinds):\n";
    for (std::size_t t = 0; t < s.by_trumps.size(); ++t)
      if (s.by_trumps[t].deals)
        text += fmt::format("  {} trumps: {:>8} {:<6} mean {:.2f} points\n", t, s.by_trumps[t].deals,
                            s.by_trumps[t].deals == 1 ? "deal," : "deals,", s.by_trumps[t].mean());
  }
  if (!s.reaching_bid.empty()) {
    text += "\nDeals whose best points reach each bid:\n";
    for (std::size_t b = 0; b < s.reaching_bid.size(); ++b)
      text += count_line(std::to_string(rules.bids.numbers[b]), s.reaching_bid[b], s.deals - s.unsolved);
  }
  return text;
}

}  // namespace

int run_stats(const Args& args) {
  po::options_description options("options");
  std::string ruleset = default_ruleset_name();
  std::string format = "text";
  bool exhaustive = false, solved = false;
  // Read as text, so that a negative number is refused rather than wrapped around.
  std::string count_text, nodes_text = "0", seed_text = "0", threads_text = std::to_string(default_threads()), kind_name;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("exhaustive", po::bool_switch(&exhaustive), "walk every hand of the deck: exact counts per announcement kind")
      ("kind", po::value(&kind_name)->value_name("NAME"), "with --exhaustive: the contract kind whose announcements count (default: the ruleset's first)")
      ("random", po::value(&count_text)->value_name("N"), "score N random deals instead: how often teams score, deals are void, contracts fail")
      ("solved", po::bool_switch(&solved), "with --random N: solve each deal with best play; the takers' best points by kind, by trumps held, and how often each bid is reached")
      ("max-nodes", po::value(&nodes_text)->value_name("N"), "with --solved: stop a deal's search after N nodes, leaving it out (default: 0, no limit)")
      ("seed", po::value(&seed_text)->value_name("N"), "seed of the random deals: same seed, same deals (default: 0)")
      ("threads", po::value(&threads_text)->value_name("N"), "threads for --random, 1 to 1024; the figures are the same (default: every core)")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json (default: text)");
  rulesets.add_dirs(options);
  po::variables_map vm;
  if (!parse_options(args, options, {}, vm,
                     "belote stats --exhaustive [--kind NAME] [--ruleset NAME] [--format text|json] [--rulesets-dir DIR]... [--untrusted] | "
                     "belote stats --random N [--solved [--max-nodes N]] [--seed N] [--threads N] [--ruleset NAME] [--format text|json] [--rulesets-dir DIR]... [--untrusted]",
                     "belote stats --ruleset traditionnelle --exhaustive"))
    return kSuccess;
  require_text_or_json(format);
  const bool random = vm.count("random") > 0;
  if (exhaustive == random) throw UsageError("give either --exhaustive or --random N");
  if (!random && (vm.count("seed") || vm.count("threads"))) throw UsageError("--seed and --threads go with --random N");
  if (random && vm.count("kind")) throw UsageError("--kind goes with --exhaustive (random deals draw their kinds)");
  if (!random && solved) throw UsageError("--solved goes with --random N");
  if (!solved && vm.count("max-nodes")) throw UsageError("--max-nodes goes with --solved");
  const std::uint64_t count = random ? whole_number(count_text, "random", 1, kMaxRandomDeals) : 0;
  const std::uint64_t max_nodes = whole_number(nodes_text, "max-nodes", 0, std::uint64_t{1} << 62);
  const std::uint64_t seed = whole_number(seed_text, "seed", 0, UINT64_MAX);
  const unsigned threads = unsigned(whole_number(threads_text, "threads", 1, kMaxThreads));

  const auto rules = load_ruleset(rulesets.loader(), ruleset);
  if (!rules) return kInvalidInput;

  Output& out = Output::standard();
  const bool json = format == "json";
  if (exhaustive) {
    int kind = 0;
    if (vm.count("kind")) {
      const auto found = rules->find_kind(kind_name);
      if (!found) {
        std::vector<std::string> names;
        for (const ContractKind& k : rules->kinds) names.push_back(k.name);
        throw UsageError(fmt::format("--kind: {} has no kind '{}' (kinds: {})", rules->info.name, shown(kind_name),
                                     fmt::join(names, ", ")));
      }
      kind = *found;
    }
    const auto stats = exhaustive_hand_stats(*rules, kind);
    if (!stats)
      throw UsageError(fmt::format("the deck of {} has {} hands, more than the {} --exhaustive walks; use --random N",
                                   rules->info.name, exhaustive_hand_count(*rules), kMaxExhaustiveHands));
    out.write(json ? json_text(hand_stats_json(*rules, kind, *stats)) + "\n" : hand_stats_text(*rules, kind, *stats));
  } else if (solved) {
    const SolvedStats stats = random_solved_stats(*rules, seed, count, threads, max_nodes);
    out.write(json ? json_text(solved_stats_json(*rules, seed, stats)) + "\n" : solved_stats_text(*rules, seed, stats));
  } else {
    const DealStats stats = random_deal_stats(*rules, seed, count, threads);
    out.write(json ? json_text(deal_stats_json(*rules, seed, stats)) + "\n" : deal_stats_text(*rules, seed, stats));
  }
  return out.finish();
}

}  // namespace belote::cli
