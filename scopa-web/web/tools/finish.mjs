// Last step of build.sh: draws the icon (from the same code as the cards) and writes the
// service worker's file list (each file with its SHA-256) and version (a hash of every
// file) into dist/sw.js.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { iconSvg } from '../cards.js';

const dist = process.argv[2];
if (!dist) {
  console.error('usage: node finish.mjs DIST');
  process.exit(2);
}
writeFileSync(join(dist, 'icon.svg'), iconSvg());

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const files = walk(dist)
  .map((p) => relative(dist, p).split('\\').join('/'))
  .filter((p) => p !== 'sw.js')
  .sort();
const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(join(dist, f)));
const version = hash.digest('hex').slice(0, 16);
// Each file with its subresource integrity (the service worker takes the page's copy from
// the HTTP cache only when it is this build's).
const sri = (f) => `sha256-${createHash('sha256').update(readFileSync(join(dist, f))).digest('base64')}`;
// The second wasm (tables of 6 and 8) and its glue are stored on first use (sw.js): a first
// visit downloads one wasm.
const later = (f) => f.startsWith('pkg/scopa_web_big');
const entry = (f) => [`./${f}`, sri(f)];
const list = JSON.stringify([['./', sri('index.html')], ...files.filter((f) => !later(f)).map(entry)]);
const laterList = JSON.stringify(files.filter(later).map(entry));
const sw = readFileSync(join(dist, 'sw.js'), 'utf8')
  .replace("'__VERSION__'", JSON.stringify(version))
  .replace('__FILES__', list)
  .replace('__LATER__', laterList);
writeFileSync(join(dist, 'sw.js'), sw);
console.log(`finish.mjs: ${files.length} files (${files.filter(later).length} stored on first use), version ${version}`);
