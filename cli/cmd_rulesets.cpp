// belote rulesets: list, show, check, new, diff and keys.
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>

#include "commands.h"
#include "ruleset_document.h"

namespace belote::cli {

namespace fs = std::filesystem;

namespace {

int list(const Args& args) {
  po::options_description options("options");
  RulesetOptions rulesets;
  rulesets.add_dirs(options);
  po::variables_map vm;
  if (!parse_options(args, options, {}, vm, "belote rulesets list", "belote rulesets list --rulesets-dir ./my-rulesets"))
    return kSuccess;
  const RulesetLoader loader = rulesets.loader();
  Output& out = Output::standard();
  const auto found = loader.search().list();
  if (found.empty()) {
    std::string dirs;
    for (const auto& dir : loader.search().dirs()) dirs += "\n  " + dir.path.string() + " (" + dir.origin + ")";
    print_error(fmt::format("no rulesets found; searched:{}", dirs));
    return kInvalidInput;
  }
  out.line(fmt::format("{:<28} {:<22} {:<60} {}", "NAME", "BASE", "TITLE", "WHERE"));
  for (const FoundRuleset& entry : found) {
    const LoadedRuleset loaded = loader.load_file(entry.path);
    const std::string title = loaded.ok() ? loaded.ruleset->info.title
                                          : fmt::format("(invalid: {} error{})", loaded.errors.size(), loaded.errors.size() == 1 ? "" : "s");
    const std::string base = loaded.ok() && !loaded.ruleset->info.base.empty() ? loaded.ruleset->info.base : "-";
    out.line(fmt::format("{:<28} {:<22} {:<60} {} ({})", entry.name, base, title, entry.path.string(), entry.origin));
  }
  return out.finish();
}

int show(const Args& args) {
  po::options_description options("options");
  std::string name;
  bool no_origins = false;
  RulesetOptions rulesets;
  options.add_options()("ruleset", po::value(&name)->required(), "ruleset name or path")
                       ("no-origins", po::bool_switch(&no_origins), "leave out the comments saying where each key was set");
  rulesets.add_dirs(options);
  po::positional_options_description positional;
  positional.add("ruleset", 1);
  po::variables_map vm;
  if (!parse_options(args, options, positional, vm, "belote rulesets show NAME",
                     "belote rulesets show classique-carres-bas > resolved.toml"))
    return kSuccess;
  const LoadedRuleset loaded = rulesets.loader().load(name);
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
  options.add_options()("files", po::value(&files)->required(), "ruleset files or names")
                       ("quiet,q", po::bool_switch(&quiet), "print only the errors");
  rulesets.add_dirs(options);
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  if (!parse_options(args, options, positional, vm, "belote rulesets check FILE...",
                     "belote rulesets check ~/.config/belote/rulesets/lyon.toml"))
    return kSuccess;
  const RulesetLoader loader = rulesets.loader();
  Output& out = Output::standard();
  bool all_ok = true;
  for (const std::string& file : files) {
    const LoadedRuleset loaded = loader.load(file);
    if (loaded.ok()) {
      if (!quiet) out.line(fmt::format("{}: ok ({})", file, loaded.ruleset->info.name));
      continue;
    }
    all_ok = false;
    print_diagnostics(loaded.errors);
    if (!quiet)
      out.line(fmt::format("{}: {} error{}", file, loaded.errors.size(), loaded.errors.size() == 1 ? "" : "s"));
  }
  const int status = out.finish();
  return all_ok ? status : kInvalidInput;
}

int create(const Args& args) {
  po::options_description options("options");
  std::string name, base, output;
  bool force = false;
  RulesetOptions rulesets;
  options.add_options()("name", po::value(&name)->required(), "name of the new ruleset")
                       ("extends", po::value(&base)->required(), "the ruleset it starts from")
                       ("output,o", po::value(&output), "where to write it (default: the user's rulesets directory; - for stdout)")
                       ("force", po::bool_switch(&force), "replace an existing file");
  rulesets.add_dirs(options);
  po::positional_options_description positional;
  positional.add("name", 1);
  po::variables_map vm;
  if (!parse_options(args, options, positional, vm, "belote rulesets new NAME --extends BASE [--output FILE]",
                     "belote rulesets new lyon --extends classique"))
    return kSuccess;
  if (!is_ruleset_name(name)) throw UsageError(fmt::format("'{}' is not a ruleset name (letters, digits and '-')", name));
  const RulesetLoader loader = rulesets.loader();
  const LoadedRuleset loaded = loader.load(base);
  if (!loaded.ok()) {
    print_diagnostics(loaded.errors);
    return kInvalidInput;
  }
  const std::string reference = is_ruleset_path(base) ? fs::absolute(base).string() : loaded.ruleset->info.name;
  std::string text = fmt::format(
      "# {0}: a variant of {1}.\n"
      "#\n"
      "# Every key below is {1}'s, commented out, with the file that sets it.\n"
      "# Uncomment and change the ones your table plays differently: the others\n"
      "# stay as {1} has them. Then check the file and compare it with its base:\n"
      "#   belote rulesets check {0}\n"
      "#   belote rulesets diff {1} {0}\n\n"
      "extends = \"{2}\"\n"
      "title = \"{0}\"\n"
      "source = \"\"\n"
      "description = \"\"\n",
      to_lower_ascii(name), loaded.ruleset->info.name, reference);
  text += ruleset_document(loaded, DocumentStyle{true, false, true});

  if (output == "-") {
    Output& out = Output::standard();
    out.write(text);
    return out.finish();
  }
  const fs::path path = output.empty() ? loader.search().user_dir() / (to_lower_ascii(name) + ".toml") : fs::path(output);
  std::error_code ec;
  if (fs::exists(path, ec) && !force) {
    print_error(fmt::format("{} already exists (use --force to replace it)", path.string()));
    return kInvalidInput;
  }
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file << text;
    file.flush();
    if (!file) {
      print_error(fmt::format("cannot write {}", temporary.string()));
      fs::remove(temporary, ec);
      return kOutputFailed;
    }
  }
  fs::rename(temporary, path, ec);
  if (ec) {
    print_error(fmt::format("cannot write {}: {}", path.string(), ec.message()));
    fs::remove(temporary, ec);
    return kOutputFailed;
  }
  fmt::print(stderr, "belote: wrote {}\n", path.string());
  return kSuccess;
}

int diff(const Args& args) {
  po::options_description options("options");
  std::vector<std::string> names;
  RulesetOptions rulesets;
  options.add_options()("rulesets", po::value(&names), "the two rulesets to compare");
  rulesets.add_dirs(options);
  po::positional_options_description positional;
  positional.add("rulesets", 2);
  po::variables_map vm;
  if (!parse_options(args, options, positional, vm, "belote rulesets diff A B",
                     "belote rulesets diff classique traditionnelle"))
    return kSuccess;
  if (names.size() != 2) throw UsageError("give two rulesets to compare");
  const RulesetLoader loader = rulesets.loader();
  const LoadedRuleset a = loader.load(names[0]);
  const LoadedRuleset b = loader.load(names[1]);
  if (!a.ok() || !b.ok()) {
    print_diagnostics(a.errors);
    print_diagnostics(b.errors);
    return kInvalidInput;
  }
  std::map<std::string, std::pair<const Setting*, const Setting*>> keys;
  std::vector<std::string> order;
  for (const auto* side : {&a, &b}) {
    for (const Setting& s : side->settings) {
      const KeySpec* spec = find_key(s.key);
      if (spec && spec->metadata) continue;
      auto [it, added] = keys.try_emplace(s.key);
      if (added) order.push_back(s.key);
      (side == &a ? it->second.first : it->second.second) = &s;
    }
  }
  Output& out = Output::standard();
  int differences = 0;
  const auto describe = [](const Setting* s) {
    return s ? fmt::format("{}  ({})", s->value, origin_text(s->origin)) : std::string("(not set)");
  };
  for (const std::string& key : order) {
    const auto [in_a, in_b] = keys[key];
    if (in_a && in_b && in_a->value == in_b->value) continue;
    ++differences;
    out.line(key);
    out.line(fmt::format("  {:<16} {}", a.ruleset->info.name, describe(in_a)));
    out.line(fmt::format("  {:<16} {}", b.ruleset->info.name, describe(in_b)));
  }
  if (differences == 0) out.line(fmt::format("{} and {} have the same conventions", a.ruleset->info.name, b.ruleset->info.name));
  else out.line(fmt::format("{} convention{} differ", differences, differences == 1 ? "" : "s"));
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

struct Action {
  std::string_view name;
  std::string_view summary;
  int (*run)(const Args&);
};

constexpr Action kActions[] = {
    {"list", "the rulesets found by name, with their base and where they are", list},
    {"show", "a ruleset fully resolved, as TOML, each key with the file that sets it", show},
    {"check", "check ruleset files: every error with its line and column", check},
    {"new", "write a starter file for a variant of a ruleset", create},
    {"diff", "the conventions that differ between two rulesets", diff},
    {"keys", "the reference of every ruleset key (Markdown)", keys},
};

}  // namespace

int run_rulesets(const Args& args) {
  const bool help = args.words.empty() || args.words[0] == "--help" || args.words[0] == "-h";
  if (help) {
    fmt::print("usage: belote rulesets ACTION [OPTIONS]\n\nactions:\n");
    for (const Action& action : kActions) fmt::print("  {:<8} {}\n", action.name, action.summary);
    fmt::print("\nexample:\n  belote rulesets show classique\n");
    return args.words.empty() ? kUsage : kSuccess;
  }
  for (const Action& action : kActions) {
    if (args.words[0] == action.name)
      return action.run(Args{"rulesets " + std::string(action.name), {args.words.begin() + 1, args.words.end()}});
  }
  throw UsageError(fmt::format("unknown action '{}' (actions: list, show, check, new, diff, keys)", args.words[0]));
}

}  // namespace belote::cli
