// The score counter: starts the engine, keeps the game's sheet (the TOML file
// `belote sheet show` reads) in localStorage, and wires the page's parts.
'use strict';

(async function main() {
  const status = Ui.byId('engine-status');
  let belote;
  try {
    belote = await createBelote();
  } catch (error) {
    status.textContent = `The engine did not start: ${error}`;
    return;
  }

  const game = Ui.load('belote.game', null) || { text: null, display: 'sheet.toml' };
  let shown = null;       // the sheet as last shown (belote.sheetShow)
  let description = null; // the description of the sheet's ruleset
  const form = new MeneForm(Ui.byId('mene-form'), { onSubmit: addMene });
  const sheetView = new SheetView(Ui.byId('sheet-table'), Ui.byId('game-state'));
  const rescoreView = new SheetView(Ui.byId('rescore-table'), Ui.byId('rescore-state'));
  const diffPanel = new DiffPanel();
  const rulesets = new RulesetPanel(belote, { onChange: fillRulesetChoices, onRegistered: rulesetChanged });

  // A ruleset of the user's given again under the same name: the game under it is scored anew.
  function rulesetChanged(name) {
    if (!shown || shown.sheet.ruleset !== name) return;
    description = null;
    show();
  }

  function fillRulesetChoices(panel) {
    const options = panel.options();
    diffPanel.fill(options);
    Ui.fillSelect(Ui.byId('rescore-select'), options, Ui.byId('rescore-select').value || 'traditionnelle');
    if (shown) rescore();
  }

  function keep(text, display) {
    game.text = text;
    game.display = display || game.display;
    Ui.save('belote.game', game);
    show();
  }

  // A game under way is not dropped by one press: the button asks to be pressed again.
  const newGameButton = Ui.byId('new-game');
  const newGameText = newGameButton.textContent;
  function confirmed() {
    const underWay = shown && shown.sheet.menes.length > 0 && shown.sheet.winner === null;
    if (!underWay || newGameButton.dataset.confirm) return true;
    newGameButton.dataset.confirm = 'yes';
    newGameButton.textContent = 'Press again to drop the game under way (save it first to keep it)';
    return false;
  }
  newGameButton.addEventListener('blur', () => {
    delete newGameButton.dataset.confirm;
    newGameButton.textContent = newGameText;
  });

  function startGame() {
    if (!confirmed()) return;
    delete newGameButton.dataset.confirm;
    newGameButton.textContent = newGameText;
    const target = Ui.byId('target').value;
    const reply = belote.sheetNew({
      ruleset: rulesets.name,
      target: target === '' ? undefined : Number(target),
      teams: { NS: Ui.byId('team-ns').value, EW: Ui.byId('team-ew').value },
    });
    Ui.showErrors(Ui.byId('game-errors'), reply.errors);
    if (reply.done) keep(reply.text, 'sheet.toml');
  }

  // Shows the game: the sheet, the form for its ruleset, the file, the other ruleset's view.
  function show() {
    const reply = belote.sheetShow(game.text, { display: game.display });
    Ui.showErrors(Ui.byId('sheet-errors'), reply.errors);
    Ui.byId('sheet-file').textContent = game.text;
    if (!reply.done) return;
    shown = reply;
    const rulesetName = reply.sheet.ruleset;
    if (!description || description.name !== rulesetName || form.teamsKey !== JSON.stringify(reply.sheet.teams)) {
      // The form is built again only when the ruleset or the teams change: it keeps what is being entered.
      description = belote.describe(rulesetName);
      form.render(description, reply.sheet.teams);
      form.teamsKey = JSON.stringify(reply.sheet.teams);
    }
    Ui.byId('mene-ruleset').textContent = `Under ${rulesetName}: ${description.title}`;
    Ui.byId('team-ns').value = reply.sheet.teams.NS;
    Ui.byId('team-ew').value = reply.sheet.teams.EW;
    sheetView.render(reply, description);
    Ui.byId('sheet-text').textContent = reply.text;
    Ui.byId('undo').disabled = reply.sheet.menes.length === 0;
    rescore();
  }

  function addMene(mene) {
    const reply = belote.sheetAdd(game.text, mene, { display: game.display });
    Ui.showErrors(Ui.byId('mene-errors'), reply.errors);
    if (!reply.done) return;
    keep(reply.text);
    form.render(description, shown.sheet.teams);
    status.textContent = `Mène ${shown.sheet.menes.length} added. ${shown.state.trim()}`;
    Ui.byId('m-taker').focus();
  }

  function undo() {
    const reply = belote.sheetUndo(game.text, { display: game.display });
    Ui.showErrors(Ui.byId('sheet-errors'), reply.errors);
    if (!reply.done) return;
    keep(reply.text);
    status.textContent = `Last mène removed. ${shown.state.trim()}`;
  }

  // The rulesets of the game's family: its overlays, its base and the base's other overlays.
  function relatedRulesets(name) {
    const list = rulesets.list();
    const own = list.find((r) => r.name === name);
    const base = own && own.base;
    return list.filter((r) => r.name !== name && (r.base === name || (base && (r.name === base || r.base === base))))
      .map((r) => r.name);
  }

  // Until a player chooses, the game is shown under a ruleset that reads it
  // (the sheet of a coinche game names bids that classique has not).
  let rescoreChosen = false;
  function rescore() {
    const select = Ui.byId('rescore-select');
    if (!shown || !select.value) return;
    let reply = belote.sheetShow(game.text, { display: game.display, ruleset: select.value });
    const others = reply.done || rescoreChosen ? [] : relatedRulesets(shown.sheet.ruleset);
    const readable = others.map((other) => [other, belote.sheetShow(game.text, { display: game.display, ruleset: other })])
      .find(([, tried]) => tried.done);
    if (readable) [select.value, reply] = readable;
    const name = select.value;
    Ui.showErrors(Ui.byId('rescore-errors'), reply.errors);
    if (!reply.done) {
      Ui.byId('rescore-table').replaceChildren();
      Ui.byId('rescore-state').textContent = '';
      return;
    }
    rescoreView.render(reply, belote.describe(name), { compare: shown, explanations: false });
  }

  function saveFile() {
    const url = URL.createObjectURL(new Blob([game.text], { type: 'application/toml' }));
    const link = Ui.el('a', { href: url, download: game.display.endsWith('.toml') ? game.display : 'sheet.toml' });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function openFile(file) {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const reply = belote.sheetShow(reader.result, { display: file.name });
      Ui.showErrors(Ui.byId('sheet-errors'), reply.errors);
      if (reply.done) keep(reader.result, file.name);
    };
    reader.readAsText(file);
  }

  Ui.byId('new-game').addEventListener('click', startGame);
  Ui.byId('undo').addEventListener('click', undo);
  Ui.byId('export').addEventListener('click', saveFile);
  Ui.byId('import').addEventListener('change', (event) => {
    openFile(event.target.files[0]);
    event.target.value = '';
  });
  Ui.byId('rescore-select').addEventListener('change', () => {
    rescoreChosen = true;
    rescore();
  });

  // A sheet kept from an earlier visit is shown, with its errors if it no longer reads.
  if (game.text === null) startGame();
  else show();
  status.textContent = 'Ready: every mène is scored by the belote-rules engine, on this device.';
  window.beloteCounter = { belote, readyAt: performance.now() };
})();
