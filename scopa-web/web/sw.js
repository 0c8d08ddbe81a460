// The service worker: on install it stores every file of the app (the list and the
// version are filled in by tools/finish.mjs at build time), then answers from that store,
// so the game starts and plays offline after the first visit. A new build has a new
// version: its files replace the old ones on the next visit.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `scopa-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
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
