// The bot protocol's messages and the reading of a bot's answer (table.md 4).
#include "belote/bot_messages.h"

#include <bit>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "belote/auction_text.h"
#include "belote/explanation.h"
#include "belote/json_text.h"
#include "belote/random_deals.h"
#include "belote/table_json.h"
#include "belote/table_record.h"
#include "belote/terminal_text.h"

namespace belote {

namespace {

using nlohmann::ordered_json;

ordered_json per_team_json(const PerTeam<int>& values) { return ordered_json{{"NS", values[Team::NS]}, {"EW", values[Team::EW]}}; }

// The action an answer's "action" names, or none with `wrong` saying why (after the answer, quoted).
std::optional<Action> numbered_action(const nlohmann::json& number, const Table& table, std::string& wrong) {
  if (number.is_number_unsigned() && number.get<std::uint64_t>() < std::uint64_t(table.actions().size()))
    return Action(number.get<std::uint64_t>());
  if (number.is_number_float()) {
    // The JSON library keeps no number's text: the example is the bot's own number where it is a whole one.
    const double value = number.get<double>();
    const bool whole = value >= 0 && value < double(table.actions().size()) && value == double(std::uint64_t(value));
    const auto example = whole && table.legal().contains(table.actions(), Action(std::uint64_t(value)))
                             ? std::uint64_t(value)
                             : std::uint64_t(table.legal().nth(table.actions(), 0));
    wrong = fmt::format("'action' is not written as a whole number: write an action's number as legal does ({}, with no "
                        "fraction or exponent)",
                        example);
  } else if (number.is_number_integer()) {
    wrong = fmt::format("'action' {} is not the number of one of the legal actions",
                        number.is_number_unsigned() ? fmt::format("{}", number.get<std::uint64_t>())
                                                    : fmt::format("{}", number.get<std::int64_t>()));
  } else {
    wrong = "'action' is not the number of one of the legal actions";
  }
  return std::nullopt;
}

// The action an answer's "text" names, read as the terminal reads a person's
// words (spaces around them, any case, suit letters or symbols), or none with
// `wrong` saying why. The terminal's list numbers are not action numbers: a
// number is refused, pointing to "action".
std::optional<Action> worded_action(const nlohmann::json& text, const Table& table, std::string& wrong) {
  if (text.is_string()) {
    std::string words = text.get<std::string>();
    words.erase(0, words.find_first_not_of(" \t\r"));
    words.erase(words.find_last_not_of(" \t\r") + 1);
    if (!words.empty() && words.find_first_not_of("0123456789") == std::string::npos) {
      wrong = "'text' is a number: an action's number is given as 'action' ({\"action\": N}, N from legal)";
      return std::nullopt;
    }
    if (const auto action = table.parse_action(cards_written(table.rules().deck, words, SuitStyle::letter, true))) return action;
  }
  wrong = "'text' is no action here";
  return std::nullopt;
}

// Why an answer that is no JSON is not, in the JSON library's words.
std::string why_not_json(std::string_view line) {
  try {
    [[maybe_unused]] const auto value = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& e) {
    return json_error_reason(e);
  }
  return "";
}

}  // namespace

std::uint64_t bot_seed(std::uint64_t game_seed, Seat seat) {
  // Two different mixes of the seat's seed XORed: no step undoes it short of trying every seed.
  const std::uint64_t seated = game_seed + 0x9E3779B97F4A7C15ull * std::uint64_t(index(seat) + 1);
  return mix64(seated) ^ mix64(std::rotl(seated, 23) ^ 0xD1B54A32D192ED03ull);
}

std::string bot_start_message(const Table& table, Seat seat, std::string_view ruleset) {
  const TableSetup& setup = table.setup();
  return json_text(ordered_json{{"type", "start"},
                      {"protocol", kBotProtocolVersion},
                      {"ruleset", std::string(ruleset)},
                      {"seat", std::string(name(seat))},
                      {"seed", bot_seed(setup.seed, seat)},
                      {"first_dealer", std::string(name(setup.first_dealer))},
                      {"target", table.target()},
                      {"menes", setup.max_menes},
                      {"deals", table.rules().game.deals},
                      {"teams", {{"NS", setup.teams[Team::NS]}, {"EW", setup.teams[Team::EW]}}},
                      {"actions", table.actions().size()}});
}

std::string bot_act_message(const Table& table) {
  const Seat seat = table.to_act();
  return json_text(ordered_json{{"type", "act"},
                      {"seat", std::string(name(seat))},
                      {"observation", ordered_json::parse(observation_json(table, table.observe(seat)))},
                      {"legal", ordered_json::parse(legal_actions_json(table))}});
}

std::string bot_error_message(std::string_view why, int tries_left) {
  return json_text(ordered_json{{"type", "error"}, {"message", std::string(why)}, {"tries_left", tries_left}});
}

std::string bot_mene_end_message(const Table& table, const FinishedMene& mene, int number) {
  ordered_json out{{"type", "mene_end"}, {"mene", number}, {"redeal", mene.redeal}};
  out["contract"] = mene.redeal ? ordered_json(nullptr) : ordered_json::parse(contract_json(table.rules(), mene.contract));
  out["score"] = per_team_json(mene.redeal ? PerTeam<int>{} : mene.outcome.score);
  out["result"] = mene.redeal ? "redeal" : mene.outcome.is_void ? "void" : std::string(contract_name(mene.outcome.contract));
  out["held_over"] = mene.redeal ? 0 : mene.outcome.suspended;
  out["totals"] = per_team_json(table.tally().totals);
  // Every card has been seen: the mène as a deal line, as the record writes it.
  if (!mene.redeal) out["deal"] = ordered_json::parse(record_deal_line(table, mene));
  return json_text(out);
}

std::string bot_game_end_message(const Table& table) {
  const TableTally& tally = table.tally();
  return json_text(ordered_json{{"type", "game_end"},
                      {"totals", per_team_json(tally.totals)},
                      {"winner", tally.end.winner ? ordered_json(std::string(name(*tally.end.winner))) : ordered_json(nullptr)},
                      {"drawn", tally.end.drawn},
                      {"menes", tally.played},
                      {"seed", table.setup().seed}});
}

std::optional<Action> read_bot_answer(const Table& table, std::string_view line, std::string& why) {
  const std::string quoted = fmt::format("'{}'", shown(line));
  const auto answer = nlohmann::json::parse(line, nullptr, false);
  if (answer.is_discarded()) {
    why = fmt::format("{} is not JSON ({}): answer {{\"action\": N}} or {{\"text\": \"...\"}}", quoted,
                      terminal_safe_line(why_not_json(line), 120));
    return std::nullopt;
  }
  if (const auto twice = first_key_given_twice(line)) {
    why = fmt::format("{}: key '{}' is given twice: give each key once", quoted, shown(*twice));
    return std::nullopt;
  }
  if (!answer.is_object()) {
    why = fmt::format("{} is not a JSON object: answer {{\"action\": N}} or {{\"text\": \"...\"}}", quoted);
    return std::nullopt;
  }
  const bool numbered = answer.contains("action"), worded = answer.contains("text");
  if (!numbered && !worded) {
    why = fmt::format("{} has neither 'action' nor 'text': answer {{\"action\": N}} or {{\"text\": \"...\"}}", quoted);
    return std::nullopt;
  }
  std::string wrong;
  const auto by_number = numbered ? numbered_action(answer["action"], table, wrong) : std::nullopt;
  const auto by_words = !wrong.empty() || !worded ? std::nullopt : worded_action(answer["text"], table, wrong);
  if (!wrong.empty()) {
    why = fmt::format("{}: {}", quoted, wrong);
    return std::nullopt;
  }
  // Both given: they must agree, or the bot meant something the game would not play.
  if (by_number && by_words && *by_number != *by_words) {
    why = fmt::format("{}: 'action' ({}) and 'text' ({}) name different actions: give one, or both naming the same", quoted,
                      table.action_text(*by_number), table.action_text(*by_words));
    return std::nullopt;
  }
  return by_number ? by_number : by_words;
}

}  // namespace belote
