// Issue 37, the browser half ("as a newcomer meets it, round two"): each item found in the
// browser, checked as a person meets it — the summaries numbered hand by hand, one name per
// AI level and a teaching level first, nothing played behind the welcome, the AI's play
// kept on the status line, a Briscola trick seen whole before it is taken, a toolbar of one
// row on a phone, New match and Settings doing different things, and one download per file
// on a first visit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP, PHONE, TALL, openPage, perFile, playUntil, record, screen, settle, startMatch, step, freshPage as newPage, menu,
} from './lib.mjs';

const file = perFile();
const freshPage = (viewport, opts) => newPage(file.env, viewport, opts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Plays a whole match by tapping, writing down the title of every hand's summary shown,
// and returns them with the match-over screen's last-hand heading and recap numbers.
async function summaryTitles(page) {
  const titles = [];
  for (let i = 0; i < 4000; i++) {
    const s = await screen(page);
    if (s.over) break;
    if (s.summary) titles.push(await page.$eval('#summary-title', (e) => e.textContent));
    await step(page, { nth: i * 7, pick: i % 2 });
  }
  const over = await page.evaluate(() => ({
    heads: [...document.querySelectorAll('#over-recap h3')].map((h) => h.textContent),
    recap: [...document.querySelectorAll('#over-recap table.recap tr th[scope=row]')].map((h) => Number(h.textContent)),
  }));
  return { titles, ...over };
}

// Scopa's: newcomer.test.mjs ("following the game").
for (const game of ['briscola']) {
  test(`${game}: every hand's summary has its own number, the last one too (item 4)`, async () => {
    const page = await freshPage(PHONE);
    await startMatch(page, { game, seed: 3, hands: 2 });
    const { titles, heads, recap } = await summaryTitles(page);
    const n = titles.length;
    assert.ok(n >= 2, JSON.stringify(titles));
    assert.deepEqual(titles, Array.from({ length: n }, (_, i) => `Hand ${i + 1}`), 'Hand 1, 2, …, n: none twice');
    assert.equal(heads[0], `Hand ${n}`, 'the match\'s end names the last hand as its summary did');
    assert.deepEqual(recap, Array.from({ length: n }, (_, i) => i + 1));
    assert.deepEqual(page.errors, []);
    await page.browserContext().close();
  });
}

test('one name per AI level: Settings, the table and Statistics say the core\'s; a first match is against a level that teaches (item 8)', async () => {
  const page = await freshPage(PHONE);
  // A first visit's match: the opponent is the Easy level, not the expert.
  const first = await page.evaluate(() => window.__scopa.record.transcript[0]);
  assert.match(first, /\bseats human easy\b/, first);
  const labels = await page.evaluate(() => Object.fromEntries(['random', 'easy', 'medium', 'expert'].map((l) => [l, window.__scopa.label(`level_${l}`)])));
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  const options = await page.$$eval('#set-seat-1 option:not([hidden])', (l) => l.map((o) => [o.value, o.textContent]));
  assert.equal(await page.$eval('#set-seat-1', (s) => s.value), 'easy', 'Settings show the first match\'s level');
  for (const [value, text] of options) {
    if (value !== 'human') assert.equal(text.replace(/^[^:]*: /, ''), labels[value], `the option of ${value}`);
  }
  await page.click('#settings-close');
  await startMatch(page, { seed: 2, seats: ['human', 'expert'] });
  const seatLevel = await page.$eval('.seat[data-seat="1"]', (e) => e.textContent);
  assert.ok(seatLevel.includes(labels.expert), `the table names the expert ${labels.expert}: ${seatLevel}`);
  // Statistics: a finished match against the expert is in a row named with the same word.
  await playUntil(page);
  await page.click('#over-stats');
  await page.waitForSelector('#dlg-stats[open]');
  const against = await page.$$eval('#stats-body td:first-child', (l) => l.map((e) => e.textContent));
  assert.deepEqual(against, [labels.expert]);
  const all = await page.evaluate(() => document.body.innerText);
  assert.ok(!/Champion|Campione/.test(all), 'no second name for the expert');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('nothing is played behind the first visit\'s welcome: the AIs wait until it is closed (item 9)', async () => {
  const ctx = await file.env.browser.createBrowserContext();
  const page = await openPage({ browser: ctx }, TALL, { welcome: true, reducedMotion: false });
  // A first visit whose match is one the AIs play at once (watch mode, fast).
  await page.evaluateOnNewDocument(() => {
    if (!localStorage.getItem('scopa.v1.prefs')) {
      localStorage.setItem('scopa.v1.prefs', JSON.stringify({
        pace: 'fast', settings: { game: 'scopa', players: 2, deal: 'standard', target: 11, primiera: 'classic', ace: 'none', napola: false, re_bello: false, kings_redeal: true, seats: ['easy', 'easy'], undo: false },
      }));
    }
  });
  await page.goto(file.env.url);
  await page.waitForFunction(() => window.__scopa?.ready);
  assert.equal(await page.$eval('#dlg-welcome', (d) => d.open), true);
  await sleep(1500);
  const during = await record(page);
  assert.equal(during.script.length, 0, `played behind the welcome: ${during.script.join(', ')}`);
  await page.click('#welcome-play');
  await page.waitForFunction(() => window.__scopa.record.script.length >= 2, { timeout: 10000 });
  // Settings, too, hold the game while they are read.
  await page.click('#btn-pause');
  await page.click('#btn-pause');
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await settle(page);
  const held = (await record(page)).script.length;
  await sleep(1200);
  assert.equal((await record(page)).script.length, held, 'played behind the settings');
  await page.click('#settings-close');
  await page.waitForFunction((n) => window.__scopa.record.script.length > n, { timeout: 10000 }, held);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('the AI\'s play stays on the status line when it is the person\'s turn again (item 3)', async () => {
  const page = await freshPage(TALL);
  await startMatch(page, { seed: 4, seats: ['human', 'expert'] });
  await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
  const rec = await record(page);
  assert.ok(rec.transcript.some((l) => l.startsWith('play 1 ')));
  const status = await page.$eval('#status', (e) => e.textContent);
  const lastPlay = await page.$eval('.seat[data-seat="1"] .last', (e) => e.getAttribute('aria-label').replace(/^[^:]*: /, ''));
  assert.ok(status.includes(lastPlay), `the status "${status}" keeps the AI's play "${lastPlay}"`);
  // The last-play box's cards are big enough to read on a phone.
  const width = await page.$eval('.seat[data-seat="1"] .last .cardface', (e) => e.getBoundingClientRect().width);
  assert.ok(width >= 30, `last play's card ${width} px wide`);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('Briscola: a trick taken by the AI is seen whole before it is cleared; the briscola shows under the stock (item 3)', async () => {
  const ctx = await file.env.browser.createBrowserContext();
  const page = await openPage({ browser: ctx }, TALL, { reducedMotion: false });
  await page.goto(file.env.url);
  await settle(page);
  await startMatch(page, { game: 'briscola', seed: 5, pace: 'normal', seats: ['human', 'expert'] });
  // How long the table shows a whole trick (two cards), from the page's own drawing.
  await page.evaluate(() => {
    window.__whole = [];
    let since = null;
    new MutationObserver(() => {
      const n = document.querySelectorAll('#table .trick-card').length;
      if (n >= 2 && since === null) since = performance.now();
      if (n < 2 && since !== null) {
        window.__whole.push(performance.now() - since);
        since = null;
      }
    }).observe(document.getElementById('table'), { childList: true, subtree: true });
  });
  // Lead a few tricks: the expert answers each, completing the trick.
  for (let i = 0; i < 3; i++) {
    await playUntil(page, (s, c) => c.play >= 1);
    await settle(page);
  }
  const whole = await page.evaluate(() => window.__whole);
  assert.ok(whole.length >= 2, JSON.stringify(whole));
  assert.ok(Math.min(...whole) >= 900, `a whole trick is shown at least 0.9 s at the normal pace: ${JSON.stringify(whole)}`);
  // The briscola under the stock: at least half of its face is seen.
  const shown = await page.evaluate(() => {
    const trump = document.querySelector('#deck .pile-trump .trump img').getBoundingClientRect();
    const stock = document.querySelector('#deck .pile-trump .stock img')?.getBoundingClientRect();
    const area = trump.width * trump.height;
    if (!stock) return 1;
    const w = Math.max(0, Math.min(trump.right, stock.right) - Math.max(trump.left, stock.left));
    const h = Math.max(0, Math.min(trump.bottom, stock.bottom) - Math.max(trump.top, stock.top));
    return 1 - (w * h) / area;
  });
  assert.ok(shown >= 0.5, `${Math.round(shown * 100)} % of the briscola seen`);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a phone\'s toolbar is one row, even at 8 seats; New match starts one at once, Settings opens the form (item 10)', async () => {
  const page = await freshPage(TALL);
  for (const players of [2, 8]) {
    await startMatch(page, { players, seats: ['human', ...Array(players - 1).fill('easy')] });
    const bar = await page.evaluate(() => {
      const tops = new Set([...document.querySelectorAll('.bar nav.actions > *')]
        .filter((e) => e.checkVisibility()).map((e) => Math.round(e.getBoundingClientRect().top)));
      return { rows: tops.size, height: document.querySelector('.bar').getBoundingClientRect().height };
    });
    assert.equal(bar.rows, 1, `${players} seats: ${JSON.stringify(bar)}`);
    assert.ok(bar.height <= 100, `${players} seats: the bar is ${bar.height} px high`);
  }
  // Every menu entry is reachable on the phone: the menu opens and lists them.
  await page.click('#btn-menu');
  await page.waitForSelector('#menu:popover-open');
  for (const id of ['btn-new', 'btn-settings', 'btn-stats', 'btn-rules', 'btn-online']) {
    assert.ok(await page.$eval(`#${id}`, (e) => e.checkVisibility()), `${id} in the menu`);
  }
  // New match: the same settings, a new deal, after asking (a match is in progress).
  await page.keyboard.press('Escape');
  await playUntil(page, (x, c) => c.play >= 1);
  const before = await record(page);
  await page.click('#btn-menu');
  await page.waitForSelector('#menu:popover-open');
  await menu(page, '#btn-new');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-yes');
  // A new deal (the confirmation closes a task later: wait for the new match's record).
  await page.waitForFunction((seed) => window.__scopa.record.seed !== seed, { timeout: 10000 }, before.seed);
  await settle(page);
  assert.equal(await page.$eval('#dlg-settings', (d) => d.open), false, 'New match does not open the form');
  const after = await record(page);
  assert.equal(after.transcript[0], before.transcript[0], 'the same settings');
  // Settings: the form.
  await page.click('#btn-menu');
  await page.waitForSelector('#menu:popover-open');
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('Briscola\'s words: How to play explains the carichi (item 10)', async () => {
  const page = await freshPage(DESKTOP);
  await menu(page, '#btn-rules');
  await page.waitForSelector('#dlg-rules[open]');
  const rules = await page.$eval('#rules-body', (e) => e.textContent);
  assert.match(rules, /The Aces and threes, worth most, are the carichi/);
  await page.click('#rules-close');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

// The core's words for a hand won ("You win", "Players 1 & 3 win": plural sides take plural
// verbs), checked in the page.
test('Briscola\'s words: no "You wins" anywhere in a match (item 10)', async () => {
  const page = await freshPage(DESKTOP);
  // Four players: every hand won is won by a side of two ("You & Player 3", "Players 2 & 4").
  await startMatch(page, { game: 'briscola', players: 4, seed: 3, hands: 2, seats: ['human', 'easy', 'easy', 'easy'] });
  const texts = new Set();
  for (let i = 0; i < 400; i++) {
    const s = await screen(page);
    texts.add(s.status);
    if (s.summary) texts.add(await page.$eval('#summary-body .hand-result', (e) => e.textContent));
    if (s.over || s.summary) break;
    await step(page, { nth: i * 7 });
  }
  assert.ok([...texts].some((x) => /\bwins? the hand\b/.test(x)), 'a hand was won');
  const bad = [...texts].filter((x) => /(\bYou|&[^.—]*)\s+wins\b/.test(x));
  assert.deepEqual(bad, []);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});
