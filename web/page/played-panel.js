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
    Ui.byId('played-add').addEventListener('click', () => this.add(this.menes[Number(this.pick.value)]));
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
    } catch {
      // Not JSON: a record in TOML, which the engine reads.
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
    const options = history.map((m, i) => (m.redeal ? null : {
      value: String(i), label: `Mène ${i + 1}: ${Ui.playerWords(m.contract.text, { NS: 'NS', EW: 'EW' }, null)}; NS ${m.score.NS}, EW ${m.score.EW}`,
    })).filter(Boolean);
    if (!options.length) Ui.showErrors(this.errors, ['The record holds no mène played (only redeals).']);
    this.showPick(options);
  }

  add(mene) {
    const errors = this.addPlayed(this.ruleset(), mene);
    Ui.showErrors(this.errors, errors);
  }
}
