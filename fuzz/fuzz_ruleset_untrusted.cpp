// Fuzz target: ruleset text from someone else -> the loader in untrusted mode
// (RulesetTrust::untrusted, `extends` by name on the shipped rulesets). While
// it loads, every file the engine opens is checked to be in the search path;
// its messages quote no other file, are few, bounded and safe on a terminal;
// a ruleset that loads scores a deal of its deck.
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <dlfcn.h>
#include <fcntl.h>
#include <string_view>

#include "fuzz_support.h"

using namespace belote;

namespace {

bool watching_opens = false;

// Any file opened while loading is one of the search path's rulesets.
void check_opened(const char* path) {
  if (!watching_opens || !path) return;
  BELOTE_FUZZ_CHECK(std::string_view(path).starts_with(BELOTE_RULESETS_DIR "/"));
}

// Checks the path, then opens it with the C library's function `symbol`.
int watched_open(const char* symbol, const char* path, int flags, va_list args) {
  check_opened(path);
  const auto real = reinterpret_cast<int (*)(const char*, int, ...)>(dlsym(RTLD_NEXT, symbol));
  const mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? mode_t(va_arg(args, int)) : 0;
  return real(path, flags, mode);
}

}  // namespace

// The engine's opens, seen on their way to the C library.
#define BELOTE_WATCH(symbol)                                     \
  extern "C" int symbol(const char* path, int flags, ...) {      \
    va_list args;                                                \
    va_start(args, flags);                                       \
    const int fd = watched_open(#symbol, path, flags, args);     \
    va_end(args);                                                \
    return fd;                                                   \
  }
BELOTE_WATCH(open)
BELOTE_WATCH(open64)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const RulesetLoader loader(fuzz::shipped_loader().search(), RulesetTrust::untrusted);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  watching_opens = true;
  const LoadedRuleset loaded = loader.load_string(text, "upload.toml", "upload");
  watching_opens = false;

  BELOTE_FUZZ_CHECK(loaded.errors.size() <= kMaxDiagnostics);
  for (const Diagnostic& d : loaded.errors) {
    // Only the given text is quoted, and only the given text is named by place.
    BELOTE_FUZZ_CHECK(d.file == "upload.toml" || d.file.empty() || d.file == "<built-in classic deck>");
    BELOTE_FUZZ_CHECK(d.source_line.empty() || d.file == "upload.toml");
    BELOTE_FUZZ_CHECK(d.message.size() < 4096);
    BELOTE_FUZZ_CHECK(terminal_safe_line(d.message) == d.message);
    BELOTE_FUZZ_CHECK(terminal_safe(caret_lines(d)) == caret_lines(d));
  }
  // Base rulesets are named, never shown by their path.
  for (const std::string& file : loaded.files) BELOTE_FUZZ_CHECK(file == "upload.toml" || is_ruleset_name(file));
  for (const Setting& setting : loaded.settings)
    BELOTE_FUZZ_CHECK(setting.origin.file.find('/') == std::string::npos);
  if (!loaded.ok()) return 0;
  Deal deal;
  RandomDeals(loaded.ruleset->deck, 2).make(0, deal);
  fuzz::score_write_and_read_back(*loaded.ruleset, deal);
  return 0;
}
