// belote rulesets: list, show, check, new, diff and keys.
#include <filesystem>
#include <cstdlib>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

#include "commands.h"

#include <belote/ruleset_document.h>

namespace belote::cli {

namespace fs = std::filesystem;

// The actions, in a namespace of their own: other commands have a show, a create.
namespace rulesets_command {
namespace {

int list(const Args& args) {
  po::options_description options("options");
  bool names_only = false;
  RulesetOptions rulesets;
  options.add_options()("names", po::bool_switch(&names_only), "print only the names, one a line (for scripts and completion)");
  rulesets.add_dirs(options);
  po::variables_map vm;
  if (!parse_options(args, options, {}, vm, "belote rulesets list [--names] [--rulesets-dir DIR]... [--untrusted]",
                     "belote rulesets list --rulesets-dir ./my-rulesets"))
    return kSuccess;
  const RulesetLoader loader = rulesets.loader();
  Output& out = Output::standard();
  const auto found = loader.search().list();
  if (found.empty()) {
    // A message is one line: the places searched follow as notes, one each.
    print_error("no rulesets found; add a directory with --rulesets-dir or BELOTE_RULESETS_PATH");
    for (const auto& dir : loader.search().dirs()) print_note(fmt::format("searched {} ({})", dir.path.string(), dir.origin));
    return kInvalidInput;
  }
  if (names_only) {
    for (const FoundRuleset& entry : found) out.line(entry.name);
    return out.finish();
  }
  std::vector<std::array<std::string, 4>> rows{{"NAME", "BASE", "TITLE", "WHERE"}};
  for (const FoundRuleset& entry : found) {
    const LoadedRuleset loaded = loader.load_file(entry.path);
    const std::string title = loaded.ok() ? loaded.ruleset->info.title
                                          : fmt::format("(invalid: {})", number_of(loaded.errors.count(), "error"));
    const std::string base = loaded.ok() && !loaded.ruleset->info.base.empty() ? loaded.ruleset->info.base : "-";
    rows.push_back({entry.name, base, title, fmt::format("{} ({})", entry.path.string(), entry.origin)});
  }
  write_table(out, rows);
  return out.finish();
}

int show(const Args& args) {
  po::options_description options("options");
  std::string name;
  bool no_origins = false;
  RulesetOptions rulesets;
  options.add_options()("no-origins", po::bool_switch(&no_origins), "leave out the comments saying where each key was set");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("ruleset", po::value(&name)->required(), 1, "NAME", "the ruleset to show, by name or path");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm, "belote rulesets show NAME [--no-origins] [--rulesets-dir DIR]... [--untrusted]",
                     "belote rulesets show classique-carres-bas > resolved.toml"))
    return kSuccess;
  const LoadedRuleset loaded = rulesets.loader().load(name);
  print_ruleset_warnings(loaded);
  if (!loaded.ok()) {
    print_diagnostics(loaded.errors);
    return kInvalidInput;
  }
  Output& out = Output::standard();
  out.write(fmt::format("# Ruleset '{}', fully resolved: every key, each with the file it comes from.\n",
                        loaded.ruleset->info.name));
  for (const std::string& file : loaded.files) out.write(fmt::format("#   {}\n", file));
  out.write(ruleset_document(loaded, DocumentStyle{false, true, !no_origins}));
  return out.finish();
}

int check(const Args& args) {
  po::options_description options("options");
  std::vector<std::string> files;
  bool quiet = false;
  RulesetOptions rulesets;
  options.add_options()("quiet,q", po::bool_switch(&quiet), "print only the errors");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("files", po::value(&files)->required(), -1, "NAME...", "the rulesets to check, by name or path");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm, "belote rulesets check [--quiet] [--rulesets-dir DIR]... [--untrusted] NAME...",
                     "belote rulesets check ~/.config/belote/rulesets/lyon.toml"))
    return kSuccess;
  const RulesetLoader loader = rulesets.loader();
  Output& out = Output::standard();
  bool all_ok = true;
  for (const std::string& file : files) {
    const LoadedRuleset loaded = loader.load(file);
    // Warnings never make a file fail: it is still ok.
    print_ruleset_warnings(loaded);
    if (loaded.ok()) {
      // A path is followed by the name it defines; a name needs no repeating.
      const std::string& defined = loaded.ruleset->info.name;
      if (!quiet) out.line(file == defined ? fmt::format("{}: ok", file) : fmt::format("{}: ok ({})", file, defined));
      continue;
    }
    all_ok = false;
    print_diagnostics(loaded.errors);
    if (!quiet)
      out.line(fmt::format("{}: {}", file, number_of(loaded.errors.count(), "error")));
  }
  const int status = out.finish();
  return all_ok ? status : kInvalidInput;
}

// `extends` for a base given by path: relative to the folder the new file goes in, as the loader reads a
// relative path (an absolute one names folders another machine has not); "./" before a bare file name,
// which would read as a ruleset's name. Quoted as a TOML string.
std::string base_reference(const std::string& base, const fs::path& folder) {
  std::error_code ec;
  const fs::path relative = fs::relative(fs::absolute(base), fs::absolute(folder.empty() ? fs::path(".") : folder), ec);
  std::string path = ec || relative.empty() ? fs::absolute(base).string() : relative.generic_string();
  if (!is_ruleset_path(path)) path = "./" + path;
  return nlohmann::json(path).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

int create(const Args& args) {
  po::options_description options("options");
  std::string name, base, output;
  bool force = false;
  RulesetOptions rulesets;
  options.add_options()("extends", po::value(&base)->required()->value_name("BASE"), "the ruleset it starts from, by name or path")
                       ("output,o", po::value(&output)->value_name("FILE"),
                        "where to write it, or - for standard output (default: the user's rulesets directory)")
                       ("force", po::bool_switch(&force), "replace an existing file");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("name", po::value(&name)->required(), 1, "NAME", "the new ruleset's name (letters, digits and '-')");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote rulesets new NAME --extends BASE [--output FILE] [--force] [--rulesets-dir DIR]... [--untrusted]",
                     "belote rulesets new lyon --extends classique"))
    return kSuccess;
  if (!is_ruleset_name(name)) throw UsageError(fmt::format("'{}' is not a ruleset name (letters, digits and '-')", shown(name)));
  // A ruleset loaded from a file is named by the file: a title of another name would mislead.
  if (!output.empty() && output != "-" && to_lower_ascii(fs::path(output).stem().string()) != to_lower_ascii(name))
    throw UsageError(fmt::format("--output {}: a ruleset is named by its file ('{}'), not '{}': write it to {}.toml or "
                                 "name it '{}'",
                                 shown(output), shown(fs::path(output).stem().string()), shown(name),
                                 shown((fs::path(output).parent_path() / to_lower_ascii(name)).string()),
                                 shown(fs::path(output).stem().string())));
  const RulesetLoader loader = rulesets.loader();
  const LoadedRuleset loaded = loader.load(base);
  print_ruleset_warnings(loaded);
  if (!loaded.ok()) {
    print_diagnostics(loaded.errors);
    return kInvalidInput;
  }
  // Where the file goes: the user's directory, the current one for standard output, or --output's folder.
  const fs::path folder = output.empty() ? loader.search().user_dir() : output == "-" ? fs::path(".") : fs::path(output).parent_path();
  const std::string reference = is_ruleset_path(base) ? base_reference(base, folder)
                                                      : fmt::format("\"{}\"", loaded.ruleset->info.name);
  // How the commands in the file's header name it: by path when written elsewhere than the user's directory.
  const std::string called = output.empty() || output == "-" ? to_lower_ascii(name) : output;
  std::string text = fmt::format(
      "# {0}: a variant of {1}.\n"
      "#\n"
      "# Every key below is {1}'s, commented out, with the file that sets it.\n"
      "# Uncomment and change the ones your table plays differently: the others\n"
      "# stay as {1} has them. Then check the file and compare it with its base:\n"
      "#   belote rulesets check {3}\n"
      "#   belote rulesets diff {1} {3}\n\n"
      "extends = {2}\n"
      "title = \"{0}\"\n"
      "source = \"\"\n"
      "description = \"\"\n",
      to_lower_ascii(name), loaded.ruleset->info.name, reference, called);
  text += ruleset_document(loaded, DocumentStyle{true, false, true});

  if (output == "-") {
    Output& out = Output::standard();
    out.write(text);
    return out.finish();
  }
  if (output.empty() && loader.search().user_dir().empty()) {
    const char* home = std::getenv("HOME");
    const std::string why = home && *home ? fmt::format("HOME is '{}', not an absolute path", shown(home)) : "HOME is not set";
    print_error(fmt::format("no directory for your rulesets: {} (set HOME or XDG_CONFIG_HOME, or give --output FILE)", why));
    return kUsage;
  }
  const fs::path path = output.empty() ? loader.search().user_dir() / (to_lower_ascii(name) + ".toml") : fs::path(output);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(path, ec)) && !force) {
    print_error(fmt::format("{} already exists (use --force to replace it)", path.string()));
    return kInvalidInput;
  }
  // Written over a file its own chain reads, the new ruleset would extend itself.
  for (const std::string& file : loaded.files) {
    if (!fs::equivalent(path, file, ec)) continue;
    print_error(fmt::format("{} is a file of {}'s chain: written there, the new ruleset would extend itself "
                            "(give it another name or --output FILE)",
                            path.string(), loaded.ruleset->info.name));
    return kInvalidInput;
  }
  // The user's directory is made on first use; a file elsewhere goes into a directory that exists.
  if (output.empty()) fs::create_directories(path.parent_path(), ec);
  if (const auto failure = replace_file(path, text)) {
    print_error(*failure);
    return kOutputFailed;
  }
  write_stderr(fmt::format("belote: wrote {}\n", terminal_safe_line(path.string())));
  return kSuccess;
}

int diff(const Args& args) {
  po::options_description options("options");
  std::vector<std::string> names;
  std::string format = "text";
  RulesetOptions rulesets;
  options.add_options()("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json (default: text)");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("rulesets", po::value(&names), -1, "A B", "the two rulesets to compare, by name or path");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm, "belote rulesets diff A B [--format text|json] [--rulesets-dir DIR]... [--untrusted]",
                     "belote rulesets diff classique traditionnelle"))
    return kSuccess;
  if (names.size() != 2) throw UsageError(names.empty() ? operands.missing("--rulesets") : "give two rulesets to compare, A and B");
  require_text_or_json(format);
  const RulesetLoader loader = rulesets.loader();
  const LoadedRuleset a = loader.load(names[0]);
  const LoadedRuleset b = loader.load(names[1]);
  print_ruleset_warnings(a);
  print_ruleset_warnings(b);
  if (!a.ok() || !b.ok()) {
    print_diagnostics(a.errors);
    print_diagnostics(b.errors);
    return kInvalidInput;
  }
  const std::vector<SettingDifference> order = setting_differences(a, b);
  const std::string& name_a = a.ruleset->info.name;
  const std::string& name_b = b.ruleset->info.name;
  Output& out = Output::standard();
  if (format == "json") {
    const auto side = [](const Setting* s) {
      return s ? nlohmann::ordered_json{{"value", nlohmann::ordered_json::parse(s->meaning)}, {"toml", s->value},
                                        {"file", s->origin.file}, {"line", s->origin.line}}
               : nlohmann::ordered_json(nullptr);
    };
    nlohmann::ordered_json differences = nlohmann::ordered_json::array();
    for (const SettingDifference& d : order) differences.push_back({{"key", d.key}, {"a", side(d.a)}, {"b", side(d.b)}});
    out.line(json_text(nlohmann::ordered_json{{"a", name_a}, {"b", name_b}, {"differences", std::move(differences)}}));
    return out.finish();
  }
  const std::size_t width = std::max(name_a.size(), name_b.size());
  const auto describe = [](const Setting* s) {
    return s ? fmt::format("{}  ({})", s->value, origin_text(s->origin)) : std::string("(not set)");
  };
  for (const SettingDifference& d : order) {
    out.line(d.key);
    out.line(fmt::format("  {:<{}}  {}", name_a, width, describe(d.a)));
    out.line(fmt::format("  {:<{}}  {}", name_b, width, describe(d.b)));
  }
  if (order.empty()) out.line(fmt::format("{} and {} have the same conventions", name_a, name_b));
  else out.line(fmt::format("{} {}", order.size(), order.size() == 1 ? "convention differs" : "conventions differ"));
  return out.finish();
}

int keys(const Args& args) {
  po::options_description options("options");
  po::variables_map vm;
  if (!parse_options(args, options, {}, vm, "belote rulesets keys", "belote rulesets keys > keys.md")) return kSuccess;
  Output& out = Output::standard();
  out.write(keys_markdown());
  return out.finish();
}

constexpr Action kActions[] = {
    {"list", "the rulesets found by name, with their base and where they are", list},
    {"show", "a ruleset fully resolved, as TOML, each key with the file that sets it", show},
    {"check", "check ruleset files: every error with its line and column", check},
    {"new", "write a starter file for a variant of a ruleset", create},
    {"diff", "the conventions that differ between two rulesets", diff},
    {"keys", "the reference of every ruleset key (Markdown)", keys},
};

}  // namespace
}  // namespace rulesets_command

int run_rulesets(const Args& args) {
  return run_action(args, rulesets_command::kActions, "belote rulesets show classique");
}

}  // namespace belote::cli
