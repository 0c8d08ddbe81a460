// The service worker: on install it stores every file of the app (the list, each file's
// SHA-256 and the version are filled in by tools/finish.mjs at build time), then answers
// from that store, so the game starts and plays offline after the first visit. A new build
// has a new version: its files replace the old ones on the next visit.
//
// One download per file: on a first visit the page has just fetched most of these files,
// and the browser's HTTP cache holds them. The install takes each from there when that copy
// is this build's (`force-cache` with the file's `integrity`: a stale copy of an older build
// fails the check), and from the network otherwise — never the same bytes twice.
//
// The second wasm (tables of 6 and 8) and its glue are not stored on install: a first visit
// downloads one wasm (issue 37). They are stored when the page first fetches them (a table
// of 6 or 8 started), and at every later update if the store being replaced had them, so a
// device that plays those tables keeps playing them offline.
const VERSION = '__VERSION__';
const FILES = __FILES__; // [url, integrity]
const LATER = __LATER__; // [url, integrity]: stored on first use
const CACHE = `scopa-${VERSION}`;

async function store(cache, [url, integrity]) {
  let res = null;
  try {
    res = await fetch(url, { cache: 'force-cache', integrity });
  } catch {
    res = null; // not in the HTTP cache, or another build's copy
  }
  if (!res || !res.ok) res = await fetch(url, { cache: 'no-cache', integrity });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  await cache.put(url, res);
}

const href = (url) => new URL(url, self.location).href;

// Whether an older build's store holds the files stored on first use.
async function usedLater() {
  for (const key of await caches.keys()) {
    if (!key.startsWith('scopa-') || key === CACHE) continue;
    const old = await caches.open(key);
    for (const [url] of LATER) if (await old.match(url, { ignoreSearch: true })) return true;
  }
  return false;
}

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then(async (c) => {
      await Promise.all(FILES.map((f) => store(c, f)));
      // Best effort: without them the page fetches them again when a table needs them.
      if (await usedLater()) await Promise.all(LATER.map((f) => store(c, f))).catch(() => {});
    })
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('scopa-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  const url = href(event.request.url).split('?')[0];
  const later = LATER.find(([u]) => href(u) === url);
  event.respondWith(
    caches.open(CACHE).then(async (c) => {
      const hit = await c.match(event.request, { ignoreSearch: true });
      if (hit) return hit;
      if (!later) return fetch(event.request);
      // A file stored on first use: this build's copy (its integrity), kept for offline play.
      const res = await fetch(later[0], { cache: 'no-cache', integrity: later[1] });
      if (res.ok) await c.put(later[0], res.clone());
      return res;
    }),
  );
});
