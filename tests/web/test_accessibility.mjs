// The page audited by axe-core (installed with npm beside these tests) in its
// main states, at a phone's width and a desk's: empty, after a mène (its
// explanation open) and the fold-out panels open. Any serious or critical
// violation fails the test, with its rule and the elements that break it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { addMene, newGame } from './page-driver.mjs';
import { launchBrowser, openPage } from './support.mjs';

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
