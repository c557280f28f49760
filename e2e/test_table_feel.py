"""The table as a player feels it (issue 7): no tap the rules allow is ever lost, the trick
tells its story (winner, leader, spades broken, Last trick with names), the summary waits
for the last trick, and the finishing touches (Help at its top, the Daily game entry, the
Blind Nil buttons, raised and dimmed cards, the speed in effect, the bid grid's arrows,
the tab title, game over's hand count, card sounds).

Crafted saves (made here with the engine) put the table one card before the moment under
test; the guarded `page` fixture fails a test on any page error or console error.
"""

from __future__ import annotations

import json
from typing import Any

from e2e.support import (
    open_game,
    open_with_storage,
    play_to,
    save_text,
    saved_game,
    saved_record,
    start_todays_game,
    tap,
    wait_your_turn,
)
from spades import PRESETS, Card, Game, Phase, Play
from spades.tricks import trick_winner

SEATS = ("South", "West", "North", "East")


def winning_card(game: Game) -> str | None:
    """A card of yours that ends the trick on the table and wins it, if there is one."""
    plays = [(seat, card.index) for seat, card in game.trick.plays]
    for action in game.legal_actions():
        assert isinstance(action, Play)
        if trick_winner([*plays, (0, action.card.index)]) == 0:
            return str(action.card)
    return None


def before_your_winning_card(last_trick: bool = False) -> tuple[Game, str]:
    """A classic game where three cards are on the table, you are last to play and one of
    your cards wins the trick (in the hand's last trick if ``last_trick``)."""
    for seed in range(1, 400):
        game = Game.new(PRESETS["classic"], seed=seed)
        for _ in range(13):
            game = play_to(game, lambda g: (g.phase is Phase.PLAY and g.turn == 0
                                            and len(g.trick.plays) == 3) or len(g.history) > 0)
            if game.history:
                break
            card = winning_card(game)
            if card and (not last_trick or len(game.hands[0]) == 1):
                return game, card
            game = game.apply(game.legal_actions()[0])
    raise AssertionError("no such deal")


def trick_cards(page: Any) -> int:
    return int(page.evaluate("() => document.querySelectorAll('#trick [data-card]').length"))


def test_a_tap_while_the_won_trick_is_held_plays_the_card(page: Any) -> None:
    game, card = before_your_winning_card()
    open_with_storage(page, {"spades.game": save_text(game)}, "speed=normal")
    tap(page, f'#hand [data-card="{card}"]')
    page.wait_for_function("() => document.querySelectorAll('#trick [data-card]').length === 4")
    # The trick is held on the table: the winning card is marked, the winner named.
    assert page.locator(f'#trick [data-card="{card}"]').get_attribute("data-winner") == "true"
    assert page.locator("#notice").inner_text() == "You win the trick."
    leader = game.trick.plays[0][0]
    assert page.locator(f'#trick [data-seat="{leader}"]').get_attribute("data-led") == "true"
    after = game.apply(Play(Card.parse(card)))
    lead = next(str(a.card) for a in after.legal_actions() if isinstance(a, Play))
    # You lead next: a tap now, while the trick is still shown, plays the card.
    held = page.evaluate("""(lead) => {
        const shown = document.querySelectorAll('#trick [data-card]').length;
        document.querySelector(`#hand [data-card="${lead}"]`).click();
        return shown;
    }""", lead)
    assert held == 4
    page.wait_for_selector(f'#hand [data-card="{lead}"]', state="detached", timeout=5_000)
    saved = saved_game(page)
    assert saved.tricks[-1].winner == 0 or len(saved.tricks) > len(game.tricks)
    assert Play(Card.parse(lead)) in saved.actions
    assert page.locator(f'#trick [data-card="{lead}"]').count() == 1


def test_an_illegal_tap_while_the_trick_is_held_is_explained(page: Any) -> None:
    game, card = before_your_winning_card()
    after = game.apply(Play(Card.parse(card)))
    refused = next((str(c) for c in after.hands[0] if after.explain(Play(c)) is not None), None)
    assert refused is not None, "this deal must hold a card you may not lead (a spade)"
    open_with_storage(page, {"spades.game": save_text(game)}, "speed=normal")
    tap(page, f'#hand [data-card="{card}"]')
    page.wait_for_function("() => document.querySelectorAll('#trick [data-card]').length === 4")
    page.evaluate("(c) => document.querySelector(`#hand [data-card=\"${c}\"]`).click()", refused)
    message = after.explain(Play(Card.parse(refused)))
    assert message is not None
    page.wait_for_function("(t) => document.querySelector('#notice').textContent === t",
                           arg=message.message, timeout=2_000)
    assert page.locator(f'#hand [data-card="{refused}"]').count() == 1


def test_the_last_trick_is_seen_before_the_summary_and_next_hand_works_at_once(
        page: Any) -> None:
    game, card = before_your_winning_card(last_trick=True)
    open_with_storage(page, {"spades.game": save_text(game)}, "speed=normal")
    tap(page, f'#hand [data-card="{card}"]')
    page.wait_for_function("() => document.querySelectorAll('#trick [data-card]').length === 4")
    assert page.locator("#summary").is_hidden()  # the 13th trick is not covered at once
    page.wait_for_selector("#summary", state="visible", timeout=5_000)
    # The first click on Next hand, as soon as it is shown, moves on.
    page.locator('[data-action="next-hand"]').click()
    page.wait_for_selector("#summary", state="hidden", timeout=2_000)
    assert saved_record(page)["ui"]["summary"] is False
    assert saved_game(page).hand_number == game.hand_number + 1


def test_last_trick_shows_each_card_under_its_seat_with_leader_and_winner(page: Any) -> None:
    game, card = before_your_winning_card()
    open_with_storage(page, {"spades.game": save_text(game)}, "speed=instant")
    tap(page, f'#hand [data-card="{card}"]')
    page.wait_for_function("() => !document.querySelector('#last-trick-button').disabled")
    page.locator('[data-action="last-trick"]').click()
    body = page.locator("#last-trick-body")
    plays = [*game.trick.plays, (0, Card.parse(card))]
    for seat, played in plays:
        cell = body.locator(f'[data-seat="{seat}"]')
        assert cell.locator(".last-name").inner_text().startswith("You" if seat == 0
                                                                  else SEATS[seat])
        assert cell.locator("[data-card]").get_attribute("data-card") == str(played)
    leader = plays[0][0]
    assert body.locator(f'[data-seat="{leader}"]').get_attribute("data-led") == "true"
    assert body.locator('[data-seat="0"]').get_attribute("data-winner") == "true"
    assert body.locator('[data-winner="true"]').count() == 1


def test_spades_broken_indicator(page: Any) -> None:
    game = play_to(Game.new(PRESETS["classic"], seed=8),
                   lambda g: g.phase is Phase.PLAY and g.spades_broken and g.turn == 0)
    open_with_storage(page, {"spades.game": save_text(game)}, "speed=instant")
    assert page.locator("#broken").is_visible()
    fresh = play_to(Game.new(PRESETS["classic"], seed=8),
                    lambda g: g.phase is Phase.PLAY and g.turn == 0)
    assert not fresh.spades_broken
    open_with_storage(page, {"spades.game": save_text(fresh)}, "speed=instant")
    assert page.locator("#broken").is_hidden()


def test_help_opens_at_its_top(page: Any) -> None:
    open_game(page, "seed=2&speed=instant&level=easy")
    page.locator('header [data-action="help"]').click()
    page.wait_for_selector("#help[open]")
    assert page.evaluate("() => document.querySelector('#help').scrollTop") == 0
    title = page.locator("#help-title").bounding_box()
    dialog = page.locator("#help").bounding_box()
    assert title and dialog and title["y"] >= dialog["y"]
    # A contents list jumps to a section.
    page.locator('#help a[href="#help-scoring"]').click()
    page.wait_for_function("() => document.querySelector('#help').scrollTop > 0")


def test_daily_game_entry_starts_the_daily_game(page: Any) -> None:
    import datetime

    from spades.daily import seed_for

    open_game(page, "seed=5&speed=instant&level=easy")
    page.locator('header [data-action="options"]').click()
    page.locator('#options [data-action="today"]').click()
    dialog = page.locator("#today")
    page.wait_for_selector("#today[open]")
    assert "today" in dialog.locator("h2").inner_text().lower()
    primary = dialog.locator("button.primary")
    assert primary.count() == 1 and "today" in primary.inner_text().lower()
    start_todays_game(page)
    y, m, d = page.evaluate("() => { const n = new Date(); "
                            "return [n.getFullYear(), n.getMonth() + 1, n.getDate()]; }")
    assert saved_game(page).seed == seed_for(datetime.date(y, m, d))
    assert saved_record(page)["ui"]["daily"] is True


def gold(page: Any, selector: str) -> str:
    return str(page.locator(selector).evaluate("e => getComputedStyle(e).backgroundColor"))


def test_blind_nil_choice_buttons_have_the_primary_style(page: Any) -> None:
    open_game(page, "seed=1&table=blind-nil&speed=instant&level=easy")
    page.wait_for_selector('[data-action="look"]')
    primary = page.evaluate("""() => {
        const b = document.createElement('button'); b.className = 'primary';
        document.querySelector('#options .row').append(b);
        const c = getComputedStyle(b).backgroundColor; b.remove(); return c; }""")
    assert gold(page, '[data-action="look"]') == primary
    # The Blind Nil bid keeps its own dark style beside it (#1d1d1f), not the plain pill.
    assert gold(page, '[data-bid="blind"]') == "rgb(29, 29, 31)"
    page.locator('[data-bid="blind"]').click()
    page.wait_for_selector('[data-action="pass"]')
    cards = page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    for text in cards[:3]:
        tap(page, f'#hand [data-card="{text}"]')
    assert gold(page, '[data-action="pass"]') == primary


def test_playable_cards_are_raised_and_others_dimmed_by_default(page: Any) -> None:
    game = play_to(Game.new(PRESETS["classic"], seed=3),
                   lambda g: g.phase is Phase.PLAY and g.turn == 0 and len(g.trick.plays) > 0
                   and any(g.explain(Play(c)) for c in g.hands[0]))
    open_with_storage(page, {"spades.game": save_text(game)}, "speed=instant")
    playable = page.locator('#hand [data-playable="true"]').first
    other = page.locator("#hand [data-card]:not([data-playable])").first
    lift = "e => e.getBoundingClientRect().top"
    assert playable.evaluate(lift) < other.evaluate(lift) - 8
    assert other.evaluate("e => getComputedStyle(e).filter") != "none"
    assert playable.evaluate("e => getComputedStyle(e).filter") == "none"
    # The switch in Options turns it off.
    page.locator('header [data-action="options"]').click()
    box = page.locator('#options input[name="raise_playable"]')
    assert box.is_checked()
    box.uncheck()
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#app.raise-playable')")
    page.wait_for_timeout(300)  # the cards settle (a 150 ms transition)
    assert abs(playable.evaluate(lift) - other.evaluate(lift)) < 1


def test_options_show_the_speed_in_effect(page: Any) -> None:
    open_with_storage(page, {"spades.prefs": json.dumps({"version": 1, "speed": "slow"})},
                      "seed=2&speed=instant&level=easy")
    page.locator('header [data-action="options"]').click()
    assert page.locator('#options input[name="speed"][value="instant"]').is_checked()


def test_arrows_move_in_the_bid_grid_as_in_a_grid(page: Any) -> None:
    open_game(page, "seed=2&speed=instant&level=easy")
    assert wait_your_turn(page) == "bid"
    page.locator('[data-bid="2"]').focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.dataset.bid") == "9"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.bid") == "10"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("() => document.activeElement.dataset.bid") == "3"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.dataset.bid") == "2"
    assert saved_game(page).bids[0] is None  # moving never bids


def test_game_over_says_after_how_many_hands(page: Any) -> None:
    over = play_to(Game.new(PRESETS["quick"], seed=12), lambda g: g.phase is Phase.GAME_OVER)
    open_with_storage(page, {"spades.game": save_text(over)}, "speed=instant")
    hands = len(over.history)
    assert f"after {hands} hand" in page.locator("#summary h2").inner_text()


def set_tab_hidden(page: Any, hidden: bool) -> None:
    """Make the page believe its tab went to the background (or came back)."""
    page.evaluate("""(hidden) => {
        Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});
        Object.defineProperty(document, 'visibilityState',
                              {value: hidden ? 'hidden' : 'visible', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""", hidden)


def test_the_tab_title_says_when_it_is_your_turn(page: Any) -> None:
    open_game(page, "seed=2&speed=instant&level=easy")
    assert wait_your_turn(page) == "bid"
    set_tab_hidden(page, True)
    page.wait_for_function("() => document.title.startsWith('Your turn')")
    set_tab_hidden(page, False)
    page.wait_for_function("() => document.title === 'Spades'")


SOUND_PROBE = """
window.__tones = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.__contexts = (window.__contexts || 0) + 1; }
  createOscillator() { window.__tones += 1; return super.createOscillator(); }
};
"""


def test_card_sounds_are_off_by_default_and_play_when_switched_on(page: Any) -> None:
    page.add_init_script(SOUND_PROBE)
    open_game(page, "seed=2&speed=instant&level=easy")
    assert wait_your_turn(page) == "bid"
    page.locator('[data-bid="3"]').click()
    page.wait_for_selector("#bids", state="hidden")
    assert wait_your_turn(page) == "play"
    assert page.evaluate("() => window.__contexts || 0") == 0  # off: no audio at all
    page.locator('header [data-action="options"]').click()
    box = page.locator('#options input[name="sound"]')
    assert not box.is_checked()
    box.check()
    page.keyboard.press("Escape")
    tap(page, '#hand [data-playable="true"]')
    page.wait_for_function("() => window.__tones > 0")
    assert json.loads(page.evaluate("() => localStorage.getItem('spades.prefs')"))["sound"]
