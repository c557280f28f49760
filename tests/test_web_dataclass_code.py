"""web/dataclass_code.py: dataclasses take the build's compiled methods by their source text,
and compile what the build did not see (or everything, when its file is damaged)."""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Iterator
from pathlib import Path
from types import CodeType
from typing import Any

import dataclass_code
import pytest


@pytest.fixture(autouse=True)
def plain_dataclasses() -> Iterator[None]:
    """Each test starts and ends with dataclasses compiling as usual (web/worker.py, which
    other tests import, installs the build's code, here none, as it is imported)."""

    def plain() -> None:
        if "exec" in vars(dataclasses):
            del dataclasses.exec  # type: ignore[attr-defined]
        dataclass_code.compiled_here = 0

    plain()
    yield
    plain()


def make_class() -> Any:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Seat:
        name: str
        tricks: int = 0
        cards: tuple[str, ...] = ()

    return Seat


def recorded_code() -> dict[str, CodeType]:
    """What the build keeps (tools/pycompile.mjs, by ``record``): each source dataclasses
    compiles, with its code."""
    recorded = dataclass_code.record()
    make_class()
    del dataclasses.exec  # type: ignore[attr-defined]
    assert recorded
    assert dataclass_code.compiled_here == 0  # kept, not counted as compiled at start
    return recorded


def test_a_class_the_build_saw_is_made_without_compiling(tmp_path: Path) -> None:
    path = tmp_path / "code.bin"
    path.write_bytes(marshal.dumps(recorded_code()))
    assert dataclass_code.install(str(path)) > 0
    seat_class = make_class()
    seat = seat_class("West", 3)
    assert dataclass_code.compiled_here == 0
    assert seat == seat_class("West", 3) and seat != seat_class("West", 4)
    assert repr(seat).endswith("Seat(name='West', tricks=3, cards=())")
    with pytest.raises(dataclasses.FrozenInstanceError):
        seat.tricks = 4


def test_a_class_the_build_did_not_see_is_compiled(tmp_path: Path) -> None:
    path = tmp_path / "code.bin"
    path.write_bytes(marshal.dumps(recorded_code()))
    dataclass_code.install(str(path))

    @dataclasses.dataclass(frozen=True)
    class Other:
        points: int

    assert dataclass_code.compiled_here > 0
    assert Other(5) == Other(5)


@pytest.mark.parametrize("content", [b"", b"\x00garbage", marshal.dumps([1, 2]),
                                     marshal.dumps({"source": 7})])
def test_a_missing_or_damaged_file_compiles_as_before(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "code.bin"
    path.write_bytes(content)
    assert dataclass_code.install(str(path)) == 0
    assert make_class()("North").name == "North"
    assert dataclass_code.install(str(tmp_path / "missing.bin")) == 0
    assert make_class()("East").tricks == 0


def test_every_dataclass_of_the_page_and_the_engine_has_its_own_docstring() -> None:
    """A dataclass without one gets a docstring made at import from inspect.signature
    (Python 3.13 and later): twelve of them cost the page about 5 ms of every start (issue
    30, profiled). The measuring tools (spades/lab/) never run in the page."""
    import ast

    root = Path(__file__).resolve().parents[1]
    sources = [*root.joinpath("web").glob("*.py"),
               *(path for path in root.joinpath("spades").rglob("*.py") if "lab" not in path.parts)]
    bare = [f"{path.relative_to(root)}: {node.name}"
            for path in sources
            for node in ast.walk(ast.parse(path.read_text("utf-8")))
            if isinstance(node, ast.ClassDef)
            and any("dataclass" in ast.unparse(decorator) for decorator in node.decorator_list)
            and ast.get_docstring(node) is None]
    assert bare == []
