// The page: a renderer of the session. It draws the session's view (phase, table state and
// texts, from the wasm `WebSession`), turns taps and keys into session actions, chooses pauses and
// animations, and stores the session's bytes after every action. It decides no rule, score,
// seed or turn, and writes no game text of its own.

import init, { WebSession, labels, langFromTag, statsLabel } from './pkg/scopa_web.js';
import { backSvg, cardSvg } from './cards.js';
import { getLang, setLang, t } from './i18n.js';
import * as store from './storage.js';

const $ = (id) => document.getElementById(id);
const LEVELS = ['random', 'easy', 'medium', 'expert', 'handheld'];
// AI pause before a play, and the time of one card's flight, in ms.
const PACE = { slow: [1300, 460], normal: [700, 300], fast: [250, 150], instant: [0, 0] };
const DEFAULT_SETTINGS = {
  players: 2, deal: 'standard', target: 11, primiera: 'classic', ace: 'none',
  napola: false, re_bello: false, kings_redeal: true, seats: ['human', 'expert'], undo: false,
};

let prefs = { deck: 'italian', pace: 'normal', lang: null, settings: DEFAULT_SETTINGS };
let session = null;
let token = 0; // bumped when the session is replaced: late AI replies and animations are dropped
let busy = false;
let bottom = 0;
let worker = null;
const workerCalls = new Map();
let nextCall = 1;
let optionFocus = -1;
// What the page did since it loaded, for the tests' cross-check with a native replay.
const record = { seed: null, script: [], transcript: [] };

// ----- helpers ----------------------------------------------------------------------------

const errText = (e) => (e && e.message ? e.message : String(e));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const flightMs = () => (reducedMotion() ? 0 : PACE[prefs.pace][1]);
const anyDialogOpen = () => Boolean(document.querySelector('dialog[open]'));

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// Cards are images made from the SVG drawn in code (alt="": the button carries the name).
const images = new Map();
function image(key, svg) {
  if (!images.has(key)) images.set(key, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg())}`);
  return el('span', { class: 'cardface' }, el('img', { src: images.get(key), alt: '', draggable: 'false' }));
}
const face = (index) => image(`${prefs.deck}-${index}`, () => cardSvg(index, prefs.deck));
const back = () => image('back', backSvg);
const setStatus = (text) => {
  $('status').textContent = text;
};
const savePrefs = () => store.writePrefs(prefs);

function useLang(code) {
  prefs.lang = code === 'it' ? 'it' : 'en';
  setLang(prefs.lang, labels(prefs.lang));
  if (session) {
    session.setLang(prefs.lang);
    save();
  }
}

// ----- the session ------------------------------------------------------------------------

function randomSeed() {
  const w = new Uint32Array(2);
  crypto.getRandomValues(w);
  return (BigInt(w[0] & 0x1fffff) << 32n) | BigInt(w[1]);
}

// Replaces the session; returns an error text if the settings are refused.
function newGame(settings, seedText) {
  let seed;
  try {
    seed = seedText && seedText.trim() !== '' ? BigInt(seedText.trim()) : randomSeed();
    if (seed < 0n || seed >= 1n << 64n) throw new Error('0 … 18446744073709551615');
  } catch (e) {
    return `${t('seed')}: ${errText(e)}`;
  }
  let g;
  try {
    g = new WebSession({ ...settings, lang: getLang() }, seed);
  } catch (e) {
    return errText(e);
  }
  if (session) session.free();
  session = g;
  token += 1;
  busy = false;
  record.seed = String(seed);
  record.script = [];
  record.transcript = session.transcriptStart();
  prefs.settings = settings;
  savePrefs();
  save();
  return null;
}

function save() {
  store.writeSave(session.toBytes());
}

// Applies an action, saves the session, and returns its events.
function act(action) {
  const out = session.apply(action);
  save();
  record.script.push(out.script);
  for (const e of out.events) record.transcript.push(...e.line.split('\n'));
  return out.events;
}

// ----- the AI in a Web Worker -------------------------------------------------------------

function startWorker() {
  try {
    worker = new Worker('./ai-worker.js', { type: 'module' });
    worker.onmessage = (e) => {
      const call = workerCalls.get(e.data.id);
      if (!call) return;
      workerCalls.delete(e.data.id);
      if (e.data.error) call.reject(new Error(e.data.error));
      else call.resolve(e.data.move);
    };
    worker.onerror = () => {
      for (const call of workerCalls.values()) call.reject(new Error('the AI worker stopped'));
      workerCalls.clear();
      worker = null;
    };
  } catch {
    worker = null;
  }
}

// The AI's move computed from the session's bytes in the worker (`null` without one).
function workerMove(bytes) {
  if (!worker) return Promise.resolve(null);
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    workerCalls.set(id, { resolve, reject });
    worker.postMessage({ id, bytes });
  });
}

async function runAi() {
  const mine = token;
  busy = true;
  const before = session.view();
  setStatus(before.status);
  const started = performance.now();
  const mv = await workerMove(session.toBytes()).catch(() => null);
  if (mine !== token) return;
  const wait = PACE[prefs.pace][0] - (performance.now() - started);
  if (wait > 0) await sleep(wait);
  if (mine !== token) return;
  // Without a worker's move (none, failed, or refused by the session) the session computes
  // the move here.
  const events = (mv && tryAct({ kind: 'ai_play', card: mv.card, capture: mv.capture })) || act({ kind: 'run_ai' });
  await animate(events, before);
  if (mine !== token) return;
  busy = false;
  advance();
}

// ----- animation --------------------------------------------------------------------------

const rectOf = (node) => (node ? node.getBoundingClientRect() : null);
const seatNode = (seat) => document.querySelector(`.seat[data-seat="${seat}"] .backs`);
const tableCard = (index) => document.querySelector(`#table [data-card="${index}"]`);
const handCard = (index) => document.querySelector(`#hand [data-card="${index}"]`);

async function fly(nodes, toRect, ms) {
  if (ms <= 0 || !toRect) return;
  const layer = $('fly');
  await Promise.all(nodes.map(({ index, from }) => {
    if (!from) return null;
    const node = face(index);
    Object.assign(node.style, {
      left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px`,
    });
    layer.append(node);
    const dx = toRect.left + toRect.width / 2 - (from.left + from.width / 2);
    const dy = toRect.top + toRect.height / 2 - (from.top + from.height / 2);
    const scale = Math.max(0.3, Math.min(3, (Math.min(toRect.height, 160) * 0.9) / from.height));
    return node.animate(
      [{ transform: 'none' }, { transform: `translate(${dx}px, ${dy}px) scale(${scale})` }],
      { duration: ms, easing: 'ease-in-out', fill: 'forwards' },
    ).finished.then(() => node.remove(), () => node.remove());
  }));
}

function pileRect(view, side) {
  if (view.seats[bottom].side === side) return rectOf($('me-info'));
  const seat = view.seats.findIndex((s, i) => i !== bottom && s.side === side);
  return seat >= 0 ? rectOf(seatNode(seat)) : null;
}

function centred(area, like) {
  if (!area || !like) return null;
  return {
    left: area.left + area.width / 2 - like.width / 2, top: area.top + area.height / 2 - like.height / 2,
    width: like.width, height: like.height,
  };
}

async function banner(text, ms) {
  const b = $('banner');
  if (ms <= 0) return;
  b.textContent = text;
  await b.animate(
    [{ opacity: 0, transform: 'scale(0.5)' }, { opacity: 1, transform: 'scale(1.15)', offset: 0.3 },
      { opacity: 1, transform: 'scale(1)', offset: 0.75 }, { opacity: 0, transform: 'scale(1)' }],
    { duration: ms * 3, easing: 'ease-out' },
  ).finished.catch(() => {});
  b.textContent = '';
}

// Animates the events of one play over the page as it was drawn before it (`view`).
async function animate(events, view) {
  const ms = flightMs();
  for (const e of events) {
    if (e.kind === 'played') {
      setStatus(e.text);
      const source = rectOf(handCard(e.card) || seatNode(e.seat));
      const table = rectOf($('table'));
      await fly([{ index: e.card, from: source }], table, ms);
      if (e.cards.length > 0) {
        const nodes = e.cards.map((c) => ({ index: c, from: rectOf(tableCard(c)) }));
        for (const c of e.cards) {
          const n = tableCard(c);
          if (n) n.style.visibility = 'hidden';
        }
        nodes.push({ index: e.card, from: centred(table, source) });
        await fly(nodes, pileRect(view, view.seats[e.seat].side), ms);
      }
    } else if (e.kind === 'collected') {
      setStatus(e.text);
      await fly(e.cards.map((c) => ({ index: c, from: rectOf(tableCard(c)) })), pileRect(view, e.side), ms);
    } else if (e.kind === 'dealt' || e.kind === 'scopa') {
      setStatus(e.text);
    }
  }
}

// ----- drawing ----------------------------------------------------------------------------

function countsText(view, seat) {
  const side = view.sides[view.seats[seat].side];
  let s = `${t('handCount', { n: view.seats[seat].hand_size })} · ${t('pile', { n: side.pile })}`;
  if (side.scope > 0) s += ` · ${t('scope', { n: side.scope })}`;
  return s;
}

function drawOpponents(view) {
  const box = $('opponents');
  box.replaceChildren();
  const n = view.seats.length;
  const ph = view.phase;
  for (let k = n - 1; k >= 1; k--) {
    const seat = (bottom + k) % n;
    const info = view.seats[seat];
    const partner = n === 4 && k === 2 ? ` · ${t('partner')}` : '';
    const backs = el('div', { class: 'backs' });
    for (let i = 0; i < info.hand_size; i++) backs.append(back());
    const turn = ph.seat === seat && ['ai_due', 'play', 'choose_capture', 'hand_off'].includes(ph.kind);
    box.append(el('div', { class: `seat${turn ? ' turn' : ''}`, 'data-seat': seat },
      el('span', { class: 'name' }, `${info.name}${partner}`),
      el('span', { class: 'counts' }, info.controller),
      backs,
      el('span', { class: 'counts' }, countsText(view, seat))));
  }
}

function drawTable(view) {
  const ph = view.phase;
  const table = $('table');
  table.setAttribute('aria-label', t('Table'));
  table.replaceChildren();
  const left = t('cardsLeft', { n: view.deck_left });
  $('deck').replaceChildren(back(), el('span', {}, left));
  $('deck').setAttribute('aria-label', `${t('Deck')}: ${left}`);
  if (view.table.length === 0) {
    table.append(el('p', { class: 'empty' }, t('emptyTable')));
    return;
  }
  const choosing = ph.kind === 'choose_capture';
  for (const { card, name } of view.table) {
    const inOption = choosing && ph.options.some((o) => o.cards.includes(card));
    const b = el('button', {
      type: 'button', class: `card${inOption ? ' option' : ''}`, 'data-card': card, 'aria-label': name,
      disabled: !inOption, onclick: () => chooseFromTable(card),
    }, face(card));
    if (inOption && optionFocus >= 0 && ph.options[optionFocus]?.cards.includes(card)) b.classList.add('focus');
    table.append(b);
  }
}

function drawChoice(view) {
  const ph = view.phase;
  const box = $('choice');
  box.replaceChildren();
  box.hidden = ph.kind !== 'choose_capture';
  if (box.hidden) return;
  box.append(el('span', {}, `${t('ChooseCapture')}:`));
  ph.options.forEach((opt, i) => {
    const show = () => {
      optionFocus = i;
      highlightOption(ph);
    };
    box.append(el('button', {
      type: 'button', 'data-option': i, 'data-cards': opt.cards.join(' '),
      onclick: () => takeCapture(i), onfocus: show, onmouseenter: show,
    }, opt.text));
  });
  box.append(el('button', { type: 'button', id: 'choice-cancel', onclick: cancelCapture }, t('Cancel')));
}

function highlightOption(ph) {
  for (const b of document.querySelectorAll('#table .card')) {
    b.classList.toggle('focus', optionFocus >= 0 && ph.options[optionFocus].cards.includes(Number(b.dataset.card)));
  }
}

function drawHand(view) {
  const ph = view.phase;
  const hand = $('hand');
  hand.replaceChildren();
  hand.setAttribute('aria-label', t('YourHand'));
  const shown = view.viewer !== null && view.viewer !== undefined;
  const myTurn = shown && ph.seat === view.viewer && (ph.kind === 'play' || ph.kind === 'choose_capture');
  const info = $('me-info');
  info.className = `me-info${myTurn ? ' turn' : ''}`;
  info.textContent = `${view.seats[bottom].name} · ${countsText(view, bottom)}`;
  if (!shown) {
    for (let i = 0; i < view.seats[bottom].hand_size; i++) hand.append(el('span', { class: 'card' }, back()));
    return;
  }
  hand.classList.toggle('many', view.hand.length > 6);
  const canPlay = ph.kind === 'play' && !busy;
  view.hand.forEach(({ card, name }, i) => {
    const selected = ph.kind === 'choose_capture' && ph.card === card;
    const b = el('button', {
      type: 'button', class: `card${selected ? ' selected' : ''}`, 'data-card': card, 'aria-label': name,
      disabled: !canPlay && !selected, tabindex: i === 0 ? '0' : '-1',
      onclick: () => {
        if (dragged) dragged = false;
        else if (selected) cancelCapture();
        else selectCard(card);
      },
      onpointerdown: (e) => canPlay && startDrag(e, card),
      onpointermove: moveDrag,
      onpointerup: endDrag,
      onpointercancel: endDrag,
    }, face(card));
    hand.append(b);
  });
}

// Drag a card of the hand onto the table to play it (a tap does the same).
let drag = null;
let dragged = false; // a drag just ended: the click that follows it is not a tap

function startDrag(e, card) {
  if (busy || e.button !== 0) return;
  drag = { card, btn: e.currentTarget, x: e.clientX, y: e.clientY, id: e.pointerId, node: null };
  drag.btn.setPointerCapture(e.pointerId);
}

function moveDrag(e) {
  if (!drag || e.pointerId !== drag.id) return;
  const dx = e.clientX - drag.x;
  const dy = e.clientY - drag.y;
  if (!drag.node) {
    if (Math.hypot(dx, dy) < 12) return;
    const r = drag.btn.getBoundingClientRect();
    drag.node = face(drag.card);
    Object.assign(drag.node.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    $('fly').append(drag.node);
    drag.btn.style.visibility = 'hidden';
  }
  drag.node.style.transform = `translate(${dx}px, ${dy}px)`;
}

function endDrag(e) {
  if (!drag || e.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (!d.node) return; // not moved: a tap, the click plays
  dragged = true;
  d.node.remove();
  d.btn.style.visibility = '';
  const zone = $('middle').getBoundingClientRect();
  const inside = e.type === 'pointerup' && e.clientX >= zone.left && e.clientX <= zone.right &&
    e.clientY >= zone.top && e.clientY <= zone.bottom;
  if (inside) selectCard(d.card);
  setTimeout(() => {
    dragged = false;
  }, 0);
}

function draw() {
  const view = session.view();
  const ph = view.phase;
  if (view.viewer !== null && view.viewer !== undefined) bottom = view.viewer;
  else if (ph.kind === 'hand_off') bottom = ph.seat;
  else if (bottom >= view.seats.length) bottom = 0;
  if (ph.kind !== 'choose_capture') optionFocus = -1;
  $('score').textContent = `${view.scores} · ${t('toWin', { n: view.target })}`;
  drawOpponents(view);
  drawTable(view);
  drawChoice(view);
  drawHand(view);
  $('btn-hint').disabled = busy || !(ph.kind === 'play' || ph.kind === 'choose_capture');
  $('btn-undo').hidden = !view.can_undo;
  $('btn-undo').disabled = busy;
  return view;
}

// ----- the flow: the session's phase says what comes next ---------------------------------

function closeGameDialogs() {
  for (const id of ['dlg-summary', 'dlg-over', 'dlg-handoff']) if ($(id).open) $(id).close();
}

function advance() {
  if (busy) {
    draw();
    return;
  }
  closeGameDialogs();
  const view = draw();
  const ph = view.phase;
  if (ph.kind !== 'ai_due' && ph.kind !== 'scopa') setStatus(view.status);
  switch (ph.kind) {
    case 'ai_due':
      runAi();
      break;
    case 'scopa':
      showScopa(view);
      break;
    case 'hand_summary':
      showSummary(view);
      break;
    case 'match_over':
      if (view.you_won !== null && view.you_won !== undefined) {
        store.recordResult(store.toBase64(session.toBytes()), view.settings_line, view.you_won);
      }
      showOver(view);
      break;
    case 'hand_off':
      showHandOff(view);
      break;
    case 'play':
      if (!anyDialogOpen()) document.querySelector('#hand .card:not(:disabled)')?.focus({ preventScroll: true });
      break;
    case 'choose_capture':
      document.querySelector('#choice button')?.focus({ preventScroll: true });
      break;
    default:
      break;
  }
}

// A sweep: the banner for as long as the pace says, then on.
async function showScopa(view) {
  const mine = token;
  busy = true;
  setStatus(view.status);
  await banner(t('Scopa'), flightMs());
  if (mine !== token) return;
  act({ kind: 'continue' });
  busy = false;
  advance();
}

async function playEvents(events, before) {
  if (events.length === 0) {
    advance();
    return;
  }
  const mine = token;
  busy = true;
  draw();
  await animate(events, before);
  if (mine !== token) return;
  busy = false;
  advance();
}

function tryAct(action) {
  try {
    return act(action);
  } catch (e) {
    setStatus(errText(e));
    return null;
  }
}

async function selectCard(card) {
  if (busy) return;
  const before = session.view();
  const events = tryAct({ kind: 'select', card });
  if (events) await playEvents(events, before);
}

async function takeCapture(index) {
  if (busy) return;
  const before = session.view();
  const events = tryAct({ kind: 'capture', index });
  if (events) await playEvents(events, before);
}

function chooseFromTable(card) {
  const ph = session.view().phase;
  if (ph.kind !== 'choose_capture' || busy) return;
  const holding = ph.options.map((o, i) => (o.cards.includes(card) ? i : -1)).filter((i) => i >= 0);
  if (holding.length === 1) {
    takeCapture(holding[0]);
  } else if (holding.length > 1) {
    // The card is in several captures: each tap shows the next one; its button confirms.
    optionFocus = holding[(holding.indexOf(optionFocus) + 1) % holding.length];
    highlightOption(ph);
    document.querySelector(`#choice [data-option="${optionFocus}"]`)?.focus({ preventScroll: true });
  }
}

function cancelCapture() {
  if (busy) return;
  tryAct({ kind: 'cancel' });
  advance();
}

function undo() {
  if (busy) return;
  tryAct({ kind: 'undo' });
  advance();
}

function showHint() {
  for (const n of document.querySelectorAll('.hinted')) n.classList.remove('hinted');
  const h = session.hint();
  if (!h) {
    setStatus(t('noHint'));
    return;
  }
  handCard(h.move.card)?.classList.add('hinted');
  for (const c of h.move.capture) tableCard(c)?.classList.add('hinted');
  setStatus(h.text);
}

// ----- dialogs ----------------------------------------------------------------------------

function showSummary(view) {
  const over = view.winner !== null && view.winner !== undefined;
  const n = over ? view.hand_number : view.hand_number - 1;
  $('summary-title').textContent = t('handTitle', { hand: t('Hand'), n });
  const head = el('tr', {}, el('td', {}));
  for (const side of view.sides) head.append(el('th', { scope: 'col' }, side.name));
  const rows = [head];
  for (const r of view.summary) {
    const tr = el('tr', r.total ? { class: 'total' } : {}, el('th', { scope: 'row' }, r.label));
    r.points.forEach((p, i) => {
      const tally = r.tally[i];
      tr.append(el('td', {}, tally === null || tally === undefined ? String(p) : `${p} (${tally})`));
    });
    rows.push(tr);
  }
  const total = el('tr', { class: 'total' }, el('th', { scope: 'row' }, t('MatchScore')));
  for (const side of view.sides) total.append(el('td', {}, String(side.score)));
  rows.push(total);
  $('summary-body').replaceChildren(el('table', { class: 'summary' }, ...rows));
  $('summary-continue').textContent = t('Continue');
  $('dlg-summary').showModal();
}

function showOver(view) {
  $('over-title').textContent = t('matchOver');
  $('over-body').textContent = `${view.winner} ${view.scores}`;
  $('over-rematch').textContent = t('Rematch');
  $('over-settings').textContent = t('NewMatch');
  $('over-stats').textContent = t('Statistics');
  $('dlg-over').showModal();
}

function showHandOff(view) {
  $('handoff-title').textContent = view.seats[view.phase.seat].name;
  $('handoff-note').textContent = view.status;
  $('handoff-ready').textContent = t('Continue');
  $('dlg-handoff').showModal();
}

// Resolves when the person has read the message: at once when OK is pressed (the dialog's
// 'close' event comes a task later, and until then the game would sit waiting with nothing
// busy), or on that event when the dialog is closed another way (Escape).
let messageRead = null;
function showMessage(text) {
  $('message-text').textContent = text;
  $('dlg-message').showModal();
  return new Promise((resolve) => {
    messageRead = resolve;
    $('dlg-message').addEventListener('close', resolve, { once: true });
  });
}

function closeMessage() {
  $('dlg-message').close();
  const read = messageRead;
  messageRead = null;
  if (read) read();
}

function showStats() {
  const s = store.readStats();
  const keys = Object.keys(s.rows).sort();
  $('stats-title').textContent = t('Statistics');
  if (keys.length === 0) {
    $('stats-body').replaceChildren(el('p', {}, t('statsEmpty')));
  } else {
    const rows = [el('tr', {}, el('th', { scope: 'col' }, t('against')), el('th', { scope: 'col' }, t('rulesGroup')),
      el('th', { scope: 'col' }, t('Won')), el('th', { scope: 'col' }, t('Lost')))];
    for (const k of keys) {
      const label = statsLabel(k, getLang());
      if (!label) continue;
      rows.push(el('tr', {}, el('td', {}, label.against), el('td', { class: 'wrap' }, label.rules),
        el('td', {}, String(s.rows[k].won)), el('td', {}, String(s.rows[k].lost))));
    }
    $('stats-body').replaceChildren(el('table', { class: 'summary' }, ...rows));
  }
  $('stats-reset').textContent = t('resetStats');
  $('stats-close').textContent = t('close');
  if (!$('dlg-stats').open) $('dlg-stats').showModal();
}

// ----- settings ---------------------------------------------------------------------------

function select(id, label, options, value, onchange) {
  const s = el('select', { id, name: id }, ...options.map(([v, text]) =>
    el('option', { value: v, selected: String(v) === String(value) }, text)));
  if (onchange) s.addEventListener('change', onchange);
  return el('div', { class: 'field' }, el('label', { for: id }, label), s);
}

function checkbox(id, label, checked) {
  return el('div', { class: 'field' }, el('label', { for: id }, label),
    el('input', { type: 'checkbox', id, name: id, checked }));
}

let draft = null;

function drawSettings() {
  const d = draft;
  const options = (prefix, names) => names.map((v) => [v, t(`${prefix}_${v}`)]);
  const rules = el('fieldset', {}, el('legend', {}, t('rulesGroup')),
    select('set-players', t('Players'), [[2, '2'], [3, '3'], [4, '4']], d.players, () => {
      readDraft();
      drawSettings();
    }),
    select('set-deal', t('Deal'), options('deal', ['standard', 'scopone', 'scopone_scientifico']), d.deal),
    select('set-target', t('Target'), [11, 16, 21, 31].map((v) => [v, String(v)]), d.target),
    select('set-primiera', t('Primiera'), options('primiera', ['classic', 'lenient', 'most_sevens']), d.primiera),
    select('set-ace', t('Ace'), options('ace', ['none', 'takes_all', 'match_takes_all']), d.ace),
    checkbox('set-napola', t('Napola'), d.napola),
    checkbox('set-rebello', t('ReBello'), d.re_bello),
    checkbox('set-kings', t('KingsRedeal'), d.kings_redeal));
  const presets = el('div', { class: 'presets' },
    el('button', { type: 'button', onclick: () => preset('solo') }, t('presetSolo')),
    el('button', { type: 'button', onclick: () => preset('pass') }, t('PassAndPlay')),
    el('button', { type: 'button', onclick: () => preset('watch') }, t('WatchMode')));
  const seats = el('fieldset', {}, el('legend', {}, t('Players')), presets);
  const choices = [['human', t('Human')], ...LEVELS.map((l) => [l, `${t('Ai')}: ${t(`level_${l}`)}`])];
  for (let i = 0; i < d.players; i++) {
    seats.append(select(`set-seat-${i}`, `${t('Seat')} ${i + 1}`, choices, d.seats[i] || 'expert'));
  }
  seats.append(checkbox('set-undo', t('Undo'), d.undo));
  seats.append(el('div', { class: 'field' }, el('label', { for: 'set-seed' }, t('seed')),
    el('input', { type: 'text', id: 'set-seed', inputmode: 'numeric', autocomplete: 'off', value: d.seed || '' })));
  const display = el('fieldset', {}, el('legend', {}, t('displayGroup')),
    select('set-lang', t('Language'), [['en', 'English'], ['it', 'Italiano']], getLang(), () => {
      readDraft();
      useLang($('set-lang').value);
      savePrefs();
      staticTexts();
      drawSettings();
      draw();
    }),
    select('set-deck', t('DeckStyle'), [['italian', t('ItalianDeck')], ['french', t('FrenchDeck')]], prefs.deck, () => {
      prefs.deck = $('set-deck').value;
      savePrefs();
      draw();
    }),
    select('set-pace', t('AiPace'), Object.keys(PACE).map((p) => [p, t(`pace_${p}`)]), prefs.pace, () => {
      prefs.pace = $('set-pace').value;
      savePrefs();
    }));
  $('settings-body').replaceChildren(rules, seats, display);
  $('settings-title').textContent = t('Settings');
  $('settings-start').textContent = t('Start');
  $('settings-close').textContent = t('close');
}

function readDraft() {
  const v = (id) => $(id)?.value;
  const players = Number(v('set-players'));
  const seats = [];
  for (let i = 0; i < players; i++) seats.push(v(`set-seat-${i}`) || draft.seats[i] || 'expert');
  draft = {
    players, deal: v('set-deal'), target: Number(v('set-target')), primiera: v('set-primiera'),
    ace: v('set-ace'), napola: $('set-napola').checked, re_bello: $('set-rebello').checked,
    kings_redeal: $('set-kings').checked, seats, undo: $('set-undo').checked, seed: v('set-seed'),
  };
}

function preset(kind) {
  readDraft();
  draft.seats = draft.seats.map((s, i) => {
    if (kind === 'pass') return 'human';
    if (kind === 'watch') return s === 'human' ? 'expert' : s;
    return i === 0 ? 'human' : (s === 'human' ? 'expert' : s);
  });
  drawSettings();
}

function openSettings() {
  draft = { ...DEFAULT_SETTINGS, ...prefs.settings, seats: [...prefs.settings.seats], seed: '' };
  $('settings-error').textContent = '';
  drawSettings();
  if (!$('dlg-settings').open) $('dlg-settings').showModal();
}

function submitSettings(ev) {
  ev.preventDefault();
  readDraft();
  const { seed, ...settings } = draft;
  const err = newGame(settings, seed);
  if (err) {
    $('settings-error').textContent = t('badSettings', { reason: err });
    return;
  }
  $('dlg-settings').close();
  advance();
}

// ----- start ------------------------------------------------------------------------------

function staticTexts() {
  $('btn-hint').textContent = t('Hint');
  $('btn-undo').textContent = t('Undo');
  $('btn-new').textContent = t('NewMatch');
  $('btn-settings').textContent = t('Settings');
  $('btn-stats').textContent = t('Statistics');
  $('title').textContent = t('title');
  document.querySelector('nav.actions').setAttribute('aria-label', t('menu'));
}

function wire() {
  $('btn-hint').addEventListener('click', showHint);
  $('btn-undo').addEventListener('click', undo);
  $('btn-new').addEventListener('click', openSettings);
  $('btn-settings').addEventListener('click', openSettings);
  $('btn-stats').addEventListener('click', showStats);
  const onward = (id) => () => {
    $(id).close();
    tryAct({ kind: 'continue' });
    advance();
  };
  $('summary-continue').addEventListener('click', onward('dlg-summary'));
  $('handoff-ready').addEventListener('click', onward('dlg-handoff'));
  $('over-rematch').addEventListener('click', () => {
    $('dlg-over').close();
    tryAct({ kind: 'rematch' });
    advance();
  });
  $('over-settings').addEventListener('click', () => {
    $('dlg-over').close();
    openSettings();
  });
  $('over-stats').addEventListener('click', showStats);
  $('message-ok').addEventListener('click', closeMessage);
  $('stats-close').addEventListener('click', () => $('dlg-stats').close());
  $('stats-reset').addEventListener('click', () => {
    store.clearStats();
    showStats();
  });
  $('settings-form').addEventListener('submit', submitSettings);
  $('settings-close').addEventListener('click', () => {
    $('dlg-settings').close();
    advance();
  });
  // Escape closes the settings too: the game then shows what it waits for. (The 'close' event
  // comes a task later; the buttons advance at once, and advancing twice changes nothing.)
  $('dlg-settings').addEventListener('close', advance);
  // Dialogs that wait for the game's answer: Escape must not leave the game stuck.
  for (const id of ['dlg-summary', 'dlg-over', 'dlg-handoff']) $(id).addEventListener('cancel', (e) => e.preventDefault());
  // Arrow keys move between the buttons of a row; Enter or Space presses (they are buttons).
  for (const id of ['hand', 'table', 'choice']) {
    $(id).addEventListener('keydown', (e) => {
      if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
      const items = [...$(id).querySelectorAll('button:not(:disabled)')];
      const at = items.indexOf(document.activeElement);
      if (at < 0) return;
      const next = items[(at + (e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1) + items.length) % items.length];
      for (const b of items) b.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
      e.preventDefault();
    });
  }
}

function loadPrefs() {
  const p = store.readPrefs() || {};
  if (['italian', 'french'].includes(p.deck)) prefs.deck = p.deck;
  if (Object.hasOwn(PACE, p.pace)) prefs.pace = p.pace;
  prefs.lang = ['en', 'it'].includes(p.lang) ? p.lang : langFromTag((navigator.languages || [])[0] || navigator.language || 'en');
  if (p.settings && typeof p.settings === 'object' && Array.isArray(p.settings.seats)) {
    prefs.settings = { ...DEFAULT_SETTINGS, ...p.settings };
  }
}

async function main() {
  window.__scopa = { ready: false, record, busy: () => busy };
  await init();
  loadPrefs();
  useLang(prefs.lang);
  staticTexts();
  wire();
  startWorker();
  let damaged = null;
  try {
    const bytes = store.readSave();
    if (bytes) {
      session = WebSession.restore(bytes);
      session.setLang(prefs.lang);
    }
  } catch (e) {
    damaged = errText(e);
    store.setAsideSave(damaged);
    session = null;
  }
  if (!session && newGame(prefs.settings, '')) newGame(DEFAULT_SETTINGS, '');
  $('app').classList.remove('loading');
  if (damaged) {
    draw();
    showMessage(t('damaged', { reason: damaged })).then(advance);
  } else {
    advance();
  }
  window.__scopa.ready = true;
  performance.mark('scopa-interactive');
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('./sw.js').catch(() => {});
}

main().catch((e) => {
  document.body.textContent = `Scopa could not start: ${errText(e)}`;
  throw e;
});
