"""The four-seat room's trust in a host's page come back (issue 47; web/party_game.py), under
CPython: the page's ``pyscript`` and ``pyodide`` modules are stand-ins, and the party's
methods run on a fake page that records what it sends. A friend's page takes a page for
the host again only when it shows the secret whose SHA-256 the host's start gave; a
"resume" from any other page is not heard."""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import page_module

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

PAGE_MODULES = ("party_game", "party_room", "party_state", "mesh", "peer", "room", "record",
                "duplicate", "replay", "marking", "record_room", "pool", "sounds", "clock",
                "hints", "reactions", "talk")
SECRET = "5a" * 16
TOKEN = "7b" * 16


@pytest.fixture
def party(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """web/party_game.py, imported afresh with the browser's modules stood in for."""
    yield from page_module(monkeypatch, "party_game", PAGE_MODULES)


def friends_page(party: Any) -> tuple[Any, Any, list[tuple[dict[str, Any], str | None]]]:
    """A friend's page at West in a game under way, the host's page known as "old"."""
    import party_room
    from party_state import Party, proof_of

    state = Party("K7QM-3FHX-P9WC", host=False)
    state.state, state.seat, state.host_peer = "playing", 3, "old"
    state.host_token = proof_of(SECRET)
    state.seat_token = TOKEN
    state.seats_of = {"old": frozenset({0, 2}), "north": frozenset({1})}
    sent: list[tuple[dict[str, Any], str | None]] = []
    resumed: list[dict[str, Any]] = []
    page = types.SimpleNamespace(
        party=state, prefs=types.SimpleNamespace(name="Bo"),
        party_send=lambda data, to=None: sent.append((data, to)),
        party_resume_here=lambda _party, data: resumed.append(data))
    page.resumed = resumed
    page.party_hello = lambda party: party_room.PartyRoom.party_hello(page, party)
    return page, state, sent


@pytest.mark.parametrize("token", [None, 7, "", "6" * 32, SECRET + "0", SECRET.upper()])
def test_a_page_without_the_hosts_secret_is_not_taken_for_the_host(party: Any,
                                                                  token: object) -> None:
    page, state, sent = friends_page(party)
    party.PartyGame.party_host_back(page, state, "intruder", token)
    assert state.host_peer == "old"
    assert "intruder" not in state.seats_of
    assert sent == []


def test_the_hosts_page_come_back_with_its_secret_is_the_host_again(party: Any) -> None:
    page, state, sent = friends_page(party)
    party.PartyGame.party_host_back(page, state, "new", SECRET)
    assert state.host_peer == "new"
    assert state.seats_of["new"] == frozenset({0, 2}) and "old" not in state.seats_of
    assert sent == [({"t": "hi", "name": "Bo", "seat": 3, "seat_token": TOKEN}, "new")]


def test_a_resume_is_heard_from_the_host_alone(party: Any) -> None:
    page, state, _sent = friends_page(party)
    message = {"t": "resume", "game": "{}", "chain": "0" * 64, "seat": 3}
    asyncio.run(party.PartyGame.party_game_message(page, state, "north", message))
    assert page.resumed == []
    asyncio.run(party.PartyGame.party_game_message(page, state, "old", message))
    assert page.resumed == [message]


@pytest.mark.parametrize("proof", [None, 1, "", "g" * 64, "A" * 64, "0" * 63, "0" * 65])
def test_a_start_without_a_proof_we_could_check_gives_none(party: Any, proof: object) -> None:
    from party_state import told_proof

    assert told_proof({"host_proof": proof}) == ""
    assert told_proof({"host_proof": "0a" * 32}) == "0a" * 32


def hosts_page(state: Any) -> Any:
    resumed: list[Any] = []
    page = types.SimpleNamespace(
        party=state, prefs=types.SimpleNamespace(name="Al"), resumed=resumed,
        party_host_resume=lambda party: resumed.append(party),
        party_room_changed=lambda: None)
    return page


@pytest.mark.parametrize("token", ["", "00" * 16, TOKEN.upper()])
def test_the_hosts_page_come_back_seats_no_page_without_the_seats_secret(
        party: Any, token: str) -> None:
    from party_state import COMPUTER, WAITING, Party

    state = Party("K7QM-3FHX-P9WC", host=True)
    state.state, state.plan = "host-back", ["", WAITING, COMPUTER, COMPUTER]
    state.seat_tokens = {1: TOKEN}
    page = hosts_page(state)
    party.PartyGame.party_seat_back(page, state, "stranger", 1, token)
    assert state.plan[1] == WAITING and "stranger" not in state.seats_of
    party.PartyGame.party_seat_back(page, state, "east", 1, TOKEN)
    assert state.plan[1] == "east" and state.seats_of["east"] == frozenset({1})
    assert page.resumed == [state]  # (every seat taken: the game goes on at once)


@pytest.mark.parametrize("token", [None, "", "00" * 16])
def test_a_seat_left_is_given_back_only_with_its_secret(party: Any, token: object) -> None:
    import party_room
    from party_state import Party

    state = Party("K7QM-3FHX-P9WC", host=True)
    state.state, state.left_seats = "playing", {2}
    state.seat_tokens = {2: TOKEN}
    state.side = types.SimpleNamespace(hold=False)  # type: ignore[assignment]
    page = hosts_page(state)
    party_room.PartyRoom.party_hi(page, state, "stranger",
                                  {"t": "hi", "name": "X", "back": 2, "seat_token": token})
    assert state.returning is None and not state.side.hold
    party_room.PartyRoom.party_hi(page, state, "north",
                                  {"t": "hi", "name": "Cy", "back": 2, "seat_token": TOKEN})
    assert state.returning == (2, "north") and state.side.hold
