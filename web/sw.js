// Offline service worker. build.py stamps BUILD, FILES and PRECACHE into dist/sw.js.
// One build, one cache ("spades-<BUILD>"), never files of two builds in it or on a page:
// Install: fetch the whole precache list into this build's cache, all or nothing, each
//   file checked against this build's hash (FILES), so a file of another build (a deploy
//   half done, a stale CDN copy) fails the install and the old version stays. A file the
//   browser already holds with this build's bytes is taken from its HTTP cache (see
//   precacheCopy). No skipWaiting here: an open page keeps its version.
// Waiting: the new worker takes over only when a page asks ({type: "activate"}, sent by
//   register-sw.js when the player taps Reload on the "new version" banner) or when no
//   page uses the old one any more.
// Activate: delete the caches of other builds, take control of the open pages.
// Fetch: same-origin GETs are answered from this build's cache only, the query ignored
//   ("./?seed=5" is "./", the cached index.html). A miss goes to the network; the answer
//   is stored only if it is a file of this build (in FILES) and matches its hash, so a
//   newer build's file never enters this cache. Anything else goes to the network untouched.
//   One exception, online: the runtime's WebAssembly (see leftToTheBrowser).
// Static routes (Chrome 123+; elsewhere the fetch handler does the same): the precached
//   files, the page's address without a query and the runtime's wasm aside, are read from
//   this build's cache by the browser itself, without starting this worker or running its
//   handler (see addStaticRoutes).
const BUILD = "__BUILD_ID__";
const FILES = {} /* __FILES__ */;
const PRECACHE = [] /* __PRECACHE__ */;
const CACHE = `spades-${BUILD}`;

const HASHES = new Map(
  Object.entries(FILES).map(([url, hash]) => [new URL(url, self.location).href, hash]),
);

/** A URL (relative to this script) without its query and fragment, absolute. */
function bare(url) {
  const found = new URL(url, self.location);
  found.search = "";
  found.hash = "";
  return found.href;
}

/** A request for one of this build's files that fails unless the bytes are this build's. */
function checked(url) {
  return new Request(bare(url), { cache: "no-cache", integrity: HASHES.get(bare(url)) });
}

/** A URLPattern pathname that matches exactly ``pathname`` (its syntax characters escaped). */
function exactly(pathname) {
  return pathname.replace(/[\\*+?:(){}]/g, "\\$&");
}

/**
 * The precached files (but the .wasm, left to the fetch handler) go straight to this
 * build's cache: the browser answers them without waking the worker, which a return
 * visit otherwise waits for, once for the page and once for each file it asks for in
 * turn (PyScript's module, its config, its plugins, Pyodide's loader, the game's code).
 * Only addresses without a query: "./?seed=5" is answered by the handler, which ignores
 * the query. A file missing from the cache goes to the network (a cache this build
 * installed holds every precached file). Routes belong to this version of the worker:
 * a page it does not control yet is answered as before.
 */
function addStaticRoutes(event) {
  if (!event.addRoutes || !("URLPattern" in self)) return Promise.resolve();
  const scope = new URL(self.registration.scope);
  const site = { protocol: scope.protocol.slice(0, -1), hostname: scope.hostname, port: scope.port };
  const patterns = PRECACHE
    .map((url) => new URL(url, self.location).pathname)
    .filter((pathname) => !pathname.endsWith(".wasm"))
    .map((pathname) => ({ urlPattern: new URLPattern({ ...site, pathname: exactly(pathname), search: "" }) }));
  return event.addRoutes([{ condition: { or: patterns }, source: { cacheName: CACHE } }])
    .catch((error) => console.warn("The browser answers through this worker:", error));
}

/** The Subresource Integrity form of ``bytes``' SHA-512, as FILES writes it. */
async function integrityOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-512", bytes));
  return `sha512-${btoa(String.fromCharCode(...digest))}`;
}

/**
 * One of this build's files for the precache, as a response that is ok (else it throws):
 * the browser's own copy when it holds this build's bytes, else the network's. The
 * browser's copy is read as it is (force-cache, no request): fetched again, the runtime's
 * .wasm lost the code V8 had compiled and kept beside it, so the page's next visit
 * compiled it again (a return visit's Python started ~100 ms later than without the
 * worker, issue 30: e2e.startup's index/nosw). Its bytes are compared here rather than
 * by the fetch's integrity, which logs an error for every file a new build changed.
 */
async function precacheCopy(url) {
  const address = bare(url);
  try {
    const kept = await fetch(address, { cache: "force-cache" });
    if (kept.ok && await integrityOf(await kept.clone().arrayBuffer()) === HASHES.get(address)) {
      return kept;
    }
  } catch (error) {
    // None kept, or not readable: the network's, below.
  }
  const response = await fetch(checked(url));
  if (!response.ok) throw new TypeError(`${url}: ${response.status}`);
  return response;
}

/**
 * Whether the browser answered the last fetch of ``url`` from its HTTP cache (Resource
 * Timing: nothing crossed the network).
 */
function fromTheBrowser(url) {
  const entries = performance.getEntriesByName(bare(url));
  return entries.length > 0 && entries[entries.length - 1].transferSize === 0;
}

/**
 * Marked in this build's cache: the browser did not hold the runtime's wasm at this
 * install, just after the page had loaded it (an off-the-record window's HTTP cache, in
 * memory, has no room for its 9.6 MB). The page then asks for "pyodide.asm.wasm?cached"
 * (web/progress.js), which this worker answers from its cache, rather than the network.
 */
const NO_WASM_KEPT = "./no-wasm-kept";

self.addEventListener("install", (event) => {
  event.waitUntil(addStaticRoutes(event));
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => Promise.all(PRECACHE.map(async (url) => {
        const response = await precacheCopy(url);
        await cache.put(bare(url), response);
        if (url.endsWith(".wasm") && !fromTheBrowser(url)) {
          await cache.put(bare(NO_WASM_KEPT), new Response(""));
        }
      })))
      .catch((error) => caches.delete(CACHE).then(() => { throw error; })),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate") {
    self.skipWaiting();
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("spades-") && key !== CACHE).map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) {
    return cached;
  }
  if (HASHES.has(bare(request.url))) {
    // A file of this build missing from its cache (not precached, or the cache was
    // cleared): stored only if the network still has this build's bytes.
    try {
      const response = await fetch(checked(request.url));
      if (response.ok) {
        await cache.put(bare(request.url), response.clone());
        return response;
      }
    } catch (error) {
      // Another build's bytes (or no network): answered below, never stored.
    }
  }
  return fetch(request);
}

/**
 * The runtime's .wasm is left to the browser while the network is there and no other
 * build is on its way: V8 keeps the compiled code of a module beside its HTTP-cache entry,
 * never beside a response a service worker gives (Cache Storage, or even its own fetch),
 * so answered from here it was compiled again on every visit: a return visit was ready
 * at 1.55x the same page without a service worker, 1.0x with this (issue 30, e2e.startup).
 * Offline, or while a newer build installs or waits (its runtime may differ), this
 * build's cached copy answers as for any other file; and so it does for
 * "pyodide.asm.wasm?cached", which the page asks for when the browser holds no copy of
 * its own (web/progress.js: an off-the-record window's HTTP cache, in memory, has no room
 * for it, and every visit there downloaded its 9.6 MB again).
 */
function leftToTheBrowser(request) {
  const url = new URL(request.url);
  return url.pathname.endsWith(".wasm") && !url.search && self.navigator.onLine
    && !self.registration.installing && !self.registration.waiting;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin
      || leftToTheBrowser(request)) {
    return;
  }
  event.respondWith(respond(request));
});
