// Issue 25, the browser half: the table as a new player meets it — the welcome and How to
// play, following the game (last plays, the summary alone, the last hand's number, the
// match's recap), settings that explain and ask before losing anything, a layout with no
// text cut at phone widths, and the wasm loaded once and served compressed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  PHONE, finishedPiles, openPage, playUntil, record, screen, settle, start, startMatch, step, toIndex, freshPage as newPage, menu,
} from './lib.mjs';

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

const freshPage = (viewport, opts) => newPage(env, viewport, opts);

const open = (page, id) => page.$eval(`#${id}`, (d) => d.open);

test('a first visit shows the welcome, once; How to play opens from the table, the welcome and Settings', async () => {
  const page = await freshPage(PHONE, { welcome: true });
  assert.equal(await open(page, 'dlg-welcome'), true, 'the welcome on a first visit');
  assert.match(await page.$eval('#welcome-title', (e) => e.textContent), /Welcome/);
  await page.click('#welcome-rules');
  await page.waitForSelector('#dlg-rules[open]');
  await page.click('#rules-close');
  await page.click('#welcome-play');
  await page.waitForSelector('#dlg-welcome:not([open])');
  await page.reload();
  await settle(page);
  assert.equal(await open(page, 'dlg-welcome'), false, 'not on the next visit');

  // From the table: the rules with pictures of positions drawn in code.
  await menu(page, '#btn-rules');
  await page.waitForSelector('#dlg-rules[open]');
  const rules = await page.evaluate(() => ({
    title: document.getElementById('rules-title').textContent,
    sections: document.querySelectorAll('#rules-body .rule').length,
    pictures: document.querySelectorAll('#rules-body .position img').length,
    taken: document.querySelectorAll('#rules-body .taken-mark').length,
  }));
  assert.equal(rules.title, 'How to play');
  assert.ok(rules.sections >= 8 && rules.pictures >= 20 && rules.taken >= 5, JSON.stringify(rules));
  await page.click('#rules-close');
  await page.waitForSelector('#dlg-rules:not([open])');
  // The table goes on: a card can be played.
  assert.ok((await screen(page)).hand.some((h) => h.enabled));

  // From Settings, and in Italian.
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.select('#set-lang', 'it');
  await page.click('#settings-rules');
  await page.waitForSelector('#dlg-rules[open]');
  assert.equal(await page.$eval('#rules-title', (e) => e.textContent), 'Come si gioca');
  await page.click('#rules-close');
  await page.click('#settings-close');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('following the game: last plays, the summary alone, the last hand numbered, the recap', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 4, target: 11 });
  // After the AI's move its last play is at its seat: the card it played and what it took.
  await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
  const rec = await record(page);
  const aiPlays = rec.transcript.filter((l) => l.startsWith('play 1 '));
  assert.ok(aiPlays.length >= 1, 'the AI played');
  const [, , card, ...taken] = aiPlays[aiPlays.length - 1].split(' ');
  const index = (c) => 'dcsb'.indexOf(c.slice(-1)) * 10 + Number(c.slice(0, -1)) - 1;
  const shown = await page.$eval('.seat[data-seat="1"] .last', (e) => ({
    card: e.dataset.card, taken: e.dataset.taken, label: e.getAttribute('aria-label'), visible: e.checkVisibility(),
  }));
  assert.equal(shown.card, String(index(card)));
  assert.equal(shown.taken, taken.map(index).join(' '));
  assert.ok(shown.visible);
  assert.match(shown.label, /^Last play: /);

  // The hand summary alone: none of the next deal's cards is drawn behind it.
  const titles = [];
  await playUntil(page, (s) => s.summary);
  const behind = await page.evaluate(() => [...document.querySelectorAll('#hand .card, #table .card, .seat .backs .cardface')]
    .filter((e) => e.checkVisibility({ visibilityProperty: true })).length);
  assert.equal(behind, 0, 'cards drawn behind the summary');
  titles.push(await page.$eval('#summary-title', (e) => e.textContent));
  // Every later hand's summary under its own number (issue 37, item 4: the last hand's
  // said the one before's).
  for (let i = 0; i < 4000; i++) {
    const s = await screen(page);
    if (s.over) break;
    if (s.summary && i > 0) titles.push(await page.$eval('#summary-title', (e) => e.textContent));
    await step(page, { nth: i * 7, pick: i % 2 });
  }
  // playUntil acknowledged the other summaries; the last one is the match-over screen's.
  const over = await page.evaluate(() => ({
    heads: [...document.querySelectorAll('#over-recap h3')].map((h) => h.textContent),
    recap: [...document.querySelectorAll('#over-recap table.recap tr th[scope=row]')].map((h) => Number(h.textContent)),
  }));
  const n = over.recap.length;
  assert.ok(n >= 2, JSON.stringify(over));
  assert.deepEqual(over.recap, Array.from({ length: n }, (_, i) => i + 1), 'each hand once, numbered from 1');
  assert.equal(over.heads[0], `Hand ${n}`, 'the last hand has its own number');
  assert.deepEqual(titles, Array.from({ length: n }, (_, i) => `Hand ${i + 1}`), 'every summary: Hand 1, 2, …, n');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('settings: Start asks before discarding a match in progress; clearing statistics asks; undo off for pass-and-play', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 5, target: 11 });
  await step(page);
  await settle(page);
  const save = await page.evaluate(() => localStorage.getItem('scopa.v1.save'));
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  // Each option says what it does; a preset shows it is the one chosen.
  const help = await page.$$eval('#settings-body .help', (l) => l.map((e) => e.textContent));
  assert.ok(help.some((h) => /Ace, 2 and 3 of denari/.test(h)) && help.some((h) => /King of denari/.test(h)));
  assert.equal(await page.$eval('[data-preset="solo"]', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.equal(await page.$$eval('legend', (l) => l.filter((e) => e.textContent === 'Players').length), 0, '"Players" once');
  // Start asks first; keeping the match changes nothing.
  await page.click('#settings-start');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-no');
  await page.waitForSelector('#dlg-confirm:not([open])');
  assert.equal(await open(page, 'dlg-settings'), true);
  assert.equal(await page.evaluate(() => localStorage.getItem('scopa.v1.save')), save);
  // Pass-and-play: undo shown off, with why.
  await page.click('[data-preset="pass"]');
  const undo = await page.$eval('#set-undo', (e) => ({ disabled: e.disabled, help: document.getElementById('set-undo-help').textContent }));
  assert.deepEqual(undo, { disabled: true, help: 'Undo works with one person against the computer only.' });
  assert.equal(await page.$eval('[data-preset="pass"]', (b) => b.getAttribute('aria-pressed')), 'true');
  await page.click('#settings-close');

  // Clearing statistics asks first.
  await page.evaluate(() => localStorage.setItem('scopa.v1.stats', JSON.stringify({ rows: { k: { won: 1, lost: 0 } }, recorded: [] })));
  await menu(page, '#btn-stats');
  await page.waitForSelector('#dlg-stats[open]');
  await page.click('#stats-reset');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-no');
  assert.match(await page.evaluate(() => localStorage.getItem('scopa.v1.stats')), /"won":1/);
  await page.click('#stats-reset');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => !/"won":1/.test(localStorage.getItem('scopa.v1.stats')));
  await page.click('#stats-close');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('named players: the people\'s names in the score, the status and the log, kept over a reload; a name too long is refused', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 3, seats: ['human', 'human'], names: ['Anna', 'Bruno'] });
  const texts = () => page.evaluate(() => `${document.getElementById('score').textContent} | ${document.getElementById('status').textContent}`);
  let shown = await texts();
  assert.match(shown, /Anna/);
  assert.match(shown, /Bruno/);
  assert.doesNotMatch(shown, /Player 2/);
  // Names are not in the save: the page keeps them with its preferences.
  assert.doesNotMatch(await page.evaluate(() => localStorage.getItem('scopa.v1.save')), /Anna/);
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('scopa.v1.prefs')).names), ['Anna', 'Bruno']);
  // Play a little: the log names who played.
  for (let i = 0; i < 3; i++) await step(page);
  await settle(page);
  // The hand-off names who takes the device.
  if ((await screen(page)).handoff) {
    assert.match(await page.$eval('#handoff-title', (e) => e.textContent), /^(Anna|Bruno)$/);
    await page.click('#handoff-ready');
    await settle(page);
  }
  await page.click('#btn-log');
  await page.waitForSelector('#dlg-log[open]');
  const log = await page.$eval('#log-list', (d) => d.textContent);
  assert.match(log, /(Anna|Bruno): .* takes /);
  assert.doesNotMatch(log, /Player 2/);
  await page.click('#log-close');
  await page.waitForSelector('#dlg-log:not([open])');
  await page.reload();
  await settle(page);
  shown = await texts();
  assert.match(shown, /Anna/);
  assert.match(shown, /Bruno/);
  // A restored pass-and-play match starts with the hand-off, by name.
  assert.equal((await screen(page)).handoff, true);
  assert.match(await page.$eval('#handoff-title', (e) => e.textContent), /^(Anna|Bruno)$/);
  await page.click('#handoff-ready');
  await settle(page);
  // Twelve letters at most: 7 accented ones are 14 bytes, refused with the seat named.
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.$eval('#set-name-1', (e) => { e.value = 'ÀÀÀÀÀÀÀ'; });
  await page.click('#settings-start');
  await page.waitForFunction(() => !document.getElementById('dlg-settings').open || document.getElementById('dlg-confirm').open);
  if (await open(page, 'dlg-confirm')) await page.click('#confirm-yes');
  await page.waitForFunction(() => document.getElementById('settings-error').textContent !== '');
  assert.match(await page.$eval('#settings-error', (e) => e.textContent), /seat 2 is 14 bytes long/);
  assert.equal(await open(page, 'dlg-settings'), true);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

// Every text box on screen whose text is wider than the box (cut or ellipsised).
const clipped = (page) => page.evaluate(() => [...document.querySelectorAll(
  '.seat .name, .seat .counts, #me-info, #score .side, #score .target, #status, .deck span, button, label, legend, .help, summary, h2, .trick-card figcaption',
)].filter((e) => e.checkVisibility() && e.scrollWidth > e.clientWidth + 1)
  .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}: ${e.textContent} (${e.scrollWidth} > ${e.clientWidth})`));

test('layout at 360 px: no text cut for 2, 3 and 4 players, in the table and Settings; big enough cards at 390 px', async () => {
  const page = await freshPage(PHONE);
  for (const [players, deal, seats] of [[2, 'standard', ['human', 'expert']], [3, 'standard', ['human', 'expert', 'medium']],
    [4, 'scopone', ['human', 'expert', 'medium', 'easy']]]) {
    await startMatch(page, { players, deal, seed: 9, seats });
    await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
    assert.deepEqual(await clipped(page), [], `${players} players: table`);
    await menu(page, '#btn-settings');
    await page.waitForSelector('#dlg-settings[open]');
    await page.$eval('#set-replay', (e) => { e.open = true; });
    assert.deepEqual(await clipped(page), [], `${players} players: settings`);
    await page.click('#settings-close');
  }
  // Briscola's table (the trick with who played each card, the stock and the briscola, the
  // points beside each seat) and its Settings, for 2, 3 and 4 players.
  for (const [players, seats] of [[2, ['human', 'expert']], [3, ['human', 'expert', 'medium']], [4, ['human', 'expert', 'medium', 'easy']]]) {
    await startMatch(page, { game: 'briscola', players, seed: 9, seats });
    await playUntil(page, (s) => s.table.length >= 1 && s.hand.some((h) => h.enabled));
    assert.ok(await page.$$eval('#table .trick-card', (l) => l.length) >= 1, `${players} players: a card in the trick`);
    assert.deepEqual(await clipped(page), [], `${players} players: Briscola's table`);
    await menu(page, '#btn-settings');
    await page.waitForSelector('#dlg-settings[open]');
    assert.deepEqual(await clipped(page), [], `${players} players: Briscola's settings`);
    await page.click('#settings-close');
  }
  // Scopone scientifico deals the whole deck: no deck is drawn.
  await startMatch(page, { players: 4, deal: 'scopone_scientifico', seed: 9, seats: ['human', 'expert', 'medium', 'easy'] });
  assert.equal(await page.$eval('#deck', (e) => e.checkVisibility()), false);

  // Hand cards at least a quarter of a 390 px screen; the first card after a reload has
  // no focus ring (it would read as the hint's).
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await startMatch(page, { seed: 9 });
  await playUntil(page, (s) => s.hand.some((h) => h.enabled));
  const width = await page.$eval('#hand .card', (b) => b.getBoundingClientRect().width);
  assert.ok(width >= 390 * 0.25, `hand card ${width} px wide`);
  await page.reload();
  await settle(page);
  const ring = await page.evaluate(() => ({
    focused: document.activeElement?.classList.contains('card'),
    visible: document.querySelectorAll('#hand .card:focus-visible').length,
  }));
  assert.deepEqual(ring, { focused: true, visible: 0 });
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

// Every text box of a dialog whose text is wider than its box.
const clippedIn = (page, dialog) => page.$$eval(`${dialog} :is(h2, h3, h4, li, th, td, button, .what)`, (els) => els
  .filter((e) => e.checkVisibility() && e.scrollWidth > e.clientWidth + 1)
  .map((e) => `${e.tagName.toLowerCase()}: ${e.textContent} (${e.scrollWidth} > ${e.clientWidth})`));

// The cards each side has taken this hand, worked out from a transcript's lines since the
// hand's "hand" line: every "play SEAT CARD TAKEN…" that takes adds the card and what it took.
function pilesFromTranscript(lines, sides) {
  const start = lines.findLastIndex((l) => l.startsWith('hand '));
  const piles = Array.from({ length: sides }, () => []);
  for (const l of lines.slice(start)) {
    const [kind, seat, card, ...taken] = l.split(' ');
    if (kind === 'play' && taken.length > 0) piles[Number(seat) % sides].push(card, ...taken);
  }
  return { piles, lines: lines.slice(start) };
}

test('this hand: a scrollable log of every event of the hand, kept over a reload; each side\'s taken cards, named', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 9, seats: ['human', 'expert'] });
  assert.equal(await page.$eval('#btn-log', (b) => b.textContent), 'This hand');
  // Well into the first hand (at least 14 plays, with captures on both sides).
  await playUntil(page, (s, c) => c.play >= 7 && s.hand.some((h) => h.enabled));
  const read = async () => {
    await page.click('#btn-log');
    await page.waitForSelector('#dlg-log[open]');
    const out = await page.evaluate(() => {
      const list = document.getElementById('log-list');
      return {
        title: document.getElementById('log-title').textContent,
        lines: [...list.querySelectorAll('li')].map((li) => li.textContent),
        overflow: getComputedStyle(list).overflowY,
        scrolls: list.scrollHeight > list.clientHeight,
        atEnd: list.scrollTop + list.clientHeight >= list.scrollHeight - 2,
        piles: [...document.querySelectorAll('#log-taken .pile')].map((p) => ({
          head: p.querySelector('h4').textContent,
          cards: [...p.querySelectorAll('[data-card]')].map((c) => Number(c.dataset.card)),
          alts: [...p.querySelectorAll('img')].map((i) => i.alt),
        })),
        counts: [...document.querySelectorAll('.seat .counts, #me-info')].map((e) => e.textContent),
      };
    });
    await page.click('#log-close');
    await page.waitForSelector('#dlg-log:not([open])');
    return out;
  };
  // At 360 px no text of the dialog is cut.
  await page.click('#btn-log');
  await page.waitForSelector('#dlg-log[open]');
  assert.deepEqual(await clippedIn(page, '#dlg-log'), [], 'This hand at 360 px');
  await page.click('#log-close');
  await page.waitForSelector('#dlg-log:not([open])');
  const log = await read();
  const expected = pilesFromTranscript((await record(page)).transcript, 2);
  assert.match(log.title, /^This hand \(Hand 1\)$/);
  // One line per event of the hand, its deal first, the newest last and in view.
  assert.equal(log.lines.length, expected.lines.length, JSON.stringify({ lines: log.lines, transcript: expected.lines }));
  assert.match(log.lines[0], /^Hand 1/);
  assert.equal(log.overflow, 'auto');
  assert.equal(log.scrolls, true, 'the log is longer than its box at 360×640: it scrolls');
  assert.equal(log.atEnd, true, 'opened at its newest line');
  // Each side's pile: exactly the cards the transcript says it took, each named.
  assert.equal(log.piles.length, 2);
  for (const [side, pile] of log.piles.entries()) {
    assert.deepEqual([...pile.cards].sort((a, b) => a - b), expected.piles[side].map(toIndex).sort((a, b) => a - b), `side ${side}`);
    assert.ok(pile.head.includes(`${pile.cards.length} taken`), pile.head);
    for (const alt of pile.alts) assert.match(alt, /^(Ace|[2-7]|Jack|Knave|Knight|King|Fante|Cavallo|Re|\S+) of (denari|coppe|spade|bastoni)$/, alt);
  }
  assert.ok(log.piles.every((p) => p.cards.length > 0), 'both sides have taken cards by now');

  // A reload keeps the hand's log.
  await page.reload();
  await settle(page);
  assert.deepEqual((await read()).lines, log.lines);

  // The next hand starts a new log.
  await playUntil(page, (s) => s.summary);
  await step(page);
  await playUntil(page, (s) => s.hand.some((h) => h.enabled));
  const next = await read();
  assert.match(next.title, /\(Hand 2\)$/);
  assert.match(next.lines[0], /^Hand 2/);
  assert.ok(next.lines.length < log.lines.length, JSON.stringify(next.lines));
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('this hand while AIs play: the open log grows with each play and closes when the hand\'s summary comes', async () => {
  const page = await freshPage(PHONE);
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.click('[data-preset="watch"]');
  await page.select('#set-pace', 'fast');
  await page.click('#settings-start');
  await page.waitForFunction(() => !document.getElementById('dlg-settings').open || document.getElementById('dlg-confirm').open);
  if (await open(page, 'dlg-confirm')) await page.click('#confirm-yes');
  await page.waitForSelector('#dlg-settings:not([open])');
  await page.click('#btn-log');
  await page.waitForSelector('#dlg-log[open]');
  const count = () => page.$$eval('#log-list li:not(.none)', (l) => l.length);
  const first = await count();
  await page.waitForFunction((n) => document.querySelectorAll('#log-list li:not(.none)').length > n, { timeout: 30000 }, first);
  // The summary stands alone: the log (with the next deal's table in it) is closed under it.
  await page.waitForFunction(() => document.getElementById('dlg-summary').open, { timeout: 60000, polling: 20 });
  assert.equal(await open(page, 'dlg-log'), false);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('the hand summary shows the cards behind the points: each side\'s denari and primiera, as the tallies count them', async () => {
  const PRIMIERA = [16, 12, 13, 14, 15, 18, 21, 10, 10, 10];
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 4 });
  await playUntil(page, (s) => s.summary);
  const sum = await page.evaluate(() => ({
    rows: [...document.querySelectorAll('#summary-body table.summary tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
    sides: [...document.querySelectorAll('#summary-body .behind-side')].map((s) => ({
      denari: [...s.querySelectorAll('[data-row=denari] [data-card]')].map((c) => Number(c.dataset.card)),
      primiera: [...s.querySelectorAll('[data-row=primiera] [data-card]')].map((c) => Number(c.dataset.card)),
      alts: [...s.querySelectorAll('img')].map((i) => i.alt),
    })),
  }));
  assert.deepEqual(await clippedIn(page, '#dlg-summary'), [], 'the summary at 360 px');
  const tally = (label, side) => {
    const row = sum.rows.find((r) => r[0].startsWith(label));
    const m = /\((\d+)\)/.exec(row[side + 1]);
    return m ? Number(m[1]) : null;
  };
  const piles = finishedPiles((await record(page)).transcript, 2).map((p) => p.map(toIndex));
  assert.equal(sum.sides.length, 2);
  for (const [side, s] of sum.sides.entries()) {
    // Its denari: every denaro of its pile, as many as the Denari row counts.
    assert.deepEqual([...s.denari].sort((a, b) => a - b), piles[side].filter((c) => c < 10).sort((a, b) => a - b), `side ${side} denari`);
    assert.equal(s.denari.length, tally('Denari', side), `side ${side}: the Denari row's count`);
    // Its primiera (classic): one card of each suit from its pile, worth the Primiera row's value.
    assert.ok(s.primiera.every((c) => piles[side].includes(c)), `side ${side}: primiera cards from the pile`);
    assert.equal(new Set(s.primiera.map((c) => Math.floor(c / 10))).size, s.primiera.length, 'one card per suit');
    if (s.primiera.length === 4) {
      assert.equal(s.primiera.reduce((n, c) => n + PRIMIERA[c % 10], 0), tally('Primiera', side), `side ${side}: primiera value`);
    }
    for (const alt of s.alts) assert.match(alt, / of (denari|coppe|spade|bastoni)$/, alt);
  }
  assert.ok(sum.sides.some((s) => s.primiera.length === 4), 'a full primiera in this deal');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

// A phone held sideways (844×390): the hand's cards at least a quarter of the screen's
// height wide (the portrait rule's quarter, taken of the short side; 120 px here, against
// 49 px with the portrait layout), each card whole on screen, the table's cards at least
// 15 % of the height, nothing scrolls and no text is cut; with Scopone's 10 cards the hand's
// cards are still 15 % of the height.
const LANDSCAPE = { width: 844, height: 390, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
test('landscape at 844×390: hand cards a quarter of the height wide, whole, no scrolling, no text cut', async () => {
  const page = await freshPage(LANDSCAPE);
  for (const [opts, min] of [[{ seed: 9 }, 0.25], [{ players: 4, deal: 'scopone', seed: 9, seats: ['human', 'expert', 'medium', 'easy'] }, 0.15]]) {
    await startMatch(page, opts);
    await playUntil(page, (s, c) => c.play >= 1 && s.table.length > 0 && s.hand.some((h) => h.enabled));
    const m = await page.evaluate(() => {
      const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => {
        const { top, bottom, left, right, width } = e.getBoundingClientRect();
        return { top, bottom, left, right, width };
      });
      return {
        hand: boxes('#hand .card'), table: boxes('#table .card'), h: window.innerHeight, w: window.innerWidth,
        scroll: document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth,
      };
    });
    const label = `${opts.players || 2} players`;
    assert.ok(m.hand.length > 0 && m.table.length > 0, label);
    for (const b of m.hand) {
      assert.ok(b.width >= m.h * min, `${label}: hand card ${b.width} px wide`);
      assert.ok(b.top >= 0 && b.bottom <= m.h && b.left >= 0 && b.right <= m.w, `${label}: hand card off screen ${JSON.stringify(b)}`);
    }
    for (const b of m.table) assert.ok(b.width >= m.h * 0.15, `${label}: table card ${b.width} px wide`);
    assert.equal(m.scroll, false, `${label}: scrolls`);
    assert.deepEqual(await clipped(page), [], `${label}: text cut`);
  }
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

// Issue 37, item 6: each file of the app is asked for once over a first visit (page,
// worker, the service worker's install, an AI move): the install takes the page's copies
// from the HTTP cache (not even a 304), and the worker starts under the service worker.
test('loading: each file fetched once (page, worker, service worker), gzip-compressed with an ETag; the loading note moves nothing', async (t) => {
  const { serve } = await import('../web/tools/serve.mjs');
  const { DIST } = await import('./lib.mjs');
  const log = [];
  const server = await serve(DIST, 0, { onRequest: (r) => log.push(r) });
  // Closed whatever happens (an open server would keep the test file from ending).
  t.after(() => new Promise((r) => server.close(r)));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const ctx = await env.browser.createBrowserContext();
  const page = await openPage({ browser: ctx }, PHONE);
  await page.goto(url);
  await settle(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The AI's worker has played (an AI move of a match against it).
  await startMatch(page, { seed: 4, seats: ['expert', 'human'] });
  await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
  const wasm = log.filter((r) => r.path.endsWith('.wasm'));
  assert.equal(wasm.filter((r) => r.status === 200).length, 1, JSON.stringify(wasm));
  assert.equal(wasm.find((r) => r.status === 200).encoding, 'gzip');
  const asked = new Map();
  for (const r of log) asked.set(r.path, [...(asked.get(r.path) ?? []), r.status]);
  // But the page itself: the document a browser-started navigation loaded is kept apart in
  // Chromium's HTTP cache, so the install fetches it again (5 KB, 2 KB gzipped).
  // A second request answered 304 (Chromium revalidating the page's icon for its favicon
  // service, some runs and not others) carries no body: what counts is a file downloaded
  // (200) twice.
  const twice = [...asked]
    .filter(([p, st]) => st.filter((s) => s === 200).length > 1 && p !== '/index.html')
    .map(([p, st]) => `${p}: ${st.join(' ')}`);
  assert.deepEqual(twice, [], 'downloaded more than once');
  // Every file of the build is in the service worker's store (offline works).
  const stored = await page.evaluate(async () => {
    const keys = await caches.keys();
    const c = await caches.open(keys.find((k) => k.startsWith('scopa-')));
    return (await c.keys()).length;
  });
  assert.ok(stored >= 15, `${stored} files stored`);

  // As a real server: a validator, and 304 without a body when it matches.
  const first = await fetch(`${url}pkg/scopa_web_bg.wasm`, { headers: { 'accept-encoding': 'gzip' } });
  const etag = first.headers.get('etag');
  assert.match(etag, /^W\/"[0-9a-f]{32}"$/);
  assert.equal(first.headers.get('content-encoding'), 'gzip');
  const again = await fetch(`${url}pkg/scopa_web_bg.wasm`, { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
  assert.equal((await again.arrayBuffer()).byteLength, 0);

  // The loading note is laid over the page: putting it back moves nothing.
  const rects = () => page.evaluate(() => ['.bar', '#opponents', '#middle', '#me'].map((q) => {
    const r = document.querySelector(q).getBoundingClientRect();
    return [r.left, r.top, r.width, r.height];
  }));
  const ready = await rects();
  await page.evaluate(() => document.getElementById('app').classList.add('loading'));
  assert.equal(await page.$eval('#loading', (e) => e.checkVisibility()), true);
  assert.deepEqual(await rects(), ready);
  await page.evaluate(() => document.getElementById('app').classList.remove('loading'));
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a highlighted table card keeps its whole ring inside the table (nothing clips it)', async () => {
  const page = await freshPage(PHONE);
  await startMatch(page, { seed: 9 });
  await playUntil(page, (s) => s.hand.some((h) => h.enabled) && s.table.length >= 3);
  const cut = await page.evaluate(() => {
    const table = document.getElementById('table').getBoundingClientRect();
    return [...document.querySelectorAll('#table .card')].flatMap((b) => {
      b.classList.add('hinted');
      const r = b.getBoundingClientRect();
      b.classList.remove('hinted');
      const ring = 4; // the hint's ring: box-shadow 0 0 0 4px
      const inside = r.left - ring >= table.left && r.right + ring <= table.right && r.top - ring >= table.top && r.bottom + ring <= table.bottom;
      return inside ? [] : [`${b.dataset.card}: ${JSON.stringify(r)} in ${JSON.stringify(table)}`];
    });
  });
  assert.deepEqual(cut, []);
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('watch mode: pause holds the AIs, resume goes on, the speed is at hand; sound is off unless turned on, then heard for plays, captures and the match\'s end', async () => {
  let page = await freshPage(PHONE);
  // Started by hand: `startMatch` waits until nothing runs, i.e. a watched match's end.
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.click('[data-preset="watch"]');
  await page.select('#set-pace', 'slow');
  await page.click('#settings-start');
  // The first visit's match may have begun (its AI playing first): the page asks.
  await page.waitForFunction(() => !document.getElementById('dlg-settings').open || document.getElementById('dlg-confirm').open);
  if (await open(page, 'dlg-confirm')) await page.click('#confirm-yes');
  await page.waitForSelector('#dlg-settings:not([open])');
  await page.waitForFunction(() => !document.getElementById('btn-pause').hidden);
  const lines = async () => (await record(page)).transcript.length;
  assert.equal(await page.$eval('#btn-pause', (b) => b.hidden), false);
  assert.equal(await page.$eval('#watch-speed', (s) => s.hidden), false);
  await page.click('#btn-pause');
  await settle(page);
  const held = await lines();
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await lines(), held, 'nothing is played while paused');
  assert.equal(await page.$eval('#btn-pause', (b) => b.getAttribute('aria-pressed')), 'true');
  await page.click('#btn-pause');
  await page.waitForFunction((n) => window.__scopa.record.transcript.length > n, {}, held);
  await page.select('#watch-speed', 'instant');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('scopa.v1.prefs'))).pace, 'instant');
  assert.equal(await page.evaluate(() => window.__scopa.sounds()), 0, 'silent by default');

  assert.deepEqual(page.errors, []);
  await page.browserContext().close();

  // Sound on: a person's play and the AI's answer are heard.
  page = await freshPage(PHONE);
  await startMatch(page, { seed: 4 });
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.click('#set-sound');
  await page.click('#settings-close');
  await playUntil(page, (s, c) => c.play >= 2);
  assert.ok(await page.evaluate(() => window.__scopa.sounds()) >= 2);
  assert.equal(await page.$eval('#btn-pause', (b) => b.hidden), true, 'no pause with a person at the table');
  // Each kind of moment has its sound: a card laid, a capture, and the end of the match
  // (once, as its last sound).
  await playUntil(page, (s) => s.over);
  const heard = await page.evaluate(() => window.__scopa.heard());
  assert.ok(heard.includes('play') && heard.includes('capture'), heard.join(' '));
  assert.equal(heard.filter((k) => k === 'match_end').length, 1, heard.join(' '));
  assert.equal(heard.at(-1), 'match_end');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});
