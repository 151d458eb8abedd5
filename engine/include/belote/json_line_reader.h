// Reading JSON Lines deals at the engine's speed.
//
// A JsonLineReader gives exactly what DealReader::read_json_line gives (the
// same Deal, or the same messages at the same lines and columns), many times
// faster: a well-formed line is read straight into a Deal (by simdjson in the
// native builds, by the JSON library's SAX parser elsewhere), and any line
// it does not fully accept (a syntax error, an unknown or repeated key, a
// wrong type, a bad card, sums off, an escape in a string...) goes to
// DealReader::read_json_line, which finds and words the problems. A key the
// fast path does not know is therefore read correctly, only more slowly.
//
// It holds a parser and buffers: use one per thread.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "belote/deal.h"
#include "belote/diagnostic.h"
#include "belote/ruleset.h"

namespace belote {

/// The parser of the fast path: the fastest the build has (simdjson in the
/// native builds; the WebAssembly build has none), or the JSON library's SAX
/// parser, which every build has. Either gives what the precise reader gives.
enum class JsonLineParser { fastest, sax };

class JsonLineReader {
 public:
  /// Each line is read under every ruleset given, in order (one, most often):
  /// card tokens and declared announcements are read by the ruleset.
  explicit JsonLineReader(std::vector<const Ruleset*> rules, JsonLineParser parser = JsonLineParser::fastest);
  explicit JsonLineReader(const Ruleset& rules, JsonLineParser parser = JsonLineParser::fastest)
      : JsonLineReader(std::vector<const Ruleset*>{&rules}, parser) {}
  ~JsonLineReader();
  JsonLineReader(JsonLineReader&&) noexcept;
  JsonLineReader& operator=(JsonLineReader&&) noexcept;

  /// One JSON line, `line_number` 1-based: `deals[i]` is the deal as ruleset i
  /// reads it, `errors[i]` gets what ruleset i finds wrong. True when every
  /// ruleset accepts the line. Each span holds one entry per ruleset.
  bool read(std::string_view line, const std::string& display, long line_number, std::span<Deal> deals,
            std::span<Diagnostics> errors);
  /// The same with one ruleset.
  bool read(std::string_view line, const std::string& display, long line_number, Deal& deal, Diagnostics& errors) {
    return read(line, display, line_number, std::span<Deal>(&deal, 1), std::span<Diagnostics>(&errors, 1));
  }

  /// The fast path alone, under ruleset `ruleset_index`: true when it reads the
  /// whole line into `deal`; false when it leaves the line to the precise
  /// reader (whatever `deal` then holds). For tests and fuzzing: an accepted
  /// line must be one DealReader::read_json_line accepts, as the same Deal.
  bool read_fast(std::string_view line, std::size_t ruleset_index, Deal& deal);

  /// Lines read so far by the fast path, and by the precise reader.
  std::uint64_t fast_reads() const { return fast_reads_; }
  std::uint64_t precise_reads() const { return precise_reads_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::uint64_t fast_reads_ = 0;
  std::uint64_t precise_reads_ = 0;
};

}  // namespace belote
