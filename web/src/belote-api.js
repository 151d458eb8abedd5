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

  return {
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
     * trump, each side taking), maxNodes (stop the search there), memory (MiB).
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
