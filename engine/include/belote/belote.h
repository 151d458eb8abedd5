// The belote-rules engine: everything an embedding program needs.
//
//   #include <belote/belote.h>
//
//   belote::RulesetLoader loader(belote::RulesetSearchPath::standard({}));
//   auto loaded = loader.load("classique");          // or a path, or load_string()
//   belote::Deal deal;
//   belote::Diagnostics errors;
//   belote::DealReader(*loaded.ruleset).read_toml_file("deal.toml", deal, errors);
//   belote::Outcome outcome = belote::evaluate(*loaded.ruleset, deal);
//   auto steps = belote::explain(*loaded.ruleset, deal, outcome);
#pragma once

#include "belote/announcement.h"
#include "belote/card_set.h"
#include "belote/deal.h"
#include "belote/deal_reader.h"
#include "belote/deck.h"
#include "belote/diagnostic.h"
#include "belote/evaluator.h"
#include "belote/explanation.h"
#include "belote/outcome.h"
#include "belote/parallel_sample.h"
#include "belote/random_deals.h"
#include "belote/report.h"
#include "belote/rule_tables.h"
#include "belote/ruleset.h"
#include "belote/ruleset_loader.h"
#include "belote/ruleset_schema.h"
#include "belote/ruleset_search.h"
#include "belote/seat.h"
#include "belote/version.h"
