// Mènes played on the page against the engine as parts of a game on the
// sheet: a deal passed out (everybody passed) goes onto the sheet as a redeal
// of its own, as `belote play --record game.toml` writes it, at the game's
// first mène or later; the game's end is said before a mène is dealt; the
// panel follows a new game's ruleset; a refusal is told in the player's
// words; calls, contracts and the belote's word are written as the page
// writes cards; the coinche opening is a list of bids, not 67 buttons; the
// keyboard's focus follows the turns; and on a phone the trick being played
// is beside the cards to choose from.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { addMene, chooseAction, dealToPlay, newGame, nextTurn, offered, menesShown, setValue } from './page-driver.mjs';
import { belote, launchBrowser, openPage, pageDir, screenshot, temporaryDir } from './support.mjs';

let browser;
let engine;
before(async () => {
  browser = await launchBrowser();
  engine = await (await import(pathToFileURL(path.join(pageDir, 'belote.mjs')).href)).default();
});
after(() => browser.close());

/** `belote play --seat none` for one mène: its JSON record and its TOML sheet, with every action and its seat. */
function playedByProgram({ ruleset, seed, dealer, players = 'heuristic' }) {
  const folder = temporaryDir('belote-play-game-');
  const json = path.join(folder, 'game.json');
  const toml = path.join(folder, 'game.toml');
  belote(['play', '--ruleset', ruleset, '--seed', String(seed), '--seat', 'none', '--players', players, '--menes', '1',
    '--first-dealer', dealer, '--record', json, '--record', toml, '--quiet']);
  const record = fs.readFileSync(json, 'utf8');
  const replayed = engine.Table.replay(ruleset, record);
  const actions = replayed.history.flatMap((mene) => mene.actions);
  replayed.dispose();
  const table = new engine.Table(ruleset, { seed: String(seed), firstDealer: dealer, maxMenes: 1 });
  const steps = actions.map((action) => {
    const step = { seat: table.toAct, action };
    table.step(action);
    return step;
  });
  table.dispose();
  return { record: JSON.parse(record), toml, steps };
}

/** Plays the person's seat as the program's record played it, to the mène's end. */
async function tapAsRecorded(page, steps, seat) {
  for (const step of steps.filter((s) => s.seat === seat)) {
    assert.equal(await nextTurn(page), 'turn');
    await chooseAction(page, step.action);
  }
  assert.equal(await nextTurn(page), 'over');
}

/** The page's sheet as `belote sheet show --format json` reads it. */
async function sheetShown(page) {
  const folder = temporaryDir('belote-play-sheet-');
  const file = path.join(folder, 'sheet.toml');
  fs.writeFileSync(file, await page.$eval('#sheet-file', (e) => e.textContent));
  return JSON.parse(belote(['sheet', 'show', file, '--format', 'json']));
}

const rowOf = (m) => ({ mene: m.mene, dealer: m.dealer, redeal: Boolean(m.redeal), written: m.written });
const text = (page, selector) => page.$eval(selector, (e) => e.textContent);

test('a deal passed out at the game\'s first mène goes onto the sheet as a redeal, as belote play records it', async () => {
  // Seed 11 under classique: everybody passes twice round, then W deals again and E takes.
  const program = playedByProgram({ ruleset: 'classique', seed: 11, dealer: 'N' });
  assert.equal(program.record.mene.length, 2, 'a redeal, then the mène played');
  const { page, record } = await openPage(browser, { width: 1280, height: 800 });
  assert.equal(await newGame(page, { ruleset: 'classique' }), '');
  await dealToPlay(page, { ruleset: 'classique', seat: 'N', players: 'heuristic', seed: 11, dealer: 'N' });
  await tapAsRecorded(page, program.steps, 'N');
  // The deal passed out stays in sight with its calls, once the cards are dealt again.
  assert.equal(await page.$eval('#play-passed-part', (e) => e.hidden), false);
  const passed = await text(page, '#play-passed');
  assert.match(passed, /^Dealt by N \(turned card K♣\), passed out: W pass, S pass, E pass, N pass, W pass, S pass, E pass, N pass; the cards were dealt again\.$/);
  await page.click('#play-add');
  assert.equal(await text(page, '#play-errors'), '');
  assert.match(await text(page, '#engine-status'), /^Redeal recorded as mène 1; mène 2 added as played\./);
  assert.equal(await menesShown(page), 2);
  const cli = JSON.parse(belote(['sheet', 'show', program.toml, '--format', 'json']));
  assert.deepEqual((await sheetShown(page)).menes.map(rowOf), cli.menes.map(rowOf));
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('a deal passed out later in the game goes onto the sheet: the redeal, then the mène dealt again', async () => {
  const { page, record } = await openPage(browser, { width: 390, height: 844 });
  assert.equal(await newGame(page, { ruleset: 'classique' }), '');
  // A first mène played and added: N deals it, and the deal passes to W, where the panel deals from.
  const first = playedByProgram({ ruleset: 'classique', seed: 3, dealer: 'N' });
  await dealToPlay(page, { ruleset: 'classique', seat: 'N', players: 'heuristic', seed: 3, dealer: 'N' });
  await tapAsRecorded(page, first.steps, 'N');
  await page.click('#play-add');
  assert.equal(await text(page, '#play-errors'), '');
  assert.equal(await page.$eval('#play-dealer', (e) => e.value), 'W');
  const program = playedByProgram({ ruleset: 'classique', seed: 11, dealer: 'W' });
  assert.deepEqual(program.record.mene.map((m) => m.auction.dealer), ['W', 'S']);
  await dealToPlay(page, { ruleset: 'classique', seat: 'N', players: 'heuristic', seed: 11, dealer: 'W' });
  await tapAsRecorded(page, program.steps, 'N');
  await page.click('#play-add');
  assert.equal(await text(page, '#play-errors'), '');
  assert.equal(await text(page, '#play-status'), 'The mène was added to the sheet.');
  const shown = await sheetShown(page);
  assert.deepEqual(shown.menes.map((m) => [m.dealer, Boolean(m.redeal)]), [['N', false], ['W', true], ['S', false]]);
  assert.match(await text(page, '#engine-status'), /^Redeal recorded as mène 2; mène 3 added as played\./);
  const cli = JSON.parse(belote(['sheet', 'show', program.toml, '--format', 'json']));
  assert.deepEqual(shown.menes.slice(1).map((m) => m.written), cli.menes.map((m) => m.written));
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('once the game is won, the panel says so before dealing and offers a new game', async () => {
  const { page, record } = await openPage(browser, { width: 390, height: 844 });
  assert.equal(await newGame(page, { ruleset: 'classique', target: 100 }), '');
  assert.equal(await addMene(page, { taker: 'N', trump: 'H', points: ['NS', 152] }), '');
  await dealToPlay(page, { ruleset: 'classique', seat: 'N', players: 'random', seed: 3, dealer: 'S' });
  assert.equal(await text(page, '#play-status'), 'No mène was dealt.');
  assert.equal(await page.$eval('#play-board', (e) => e.hidden), true, 'nothing was dealt');
  assert.equal(await page.$eval('#play-over', (e) => e.hidden), false);
  assert.match(await text(page, '#play-over-text'), /^The game is over\. Nous win the game at mène 1, \d+ to \d+ \(game to 100\)\. Start a new game/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'play-new-game');
  await screenshot(page, 'play-game-over-390px', '#play-section');
  await page.click('#play-new-game');
  assert.equal(await menesShown(page), 0, 'a new game');
  assert.equal(await page.$eval('#play-over', (e) => e.hidden), true);
  await dealToPlay(page, { ruleset: 'classique', seat: 'N', players: 'random', seed: 3, dealer: 'N' });
  assert.equal(await nextTurn(page), 'turn');
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('a new game under another ruleset is the one the panel plays under', async () => {
  const { page } = await openPage(browser, { width: 1280, height: 800 });
  assert.equal(await newGame(page, { ruleset: 'classique' }), '');
  assert.equal(await page.$eval('#play-ruleset', (e) => e.value), 'classique');
  assert.equal(await newGame(page, { ruleset: 'bulgare' }), '');
  assert.equal(await page.$eval('#play-ruleset', (e) => e.value), 'bulgare');
  await page.close();
});

test('a played mène refused is told in the player\'s words, not as the sheet file\'s errors', async () => {
  const { page } = await openPage(browser, { width: 390, height: 844 });
  assert.equal(await newGame(page, { ruleset: 'classique' }), '');
  await page.click('#played-panel summary');
  const paste = async (given) => {
    await page.$eval('#played-text', (e, value) => { e.value = value; }, given);
    await page.click('#played-read');
    return text(page, '#played-errors');
  };
  const unknown = await paste('{"ruleset":"classique"}');
  assert.equal(unknown, '"ruleset" is no part of a played mène: one mène of a game\'s record holds its auction, hands and play.'
    + 'This is no played mène: it holds no cards played (its play, trick by trick).');
  // After N's mène the deal passes to W: a mène dealt by N does not follow.
  const program = playedByProgram({ ruleset: 'classique', seed: 3, dealer: 'N' });
  assert.equal(await paste(JSON.stringify(program.record.mene.at(-1))), '');
  assert.equal(await menesShown(page), 1);
  const dealer = await paste(JSON.stringify(program.record.mene.at(-1)));
  assert.equal(dealer, 'This mène was dealt by N, but after mène 1 of the game the deal passes to W: deal it with W as the dealer.');
  for (const said of [unknown, dealer]) assert.doesNotMatch(said, /sheet\.toml|:\d+:\d+|unknown key|auction\.dealer|\^/);
  await page.close();
});

test('calls and contracts are written with the suits\' symbols and in words, and bulgare\'s score in tens says so', async () => {
  const { page, record } = await openPage(browser, { width: 390, height: 844 });
  await dealToPlay(page, { ruleset: 'bulgare', seat: 'N', players: 'heuristic', seed: 5, dealer: 'E' });
  assert.equal(await nextTurn(page), 'turn');
  const calls = (await offered(page)).map((c) => c.text);
  assert.deepEqual(calls, ['pass', '♣', '♦', '♥', '♠', 'no-trumps', 'all-trumps']);
  for (;;) {
    const turn = await nextTurn(page);
    if (turn !== 'turn') break;
    await page.click('#play-choices button:not(:disabled)');
  }
  const about = await text(page, '#play-about');
  assert.match(about, /Contract: [NESW] \((NS|EW)\) takes (♠|♥|♦|♣|no-trumps|all-trumps)(, kontra|, rekontra)?; [NESW] leads\.$/);
  const listed = await page.$$eval('#play-calls li', (items) => items.map((li) => li.textContent.split(': ')[1]));
  for (const call of listed) assert.match(call, /^(pass|♠|♥|♦|♣|no-trumps|all-trumps|kontra|rekontra)$/);
  assert.match(await text(page, '#play-score'), /^Scored: NS \d+, EW \d+ \(in tens of points\); /);
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('schieber\'s mène ends in words, and an announcement is said to be declared before the first card', async () => {
  const { page, record } = await openPage(browser, { width: 390, height: 844 });
  // Seed 11, coinche, W: a cinquante to declare at W's first card.
  await dealToPlay(page, { ruleset: 'coinche', seat: 'W', players: 'heuristic', seed: 11, dealer: 'N' });
  for (;;) {
    assert.equal(await nextTurn(page), 'turn');
    if (await page.$('#play-choices .card-button:not(:disabled)')) break;
    assert.match(await text(page, '#play-choices'), /The advice values each call as if everybody passed after it\./);
    await page.click('#play-choices button:not(:disabled)');
  }
  const choices = await text(page, '#play-choices');
  assert.match(choices, /declare cinquante/);
  assert.match(choices, /Declare your announcements before your first card/);
  await page.close();
  const { page: schieber } = await openPage(browser, { width: 390, height: 844 });
  await dealToPlay(schieber, { ruleset: 'schieber', seat: 'N', players: 'heuristic', seed: 4, dealer: 'N' });
  while (await nextTurn(schieber) === 'turn') await schieber.click('#play-choices button:not(:disabled)');
  const status = await text(schieber, '#play-status');
  assert.match(status, /^Mène over, no contract to make or fail: each team scores its own: NS \d+, EW \d+\.$/);
  assert.doesNotMatch(await text(schieber, '#play-score'), /none/);
  assert.deepEqual(record.errors, []);
  await schieber.close();
});

test('the coinche opening is a list of bids beside a few buttons, with the keyboard on the first choice at each turn', async () => {
  const { page, record } = await openPage(browser, { width: 390, height: 844 });
  // E deals: N opens, with every bid to choose from.
  await dealToPlay(page, { ruleset: 'coinche', seat: 'N', players: 'heuristic', seed: 5, dealer: 'E' });
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'play-deal', 'a second Enter does not deal again');
  assert.equal(await nextTurn(page), 'turn');
  const buttons = await page.$$eval('#play-choices button', (all) => all.map((b) => b.textContent));
  assert.deepEqual(buttons, ['pass', 'Bid']);
  const bids = await page.$$eval('#play-bid option', (all) => all.map((o) => o.textContent));
  assert.equal(bids.length, 66);
  assert.equal(bids[0], '80 ♠');
  assert.ok(bids.includes('capot ♥') && bids.includes('générale tout-atout'), bids.join(', '));
  const height = await page.$eval('#play-choices', (e) => e.getBoundingClientRect().height);
  assert.ok(height < 300, `the choices take ${height} px`);
  await screenshot(page, 'play-coinche-opening-390px', '#play-section');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'pass', 'the keyboard is on the first call');
  // The advice names the best few calls and folds the rest.
  await page.click('#play-advice');
  await page.waitForSelector('#play-advice-list li', { timeout: 120000 });
  assert.ok(await page.$$eval('#play-advice-list > li', (items) => items.length) <= 6);
  // A bid chosen from the list with the keyboard, then "Bid".
  await page.focus('#play-bid');
  await page.select('#play-bid', await page.$$eval('#play-bid option', (all) => all.find((o) => o.textContent === '90 ♣').value));
  await page.focus('#play-bid-submit');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#play-calls li'));
  assert.equal(await page.$eval('#play-calls li', (e) => e.textContent), 'N: 90 ♣');
  // While the others act, the focus stays in the panel, then goes to the next choices.
  assert.notEqual(await page.evaluate(() => document.activeElement.tagName), 'BODY');
  const turn = await nextTurn(page);
  if (turn === 'turn') assert.ok(await page.evaluate(() => Boolean(document.activeElement.closest('#play-choices'))));
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('on a phone the trick being played is shown just above the cards to choose from', async () => {
  const { page } = await openPage(browser, { width: 390, height: 844 });
  await dealToPlay(page, { ruleset: 'coinche', seat: 'N', players: 'heuristic', seed: 5, dealer: 'E' });
  for (;;) {
    assert.equal(await nextTurn(page), 'turn');
    if (await page.$('#play-choices .card-button') && /[♠♥♦♣]/.test(await text(page, '#play-current'))) break;
    await page.click('#play-choices button:not(:disabled)');
  }
  const trick = await page.$eval('#play-current', (e) => e.getBoundingClientRect().toJSON());
  const card = await page.$eval('#play-choices .card-button', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(trick.bottom <= card.top && card.top - trick.top < 120, `the trick at ${trick.top} px, the cards at ${card.top} px`);
  assert.match(await text(page, '#play-current'), /^Trick \d: ([NESW] \S+(, |\.$))+/);
  await screenshot(page, 'play-current-trick-390px', '#play-section');
  await page.close();
});

test('the belote\'s word names the seat that said it', async () => {
  const { page } = await openPage(browser, { width: 390, height: 844 });
  await dealToPlay(page, { ruleset: 'coinche', seat: 'N', players: 'heuristic', seed: 5, dealer: 'E' });
  assert.equal(await nextTurn(page), 'turn');
  // Two belotes said, in a tout-atout mène: each with its seat.
  const declared = await page.evaluate(() => {
    const play = window.beloteCounter.play;
    const seen = { ...play.seen, phase: 'play', trick: 3, declared: [], words: ['QS', 'KS', 'QH', 'KH'],
      cards: [['N', 'QS'], ['E', 'QH'], ['S', '7D'], ['W', '8D'], ['N', 'KS'], ['E', 'KH'], ['S', '9D'], ['W', '10D']],
      trick_winners: ['N', 'E'], current: [] };
    play.showTable(seen);
    return document.getElementById('play-declared').textContent;
  });
  assert.equal(declared, 'Announced: with the word: N Q♠ K♠; E Q♥ K♥.');
  await page.close();
});

test('numbers written as 1e3 are no whole numbers: the comparison\'s deals and a mène\'s card points', async () => {
  const { page } = await openPage(browser, { width: 390, height: 844 });
  assert.equal(await newGame(page, { ruleset: 'coinche' }), '');
  await setValue(page, '#diff-count', '1e3');
  await page.click('#diff-run');
  assert.equal(await text(page, '#diff-errors'), 'Deals: a whole number from 1 to 10,000,000, digits only.');
  await page.select('#m-contract', await page.$$eval('#m-contract option', (all) => all[1].value));
  await setValue(page, '#m-points', '1e2');
  assert.match(await page.$eval('#m-points-error', (e) => e.textContent), /^Card points: a whole number, digits only/);
  await page.close();
});

test('named bids are written with their accents where a person reads them: the mène form\'s bids and calls', async () => {
  const { page } = await openPage(browser, { width: 390, height: 844 });
  assert.equal(await newGame(page, { ruleset: 'coinche' }), '');
  const bids = await page.$$eval('#m-bid option', (all) => all.map((o) => o.textContent));
  assert.ok(bids.some((b) => b.startsWith('générale (')) && !bids.some((b) => /generale/.test(b)), bids.join(', '));
  await page.click('#m-auction-mode-calls');
  const calls = await page.$$eval('#m-bid-call option', (all) => all.map((o) => o.textContent));
  assert.ok(calls.includes('générale ♠') && !calls.some((c) => /generale/.test(c)), calls.join(', '));
  await page.close();
});

test('the advice\'s best is a choice it weighed: an announcement is said to be declared before the card', async () => {
  const { page } = await openPage(browser, { width: 390, height: 844 });
  await dealToPlay(page, { ruleset: 'schieber', seat: 'N', players: 'heuristic', seed: 4, dealer: 'W' });
  assert.equal(await nextTurn(page), 'turn');
  // Advice as the engine gives it where a carré may be declared: the declaration is not weighed.
  const shown = await page.evaluate(() => {
    const play = window.beloteCounter.play;
    play.weighing = play.turn;
    play.showAdvice({ turn: play.turn, advice: {
      seat: play.you, measure: 'points', worlds: 32, best_text: 'declare carre Q',
      actions: [{ action: 40, text: 'declare carre Q', valued: false },
        { action: 3, text: 'QS', valued: true, expected: 61.5, spread: 8.2, make_chance: null },
        { action: 5, text: '9H', valued: true, expected: 70.25, spread: 4, make_chance: null }],
    } });
    return { status: document.getElementById('play-status').textContent,
      rows: [...document.querySelectorAll('#play-advice-list li')].map((li) => li.textContent) };
  });
  assert.equal(shown.status, 'Advice over 32 deals the other hands could be: best 9♥.');
  assert.equal(shown.rows[0], 'declare carré Q: not weighed (declare it before your first card)');
  await page.close();
});

test('a mène picked from a record goes onto the sheet with the deal passed out before it', async () => {
  const program = playedByProgram({ ruleset: 'classique', seed: 11, dealer: 'N' });
  const { page } = await openPage(browser, { width: 390, height: 844 });
  assert.equal(await newGame(page, { ruleset: 'classique' }), '');
  await page.click('#played-panel summary');
  await page.$eval('#played-text', (e, value) => { e.value = value; }, JSON.stringify(program.record));
  await page.click('#played-read');
  assert.deepEqual(await page.$$eval('#played-pick option', (all) => all.map((o) => o.value)), ['1']);
  await page.click('#played-add');
  assert.equal(await text(page, '#played-errors'), '');
  const cli = JSON.parse(belote(['sheet', 'show', program.toml, '--format', 'json']));
  assert.deepEqual((await sheetShown(page)).menes.map(rowOf), cli.menes.map(rowOf));
  await page.close();
});
