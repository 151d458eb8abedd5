// The score counter: starts the engine, keeps the game's sheet (the TOML file
// `belote sheet show` reads) in localStorage, and wires the page's parts.
'use strict';

(async function main() {
  const status = Ui.byId('engine-status');
  let belote;
  try {
    belote = await createBelote();
  } catch (error) {
    Ui.setText(status, `The engine did not start: ${error}`);
    return;
  }

  const game = Ui.load('belote.game', null) || { text: null, display: 'sheet.toml' };
  let shown = null;       // the sheet as last shown (belote.sheetShow)
  let description = null; // the description of the sheet's ruleset
  const form = new MeneForm(Ui.byId('mene-form'), { onSubmit: addMene, askAuction: (ruleset, auction) => belote.auction(ruleset, auction) });
  const sheetView = new SheetView(Ui.byId('sheet-table'), Ui.byId('game-state'));
  const diffPanel = new DiffPanel();
  let rescorePanel = null;
  const rulesets = new RulesetPanel(belote, { onChange: fillRulesetChoices, onRegistered: rulesetChanged });
  rescorePanel = new RescorePanel(belote, rulesets);

  // A ruleset of the user's given again under the same name: the game under it is scored anew.
  function rulesetChanged(name) {
    if (!shown || shown.sheet.ruleset !== name) return;
    description = null;
    show();
  }

  // The target is typed in the ruleset's unit (tens of points on the bulgare board): the label says which.
  function targetUnit(name) {
    let chosen = null;
    try {
      chosen = belote.describe(name);
    } catch (error) {
      return null; // a ruleset that does not load: its errors are shown where it was chosen
    }
    return chosen.game;
  }
  function showTargetUnit(name) {
    const targetField = Ui.byId('target');
    const unit = targetUnit(name);
    if (!unit) return;
    // A game of a number of mènes with no target (klaverjas: 16) has nothing to type: the field says what the game is.
    const field = targetField.closest('.field');
    field.hidden = unit.target === null;
    if (unit.target === null) {
      targetField.value = '';
      Ui.setText(Ui.byId('target-hint'), `A game of ${unit.deals} mènes (game.deals): the higher total after the last one wins; equal totals draw.`);
      return;
    }
    const units = unit.unit === 1 ? 'points' : unit.unit === 10 ? 'tens of points' : `units of ${unit.unit} points`;
    const orDeals = unit.deals ? `, or ${unit.deals} mènes` : '';
    Ui.setText(targetField.labels[0], `Game to (in ${units}; empty: ${unit.target}${orDeals})`);
    targetField.placeholder = String(unit.target);
    const typed = Number(targetField.value);
    Ui.setText(Ui.byId('target-hint'), unit.unit !== 1 && targetField.value !== '' && Number.isFinite(typed)
      ? `${typed.toLocaleString('en')} ${units} = ${(typed * unit.unit).toLocaleString('en')} points.` : '');
  }

  function fillRulesetChoices(panel) {
    showTargetUnit(panel.name);
    const options = panel.options();
    diffPanel.fill(options);
    if (shown && rescorePanel) rescorePanel.update(game, shown, { rulesetsChanged: true });
  }

  // `reply`: the sheet already scored (sheetShow's reply), when the call that made it scored it.
  function keep(text, display, reply) {
    game.text = text;
    game.display = display || game.display;
    Ui.save('belote.game', game);
    show(reply);
  }

  // A game under way is not dropped by one press: the button asks to be pressed again.
  const newGameButton = Ui.byId('new-game');
  const newGameText = newGameButton.textContent;
  function confirmed() {
    const underWay = shown && shown.sheet.menes.length > 0 && shown.sheet.winner === null;
    if (!underWay || newGameButton.dataset.confirm) return true;
    newGameButton.dataset.confirm = 'yes';
    Ui.setText(newGameButton, 'Press again to drop the game under way (save it first to keep it)');
    return false;
  }
  newGameButton.addEventListener('blur', () => {
    delete newGameButton.dataset.confirm;
    Ui.setText(newGameButton, newGameText);
  });

  function startGame() {
    if (!confirmed()) return;
    delete newGameButton.dataset.confirm;
    Ui.setText(newGameButton, newGameText);
    const target = Ui.byId('target').value;
    const reply = belote.sheetNew({
      ruleset: rulesets.name,
      target: target === '' || Ui.byId('target').closest('.field').hidden ? undefined : Number(target),
      teams: { NS: Ui.byId('team-ns').value, EW: Ui.byId('team-ew').value },
    });
    Ui.showErrors(Ui.byId('game-errors'), reply.errors);
    if (!reply.done) return;
    // The old game's messages go with it.
    for (const id of ['mene-errors', 'sheet-errors', 'rescore-errors']) Ui.showErrors(Ui.byId(id), []);
    keep(reply.text, 'sheet.toml');
    MeneErrors.clear(form.form);
    Ui.setText(status, `New game under ${shown.sheet.ruleset}, ${SheetView.gameLength(shown.sheet)}${SheetView.unitText(description)}.`);
  }

  // Shows the game: the sheet, the form for its ruleset, the file, the other ruleset's view.
  function show(scored) {
    const reply = scored || belote.sheetShow(game.text, { display: game.display });
    Ui.showErrors(Ui.byId('sheet-errors'), reply.errors);
    Ui.setText(Ui.byId('sheet-file'), game.text);
    if (!reply.done) return;
    shown = reply;
    const rulesetName = reply.sheet.ruleset;
    if (!description || description.name !== rulesetName || form.teamsKey !== JSON.stringify(reply.sheet.teams)) {
      // The form is built again only when the ruleset or the teams change: it keeps what is being entered.
      description = belote.describe(rulesetName);
      form.render(description, reply.sheet.teams, { dealer: reply.sheet.next_dealer });
      form.teamsKey = JSON.stringify(reply.sheet.teams);
    }
    form.followDealer(reply.sheet.next_dealer);
    Ui.setText(Ui.byId('mene-ruleset'), `Under ${rulesetName}: ${description.title}`);
    Ui.byId('team-ns').value = reply.sheet.teams.NS;
    Ui.byId('team-ew').value = reply.sheet.teams.EW;
    sheetView.render(reply, description);
    Ui.setText(Ui.byId('sheet-text'), reply.text);
    Ui.byId('undo').disabled = reply.sheet.menes.length === 0;
    rescorePanel.update(game, shown);
  }

  function addMene(mene, { added = [], problems = [] } = {}) {
    const summary = Ui.byId('mene-errors');
    // Impossible card points or tricks are refused before the engine is asked, in the same way.
    const reply = problems.length ? { done: false, errors: problems }
      : belote.sheetAdd(game.text, mene, { display: game.display, show: true });
    if (!reply.done) {
      MeneErrors.show(form.form, summary, reply.errors, { teams: shown.sheet.teams, description });
      return;
    }
    Ui.showErrors(summary, []);
    keep(reply.text, undefined, reply.shown);
    form.render(description, shown.sheet.teams, { dealer: shown.sheet.next_dealer });
    const pending = added.map(([seat, name]) => `${seat}'s ${Ui.playerWords(name, shown.sheet.teams, description)}`);
    const note = pending.length ? ` Added with it, as chosen: ${pending.join(', ')}.` : '';
    const redeal = shown.sheet.menes.at(-1).redeal;
    Ui.setText(status, `${redeal ? `Redeal recorded as mène ${shown.sheet.menes.length}` : `Mène ${shown.sheet.menes.length} added`}.${note} ${shown.state.trim()}`);
    (form.byAuction ? Ui.byId('m-dealer') : Ui.byId('m-taker')).focus();
  }

  function undo() {
    const reply = belote.sheetUndo(game.text, { display: game.display, show: true });
    Ui.showErrors(Ui.byId('sheet-errors'), reply.errors);
    if (!reply.done) return;
    keep(reply.text, undefined, reply.shown);
    Ui.setText(status, `Last mène removed. ${shown.state.trim()}`);
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
      if (reply.done) keep(reader.result, file.name, reply);
    };
    reader.readAsText(file);
  }

  Ui.byId('new-game').addEventListener('click', startGame);
  Ui.byId('target').addEventListener('input', () => showTargetUnit(rulesets.name));
  Ui.byId('undo').addEventListener('click', undo);
  Ui.byId('export').addEventListener('click', saveFile);
  Ui.byId('import').addEventListener('change', (event) => {
    openFile(event.target.files[0]);
    event.target.value = '';
  });

  // A sheet kept from an earlier visit is shown, with its errors if it no longer reads.
  if (game.text === null) startGame();
  else show();
  Ui.setText(status, 'Ready: every mène is scored by the belote-rules engine, on this device.');
  window.beloteCounter = { belote, readyAt: performance.now() };
})();
