// A static file server for dist/ on 127.0.0.1 (node's http module, nothing to install):
// `node serve.mjs DIST [PORT]`. Port 0 picks a free port. Prints the URL.
// As a real server would: every response carries a validator (a strong ETag from the
// file's SHA-256; the gzip variant's is weak, like a server compressing on the fly) and
// `cache-control: no-cache`, so a browser revalidates (`If-None-Match` → 304, no body)
// instead of fetching again; text and wasm go gzip-compressed to a browser that accepts it
// (`vary: accept-encoding`).
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.json': 'application/json',
};
const COMPRESS = new Set(['.html', '.js', '.css', '.wasm', '.svg', '.webmanifest', '.json']);

// `onRequest({ path, status, encoding, bytes })`, if given, hears of every response (tests).
export function serve(root, port = 0, { onRequest = null } = {}) {
  const base = normalize(root) + sep;
  const files = new Map(); // path -> { body, gz, etag } (dist/ does not change while served)
  const load = async (file) => {
    if (!files.has(file)) {
      const body = await readFile(file);
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
      files.set(file, { body, gz: COMPRESS.has(extname(file)) ? gzipSync(body, { level: 9 }) : null, etag });
    }
    return files.get(file);
  };
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(base, path));
    const done = (status, encoding = null, bytes = 0) => onRequest?.({ path, status, encoding, bytes });
    if (!file.startsWith(base)) {
      res.writeHead(403).end('forbidden');
      done(403);
      return;
    }
    let f;
    try {
      f = await load(file);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      done(404);
      return;
    }
    const gzip = f.gz !== null && /\bgzip\b/.test(req.headers['accept-encoding'] || '');
    const etag = gzip ? `W/${f.etag}` : f.etag;
    const headers = { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache', etag };
    if (f.gz !== null) headers.vary = 'accept-encoding';
    const asked = (req.headers['if-none-match'] || '').split(',').map((s) => s.trim().replace(/^W\//, ''));
    if (asked.includes(f.etag) || asked.includes('*')) {
      res.writeHead(304, headers).end();
      done(304);
      return;
    }
    const body = gzip ? f.gz : f.body;
    if (gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    done(200, gzip ? 'gzip' : null, body.length);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [root, port] = [process.argv[2], Number(process.argv[3] || 8080)];
  const server = await serve(root, port);
  console.log(`Scopa is served at http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
}
