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
  const playPanel = new PlayPanel(belote, { addPlayed, gameOver, newGame: startGame });
  const playedPanel = new PlayedPanel(belote, { ruleset: () => (shown ? shown.sheet.ruleset : null), addPlayed });
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
    playPanel.fill(options);
    if (shown && rescorePanel) rescorePanel.update(game, shown, { rulesetsChanged: true });
  }

  // `reply`: the sheet already scored (sheetShow's reply), when the call that made it scored it.
  function keep(text, display, reply) {
    // A sheet waiting to be opened over the game is forgotten once the game changes.
    if (opening) openSheet.cancel();
    game.text = text;
    game.display = display || game.display;
    Ui.save('belote.game', game);
    show(reply);
  }

  // A game under way is not dropped by one press: the button asks to be pressed again.
  const newGameButton = Ui.byId('new-game');
  const newGameText = newGameButton.textContent;
  const underWay = () => shown && shown.sheet.menes.length > 0 && shown.sheet.winner === null;
  function confirmed() {
    if (!underWay() || newGameButton.dataset.confirm) return true;
    newGameButton.dataset.confirm = 'yes';
    Ui.setText(newGameButton, 'Press again to drop the game under way (save it first to keep it)');
    return false;
  }
  newGameButton.addEventListener('blur', () => {
    delete newGameButton.dataset.confirm;
    Ui.setText(newGameButton, newGameText);
  });

  // The game's fields are checked as fields, each told at its place in words,
  // before the engine is asked: nothing of the sheet file it would write.
  const teamFields = { NS: ['team-ns', 'North–South'], EW: ['team-ew', 'East–West'] };
  function teamProblem(name, label) {
    const characters = [...name].length;
    if (characters === 0) return `${label}: give the team a name (1 to 40 characters).`;
    if (characters > 40) return `${label}: a team's name is at most 40 characters; this one has ${characters}.`;
    // Controls and the characters that reorder text (U+202E, the right-to-left override) would scramble the sheet.
    const control = name.match(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    if (control) {
      const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      return `${label}: a team's name may not hold a control or text-direction character (U+${code}); type the name without it.`;
    }
    return '';
  }
  function targetProblem(field, name) {
    if (field.closest('.field').hidden || (field.value === '' && !field.validity.badInput)) return '';
    const game = targetUnit(name);
    const units = !game || game.unit === 1 ? 'points' : game.unit === 10 ? 'tens of points' : `units of ${game.unit} points`;
    const range = `Game to: a whole number of ${units} from 1 to 100,000, or empty for the ruleset's ${game ? game.target : 'target'}`;
    if (!/^[0-9]+$/.test(field.value)) return `${range}.`;
    const target = Number(field.value);
    return target >= 1 && target <= 100000 ? '' : `${range}; not ${target.toLocaleString('en')}.`;
  }
  /** The game's fields read and checked: {target, teams}, or null with each problem shown at its field. */
  function gameFields() {
    const teams = {};
    const problems = [];
    for (const [team, [id, label]] of Object.entries(teamFields)) {
      const field = Ui.byId(id);
      // Spaces before and after a name are not part of it ("Lyon " is Lyon).
      teams[team] = field.value.trim();
      if (teams[team] !== field.value) field.value = teams[team];
      const problem = teamProblem(teams[team], label);
      MeneErrors.mark(field, problem);
      if (problem) problems.push([field, problem]);
    }
    const targetField = Ui.byId('target');
    const problem = targetProblem(targetField, rulesets.name);
    MeneErrors.mark(targetField, problem);
    if (problem) problems.push([targetField, problem]);
    if (problems.length) {
      const under = shown ? ` No new game was started: the game under way goes on under ${shown.sheet.ruleset}.` : '';
      Ui.showErrors(Ui.byId('game-errors'), [`${problems.map(([, words]) => words).join(' ')}${under}`]);
      problems[0][0].focus();
      return null;
    }
    const target = targetField.value === '' || targetField.closest('.field').hidden ? undefined : Number(targetField.value);
    return { target, teams };
  }

  function startGame() {
    if (!confirmed()) return;
    delete newGameButton.dataset.confirm;
    Ui.setText(newGameButton, newGameText);
    const fields = gameFields();
    if (!fields) return;
    let reply;
    try {
      reply = belote.sheetNew({ ruleset: rulesets.name, target: fields.target, teams: fields.teams });
    } catch (error) {
      reply = { done: false, errors: [String(error.message || error)] };
    }
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
    // The teams' names are isolated wherever the page writes them (bidi).
    Ui.names = [reply.sheet.teams.NS, reply.sheet.teams.EW];
    const rulesetName = reply.sheet.ruleset;
    if (!description || description.name !== rulesetName || form.teamsKey !== JSON.stringify(reply.sheet.teams)) {
      // The form is built again only when the ruleset or the teams change: it keeps what is being entered.
      // A new game's ruleset is the one a mène is played under, to go onto its sheet.
      if (!description || description.name !== rulesetName) playPanel.followRuleset(rulesetName);
      description = belote.describe(rulesetName);
      form.render(description, reply.sheet.teams, { dealer: reply.sheet.next_dealer });
      form.teamsKey = JSON.stringify(reply.sheet.teams);
    }
    form.followDealer(reply.sheet.next_dealer);
    Ui.setText(Ui.byId('mene-ruleset'), `Under ${rulesetName}: ${description.title}`);
    Ui.byId('team-ns').value = reply.sheet.teams.NS;
    Ui.byId('team-ew').value = reply.sheet.teams.EW;
    sheetView.render(reply, description);
    showScoreBar(reply);
    playPanel.followDealer(reply.sheet.next_dealer);
    Ui.setText(Ui.byId('sheet-text'), reply.text);
    Ui.byId('undo').disabled = reply.sheet.menes.length === 0;
    rescorePanel.update(game, shown);
  }

  // The running score, kept in sight at the top of the screen while a mène is entered.
  function showScoreBar(reply) {
    const { teams, totals, winner } = reply.sheet;
    const team = (t) => Ui.el('span', { class: t.toLowerCase() }, Ui.el('bdi', { text: teams[t] }), ` ${totals[t]}`);
    const where = winner ? `${teams[winner]} won` : `game ${SheetView.gameLength(reply.sheet)}${SheetView.unitText(description)}`;
    Ui.byId('score-bar-text').replaceChildren(team('NS'), ' · ', team('EW'), Ui.el('span', { class: 'game', text: ` — ${where}` }));
    Ui.byId('score-bar').hidden = false;
    keepClearOfScoreBar();
  }
  // A field brought into view (focus, an error) lands below the bar, however many lines the names take.
  function keepClearOfScoreBar() {
    const bar = Ui.byId('score-bar');
    document.documentElement.style.scrollPaddingTop = bar.hidden ? '' : `${Math.ceil(bar.getBoundingClientRect().height) + 8}px`;
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

  /** Where the game ended, in words ("Eux win the game at mène 3, 312 to 150."), or null while it goes on. */
  function gameOver() {
    // Without the ruleset's keys the engine names in brackets ("(game.deals)"): the player never wrote them.
    return shown && shown.sheet.decision
      ? Ui.playerWords(shown.state.trim().replace(/\s*\([a-z_-]+\.[a-z_.-]+\)/g, ''), shown.sheet.teams, description) : null;
  }

  /**
   * A played mène refused, in the player's words: what it is about, without
   * the sheet file's name, place and keys, which the player never wrote.
   */
  function playedProblems(errors) {
    const teams = shown.sheet.teams;
    const lines = errors.map((e) => {
      // An error in the text the player pasted (mene.toml) is shown where that text holds it.
      if (e.file && e.file !== game.display) return e;
      const message = (typeof e === 'string' ? e : e.message || e.text).replace(/^mène \d+( not added)?: /, '');
      const unknown = message.match(/^unknown key '([^']*)'/);
      if (unknown) return `"${unknown[1]}" is no part of a played mène: one mène of a game's record holds its auction, hands and play.`;
      if (/^missing key '(taker|trump|kind|points)'/.test(message)) return 'This is no played mène: it holds no cards played (its play, trick by trick).';
      const dealer = message.match(/^'auction\.dealer' is (\w+), but after mène (\d+) the deal passes to (\w+)/);
      if (dealer) return `This mène was dealt by ${dealer[1]}, but after mène ${dealer[2]} of the game the deal passes to ${dealer[3]}: deal it with ${dealer[3]} as the dealer.`;
      const ended = message.match(/^the game ended at mène (\d+) \(([^)]*)\)/);
      if (ended) return `The game is over: it ended at mène ${ended[1]} (${ended[2]}). Start a new game to add more mènes.`;
      const quoted = message.replace(/'([\w.]+)'/g, (whole, key) => key.replace(/\./g, ' '));
      return MeneErrors.capital(MeneErrors.words(quoted, { teams, description }));
    });
    return [...new Set(lines)].map((line) => (typeof line === 'string' ? Ui.playerWords(line, teams, description) : line));
  }

  // A mène given as its played cards (played on the page, or from a record): the engine checks it card by card.
  // `menes`: one mène, or a deal's mènes (its redeals, then the mène played), added together or not at all.
  function addPlayed(ruleset, menes) {
    if (!shown) return ['Start a game first: the mène is added to its sheet.'];
    if (shown.sheet.ruleset !== ruleset) {
      return [`This mène was played under ${ruleset}; the game under way is under ${shown.sheet.ruleset}. Start a game under ${ruleset} to add it.`];
    }
    const over = gameOver();
    if (over) return [`The game is over. ${over} Start a new game to add more mènes.`];
    let reply = { done: true, text: game.text };
    for (const mene of [menes].flat()) {
      reply = belote.sheetAddPlayed(reply.text, mene, { display: game.display, show: true });
      if (!reply.done) return playedProblems(reply.errors);
    }
    const before = shown.sheet.menes.length;
    keep(reply.text, undefined, reply.shown);
    const added = shown.sheet.menes.slice(before);
    const redeals = added.filter((m) => m.redeal).map((m) => m.mene);
    const redealt = redeals.length ? `Redeal recorded as mène ${redeals.join(' and ')}; ` : '';
    const played = added.filter((m) => !m.redeal).map((m) => m.mene);
    const what = played.length ? `mène ${played.join(', ')} added as played.` : 'no mène played.';
    Ui.setText(status, `${MeneErrors.capital(`${redealt}${what}`)} ${shown.state.trim()}`);
    return [];
  }

  function undo() {
    const reply = belote.sheetUndo(game.text, { display: game.display, show: true });
    Ui.showErrors(Ui.byId('sheet-errors'), reply.errors);
    if (!reply.done) return;
    keep(reply.text, undefined, reply.shown);
    Ui.setText(status, `Last mène removed. ${shown.state.trim()}`);
  }

  function saveFile() {
    Ui.download(game.text, game.display.endsWith('.toml') ? game.display : 'sheet.toml', 'application/toml');
  }

  // A sheet opened over a game under way replaces it only once a button is pressed, as "Start a new game" asks.
  const openButton = Ui.byId('import-confirm');
  let opening = null;
  function openFile(file) {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const reply = belote.sheetShow(reader.result, { display: file.name });
      Ui.showErrors(Ui.byId('sheet-errors'), reply.errors);
      if (!reply.done) return;
      opening = () => keep(reader.result, file.name, reply);
      if (!underWay()) {
        openSheet();
        return;
      }
      Ui.setText(openButton, `Press to open ${file.name} and drop the game under way (save it first to keep it)`);
      openButton.hidden = false;
      openButton.focus();
    };
    reader.readAsText(file);
  }
  function openSheet() {
    const open = opening;
    openSheet.cancel();
    if (open) open();
  }
  openSheet.cancel = () => {
    opening = null;
    openButton.hidden = true;
  };
  openButton.addEventListener('click', openSheet);

  Ui.byId('new-game').addEventListener('click', startGame);
  window.addEventListener('resize', () => {
    Ui.showFullChoices();
    keepClearOfScoreBar();
  });
  Ui.byId('target').addEventListener('input', () => {
    showTargetUnit(rulesets.name);
    // A wrong target is said as it is typed; a right one clears the message.
    MeneErrors.mark(Ui.byId('target'), targetProblem(Ui.byId('target'), rulesets.name));
  });
  for (const [id, label] of Object.values(teamFields)) {
    Ui.byId(id).addEventListener('input', (event) => {
      if (event.target.getAttribute('aria-invalid')) MeneErrors.mark(event.target, teamProblem(event.target.value.trim(), label));
    });
  }
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
  window.beloteCounter = { belote, readyAt: performance.now(), play: playPanel, played: playedPanel };
})();
