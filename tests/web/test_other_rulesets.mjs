// A table's own rulesets and the game seen under others: several house
// rulesets kept by name and compared, the same game under the ruleset the
// player picks (its errors in words, a legend for what changed), a long
// comparison stopped, and a ruleset's text shown without letting it reorder
// or hide what the page says.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addMene, newGame, setValue } from './page-driver.mjs';
import { launchBrowser, openPage, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

const house = (name, title, capot) => `name = "${name}"\nextends = "classique"\ntitle = "${title}"\nsource = "our club"\n` +
  `description = "Classique with a capot worth ${capot}."\n\n[contract]\ncapot = ${capot}\n`;

async function paste(page, text) {
  if (!(await page.$eval('#paste-panel', (e) => e.open))) await page.click('#paste-panel summary');
  await page.$eval('#ruleset-text', (e, value) => { e.value = value; }, text);
  await page.type('#ruleset-text', ' ');
  await page.click('#ruleset-use');
  return page.$eval('#ruleset-errors', (e) => e.textContent);
}
const options = (page, id) => page.$$eval(`#${id} option`, (list) => list.map((o) => o.value));

test('several rulesets of a club are kept by name across reloads, and each is compared with the others', async () => {
  const { page } = await openPage(browser);
  assert.equal(await paste(page, house('maison', 'Chez nous', 250)), '');
  assert.equal(await paste(page, house('club', 'Au club', 300)), '');
  await page.reload();
  await page.waitForFunction(() => window.beloteCounter);
  const labels = await page.$$eval('#ruleset-select option', (list) => list.map((o) => o.textContent));
  assert.ok(labels.includes('maison (yours)') && labels.includes('club (yours)'), labels.join(', '));
  for (const id of ['diff-a', 'diff-b']) assert.ok((await options(page, id)).includes('maison') && (await options(page, id)).includes('club'));
  await page.select('#diff-a', 'maison');
  await page.select('#diff-b', 'club');
  await page.$eval('#diff-count', (e) => { e.value = '20000'; });
  await page.click('#diff-run');
  await page.waitForSelector('#diff-headline', { timeout: 60000 });
  assert.match(await page.$eval('#diff-headline', (e) => e.textContent), /of deals score differently under club than under maison\.$/);
  // A game under one is seen under the other.
  await newGame(page, { ruleset: 'maison' });
  assert.equal(await addMene(page, { taker: 'N', trump: 'S', capot: 'NS' }), '');
  await page.select('#rescore-select', 'club');
  assert.equal(await page.$eval('#rescore-table tbody td:nth-child(5)', (e) => e.textContent), '300');
  await page.close();
});

test('the same game under another ruleset: none until picked, the family first, a legend, errors in the player\'s words', async () => {
  const { page } = await openPage(browser, { width: 375, height: 812 });
  await newGame(page, { ruleset: 'coinche', ns: 'Les Anciens du Café de la Gare', ew: 'Eux' });
  assert.equal(await addMene(page, { taker: 'N', trump: 'H', bid: 100, points: ['NS', 110] }), '');
  assert.equal(await addMene(page, { taker: 'E', kind: 'sans-atout', bid: 120, points: ['EW', 90] }), '');
  assert.equal(await page.$eval('#rescore-select', (e) => e.value), '');
  assert.equal(await page.$$eval('#rescore-table tr', (rows) => rows.length), 0);
  const offered = await page.$$eval('#rescore-select option', (list) => list.map((o) => o.textContent));
  assert.equal(offered[0], 'choose a ruleset');
  assert.ok(offered[1].endsWith('of the coinche family'), offered[1]);
  assert.ok(!offered.some((o) => o.startsWith('coinche ') || o === 'coinche'), 'not the game\'s own ruleset');
  // Under classique, a game with bids and sans-atout does not read: said mène by mène, in words.
  await page.select('#rescore-select', 'classique');
  const errors = await page.$$eval('#rescore-errors p', (lines) => lines.map((p) => p.textContent).join('\n'));
  assert.equal(errors, 'This game cannot be scored under classique:\nMène 1: Bid: this ruleset has no bids\n' +
    'Mène 2: Played in: this ruleset names no contract kinds; a deal gives its \'trump\' alone\nMène 2: Bid: this ruleset has no bids');
  assert.doesNotMatch(errors, /sheet\.toml|\.toml:|= "|\^|\bNS\b|\bEW\b/);
  assert.equal(await page.$$eval('#rescore-errors pre', (p) => p.length), 0, 'no caret line');
  // Under a ruleset of its family: the mènes that change are marked, and the legend says what the mark means.
  await page.select('#rescore-select', 'coinche-sans-arrondi');
  assert.equal(await page.$eval('#rescore-errors', (e) => e.textContent), '');
  const marked = await page.$$eval('#rescore-table tbody tr.changed', (rows) => rows.length);
  assert.ok(marked > 0);
  assert.equal(await page.$eval('#rescore-legend', (e) => e.textContent),
    ` Marked: the ${marked} of 2 mènes that score differently under coinche-sans-arrondi than under coinche.`);
  await screenshot(page, 'rescore-375px', '#rescore-section');
  await page.close();
});

test('a long comparison of random deals can be stopped', async () => {
  const { page } = await openPage(browser);
  assert.equal(await page.$eval('#diff-cancel', (e) => e.hidden), true);
  await page.$eval('#diff-count', (e) => { e.value = '10000000'; });
  await page.click('#diff-run');
  await page.waitForFunction(() => document.querySelector('#diff-progress').value > 0, { timeout: 60000 });
  assert.equal(await page.$eval('#diff-cancel', (e) => e.hidden), false);
  await page.click('#diff-cancel');
  const [stopped, running, hidden] = await page.evaluate(() => [document.querySelector('#diff-result').textContent,
    document.querySelector('#diff-run').disabled, document.querySelector('#diff-cancel').hidden]);
  assert.match(stopped, /^Comparison stopped after [\d,]+ of 10,000,000 deals\.$/);
  assert.deepEqual([running, hidden], [false, true]);
  // A new comparison runs to its end afterwards.
  await page.$eval('#diff-count', (e) => { e.value = '2000'; });
  await page.click('#diff-run');
  await page.waitForSelector('#diff-headline', { timeout: 60000 });
  await page.close();
});

test('bidirectional and control characters in a ruleset\'s text are shown escaped, as belote escapes them', async () => {
  const { page } = await openPage(browser);
  const text = 'name = "hostile"\nextends = "classique"\ntitle = "\\u202eelitsoh"\nsource = "s\\u0007"\n' +
    'description = "A \\u2066isolate\\u2069 and a \\u200fmark."\n';
  assert.equal(await paste(page, text), '');
  const info = await page.$eval('#ruleset-info', (e) => e.textContent);
  assert.equal(info, '\\u202eelitsohA \\u2066isolate\\u2069 and a \\u200fmark.');
  await newGame(page, { ruleset: 'hostile' });
  const shown = await page.evaluate(() => document.body.innerText);
  assert.doesNotMatch(shown, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
  assert.match(await page.$eval('#mene-ruleset', (e) => e.textContent), /^Under hostile: \\u202eelitsoh$/);
  await page.close();
});

test('the page links to no document it does not carry', async () => {
  const { page } = await openPage(browser);
  const text = await page.evaluate(() => document.body.innerText + [...document.querySelectorAll('a[href]')].map((a) => a.href).join(' '));
  assert.doesNotMatch(text, /docs\/|\.md\b/);
  // Nor do its messages: a ruleset's errors.
  await paste(page, 'name = "maison"\nextends = "classique"\nunknown = 1\n[contract]\ncapot = "lots"\n');
  assert.doesNotMatch(await page.$eval('#ruleset-errors', (e) => e.textContent), /docs\/|\.md\b/);
  await page.close();
});

test('a mène entered as its auction, seen under a ruleset that turns a card: the missing turned suit is said in words', async () => {
  const { page, record } = await openPage(browser, { width: 375, height: 812 });
  await newGame(page, { ruleset: 'coinche' });
  await page.click('#m-auction-mode-calls');
  const bid = await page.$$eval('#m-bid-call option', (all) => all.findIndex((o) => o.dataset.call === '80 H'));
  await page.select('#m-bid-call', String(bid));
  await page.click('#m-bid-call-submit');
  for (let i = 0; i < 3; ++i) await page.click('#m-call-buttons button[data-call="pass"]');
  await page.select('#m-points-team', 'EW');
  await setValue(page, '#m-points', '90');
  await page.click('#m-submit');
  assert.equal(await page.$eval('#mene-errors', (e) => e.textContent), '');
  await page.select('#rescore-select', 'classique');
  const errors = await page.$$eval('#rescore-errors p', (lines) => lines.map((p) => p.textContent));
  assert.equal(errors[0], 'This game cannot be scored under classique:');
  assert.ok(errors.includes('Mène 1: Auction: the suit of the turned card is missing'), errors.join('\n'));
  assert.doesNotMatch(errors.join('\n'), /\(:|missing key|'auction/);
  assert.deepEqual(record.errors, []);
  await page.close();
});
