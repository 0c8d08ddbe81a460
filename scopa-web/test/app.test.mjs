// Whole matches played in headless Chromium by clicking like a person, with the checks of
// issue 11: capture choice, hint, reload mid-hand, offline reload, damaged save, keyboard,
// installability, language; every browser transcript replayed natively; no console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  DESKTOP, PHONE, joinRecords, openPage, playUntil, record, reloadOffline, screen, settle, start, startMatch, step, freshPage as newPage,
} from './lib.mjs';
import { checkReplay } from './replay.mjs';

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

const freshPage = (viewport, opts) => newPage(env, viewport, opts);

test('2 players against the expert: a whole match with hint, capture choice and a reload mid-hand', async () => {
  const page = await freshPage(PHONE);
  const opts = { seed: 7, target: 11, seats: ['human', 'expert'] };
  await startMatch(page, opts);

  // A hint highlights a card of the hand and says why.
  await playUntil(page, (s) => s.hand.some((h) => h.enabled));
  await page.click('#btn-hint');
  assert.match(await page.$eval('#status', (e) => e.textContent), /^Hint: /);
  assert.equal(await page.$$eval('#hand .hinted', (l) => l.length), 1);

  // Play into the second hand, then reload in the middle of it.
  const first = await playUntil(page, (s, c) => c.summary >= 1 && c.play >= 22 && s.hand.some((h) => h.enabled));
  const beforeReload = await screen(page);
  const saveBefore = await page.evaluate(() => localStorage.getItem('scopa.v1.save'));
  const recBefore = await record(page);
  await page.reload();
  await settle(page);
  const afterReload = await screen(page);
  assert.deepEqual(afterReload.hand, beforeReload.hand);
  assert.deepEqual(afterReload.table, beforeReload.table);
  assert.equal(afterReload.score, beforeReload.score);
  assert.equal(await page.evaluate(() => localStorage.getItem('scopa.v1.save')), saveBefore);

  const rest = await playUntil(page);
  const rec = joinRecords(recBefore, await record(page));
  assert.equal(rest.over, 1);
  assert.ok(first.choice + rest.choice >= 1, 'a capture was chosen among several');
  assert.match(await page.$eval('#over-body', (e) => e.textContent), /won the match/);

  // The same settings, seed and human moves natively give the same match.
  checkReplay('two-players', rec);

  // The result is in the statistics.
  await page.click('#over-stats');
  const stats = await page.$eval('#stats-body', (e) => e.textContent);
  assert.match(stats, /Expert/);
  // Escape closes the statistics and the settings, never the game: the result is still there.
  await page.keyboard.press('Escape');
  await page.click('#over-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-over[open]');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('with animations and a paced AI: plays, captures, sweeps and a hand end animate without error', async () => {
  const page = await freshPage(PHONE, { reducedMotion: false });
  await startMatch(page, { seed: 7, target: 11, seats: ['human', 'expert'], pace: 'fast' });
  const counts = await playUntil(page, (s, c) => c.summary >= 1);
  assert.ok(counts.play >= 18);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('watch mode: two AIs play a match with nobody touching a card', async () => {
  const page = await freshPage(DESKTOP);
  await startMatch(page, { seed: 5, target: 11, seats: ['medium', 'expert'] });
  const counts = await playUntil(page);
  assert.equal(counts.play, 0);
  assert.equal(counts.over, 1);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('offline after the first visit: the service worker serves the app and the match goes on', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 21, target: 11 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  await step(page);
  await reloadOffline(page);
  assert.equal(await step(page), 'play');
  await settle(page);
  await page.setOfflineMode(false);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('pass-and-play: a reload mid-hand hands the device over before any hand shows (issue 26)', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 3, target: 11, seats: ['human', 'human'] });
  // The first person takes the device and plays; the second takes it: their hand shows.
  await playUntil(page, (s, counts) => counts.handoff >= 2 && s.hand.some((h) => h.enabled));
  const before = await screen(page);
  assert.ok(before.hand.length > 0);
  await page.reload();
  await settle(page);
  const after = await screen(page);
  assert.equal(after.handoff, true, 'the hand-off comes first');
  assert.deepEqual(after.hand.filter((h) => h.enabled), []);
  assert.deepEqual(after.table, before.table);
  assert.equal(await step(page), 'handoff');
  const resumed = await screen(page);
  assert.deepEqual(resumed.hand.map((h) => h.card), before.hand.map((h) => h.card));
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('a damaged save is set aside with a message and a new match starts', async () => {
  const page = await freshPage(DESKTOP);
  await page.evaluate(() => localStorage.setItem('scopa.v1.save', btoa('SCOPAWEB damaged bytes')));
  await page.reload();
  await settle(page);
  assert.equal(await page.$eval('#dlg-message', (d) => d.open), true);
  assert.match(await page.$eval('#message-text', (e) => e.textContent), /could not be resumed \(.*bytes/);
  await page.click('#message-ok');
  const damaged = JSON.parse(await page.evaluate(() => localStorage.getItem('scopa.v1.damaged')));
  assert.equal(atob(damaged.save), 'SCOPAWEB damaged bytes');
  await playUntil(page, (s) => s.hand.some((h) => h.enabled));
  assert.equal(await step(page), 'play');
  // Not even base64: the same.
  await page.evaluate(() => localStorage.setItem('scopa.v1.save', '%%%'));
  await page.reload();
  await settle(page);
  assert.equal(await page.$eval('#dlg-message', (d) => d.open), true);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('after the damaged-save message, a new match whose AI plays first goes on at once', async () => {
  // Every seat an AI: the new match's first play is always the AI's, so the game must be
  // busy (thinking) as soon as OK is pressed, never idle with nothing to do.
  const page = await freshPage(DESKTOP);
  await page.evaluate(() => {
    const settings = {
      players: 2, deal: 'standard', target: 11, primiera: 'classic', ace: 'none',
      napola: false, re_bello: false, kings_redeal: true, seats: ['expert', 'expert'], undo: false,
    };
    localStorage.setItem('scopa.v1.prefs', JSON.stringify({ deck: 'italian', pace: 'instant', lang: 'en', settings }));
    localStorage.setItem('scopa.v1.save', btoa('SCOPAWEB damaged bytes'));
  });
  await page.reload();
  await settle(page);
  assert.equal(await page.$eval('#dlg-message', (d) => d.open), true);
  assert.equal((await record(page)).script.length, 0);
  await page.click('#message-ok');
  await settle(page);
  assert.ok((await record(page)).script.length > 0, 'the AI played once the message was read');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('keyboard: arrows move between cards, Enter plays', async () => {
  const page = await freshPage(DESKTOP);
  await startMatch(page, { seed: 9, target: 11 });
  await playUntil(page, (s) => s.hand.filter((h) => h.enabled).length >= 2 && !s.choice);
  const first = await page.evaluate(() => document.activeElement.dataset.card);
  await page.keyboard.press('ArrowRight');
  const second = await page.evaluate(() => document.activeElement.dataset.card);
  assert.notEqual(first, second);
  const n = (await record(page)).script.length;
  await page.keyboard.press('Enter');
  await settle(page);
  assert.ok((await record(page)).script.length > n, 'Enter played the focused card');
  const labels = await page.$$eval('#hand .card', (l) => l.map((b) => b.getAttribute('aria-label')));
  assert.ok(labels.every((l) => / of (denari|coppe|spade|bastoni)$/.test(l)), labels.join());
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('drag: a card dragged from the hand onto the table is played; dropped elsewhere it comes back', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 9, target: 11 });
  await playUntil(page, (s) => s.hand.some((h) => h.enabled) && !s.choice);
  const card = (await screen(page)).hand.find((h) => h.enabled).card;
  const from = await page.$eval(`#hand [data-card="${card}"]`, (b) => {
    const r = b.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  const n = (await record(page)).script.length;
  // Dropped back on the hand: nothing played.
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y - 5, { steps: 5 });
  await page.mouse.up();
  await settle(page);
  assert.equal((await record(page)).script.length, n);
  // Dropped on the table: played.
  const to = await page.$eval('#table', (t) => {
    const r = t.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
  await settle(page);
  const script = (await record(page)).script;
  const notation = `${(card % 10) + 1}${'dcsb'[Math.floor(card / 10)]}`;
  assert.equal(script[n], `select ${notation}`, 'the dragged card was played');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('Italian by default in an Italian browser; French deck on request', async () => {
  const page = await freshPage(PHONE, { lang: 'it-IT' });
  assert.equal(await page.$eval('#btn-settings', (e) => e.textContent), 'Impostazioni');
  await startMatch(page, { seed: 2, deck: 'french' });
  const labels = await page.$$eval('#hand .card', (l) => l.map((b) => b.getAttribute('aria-label')));
  // The French deck's cards named by it, in Italian (the core's words: quadri, cuori…).
  assert.ok(labels.every((l) => / di (quadri|cuori|picche|fiori)$/.test(l)), labels.join());
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('installable: Chromium reports no installability error', async () => {
  const page = await openPage(env, DESKTOP);
  await page.goto(env.url);
  await settle(page);
  const cdp = await page.createCDPSession();
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
  await page.close();
});

test('undo: with undo on, the last play is taken back and the same hand is offered again', async () => {
  const page = await freshPage(DESKTOP);
  await startMatch(page, { seed: 13, target: 11, undo: true });
  await playUntil(page, (s) => s.hand.some((h) => h.enabled) && !s.choice);
  const before = await screen(page);
  assert.equal(await page.$eval('#btn-undo', (b) => b.hidden), true, 'nothing to undo yet');
  await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
  assert.equal(await page.$eval('#btn-undo', (b) => b.hidden), false);
  await page.click('#btn-undo');
  const after = await screen(page);
  assert.deepEqual(after.hand, before.hand);
  assert.deepEqual(after.table, before.table);
  assert.ok((await record(page)).script.includes('undo'));
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});
