// A whole klaverjas game of 16 mènes played through the page, on a phone and
// on a desk: roem entered with each mène, a nat, a pit, the game told as
// "of 16 mènes" and its end (a winner, a draw) as `belote sheet show` tells it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addMene, compareWithProgram, newGame, setValue } from './page-driver.mjs';
import { launchBrowser, networkRequests, openPage, screenshot, temporaryDir } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

// Each team's roem the mirror of the other's, so that the game draws; the
// nats of mènes 1, 2, 9, 10, 13 and 14 (1, 9 and 10 exact ties), the pits of 3 and 4.
const drawnGame = [
  { taker: 'W', trump: 'D', points: ['NS', 71], roem: { NS: 40, EW: 20 } },
  { taker: 'N', trump: 'H', points: ['NS', 71], roem: { NS: 20, EW: 40 } },
  { taker: 'N', trump: 'H', capot: 'NS', roem: { NS: 50 } },
  { taker: 'E', trump: 'S', capot: 'EW', roem: { EW: 50 } },
  { taker: 'N', trump: 'S', points: ['NS', 100] },
  { taker: 'E', trump: 'S', points: ['EW', 100] },
  { taker: 'S', trump: 'C', points: ['NS', 90], roem: { NS: 20 } },
  { taker: 'W', trump: 'C', points: ['EW', 90], roem: { EW: 20 } },
  { taker: 'N', trump: 'D', points: ['NS', 81], roem: { NS: 20, EW: 20 } },
  { taker: 'E', trump: 'D', points: ['EW', 81], roem: { NS: 20, EW: 20 } },
  { taker: 'S', trump: 'H', points: ['NS', 120], roem: { NS: 100 } },
  { taker: 'W', trump: 'H', points: ['EW', 120], roem: { EW: 100 } },
  { taker: 'N', trump: 'C', points: ['NS', 70] },
  { taker: 'E', trump: 'C', points: ['EW', 70] },
  { taker: 'S', trump: 'S', points: ['NS', 130], roem: { EW: 20 } },
  { taker: 'W', trump: 'S', points: ['EW', 130], roem: { NS: 20 } },
];
// The same game but its last mène: Zij take 10 card points more, and the game.
const wonGame = [...drawnGame.slice(0, 15), { taker: 'W', trump: 'S', points: ['EW', 140], roem: { NS: 20 } }];

const gameState = (page) => page.$eval('#game-state', (e) => e.textContent);
const visible = (page, selector) => page.$eval(selector, (e) => e.closest('.field').hidden === false && e.offsetParent !== null);

for (const [width, height, menes, end] of [
  [375, 812, wonGame, 'The game\'s 16 mènes are played (game.deals): Zij win the game, 1696 to 1676.'],
  [1280, 900, drawnGame, 'The game\'s 16 mènes are played (game.deals) with equal totals: the game is drawn, 1686 to 1686.'],
]) {
  test(`a klaverjas game of 16 mènes at ${width} px: roem, a nat, a pit and the end, as belote sheet show has them`, async () => {
    const { page, record } = await openPage(browser, { width, height });
    // Under classique: a target, and no roem.
    assert.equal(await newGame(page, { ruleset: 'classique' }), '');
    assert.equal(await page.$('#m-roem'), null, 'classique counts no roem');
    assert.ok(await visible(page, '#target'), 'classique has a target');

    assert.equal(await newGame(page, { ruleset: 'klaverjas', ns: 'Wij', ew: 'Zij' }), '');
    assert.ok(!(await visible(page, '#target')), 'a game of 16 mènes has no target to type');
    assert.equal(await page.$eval('#target-hint', (e) => e.textContent),
      'A game of 16 mènes (game.deals): the higher total after the last one wins; equal totals draw.');
    assert.deepEqual(await page.$$eval('#m-roem label', (labels) => labels.map((l) => l.textContent)),
      ['Roem of Wij (NS)', 'Roem of Zij (EW)']);
    // Announcements and the belote are worth nothing here (the roem takes their place): none is offered.
    assert.equal(await page.$eval('#m-belote', (e) => e.disabled), true);
    assert.deepEqual(await page.$$eval('.seat-announcements', (pickers) => pickers.map((e) => e.hidden)), [true, true, true, true]);
    assert.equal(await page.$eval('#engine-status', (e) => e.textContent), 'New game under klaverjas, of 16 mènes (0 played).');
    assert.equal(await gameState(page), 'No winner yet: Wij 0, Zij 0; the game is of 16 mènes (0 played).');

    // Roem for a team that took no trick is refused at that team's roem field, in words.
    assert.match(await addMene(page, { taker: 'N', trump: 'H', capot: 'NS', roem: { EW: 20 } }), /^The mène is not added\. Roem of Zij: .*Zij took no trick/);
    assert.equal(await page.$eval('#m-roem-EW', (e) => e.getAttribute('aria-invalid')), 'true');
    await page.select('#m-capot', '');
    await setValue(page, '#m-roem-EW', '');

    // Each saved file in a folder of its own: the browser does not save a file over another of the same name.
    const folder = () => temporaryDir('belote-klaverjas-');
    for (const [i, mene] of menes.entries()) {
      assert.equal(await addMene(page, mene), '', `mène ${i + 1}`);
      // The roem fields are empty again for the next mène.
      assert.deepEqual(await page.$$eval('#m-roem input', (inputs) => inputs.map((e) => e.value)), ['', ''], `mène ${i + 1}`);
      if (i === 0) {
        // The nat: Wij's 71 + 40 against Zij's 91 + 20, an exact tie; Wij write 162 and all 60 roem.
        const { json } = await compareWithProgram(page, folder());
        assert.deepEqual(json.menes[0].written, { NS: 222, EW: 0 });
        assert.equal(json.menes[0].contract, 'failed');
      }
      if (i === 2) {
        // The pit: 162 card points, 50 roem from the tricks and 100 for the pit.
        const { json } = await compareWithProgram(page, folder());
        assert.deepEqual(json.menes[2].written, { NS: 312, EW: 0 });
        assert.equal(await page.$eval('#sheet-table tbody tr:nth-last-child(2) .notes', (e) => e.textContent), 'pit Wij; roem Wij 150, Zij 0');
      }
      if (i < 15) {
        assert.equal(await gameState(page), `No winner yet: Wij ${await total(page, 'NS')}, Zij ${await total(page, 'EW')}; ` +
          `the game is of 16 mènes (${i + 1} played).`, `mène ${i + 1}`);
      }
    }
    const { json, text } = await compareWithProgram(page, folder());
    assert.equal(json.target, null);
    assert.equal(json.deals, 16);
    assert.equal(json.decision, 'deals-played');
    assert.equal(json.winner, width === 375 ? 'EW' : null);
    assert.equal(await gameState(page), end);
    assert.ok(text.trimEnd().endsWith(end), 'belote sheet show ends the game so');
    assert.equal(await page.$eval('#engine-status', (e) => e.textContent), `Mène 16 added. ${end}`);
    assert.equal(await page.$eval('#sheet-table tfoot td', (e) => e.textContent), 'Totals (game of 16 mènes (16 played))');
    // A seventeenth mène is refused, as belote sheet add refuses it, and the sheet stays as it is.
    assert.match(await addMene(page, menes[4]), /mène 16.*a new game needs a new sheet/i);
    assert.equal(await page.$$eval('#sheet-table tbody tr:not(.explanation)', (rows) => rows.length), 16);
    // Nothing past the screen's edge.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page fits its width');
    await screenshot(page, `game-klaverjas-${width}px`);
    await page.$eval('#mene-section', (e) => e.scrollIntoView());
    await screenshot(page, `mene-form-klaverjas-${width}px`, '#mene-section');
    assert.deepEqual(networkRequests(record), []);
    assert.deepEqual(record.errors, []);
    await page.close();
  });
}

async function total(page, team) {
  return page.$eval(`#sheet-table tfoot td:nth-child(${team === 'NS' ? 2 : 3})`, (e) => e.textContent);
}
