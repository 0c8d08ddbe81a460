// Checks a browser transcript against the native build of the same code
// (`cargo run --release -p scopa-web --example replay`): every AI move recomputed natively
// must be the browser's.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

export function replayNatively(name, settings, seed, plays) {
  const dir = join(ROOT, 'test', 'out');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ settings: { ...settings, lang: 'en' }, seed: String(seed), plays }, null, 1));
  const out = execFileSync('cargo', ['run', '-q', '--release', '-p', 'scopa-web', '--example', 'replay', '--', file],
    { cwd: join(ROOT, '..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim().split('\n');
}
