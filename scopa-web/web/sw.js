// The service worker: on install it stores every file of the app (the list, each file's
// SHA-256 and the version are filled in by tools/finish.mjs at build time), then answers
// from that store, so the game starts and plays offline after the first visit. A new build
// has a new version: its files replace the old ones on the next visit.
//
// One download per file: on a first visit the page has just fetched most of these files,
// and the browser's HTTP cache holds them. The install takes each from there when that copy
// is this build's (`force-cache` with the file's `integrity`: a stale copy of an older build
// fails the check), and from the network otherwise — never the same bytes twice.
const VERSION = '__VERSION__';
const FILES = __FILES__; // [url, integrity]
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

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((c) => Promise.all(FILES.map((f) => store(c, f))))
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
  event.respondWith(
    caches.open(CACHE).then((c) =>
      c.match(event.request, { ignoreSearch: true }).then((hit) => hit || fetch(event.request))),
  );
});
