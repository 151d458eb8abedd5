#include "session.h"

#include <fmt/format.h>

namespace belote::web {

// Every ruleset and sheet the page reads comes from someone else (pasted, loaded
// from a file, opened): `extends` and a sheet's `ruleset` name rulesets of the
// search path only, and no other file is read or quoted (docs/robustness.md).
Session::Session()
    : loader_(RulesetSearchPath({{kUserDir, "pasted"}, {kShippedDir, "shipped"}}), RulesetTrust::untrusted) {}

std::shared_ptr<const Ruleset> Session::ruleset(const std::string& name) {
  if (const auto found = loaded_.find(name); found != loaded_.end()) return found->second;
  LoadedRuleset loaded = loader_.load(name);
  if (!loaded.ok()) {
    std::string message;
    for (const Diagnostic& d : loaded.errors) message += (message.empty() ? "" : "\n") + location_and_message(d);
    if (loaded.errors.unkept() > 0) message += "\n" + unkept_errors_message(loaded.errors);
    throw CallError{message};
  }
  loaded_[name] = loaded.ruleset;
  return loaded.ruleset;
}

Json diagnostic_json(const Diagnostic& d) {
  return {{"file", d.file},
          {"line", d.line},
          {"column", d.column},
          {"message", d.message},
          {"text", location_and_message(d)},
          {"caret", caret_lines(d)}};
}

Json diagnostics_json(const Diagnostics& errors) {
  Json out = Json::array();
  for (const Diagnostic& d : errors) out.push_back(diagnostic_json(d));
  // Past the cap, the errors not kept are counted, as the program's last error line counts them.
  if (errors.unkept() > 0) out.push_back(diagnostic_json({"", 0, 0, unkept_errors_message(errors), ""}));
  return out;
}

std::string string_arg(const Json& args, const char* key) {
  const auto found = args.find(key);
  if (found == args.end() || !found->is_string()) throw CallError{fmt::format("'{}' must be given as a string", key)};
  return found->get<std::string>();
}

std::string string_arg(const Json& args, const char* key, const std::string& fallback) {
  return args.contains(key) ? string_arg(args, key) : fallback;
}

std::string json_line_arg(const Json& args, const char* key, const char* what) {
  if (!args.contains(key)) throw CallError{fmt::format("'{}' is missing: an object or one JSON line", key)};
  const Json& given = args[key];
  if (!given.is_object() && !given.is_string()) throw CallError{fmt::format("'{}' must be an object or one JSON line", key)};
  std::string line = given.is_string() ? given.get<std::string>() : json_text(given);
  if (line.find('\n') != std::string::npos && line.find_first_not_of(" \t\r\n", line.find('\n')) != std::string::npos)
    throw CallError{fmt::format("'{}' must be one {}: one JSON line", key, what)};
  return line;
}

}  // namespace belote::web
