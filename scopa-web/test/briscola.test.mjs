// Briscola in the browser (issue 24), played by tapping like a person: a whole match against
// the expert with a hint, the last trick, a reload mid-hand and the statistics kept apart from
// Scopa's; undo; pass-and-play's hand-off; watch mode. Every match's record replays natively.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  DESKTOP, PHONE, joinRecords, openPage, playUntil, record, screen, settle, start, startMatch,
} from './lib.mjs';
import { replayNatively } from './replay.mjs';

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

function checkReplay(name, rec) {
  assert.ok(rec.transcript[0].startsWith('session briscola'), rec.transcript[0]);
  assert.deepEqual(replayNatively(name, rec), rec.transcript);
}

async function freshPage(viewport = DESKTOP, opts = {}) {
  const ctx = await env.browser.createBrowserContext();
  const page = await openPage({ browser: ctx }, viewport, opts);
  await page.goto(env.url);
  await settle(page);
  return page;
}

// The middle of the Briscola table as drawn.
const middle = (page) => page.evaluate(() => ({
  briscola: document.getElementById('middle').classList.contains('briscola'),
  trick: [...document.querySelectorAll('#table .trick-card')].map((f) => ({
    card: Number(f.dataset.card), seat: Number(f.dataset.seat), caption: f.querySelector('figcaption').textContent,
  })),
  deck: document.getElementById('deck').textContent,
  trump: document.querySelector('#deck .pile-trump')?.dataset.card,
  lastTrick: !document.getElementById('last-trick').disabled,
  me: document.getElementById('me-info').textContent,
  title: document.getElementById('title').textContent,
}));

test('Briscola against the expert: a whole match by tapping, hint, last trick, a reload mid-hand, statistics apart', async () => {
  const page = await freshPage(PHONE);
  // A Scopa match first, lost or won, so that the statistics hold both games.
  await startMatch(page, { seed: 5, target: 11, seats: ['human', 'random'] });
  await playUntil(page);
  await startMatch(page, { game: 'briscola', seed: 21, seats: ['human', 'expert'] });

  let m = await middle(page);
  assert.equal(m.briscola, true);
  assert.equal(m.title, 'Briscola');
  assert.match(m.deck, /Briscola: .+ of .+34 cards in the stock/);
  assert.equal(m.lastTrick, false, 'no trick taken yet');
  assert.match(m.me, /You · 3 in hand · 0 points/);
  assert.match(await page.$eval('#score', (e) => e.textContent), /2 hands to win/);

  // A hint marks a card of the hand and says why.
  await playUntil(page, (s) => s.hand.some((h) => h.enabled));
  await page.click('#btn-hint');
  assert.match(await page.$eval('#status', (e) => e.textContent), /^Hint: /);
  assert.equal(await page.$$eval('#hand .hinted', (l) => l.length), 1);

  // After the first trick: the last trick opens in a dialog, each card with who played it.
  await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
  m = await middle(page);
  assert.equal(m.lastTrick, true);
  await page.click('#last-trick');
  await page.waitForSelector('#dlg-trick[open]');
  const trick = await page.evaluate(() => ({
    cards: document.querySelectorAll('#trick-body .trick-card').length,
    winner: document.querySelectorAll('#trick-body .trick-card.winner').length,
    text: document.getElementById('trick-body').textContent,
  }));
  assert.deepEqual([trick.cards, trick.winner], [2, 1]);
  assert.match(trick.text, /took it: \d+ points/);
  await page.click('#trick-close');
  await page.waitForSelector('#dlg-trick:not([open])');
  // Points taken so far: the frame's, beside each seat.
  assert.match((await middle(page)).me, /\d+ points/);

  // Into the second hand (a summary with the card points), then a reload in the middle of it.
  let summary = null;
  const first = await playUntil(page, (s, c) => {
    if (s.summary && !summary) summary = true;
    return c.summary >= 1 && c.play >= 22 && s.hand.some((h) => h.enabled);
  });
  assert.equal(first.summary, 1);
  const beforeReload = await screen(page);
  const trickBefore = await middle(page);
  const recBefore = await record(page);
  const saveBefore = await page.evaluate(() => localStorage.getItem('scopa.v1.save'));
  await page.reload();
  await settle(page);
  const afterReload = await screen(page);
  assert.deepEqual(afterReload.hand, beforeReload.hand);
  assert.equal(afterReload.score, beforeReload.score);
  assert.deepEqual((await middle(page)).trick, trickBefore.trick);
  assert.equal(await page.evaluate(() => localStorage.getItem('scopa.v1.save')), saveBefore);

  const rest = await playUntil(page);
  assert.equal(rest.over, 1);
  const rec = joinRecords(recBefore, await record(page));
  assert.match(await page.$eval('#over-body', (e) => e.textContent), /won the match/);
  // The last hand's summary: each side's card points (120 between them) and who won it.
  const last = await page.evaluate(() => ({
    result: document.querySelector('#over-recap .hand-result')?.textContent,
    points: [...document.querySelectorAll('#over-recap table.summary:not(.recap) tr:nth-child(2) td')].map((td) => Number(td.textContent)),
  }));
  assert.match(last.result, /wins the hand|a draw/);
  assert.equal(last.points.reduce((a, b) => a + b, 0), 120);
  checkReplay('briscola-vs-expert', rec);

  // Statistics: Scopa's and Briscola's results in tables of their own.
  await page.click('#over-stats');
  await page.waitForSelector('#dlg-stats[open]');
  const stats = await page.evaluate(() => [...document.querySelectorAll('#stats-body table')].map((tb) => ({
    game: tb.dataset.game, rows: [...tb.querySelectorAll('tr')].slice(1).map((r) => r.textContent),
  })));
  assert.deepEqual(stats.map((s) => s.game), ['scopa', 'briscola']);
  assert.match(stats[1].rows[0], /^ExpertBriscola · 2 players · 3 cards a hand · 2 hands to win[01][01]$/);
  assert.ok(!/Briscola/.test(stats[0].rows.join(' ')));
  await page.click('#stats-close');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('Briscola: the leaflet\'s nine-card deal, and the core\'s refusal of it for three players', async () => {
  const page = await freshPage(DESKTOP);
  await startMatch(page, { game: 'briscola', seed: 3, hand_size: 9, hands: 1, seats: ['human', 'easy'] });
  await playUntil(page, (s) => s.hand.some((h) => h.enabled));
  assert.equal((await screen(page)).hand.length, 9);
  assert.match((await middle(page)).deck, /22 cards in the stock/);
  const counts = await playUntil(page);
  assert.equal(counts.over, 1);
  checkReplay('briscola-nine', await record(page));
  // Nine cards with three players: the settings stay open with the core's reason.
  await page.click('#over-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.select('#set-players', '3');
  await page.select('#set-handsize', '9');
  await page.click('#settings-start');
  await page.waitForFunction(() => document.getElementById('settings-error').textContent !== '');
  assert.match(await page.$eval('#settings-error', (e) => e.textContent), /^These settings cannot be played: /);
  assert.equal(await page.$eval('#dlg-settings', (d) => d.open), true);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('Briscola: undo takes back the last play; pass-and-play hands the device over; watch mode plays alone', async () => {
  const page = await freshPage(DESKTOP);
  await startMatch(page, { game: 'briscola', seed: 13, undo: true, seats: ['human', 'medium'] });
  await playUntil(page, (s) => s.hand.some((h) => h.enabled));
  const before = await screen(page);
  const trickBefore = (await middle(page)).trick;
  assert.equal(await page.$eval('#btn-undo', (b) => b.hidden), true, 'nothing to undo yet');
  await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
  assert.equal(await page.$eval('#btn-undo', (b) => b.hidden), false);
  await page.click('#btn-undo');
  const after = await screen(page);
  assert.deepEqual(after.hand, before.hand);
  assert.deepEqual((await middle(page)).trick, trickBefore);
  assert.ok((await record(page)).script.includes('undo'));

  // Two people at one device: no hand shows while it changes hands.
  await startMatch(page, { game: 'briscola', seed: 4, seats: ['human', 'human'] });
  const shared = await playUntil(page, (s, c) => c.handoff >= 3);
  assert.ok(shared.play >= 2);
  checkReplay('briscola-pass', await record(page));

  // Three computers: a whole match with nobody touching a card.
  await startMatch(page, { game: 'briscola', players: 3, seed: 6, hands: 1, seats: ['easy', 'medium', 'expert'] });
  const watched = await playUntil(page);
  assert.deepEqual([watched.play, watched.over], [0, 1]);
  checkReplay('briscola-watch', await record(page));
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('Briscola in Italian: the stock, the briscola, the points and the hands to win in the session\'s and the page\'s Italian', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { game: 'briscola', seed: 21, seats: ['human', 'expert'], lang: 'it' });
  await playUntil(page, (s, c) => c.play >= 2 && s.hand.some((h) => h.enabled));
  const m = await middle(page);
  assert.match(m.deck, /^Briscola: .+ di .+\d+ carte nel tallone$/);
  assert.match(m.me, /^Tu · \d in mano · \d+ punti$/);
  assert.match(await page.$eval('#score', (e) => e.textContent), /2 mani per vincere/);
  assert.equal(await page.$eval('#last-trick', (b) => b.textContent), 'Ultima presa');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});
