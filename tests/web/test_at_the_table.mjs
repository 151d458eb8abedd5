// The page as a player at the table meets it on a phone (320 and 375 px):
// the running score in sight while a mène is entered; right-to-left team
// names that leave the numbers in place; the game's target and the teams'
// names checked as fields; nothing changed silently (a capot with card
// points, "1e2", an emoji at a name's end, trailing spaces, roem and
// announcement totals no hand can hold); the locked fields following an
// auction as it goes; targets a finger can hit, boxes that scroll sideways
// reachable by keyboard, and long names in full beside their selects.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { coincheGame } from './games.mjs';
import { addMene, menesShown, newGame, setValue } from './page-driver.mjs';
import { belote, launchBrowser, openPage, outputDir, screenshot, temporaryDir } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

const phones = [[320, 568], [375, 667]];
const text = (page, selector) => page.$eval(selector, (e) => e.innerText);
const sheetFile = (page) => page.$eval('#sheet-file', (e) => e.textContent);
const fieldNote = (page, id) => page.$eval(`#${id}`, (e) => {
  const note = document.getElementById(e.getAttribute('aria-describedby') || '');
  return note ? note.textContent : null;
});
/** The sheet's running totals as its totals row shows them. */
const sheetTotals = (page) => page.$$eval('#sheet-table tfoot td[data-label]', (cells) => cells.map((c) => Number(c.textContent)));

const coinche = [
  { taker: 'N', trump: 'H', bid: 100, points: ['NS', 110], belote: 'N' },
  { taker: 'E', kind: 'sans-atout', bid: 120, doubling: 'coinche', points: ['NS', 90] },
  { taker: 'S', trump: 'S', bid: 80, points: ['NS', 100] },
];

for (const [width, height] of phones) {
  test(`at ${width} px the running score stays in sight while each field of a mène is entered`, async () => {
    const { page, record } = await openPage(browser, { width, height });
    assert.equal(await newGame(page, { ruleset: 'coinche', ns: 'Nous', ew: 'Eux' }), '');
    for (const mene of coinche.slice(0, 2)) assert.equal(await addMene(page, mene), '');
    const [ns, ew] = await sheetTotals(page);
    // The form is longer than the screen: each of its fields brought into view, as the keyboard or a tap does.
    for (const id of ['m-taker', 'm-contract', 'm-bid', 'm-points', 'm-capot', 'm-ann-W-kind', 'm-belote', 'm-submit']) {
      await page.focus(`#${id}`);
      const seen = await page.evaluate((fieldId) => {
        const bar = document.getElementById('score-bar');
        const box = bar && !bar.hidden ? bar.getBoundingClientRect() : null;
        const field = document.getElementById(fieldId).getBoundingClientRect();
        return { box: box && { top: box.top, bottom: box.bottom }, field: { top: field.top, bottom: field.bottom },
          text: bar ? bar.innerText : '', height: innerHeight, scrolled: scrollY };
      }, id);
      assert.ok(seen.box, 'a score bar is shown');
      assert.ok(seen.box.top >= 0 && seen.box.bottom <= seen.height, `${id}: the score is in view (${JSON.stringify(seen.box)})`);
      assert.ok(seen.field.top >= seen.box.bottom - 0.5, `${id}: the field is not under the score bar`);
      assert.match(seen.text, new RegExp(`Nous ${ns}\\b.*Eux ${ew}\\b`, 's'));
      // What the screen shows while the card points are typed.
      if (id === 'm-points') await page.screenshot({ path: path.join(outputDir, `score-bar-${width}px.png`) });
    }
    // The bar follows the sheet: a mène added moves it.
    assert.equal(await addMene(page, coinche[2]), '');
    const [ns3, ew3] = await sheetTotals(page);
    assert.match(await text(page, '#score-bar'), new RegExp(`Nous ${ns3}\\b.*Eux ${ew3}\\b`, 's'));
    assert.deepEqual(record.errors, []);
    await page.close();
  });

  test(`at ${width} px a right-to-left team name is isolated wherever the page writes it`, async () => {
    const { page, record } = await openPage(browser, { width, height });
    const arabic = 'الأبطال';
    assert.equal(await newGame(page, { ruleset: 'coinche', ns: 'Nous', ew: arabic }), '');
    assert.equal(await addMene(page, { taker: 'E', trump: 'S', bid: 80, points: ['EW', 100] }), '');
    await page.click('button[aria-controls="why-1"]');
    await page.select('#m-points-team', 'NS');
    await setValue(page, '#m-points', '90');
    // Every text that holds the name holds it isolated, in a <bdi> (an option, which holds text only, aside).
    const loose = await page.evaluate((name) => {
      const found = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent.includes(name) || parent.closest('pre, textarea, script')) continue;
        if (parent.closest('option')) continue; // an option holds text only
        if (!(parent.closest('bdi') && parent.closest('bdi').textContent === name)) {
          found.push(`${parent.tagName.toLowerCase()}#${parent.id} "${node.textContent}"`);
        }
      }
      // The headings a phone writes before each number (data-label) are isolated too.
      const cell = document.querySelector(`#sheet-table td[data-label="${name}"]`);
      if (getComputedStyle(cell, '::before').unicodeBidi !== 'isolate') found.push('the heading before a number');
      return found;
    }, arabic);
    assert.deepEqual(loose, []);
    // The other team's points follow the name: the number is at the line's end, right of the name.
    const order = await page.evaluate(() => {
      const line = document.getElementById('m-points-other');
      const range = document.createRange();
      const texts = [...line.childNodes];
      const rect = (node) => { range.selectNodeContents(node); return range.getBoundingClientRect(); };
      const name = texts.find((n) => n.nodeName === 'BDI');
      const number = texts.at(-1);
      return { text: line.textContent, name: rect(name).right, number: rect(number).right };
    });
    assert.match(order.text, /الأبطال \(EW\): 72$/);
    assert.ok(order.number > order.name, `the points are right of the name (${JSON.stringify(order)})`);
    await screenshot(page, `bidi-arabic-name-${width}px`);
    // The form's line and the sheet's first card, under the score bar, as the screen shows them.
    await page.$eval('#m-points', (e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(outputDir, `bidi-arabic-name-${width}px-form.png`) });
    await page.$eval('#sheet-table tbody tr', (e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(outputDir, `bidi-arabic-name-${width}px-sheet.png`) });
    assert.deepEqual(record.errors, []);
    await page.close();
  });

  test(`at ${width} px the game's target and the teams' names are checked as fields, in words`, async () => {
    const { page, record } = await openPage(browser, { width, height });
    assert.equal(await newGame(page, { ruleset: 'classique' }), '');
    for (const [typed, words] of [
      ['-5', "Game to: a whole number of points from 1 to 100,000, or empty for the ruleset's 2000."],
      ['999999', "Game to: a whole number of points from 1 to 100,000, or empty for the ruleset's 2000; not 999,999."],
      ['12.5', "Game to: a whole number of points from 1 to 100,000, or empty for the ruleset's 2000."],
    ]) {
      const shown = await newGame(page, { ruleset: 'coinche', target: typed });
      assert.equal(await fieldNote(page, 'target'), words, typed);
      assert.equal(shown, `${words} No new game was started: the game under way goes on under classique.`);
      assert.doesNotMatch(shown, /sheet\.toml|target =|\^/);
      assert.equal(await page.$eval('#target', (e) => document.activeElement === e), true);
      // Nothing changed: the sheet is the classique game's still.
      assert.match(await sheetFile(page), /^ruleset = "classique"/m);
      assert.match(await text(page, '#mene-ruleset'), /^Under classique: /);
    }
    // Under bulgare the target is in tens of points, and the message says so.
    await newGame(page, { ruleset: 'bulgare', target: '0' });
    assert.match(await fieldNote(page, 'target'), /^Game to: a whole number of tens of points from 1 to 100,000, or empty for the ruleset's 151; not 0\.$/);
    // A name holding the right-to-left override is refused at its field.
    const shown = await newGame(page, { ruleset: 'coinche', ew: 'Eux\u202eelitsoh', target: '' });
    assert.equal(await fieldNote(page, 'team-ew'),
      "East–West: a team's name may not hold a control or text-direction character (U+202E); type the name without it.");
    assert.doesNotMatch(shown, /sheet\.toml|teams\.EW|\^/);
    await page.$eval('#team-ew', (e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(outputDir, `game-fields-${width}px.png`) });
    // Corrected, the game starts, and the messages go.
    assert.equal(await newGame(page, { ruleset: 'coinche', ew: 'Eux', target: '1500' }), '');
    assert.match(await sheetFile(page), /^ruleset = "coinche"/m);
    assert.match(await sheetFile(page), /^target = 1500$/m);
    assert.equal(await fieldNote(page, 'target'), null);
    assert.equal(await fieldNote(page, 'team-ew'), null);
    assert.deepEqual(record.errors, [], 'no uncaught error');
    await page.close();
  });
}

test('nothing is changed silently: a capot with card points, "1e2", an emoji at a name\'s end, trailing spaces', async () => {
  const { page, record } = await openPage(browser, { width: 375, height: 667 });
  // 39 letters and an emoji: 40 characters (41 UTF-16 units), the most a name may have, kept whole.
  const emoji = `${'Les Amis de la Belote du Quai des Brumes'.slice(0, 39)}🂡`;
  assert.equal([...emoji].length, 40);
  assert.equal(await newGame(page, { ruleset: 'coinche', ns: 'Lyon  ', ew: emoji }), '');
  assert.match(await sheetFile(page), /\bNS = "Lyon" /);
  assert.ok((await sheetFile(page)).includes(`EW = "${emoji}"`), 'the emoji is kept');
  assert.equal(await page.$eval('#team-ns', (e) => e.value), 'Lyon');
  assert.equal(await page.$eval('#team-ew', (e) => e.value), emoji);
  // A 41-character name is refused, not cut.
  const tooLong = await newGame(page, { ruleset: 'coinche', ew: `${emoji}x` });
  assert.match(tooLong, /^East–West: a team's name is at most 40 characters; this one has 41\./);

  await page.$eval('#team-ew', (e) => { e.value = 'Eux'; });
  assert.equal(await newGame(page, { ruleset: 'coinche', ns: 'Lyon', ew: 'Eux' }), '');
  // A capot chosen with card points typed: refused, as `belote sheet add --capot NS --points NS=90` refuses it.
  const capot = await addMene(page, { taker: 'N', trump: 'H', bid: 'capot', points: ['NS', 90], capot: 'NS' });
  assert.equal(capot, 'The mène is not added. Card points: none with a capot (a capot takes every trick, 250 card points); clear the card points or choose no capot.');
  assert.equal(await menesShown(page), 0);
  await page.select('#m-capot', '');
  // "1e2" is no number of card points (the CLI's --points NS=1e2 is refused too).
  await setValue(page, '#m-points', '1e2');
  assert.equal(await fieldNote(page, 'm-points'), 'Card points: a whole number, digits only, from 0 to 162 in ♥.');
  await page.click('#m-submit');
  assert.equal(await menesShown(page), 0);
  assert.match(await text(page, '#mene-errors'), /^The mène is not added\. Card points: a whole number, digits only, from 0 to 162/);
  await setValue(page, '#m-points', '100');
  await page.click('#m-submit');
  assert.equal(await menesShown(page), 1);
  assert.match(await sheetFile(page), /points = \{ EW = 62, NS = 100 \}/);
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('roem and announcement totals that no hand can hold are refused at their field', async () => {
  const { page, record } = await openPage(browser, { width: 320, height: 568 });
  assert.equal(await newGame(page, { ruleset: 'klaverjas', ns: 'Wij', ew: 'Zij' }), '');
  const roem = await addMene(page, { taker: 'N', trump: 'H', points: ['NS', 100], roem: { NS: 15 } });
  assert.equal(roem, 'The mène is not added. Roem of Wij: 15 is no roem the tricks can hold (a run of three 20, a run of four 50, the stuk 20, four of a kind 100).');
  assert.match(await fieldNote(page, 'm-roem-NS'), /^Roem of Wij: 15 is no roem/);
  assert.equal(await menesShown(page), 0);
  await setValue(page, '#m-roem-NS', '40');
  await page.click('#m-submit');
  assert.equal(await menesShown(page), 1);
  await screenshot(page, 'impossible-roem-320px');

  // A game under way is dropped when the button is pressed a second time.
  assert.equal(await newGame(page, { ruleset: 'coinche', ns: 'Nous', ew: 'Eux' }), '');
  await page.click('#new-game');
  const total = await addMene(page, { taker: 'N', trump: 'H', bid: 80, points: ['NS', 100], teamTotals: { NS: 25 } });
  assert.equal(total, 'The mène is not added. Announcements of Nous: 25 is no sum of announcements (tierce 20, cinquante 50, carré of A 100, carré of 9 150, carré of J 200).');
  assert.equal(await menesShown(page), 0);
  await setValue(page, '#m-team-ann-NS', '70');
  await page.click('#m-submit');
  assert.equal(await menesShown(page), 1);
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('the engine itself refuses roem and announcement totals no hand can hold, as belote sheet add does', async () => {
  const { page } = await openPage(browser, { width: 320, height: 568 });
  const refused = (ruleset, mene) => page.evaluate((name, m) => {
    const { belote } = window.beloteCounter;
    const sheet = belote.sheetNew({ ruleset: name }).text;
    return belote.sheetAdd(sheet, m).errors.map((e) => e.message);
  }, ruleset, mene);
  assert.deepEqual(await refused('klaverjas', { taker: 'N', trump: 'H', points: { NS: 100, EW: 62 }, roem: { NS: 15, EW: 0 } }),
    ["mène 1 not added: 'roem.NS' is 15, which no tricks hold: roem adds up from roem.runs.3 = 20, roem.runs.4 = 50, roem.stuk = 20, roem.four_of_a_kind = 100"]);
  assert.deepEqual(await refused('coinche', { taker: 'N', trump: 'H', bid: 80, points: { NS: 100, EW: 62 }, announcements: { NS: 25 } }),
    ["mène 1 not added: 'announcements.NS' is 25, which no announcements add up to in kind 'couleur': tierce 20, cinquante 50, cent 100, carre-9 150, carre-10 100, carre-J 200, carre-Q 100, carre-K 100, carre-A 100"]);
  // Totals that announcements do make up are taken.
  assert.deepEqual(await refused('klaverjas', { taker: 'N', trump: 'H', points: { NS: 100, EW: 62 }, roem: { NS: 90, EW: 20 } }), []);
  assert.deepEqual(await refused('coinche', { taker: 'N', trump: 'H', bid: 80, points: { NS: 100, EW: 62 }, announcements: { NS: 270 } }), []);
  await page.close();
});

for (const [width, height] of phones) {
  test(`at ${width} px a whole coinche game keeps the running score in sight, mène after mène, to the winner`, async () => {
    const { page, record } = await openPage(browser, { width, height });
    assert.equal(await newGame(page, { ruleset: 'coinche', ns: 'Nous', ew: 'Eux', target: 2900 }), '');
    for (const [i, mene] of coincheGame.entries()) {
      assert.equal(await addMene(page, mene), '', `mène ${i + 1}`);
      // As the page stands after the mène is added (focus back on the form's first field): no scrolling.
      const seen = await page.evaluate(() => {
        const bar = document.getElementById('score-bar').getBoundingClientRect();
        return { top: bar.top, bottom: bar.bottom, height: innerHeight, text: document.getElementById('score-bar').innerText,
          focused: document.activeElement.getBoundingClientRect().top };
      });
      assert.ok(seen.top >= 0 && seen.bottom <= seen.height, `mène ${i + 1}: the score bar is on the screen (${seen.top}–${seen.bottom})`);
      assert.ok(seen.focused >= seen.bottom - 0.5 && seen.focused < seen.height, `mène ${i + 1}: the next field is in view below the bar`);
      const [ns, ew] = await sheetTotals(page);
      assert.match(seen.text, new RegExp(`Nous ${ns}\\b.*Eux ${ew}\\b`, 's'), `mène ${i + 1}`);
      if (i === 4) await page.screenshot({ path: path.join(outputDir, `whole-game-coinche-${width}px-mene-5.png`) });
    }
    const bar = await text(page, '#score-bar');
    assert.match(bar, /Eux won/);
    await page.screenshot({ path: path.join(outputDir, `whole-game-coinche-${width}px-end.png`) });
    assert.deepEqual(record.errors, []);
    await page.close();
  });
}

for (const [width, height] of phones) {
  test(`at ${width} px the locked fields follow the auction as it goes`, async () => {
    const { page, record } = await openPage(browser, { width, height });
    assert.equal(await newGame(page, { ruleset: 'coinche', ns: 'Nous', ew: 'Eux' }), '');
    await page.click('#m-auction-mode-calls');
    const fields = () => page.evaluate(() => {
      const shown = (id) => {
        const select = document.getElementById(id);
        return select.selectedIndex < 0 ? '' : select.selectedOptions[0].textContent;
      };
      return { taker: shown('m-taker'), contract: shown('m-contract'), bid: shown('m-bid'), doubling: shown('m-doubling'),
        locked: document.getElementById('m-taker').disabled };
    });
    // Nobody has bid: no taker, no bid.
    assert.deepEqual(await fields(), { taker: '', contract: await page.$eval('#m-contract', (e) => e.selectedOptions[0].textContent),
      bid: 'choose the bid', doubling: 'not doubled', locked: true });
    // W (the dealer's left) bids 100 ♠: the fields say so.
    const bid = await page.$$eval('#m-bid-call option', (all) => all.findIndex((o) => o.dataset.call === '100 S'));
    await page.select('#m-bid-call', String(bid));
    await page.click('#m-bid-call-submit');
    assert.deepEqual(await fields(), { taker: 'W — Eux', contract: '♠ (trump S)', bid: '100', doubling: 'not doubled', locked: true });
    // S bids 110 ♥, then W coinches.
    await page.select('#m-bid-call', String(await page.$$eval('#m-bid-call option', (all) => all.findIndex((o) => o.dataset.call === '110 H'))));
    await page.click('#m-bid-call-submit');
    await page.click('#m-call-buttons button[data-call="coinche"]');
    assert.deepEqual(await fields(), { taker: 'S — Nous', contract: '♥ (trump H)', bid: '110', doubling: 'coinche (×2)', locked: true });
    await page.$eval('#m-calls', (e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(outputDir, `auction-fields-${width}px.png`) });
    // A call taken back: the fields go back with it.
    await page.click('#m-call-undo');
    assert.deepEqual(await fields(), { taker: 'S — Nous', contract: '♥ (trump H)', bid: '110', doubling: 'not doubled', locked: true });
    // Back to the contract as taken: the fields are free again, with a taker.
    await page.click('#m-auction-mode-contract');
    assert.equal((await fields()).locked, false);
    assert.notEqual((await fields()).taker, '');
    assert.deepEqual(record.errors, []);
    await page.close();
  });

  test(`at ${width} px every target is 44 px high, sideways boxes take the keyboard, long names show in full`, async () => {
    const { page, record } = await openPage(browser, { width, height });
    const longest = 'Amicale des Beloteurs du Vieux Port Nord';
    assert.equal(await newGame(page, { ruleset: 'coinche', ns: longest, ew: 'Les Anciens du Café de la Gare' }), '');
    assert.equal(await addMene(page, coinche[0]), '');
    await page.select('#m-ann-N-kind', 'seq:3');
    await page.click('#m-ann-N-add');
    for (const summary of await page.$$('main details > summary')) await summary.click();
    const small = await page.evaluate(() => {
      const found = [];
      const targets = document.querySelectorAll('main button, main summary, main select, main input:not([type="radio"]):not([type="checkbox"]):not([type="file"]), main .file-button, main .choice');
      for (const el of targets) {
        if (!el.getClientRects().length || el.closest('.visually-hidden, [hidden]')) continue;
        const { height: h } = el.getBoundingClientRect();
        if (h < 43.5) found.push(`${el.tagName.toLowerCase()}#${el.id} "${el.textContent.trim().slice(0, 30)}" ${h.toFixed(1)} px`);
      }
      return found;
    });
    assert.deepEqual(small, []);
    // Boxes that scroll sideways are reached with Tab, and named.
    const scrolling = await page.evaluate(() => [...document.querySelectorAll('body *')]
      .filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1
        && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && !['SELECT', 'TEXTAREA', 'INPUT'].includes(el.tagName))
      .map((el) => ({ id: el.id, tabIndex: el.tabIndex, label: el.getAttribute('aria-label') || '' })));
    assert.ok(scrolling.some((s) => s.id === 'sheet-text') && scrolling.some((s) => s.id === 'sheet-file'), JSON.stringify(scrolling));
    for (const box of scrolling) {
      assert.equal(box.tabIndex, 0, `${box.id} takes the keyboard`);
      assert.notEqual(box.label, '', `${box.id} is named`);
    }
    await page.focus('#sheet-section details:nth-of-type(1) > summary');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'sheet-text');
    await page.keyboard.press('ArrowRight');
    // A long name cut by its select is written out in full under it.
    await page.select('#m-points-team', 'NS');
    const full = await page.evaluate(() => {
      const select = document.getElementById('m-points-team');
      const note = document.getElementById('full-m-points-team');
      return { chosen: select.selectedOptions[0].textContent,
        note: note && !note.hidden && note.getClientRects().length ? note.textContent : null,
        right: note ? note.getBoundingClientRect().right : 0, width: document.documentElement.clientWidth };
    });
    assert.equal(full.note, full.chosen);
    assert.ok(full.right <= full.width, 'the name is in view');
    await page.evaluate(() => document.getElementById('m-points-team').scrollIntoView());
    await page.screenshot({ path: path.join(outputDir, `targets-${width}px.png`) });
    assert.deepEqual(record.errors, []);
    await page.close();
  });
}

test('the game saved from the page with an emoji and trailing spaces reads in belote sheet show as shown', async () => {
  const { page } = await openPage(browser, { width: 375, height: 667 });
  assert.equal(await newGame(page, { ruleset: 'coinche', ns: ' Lyon ', ew: 'Les 🂡' }), '');
  const folder = temporaryDir('belote-at-table-');
  const file = path.join(folder, 'sheet.toml');
  fs.writeFileSync(file, await sheetFile(page));
  const shown = JSON.parse(belote(['sheet', 'show', '--format', 'json', file]));
  assert.deepEqual(shown.teams, { NS: 'Lyon', EW: 'Les 🂡' });
  fs.rmSync(folder, { recursive: true, force: true });
  await page.close();
});
