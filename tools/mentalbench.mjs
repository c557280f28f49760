// Measurement (Node, never shipped): the mental-poker benchmark of spades/lab/mentalbench.py
// under the page's own Pyodide (dist/pyodide, unpacked by `python build.py`), since the
// browser is where the protocol will run.  The game's Python is copied from this worktree's
// spades/ (the build leaves spades/lab out of the site).  Node's WebAssembly is the same V8
// engine as Chromium's.
//
//   node tools/mentalbench.mjs [--hands N] [--table two-handed] [--small]
//   node tools/mentalbench.mjs --four [--blind] [--hands N]   (spades/lab/ndealbench.py: four)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(join(root, "dist/pyodide/pyodide.mjs")).href);
const pyodide = await loadPyodide({ stdout: console.log, stderr: console.error });

function copy(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copy(path, `${to}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${to}/${name}`, readFileSync(path));
    }
  }
}
copy(join(root, "spades"), "/home/pyodide/spades");
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
pyodide.globals.set("hands", Number(option("--hands", "3")));
pyodide.globals.set("table", option("--table", "duel"));
pyodide.globals.set("small", process.argv.includes("--small"));
pyodide.globals.set("four", process.argv.includes("--four"));
pyodide.globals.set("blind", process.argv.includes("--blind"));
pyodide.runPython(`
import sys
from spades.lab import mentalbench, ndealbench
print(f"Pyodide {sys.version.split()[0]} under Node ${process.version}")
if four:
    ndealbench.report(ndealbench.run(hands, blind), blind)
else:
    mentalbench.report(mentalbench.run(hands, table, small))
`);
