// Build step (Node, never shipped): a Pyodide memory snapshot of an interpreter that has
// imported the game's modules, for web/start.mjs to start from on return visits.
//
//   node tools/snapshot.mjs <dist> <out> <module>...
//
// Pyodide is loaded from <dist>/pyodide (the very files the page runs: a snapshot
// carries Pyodide's BUILD_ID and restoring it into another build fails), with the
// page's trimmed standard library; <dist>/spades.zip is written into the working
// directory and put on sys.path, as the page does
// (build.py CODE_ARCHIVE), so the modules' __file__ are the page's. Only modules that
// hold no JavaScript object may be imported (a snapshot can only name globals such as
// `js.Object`): the engine, the standard library and the page's modules that import
// neither js nor pyscript. A module that fails to import is left out, with a warning.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dist, out, ...modules] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(dist, "pyodide/pyodide.mjs")).href);

const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: console.error });
pyodide.FS.writeFile("/home/pyodide/spades.zip", readFileSync(resolve(dist, "spades.zip")));
const left = pyodide.runPython(`
def _prepare(modules):
    import gc, importlib, os, sys
    sys.path.insert(0, os.path.join(os.getcwd(), "spades.zip"))
    left = []
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception as error:
            left.append(f"{name}: {error!r}")
    gc.collect()
    return "\\n".join(left)
try:
    _left = _prepare(${JSON.stringify(modules)})
finally:
    del _prepare
_left
`);
pyodide.runPython("del _left");
if (left) console.warn(`snapshot.mjs: left out\n${left}`);
writeFileSync(out, pyodide.makeMemorySnapshot());
