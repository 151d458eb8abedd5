// The WebAssembly module's one entry point: belote_call(method, arguments)
// takes a method name and its arguments as JSON text and returns the reply as
// JSON text: {"ok": true, ...} or {"ok": false, "error": "..."}. belote.mjs
// wraps it in a JavaScript API (docs/web.md).
#include <emscripten/emscripten.h>
#include <exception>
#include <map>
#include <string>

#include "session.h"

namespace belote::web {
namespace {

using Call = Json (*)(Session&, const Json&);

const std::map<std::string, Call, std::less<>>& calls() {
  static const std::map<std::string, Call, std::less<>> table{
      {"rulesets", call_rulesets},     {"load_ruleset", call_load_ruleset}, {"describe", call_describe},
      {"score", call_score},           {"sheet_new", call_sheet_new},       {"sheet_add", call_sheet_add}, {"sheet_add_played", call_sheet_add_played},
      {"sheet_undo", call_sheet_undo}, {"sheet_show", call_sheet_show},     {"diff_begin", call_diff_begin},
      {"diff_step", call_diff_step},   {"legal", call_legal},               {"auction", call_auction},
      {"solve", call_solve},
      {"table_new", call_table_new},   {"table_reset", call_table_reset}, {"table_free", call_table_free},
      {"table_copy", call_table_copy}, {"table_state", call_table_state}, {"table_legal", call_table_legal},
      {"table_apply", call_table_apply}, {"table_undo", call_table_undo}, {"table_observe", call_table_observe},
      {"table_action_text", call_table_action_text}, {"table_parse_action", call_table_parse_action},
      {"table_history", call_table_history}, {"table_last_outcome", call_table_last_outcome},
      {"table_record", call_table_record}, {"table_replay", call_table_replay},
      {"player_new", call_player_new}, {"player_free", call_player_free}, {"player_choose", call_player_choose}, {"table_advise", call_table_advise},
  };
  return table;
}

Json reply_to(Session& session, std::string_view method, const char* arguments) {
  const auto call = calls().find(method);
  if (call == calls().end()) return {{"ok", false}, {"error", "unknown method '" + std::string(method) + "'"}};
  try {
    const Json args = Json::parse(arguments ? arguments : "{}");
    if (!args.is_object()) return {{"ok", false}, {"error", "the arguments must be a JSON object"}};
    Json reply = call->second(session, args);
    if (!reply.contains("ok")) reply["ok"] = true;
    return reply;
  } catch (const CallError& e) {
    return {{"ok", false}, {"error", e.message}};
  } catch (const Json::exception& e) {
    return {{"ok", false}, {"error", std::string("arguments: ") + e.what()}};
  } catch (const std::exception& e) {
    // Out of memory, most likely: the page says so rather than stopping.
    return {{"ok", false}, {"error", std::string("the engine could not answer: ") + e.what()}};
  }
}

}  // namespace
}  // namespace belote::web

namespace {
belote::web::Session& session() {
  static belote::web::Session one;
  return one;
}
std::string& reply() {
  static std::string one;
  return one;
}
}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE const char* belote_call(const char* method, const char* arguments) {
  std::string& reply = ::reply();
  belote::web::Session& session = ::session();
  // Text that is not UTF-8 (a pasted file) is replaced, not refused: the engine reports it itself.
  reply = belote::json_text(belote::web::reply_to(session, method ? method : "", arguments));
  return reply.c_str();
}

/// The last reply's length in bytes: JavaScript decodes it without looking for its end.
extern "C" EMSCRIPTEN_KEEPALIVE std::size_t belote_reply_length() { return reply().size(); }
/// The text part of the next request (score's deals), copied.
extern "C" EMSCRIPTEN_KEEPALIVE void belote_input(const char* text, std::size_t size) { session().input.assign(text, size); }
/// The text part of the last reply (score's JSON Lines), and its length in bytes.
extern "C" EMSCRIPTEN_KEEPALIVE const char* belote_text() { return session().text.c_str(); }
extern "C" EMSCRIPTEN_KEEPALIVE std::size_t belote_text_length() { return session().text.size(); }
