// Figures: every hand of the deck walked exactly, and random deals counted.
#include <pybind11/stl.h>

#include "interruption.h"
#include "module.h"
#include "typed.h"

namespace belote::python {

void bind_statistics(py::module_& m) {
  auto ruleset = py::reinterpret_borrow<py::class_<LoadedHandle, RulesetHandle>>(m.attr("Ruleset"));
  ruleset
      .def(
          "hand_stats",
          [](const RulesetHandle& handle, const OptionalStr& kind_given) -> AnyDict {
            const Ruleset& rules = handle->rules();
            const auto kind_name = optional_text(kind_given, "kind", kKindText);
            int kind = 0;
            if (kind_name) {
              const auto found = rules.find_kind(*kind_name);
              if (!found) throw py::value_error(rules.info.name + " has no kind '" + *kind_name + "'");
              kind = *found;
            }
            std::optional<HandStats> stats;
            Interruption interruption;
            {
              py::gil_scoped_release unlocked;
              stats = exhaustive_hand_stats(rules, kind, kMaxExhaustiveHands, [&] { return interruption.requested(); });
            }
            interruption.raise_if_requested();
            if (!stats)
              throw py::value_error("the deck of " + rules.info.name + " has " + std::to_string(exhaustive_hand_count(rules)) +
                                    " hands, more than a walk takes (" + std::to_string(kMaxExhaustiveHands) + ")");
            py::dict announcements, points;
            for (const KindCount& k : stats->kinds) announcements[py::str(rules.kind_name(k.kind))] = k.hands;
            for (std::size_t p = 0; p < stats->hands_by_points.size(); ++p)
              if (stats->hands_by_points[p]) points[py::int_(p)] = stats->hands_by_points[p];
            py::dict d;
            d["ruleset"] = rules.info.name;
            d["kind"] = rules.kinds[std::size_t(kind)].name;
            d["hands"] = stats->hands;
            d["announcements"] = announcements;
            d["any_announcement"] = stats->hands_with_announcements();
            d["points"] = points;
            d["mean_points"] = stats->mean_points();
            d["trump"] = rules.deck.suits[stats->trump];
            d["belote"] = stats->belote_hands;
            d["voiding"] = stats->voiding_hands;
            return d;
          },
          py::arg("kind") = py::none(),
          R"(Exact counts over every hand of the deck, as `belote stats --exhaustive`:
hands declaring each announcement kind, hands by announcement points, the belote
(in the deck's first suit as trumps) and voiding carrés. A fraction of a
second for the classic deck's 10,518,300 hands, seconds for a deck of a
billion; the GIL is released meanwhile, and Ctrl-C stops it (KeyboardInterrupt).)")
      .def(
          "deal_stats",
          [](const RulesetHandle& handle, const Whole& count_given, const Whole& seed_given, const OptionalWhole& threads) -> AnyDict {
            const std::uint64_t count = whole_number(count_given, "count"), seed = whole_number(seed_given, "seed");
            const unsigned workers = thread_count(threads);
            DealStats stats;
            Interruption interruption;
            {
              py::gil_scoped_release unlocked;
              stats = random_deal_stats(handle->rules(), seed, count, workers, [&] { return interruption.requested(); });
            }
            interruption.raise_if_requested();
            py::dict scored;
            for (Team team : kTeams) scored[py::str(std::string(name(team)))] = stats.announcements_scored[team];
            py::dict d;
            d["deals"] = stats.deals;
            d["void"] = stats.void_deals;
            d["announcements_scored"] = scored;
            d["no_announcements_scored"] = stats.no_announcements_scored;
            d["exact_ties"] = stats.exact_ties;
            d["lost_to_trick_rule"] = stats.lost_to_trick_rule;
            d["made"] = stats.made;
            d["failed"] = stats.failed;
            d["litige"] = stats.litige;
            d["no_contract"] = stats.no_contract;
            return d;
          },
          py::arg("count"), py::kw_only(), py::arg("seed") = 0, py::arg("threads") = py::none(),
          "Counts over random deals [0, count) of the seed, as `belote stats --random`: the same on any number of threads. "
          "The GIL is released meanwhile; Ctrl-C stops it.");
}

}  // namespace belote::python
