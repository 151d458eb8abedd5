// A mène entered as its played cards: one played mène pasted (as a game's
// record holds it), or a whole record pasted or opened and one of its mènes
// picked. The engine replays the record and checks the mène card by card.
'use strict';

class PlayedPanel {
  /** `ruleset()`: the game's ruleset (null before a game); `addPlayed(ruleset, mene)`: errors, or none once added. */
  constructor(belote, { ruleset, addPlayed }) {
    this.belote = belote;
    this.ruleset = ruleset;
    this.addPlayed = addPlayed;
    this.text = Ui.byId('played-text');
    this.pick = Ui.byId('played-pick');
    this.errors = Ui.byId('played-errors');
    this.menes = [];
    Ui.byId('played-read').addEventListener('click', () => this.read(this.text.value));
    Ui.byId('played-add').addEventListener('click', () => this.add(this.withRedeals(Number(this.pick.value))));
    Ui.byId('played-file').addEventListener('change', (event) => {
      const file = event.target.files[0];
      event.target.value = '';
      if (!file) return;
      const reader = new FileReader();
      reader.onload = () => {
        this.text.value = reader.result;
        this.read(reader.result);
      };
      reader.readAsText(file);
    });
  }

  showPick(options) {
    Ui.fillSelect(this.pick, options);
    Ui.byId('played-pick-field').hidden = options.length === 0;
    Ui.byId('played-add').hidden = options.length === 0;
  }

  // One played mène ({play: ...} as JSON, or a deal file's TOML with its play) is added at once;
  // a record (JSON, or TOML with its [[mene]] tables) is replayed and its mènes offered.
  read(text) {
    Ui.showErrors(this.errors, []);
    this.showPick([]);
    const ruleset = this.ruleset();
    if (!ruleset) {
      Ui.showErrors(this.errors, ['Start a game first: the mène is added to its sheet.']);
      return;
    }
    let given = null;
    try {
      given = JSON.parse(text);
    } catch (error) {
      // Not JSON: a record in TOML, which the engine reads; but text that opens with { is JSON that does not read.
      if (/^\s*\{/.test(text)) {
        Ui.showErrors(this.errors, [PlayedPanel.jsonError(text, error)]);
        return;
      }
    }
    if (given && typeof given === 'object' && !Array.isArray(given) && !Array.isArray(given.mene)) {
      this.add(given);
      return;
    }
    if (!given && !/^\s*\[\[\s*mene\s*\]\]/m.test(text)) {
      this.add(text);
      return;
    }
    if (given && given.ruleset && given.ruleset !== ruleset) {
      Ui.showErrors(this.errors, [`This record was played under ${given.ruleset}; the game under way is under ${ruleset}.`]);
      return;
    }
    let table;
    try {
      table = this.belote.Table.replay(ruleset, text);
    } catch (error) {
      Ui.showErrors(this.errors, [`The record does not replay under ${ruleset}: ${error.message}`]);
      return;
    }
    const record = JSON.parse(table.record('json'));
    const history = table.history;
    table.dispose();
    this.menes = record.mene;
    // Each mène's contract worded as the play panel words one (suit symbols, the kinds' words).
    const description = this.belote.describe(ruleset);
    const options = history.map((m, i) => (m.redeal ? null : {
      value: String(i), label: `Mène ${i + 1}: ${Ui.contractWords(m.contract, description)}; NS ${m.score.NS}, EW ${m.score.EW}`,
    })).filter(Boolean);
    if (!options.length) Ui.showErrors(this.errors, ['The record holds no mène played (only redeals).']);
    this.showPick(options);
  }

  /** JSON that does not read, told as the engine tells a file's error: mene.json:line:col and the caret under the place. */
  static jsonError(text, error) {
    // The place: the longest start of the text that is still the start of some JSON (binary search).
    const starts = (n) => {
      try {
        JSON.parse(text.slice(0, n));
        return true;
      } catch (e) {
        const at = e.message.match(/at position (\d+)/);
        return /end of JSON input/.test(e.message) || (at !== null && Number(at[1]) === n);
      }
    };
    let [low, high] = [0, text.length];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts(middle)) low = middle;
      else high = middle - 1;
    }
    const before = text.slice(0, low).split('\n');
    const line = before.length;
    const column = before.at(-1).length + 1;
    const source = text.split('\n')[line - 1];
    const why = String(error.message).replace(/,? "[\s\S]*" is not valid JSON$/, '').replace(/ in JSON at position \d+.*$/, '');
    return { text: `mene.json:${line}:${column}: JSON syntax: ${why}`, caret: `  ${source}\n${' '.repeat(column + 1)}^` };
  }

  /** A record's mène with the deals passed out just before it (redeals, which have no play): they go onto the sheet first. */
  withRedeals(index) {
    let first = index;
    while (first > 0 && !this.menes[first - 1].play) first -= 1;
    return this.menes.slice(first, index + 1);
  }

  add(mene) {
    const errors = this.addPlayed(this.ruleset(), mene);
    Ui.showErrors(this.errors, errors);
  }
}
