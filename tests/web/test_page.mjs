// The score-counter page opened from disk in Chromium, used as a table uses
// it, and compared with `belote sheet show` of the same game.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { coincheGame } from './games.mjs';
import { addMene, compareWithProgram, exportSheet, menesShown, newGame, sheetRows } from './page-driver.mjs';
import { belote, launchBrowser, networkRequests, openPage, pageFiles, repository, screenshot, temporaryDir } from './support.mjs';

let browser;
const records = [];

before(async () => { browser = await launchBrowser(); });
after(async () => {
  await browser.close();
});

async function open(options) {
  const opened = await openPage(browser, options);
  records.push(opened.record);
  return opened;
}

const classiqueGame = [
  { taker: 'N', trump: 'H', points: ['NS', 90], declared: { N: ['seq:3 K H'] }, belote: 'N' },
  { taker: 'S', trump: 'D', points: ['NS', 81] },
  { taker: 'W', trump: 'C', points: ['NS', 60], teamTotals: { EW: 50 } },
  { taker: 'E', trump: 'S', points: ['NS', 162], tricks: 7 },
  { taker: 'N', trump: 'S', capot: 'NS' },
  { taker: 'E', trump: 'H', points: ['EW', 100], declared: { E: ['seq:4 10 D'], S: ['seq:3 A S'] } },
  { taker: 'W', trump: 'D', points: ['EW', 62], declared: { W: ['carre J'] } },
  { taker: 'S', trump: 'C', points: ['NS', 70], declared: { N: ['seq:3 J C'] }, belote: 'S' },
  { taker: 'N', trump: 'H', points: ['NS', 40] },
  { taker: 'E', trump: 'S', points: ['EW', 90], belote: 'E', first: 'W' },
];

const traditionnelleGame = [
  { taker: 'N', trump: 'H', points: ['NS', 100], declared: { N: ['seq:3 K H'] }, belote: 'N' },
  { taker: 'E', trump: 'S', points: ['NS', 80], declared: { W: ['carre 7'] } },
  { taker: 'S', trump: 'D', points: ['NS', 81] },
  { taker: 'W', trump: 'C', points: ['NS', 0], tricks: 1, declared: { N: ['seq:4 A S'] } },
  { taker: 'N', trump: 'C', capot: 'NS', declared: { E: ['seq:5 A D'] } },
  { taker: 'E', trump: 'H', points: ['EW', 100], declared: { E: ['carre J'] } },
  { taker: 'W', trump: 'S', points: ['EW', 70], teamTotals: { NS: 20 } },
  { taker: 'S', trump: 'D', points: ['NS', 120], declared: { S: ['seq:3 10 D'], E: ['seq:3 10 C'] } },
  { taker: 'N', trump: 'S', points: ['NS', 60], belote: 'N' },
  { taker: 'E', trump: 'C', points: ['EW', 90], declared: { W: ['carre A'] }, belote: 'W' },
];

// Kontra and rekontra, no-trumps and all-trumps, two ties whose hanging points
// go to the next round's winner, a valat, the board in tens; EW reach 151 at mène 10.
const bulgareGame = [
  { taker: 'N', trump: 'H', points: ['NS', 100], declared: { N: ['seq:3 K H'] }, belote: 'N' },
  { taker: 'E', kind: 'no-trumps', points: ['NS', 100] },
  { taker: 'S', kind: 'all-trumps', doubling: 'kontra', points: ['NS', 140] },
  { taker: 'W', trump: 'S', points: ['NS', 81] },
  { taker: 'N', trump: 'D', points: ['NS', 90] },
  { taker: 'E', trump: 'C', capot: 'EW' },
  { taker: 'S', kind: 'no-trumps', points: ['NS', 120] },
  { taker: 'W', kind: 'all-trumps', points: ['NS', 129] },
  { taker: 'N', trump: 'C', points: ['NS', 110], declared: { S: ['carre Q'], E: ['seq:3 9 D'] } },
  { taker: 'E', trump: 'H', doubling: 'rekontra', points: ['EW', 112], belote: 'E' },
];

// 36 cards, no contract: trump, obenabe and undenufe, Weis and Stöck, three Matches; NS pass 2,500 at mène 15.
const schieberGame = [
  { taker: 'N', trump: 'H', points: ['NS', 100], declared: { N: ['seq:3 K H'] }, belote: 'N' },
  { taker: 'E', kind: 'obenabe', points: ['NS', 60], declared: { E: ['seq:4 A S'] } },
  { taker: 'S', kind: 'undenufe', points: ['NS', 120] },
  { taker: 'W', trump: 'S', capot: 'EW' },
  { taker: 'N', trump: 'D', points: ['NS', 90], declared: { S: ['carre J'], W: ['seq:5 10 H'] } },
  { taker: 'E', trump: 'C', points: ['NS', 0], tricks: 1 },
  { taker: 'S', kind: 'obenabe', points: ['NS', 157], tricks: 8 },
  { taker: 'W', kind: 'undenufe', capot: 'NS', declared: { N: ['carre 6'] } },
  { taker: 'N', trump: 'S', points: ['NS', 80], belote: 'E' },
  { taker: 'E', trump: 'H', points: ['NS', 70], declared: { E: ['seq:3 10 H'], N: ['seq:6 A S'] } },
  { taker: 'S', trump: 'C', capot: 'NS', declared: { S: ['seq:4 A C'] } },
  { taker: 'N', kind: 'obenabe', points: ['NS', 130], declared: { N: ['carre 9'] } },
  { taker: 'E', trump: 'D', points: ['NS', 110], belote: 'S' },
  { taker: 'W', kind: 'undenufe', points: ['NS', 140] },
  { taker: 'N', trump: 'H', points: ['NS', 120], declared: { N: ['carre J'] } },
];

// Each game, its target ('' for the ruleset's) and winner (null: not over);
// two other rulesets to see it under, the first one that reads its sheet.
const games = [
  ['classique', classiqueGame, 3000, null, 'traditionnelle', 'classique-hors-contrat'],
  ['traditionnelle', traditionnelleGame, 3000, null, 'classique-hors-contrat', 'classique'],
  ['coinche', coincheGame, 2900, 'EW', 'coinche-contrat-seul', 'coinche-sans-arrondi'],
  ['bulgare', bulgareGame, '', 'EW', 'bulgare-belot-dite', 'bulgare-deux-concours'],
  ['schieber', schieberGame, '', 'NS', 'schieber-multiplicateurs', 'schieber-weis-simple'],
];

// The engine's explanation as the page words it for players named Nous and Eux.
function inWords(text, tricksGiven) {
  const symbols = { S: '♠', H: '♥', D: '♦', C: '♣' };
  return (tricksGiven ? text : text.replace(/ \(\d+ tricks?\)/g, ''))
    .replace(/\b(10|[2-9AKQJ])([SHDC])\b/g, (card, rank, suit) => `${rank}${symbols[suit]}`)
    .replace(/\bNS\b/g, 'Nous').replace(/\bEW\b/g, 'Eux');
}

// The game under another ruleset, in the page's second table, is what belote sheet show gives under it.
async function compareRescored(page, saved, ruleset, other) {
  const folder = temporaryDir('belote-rescore-');
  const file = path.join(folder, 'other.toml');
  fs.writeFileSync(file, saved.text.replace(`ruleset = "${ruleset}"`, `ruleset = "${other}"`));
  const json = JSON.parse(belote(['sheet', 'show', file, '--format', 'json']));
  const own = JSON.parse(belote(['sheet', 'show', saved.file, '--format', 'json']));
  const rows = await sheetRows(page, '#rescore-table');
  assert.equal(rows.length, json.menes.length + 1);
  json.menes.forEach((mene, i) => {
    assert.deepEqual(rows[i].slice(4, 8).map(Number), [mene.written.NS, mene.written.EW, mene.totals.NS, mene.totals.EW], `${other}, mène ${i + 1}`);
  });
  // The mènes that score differently are marked.
  const changed = await page.$$eval('#rescore-table tbody tr', (r) => r.map((row) => row.classList.contains('changed')));
  assert.deepEqual(changed, json.menes.map((m, i) => m.written.NS !== own.menes[i].written.NS || m.written.EW !== own.menes[i].written.EW));
  return changed.filter(Boolean).length;
}

for (const [ruleset, menes, target, winner, firstOther, chosen] of games) {
  test(`a ${menes.length}-mène game under ${ruleset}, played through the page, is the game belote sheet show reads`, async () => {
    const { page } = await open();
    assert.equal(await newGame(page, { ruleset, ns: 'Nous', ew: 'Eux', target }), '');
    for (const [i, mene] of menes.entries()) assert.equal(await addMene(page, mene), '', `mène ${i + 1}`);
    assert.equal(await menesShown(page), menes.length);
    const { json, saved, text } = await compareWithProgram(page, temporaryDir('belote-sheet-'));
    assert.equal(json.ruleset, ruleset);
    // Where the game stands, as the page says it under the sheet and as the program's sheet ends.
    assert.equal(json.winner, winner);
    const [state, won] = await page.$eval('#game-state', (e) => [e.textContent, e.classList.contains('won')]);
    assert.ok(state.trim() !== '' && text.trimEnd().endsWith(`\n${state.trim()}`), `the page says "${state}"`);
    assert.equal(won, winner !== null);
    if (winner) assert.match(state, new RegExp(`^${winner === 'NS' ? 'Nous' : 'Eux'} win the game at mène ${menes.length}, `));
    // Nothing is shown under another ruleset until the player picks one.
    assert.equal(await page.$eval('#rescore-select', (e) => e.value), '');
    assert.equal(await page.$$eval('#rescore-table tr', (r) => r.length), 0);
    await page.select('#rescore-select', firstOther);
    await compareRescored(page, saved, ruleset, firstOther);
    await page.select('#rescore-select', chosen);
    assert.ok(await compareRescored(page, saved, ruleset, chosen) > 0, `some mènes score differently under ${chosen}`);
    // Each mène's explanation is the engine's, on demand.
    await page.click('button[aria-controls="why-2"]');
    const why = await page.$$eval('#why-2 li', (steps) => steps.map((e) => (e.offsetParent ? e.textContent : '')));
    assert.deepEqual(why, json.menes[1].outcome.explanation.map((s) => inWords(s.text, json.menes[1].tricks_given)));
    const heading = await page.$eval('#sheet-table thead tr:last-child th:nth-child(3)', (e) => e.textContent);
    assert.equal(heading, ['classique', 'traditionnelle'].includes(ruleset) ? 'Trump' : 'Played in');
    if (ruleset === 'coinche') {
      assert.deepEqual((await sheetRows(page)).slice(0, 3).map((row) => row[2]), ['♥ 100', 'sans-atout 120 coinche', 'tout-atout generale']);
    }
    await screenshot(page, `game-${ruleset}`);
    await screenshot(page, `sheet-${ruleset}`, '#sheet-section');
    await page.close();
  });
}

test('the mène form follows the ruleset\'s contract kinds: their card points and what they declare', async () => {
  const { page } = await open();
  await newGame(page, { ruleset: 'bulgare' });
  const offered = await page.$$eval('#m-contract option', (options) => options.map((o) => o.textContent));
  assert.deepEqual(offered, ['♠ (trump S)', '♥ (trump H)', '♦ (trump D)', '♣ (trump C)', 'no-trumps', 'all-trumps']);
  // Kontra and rekontra without a bid; a capot by team only.
  const options = (id) => page.$$eval(`#${id} option`, (list) => list.map((o) => o.textContent));
  assert.equal(await page.$('#m-bid'), null, 'no bid where the ruleset has none');
  assert.deepEqual(await options('m-doubling'), ['not doubled', 'kontra (×2)', 'rekontra (×4)']);
  assert.deepEqual(await options('m-capot'), ['no capot', 'Nous (NS)', 'Eux (EW)']);
  assert.equal(await page.$eval('#m-taker', (e) => e.labels[0].textContent), 'Taker');
  await page.select('#m-contract', '4');
  assert.equal(await page.$eval('#m-points-other', (e) => e.textContent),
    'In no-trumps the cards count 260 points with the last trick (a capot 350).');
  assert.equal(await page.$eval('#m-none-declared', (e) => e.hidden), false);
  await page.select('#m-contract', '5');
  assert.equal(await page.$eval('#m-points-other', (e) => e.textContent),
    'In all-trumps the cards count 258 points with the last trick (a capot 348).');
  assert.equal(await page.$eval('#m-none-declared', (e) => e.hidden), true);
  assert.equal(await addMene(page, { taker: 'N', trump: 'H', points: ['NS', 100], declared: { N: ['seq:4 K H'] }, belote: 'N' }), '');
  // A mène played in no trump suit: the sheet names its kind.
  assert.equal(await addMene(page, { taker: 'E', kind: 'no-trumps', points: ['EW', 160] }), '');
  assert.equal(await addMene(page, { taker: 'S', kind: 'all-trumps', points: ['NS', 150], declared: { S: ['carre J'] }, belote: 'N' }), '');
  const { saved } = await compareWithProgram(page, temporaryDir('belote-sheet-'));
  assert.match(saved.text, /kind = "no-trumps"/);
  // The board counts tens: the totals say so.
  assert.match((await sheetRows(page)).at(-1)[0], /^Totals \(game to 151, in tens of points\)$/);
  await page.close();
});

test('the mène form offers no bid or doubling where the ruleset has none; without a contract the taker chooses', async () => {
  const { page } = await open();
  const options = (id) => page.$$eval(`#${id} option`, (list) => list.map((o) => o.textContent));
  await newGame(page, { ruleset: 'classique' });
  assert.deepEqual([await page.$('#m-bid'), await page.$('#m-doubling')], [null, null]);
  assert.equal(await page.$eval('#m-contract', (e) => e.labels[0].textContent), 'Trump');
  assert.deepEqual(await options('m-capot'), ['no capot', 'Nous (NS)', 'Eux (EW)']);

  await newGame(page, { ruleset: 'schieber' });
  assert.deepEqual([await page.$('#m-bid'), await page.$('#m-doubling')], [null, null]);
  assert.equal(await page.$eval('#m-taker', (e) => e.labels[0].textContent), 'Chose what is played');
  assert.deepEqual(await options('m-contract'), ['♠ (trump S)', '♥ (trump H)', '♦ (trump D)', '♣ (trump C)',
    'obenabe', 'undenufe']);
  await page.select('#m-contract', '4');
  assert.equal(await page.$eval('#m-points-other', (e) => e.textContent),
    'In obenabe the cards count 157 points with the last trick (a capot 257).');
  assert.equal(await page.$eval('#m-tricks', (e) => e.max), '9', 'nine tricks a mène');
  await screenshot(page, 'mene-form-schieber', '#mene-section');
  await page.close();
});

test('under coinche the form offers the bids, the doubling, a capot by seat and each kind\'s card points, keyboard alone', async () => {
  const { page } = await open();
  await newGame(page, { ruleset: 'coinche' });
  const options = (id) => page.$$eval(`#${id} option`, (list) => list.map((o) => o.textContent));
  assert.deepEqual(await options('m-bid'), ['choose the bid', '80', '90', '100', '110', '120', '130', '140', '150', '160',
    'capot (250: every trick)', 'générale (500: every trick to the taker alone)']);
  assert.deepEqual(await options('m-doubling'), ['not doubled', 'coinche (×2)', 'surcoinche (×4)']);
  assert.deepEqual(await options('m-capot'), ['no capot', 'Nous (NS)', 'Eux (EW)',
    'N — Nous, alone', 'E — Eux, alone', 'S — Nous, alone', 'W — Eux, alone']);
  const hint = () => page.$eval('#m-points-other', (e) => e.textContent);
  await page.select('#m-contract', '4');
  assert.equal(await hint(), 'In sans-atout the cards count 162 points with the last trick (a capot 250).');
  const belote = () => page.$eval('#m-belote', (e) => [e.labels[0].textContent, e.disabled]);
  assert.deepEqual(await belote(), ['Belote (none in sans-atout)', true]);
  await page.select('#m-contract', '5');
  assert.deepEqual(await belote(), ['Belote (Q+K of one suit, 20)', false]);
  await page.select('#m-contract', '1');
  assert.deepEqual(await belote(), ['Belote (Q+K of trumps, 20)', false]);
  // A générale is made by the taker alone: a capot by team is refused with the engine's reason.
  const refused = await addMene(page, { taker: 'S', kind: 'tout-atout', bid: 'generale', capot: 'NS' });
  assert.equal(refused, 'The mène is not added. Capot: the bid \'generale\' needs every trick to the taker alone: write the seat that took them');
  assert.equal(await menesShown(page), 0);

  // Taker E, sans-atout, bid 90, coinche, NS 100 card points, with the keyboard alone.
  await page.select('#m-capot', '');
  await page.select('#m-taker', 'N');
  await page.select('#m-contract', '0');
  await page.select('#m-bid', '0');
  await page.focus('#m-taker');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  for (let i = 0; i < 4; ++i) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  assert.equal(await menesShown(page), 1);
  assert.deepEqual((await sheetRows(page))[0].slice(1, 6), ['E Eux', 'sans-atout 90 coinche', 'failed', '500', '0']);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'm-taker', 'back to the first field');
  await compareWithProgram(page, temporaryDir('belote-sheet-'));
  await screenshot(page, 'mene-form-coinche', '#mene-section');
  await page.close();
});

test('a mène the ruleset refuses is not added, and the message says why', async () => {
  const { page } = await open();
  await newGame(page, { ruleset: 'traditionnelle' });
  const refused = await addMene(page, { taker: 'E', trump: 'H', points: ['EW', 100], declared: { E: ['carre J', 'seq:3 J H'] } });
  assert.match(refused, /^The mène is not added\. E's announcements: J♥ serves in a carré and a sequence, and this ruleset lets no card serve twice/);
  assert.equal(await menesShown(page), 0);
  // The form keeps what was entered: take the sequence out and add the mène again.
  assert.deepEqual(await page.$$eval('#m-ann-E-list li', (chips) => chips.map((c) => c.firstChild.textContent)), ['carre J', 'tierce J♥']);
  await page.click('button[aria-label="Remove tierce J♥ from E"]');
  await page.click('#m-submit');
  assert.equal(await page.$eval('#mene-errors', (e) => e.textContent), '');
  assert.equal(await menesShown(page), 1);
  const missing = await addMene(page, { taker: 'E', trump: 'H' });
  assert.equal(missing, 'The mène is not added. Card points: enter the card points of one team, or choose a capot');
  await page.close();
});

test('the game is kept across reloads; undo removes the last mène; a sheet file opens', async () => {
  const { page } = await open();
  await newGame(page, { ruleset: 'classique', ns: 'Anne et Luc', ew: 'Les voisins' });
  for (const mene of classiqueGame.slice(0, 3)) assert.equal(await addMene(page, mene), '');
  await page.click('#undo');
  assert.equal(await menesShown(page), 2);
  const file = await page.$eval('#sheet-file', (e) => e.textContent);
  await page.reload();
  await page.waitForFunction(() => window.beloteCounter);
  assert.equal(await menesShown(page), 2);
  assert.equal(await page.$eval('#sheet-file', (e) => e.textContent), file);
  assert.match(await page.$eval('#game-state', (e) => e.textContent), /Anne et Luc/);

  // A new game does not drop this one at the first press.
  await page.click('#new-game');
  assert.equal(await menesShown(page), 2);
  assert.match(await page.$eval('#new-game', (e) => e.textContent), /Press again/);
  await page.focus('#team-ns');
  assert.equal(await page.$eval('#new-game', (e) => e.textContent), 'Start a new game');

  // Nor does a sheet opened from a file: it waits for a second press, as a new game does.
  const example = path.join(repository, 'examples/sheet.toml');
  const input = await page.$('#import');
  await input.uploadFile(example);
  await page.waitForSelector('#import-confirm:not([hidden])');
  assert.equal(await menesShown(page), 2);
  assert.equal(await page.$eval('#import-confirm', (e) => e.textContent), 'Press to open sheet.toml and drop the game under way (save it first to keep it)');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'import-confirm');
  await screenshot(page, 'open-sheet-confirm', '#sheet-section');
  await page.click('#import-confirm');
  assert.equal(await page.$eval('#import-confirm', (e) => e.hidden), true);
  await page.waitForFunction(() => document.querySelectorAll('#sheet-table tbody tr:not(.explanation)').length === 5);
  assert.equal(await page.$eval('#sheet-text', (e) => e.textContent), belote(['sheet', 'show', example]));
  assert.equal(await page.$eval('#sheet-file', (e) => e.textContent), fs.readFileSync(example, 'utf8'));
  await page.close();
});

test('a sheet opened from a file names its ruleset by name: a path is refused, as belote sheet show --untrusted refuses it', async () => {
  const { page } = await open();
  await newGame(page, { ruleset: 'classique' });
  const folder = temporaryDir('belote-opened-');
  const file = path.join(folder, 'their-game.toml');
  fs.writeFileSync(file, 'ruleset = "../rulesets/classique.toml"\n\n[[mene]]\ntaker = "N"\ntrump = "H"\npoints = { NS = 90, EW = 72 }\n');
  await (await page.$('#import')).uploadFile(file);
  await page.waitForFunction(() => document.querySelector('#sheet-errors').textContent !== '');
  const shown = await page.$$eval('#sheet-errors .error', (errors) => errors.map((e) =>
    `belote: error: ${e.querySelector('p').textContent}\n${e.querySelector('pre') ? `${e.querySelector('pre').textContent}\n` : ''}`).join(''));
  const cli = belote(['sheet', 'show', '--untrusted', 'their-game.toml'], { allowFailure: true, cwd: folder });
  assert.equal(cli.status, 1);
  assert.equal(shown, cli.stderr);
  assert.match(shown, /their-game\.toml:1:11: 'ruleset': '\.\.\/rulesets\/classique\.toml' is a path/);
  assert.equal(await menesShown(page), 0, 'the game under way stays');
  await page.close();
});

const brokenRulesets = [
  ['a value of the wrong type',
    'name = "maison"\nextends = "classique"\ntitle = "Maison"\nsource = "our table"\ndescription = "Capot at 250."\n\n[contract]\ncapot = "lots"\n'],
  ['a TOML syntax error', 'name = "maison"\nextends = "classique"\n[contract\ncapot = 250\n'],
  ['an unknown base', 'name = "maison"\nextends = "clasique"\ntitle = "Maison"\nsource = "s"\ndescription = "d"\n'],
  // Text from someone else extends a ruleset by its name, never a file by its path.
  ['a base given by path', 'name = "maison"\nextends = "/etc/passwd"\ntitle = "Maison"\nsource = "s"\ndescription = "d"\n'],
  ['a relative base path', 'name = "maison"\nextends = "../rulesets/classique.toml"\n'],
  // Written to harm: markup and a right-to-left override in its keys, more errors than are shown.
  ['markup in 150 unknown keys', `name = "maison"\nextends = "classique"\n${Array.from({ length: 150 },
    (_, i) => `"<img src=x onerror=window.pwned=${i}>\u202e${i}" = ${i}\n`).join('')}`],
];

for (const [what, text] of brokenRulesets) {
  test(`a pasted ruleset with ${what} shows file:line:col and the caret line, as belote rulesets check --untrusted does`, async () => {
    const { page } = await open();
    await page.click('#paste-panel summary');
    await page.$eval('#ruleset-text', (e, value) => { e.value = value; }, text);
    await page.type('#ruleset-text', ' ');
    await page.click('#ruleset-use');
    const shown = await page.$$eval('#ruleset-errors .error', (errors) => errors.map((e) =>
      `belote: error: ${e.querySelector('p').textContent}\n${e.querySelector('pre') ? `${e.querySelector('pre').textContent}\n` : ''}`).join(''));
    // A ruleset file is named after its ruleset (`name` may only repeat the
    // file's name); the page shows the pasted text as pasted.toml.
    const folder = temporaryDir('belote-pasted-');
    fs.writeFileSync(path.join(folder, 'maison.toml'), `${text} `);
    const cli = belote(['rulesets', 'check', '--untrusted', 'maison.toml'], { allowFailure: true, cwd: folder });
    assert.equal(cli.status, 1);
    assert.equal(shown, cli.stderr.replaceAll('maison.toml', 'pasted.toml'));
    assert.match(shown, /pasted\.toml:\d+:\d+: /);
    // Nothing outside the text is quoted, and what it holds is shown as text, never as markup.
    assert.doesNotMatch(shown, /root:/);
    assert.deepEqual(await page.$$eval('#ruleset-errors *', (all) => [...new Set(all.map((e) => e.tagName))]), ['DIV', 'P', 'PRE']);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    await screenshot(page, `ruleset-error-${what.replaceAll(' ', '-')}`, '#game-section');
    await page.close();
  });
}

test('a ruleset loaded from a file plays a game that belote sheet show reads beside it', async () => {
  const { page } = await open();
  const folder = temporaryDir('belote-house-');
  const file = path.join(folder, 'maison.toml');
  fs.writeFileSync(file, 'name = "maison"\nextends = "classique"\ntitle = "Chez nous"\nsource = "our table"\n' +
    'description = "Classique, but a capot is worth 250."\n\n[contract]\ncapot = 250\n');
  await page.click('#paste-panel summary');
  await (await page.$('#ruleset-file')).uploadFile(file);
  await page.waitForFunction(() => document.querySelector('#ruleset-select').value === 'maison');
  assert.equal(await page.$eval('#ruleset-errors', (e) => e.textContent), '');
  assert.match(await page.$eval('#ruleset-info', (e) => e.textContent), /Chez nous/);
  await newGame(page, { ruleset: 'maison' });
  assert.equal(await addMene(page, { taker: 'N', trump: 'S', capot: 'NS' }), '');
  assert.equal(await addMene(page, classiqueGame[0]), '');
  const { json } = await compareWithProgram(page, temporaryDir('belote-sheet-'), { rulesetsDir: folder });
  assert.equal(json.menes[0].written.NS, 250);
  // Kept across reloads, with the game.
  await page.reload();
  await page.waitForFunction(() => window.beloteCounter);
  assert.equal(await menesShown(page), 2);
  // Given again with another value, the game under it is scored anew.
  await page.click('#paste-panel summary');
  await page.$eval('#ruleset-text', (e, text) => { e.value = text; }, fs.readFileSync(file, 'utf8').replace('capot = 250', 'capot = 260'));
  await page.click('#ruleset-use');
  assert.equal((await sheetRows(page))[0][4], '260');
  await page.close();
});

test('a mène entered with the keyboard alone', async () => {
  const { page } = await open();
  await newGame(page, { ruleset: 'classique' });
  await page.focus('#m-taker');
  await page.keyboard.press('ArrowDown');          // taker E
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');          // trump H
  await page.keyboard.press('Tab');                // card points of: NS
  await page.keyboard.press('Tab');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');              // submits the form
  assert.equal(await menesShown(page), 1);
  const rows = await sheetRows(page);
  assert.deepEqual(rows[0].slice(1, 6), ['E Eux', '♥', 'failed', '162', '0']);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'm-taker', 'back to the first field');
  await page.focus('button[aria-controls="why-1"]');
  await page.keyboard.press('Enter');
  assert.equal(await page.$eval('#why-1', (e) => e.hidden), false);
  await page.focus('#undo');
  await page.keyboard.press('Space');
  assert.equal(await menesShown(page), 0);
  await page.close();
});

for (const [ruleset, menes, shot] of [['classique', classiqueGame, 'phone-375px'], ['coinche', coincheGame, 'phone-375px-coinche'],
  ['bulgare', bulgareGame, 'phone-375px-bulgare'], ['schieber', schieberGame, 'phone-375px-schieber']]) {
  test(`at 375 px wide nothing runs off the page; every field has a label (${ruleset})`, async () => {
    const { page } = await open({ width: 375, height: 800 });
    await newGame(page, { ruleset });
    for (const mene of menes.slice(0, 4)) assert.equal(await addMene(page, mene), '');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no horizontal scrolling');
    // The sheet's points and totals are in view; only the buttons and notes after them may scroll.
    const [totalsEnd, visibleEnd] = await page.$eval('#sheet-table tbody tr:first-child td:nth-child(8)', (cell) => {
      const text = document.createRange();
      text.selectNodeContents(cell);
      return [text.getBoundingClientRect().right, cell.closest('.table-wrap').getBoundingClientRect().right];
    });
    assert.ok(totalsEnd <= visibleEnd, `the totals end at ${totalsEnd} px, the sheet at ${visibleEnd} px`);
    const unlabelled = await page.$$eval('input, select, textarea', (fields) => fields
      .filter((f) => f.type !== 'radio' && !(f.labels && f.labels.length) && !f.getAttribute('aria-label')).map((f) => f.id));
    assert.deepEqual(unlabelled, []);
    await screenshot(page, shot);
    await screenshot(page, `${shot}-form`, '#mene-section');
    await screenshot(page, `${shot}-sheet`, '#sheet-section');
    await page.close();
  });
}

test('random deals compared in a Web Worker: a progress bar, then the chart', async (t) => {
  const { page } = await open();
  await page.select('#diff-a', 'classique');
  await page.select('#diff-b', 'traditionnelle');
  await page.$eval('#diff-count', (e) => { e.value = '200000'; });
  await page.$eval('#diff-seed', (e) => { e.value = '7'; });
  await page.click('#diff-run');
  await page.waitForSelector('#diff-headline', { timeout: 120000 });
  assert.deepEqual(await page.$eval('#diff-progress', (e) => [e.value, e.max]), [200000, 200000]);
  const cli = JSON.parse(belote(['diff', 'classique', 'traditionnelle', '--random', '200000', '--seed', '7', '--summary', '--format', 'json']));
  const headline = await page.$eval('#diff-headline', (e) => e.textContent);
  assert.equal(headline, `${(100 * cli.share).toFixed(2)}% of deals score differently under traditionnelle than under classique.`);
  assert.ok(await page.$$eval('#diff-result svg rect', (r) => r.length) > 8, 'the chart has its bars');
  const seconds = Number((await page.$eval('#diff-result .legend', (e) => e.textContent)).match(/in ([\d.]+) s/)[1]);
  t.diagnostic(`random-deal comparison in the worker: ${Math.round(200000 / seconds)} deals/s (each scored under both rulesets)`);
  await screenshot(page, 'random-deal-comparison', '#diff-section');
  await page.close();
});

test('the page made no request outside the device and raised no error', async (t) => {
  const { page, record } = await open();
  await page.close();
  const loads = records.map((r) => r.loadMs);
  t.diagnostic(`engine ready ${Math.round(Math.min(...loads))}-${Math.round(Math.max(...loads))} ms after navigation (${loads.length} loads)`);
  t.diagnostic(`first load: ${Math.round(record.loadMs)} ms`);
  for (const r of records) {
    assert.deepEqual(networkRequests(r), []);
    assert.deepEqual(r.errors, []);
  }
  const size = pageFiles().reduce((sum, file) => sum + fs.statSync(file).size, 0);
  t.diagnostic(`the page's files: ${size} bytes`);
  // A budget, not a target: the engine with the play, the auction, klaverjas and the table with its players (docs/web.md, Figures).
  assert.ok(size < 2.75 * 1024 * 1024, `the page is ${size} bytes, over 2.75 MiB`);
});
