// A player's mistakes at the table, each driven through the page to what the
// page does about it: caught while typing, told at the field in the player's
// words, or added as the player meant it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addMene, menesShown, newGame, setValue } from './page-driver.mjs';
import { belote, launchBrowser, openPage, screenshot, temporaryDir } from './support.mjs';
import fs from 'node:fs';
import path from 'node:path';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

const ns = 'Les Anciens du Café de la Gare';
const ew = 'Les Jeunes';
const text = (page, selector) => page.$eval(selector, (e) => e.innerText);
const sheetFile = (page) => page.$eval('#sheet-file', (e) => e.textContent);
// What a refused mène shows: the summary, and the field's own message with its marks.
async function fieldError(page, field) {
  return page.$eval(`#${field}`, (e) => {
    const note = document.getElementById(e.getAttribute('aria-describedby') || '');
    return { invalid: e.getAttribute('aria-invalid'), note: note ? note.textContent : null, focused: document.activeElement === e };
  });
}
// Nothing of the [[mene]] table the page wrote, nor of the file it keeps, reaches the player.
function assertPlayerWords(message) {
  assert.doesNotMatch(message, /sheet\.toml|not added:|'[\w.]+'|= "|\{|\bNS\b|\bEW\b|docs\//, message);
}

test('an announcement chosen but not added is added with the mène, and the page says so', async () => {
  const { page } = await openPage(browser);
  await newGame(page, { ruleset: 'classique', ns, ew });
  assert.equal(await page.$eval('#m-ann-N-kind', (e) => e.value), '', 'no announcement is chosen at first');
  await page.select('#m-taker', 'N');
  await page.select('#m-contract', '1'); // ♥
  await page.select('#m-ann-N-kind', 'seq:3');
  await page.select('#m-ann-N-rank', 'K');
  await page.select('#m-ann-N-suit', 'H');
  await setValue(page, '#m-points', '90');
  await page.click('#m-submit');
  assert.equal(await menesShown(page), 1);
  assert.match(await sheetFile(page), /announcements = \{ N = \[ "tierce KH" \] \}/);
  assert.match(await text(page, '#engine-status'), /^Mène 1 added\. Added with it, as chosen: N's tierce K♥\./);
  await page.close();
});

test('the bid starts empty: a mène without one is refused with the engine\'s "missing bid", at the bid', async () => {
  const { page } = await openPage(browser);
  await newGame(page, { ruleset: 'coinche', ns, ew });
  assert.equal(await page.$eval('#m-bid', (e) => e.value), '');
  const refused = await addMene(page, { taker: 'N', trump: 'H', points: ['NS', 100] });
  assert.equal(refused, 'The mène is not added. Bid: choose the bid (bids: 80 to 160 by 10, capot, generale)');
  assert.deepEqual(await fieldError(page, 'm-bid'),
    { invalid: 'true', note: 'Bid: choose the bid (bids: 80 to 160 by 10, capot, generale)', focused: true });
  assert.equal(await menesShown(page), 0);
  await page.select('#m-bid', '2');
  await page.click('#m-submit');
  assert.equal(await menesShown(page), 1);
  assert.equal(await text(page, '#mene-errors'), '');
  await page.close();
});

test('two belotes in tout-atout are entered and scored as belote sheet show scores them', async () => {
  const { page } = await openPage(browser);
  await newGame(page, { ruleset: 'coinche', ns, ew });
  const offered = () => page.$$eval('[id^="m-belote-"]', (all) => all.filter((e) => !e.closest('.field').hidden).map((e) => e.id));
  await page.select('#m-belote', 'N');
  assert.deepEqual(await offered(), [], 'one belote in a trump suit');
  await page.select('#m-contract', '5'); // tout-atout
  assert.deepEqual(await offered(), ['m-belote-2']);
  await page.select('#m-belote-2', 'E');
  assert.deepEqual(await offered(), ['m-belote-2', 'm-belote-3']);
  assert.equal(await addMene(page, { taker: 'N', kind: 'tout-atout', bid: 100, points: ['NS', 150] }), '');
  const file = await sheetFile(page);
  assert.match(file, /belote = \[ "N", "E" \]/);
  const folder = temporaryDir('belote-belotes-');
  fs.writeFileSync(path.join(folder, 'game.toml'), file);
  const json = JSON.parse(belote(['sheet', 'show', path.join(folder, 'game.toml'), '--format', 'json']));
  assert.deepEqual(json.menes[0].outcome.belotes, ['N', 'E']);
  const rows = await page.$$eval('#sheet-table tbody tr:not(.explanation)', (r) => r.map((row) => [row.cells[4].textContent, row.cells[5].textContent]));
  assert.deepEqual(rows[0], [String(json.menes[0].written.NS), String(json.menes[0].written.EW)]);
  await page.close();
});

test('under bulgare the target is typed in tens of points, and the label says so', async () => {
  const { page } = await openPage(browser);
  await page.select('#ruleset-select', 'bulgare');
  assert.equal(await page.$eval('#target', (e) => e.labels[0].textContent), 'Game to (in tens of points; empty: 151)');
  await setValue(page, '#target', '150');
  assert.equal(await text(page, '#target-hint'), '150 tens of points = 1,500 points.');
  await page.select('#ruleset-select', 'coinche');
  assert.equal(await page.$eval('#target', (e) => e.labels[0].textContent), 'Game to (in points; empty: 2000)');
  assert.equal(await text(page, '#target-hint'), '');
  await page.select('#ruleset-select', 'bulgare');
  await page.click('#new-game');
  assert.match(await text(page, '#engine-status'), /^New game under bulgare, to 150, in tens of points\.$/);
  await page.close();
});

test('"Start a new game" clears the old game\'s errors and status', async () => {
  const { page } = await openPage(browser);
  await newGame(page, { ruleset: 'classique', ns, ew, target: 1000 });
  assert.equal(await addMene(page, { taker: 'N', trump: 'H', points: ['NS', 90] }), '');
  assert.notEqual(await addMene(page, { taker: 'N', trump: 'H' }), '');
  assert.match(await text(page, '#engine-status'), /^Mène 1 added\./);
  await page.select('#ruleset-select', 'coinche');
  await setValue(page, '#target', '');
  await page.click('#new-game');
  await page.click('#new-game'); // the game under way is dropped at the second press
  assert.equal(await text(page, '#mene-errors'), '');
  assert.deepEqual(await page.$$eval('[aria-invalid="true"], .field-error', (all) => all.length), 0);
  assert.equal(await text(page, '#engine-status'), 'New game under coinche, to 2000.');
  assert.equal(await menesShown(page), 0);
  await page.close();
});

test('errors are told at the field that caused them, in the player\'s words, with no TOML and no caret', async () => {
  const { page } = await openPage(browser);
  await newGame(page, { ruleset: 'coinche', ns, ew });
  // A générale is made by one player alone: the capot names the seat.
  let refused = await addMene(page, { taker: 'S', kind: 'tout-atout', bid: 'generale', capot: 'NS' });
  assert.equal(refused, 'The mène is not added. Capot: the bid \'generale\' needs every trick to the taker alone: write the seat that took them');
  assertPlayerWords(refused.replace("'generale'", 'generale'));
  assert.equal((await fieldError(page, 'm-capot')).invalid, 'true');
  assert.equal(await page.$$eval('#mene-errors pre', (p) => p.length), 0, 'no caret line');
  await page.select('#m-capot', '');
  // One card in two hands: told at the second player's announcements, cards with their symbols.
  refused = await addMene(page, { taker: 'N', trump: 'H', bid: 80, points: ['NS', 100], declared: { N: ['seq:3 K S'], E: ['carre J'] } });
  assert.equal(refused, 'The mène is not added. E\'s announcements: J♠ is also declared by N: one card cannot be in two hands');
  assert.deepEqual(await fieldError(page, 'm-ann-E-kind'),
    { invalid: 'true', note: 'E\'s announcements: J♠ is also declared by N: one card cannot be in two hands', focused: true });
  assert.equal(await menesShown(page), 0);
  await screenshot(page, 'mistake-field-error', '#mene-section');
  await page.close();
});

test('impossible card points are caught while typing, at the field, and the other team\'s are not made up', async () => {
  const { page } = await openPage(browser, { width: 375, height: 812 });
  await newGame(page, { ruleset: 'coinche', ns, ew });
  await page.select('#m-bid', '0');
  await page.select('#m-points-team', 'NS');
  await page.type('#m-points', '170');
  const message = 'Card points: from 0 to 162 in ♠ (the two teams\' points add up to 162).';
  assert.deepEqual(await fieldError(page, 'm-points'), { invalid: 'true', note: message, focused: true });
  assert.equal(await text(page, '#m-points-other'), '', 'no negative points for the other team');
  await page.click('#m-submit');
  assert.equal(await text(page, '#mene-errors'), `The mène is not added. ${message}`);
  assert.equal(await menesShown(page), 0);
  await screenshot(page, 'mistake-impossible-points-375px', '#mene-section');
  // Corrected, the message goes.
  await setValue(page, '#m-points', '100');
  assert.deepEqual(await fieldError(page, 'm-points'), { invalid: null, note: null, focused: true });
  assert.equal(await text(page, '#m-points-other'), `${ew} (EW): 62`);
  await page.close();
});

test('"Why?" speaks of the teams by their names and of cards by their symbols, and counts no trick it was not given', async () => {
  const { page } = await openPage(browser);
  await newGame(page, { ruleset: 'classique', ns, ew });
  assert.equal(await addMene(page, { taker: 'N', trump: 'H', points: ['NS', 90], declared: { N: ['seq:3 K H'] }, belote: 'N' }), '');
  assert.equal(await addMene(page, { taker: 'E', trump: 'S', points: ['NS', 162], tricks: 7 }), '');
  await page.click('button[aria-controls="why-1"]');
  const why = await text(page, '#why-1');
  assert.match(why, /N declares tierce to K♥ \(J♥ Q♥ K♥\) 20\./);
  assert.match(why, new RegExp(`Card points: ${ns} 90, ${ew} 72\\.`));
  assert.doesNotMatch(why, /\bNS\b|\bEW\b|tricks\)|\b[AKQJ][SHDC]\b/);
  // Where the tricks were given, they are the player's and are said.
  await page.click('button[aria-controls="why-2"]');
  assert.match(await text(page, '#why-2'), /\(7 tricks\)/);
  await page.close();
});
