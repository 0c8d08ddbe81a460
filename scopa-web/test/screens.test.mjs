// Every screen at phone (360×640), tall phone (390×844), phone sideways (844×390) and desktop (1280×800) size (and tables
// of 8 at phone and desktop size): compared with the golden
// images in test/goldens/ (a tolerance for anti-aliasing), checked to fit without
// scrolling, and checked by axe-core for serious or critical accessibility violations.
// `UPDATE_GOLDENS=1 node --test test/screens.test.mjs` rewrites the goldens.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { check } from './golden.mjs';
import { DESKTOP, PHONE, TALL, openPage, playUntil, settle, start, startMatch, step, menu } from './lib.mjs';

const LANDSCAPE = { width: 844, height: 390, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

for (const [size, viewport] of [['phone', PHONE], ['tall', TALL], ['landscape', LANDSCAPE], ['desktop', DESKTOP]]) {
  test(`every screen at ${size} size: golden images, no scrolling, axe-core`, async () => {
    const ctx = await env.browser.createBrowserContext();
    const page = await openPage({ browser: ctx }, viewport, { welcome: true });
    // The first visit's match has a random seed: a fixed random source draws the same one.
    await page.evaluateOnNewDocument(() => {
      crypto.getRandomValues = (a) => a.fill(7);
    });
    await page.goto(env.url);
    await settle(page);

    // The first visit's welcome, then How to play over it.
    await page.waitForSelector('#dlg-welcome[open]');
    await check(page, `${size}-welcome`);
    await page.click('#welcome-rules');
    await page.waitForSelector('#dlg-rules[open]');
    await check(page, `${size}-rules`);
    await page.click('#rules-close');
    await page.click('#welcome-play');
    await page.waitForSelector('#dlg-welcome:not([open])');

    await startMatch(page, { seed: 4, target: 11 });
    await playUntil(page, (s) => s.hand.some((h) => h.enabled));
    await check(page, `${size}-table`);

    await playUntil(page, (s) => s.choice, { pick: () => 0 });
    await check(page, `${size}-choose-capture`);

    // This hand: its log and each side's taken cards (opened over the choice, which waits).
    await page.click('#btn-log');
    await page.waitForSelector('#dlg-log[open]');
    await check(page, `${size}-this-hand`);
    await page.click('#log-close');
    await page.waitForSelector('#dlg-log:not([open])');

    await playUntil(page, (s) => s.summary);
    await check(page, `${size}-hand-summary`);

    // Starting a new match in the middle of one asks first.
    await step(page);
    await playUntil(page, (s) => s.hand.some((h) => h.enabled));
    await menu(page, '#btn-settings');
    await page.waitForSelector('#dlg-settings[open]');
    await page.click('#settings-start');
    await page.waitForSelector('#dlg-confirm[open]');
    await check(page, `${size}-confirm-new-match`);
    await page.click('#confirm-no');
    await page.click('#settings-close');
    await page.waitForSelector('#dlg-settings:not([open])');

    await playUntil(page, (s) => s.over);
    await check(page, `${size}-match-over`);

    await page.click('#over-stats');
    await page.waitForSelector('#dlg-stats[open]');
    await check(page, `${size}-statistics`);
    await page.click('#stats-close');

    await page.click('#over-settings');
    await page.waitForSelector('#dlg-settings[open]');
    await check(page, `${size}-settings`);
    await page.click('#settings-close');
    await page.waitForSelector('#dlg-over[open]');

    await startMatch(page, { players: 4, deal: 'scopone', seed: 8, seats: ['human', 'expert', 'medium', 'easy'], deck: 'french' });
    await playUntil(page, (s) => s.hand.some((h) => h.enabled));
    await check(page, `${size}-four-players-french`);

    await startMatch(page, { seed: 6, seats: ['human', 'human'], names: ['Anna', 'Bruno'] });
    await playUntil(page, (s) => s.handoff);
    await check(page, `${size}-hand-off`);

    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
}

// Briscola (issue 24) and the Spanish-suited deck, at tall-phone and desktop size.
for (const [size, viewport] of [['tall', TALL], ['desktop', DESKTOP]]) {
  test(`Briscola's table and the Spanish deck at ${size} size: golden images, no scrolling, axe-core`, async () => {
    const ctx = await env.browser.createBrowserContext();
    const page = await openPage({ browser: ctx }, viewport);
    await page.goto(env.url);
    await settle(page);

    // Two players: the trick with a card in it, the briscola under the stock.
    await startMatch(page, { game: 'briscola', seed: 21, seats: ['human', 'expert'] });
    await playUntil(page, (s, c) => c.play >= 3 && s.hand.some((h) => h.enabled));
    await check(page, `${size}-briscola-table`);
    await page.click('#last-trick');
    await page.waitForSelector('#dlg-trick[open]');
    await check(page, `${size}-briscola-last-trick`);
    await page.click('#trick-close');
    await page.waitForSelector('#dlg-trick:not([open])');
    await playUntil(page, (s) => s.summary);
    await check(page, `${size}-briscola-summary`);
    await page.click('#summary-continue');
    await settle(page);

    // Four players in two teams, with Spanish cards; then Scopa's table with them.
    await startMatch(page, { game: 'briscola', players: 4, seed: 8, seats: ['human', 'medium', 'expert', 'medium'], deck: 'spanish' });
    await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
    await check(page, `${size}-briscola-four-spanish`);
    await startMatch(page, { seed: 4, target: 11, deck: 'spanish' });
    await playUntil(page, (s) => s.hand.some((h) => h.enabled));
    await check(page, `${size}-scopa-spanish`);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
}

// Tables of 6 and 8 (issue 28): 8 seats around the oval, Scopa and Briscola, on a phone and
// a desktop; on the phone also a hand's summary with 4 side columns.
const EIGHT = ['human', 'medium', 'medium', 'medium', 'medium', 'medium', 'medium', 'medium'];
for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`a table of 8 at ${size} size: golden images, no scrolling, axe-core`, async () => {
    const ctx = await env.browser.createBrowserContext();
    const page = await openPage({ browser: ctx }, viewport);
    await page.goto(env.url);
    await settle(page);
    await startMatch(page, { players: 8, seed: 3, seats: EIGHT });
    // The first turn: most of the 8 cards dealt to the table are still there.
    await playUntil(page, (s) => s.hand.some((h) => h.enabled));
    await check(page, `${size}-scopa-eight`);
    if (size === 'phone') {
      await playUntil(page, (s) => s.summary);
      await check(page, `${size}-scopa-eight-summary`);
      await step(page);
    }
    await startMatch(page, { game: 'briscola', players: 8, seed: 5, seats: EIGHT });
    await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
    await check(page, `${size}-briscola-eight`);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
}
