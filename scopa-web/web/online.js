// "Play with friends": a room of scopa-server (docs/online.md) played with the page's own
// renderer. The server's session is the authority: this module sends the action lines the
// page makes (`act`, `hint`) and hands the page each frame the server sends for this seat
// (the core's `Frame`, the same JSON a WebSession gives), through a `RemoteSession` that
// answers the calls the page makes of a WebSession. It keeps each room's seat token in
// localStorage, reconnects by itself with a backoff, and resumes the room after a reload.
// It decides nothing of the game and writes no game text.

import { getLang, t } from './i18n.js';

const ROOMS = 'scopa.v1.online'; // { current: code | null, rooms: { code: { server, seat, token, link } } }
const SERVER = 'scopa.v1.server';
// Reconnection delays: 0.5 s, doubling, at most 4 s (and at once when the browser is back online).
const BACKOFF_MS = [500, 1000, 2000, 4000];

function readRooms() {
  try {
    const v = JSON.parse(localStorage.getItem(ROOMS));
    if (v && typeof v === 'object' && v.rooms && typeof v.rooms === 'object') return v;
  } catch {
    // none, or damaged: start again
  }
  return { current: null, rooms: {} };
}

function writeRooms(v) {
  try {
    localStorage.setItem(ROOMS, JSON.stringify(v));
  } catch {
    // storage refused: the room goes on, but a reload cannot resume it
  }
}

// The server's socket address: the one chosen before, else the page's own server (`ws`
// next to index.html, as scopa-server --web serves it).
export function defaultServer() {
  try {
    const saved = localStorage.getItem(SERVER);
    if (saved) return saved;
  } catch {
    // no storage
  }
  const u = new URL('ws', location.href);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.search = '';
  return u.href;
}

// Whether a game server's socket answers at `address` within `ms`.
export function probe(address, ms = 4000) {
  return new Promise((resolve) => {
    let ws;
    try {
      ws = new WebSocket(address);
    } catch {
      resolve(false);
      return;
    }
    const done = (ok) => {
      clearTimeout(timer);
      ws.onopen = null;
      ws.onerror = null;
      ws.onclose = null;
      if (ok) ws.close();
      resolve(ok);
    };
    const timer = setTimeout(() => {
      ws.close();
      done(false);
    }, ms);
    ws.onopen = () => done(true);
    ws.onerror = () => done(false);
    ws.onclose = () => done(false);
  });
}

// The server writes a room's texts with cards in letters (`7d`, `10b`: docs/online.md, for
// every client); the page reads them with the cards named in its own words, its language
// and deck (`name`: notation → the core's name), as it names the cards it draws. Only the
// texts a person reads change (`status`, each `text`, `refusal`, `hand_log`, a summary's
// `label`); the cards (`card`, `capture`) and the script lines (`line`) stay in letters.
const LETTERS = /\b(?:10|[1-9])[dcsb]\b/g;
const TEXTS = new Set(['status', 'text', 'refusal', 'hand_log', 'label']);

export function inWords(value, name, isText = false) {
  if (typeof value === 'string') return isText ? value.replace(LETTERS, (c) => name(c)) : value;
  if (Array.isArray(value)) return value.map((v) => inWords(v, name, isText));
  if (value && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = inWords(v, name, isText || TEXTS.has(k));
    return out;
  }
  return value;
}

// What the page calls on its session, answered for a room: the frames come from the
// server (queued until the page takes them), actions go to it.
export class RemoteSession {
  constructor(room) {
    this.remote = true;
    this.room = room;
    this.queue = [];
    this.last = null;
    // An action went to the server and its answer has not come: until it does, the frame
    // shown offers nothing more (no second card, no second Continue).
    this.sent = false;
  }

  frame() {
    if (this.queue.length > 0) {
      const f = this.queue.shift();
      this.last = { ...f, events: [] };
      return this.gate(f);
    }
    return this.gate(this.last);
  }

  peek() {
    return this.gate(this.queue.length > 0 ? { ...this.queue[this.queue.length - 1], events: [] } : this.last);
  }

  // Until every person of the room has come once, nobody plays: the frame offers no card
  // and says whom the table waits for (the server deals at once; the page holds the play).
  gate(raw) {
    let frame = raw && app?.cardName ? inWords(raw, app.cardName) : raw;
    if (frame && this.sent) {
      frame = { ...frame, choices: { kind: 'none' }, offers: { ...frame.offers, proceed: false, hint: false }, sent: true };
    }
    const missing = frame ? this.room.missing(frame) : [];
    if (missing.length === 0) return frame;
    return {
      ...frame, choices: { kind: 'none' }, offers: { ...frame.offers, hint: false }, hint: null,
      status: t('waitingFor', { who: missing.join(', ') }),
    };
  }

  // An action is sent only over a live connection; otherwise the page says it was not.
  act(line) {
    if (this.room.state !== 'connected') throw new Error(t('notSent'));
    this.room.send({ type: 'act', action: line });
    this.sent = true;
    // The room answers every action (a frame or a refusal); should none come, the page
    // does not stay frozen: after 5 s it offers the frame's choices again.
    clearTimeout(this.sentTimer);
    this.sentTimer = setTimeout(() => {
      if (!this.sent) return;
      this.sent = false;
      app?.redraw();
    }, 5000);
    return { save: false, script: null };
  }

  hint() {
    if (this.room.state !== 'connected') throw new Error(t('notSent'));
    this.room.send({ type: 'hint' });
  }

  setLang() {
    return { save: false };
  }

  setPacing() {}

  setNames() {}

  // The server writes the room's texts; the page names the cards it draws itself.
  setDeck() {
    return false;
  }

  takeSave() {
    return false;
  }

  settingsLine() {
    return this.room.settings || '';
  }

  free() {
    this.room.drop();
  }
}

// One room: its socket, the seat held, the connection's state.
class Room {
  constructor(app, server, code) {
    this.app = app;
    this.server = server;
    this.code = code;
    this.seat = null;
    this.settings = null;
    this.link = null;
    this.ws = null;
    this.tries = 0;
    this.timer = null;
    this.state = 'connecting'; // connecting | connected | reconnecting | closed
    this.joining = null; // while looking for a free seat: the seats left to try
    this.pending = []; // messages to send once connected
    this.session = new RemoteSession(this);
    this.entered = false;
    this.pumping = false;
    this.frames = 0; // frames received (for the tests)
    this.presence = null; // who is connected: { connected: [bool per seat], spectators }
    // The seats whose person has been connected at least once (kept with the room, so a
    // reload does not wait again for someone who is only away).
    this.came = new Set(this.stored()?.came || []);
    this.everConnected = false;
  }

  // The names of the people's seats whose person has not come yet (this page's own seat
  // excepted): the table waits for them.
  missing(frame) {
    return frame.seats.filter((s) => s.player === 'human' && s.seat !== this.seat && !this.came.has(s.seat)).map((s) => s.name);
  }

  // Notes who is connected; true when the last person the table waited for has come.
  notePresence(presence) {
    this.presence = presence;
    const before = this.frame ? this.missing(this.frame).length : 0;
    const seen = this.came.size;
    (presence?.connected || []).forEach((on, seat) => {
      if (on) this.came.add(seat);
    });
    if (this.came.size !== seen && this.code !== null) this.remember({ came: [...this.came] });
    return before > 0 && this.frame && this.missing(this.frame).length === 0;
  }

  stored() {
    return readRooms().rooms[this.code] || null;
  }

  remember(fields) {
    const all = readRooms();
    all.rooms[this.code] = { ...(all.rooms[this.code] || {}), server: this.server, ...fields };
    all.current = this.code;
    writeRooms(all);
  }

  open() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.state === 'closed') return;
    let ws;
    try {
      ws = new WebSocket(this.server);
    } catch (e) {
      this.fail(e && e.message ? e.message : String(e));
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.tries = 0;
      this.everConnected = true;
      this.state = 'connected';
      this.greet();
      for (const m of this.pending.splice(0)) ws.send(JSON.stringify(m));
      this.app.onlineChanged();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      // No server ever answered a room this page has no seat in (a page from a static
      // host, a wrong address): say so rather than reconnect forever. A seat held (its
      // token kept) is retried: its server may be restarting.
      if (!this.everConnected && !this.stored()?.token) this.fail(t('noServer', { server: this.server }));
      else this.retry();
    };
  }

  // After a connection: take the seat back with its token, or look for one.
  greet() {
    this.joining = null;
    if (this.code === null) return; // creating: the `create` is pending
    const token = this.stored()?.token;
    if (token) this.send({ type: 'resume', room: this.code, token });
    else this.send({ type: 'watch', room: this.code });
  }

  retry() {
    if (this.state === 'closed') return;
    this.state = 'reconnecting';
    const ms = BACKOFF_MS[Math.min(this.tries, BACKOFF_MS.length - 1)];
    this.tries += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), ms);
    this.app.onlineChanged();
  }

  // The browser is back online: try at once.
  nudge() {
    if (this.state === 'reconnecting') this.open();
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
    else if (msg.type === 'create') this.pending.push(msg);
  }

  receive(msg) {
    switch (msg.type) {
      case 'created':
        this.code = msg.room;
        this.link = msg.link;
        this.remember({ link: msg.link, settings: this.settings, token: null });
        this.joinFrom(this.creatorSeats);
        break;
      case 'joined':
        this.seat = msg.seat;
        this.joining = null;
        this.remember({ seat: msg.seat, token: msg.token });
        this.app.onlineChanged();
        break;
      case 'watching':
        break;
      case 'left':
        // Left the watch to join a seat.
        if (this.joining) this.joinNext();
        break;
      case 'frame': {
        const came = msg.presence ? this.notePresence(msg.presence) : false;
        this.onFrame(msg);
        if (came) this.app.redraw();
        break;
      }
      case 'presence':
        if (this.notePresence(msg.presence)) this.app.redraw();
        this.app.onlineChanged();
        break;
      case 'error':
        this.onError(msg);
        break;
      default:
        break;
    }
  }

  onFrame(msg) {
    if (msg.seat === null || msg.seat === undefined) {
      // Watching, to see which seats are people's: then leave the watch and join one.
      if (this.joining === null) {
        this.joining = msg.frame.seats.filter((s) => s.player === 'human').map((s) => s.seat);
        this.send({ type: 'leave' });
      }
      return;
    }
    this.seat = msg.seat;
    this.frame = msg.frame;
    this.frames += 1;
    this.session.sent = false;
    // Whom a hand summary waits for (the frame message's `summary_wait`), read with it.
    this.session.queue.push({ ...msg.frame, summary_wait: msg.summary_wait ?? null });
    if (!this.entered) {
      this.entered = true;
      this.app.enter(this.session);
    }
    this.pump();
  }

  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.session.queue.length > 0 && this.app.current() === this.session) await this.app.show();
    } finally {
      this.pumping = false;
    }
    this.app.onlineChanged();
  }

  joinFrom(seats) {
    this.joining = [...seats];
    this.joinNext();
  }

  joinNext() {
    const seat = this.joining.shift();
    if (seat === undefined) {
      this.joining = null;
      this.fail(t('roomFull'));
      return;
    }
    this.send({ type: 'join', room: this.code, seat });
  }

  onError(msg) {
    // A refused action: the frame shown offers its choices again.
    if (this.session.sent) {
      this.session.sent = false;
      if (this.entered) this.app.redraw();
    }
    if (msg.code === 'seat_taken' && this.joining) {
      this.joinNext();
    } else if (msg.code === 'bad_token') {
      // The seat was given up (or the token is another server's): look for a seat again.
      this.remember({ token: null, seat: null });
      this.send({ type: 'watch', room: this.code });
    } else if (msg.code === 'no_such_room' || msg.code === 'bad_settings' || msg.code === 'too_many_guesses') {
      this.fail(msg.message);
    } else if (this.entered) {
      // A refusal is worded with the room's status: its cards in the page's words too.
      this.app.setStatus(inWords({ text: msg.message }, this.app.cardName).text);
    } else {
      this.fail(msg.message);
    }
  }

  // Something that ends the room for this page: say why and go back to the local game.
  fail(text) {
    const all = readRooms();
    if (this.code !== null) delete all.rooms[this.code];
    all.current = null;
    writeRooms(all);
    this.close();
    this.app.failed(this, t('onlineFailed', { reason: text }));
  }

  close() {
    this.state = 'closed';
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
  }

  // Leaves the room: the seat is given up and its token forgotten.
  leave() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'leave' }));
    const all = readRooms();
    if (this.code !== null) delete all.rooms[this.code];
    all.current = null;
    writeRooms(all);
    this.close();
  }

  // The page replaced this session (a new local match): leave the room.
  drop() {
    if (this.state !== 'closed') this.leave();
    if (active === this) active = null;
    drawBar();
  }
}

let app = null;
let active = null;
let testSeed = null;

// The page's hooks: `enter(session)`, `leave()`, `show()`, `redraw()`, `current()`,
// `setStatus(text)`, `failed(text)`, `settingsFor(online)` and `el` (online.js draws its
// own dialog).
export function attach(hooks) {
  app = {
    ...hooks,
    onlineChanged: () => drawBar(),
    failed: (room, text) => {
      if (active === room) active = null;
      hooks.failed(text);
      drawBar();
    },
  };
  addEventListener('online', () => active?.nudge());
}

function start(server, code) {
  if (active) active.drop();
  active = new Room(app, server, code);
  return active;
}

// Creates a room of these settings (the core's settings line) and takes the first
// person's seat in it.
export function create(settingsLine, server = defaultServer()) {
  const room = start(server, null);
  room.settings = settingsLine;
  const seats = settingsLine.replace(/^.*\bseats /, '').split(/\s+/);
  room.creatorSeats = seats.map((s, i) => (s === 'human' ? i : -1)).filter((i) => i >= 0);
  const msg = { type: 'create', settings: settingsLine, lang: getLang() };
  // Tests' reproducible rooms (a server started with --allow-client-seed).
  if (testSeed !== null) msg.seed = testSeed;
  room.send(msg);
  room.open();
  drawBar();
}

// Joins the room `code` (resumes its seat if a token for it is kept).
export function join(code, server) {
  const kept = readRooms().rooms[code];
  const room = start(server || kept?.server || defaultServer(), code);
  room.settings = kept?.settings || null;
  room.link = kept?.link || null;
  room.open();
  drawBar();
}

// On load: an invite (`?join=CODE`), else the room this page was in.
export function resumeOnLoad() {
  const params = new URLSearchParams(location.search);
  const invite = params.get('join');
  if (invite && /^[0-9a-zA-Z]{1,32}$/.test(invite)) {
    history.replaceState(null, '', location.pathname);
    join(invite.toLowerCase());
    return;
  }
  const current = readRooms().current;
  if (current) join(current);
}

export function leave() {
  const room = active;
  if (!room) return;
  active = null;
  room.leave();
  app.leave();
  drawBar();
}

// Who else is connected, in words (not colour only): each other person's seat connected
// or away, and the spectators. Empty until the first frame.
function presenceWords(room) {
  const p = room.presence;
  const frame = room.frame;
  if (!p || !frame) return [];
  const words = frame.seats
    .filter((s) => s.player === 'human' && s.seat !== room.seat)
    .map((s) => `${s.name}: ${t(p.connected[s.seat] ? 'seatHere' : 'seatAway')}`);
  if (p.spectators > 0) words.push(t('watching', { n: p.spectators }));
  return words;
}

const inviteLink = (room) => room.link || (room.code ? `${location.origin}${location.pathname}?join=${room.code}` : '');

// The bar under the header: the room, the connection, the seats.
function drawBar() {
  const bar = document.getElementById('online-bar');
  if (!bar) return;
  const room = active;
  bar.hidden = !room;
  if (!room) return;
  const state = t(`online_${room.state}`);
  bar.dataset.state = room.state;
  const parts = [room.code ? `${t('room')} ${room.code} · ${state}` : state];
  // Who else is there only while this page's own connection is up (else it is not known).
  if (room.state === 'connected') parts.push(...presenceWords(room));
  bar.textContent = parts.join(' · ');
  if (document.getElementById('dlg-online').open) drawDialog();
}

// The dialog: create or join a room; in a room, its invite link, who sits where, leave.
export function openDialog() {
  drawDialog();
  const d = document.getElementById('dlg-online');
  if (!d.open) d.showModal();
}

function drawDialog() {
  const { el } = app;
  const body = document.getElementById('online-body');
  document.getElementById('online-title').textContent = t('playFriends');
  document.getElementById('online-close').textContent = t('close');
  const room = active;
  if (!room) {
    const server = el('input', {
      type: 'text', id: 'online-server', value: defaultServer(), autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'online-server-help',
    });
    const code = el('input', { type: 'text', id: 'online-code', autocomplete: 'off', spellcheck: 'false', maxlength: '32' });
    // Whether a game server answers at the address: asked when the dialog opens and
    // before a room is made or joined, so a page from a static host says what it needs.
    const found = el('p', { id: 'online-found', role: 'status' });
    const where = el('details', { id: 'online-where' }, el('summary', {}, t('serverWhere')),
      el('div', { class: 'field' }, el('label', { for: 'online-server' }, t('serverAddress')), server,
        el('small', { class: 'help', id: 'online-server-help' }, t('serverHelp'))));
    const check = async () => {
      const address = server.value.trim();
      found.dataset.state = 'checking';
      found.textContent = t('serverChecking');
      const ok = await probe(address);
      if (server.value.trim() !== address) return ok;
      found.dataset.state = ok ? 'found' : 'none';
      found.textContent = ok ? t('serverFound') : t('noServer', { server: address });
      if (!ok) where.open = true;
      return ok;
    };
    const useServer = async () => {
      const address = server.value.trim();
      if (!(await check())) return null;
      try {
        localStorage.setItem(SERVER, address);
      } catch {
        // no storage
      }
      return address;
    };
    server.addEventListener('change', check);
    body.replaceChildren(
      el('p', {}, t('onlineIntro')),
      found,
      el('div', { class: 'buttons' }, el('button', {
        type: 'button', id: 'online-create', onclick: async () => {
          if (!(await useServer())) return;
          document.getElementById('dlg-online').close();
          app.settingsFor(true);
        },
      }, t('createRoom'))),
      el('div', { class: 'field' }, el('label', { for: 'online-code' }, t('roomCode')), code),
      el('div', { class: 'buttons' }, el('button', {
        type: 'button', id: 'online-join', onclick: async () => {
          const c = code.value.trim().toLowerCase();
          if (!/^[0-9a-z]{1,32}$/.test(c)) return;
          const address = await useServer();
          if (!address) return;
          join(c, address);
          document.getElementById('dlg-online').close();
        },
      }, t('joinRoom'))),
      where);
    check();
    return;
  }
  const link = inviteLink(room);
  const linkBox = el('input', { type: 'text', id: 'online-link', readonly: true, value: link });
  const copied = el('span', { id: 'online-copied', role: 'status' });
  const frame = room.frame;
  const here = (s) => (room.presence?.connected[s.seat] ? 'here' : 'away');
  const seats = frame ? frame.seats.map((s) => el('li', { 'data-seat': s.seat, ...(s.player === 'human' && s.seat !== room.seat ? { 'data-presence': here(s) } : {}) },
    `${s.name}: ${s.seat === room.seat ? t('you') : (s.player === 'human' ? `${t('Human')}, ${t(here(s) === 'here' ? 'seatHere' : 'seatAway')}` : `${t('Ai')}: ${t(`level_${s.player}`)}`)}`)) : [];
  const spectators = room.presence?.spectators ? [el('p', { id: 'online-watching' }, t('watching', { n: room.presence.spectators }))] : [];
  body.replaceChildren(
    el('p', { id: 'online-state', 'data-state': room.state }, `${t('room')} ${room.code ?? '…'} · ${t(`online_${room.state}`)}`),
    el('div', { class: 'field' }, el('label', { for: 'online-link' }, t('inviteLink')), linkBox),
    el('div', { class: 'buttons' }, copied, el('button', {
      type: 'button', id: 'online-copy', disabled: !link, onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
        } catch {
          linkBox.select();
          document.execCommand?.('copy');
        }
        copied.textContent = t('copied');
      },
    }, t('copyLink'))),
    el('ul', { id: 'online-seats', class: 'seats-list' }, ...seats),
    ...spectators,
    el('div', { class: 'buttons' }, el('button', {
      type: 'button', id: 'online-leave', onclick: () => {
        document.getElementById('dlg-online').close();
        leave();
      },
    }, t('leaveRoom'))));
}

// For the tests: the room's state, and a way to cut its socket as a network failure would.
export function debug() {
  return {
    state: () => (active ? {
      state: active.state, code: active.code, seat: active.seat, link: active.link, frames: active.frames,
      presence: active.presence,
      shown: active.entered && app.current() === active.session && active.session.queue.length === 0,
    } : null),
    dropSocket: () => active?.ws?.close(),
    // The seed the next room is created with (the tests' goldens; only a server started
    // with --allow-client-seed accepts one).
    seedNext: (seed) => {
      testSeed = seed;
    },
  };
}
