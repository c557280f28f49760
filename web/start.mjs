// The game page's interpreter (pyscript.json "interpreter"; build.py writes this file to
// dist/pyodide/start.mjs and stamps __SNAPSHOT__): Pyodide's own loadPyodide, started
// from a memory snapshot on a return visit.
//
// The snapshot (made at build time by tools/snapshot.mjs under Node) is an interpreter that
// has already started and imported the engine and the standard library the page uses;
// restoring it skips Python's start-up. It is used only when the service worker has it
// cached (a first visit never waits for it), and any failure (another Pyodide build, a
// damaged file) falls back to a normal start. Its name carries its hash, so a page only
// ever finds the snapshot of its own build.
//
// A snapshot freezes the state of the random module: it is reseeded from the system's
// entropy straight after the restore, so games still differ (new games' seeds come from
// random.SystemRandom anyway). It also freezes str's hash secret (set and dict orders of
// strings are the same on every start from one build, as with a fixed PYTHONHASHSEED).
import { loadPyodide as load, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = new URL("./__SNAPSHOT__", import.meta.url).href;

async function cachedSnapshot() {
  if (!("caches" in globalThis)) return null;
  try {
    return (await caches.match(SNAPSHOT)) ?? null;
  } catch {
    return null;
  }
}

async function unpack(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  // ?snapshot=0 starts without it (python -m e2e.startup compares both).
  const params = new URLSearchParams(globalThis.location?.search);
  // ?pyc=0 (a build with SPADES_PYC_AB=1): the standard library's sources, not its .pyc,
  // and so never the snapshot (made over the .pyc: its import caches name their offsets).
  const sources = params.get("pyc") === "0";
  if (sources) {
    options = { ...options, stdLibURL: new URL("./python_stdlib.source.zip", import.meta.url).href };
  }
  const wanted = params.get("snapshot") !== "0" && !sources;
  performance.mark("spades:start");
  const cached = wanted ? await cachedSnapshot() : null;
  performance.mark("spades:checked");
  if (cached) {
    try {
      // A promise: Pyodide fetches and compiles its wasm meanwhile.
      const snapshot = unpack(cached);
      snapshot.catch(() => {});  // a damaged file fails the load below, not unhandled
      const pyodide = await load({ ...options, _loadSnapshot: snapshot });
      pyodide.runPython("__import__('random').seed()");
      if (globalThis.document) document.documentElement.dataset.snapshot = "";
      return pyodide;
    } catch (error) {
      console.warn("Started without the snapshot:", error);
    }
  }
  return load(options);
}
