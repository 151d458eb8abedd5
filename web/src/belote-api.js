// The belote-rules engine for JavaScript: the WebAssembly module behind a
// small API of plain objects (docs/web.md). Every rule comes from the engine;
// this file only moves JSON across.

/**
 * Starts the engine. Resolves to an object whose methods are synchronous.
 * @param {object} [options] passed to the Emscripten module (e.g. print, printErr)
 */
async function createBelote(options) {
  const engine = await createBeloteEngine(Object.assign({}, options));

  // Text crosses into the engine's memory with the browser's own UTF-8
  // encoder and decoder: Emscripten's helpers walk it a byte at a time in
  // JavaScript, and Chromium's TextEncoder.encode is ten times slower than
  // its encodeInto, which writes straight into that memory.
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  /** `text` as UTF-8 in the engine's memory, with a zero after it: {pointer, size}; free the pointer. */
  function put(text) {
    const room = 3 * text.length; // UTF-8 takes at most 3 bytes for each UTF-16 unit
    const pointer = engine._malloc(room + 1);
    // HEAPU8 is read after malloc, which may grow the memory and replace it.
    const { written } = encoder.encodeInto(text, engine.HEAPU8.subarray(pointer, pointer + room));
    engine.HEAPU8[pointer + written] = 0;
    return { pointer, size: written };
  }
  const read = (pointer, size) => decoder.decode(engine.HEAPU8.subarray(pointer, pointer + size));
  // Outcomes come back in Latin-1 when each of their characters is one (the
  // engine says so): a string is made from it two to three times faster
  // than from UTF-8, by Node's Buffer or by the browser's "latin1" decoder
  // (windows-1252, the same for the characters the engine sends so).
  const latin1 = typeof Buffer === 'function'
    ? (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
    : ((latin1Decoder) => (bytes) => latin1Decoder.decode(bytes))(new TextDecoder('latin1'));

  // One call into the module: method name and arguments in, reply out, both JSON.
  function call(method, args) {
    const name = put(method);
    const text = put(JSON.stringify(args === undefined ? {} : args));
    try {
      const reply = JSON.parse(read(engine._belote_call(name.pointer, text.pointer), engine._belote_reply_length()));
      if (!reply.ok) throw new BeloteError(reply.error);
      delete reply.ok;
      return reply;
    } finally {
      engine._free(text.pointer);
      engine._free(name.pointer);
    }
  }

  // Long text goes to the engine as it is, not escaped into a call's JSON arguments, and comes back the same way.
  function give(text) {
    const given = put(text);
    try {
      engine._belote_input(given.pointer, given.size);
    } finally {
      engine._free(given.pointer);
    }
  }
  /** The text part of the last reply, in the `encoding` the reply gives. */
  function taken(encoding) {
    if (encoding !== 'latin1') return read(engine._belote_text(), engine._belote_text_length());
    const pointer = engine._belote_text();
    return latin1(engine.HEAPU8.subarray(pointer, pointer + engine._belote_text_length()));
  }

  // Deals go to the engine a piece of about a megabyte at a time (not the
  // whole text copied into its memory at once), and each piece's outcomes
  // follow the last piece's in the engine's memory: one string is made of
  // them all at the end. Strings made of each piece and then joined would
  // cost twice the memory, and fresh memory is what a string of a hundred
  // megabytes costs most. A piece with errors has the whole text scored
  // again in one call, so that the errors and their count past 100 are
  // those of belote score.
  const pieceBytes = 1 << 20;
  function scoreText(ruleset, deals, display) {
    let line = 0;
    let encoding = 'latin1';
    for (let start = 0; start < deals.length;) {
      let end = deals.indexOf('\n', Math.min(start + pieceBytes, deals.length - 1));
      end = end < 0 ? deals.length : end + 1;
      give(deals.slice(start, end));
      const first = start === 0;
      const reply = call('score', { ruleset, display, line, append: !first, expect: first ? deals.length : 0 });
      if (reply.errors.length) {
        give(deals);
        const whole = call('score', { ruleset, display });
        return { text: taken(whole.encoding), errors: whole.errors };
      }
      encoding = reply.encoding;
      line += reply.lines;
      start = end;
    }
    if (deals.length === 0) {
      call('score', { ruleset, display }); // an unknown ruleset is refused all the same
      return { text: '', errors: [] };
    }
    return { text: taken(encoding), errors: [] };
  }

  // Tables and players live in the engine under a number (web/src/table_calls.cpp);
  // dispose() gives one back, and one that is collected unused gives itself back.
  const collected = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ method, key, id }) => {
      try {
        call(method, { [key]: id });
      } catch {
        // The engine may be gone with its page.
      }
    })
    : null;
  function held(object, method, key, id) {
    const token = {};
    collected?.register(object, { method, key, id }, token);
    return () => collected?.unregister(token);
  }
  /** The ruleset argument of a table: a name, or {text, display} (TOML a person gave). */
  function rulesetArgs(ruleset) {
    if (typeof ruleset === 'string') return { ruleset };
    if (ruleset && typeof ruleset === 'object' && typeof ruleset.text === 'string') {
      return { ruleset_text: ruleset.text, display: ruleset.display ?? 'pasted.toml' };
    }
    throw new BeloteError('a ruleset is a name, or {text, display} with its TOML text');
  }
  /** A seed as text: a JavaScript number stops at 2^53, a seed at 2^64 - 1 (a BigInt or a string of digits). */
  const seedText = (seed) => (seed === undefined || seed === null ? '0' : String(seed));
  /** A reply refusing an action (illegal) thrown as IllegalAction; any other returned. */
  function checked(reply) {
    if (reply.illegal) throw new IllegalAction(reply.illegal.message, reply.illegal.rule);
    return reply;
  }

  /**
   * A game at the table under a ruleset with an auction (docs/web.md, "A game
   * at the table"), with the calls of Python's belote.Table.
   */
  class Table {
    #id;
    #release;
    #actionCount;
    #ruleset;

    /**
     * @param {string|{text: string, display?: string}} ruleset a ruleset's name, or TOML text
     * @param {object} [options] seed (a number, BigInt or string of digits), firstDealer ('N'),
     *   target (null: the ruleset's), maxMenes (0: to the game's end), teams ({NS, EW} or [NS, EW])
     */
    constructor(ruleset, { seed, firstDealer = 'N', target = null, maxMenes = 0, teams = null } = {}) {
      if (ruleset === Table.#adopt) return;
      this.#take(call('table_new', {
        ...rulesetArgs(ruleset), seed: seedText(seed), first_dealer: firstDealer, target, max_menes: maxMenes, teams,
      }));
    }

    static #adopt = Symbol('adopt');
    static #of(reply) {
      const table = new Table(Table.#adopt);
      table.#take(reply);
      return table;
    }
    #take({ table, action_count: actionCount, ruleset }) {
      this.#id = table;
      this.#actionCount = actionCount;
      this.#ruleset = ruleset;
      this.#release = held(this, 'table_free', 'table', table);
    }
    #call(method, args = {}) {
      if (this.#id === undefined) throw new BeloteError('this table was disposed');
      return call(method, { table: this.#id, ...args });
    }
    get #state() {
      return this.#call('table_state');
    }

    /**
     * The table at the end of a record (JSON or TOML text, or its object), every call and card checked:
     * replay(record) under the record's own ruleset (the one its `rules` holds, else the one its
     * `ruleset` names), replay(ruleset, record) under the one given (null: the record's own).
     */
    static replay(ruleset, record) {
      if (arguments.length === 1) [ruleset, record] = [null, ruleset];
      const given = ruleset === null || ruleset === undefined ? {} : rulesetArgs(ruleset);
      return Table.#of(call('table_replay', { ...given, record }));
    }

    /** The number the engine holds this table by (for a player's choose). */
    get id() {
      return this.#id;
    }

    /** Deals the game again from its start (from a new seed when given); the observation of the seat to act. */
    reset({ seed } = {}) {
      return this.#call('table_reset', seed === undefined ? {} : { seed: seedText(seed) }).observation;
    }

    /**
     * Applies an action (its number or its text) for the seat to act. Returns
     * {observation, rewards, done, info}: the observation of the seat to act
     * next (of the seat that acted, once the game is over), the points each
     * team wrote for the mène it finished ({NS, EW}), whether the game is over,
     * and {seat, action, text, mene_over, redeal}. Throws IllegalAction.
     */
    step(action) {
      const { observation, rewards, done, info } = checked(this.#call('table_apply', { action, observe: true }));
      return { observation, rewards, done, info };
    }

    /** step() without the observation: {rewards, done, info}. Throws IllegalAction. */
    apply(action) {
      const { rewards, done, info } = checked(this.#call('table_apply', { action }));
      return { rewards, done, info };
    }

    /** Takes back the last action (across mènes); false when there is none. */
    undo() {
      return this.#call('table_undo').undone;
    }

    /** The legal actions of the seat to act, in increasing order (none once the game is over). */
    legalActions() {
      return this.#call('table_legal').actions;
    }

    /** The same actions in words, in the same order: ['pass', '80 S', …]. */
    legalTexts() {
      return this.#call('table_legal').texts;
    }

    /** The legal actions and their words: [{action, text}]. */
    legal() {
      const { actions, texts } = this.#call('table_legal');
      return actions.map((action, i) => ({ action, text: texts[i] }));
    }

    /** A Uint8Array of actionCount entries: 1 for each legal action of the seat to act. */
    actionMask() {
      const { mask } = this.#call('table_legal', { mask: true });
      return Uint8Array.from(mask, (c) => (c === '1' ? 1 : 0));
    }

    /** An action in words, as the seat to act would say it: 'QH', 'KH belote', '80 H', 'pass'. */
    actionText(action) {
      return this.#call('table_action_text', { action }).text;
    }

    /** The action that text names for the seat to act (legal or not). Throws IllegalAction when it names none. */
    parseAction(text) {
      return checked(this.#call('table_parse_action', { text })).action;
    }

    /** What `seat` (the seat to act when not given) may know, as plain values (docs/web.md lists the keys). */
    observation(seat) {
      return this.#call('table_observe', seat === undefined ? {} : { seat }).observation;
    }

    /** The number of actions of the ruleset: the size of actionMask(). */
    get actionCount() {
      return this.#actionCount;
    }
    /** The ruleset's name. */
    get ruleset() {
      return this.#ruleset;
    }
    /** The seat to act, or null once the game is over. */
    get toAct() {
      return this.#state.to_act;
    }
    /** 'auction', 'play' or 'over'. */
    get phase() {
      return this.#state.phase;
    }
    get over() {
      return this.#state.over;
    }
    /** {totals, waiting, played, dealt, over, winner, drawn}. */
    get tally() {
      return this.#state.tally;
    }
    /** Each team's total so far: {NS, EW}. */
    get totals() {
      return this.#state.tally.totals;
    }
    /** The game's target (0: none). */
    get target() {
      return this.#state.target;
    }
    /** The seed the deals come from, as a BigInt. */
    get seed() {
      return BigInt(this.#state.seed);
    }
    /** The mènes finished, oldest first: {dealer, redeal, actions, contract, score, result, tricks}. */
    get history() {
      return this.#call('table_history').history;
    }
    /** The last mène scored, as `belote score --format json` writes it (null before any, or after a redeal). */
    get lastOutcome() {
      return this.#call('table_last_outcome').outcome;
    }

    /**
     * What each legal action of the seat to act is worth, by sampled double
     * dummy (`belote advise`): {seat, phase, measure, worlds, best, best_text,
     * actions: [{action, text, valued, expected, spread, make_chance}]}, the
     * expected card points of the seat's team in the play (its score less the
     * other team's in the auction), and the chance the contract is made.
     */
    advise({ worlds = 32, seed = 0 } = {}) {
      return checked(this.#call('table_advise', { worlds, seed: seedText(seed) }));
    }

    /** The game's record (its mènes finished): JSON text, or with format 'toml' a sheet `belote sheet` reads. */
    record(format = 'json', { pretty = false } = {}) {
      return this.#call('table_record', { format, pretty }).text;
    }

    /** An independent copy of the game. */
    copy() {
      return Table.#of(this.#call('table_copy'));
    }
    clone() {
      return this.copy();
    }

    /** Gives the table back to the engine; it cannot be used after. */
    dispose() {
      if (this.#id === undefined) return;
      this.#release();
      call('table_free', { table: this.#id });
      this.#id = undefined;
    }

    toString() {
      const state = this.#state;
      const where = state.over ? 'over' : `mène ${state.tally.dealt}, ${state.phase}, ${state.to_act} to act`;
      return `<belote.Table ${this.#ruleset}: ${where}; NS ${state.tally.totals.NS} EW ${state.tally.totals.EW}>`;
    }
  }

  /** An engine player, by any name the engine's make_player reads ('random'). */
  class Player {
    #id;
    #release;
    #name;

    /** With `seat`, seeded as `belote play --seed SEED` seeds the player of that seat. */
    constructor(name, { seed, seat } = {}) {
      const reply = call('player_new', { name, seed: seedText(seed), seat });
      this.#id = reply.player;
      this.#name = reply.name;
      this.#release = held(this, 'player_free', 'player', reply.player);
    }

    get name() {
      return this.#name;
    }

    /** The action the player plays for the seat to act at `table`, from that seat's view (the table unchanged). */
    choose(table) {
      if (this.#id === undefined) throw new BeloteError('this player was disposed');
      if (!(table instanceof Table)) throw new BeloteError('choose(table) takes a Table');
      return checked(call('player_choose', { player: this.#id, table: table.id })).action;
    }

    dispose() {
      if (this.#id === undefined) return;
      this.#release();
      call('player_free', { player: this.#id });
      this.#id = undefined;
    }
  }

  return {
    /** A game at the table (docs/web.md): new belote.Table(ruleset, {seed, firstDealer, target, maxMenes, teams}). */
    Table,
    /** An engine player: new belote.Player(name, {seed, seat}); choose(table). */
    Player,
    /** What an illegal action throws: the engine's message, and `rule`. */
    IllegalAction,
    BeloteError,

    /** Every ruleset found by name: [{name, title, description, base, origin}]. */
    rulesets: () => call('rulesets').rulesets,

    /** Loads a ruleset by name: {loaded, name, errors}. */
    loadRuleset: (name) => call('load_ruleset', { name }),

    /**
     * Loads a ruleset from TOML text: {loaded, name, errors}; each error has
     * file, line, column, message, text ("file:line:col: message") and caret.
     * With register, a ruleset that loads is kept under its `name` for sheets and overlays.
     */
    loadRulesetText: (text, { display = 'pasted.toml', register = false } = {}) =>
      call('load_ruleset', { text, display, register }),

    /** What a mène form needs to know of a ruleset (docs/web.md). */
    describe: (ruleset) => call('describe', { ruleset }).description,

    /**
     * Scores deals (docs/deals.md): a deal object, or JSON Lines text. Returns
     * {outcomes, text, errors}: each outcome is the line `belote score --format json`
     * writes, `text` all of them as it writes them (JSON Lines); each error
     * names the line (`display` names the text, '<deals>' by default).
     */
    score: (ruleset, deals, { display } = {}) => {
      const scored = scoreText(ruleset, typeof deals === 'string' ? deals : JSON.stringify(deals), display);
      // The lines are cut from the text when first asked for: a program writing the text out needs none.
      let outcomes = null;
      return {
        get outcomes() {
          if (outcomes === null) outcomes = scored.text === '' ? [] : scored.text.slice(0, -1).split('\n');
          return outcomes;
        },
        text: scored.text,
        errors: scored.errors,
      };
    },

    /**
     * The legal cards of a position of the play (docs/web.md): `position` is an
     * object or one JSON line, {trump, kind, hand, trick: ['N KS', ...], seat}.
     * Returns {done, answer, text, errors}: `text` is the line `belote legal
     * --format json` writes for it, `answer` that line's object {seat, legal, rule}.
     */
    legal: (ruleset, position, { display } = {}) => call('legal', { ruleset, position, display }),

    /**
     * An auction so far (docs/web.md): `auction` is an object or one JSON line,
     * {dealer, first, turned, calls: ['80 H', 'pass', 'E:coinche', ...]}.
     * Returns {done, answer, text, errors}: `text` is the line `belote auction
     * --format json` writes for it, `answer` that line's object (the seat to
     * speak and its legal calls, or the contract or the redeal); at an illegal
     * call, done is false, `answer` the error object and `errors` its message.
     */
    auction: (ruleset, auction) => call('auction', { ruleset, auction }),

    /**
     * Best play for one deal with its four hands (docs/web.md): `deal` is an
     * object or one JSON line. Options: after (solve after that many cards of
     * its recorded play), line (a line of best play), table (every kind and
     * trump, each side taking), maxNodes (stop the search there), memory (MiB of tables of positions, 64 by default).
     * Returns {done, answer, text, errors}: `text` is the line `belote solve
     * --format json` writes for it, `answer` that line's object.
     */
    solve: (ruleset, deal, { display, after, line, table, maxNodes, memory } = {}) =>
      call('solve', { ruleset, deal, display, after, line, table, maxNodes, memory }),

    /** A new sheet's TOML text: {done, text, errors}. teams = {NS, EW}. */
    sheetNew: ({ ruleset, target, teams, display } = {}) => call('sheet_new', { ruleset, target, teams, display }),

    /**
     * The sheet with one more mène (the keys of a [[mene]] table): {done, text, errors};
     * with show, also `shown`: the new sheet scored, as sheetShow gives it.
     */
    sheetAdd: (sheet, mene, { display, show = false } = {}) => call('sheet_add', { sheet, mene, display, show }),

    /**
     * The sheet with one more mène given as its played cards: `mene` is a mène
     * of a game's record ({auction, hands, spoken, said, play}, as `belote play
     * --record` writes it), or the text of a deal file with its play (as
     * `belote sheet add --play` reads it; errors name it 'mene.toml'), checked
     * card by card. {done, text, errors}, and `shown` with show.
     */
    sheetAddPlayed: (sheet, mene, { display, show = false } = {}) => call('sheet_add_played', { sheet, mene, display, show }),

    /** The sheet without its last mène: {done, text, errors}, and `shown` with show. */
    sheetUndo: (sheet, { display, show = false } = {}) => call('sheet_undo', { sheet, display, show }),

    /**
     * The sheet scored, as `belote sheet show` gives it: {done, sheet (the JSON),
     * text, state, errors}. With ruleset, the same mènes under that ruleset instead.
     */
    sheetShow: (sheet, { ruleset, display } = {}) =>
      call('sheet_show', ruleset === undefined ? { sheet, display } : { sheet, display, ruleset }),

    /**
     * Compares ruleset b with ruleset a on `count` random deals of `seed`
     * (the deals of `belote diff --random`), `step` deals at a time;
     * onProgress(summary) after each step. Returns the final summary.
     */
    diffRandom: (a, b, { seed = 0, count = 10000, step = 4096, onProgress } = {}) => {
      let summary = call('diff_begin', { a, b, seed: String(seed), count }).summary;
      while (!summary.done) {
        summary = call('diff_step', { deals: step }).summary;
        if (onProgress) onProgress(summary);
      }
      return summary;
    },

    /** One step of a comparison started with diffBegin: for a worker that reports progress itself. */
    diffBegin: (a, b, { seed = 0, count = 10000 } = {}) => call('diff_begin', { a, b, seed: String(seed), count }).summary,
    diffStep: (deals = 4096) => call('diff_step', { deals }).summary,
  };
}

/** A request the engine refused (an unknown ruleset, a malformed argument). */
class BeloteError extends Error {
  constructor(message) {
    super(message);
    this.name = 'BeloteError';
  }
}

/**
 * An action the table refuses: not legal for the seat to act, out of its
 * phase, or text that names no action. `message` is the engine's sentence,
 * `rule` the ruleset key or rule behind it; the table is left as it was.
 */
class IllegalAction extends BeloteError {
  constructor(message, rule) {
    super(message);
    this.name = 'IllegalAction';
    this.rule = rule;
  }
}
