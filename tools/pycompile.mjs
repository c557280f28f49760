// Build step (Node, never shipped): compile the Python of a zip to bytecode with the page's
// own interpreter (Pyodide's CPython 3.14, so the magic number and the cache tag are the
// runtime's), as unchecked hash-based .pyc files: the importer uses them without looking
// at the source's date or hash (an archive's dates are fixed, its files' dates are the
// unpacking's).
//
//   node tools/pycompile.mjs <dist> <in.zip> <out.zip> sourceless|beside
//
// sourceless: each x.py becomes x.pyc (zipimport runs it; the standard library)
// beside:     x.py stays, x.pyc is added beside it (the game's archive, which zipimport
//             runs from the zip: it takes the .pyc, and tracebacks read the .py)
// Members keep their order and fixed date; the output is the same for the same input.
// beside also adds dataclass_code.bin: the methods @dataclass compiles as each module is
// imported, compiled here by their source text (web/dataclass_code.py uses them).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dist, input, output, mode] = process.argv.slice(2);
if (!["sourceless", "beside"].includes(mode)) throw new Error(`unknown mode ${mode}`);
const { loadPyodide } = await import(pathToFileURL(resolve(dist, "pyodide/pyodide.mjs")).href);
const pyodide = await loadPyodide({ stdout: () => {}, stderr: console.error });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def dataclass_code(names):
    """Import the archive's modules (the page's JavaScript faked), keeping the code that
    dataclasses compiles for their classes: {source text: code}, marshalled."""
    import importlib, marshal, types

    class Fake:
        def __getattr__(self, name):
            return Fake()

        def __call__(self, *args, **kwargs):
            return Fake()

    for name in ("js", "pyscript"):
        fake = types.ModuleType(name)
        fake.__getattr__ = lambda attribute: Fake()
        sys.modules[name] = fake
    sys.path.insert(0, "/tmp/in.zip")
    import dataclass_code  # the page's own module, from the archive

    recorded = dataclass_code.record()
    for name in names:
        module = name[:-3].replace("/", ".").removesuffix(".__init__")
        if module == "app":  # it starts the page; what it imports is imported on its own
            continue
        try:
            importlib.import_module(module)
        except Exception as error:  # its classes are compiled at start, as before
            print(f"pycompile: {module} not imported ({error!r})", file=sys.stderr)
    return marshal.dumps(recorded)


with zipfile.ZipFile("/tmp/in.zip") as source, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in source.infolist():
        data = source.read(info)
        if not info.filename.endswith(".py"):
            out.writestr(info, data)
            continue
        # Where the runtime finds it: the stdlib zip's path (tracebacks name it), or the
        # working directory (the source loader puts the real path in anyway).
        where = (f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
                 if "${mode}" == "sourceless" else "")
        code = compile(data, where + info.filename, "exec", dont_inherit=True)
        pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
        if "${mode}" == "sourceless":
            name = info.filename + "c"
        else:
            out.writestr(info, data)
            name = info.filename + "c"
        compiled = zipfile.ZipInfo(name, date_time=info.date_time)
        compiled.external_attr = info.external_attr
        compiled.create_system = info.create_system
        out.writestr(compiled, pyc, zipfile.ZIP_DEFLATED, 9)
    if "${mode}" == "beside":
        names = [info.filename for info in source.infolist() if info.filename.endswith(".py")]
        extra = zipfile.ZipInfo("dataclass_code.bin", date_time=(2020, 1, 1, 0, 0, 0))
        extra.external_attr = 0o644 << 16
        out.writestr(extra, dataclass_code(names), zipfile.ZIP_DEFLATED, 9)
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
