#include "belote/ruleset_schema.h"

#include <algorithm>
#include <fmt/format.h>

namespace belote {

namespace {

const std::vector<KeySpec>& registry() {
  static const std::vector<KeySpec> keys = {
      // Metadata: describes one file, never inherited.
      {"name", "string", "the file's name without `.toml` (letters, digits and '-', at most 64; compared without case)",
       "The name the ruleset is selected by: a ruleset is named by its file (`--ruleset lyon` reads `lyon.toml`). "
       "The key may repeat the file's name; any other name is an error (rename the file instead). A file whose "
       "name is not a ruleset name (`Règles maison.toml`) is read by its path and named by its letters, without "
       "accents, and digits, joined by '-' (`regles-maison`), or `custom` where it has none.",
       R"(name = "lyon")", "the file name", KeyShape::scalar, {}, true},
      {"title", "string", "any", "One line that tells a person what the ruleset is.",
       R"(title = "Belote classique, annonces au contrat")", "empty", KeyShape::scalar, {}, true},
      {"source", "string", "any", "The document or tradition the ruleset follows.",
       R"(source = "seed 000: Belote avec annonces")", "empty", KeyShape::scalar, {}, true},
      {"description", "string", "any", "A short paragraph on what sets the ruleset apart.",
       R"(description = "Carrés of 8 and 7 count 100.")", "empty", KeyShape::scalar, {}, true},
      {"extends", "string", "a ruleset name, or a path (ending in `.toml` or holding `/`) relative to this file",
       "The base ruleset: its keys apply first, then this file's. Chains are allowed (up to 64 files); cycles are not.",
       R"(extends = "classique")", "none", KeyShape::scalar, {}, true},

      // The deck.
      {"deck.ranks", "array of strings", "3 to 16 names of 1 to 3 ASCII letters or digits, distinct without regard to case",
       "Rank names in natural order, lowest first. Sequences follow this order. A file that sets it "
       "starts every table keyed by rank afresh: the base's rank tables are dropped; its arrays of ranks "
       "(the trick orders, the carrés' order) are kept and must list the new ranks.",
       R"(ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"])", "the classic 32-card deck"},
      {"deck.rank_aliases", "table of rank = array of strings",
       "names of 1 to 3 ASCII letters or digits that no rank or other alias uses (compared without case)",
       "Other spellings accepted in card tokens (e.g. `T` for 10, French `V D R` for J Q K).",
       R"(rank_aliases = { 10 = ["T"], J = ["V"], Q = ["D"], K = ["R"] })",
       "the classic deck's aliases", KeyShape::table},
      {"deck.suits", "array of 4 strings", "one ASCII letter each, distinct",
       "Suit letters, in the order cards are listed.", R"(suits = ["S", "H", "D", "C"])",
       "the classic deck's suits"},
      {"deck.suit_symbols", "array of 4 strings", "one symbol each, distinct",
       "Symbols for the suits, accepted in card tokens and used in text output.",
       R"(suit_symbols = ["♠", "♥", "♦", "♣"])", "the classic deck's symbols"},
      {"deck.hand_size", "integer", "the number of ranks (the whole deck is dealt to 4 players)",
       "Cards per hand, and tricks per mène. It follows from the deck, so it can be left out; a file "
       "that sets new ranks drops the value of its bases.",
       "hand_size = 8", "the number of ranks", KeyShape::scalar, {}, false, true},
      {"deck.last_trick", "integer", "0 to 1000", "Points for the last trick (dix de der).",
       "last_trick = 10", "the classic deck's"},
      {"deck.trump_points", "table of rank = integer", "every rank once, 0 to 1000",
       "Card points of each rank in the trump suit.",
       R"(trump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0 })",
       "the classic deck's", KeyShape::table},
      {"deck.plain_points", "table of rank = integer", "every rank once, 0 to 1000",
       "Card points of each rank in the other suits.",
       R"(plain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 })",
       "the classic deck's", KeyShape::table},
      {"deck.trump_order", "array of ranks", "every rank once",
       "The trump suit's ranks in trick order, weakest first: which card wins a trick. "
       "Scoring does not use it; it describes the game (and each kind may change it).",
       R"(trump_order = ["7", "8", "Q", "K", "10", "A", "9", "J"])", "the ranks' natural order"},
      {"deck.plain_order", "array of ranks", "every rank once",
       "The other suits' ranks in trick order, weakest first.",
       R"(plain_order = ["7", "8", "9", "J", "Q", "K", "10", "A"])", "the ranks' natural order"},

      // Sequences.
      {"sequences.points", "table of length = integer", "lengths from 3 up, following each other; 0 to 10000",
       "Points of a run by its length. A longer run than the longest entry takes that entry's "
       "value, unless `split_long_runs` is true.",
       R"(points = { 3 = 20, 4 = 50, 5 = 100 })", "", KeyShape::table},
      {"sequences.names", "table of length = string",
       "the lengths of `sequences.points`; each name a letter of any alphabet, then letters, digits and '-', "
       "at most 32 characters (`tierce`, `fünfblatt`), distinct without regard to case, neither `belote` nor "
       "starting with `carre`",
       "The name of each length, used in outputs, declared announcements and `announcements.categories`. "
       "Outputs write it as given here (`Terz`); declared announcements and categories may write it in any case.",
       R"(names = { 3 = "tierce", 4 = "cinquante", 5 = "cent" })", "", KeyShape::table},
      {"sequences.split_long_runs", "boolean", "true or false",
       "Whether a run longer than the longest entry splits into several announcements "
       "(8 cards = cent + tierce) instead of counting as the longest entry.",
       "split_long_runs = false", ""},

      // Carrés.
      {"carres.points", "table of rank = integer", "every rank once, 0 to 10000",
       "Points of the carré of each rank. A carré worth 0 is not an announcement.",
       R"(points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0 })", "",
       KeyShape::table},
      {"carres.void_deal", "array of ranks", "ranks of the deck whose carré is worth 0 in `carres.points`",
       "Ranks whose carré annuls the deal: nobody scores and the cards are dealt again.",
       R"(void_deal = ["7"])", "", KeyShape::scalar, {}, false, false, true},
      {"carres.order", "array of ranks", "every rank once",
       "Ranks from weakest to strongest, to rank two carrés of equal worth.",
       R"(order = ["7", "8", "9", "J", "Q", "K", "10", "A"])", ""},

      // Belote.
      {"belote.points", "integer", "0 to 10000",
       "Points of the belote (the given ranks of trumps in one hand), outside the competition "
       "between announcements.",
       "points = 20", ""},
      {"belote.cards", "array of ranks", "1 to 4 distinct ranks", "The trump ranks one player must hold.",
       R"(cards = ["K", "Q"])", "", KeyShape::scalar, {}, false, false, true},
      {"belote.words", "array of strings", "1 or 2 words (a letter of any alphabet, then letters, digits and '-', at most 32 "
       "characters; compared without case)",
       "What a player says with a card of the pair, in a played mène and at the table: the first word with the "
       "pair's first card, the second with the next (one word: the same with each). The table writes it "
       "(\"Q♣ stöck\"); these words, the aliases and the words of any played mène (`belote`, `rebelote`, `stöck`, "
       "`stock`, `stoeck`) are read as said. The first word also names the pair in explanations (\"E holds the "
       "stöck (Q♥ K♥)\", \"97 + 20 stöck\").",
       R"(words = ["stöck"])", R"(`["belote", "rebelote"]`)"},
      {"belote.aliases", "array of strings", "0 to 8 words, as `words`",
       "Other words read as said with a card of the pair, as `words` are (a spelling without accents, a "
       "word of another language).",
       R"(aliases = ["bela"])", "`[]`", KeyShape::scalar, {}, false, false, true},

      // Announcements.
      {"announcements.card_reuse", "boolean", "true or false",
       "Whether one card may serve in a carré and a sequence. When false, each player declares "
       "the set of announcements with no shared card worth the most.",
       "card_reuse = true", ""},
      {"announcements.min_tricks", "integer", "0 to hand_size",
       "Tricks a team must take to score its announcements (0: no condition). The belote is not affected.",
       "min_tricks = 1", ""},
      {"announcements.exact_tie", "string", "`nobody`, `first-speaker`, `both`",
       "When the two teams' best announcements of a contest are equal by every criterion of "
       "`announcements.compare`: nobody scores that contest's announcements, or the team of the "
       "tied holder who speaks first scores them, or both teams score their own.",
       R"(exact_tie = "nobody")", "", KeyShape::scalar, {"nobody", "first-speaker", "both"}},
      {"announcements.strength", "string", "`category`, `points`",
       "A preset of `announcements.compare`. `category` is [\"category\", \"kind\", \"length\", "
       "\"height\", \"trump\"]: by `announcements.categories`, then length, height, trumps. "
       "`points` is [\"points\", \"kind\", \"length\", \"height\", \"trump\"]: more points wins, "
       "at equal points a carré beats a sequence, then length, height, trumps. Of `strength` and "
       "`compare`, the one set by the later file of the extends chain applies.",
       R"(strength = "category")", "required unless `compare` is set", KeyShape::scalar, {"category", "points"}},
      {"announcements.compare", "array of strings",
       "`category`, `points`, `kind`, `sequence-first`, `length`, `height`, `trump`, `first-speaker`, each once; "
       "not both `kind` and `sequence-first`; `first-speaker` last",
       "How two announcements are ranked: the criteria in order, the first that tells them apart "
       "decides. `category`: the order of `announcements.categories`; `points`: more points; "
       "`kind`: a carré beats a sequence (`sequence-first`: the other way round); `length`: the "
       "longer sequence; `height`: the higher top card of a sequence (in the kind's "
       "`sequence_order`) or the carré higher in the kind's carré order; `trump`: the sequence in "
       "trumps (where the kind has `trump_breaks_ties`); `first-speaker`: the holder who speaks "
       "first. Two announcements equal on every criterion are an exact tie (`exact_tie`).",
       R"(compare = ["points", "kind", "height"])", "the preset of `strength`"},
      {"announcements.contests", "array of arrays of strings",
       "sequence names, `carre-RANK`, `sequences`, `carres`; every announcement in one contest",
       "Separate contests, each over a group of announcements: in each, the team holding the "
       "strongest announcement of the group scores all of its own announcements of that group, "
       "and an exact tie settles only that contest. At most 4 contests.",
       R"(contests = [["carres"], ["sequences"]])", "one contest over every announcement"},
      {"announcements.categories", "array of strings or arrays of strings",
       "sequence names and `carre-RANK` (or `carré-RANK`), compared without case; every kind that scores, each once",
       "With the `category` criterion (`strength = \"category\"`, or `compare` naming it): the "
       "categories, strongest first. An inner array is one category holding several kinds (carrés "
       "of equal rank in the order).",
       R"(categories = ["carre-J", "carre-9", ["carre-A", "carre-10", "carre-K", "carre-Q"], "cent", "cinquante", "tierce"])",
       "required with the `category` criterion"},

      // Contract kinds: what a deal is played in. Each [kinds.NAME] table is one kind.
      {"kinds.*.trumps", "string", "`one-suit`, `none`, `all-suits`",
       "Which suits are trumps in this kind: one suit, named by the deal's `trump`; none "
       "(sans-atout, no-trumps, obenabe, undenufe); or every suit (tout-atout). A ruleset with no "
       "[kinds] table has one kind, `suit`, with one trump suit and every value from the other sections.",
       "[kinds.sans-atout]\ntrumps = \"none\"", "", KeyShape::scalar, {"one-suit", "none", "all-suits"}},
      {"kinds.*.suits", "array of suit letters", "suits of the deck, each once",
       "With `trumps = \"one-suit\"`: the suits this kind may be played in. Two one-suit kinds "
       "may not share a suit: a deal that names only its `trump` is played in the kind of that suit.",
       "[kinds.noir]\nsuits = [\"S\", \"C\"]", "every suit"},
      {"kinds.*.aliases", "array of strings", "names not used by another kind",
       "Other names a deal may give for this kind (case does not matter).",
       "[kinds.sans-atout]\naliases = [\"SA\"]", "none"},
      {"kinds.*.trump_points", "table of rank = integer", "every rank once, 0 to 1000",
       "With `trumps = \"one-suit\"`: card points in the trump suit.",
       "[kinds.couleur]\ntrump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0 }",
       "`deck.trump_points`", KeyShape::table},
      {"kinds.*.plain_points", "table of rank = integer", "every rank once, 0 to 1000",
       "With `trumps = \"one-suit\"`: card points in the other suits.",
       "[kinds.couleur]\nplain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 }",
       "`deck.plain_points`", KeyShape::table},
      {"kinds.*.points", "table of rank = integer", "every rank once, 0 to 1000",
       "With `trumps = \"none\"` or `\"all-suits\"`: card points of each rank, in every suit.",
       "[kinds.sans-atout]\npoints = { A = 19, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 }",
       "required with `trumps = \"none\"` or `\"all-suits\"`", KeyShape::table},
      {"kinds.*.trump_order", "array of ranks", "every rank once",
       "With `trumps = \"one-suit\"`: the trump suit's trick order, weakest first.",
       "[kinds.couleur]\ntrump_order = [\"7\", \"8\", \"Q\", \"K\", \"10\", \"A\", \"9\", \"J\"]",
       "`deck.trump_order`"},
      {"kinds.*.plain_order", "array of ranks", "every rank once",
       "With `trumps = \"one-suit\"`: the other suits' trick order, weakest first.",
       "[kinds.couleur]\nplain_order = [\"7\", \"8\", \"9\", \"J\", \"Q\", \"K\", \"10\", \"A\"]",
       "`deck.plain_order`"},
      {"kinds.*.order", "array of ranks", "every rank once",
       "With `trumps = \"none\"` or `\"all-suits\"`: the trick order in every suit, weakest first.",
       "[kinds.undenufe]\norder = [\"A\", \"K\", \"Q\", \"J\", \"10\", \"9\", \"8\", \"7\", \"6\"]",
       "`deck.plain_order` (`none`) or `deck.trump_order` (`all-suits`)"},
      {"kinds.*.last_trick", "integer", "0 to 1000", "Points for the last trick in this kind.",
       "[kinds.sans-atout]\nlast_trick = 10", "`deck.last_trick`"},
      {"kinds.*.card_multiplier", "integer", "1 to 100",
       "Multiplies the card points and the last trick (not the announcements): a deal's card points "
       "add up to the kind's total times this. Bulgarian no-trumps doubles them (260).",
       "[kinds.no-trumps]\ncard_multiplier = 2", "1"},
      {"kinds.*.capot", "integer", "0 to 10000",
       "Card points of a team that takes every trick in this kind (the other team has 0).",
       "[kinds.no-trumps]\ncapot = 350", "`contract.capot`"},
      {"kinds.*.announcements", "string or array of strings",
       "`all`, `none`, or sequence names, `carre-RANK`, `sequences`, `carres`",
       "Which announcements are declared in this kind. The belote is set apart (`belote`).",
       "[kinds.no-trumps]\nannouncements = \"none\"", "`all`"},
      {"kinds.*.carre_points", "table of rank = integer", "every rank once, 0 to 10000",
       "Points of the carré of each rank in this kind (a carré worth 0 is not an announcement).",
       "[kinds.sans-atout]\ncarre_points = { A = 200, 10 = 150, K = 100, Q = 100, J = 100, 9 = 100, 8 = 0, 7 = 0 }",
       "`carres.points`", KeyShape::table},
      {"kinds.*.carre_order", "array of ranks", "every rank once",
       "Ranks from weakest to strongest, to rank two carrés of equal worth in this kind.",
       "[kinds.undenufe]\ncarre_order = [\"A\", \"K\", \"Q\", \"J\", \"10\", \"9\", \"8\", \"7\", \"6\"]",
       "`carres.order`"},
      {"kinds.*.sequence_order", "string", "`natural`, `reversed`",
       "How the height of two sequences compares: `natural`, the higher top card wins; "
       "`reversed`, the lower bottom card wins (undenufe: a run from the 6 beats a run to the ace).",
       "[kinds.undenufe]\nsequence_order = \"reversed\"", "`natural`", KeyShape::scalar, {"natural", "reversed"}},
      {"kinds.*.belote", "string", "`trump-suit`, `every-suit`, `nowhere`",
       "Where the belote lives: the `belote.cards` of the trump suit; of every suit, each pair "
       "held in one hand counting (tout-atout); or nowhere.",
       "[kinds.tout-atout]\nbelote = \"every-suit\"",
       "`trump-suit` with one trump suit, `every-suit` with all, `nowhere` with none",
       KeyShape::scalar, {"trump-suit", "every-suit", "nowhere"}},
      {"kinds.*.trump_breaks_ties", "boolean", "true or false",
       "Whether the `trump` criterion of `announcements.compare` applies in this kind (it can "
       "only tell sequences apart where one suit is trumps).",
       "[kinds.couleur]\ntrump_breaks_ties = true", "true"},
      {"kinds.*.score_multiplier", "integer", "1 to 100",
       "Multiplies everything each team writes for a deal of this kind (card points, "
       "announcements, belote).",
       "[kinds.obenabe]\nscore_multiplier = 3", "1"},

      {"kinds.*.bid_multiplier", "integer", "1 to 100",
       "The contract's value in this kind is the bid times this (the `bid` term of [scoring]); the "
       "bid the takers must reach stays the bid.",
       "[kinds.sans-atout]\nbid_multiplier = 2", "1"},
      {"kinds.*.rounding_up_from", "integer", "0 to `rounding.step`",
       "The remainder from which a side's written number rounds up in this kind (the leader's, "
       "with `rounding.sides = \"leader\"`).",
       "[kinds.suit]\nrounding_up_from = 7", "`rounding.up_from`"},
      {"kinds.*.doubled_even", "string", "`up`, `down`, `no`",
       "In a doubled deal of this kind, a written number holding an odd count of units is made "
       "even, one unit up or down.",
       "[kinds.all-trumps]\ndoubled_even = \"up\"", "`no`", KeyShape::scalar, {"no", "up", "down"}},
      {"kinds.*.enabled", "boolean", "true or false",
       "False takes the kind out of the ruleset: the way an overlay drops a kind of its base. A deal that names it, "
       "by its name or an alias, is told that this key takes it out.",
       "[kinds.tout-atout]\nenabled = false", "true"},

      // Contract.
      {"contract.test", "string", "`more-than-defenders`, `reach-bid`, `reach-bid-not-below-defenders`, `none`",
       "When the takers make their contract, their total (by `contract.basis`) against: the "
       "defenders' (strictly more; a tie as `on_tie` says); their bid (at least it); both (at least "
       "the bid, and not fewer than the defenders: equal is made); or nothing (`none`: no contract, "
       "each side writes its `[scoring.made]` terms). A named bid needing every trick is made when "
       "its trick condition holds, whatever the points.",
       R"(test = "reach-bid")", "`more-than-defenders`", KeyShape::scalar,
       {"more-than-defenders", "reach-bid", "reach-bid-not-below-defenders", "none"}},
      {"contract.basis", "array of strings", "`card-points` and any of `announcements`, `belote`, `roem`",
       "What the takers' and defenders' totals hold when they are compared for the contract "
       "(`roem`: the roem of [roem], the pit included).",
       R"(basis = ["card-points", "announcements", "belote"])", "", KeyShape::scalar, {}, false, false, true},
      {"contract.min_tricks", "integer", "0 to hand_size",
       "Tricks the takers must take to make any contract (coinche: 1).", "min_tricks = 1", "0"},
      {"contract.on_tie", "string", "`litige`, `made`, `failed`",
       "An exact tie in the contract comparison: `litige` (the defenders score now, the takers' "
       "points are held over for the winner of the next mène), or the contract counts as made or failed.",
       R"(on_tie = "litige")", "required with `test = \"more-than-defenders\"`", KeyShape::scalar, {"litige", "made", "failed"}},
      {"contract.failed_announcements", "string", "`takers`, `defenders`",
       "When the takers fail, who scores the announcements the takers won.",
       R"(failed_announcements = "defenders")", "required unless `[scoring.failed]` says what each side writes",
       KeyShape::scalar, {"takers", "defenders"}},
      {"contract.failed_belote", "string", "`takers`, `defenders`",
       "When the takers fail, who scores the takers' belote.",
       R"(failed_belote = "takers")", "required unless `[scoring.failed]` says what each side writes",
       KeyShape::scalar, {"takers", "defenders"}},
      {"contract.capot", "integer", "0 to 10000",
       "Card points of a team that takes every trick (the other team has 0).", "capot = 252", ""},
      {"contract.held_over_to", "string", "`contract-winner`, `higher-score`",
       "Who receives the points earlier deals held over (a litige, Bulgarian hanging points): the "
       "team that wins the next contract (the takers if made, the defenders if failed), or the "
       "team that scores more in it. A tied deal holds them over again.",
       R"(held_over_to = "higher-score")", "`contract-winner`", KeyShape::scalar, {"contract-winner", "higher-score"}},

      // Bids.
      {"bids.from", "integer", "1 to 10000, with `to` and `step`",
       "The lowest numeric bid; with `to` and `step`, the bids from `from` to `to` by `step`. A "
       "ruleset with bids requires every deal to carry one.",
       "from = 80", "none"},
      {"bids.to", "integer", "`from` to 10000", "The highest numeric bid of the range.", "to = 160", "none"},
      {"bids.step", "integer", "1 to 10000", "The gap between two bids of the range.", "step = 10", "none"},
      {"bids.values", "array of integers", "1 to 10000, each once",
       "Further numeric bids, besides the range.", "values = [82, 85]", "none"},
      {"bids.named.*.value", "integer", "1 to 100000",
       "A named bid (capot, générale): what it counts as the contract's value.",
       "[bids.named.capot]\nvalue = 250", ""},
      {"bids.named.*.needs", "string", "`points`, `every-trick`, `taker-every-trick`",
       "What the named bid needs to be made: its value in points, as a numeric bid; every trick to "
       "the takers; every trick to the taker alone (the deal says so in `result.tricks_by_seat`).",
       "[bids.named.capot]\nneeds = \"every-trick\"", "", KeyShape::scalar, {"points", "every-trick", "taker-every-trick"}},
      {"bids.named.*.enabled", "boolean", "true or false",
       "False takes the named bid out: the way an overlay drops a bid of its base.",
       "[bids.named.generale]\nenabled = false", "true"},

      // Doubling.
      {"doubling.levels", "table of name = integer", "names of letters, digits and '-'; factors 2 to 64",
       "The doubling levels a deal may name (`doubling = \"coinche\"`), each with the factor it "
       "multiplies the `times_factor` terms of [scoring] by. A file's levels join its base's (a level "
       "cannot be renamed or taken out), and no two levels share a factor: in an [auction], the level of "
       "the lowest factor is the double and the next the redouble, whatever order the files write them in.",
       R"(levels = { coinche = 2, surcoinche = 4 })", "none: deals are never doubled", KeyShape::table},

      // What each side writes.
      {"scoring.*.takers", "array of terms",
       "`own`, `own-cards`, `own-announcements`, `own-belote`, `own-roem`, `all`, `all-cards`, "
       "`all-announcements`, `all-belote`, `all-roem`, `bid`, an integer, `{ fixed = N, capot = M }`, "
       "`{ times_factor = [TERMS] }`",
       "What the takers write when the contract is `made`, `failed` or `tied` (with `-doubled`, the "
       "same in a doubled deal): the sum of the terms. `own` is the side's card points + scored "
       "announcements + belote + roem ([roem]); `all` both sides'; `own-roem` and `all-roem` the "
       "side's and both sides' roem, the pit included; `all-cards` the deal's card points (the kind's "
       "capot value when this side took every trick); `bid` the contract's value; `{ fixed = 160, "
       "capot = 250 }` 160, or 250 when this side took every trick; `{ times_factor = [...] }` the "
       "terms times the doubling factor. A result the ruleset does not set follows [contract] (the "
       "classic rules); a doubled one, its undoubled result.",
       "[scoring.made]\ntakers = [\"own\", \"bid\"]", "the classic rules", KeyShape::scalar, {}},
      {"scoring.*.defenders", "array of terms", "as `takers`",
       "What the defenders write, as `takers`.",
       "[scoring.failed]\ndefenders = [{ fixed = 160, capot = 250 }, \"bid\", \"all-announcements\", \"own-belote\"]",
       "the classic rules"},
      {"scoring.*.held", "array of terms", "as `takers`, the terms relative to the takers",
       "With `tied`: what is held over for a later deal (see `contract.held_over_to`).",
       "[scoring.tied]\nheld = [\"own\"]", "the takers' `own` (a litige)"},

      // Rounding.
      {"rounding.step", "integer", "1 to 1000", "What each side writes is rounded to a multiple of this (1: not rounded).",
       "step = 10", "1"},
      {"rounding.up_from", "integer", "0 to `step`",
       "The remainder from which a number rounds up: with a step of 10, 5 rounds 85 to 90 and 84 "
       "to 80; 6 rounds 85 down. (`step` itself: always down.) A file that changes `step` keeps its "
       "base's `up_from`, and must set its own where the base's is not below the new step.",
       "up_from = 5", "half the step, rounded up"},
      {"rounding.sides", "string", "`each`, `leader`",
       "Who rounds: each side on its own; or the side that writes more, with the other taking the "
       "rest of the deal's rounded total (so both add up), equal numbers each rounding on their own, "
       "and a side writing alone taking the rounded whole.",
       R"(sides = "leader")", "`each`", KeyShape::scalar, {"each", "leader"}},
      {"rounding.keep_nonzero", "boolean", "true or false",
       "With `sides = \"leader\"`: a side that scored points never rounds down to nothing; it "
       "takes one step from the leader.",
       "keep_nonzero = true", "false"},
      {"rounding.unit", "integer", "1 to 1000, dividing `step`",
       "The sheet counts in units of this many points: each written number is divided by it "
       "(Bulgarian boards count tens). `game.target` and held-over points are in these units.",
       "unit = 10", "1"},

      // The game.
      {"game.target", "integer", "1 to 100000", "Points a team needs to win a game, in the sheet's units (`rounding.unit`; the sheet can override it).",
       "target = 1000", "required unless `deals` is set"},
      {"game.deals", "integer", "1 to 1000",
       "A game of this many mènes (klaverjas: 16): after the last, the higher total wins and equal "
       "totals draw. With `target` too, a team reaching it first wins earlier; the last mène ends the "
       "game even where the target's rules would play on.",
       "deals = 16", "no limit"},
      {"game.both_reach", "string", "`highest`, `contract-winner`, `highest-or-draw`",
       "When both teams reach the target on the same mène: the higher total wins (equal totals "
       "play on), the team that won that mène's contract wins, or the higher total wins and equal "
       "totals end the game drawn. A team that `winner_needs_trick` stops counts as under the target.",
       R"(both_reach = "highest")", "required with `target`", KeyShape::scalar, {"highest", "contract-winner", "highest-or-draw"}},
      {"game.winner_needs_trick", "boolean", "true or false",
       "A team at or past the target wins only if it took a trick in that deal.",
       "winner_needs_trick = true", "false"},
      {"game.no_win_on_capot", "boolean", "true or false",
       "Nobody wins the game on a deal where a team took every trick (a Bulgarian valat): play goes on.",
       "no_win_on_capot = true", "false"},

      // The auction: how the contract comes about (rule book, part 4). A ruleset
      // with no [auction] keeps its deals naming their contract, unchecked.
      {"auction.style", "string", "`bidding`, `turned-card`, `chooser`",
       "The shape of the auction: players bid against each other until the passes end it; a turned "
       "card proposes the trump, taken or passed round by round (`rounds`); or one player names the "
       "trump, possibly after handing the choice to the partner (`schieben`). Setting any [auction] "
       "key makes deals that give an auction checked call by call.",
       R"(style = "bidding")", "required with [auction]; a ruleset with no [auction] key has no auction (deals name their contract)",
       KeyShape::scalar, {"bidding", "turned-card", "chooser"}},
      {"auction.kinds", "array of strings",
       "suit letters of the deck (a one-suit kind played in that suit) and names or aliases of the "
       "[kinds] whose trumps are `none` or `all-suits`, each once",
       "The kinds a bid or a choice may name, written in calls as listed here. With `order = \"kind\"` "
       "the list is the ladder, lowest first.",
       R"(kinds = ["S", "H", "D", "C", "NT", "AT"])", "required with [auction]"},
      {"auction.order", "string", "`value`, `kind`",
       "What makes a bid higher: a later value in the ruleset's bids (the numbers ascending, then "
       "the named bids in their order; the kind plays no part), or a later kind in `kinds` "
       "(bids carry no value). Any seat may bid higher, the bidder's partner included.",
       R"(order = "value")", "`value`", KeyShape::scalar, {"value", "kind"}},
      {"auction.pass_is_final", "boolean", "true or false",
       "Whether a seat that passed may never bid again in this auction (it may still pass and double).",
       "pass_is_final = false", "false"},
      {"auction.double", "boolean", "true or false",
       "Whether an opponent of the bidder may double the standing bid (the first level of "
       "[doubling], called by its name: `coinche`, `kontra`).",
       "double = true", "false"},
      {"auction.redouble", "boolean", "true or false",
       "Whether the bidder's team may redouble a doubled bid (the second level of [doubling]: "
       "`surcoinche`, `rekontra`).",
       "redouble = true", "false"},
      {"auction.double_timing", "string", "`in-turn`, `any-time`",
       "Whether only the seat to speak may double, or either opponent of the bidder at any time "
       "while the auction is open (the turn then passes to the seat after the doubler). Redoubles "
       "are always in turn.",
       R"(double_timing = "in-turn")", "`in-turn`", KeyShape::scalar, {"in-turn", "any-time"}},
      {"auction.after_double", "string", "`close-bids`, `continue`",
       "After a double: nobody may bid any more (the bidder's team may redouble, the passes "
       "count afresh); or the bidding goes on and a higher bid cancels the double or redouble.",
       R"(after_double = "close-bids")", "`close-bids`", KeyShape::scalar, {"close-bids", "continue"}},
      {"auction.doubled_bidder_may_bid", "boolean", "true or false",
       "With `after_double = \"continue\"`: whether the doubled bidder himself may bid higher "
       "(his partner and the defenders always may).",
       "doubled_bidder_may_bid = false", "false"},
      {"auction.redouble_ends", "boolean", "true or false",
       "Whether a redouble ends the auction at once; otherwise passes (or a higher bid) follow.",
       "redouble_ends = true", "true"},
      {"auction.passes_to_end", "integer", "1 to 3",
       "A bidding auction ends when a bid stands and this many calls in a row are passes (the count "
       "restarts at every bid, double and redouble). Four passes with no bid: everybody passed.",
       "passes_to_end = 3", "3"},
      {"auction.on_all_pass", "string", "`redeal`, `forced-first-speaker`, `forced-dealer`, `next-turned-card`",
       "When everybody passes (the last of `rounds` in a turned-card auction): the cards are dealt "
       "again; the first speaker, or the dealer, must choose the trump; or another card is turned "
       "and a new round starts (redeal after four suits refused).",
       R"(on_all_pass = "redeal")", "`redeal`", KeyShape::scalar,
       {"redeal", "forced-first-speaker", "forced-dealer", "next-turned-card"}},
      {"auction.next_dealer_after_redeal", "string", "`next`, `same`",
       "Who deals after everybody passed: the next seat, as after a played deal, or the same dealer.",
       R"(next_dealer_after_redeal = "next")", "`next`", KeyShape::scalar, {"next", "same"}},
      {"auction.rounds", "array of strings", "`turned`, `other-suit`, `any-suit`",
       "With `style = \"turned-card\"`: the rounds offered, each starting at the first speaker: take "
       "the turned suit or pass; choose a suit other than the turned one or pass; choose any suit "
       "or pass. The first take or choice ends the auction.",
       R"(rounds = ["turned", "other-suit"])", "required with `style = \"turned-card\"`"},
      {"auction.forced_choice", "string", "`any-suit`, `turned-suit`",
       "What a player forced by `on_all_pass` may choose: any of `kinds`, or the refused turned suit.",
       R"(forced_choice = "any-suit")", "`any-suit`", KeyShape::scalar, {"any-suit", "turned-suit"}},
      {"auction.schieben", "boolean", "true or false",
       "With `style = \"chooser\"`: whether the first speaker may hand the choice to the partner, "
       "who must then choose.",
       "schieben = true", "false"},
      {"auction.schieben_back", "boolean", "true or false",
       "With `schieben`: whether the partner may hand the choice back once (the first speaker must then choose).",
       "schieben_back = false", "false"},
      {"auction.first_speaker", "string", "`after-dealer`",
       "Who speaks first: the seat after the dealer (every family read).",
       R"(first_speaker = "after-dealer")", "`after-dealer`", KeyShape::scalar, {"after-dealer"}},
      {"auction.first_deal_speaker", "string", "`after-dealer`, or `holder-of:CARD` with a card of the deck",
       "Who speaks first in a game's first deal: as in the others, or whoever holds the card (the "
       "auction then names its first speaker, `first`; the engine does not look at hands for it).",
       R"(first_deal_speaker = "holder-of:7H")", "`after-dealer`"},
      {"auction.first_lead", "string", "`first-speaker`, `taker`",
       "Who leads the first trick: the first speaker, whoever took; or the taker.",
       R"(first_lead = "first-speaker")", "`first-speaker`", KeyShape::scalar, {"first-speaker", "taker"}},
      {"auction.take_call", "string", "a word of letters and '-'",
       "The word of a turned-card auction's take call (`take`, klaverjas `play`).",
       R"(take_call = "take")", "`take`"},
      // How the cards are played: the legal card of each turn and what must be said.
      {"play.raise_on_trump_lead", "string", "`always`, `unless-partner`, `never`",
       "Trump led, and the player holds trumps: whether he must play a trump that beats the "
       "trick's highest trump when he holds one: always (even over his partner), unless his "
       "partner wins the trick, or never (any trump). One who cannot beat it plays any trump.",
       R"(raise_on_trump_lead = "unless-partner")", "`always`", KeyShape::scalar, {"always", "unless-partner", "never"}},
      {"play.must_trump", "string", "`always`, `unless-partner`, `never`",
       "One-suit kinds: a player void in a plain led suit and holding a trump must play a trump "
       "always (even on his partner's trick), unless his partner wins the trick (then any card), "
       "or never (any card).",
       R"(must_trump = "always")", "`unless-partner`", KeyShape::scalar, {"always", "unless-partner", "never"}},
      {"play.overtrump", "boolean", "true or false",
       "When `must_trump` obliges a player to trump a trick that already holds a trump: whether he "
       "must play a trump that beats the trick's highest trump when he holds one (false: any trump).",
       "overtrump = false", "true"},
      {"play.undertrump", "string", "`must`, `free`",
       "When `must_trump` obliges a player to trump a trick whose highest trump he cannot beat: "
       "`must`, he still plays a (lower) trump; `free`, any card (subject to `undertrump_ban`).",
       R"(undertrump = "free")", "`must`", KeyShape::scalar, {"must", "free"}},
      {"play.trump_instead_of_following", "boolean", "true or false",
       "One-suit kinds: a player holding the plain led suit may play a trump instead of following "
       "(Schieber), subject to `undertrump_ban`.",
       "trump_instead_of_following = true", "false"},
      {"play.trump_jack_exempt", "boolean", "true or false",
       "Trump led, and the player's only trump is the jack of trumps: he need not follow (the "
       "Schieber Buur); any card of his hand.",
       "trump_jack_exempt = true", "false"},
      {"play.raise_in_all_trumps", "string", "`always`, `unless-partner`, `never`",
       "All-trump kinds: a player following the led suit must beat the card winning the trick when "
       "able: always, unless his partner wins it, or never. A void player plays any card; in "
       "no-trump kinds a player only follows suit.",
       R"(raise_in_all_trumps = "unless-partner")", "`always`", KeyShape::scalar, {"always", "unless-partner", "never"}},
      {"play.undertrump_ban", "string", "`none`, `unless-only-trumps`, `unless-only-lower-trumps`",
       "After a plain lead that has been trumped, a trump lower than the trick's highest trump is "
       "refused wherever it would otherwise be allowed (no duty to trump, the partner winning, "
       "`undertrump = \"free\"`, `trump_instead_of_following`): never refused (`none`); refused "
       "unless every card of the hand is a trump; refused unless every card of the hand is such a "
       "lower trump. It never applies when trump was led.",
       R"(undertrump_ban = "unless-only-lower-trumps")", "`none`", KeyShape::scalar, {"none", "unless-only-trumps", "unless-only-lower-trumps"}},
      {"play.belote_call", "string", "`held`, `first`, `first-or-second`",
       "In a played mène whose players say what they announce (`spoken = true`): what makes a "
       "belote pair count. `held`: holding it; `first`: \"belote\" said with the first of its "
       "two cards played (said later, it is lost); `first-or-second`: said with either card. "
       "Deals that give the hands or the result are scored as before.",
       R"(belote_call = "first-or-second")", "`first`", KeyShape::scalar, {"held", "first", "first-or-second"}},
      {"play.rebelote_required", "boolean", "true or false",
       "With `belote_call` `first`: whether \"rebelote\" must also be said with the second card "
       "for the belote to count (`true` with another call is refused: it would mean nothing).",
       "rebelote_required = true", "false"},
      {"play.belote_led_or_followed", "boolean", "true or false",
       "All-trump kinds, with `belote_call` other than `held`: the first card of a pair must be led "
       "or follow the led suit; played as a discard, the pair cannot be called (`true` with `held` is "
       "refused: nothing is called).",
       "belote_led_or_followed = true", "false"},
      {"play.revoke.offenders", "array of terms", "as `scoring.*.takers`, relative to the team that revoked",
       "A played mène that states a revoke (its key `revoke`: the seat that played the first card that "
       "breaks a duty of [play]): what that seat's team writes, as a sum of the terms of [scoring] (an empty "
       "array: nothing). The explanation names the card and the rule. With `others`; without [play.revoke], "
       "a mène that states a revoke is refused. An illegal card no `revoke` states is refused either way.",
       "offenders = []", "required with `play.revoke.others`; without both, a revoke is refused"},
      {"play.revoke.others", "array of terms", "as `scoring.*.takers`, relative to the other team",
       "With `offenders`: what the team that did not revoke writes (klaverjas: all the card points and "
       "all the roem).",
       R"(others = ["all-cards", "all-roem"])", "required with `play.revoke.offenders`; without both, a revoke is refused"},
      // How a table deals (rule book, part 5, section 1).
      {"dealing.packets", "array of integers", "1 to the hand size each, adding up to at most the hand size",
       "The packets each seat receives in turn before the auction, from the seat after the dealer "
       "(French belote: 3 then 2; the contrée: 3, 3, 2). The rest of the hand is dealt after the "
       "auction (`packets_after`).",
       "packets = [3, 2]", "the whole hand in one packet"},
      {"dealing.packets_after", "array of integers", "1 to the hand size each",
       "The packets dealt after the auction, from the seat after the dealer; with a turned card the "
       "taker receives it first and one card fewer in the first packet. Both lists add up to the hand size.",
       "packets_after = [3]", "none (the whole hand before the auction)"},
      {"dealing.turned", "string", "`none`, `card`, `suit`",
       "What proposes the trump in a turned-card auction: nothing; the next card of the pack, turned "
       "face up after the first packets and received by the taker (French belote); or a card turned "
       "from outside the hands, of which only the suit matters (klaverjas). Each further proposal "
       "(`auction.on_all_pass = \"next-turned-card\"`) is a suit not yet proposed. Read only where "
       "the auction is a turned-card one (`auction.style`).",
       R"(turned = "card")", "`card` for a turned-card auction with cards dealt after it, `suit` for one without, `none` otherwise",
       KeyShape::scalar, {"none", "card", "suit"}},
      // Points counted trick by trick (klaverjas roem).
      {"roem.runs", "table of length = integer", "lengths 3 and 4, 0 to 10000",
       "Roem for a run of cards of one suit in natural order (`deck.ranks`) among the four cards of "
       "a trick, by its length; it goes to the team that wins the trick, whoever played the cards. "
       "A trick holds at most one run.",
       "runs = { 3 = 20, 4 = 50 }", "no roem for runs", KeyShape::table},
      {"roem.stuk", "integer", "0 to 10000",
       "Roem when the cards of `stuk_cards` of a belote suit of the kind (`kinds.*.belote`: the "
       "trump suit in a suit contract) fall in one trick, added to a run they belong to.",
       "stuk = 20", "0"},
      {"roem.stuk_cards", "array of ranks", "2 to 4 ranks of the deck",
       "The ranks that make the stuk.",
       R"(stuk_cards = ["K", "Q"])", "required when `stuk` is above 0", KeyShape::scalar, {}, false, true},
      {"roem.four_of_a_kind", "table of rank = integer", "every rank once, 0 to 10000",
       "Roem for the four cards of one rank in a trick (such a trick holds no run or stuk).",
       "four_of_a_kind = { J = 200, 9 = 100, A = 100, 10 = 100, K = 100, Q = 100, 8 = 100, 7 = 100 }",
       "no roem for four of a kind", KeyShape::table},
      {"roem.pit", "integer", "0 to 10000",
       "Roem added for the team that takes every trick (the pit or mars); its card points stay as "
       "played, the kind's capot value aside.",
       "pit = 100", "0"},
  };
  return keys;
}

}  // namespace

std::span<const KeySpec> ruleset_keys() { return registry(); }

std::vector<std::string_view> key_segments(std::string_view path) {
  std::vector<std::string_view> segments;
  std::size_t start = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] == '"') quoted = !quoted;
    else if (path[i] == '.' && !quoted) {
      segments.push_back(path.substr(start, i - start));
      start = i + 1;
    }
  }
  segments.push_back(path.substr(start));
  return segments;
}

namespace {

// The registered paths split into segments once: a ruleset's load looks keys
// up thousands of times, and splitting every registered path at each lookup
// was most of a load's time.
const std::vector<std::vector<std::string_view>>& registry_segments() {
  static const std::vector<std::vector<std::string_view>> segments = [] {
    std::vector<std::vector<std::string_view>> out;
    for (const KeySpec& key : registry()) out.push_back(key_segments(key.path));
    return out;
  }();
  return segments;
}

// Whether the first segments of a registered path, `spec`, match `segments` ('*' matches any name).
bool matches(const std::vector<std::string_view>& spec, const std::vector<std::string_view>& segments, bool whole) {
  if (whole ? spec.size() != segments.size() : spec.size() <= segments.size()) return false;
  for (std::size_t i = 0; i < segments.size(); ++i)
    if (spec[i] != "*" && spec[i] != segments[i]) return false;
  return true;
}

}  // namespace

const KeySpec* find_key(std::string_view path) {
  const auto segments = key_segments(path);
  const auto& specs = registry_segments();
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (matches(specs[i], segments, true)) return &registry()[i];
  return nullptr;
}

bool holds_keys(std::string_view path) {
  const auto segments = key_segments(path);
  for (const auto& spec : registry_segments())
    if (matches(spec, segments, false)) return true;
  return false;
}

bool names_a_table(std::string_view path) {
  const auto segments = key_segments(path);
  for (const auto& spec : registry_segments())
    if (spec.size() > segments.size() && spec[segments.size()] == "*" && matches(spec, segments, false)) return true;
  return false;
}

bool keyed_by_rank(const KeySpec& key) {
  // Arrays of ranks (the trick orders, the carrés' order) are kept, and checked against the new ranks:
  // an order dropped for the ranks' natural order would change who wins a trick without a word.
  return key.type.starts_with("table of rank");
}

bool reset_by_new_ranks(const KeySpec& key) { return key.follows_ranks || keyed_by_rank(key); }

std::vector<std::string> ruleset_sections() {
  std::vector<std::string> sections;
  for (const KeySpec& key : registry()) {
    const auto dot = key.path.find('.');
    if (dot == std::string_view::npos) continue;
    std::string section(key.path.substr(0, dot));
    if (std::find(sections.begin(), sections.end(), section) == sections.end()) sections.push_back(section);
  }
  return sections;
}

std::string keys_markdown() {
  std::string out;
  std::string section = "-";
  for (const KeySpec& key : registry()) {
    const auto dot = key.path.find('.');
    const std::string this_section(dot == std::string_view::npos ? "" : key.path.substr(0, dot));
    if (this_section != section) {
      section = this_section;
      const bool named = key.path.starts_with(section + ".*");
      out += fmt::format("\n### {}\n", section.empty() ? "Top level" : named ? "[" + section + ".NAME]" : "[" + section + "]");
    }
    out += fmt::format("\n#### `{}`\n\n", key.path);
    out += fmt::format("- type: {}\n", key.type);
    out += fmt::format("- allowed: {}\n", key.allowed);
    out += fmt::format("- default: {}\n", key.default_value.empty() ? "none: required (here or in a base)"
                                                                    : std::string(key.default_value));
    const bool own_header = key.example.starts_with("[");
    out += fmt::format("\n{}\n\n```toml\n{}{}\n```\n", key.meaning,
                       section.empty() || own_header ? "" : "[" + section + "]\n", key.example);
  }
  return out;
}

}  // namespace belote
