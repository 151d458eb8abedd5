// The same game under another ruleset, the one the player picks: the sheet's
// mènes scored under it, the mènes that score differently marked and said so
// in a legend; a game that ruleset cannot score is told mène by mène in the
// player's words.
'use strict';

class RescorePanel {
  constructor(belote, rulesets) {
    this.belote = belote;
    this.rulesets = rulesets;
    this.select = Ui.byId('rescore-select');
    this.errors = Ui.byId('rescore-errors');
    this.legend = Ui.byId('rescore-legend');
    this.view = new SheetView(Ui.byId('rescore-table'), Ui.byId('rescore-state'));
    this.descriptions = new Map();
    this.select.addEventListener('change', () => this.show());
  }

  /**
   * The game to show again (its sheet text and belote.sheetShow's reply) and
   * the rulesets to offer: the game's family first, nothing chosen at first.
   * rulesetsChanged: a ruleset was given or given again.
   */
  update(game, shown, { rulesetsChanged = false } = {}) {
    if (rulesetsChanged) this.descriptions.clear(); // a ruleset given again may mean other rules
    this.game = game;
    this.shown = shown;
    const own = shown.sheet.ruleset;
    const family = new Set(this.family(own));
    const list = this.rulesets.options().filter((o) => o.value !== own);
    const offered = [...list.filter((o) => family.has(o.value)), ...list.filter((o) => !family.has(o.value))];
    Ui.fillSelect(this.select, [{ value: '', label: 'choose a ruleset' }, ...offered.map((o) =>
      ({ value: o.value, label: family.has(o.value) ? `${o.label}, of the ${own} family` : o.label }))]);
    this.show();
  }

  // The rulesets of the game's family: its overlays, its base and the base's other overlays.
  family(name) {
    const list = this.rulesets.list();
    const own = list.find((r) => r.name === name);
    const base = own && own.base;
    return list.filter((r) => r.name !== name && (r.base === name || (base && (r.name === base || r.base === base))))
      .map((r) => r.name);
  }

  show() {
    const name = this.select.value;
    const clear = () => {
      this.view.table.replaceChildren();
      Ui.setText(this.view.state, '');
      Ui.setText(this.legend, '');
    };
    Ui.showErrors(this.errors, []);
    if (!this.shown || !name) return clear();
    const reply = this.belote.sheetShow(this.game.text, { display: this.game.display, ruleset: name });
    if (!reply.done) {
      clear();
      Ui.showErrors(this.errors, [`This game cannot be scored under ${name}:`,
        ...reply.errors.map((e) => RescorePanel.inWords(e, this.shown.sheet.teams))]);
      return;
    }
    // The same description while the rulesets stay the same, so the rows already shown are kept.
    if (!this.descriptions.has(name)) this.descriptions.set(name, this.belote.describe(name));
    this.view.render(reply, this.descriptions.get(name), { compare: this.shown, explanations: false });
    // Redeals write nothing under any ruleset: the mènes counted are those played.
    const changed = reply.sheet.menes.filter((m, i) => {
      const own = this.shown.sheet.menes[i];
      return !m.redeal && (m.written.NS !== own.written.NS || m.written.EW !== own.written.EW);
    }).length;
    const count = reply.sheet.played;
    this.legend.replaceChildren(...(changed
      ? [Ui.el('span', { class: 'swatch changed', 'aria-hidden': 'true' }),
        ` Marked: the ${changed} of ${count} mènes that score differently under ${name} than under ${this.shown.sheet.ruleset}.`]
      : [`All ${count} mènes score the same under ${name} as under ${this.shown.sheet.ruleset}.`]));
  }

  /**
   * An error of the sheet read under another ruleset, as the player knows the
   * game: the mène it is in, the field's name, without the file's name, the
   * key or TOML syntax.
   */
  static inWords(error, teams) {
    const [, mene, rest] = error.message.match(/^mène (\d+): (.*)$/s) || [null, null, error.message];
    const { text } = MeneErrors.translate(rest, { teams, description: null });
    return mene ? `Mène ${mene}: ${text}` : text;
  }
}
