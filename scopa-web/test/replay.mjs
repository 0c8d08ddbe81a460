// Checks what the browser recorded against the native build of the same code
// (`cargo run --release -p scopa-web --example replay`): the page's action script replayed
// natively — every AI move recomputed — must give the page's transcript, line for line.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

// Returns the native transcript (throws if the replay finds a difference).
export function replayNatively(name, rec) {
  const dir = join(ROOT, 'test', 'out');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(rec, null, 1));
  const out = execFileSync('cargo', ['run', '-q', '--release', '-p', 'scopa-web', '--example', 'replay', '--', file],
    { cwd: join(ROOT, '..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim().split('\n');
}

// The page's record of a match of `game` must replay natively to the same transcript.
export function checkReplay(name, rec, game = 'scopa') {
  const first = game === 'briscola' ? 'session briscola' : 'session players';
  assert.ok(rec.transcript[0].startsWith(first), rec.transcript[0]);
  assert.deepEqual(replayNatively(name, rec), rec.transcript);
}
