"""Table talk that cannot cheat (issue 47): the React button in the table's tools, its menu
of preset reactions, and each reaction's bubble by the seat it came from, said in the
page's live region.

web/reactions.py holds the reactions, their words and the pace (``Gate``); this room
shows them. The button is there only while an online game is on with a page that
understands reactions (its hello said so: ``Link.talks``). A reaction received names no
seat: it is the seat of the page it came from (``reaction_heard``), so the same code
serves a table of four. Its words are this page's own translation of its key, never text
from the other page.

The menu follows the menu button pattern: the button says it opens a menu
(aria-haspopup, aria-expanded); the arrow keys move among the items (up and down through
them all, left and right between the columns where the menu has two), Home and End to the
first and the last, Enter or Space sends, and Escape or Tab closes it with the keyboard back
on the button (on Menu, where the tools fold behind it); a tap beside it closes it too.
"""

from __future__ import annotations

import asyncio
from typing import Any

import reactions
import table
from pyscript import document, window
from room import Room, element


class Talk(Room):
    def talk_on(self) -> bool:
        """Reactions can be sent now: an online game on the table, its channel open, and
        the other page said it understands them."""
        link = self.link
        return (link is not None and self.online_playing() and link.state == "open"
                and link.talks)

    def talk_action(self, name: str) -> bool:
        """The React button, its menu's items and the tap beside the menu; False for an
        action of another room."""
        key = reactions.action_key(name)
        if name == "react":
            if not element("react-box").hidden:
                self.close_reactions(focus_back=True)
            else:
                self.open_reactions()
        elif name == "react-close":
            self.close_reactions(focus_back=False)
        elif key is not None:
            self.send_reaction(key)
        else:
            return False
        return True

    def talk_resting(self) -> bool:
        """Your last reaction was sent too short a while ago to send another."""
        return not self.talk_sent.allows(self.ui.viewer, window.performance.now())

    def open_reactions(self) -> None:
        if not self.talk_on() or self.talk_resting():
            return
        self.render_talk()  # (the items in the page's language now)
        menu = element("react-menu")
        element("react-box").hidden = False
        element("react-scrim").hidden = False
        element("react-button").setAttribute("aria-expanded", "true")
        first = menu.querySelector('[role="menuitem"]')
        if first:
            first.focus()

    def close_reactions(self, focus_back: bool) -> None:
        """The menu closes; ``focus_back``: the keyboard goes back to the React button (to
        Menu where the tools are folded behind it, else to the table)."""
        box = element("react-box")
        inside = box.contains(document.activeElement)
        box.hidden = True
        element("react-scrim").hidden = True
        button = element("react-button")
        button.setAttribute("aria-expanded", "false")
        if not (focus_back or inside):
            return
        for target in (button, element("menu-button")):
            if not target.hidden and target.checkVisibility():
                target.focus()
                return
        self.focus_table()

    def send_reaction(self, key: str) -> None:
        """Your reaction: sent to the other page, shown by your seat and said."""
        link = self.link
        if link is None or not self.talk_on():
            self.close_reactions(focus_back=True)
            return
        seat = self.ui.viewer
        if not self.talk_sent.let_through(seat, window.performance.now()):
            return  # (the button rests meanwhile: a second tap of a double tap)
        self.online_send(link, reactions.envelope(key))
        self.close_reactions(focus_back=True)
        self.show_reaction(seat, key, reactions.sent_text(key))
        self.spawn(self.talk_rests())

    async def talk_rests(self) -> None:
        """The React button comes back once the pace allows another reaction."""
        await asyncio.sleep(reactions.SEND_GAP_MS / 1000 + 0.05)
        self.render_talk()

    def reaction_heard(self, seat: int, data: dict[str, Any]) -> None:
        """A reaction from the page at ``seat``: shown and said if its key is known and
        the pace allows it; anything else is dropped without a word (hostile input never
        ends the game, and is never shown)."""
        key = reactions.key_of(data)
        if key is None or not self.online_playing():
            return
        if not self.talk_heard.let_through(seat, window.performance.now()):
            return
        name = table.seat_name(seat, self.game.rules.players)  # (online: the player's)
        self.show_reaction(seat, key, reactions.said_text(name, key))

    def show_reaction(self, seat: int, key: str, said: str) -> None:
        """The bubble by ``seat`` for a while (a newer one replaces it), and ``said``."""
        self.bubble_count += 1
        self.bubbles[seat] = (key, self.bubble_count)
        self.render()
        self.announce(said)
        self.spawn(self.reaction_ends(seat, self.bubble_count))

    async def reaction_ends(self, seat: int, number: int) -> None:
        await asyncio.sleep(reactions.SHOWN_MS / 1000)
        shown = self.bubbles.get(seat)
        if shown is not None and shown[1] == number:
            del self.bubbles[seat]
            self.render()

    def reaction_bubble(self, seat: int) -> str:
        """The bubble by ``seat``'s panel now ("" for none)."""
        shown = self.bubbles.get(seat)
        if shown is None or not self.online_playing():
            return ""
        return reactions.bubble_html(shown[0])

    def render_talk(self) -> None:
        """The React button (at rest for a while after a reaction: aria-disabled, so it
        keeps the keyboard) and its menu's items; the menu closes when talk is over."""
        button = element("react-button")
        on = self.talk_on()
        button.hidden = not on
        resting = on and self.talk_resting()
        if resting:
            button.setAttribute("aria-disabled", "true")
        elif button.hasAttribute("aria-disabled"):
            button.removeAttribute("aria-disabled")
        self.set_html("react-menu", reactions.menu_html())
        if (not on or resting) and not element("react-box").hidden:
            self.close_reactions(focus_back=False)

    def talk_key(self, event: Any) -> bool:
        """The keys of the open menu (see the module's docstring). True if the key was
        used; Enter and Space are the item's own (its click sends it)."""
        if element("react-box").hidden:
            return False
        menu = element("react-menu")
        key = str(event.key)
        if key in ("Escape", "Tab"):
            self.close_reactions(focus_back=True)
            return True
        items = list(menu.querySelectorAll('[role="menuitem"]'))
        if not items:
            return False
        active = document.activeElement
        index = next((i for i, item in enumerate(items) if item == active), -1)
        target = None
        if key == "Home":
            target = items[0]
        elif key == "End":
            target = items[-1]
        elif key == "ArrowDown":
            target = items[(index + 1) % len(items)]
        elif key == "ArrowUp":
            target = items[(index - 1) % len(items)] if index >= 0 else items[-1]
        elif key in ("ArrowLeft", "ArrowRight"):
            target = beside(items, max(index, 0), key == "ArrowRight")
        else:
            return False
        target.focus()
        return True


def beside(items: list[Any], index: int, right: bool) -> Any:
    """The item in the next column on the same row as ``items[index]`` (the menu has two
    columns on a short screen), else the item itself (one column: nowhere to go)."""
    here = items[index].getBoundingClientRect()
    row = [item for item in items
           if abs(float(item.getBoundingClientRect().top) - float(here.top)) < 4]
    row.sort(key=lambda item: float(item.getBoundingClientRect().left))
    place = row.index(items[index]) if items[index] in row else 0
    step = 1 if right else -1
    return row[(place + step) % len(row)] if len(row) > 1 else items[index]
