// The page audited by axe-core (installed with npm beside these tests) in its
// main states, at a phone's width and a desk's: empty, after a mène (its
// explanation open), the fold-out panels open, and a mène being played
// against the engine (the calls, the cards and the advice offered, then its
// end). Any serious or critical violation fails the test, with its rule and
// the elements that break it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { addMene, dealToPlay, newGame, nextTurn } from './page-driver.mjs';
import { launchBrowser, openPage, screenshot } from './support.mjs';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

/** The serious and critical violations axe finds on the page as it stands: ['rule: element (why)']. */
async function audit(page) {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not restrict.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary.replace(/\s+/g, ' ')})`) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} [${v.impact}]: ${node}`));
}

for (const [width, height] of [[375, 667], [1280, 900]]) {
  test(`axe-core finds no serious or critical violation at ${width} px: empty, after a mène, panels open`, async () => {
    const { page } = await openPage(browser, { width, height });
    assert.deepEqual(await audit(page), [], 'the page as it opens');
    await newGame(page, { ruleset: 'coinche', ns: 'Nous', ew: 'Eux' });
    assert.equal(await addMene(page, { taker: 'N', trump: 'H', bid: 100, points: ['NS', 110], belote: 'N' }), '');
    await page.click('#sheet-table button');
    for (const summary of await page.$$('details summary')) await summary.click();
    assert.deepEqual(await audit(page), [], 'after a mène, its explanation and every fold-out panel open');
    await page.close();
  });
}

test('axe-core finds no serious or critical violation in a mène played against the engine (320 px)', async () => {
  const { page } = await openPage(browser, { width: 320, height: 568 });
  await dealToPlay(page, { ruleset: 'coinche', seat: 'N', players: 'random', seed: 3 });
  assert.equal(await nextTurn(page), 'turn');
  assert.deepEqual(await audit(page), [], 'the auction: the calls offered');
  // Through the auction to the first card, then the advice.
  while (await page.$eval('#play-choices .choices-label', (e) => e.textContent) === 'Your call:') {
    await page.click('#play-choices button:not(:disabled)');
    if (await nextTurn(page) !== 'turn') break;
  }
  if (!(await page.$eval('#play-end', (e) => !e.hidden))) {
    await page.click('#play-advice');
    await page.waitForSelector('#play-advice-list li', { timeout: 120000 });
    assert.deepEqual(await audit(page), [], 'the cards and the advice offered');
    while (await nextTurn(page) === 'turn') await page.click('#play-choices button:not(:disabled)');
  }
  assert.equal(await nextTurn(page), 'over');
  assert.deepEqual(await audit(page), [], 'the mène over');
  await page.close();
});

test('"Open a sheet (.toml)" shows the keyboard\'s focus when Tab reaches it', async () => {
  const { page } = await openPage(browser, { width: 375, height: 667 });
  await page.focus('#export');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'import');
  const outline = await page.$eval('label[for="import"]', (e) => {
    const style = getComputedStyle(e);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  assert.equal(outline, 'solid 3px', 'its label is outlined');
  await screenshot(page, 'open-sheet-focus-375px', '#sheet-section');
  await page.close();
});
