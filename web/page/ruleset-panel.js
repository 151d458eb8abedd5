// The ruleset picker: the shipped rulesets and the ones a person pasted, each
// with its title and description; pasting or loading a file checks it with the
// engine and shows its errors with their place.
'use strict';

class RulesetPanel {
  constructor(belote, { onChange, onRegistered }) {
    this.belote = belote;
    this.onChange = onChange;
    this.onRegistered = onRegistered;
    this.select = Ui.byId('ruleset-select');
    this.info = Ui.byId('ruleset-info');
    this.text = Ui.byId('ruleset-text');
    this.errors = Ui.byId('ruleset-errors');
    this.display = 'pasted.toml';
    this.restorePasted();
    this.refresh(Ui.load('belote.ruleset', 'classique'));
    this.select.addEventListener('change', () => this.chosen());
    Ui.byId('ruleset-use').addEventListener('click', () => this.usePasted());
    Ui.byId('ruleset-file').addEventListener('change', (event) => this.readFile(event.target.files[0]));
    this.text.addEventListener('input', () => { this.display = 'pasted.toml'; });
  }

  // Rulesets pasted earlier are checked and kept again, in the order they were given.
  restorePasted() {
    for (const pasted of Ui.load('belote.pasted', [])) this.belote.loadRulesetText(pasted.text, { display: pasted.display, register: true });
  }

  /** Every ruleset the engine finds by name: [{name, title, description, origin}]. */
  list() {
    return this.belote.rulesets().filter((r) => !r.error);
  }

  options() {
    return this.list().map((r) => ({ value: r.name, label: r.origin === 'pasted' ? `${r.name} (yours)` : r.name }));
  }

  refresh(selected) {
    Ui.fillSelect(this.select, this.options(), selected);
    this.chosen();
  }

  get name() {
    return this.select.value;
  }

  chosen() {
    const ruleset = this.list().find((r) => r.name === this.select.value);
    this.info.replaceChildren();
    if (ruleset) {
      this.info.append(Ui.el('div', { class: 'title', text: ruleset.title }), Ui.el('div', { text: ruleset.description }));
      Ui.save('belote.ruleset', ruleset.name);
    }
    this.onChange(this);
  }

  readFile(file) {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      this.text.value = reader.result;
      this.display = file.name;
      this.usePasted();
    };
    reader.readAsText(file);
  }

  usePasted() {
    const text = this.text.value;
    const reply = this.belote.loadRulesetText(text, { display: this.display, register: true });
    Ui.showErrors(this.errors, reply.errors);
    if (!reply.loaded) return;
    const pasted = Ui.load('belote.pasted', []).filter((p) => p.name !== reply.name);
    pasted.push({ name: reply.name, text, display: this.display });
    Ui.save('belote.pasted', pasted);
    this.refresh(reply.name);
    this.onRegistered(reply.name);
  }
}
