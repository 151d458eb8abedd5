// The belote-rules engine: everything an embedding program needs.
//
//   #include <belote/belote.h>
//
//   belote::RulesetLoader loader(belote::RulesetSearchPath::standard({}));
//   auto loaded = loader.load("classique");          // or a path, or load_string()
//   if (!loaded.ok()) { /* loaded.errors: file:line:col and message */ }
//   belote::Deal deal;
//   belote::Diagnostics errors;
//   belote::DealReader(*loaded.ruleset).read_toml_file("deal.toml", deal, errors);
//   belote::Outcome outcome = belote::evaluate(*loaded.ruleset, deal);
//   auto steps = belote::explain(*loaded.ruleset, deal, outcome);
//   std::string json = belote::outcome_json(*loaded.ruleset, deal, outcome).dump();
//
// With CMake: find_package(belote) and link belote::engine. The programs in
// examples/ show each part (docs/design.md lists them).
#pragma once

#include "belote/announcement.h"
#include "belote/arena.h"
#include "belote/auction.h"
#include "belote/auction_json.h"
#include "belote/auction_rules.h"
#include "belote/auction_text.h"
#include "belote/bot_messages.h"
#include "belote/card_set.h"
#include "belote/deal.h"
#include "belote/deal_reader.h"
#include "belote/deal_stats.h"
#include "belote/deck.h"
#include "belote/diagnostic.h"
#include "belote/diff_tally.h"
#include "belote/evaluator.h"
#include "belote/explanation.h"
#include "belote/file_replace.h"
#include "belote/hand_stats.h"
#include "belote/hand_walk.h"
#include "belote/json_text.h"
#include "belote/json_line_reader.h"
#include "belote/line_batch.h"
#include "belote/line_chunks.h"
#include "belote/observation_reader.h"
#include "belote/outcome.h"
#include "belote/outcome_diff.h"
#include "belote/outcome_writer.h"
#include "belote/parallel_sample.h"
#include "belote/play.h"
#include "belote/played_diff.h"
#include "belote/position_reader.h"
#include "belote/random_deals.h"
#include "belote/random_play.h"
#include "belote/report.h"
#include "belote/rule_tables.h"
#include "belote/ruleset.h"
#include "belote/ruleset_description.h"
#include "belote/ruleset_diff.h"
#include "belote/ruleset_document.h"
#include "belote/ruleset_loader.h"
#include "belote/ruleset_schema.h"
#include "belote/ruleset_search.h"
#include "belote/seat.h"
#include "belote/sheet.h"
#include "belote/sheet_file.h"
#include "belote/sheet_report.h"
#include "belote/advice.h"
#include "belote/advice_json.h"
#include "belote/auction_memory.h"
#include "belote/player.h"
#include "belote/worlds.h"
#include "belote/table.h"
#include "belote/observation_tensor.h"
#include "belote/table_json.h"
#include "belote/table_record.h"
#include "belote/solve.h"
#include "belote/solve_deal.h"
#include "belote/solve_line.h"
#include "belote/solved_diff.h"
#include "belote/solved_stats.h"
#include "belote/solver_pool.h"
#include "belote/terminal_text.h"
#include "belote/version.h"
#include "belote/worker_threads.h"
