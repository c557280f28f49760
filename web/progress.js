// A first visit's progress, and a return visit's runtime from what the browser holds
// (issue 45). JavaScript because both happen before Python runs: the runtime is what is
// being fetched.
//
// 1. A visit no service worker controls (a first visit) fetches some 13 MB before the
//    game can start; on a slow network that is many seconds. It shows how much has come,
//    in words and a bar, in the player's language ("Getting the game ready: 4.1 of 13.9
//    MB"). build.py stamps DATA: the files a start fetches and their sizes (so the bar
//    needs no Content-Length, which a compressing host leaves out), and each language's
//    words, taken from the gettext catalogs (web/progress_words.py), which stay the only
//    source of translations. The bytes are counted as they arrive, without touching what
//    the runtime gets: a fetch's response (the runtime's wasm, the standard library, the
//    game's archive) is cloned and the clone read, the original going on untouched to
//    the page (V8 still keeps the wasm's compiled code beside its HTTP-cache entry: a
//    Response made here would lose it); a module script (PyScript's, Pyodide's loader)
//    counts once it has come (Resource Timing). Before the header shows, its words are
//    written in that language too (DATA has them: their length decides its rows), so it
//    keeps its size when Python makes it visible. A visit the service worker controls shows
//    none of it (its files are at hand), nor a painted table (its quiet line says it).
// 2. On a visit the service worker controls, the runtime's wasm is left to the browser's
//    HTTP cache (web/sw.js, leftToTheBrowser: V8 keeps the compiled code only there), and a
//    profile's cache holds it. An off-the-record window's cache lives in memory and has no
//    room for a file of 9.6 MB, so every visit there downloaded it again: when the worker
//    found at its install that the browser had kept no copy (its mark "no-wasm-kept" in
//    its cache), the page asks for "pyodide.asm.wasm?cached", which it answers from its
//    cache. (A look at the HTTP cache itself, a fetch with cache "only-if-cached", says
//    "Failed to load resource" on the console each time it finds nothing.)
(function () {
  "use strict";
  const DATA = {} /* __PROGRESS__ */;
  const root = document.documentElement;
  const fetched = window.fetch;
  const page = new URL(".", location.href).href;
  const wasm = page + DATA.wasm;
  const controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);

  function href(input) {
    return input instanceof Request ? input.url : new URL(String(input), location.href).href;
  }

  // The page's language as web/i18n.py choose_language finds it: ?lang=, else the one
  // chosen in Options (web/store.py keeps it in "spades.prefs"), else the browser's.
  function language() {
    const known = (code) => typeof code === "string" && Object.hasOwn(DATA.words, code);
    const forced = new URLSearchParams(location.search).get("lang");
    if (known(forced)) return forced;
    try {
      const prefs = JSON.parse(localStorage.getItem("spades.prefs") || "{}");
      if (prefs && known(prefs.lang)) return prefs.lang;
    } catch (error) {
      // Unreadable preferences: Python sets them aside; the browser's languages decide.
    }
    for (const tag of navigator.languages || [navigator.language]) {
      const code = String(tag).split(/[-_]/)[0].toLowerCase();
      if (known(code)) return code;
    }
    return "en";
  }

  // 2. The wasm on a return visit: the browser's copy if it has one, else the worker's.
  if (controlled) {
    const kept = caches.match(page + "no-wasm-kept").then((mark) => !mark, () => true);
    window.fetch = function (input, init) {
      if (href(input) !== wasm) return fetched.apply(this, arguments);
      return kept.then((ok) => fetched(ok ? input : wasm + "?cached", init));
    };
    return;
  }

  // 1. A first visit: what has come of each file (URL -> bytes), shown as it grows.
  const sizes = new Map(Object.entries(DATA.files).map(([path, size]) => [page + path, size]));
  const total = Array.from(sizes.values()).reduce((a, b) => a + b, 0);
  const come = new Map();
  const lang = language();
  const words = DATA.words[lang];
  const megabytes = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const box = document.getElementById("download");
  const bar = document.getElementById("download-bar");
  const line = document.getElementById("download-words");
  let shown = "";
  let frame = 0;

  function show() {
    frame = 0;
    if (root.hasAttribute("data-ready")) return;
    let done = 0;
    for (const bytes of come.values()) done += bytes;
    done = Math.min(done, total);
    const text = words.progress.replace("{done}", megabytes.format(done / 1e6))
      .replace("{total}", megabytes.format(total / 1e6));
    if (text === shown) return;
    shown = text;
    line.textContent = text;
    bar.max = total;
    bar.value = done;
    box.hidden = false;
  }

  function add(url, bytes) {
    come.set(url, Math.max(come.get(url) || 0, bytes));
    if (!frame) frame = requestAnimationFrame(show);
  }

  async function count(url, response) {
    let bytes = 0;
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        add(url, bytes);
      }
    } catch (error) {
      // The page's own fetch meets the same failure and says so.
    }
  }

  if (!box || !bar || !line || !words || !total) return;
  if (root.hasAttribute("data-painted")) return;  // the painted table's quiet line says it
  // The header's words in the player's language, as Python will write them (web/room.py
  // translate_page, which finds the message in data-i18n): their lengths decide its rows,
  // so it keeps its size when they become visible. (Hidden until then: table.css.)
  for (const node of document.querySelectorAll("header.bar [data-i18n]")) {
    const message = node.getAttribute("data-i18n") || node.textContent.trim().split(/\s+/).join(" ");
    if (Object.hasOwn(words.header, message)) {
      node.setAttribute("data-i18n", message);
      node.textContent = words.header[message];
    }
  }
  bar.setAttribute("aria-label", words.label);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (sizes.has(entry.name)) add(entry.name, entry.decodedBodySize || sizes.get(entry.name));
    }
  }).observe({ type: "resource", buffered: true });
  window.fetch = function (input, init) {
    const answer = fetched.apply(this, arguments);
    const url = href(input);
    if (sizes.has(url)) {
      // Cloned before the caller's own then() can read the body (this one was first).
      answer.then((response) => { if (response.body) count(url, response.clone()); }, () => {});
    }
    return answer;
  };
  show();
})();
