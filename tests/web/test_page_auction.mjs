// A mène entered on the page as its auction, call by call: only the legal
// calls are offered (the same as `belote auction` answers), the contract the
// calls make fills the form, a redeal is kept on the sheet, and the dealer
// passes on from mène to mène as `belote sheet show` says.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { menesShown, newGame, setValue } from './page-driver.mjs';
import { belote, launchBrowser, openPage, screenshot, temporaryDir } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

const text = (page, selector) => page.$eval(selector, (e) => e.innerText);
const sheetFile = (page) => page.$eval('#sheet-file', (e) => e.textContent);

// A legal call of `belote auction --format json` as the program reads it back.
function callText(call) {
  if (call.call === 'bid') return call.bid === undefined ? call.kind : `${call.bid} ${call.kind}`;
  if (call.call === 'double' || call.call === 'redouble') return call.name;
  if (call.call === 'choose') return `choose ${call.kind}`;
  return call.call;
}

// The calls the page offers now: its buttons and the bids of its list, as the program reads them.
async function offered(page) {
  const buttons = await page.$$eval('#m-call-buttons button[data-call]', (all) => all.map((b) => b.dataset.call));
  const bids = await page.$$eval('#m-bid-call option', (all) => all.map((o) => o.textContent));
  return { buttons, bids };
}

// What the program answers for the same auction.
function programAnswer(ruleset, { dealer, turned, calls }) {
  const args = ['auction', '--ruleset', ruleset, '--dealer', dealer, '--format', 'json'];
  if (turned) args.push('--turned', turned);
  return JSON.parse(belote([...args, ...calls], { allowFailure: true }));
}

async function assertOffersTheLegalCalls(page, ruleset, auction) {
  const answer = programAnswer(ruleset, auction);
  const { buttons, bids } = await offered(page);
  const legal = answer.legal || [];
  assert.deepEqual(buttons, legal.filter((c) => c.call !== 'bid').map(callText), `after ${auction.calls.join(', ')}`);
  assert.equal(bids.length, legal.filter((c) => c.call === 'bid').length, `after ${auction.calls.join(', ')}`);
  return answer;
}

async function call(page, text) {
  if (await page.$(`#m-call-buttons button[data-call="${text}"]`)) {
    await page.click(`#m-call-buttons button[data-call="${text}"]`);
    return;
  }
  // A bid, chosen in the list by its place among the legal bids.
  const index = await page.$$eval('#m-bid-call option', (all, wanted) => all.findIndex((o) => o.dataset.call === wanted), text);
  assert.ok(index >= 0, `${text} is not offered`);
  await page.select('#m-bid-call', String(index));
  await page.click('#m-bid-call-submit');
}

// A new game under `ruleset`, the form set to enter the contract as its auction.
async function gameByAuction(ruleset, { width, ns, ew } = {}) {
  const { page } = await openPage(browser, width ? { width, height: width < 600 ? 812 : 900 } : {});
  await newGame(page, { ruleset, ns, ew });
  await page.click('#m-auction-mode-calls');
  return page;
}

// The sheet's rows, each as its cells' text.
const sheetRows = (page) => page.$$eval('#sheet-table tbody tr:not(.explanation)', (r) => r.map((x) => [...x.cells].map((cell) => cell.textContent)));

test('a coinche mène by its auction: only legal calls, the contract filled in, the sheet as the program keeps it', async () => {
  const page = await gameByAuction('coinche');
  const auction = { dealer: 'N', calls: [] };
  assert.equal(await page.$eval('#m-dealer', (e) => e.value), 'N');
  for (const next of ['80 H', 'coinche', 'pass', 'pass', 'pass']) {
    await assertOffersTheLegalCalls(page, 'coinche', auction);
    await call(page, next);
    auction.calls.push(next);
  }
  const answer = programAnswer('coinche', auction);
  assert.equal(answer.ended, true);
  const c = answer.contract;
  assert.equal(await text(page, '#m-auction-state'),
    `Contract: ${c.taker} (Eux) takes 80 ♥, coinche; ${c.first_lead} leads; ${c.next_dealer} deals next.`);
  assert.deepEqual(await offered(page), { buttons: [], bids: [] });
  // The fields the auction decides show its contract and cannot be changed.
  const fields = await page.$$eval(['#m-taker', '#m-contract', '#m-bid', '#m-doubling'].join(','), (all) =>
    all.map((e) => [e.id, e.selectedOptions[0].textContent, e.disabled]));
  assert.deepEqual(fields, [['m-taker', `${c.taker} — Eux`, true], ['m-contract', '♥ (trump H)', true],
    ['m-bid', '80', true], ['m-doubling', 'coinche (×2)', true]]);
  await page.select('#m-points-team', 'EW');
  await setValue(page, '#m-points', '90');
  await page.click('#m-submit');
  assert.equal(await text(page, '#mene-errors'), '');
  assert.equal(await menesShown(page), 1);
  const file = await sheetFile(page);
  assert.match(file, /auction = \{ calls = \[ "80 H", "coinche", "pass", "pass", "pass" \], dealer = "N" \}/);
  assert.doesNotMatch(file, /taker =/);
  const folder = temporaryDir('belote-page-auction-');
  fs.writeFileSync(path.join(folder, 'game.toml'), file);
  const json = JSON.parse(belote(['sheet', 'show', path.join(folder, 'game.toml'), '--format', 'json']));
  const row = await sheetRows(page);
  assert.deepEqual(row[0].slice(4, 8), [json.menes[0].written.NS, json.menes[0].written.EW, json.totals.NS, json.totals.EW].map(String));
  // The next mène's dealer is the one the program names.
  assert.equal(await page.$eval('#m-dealer', (e) => e.value), json.next_dealer);
  assert.equal(await page.$eval('#m-auction-mode-calls', (e) => e.checked), true, 'the next mène is entered the same way');
  await page.close();
});

test('four passes are a redeal: nothing else to enter, a row of its own, the deal passed on', async () => {
  const page = await gameByAuction('coinche', { width: 375 });
  await page.select('#m-dealer', 'E');
  for (let i = 0; i < 4; ++i) await call(page, 'pass');
  const answer = programAnswer('coinche', { dealer: 'E', calls: ['pass', 'pass', 'pass', 'pass'] });
  assert.equal(await text(page, '#m-auction-state'),
    `Everybody passed: the cards are dealt again; ${answer.redeal.next_dealer} (${answer.redeal.next_dealer === 'N' || answer.redeal.next_dealer === 'S' ? 'Nous' : 'Eux'}) deals next.`);
  assert.equal(await page.$eval('#m-played', (e) => e.hidden), true, 'no points, announcements or belote to enter');
  assert.equal(await text(page, '#m-submit'), 'Record the redeal');
  await page.click('#m-submit');
  assert.equal(await text(page, '#mene-errors'), '');
  const rows = await sheetRows(page);
  assert.deepEqual(rows[0].slice(0, 8), ['1', '—', '—', 'redeal', '0', '0', '0', '0']);
  assert.equal(rows[0].at(-1), `everybody passed; ${answer.redeal.next_dealer} deals`);
  assert.match(await text(page, '#engine-status'), /^Redeal recorded as mène 1\./);
  await screenshot(page, 'redeal-375', '#sheet-section');
  assert.match(await text(page, '#game-state'), new RegExp(`${answer.redeal.next_dealer} deals the next mène\\.`));
  assert.equal(await page.$eval('#m-dealer', (e) => e.value), answer.redeal.next_dealer);
  assert.match(await sheetFile(page), /\[\[mene\]\]\nauction = \{ calls = \[ "pass", "pass", "pass", "pass" \], dealer = "E" \}\n$/);
  // Undone, the dealer goes back to the one chosen before.
  await page.click('#undo');
  assert.equal(await menesShown(page), 0);
  await page.close();
});

test('an auction that has not ended is refused at the auction, in the player\'s words', async () => {
  const page = await gameByAuction('coinche');
  await call(page, '90 S');
  await setValue(page, '#m-points', '100');
  await page.click('#m-submit');
  assert.equal(await text(page, '#mene-errors'), 'The mène is not added. The auction has not ended: S (Nous) to speak.');
  assert.equal(await page.$eval('#m-auction-state', (e) => e.getAttribute('aria-invalid')), 'true');
  assert.equal(await menesShown(page), 0);
  // Undoing the call and going back to the contract as taken leaves the form as it was.
  await page.click('#m-call-undo');
  assert.equal(await page.$eval('#m-calls', (e) => e.children.length), 0);
  await page.click('#m-auction-mode-contract');
  assert.equal(await page.$eval('#m-taker', (e) => e.disabled), false);
  await page.close();
});

test('classique\'s turned card: take or pass, then another suit in the second round', async () => {
  const page = await gameByAuction('classique');
  await page.select('#m-turned', 'H');
  const auction = { dealer: 'N', turned: 'H', calls: [] };
  for (const next of ['pass', 'pass', 'pass', 'pass', 'pass', 'choose S']) {
    await assertOffersTheLegalCalls(page, 'classique', auction);
    await call(page, next);
    auction.calls.push(next);
  }
  const c = programAnswer('classique', auction).contract;
  assert.match(await text(page, '#m-auction-state'), new RegExp(`^Contract: ${c.taker} \\(\\w+\\) takes ♠; `));
  await setValue(page, '#m-points', '100');
  await page.click('#m-submit');
  assert.equal(await text(page, '#mene-errors'), '');
  assert.match(await sheetFile(page), /auction = \{ calls = \[ "pass", "pass", "pass", "pass", "pass", "choose S" \], dealer = "N", turned = "H" \}/);
  await page.close();
});

test('the auction on a phone and on a desk: nothing wider than the screen', async () => {
  for (const width of [375, 1280]) {
    const page = await gameByAuction('coinche', { width, ns: 'Les Anciens du Café de la Gare', ew: 'Les Jeunes' });
    await call(page, '80 H');
    await call(page, 'coinche');
    const wide = await page.$$eval('#m-auction *', (all) => all.filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((e) => e.id || e.tagName));
    assert.deepEqual(wide, [], `at ${width} px`);
    await screenshot(page, `auction-${width}`, '#mene-section');
    await page.close();
  }
});

test('an auction not ended puts the focus on its calls, and the way of entering the contract is kept across a reload', async () => {
  const page = await gameByAuction('coinche');
  await call(page, '80 H');
  await page.select('#m-points-team', 'EW');
  await setValue(page, '#m-points', '90');
  await page.click('#m-submit');
  assert.match(await text(page, '#mene-errors'), /The auction has not ended: S \(Nous\) to speak\./);
  assert.equal(await menesShown(page), 0);
  const focused = await page.evaluate(() => ({ id: document.activeElement.id, call: document.activeElement.dataset.call, in: document.activeElement.closest('#m-call-buttons') !== null }));
  assert.ok(focused.in, `the focus is on the calls to make: ${JSON.stringify(focused)}`);
  await page.reload();
  await page.waitForFunction(() => window.beloteCounter);
  assert.equal(await page.$eval('#m-auction-mode-calls', (e) => e.checked), true, 'the mène is still entered as its auction');
  assert.ok(await page.$('#m-call-buttons button[data-call="pass"]'), 'its calls are offered');
  await page.close();
});
