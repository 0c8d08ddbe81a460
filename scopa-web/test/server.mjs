// scopa-server for the browser tests (online.test.mjs, flows.test.mjs): the binary that
// .ci/web.sh builds (SCOPA_SERVER names another), on a free port of 127.0.0.1, with a
// SQLite file in a temporary directory, serving the built app (`--web dist/`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, ROOT, menu, settle } from './lib.mjs';

function serverBinary() {
  if (process.env.SCOPA_SERVER) return process.env.SCOPA_SERVER;
  const target = process.env.CARGO_TARGET_DIR || join(ROOT, '..', 'target');
  for (const profile of ['release', 'debug']) {
    const bin = join(target, profile, 'scopa-server');
    if (existsSync(bin)) return bin;
  }
  throw new Error('scopa-server is not built: cargo build --release -p scopa-server');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// Starts scopa-server with `args` added; resolves once it listens, to `{ base, log, stop }`
// (`base`: the app's URL; `stop()` ends it and removes its files).
export async function startServer(args = []) {
  const dir = mkdtempSync(join(tmpdir(), 'scopa-server-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const server = spawn(serverBinary(), ['--listen', `127.0.0.1:${port}`, '--db', join(dir, 'rooms.sqlite'), '--web', DIST, ...args],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  const log = [];
  await new Promise((resolve, reject) => {
    server.stderr.on('data', (d) => {
      log.push(String(d));
      if (/listening on/.test(String(d))) resolve();
    });
    server.once('exit', (code) => reject(new Error(`scopa-server ended (${code}): ${log.join('')}`)));
  });
  return {
    base,
    log,
    stop() {
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The page's room, as online.js tells the tests.
export const online = (page) => page.evaluate(() => window.__scopa.online.state());

// Waits until the page shows its room's latest frame over a live connection.
export async function inRoom(page, timeout = 30000) {
  try {
    await page.waitForFunction(() => {
      const s = window.__scopa.online.state();
      return s && s.state === 'connected' && s.shown && s.seat !== null && !window.__scopa.busy();
    }, { timeout, polling: 50 });
  } catch (e) {
    throw new Error(`not in the room: ${JSON.stringify(await online(page))}, ${page.errors.join('; ')}, ${await page.$eval('#status', (x) => x.textContent)}; ${e.message}`);
  }
  await settle(page);
}

// Creates a room as a person does (Play with friends, Create room, the players and each
// seat in the settings form, Create room) and waits until the page is in it.
export async function createRoom(page, { players = 2, seats = ['human', 'human'], target = null } = {}) {
  await menu(page, '#btn-online');
  await page.waitForSelector('#dlg-online[open]');
  await page.waitForFunction(() => document.getElementById('online-found').dataset.state === 'found', { timeout: 10000 });
  await page.click('#online-create');
  await page.waitForSelector('#dlg-settings[open]');
  await page.select('#set-players', String(players));
  if (target) await page.select('#set-target', String(target));
  for (let i = 0; i < players; i++) await page.select(`#set-seat-${i}`, seats[i]);
  await page.click('#settings-start');
  await inRoom(page);
}
