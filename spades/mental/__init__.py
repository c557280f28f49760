"""Mental poker for the two-player tables: two browsers deal a hand of the Duel or of
Two-handed classic to each other, with no server and no trusted dealer, so that neither
can know a card it should not, nor choose the deal, nor lie about its moves unseen.

The protocol, step by step
--------------------------

The cipher (``cipher``) is SRA / Pohlig-Hellman: modulo RFC 3526's 2048-bit safe prime
``p = 2q + 1``, a key is a secret exponent ``e``; locking a number is raising it to ``e``,
unlocking is raising it to ``e⁻¹ mod q``.  Locks commute, so a card locked by both players
can be unlocked by each in either order.  The 52 card values are encoded as quadratic
residues (``(v + 2)² mod p``) so that no lock leaves a mark (the Legendre symbol) that
tells one card from another, and every ciphertext received is checked to be a residue.

1. **Shuffle.**  The hand's dealer locks every card value with its key ``a``, shuffles the
   52 locked cards and sends them.  The other player locks each again with its key ``b``,
   shuffles them again and sends them back: that is the stock, top first, every card
   ``v^(ab)``.  Neither knows the order (each knows only its own shuffle), and neither
   chose it (either shuffle alone makes it uniform).
2. **Draw.**  The players draw as the rules say (the non-dealer first; keep the top card
   and discard the next, or discard it and take the next).  A card is shown to the drawer
   only: the other player removes its own lock from that one card and sends it; the
   drawer, who alone can remove the other lock, reads it (with a table of the 52 values
   under its own lock, rather than a costly unlocking).  So the top card is shown to the
   drawer, then, once it has said keep or discard, the second card; the opponent sees only
   the decision, never a card, and learns nothing of the 26 discards.
3. **Double Nil** (Two-handed classic).  A player declares it at its first turn to draw
   (a bid message).  After the draw it gives up at most three of its cards (their
   positions).  The pile of discards is shuffled again, as the deck was: the other player
   locks each of its cards with a fresh key and shuffles them, then the replacer does;
   the replacer's cards are the pile's first ones, which the other unlocks for it (all its
   locks at once).  Neither chose them, and the other player cannot tell which discards
   came back, which the rules keep secret (a second Double Nil draws from what the first
   left and the cards it gave up, relocked so that every card bears the same locks).
4. **Bids and tricks.**  Bids are plain messages.  A card played is named with its
   position in the stock: the opponent checks at once that the position is one the player
   drew and still holds, and that the card is none it has seen elsewhere.
5. **The hand's end.**  Each player reveals its keys and its shuffles' orders.
   Each then checks the other's whole hand (``verify``): that its shuffle is its key and
   order applied to what it received, that every card it unlocked for us was the card at
   that position of the stock or pile (an honest draw), that every card it played was the card it
   held there, and then replays the hand through the engine (``spades.Game.deal_stock``
   and ``apply``), which checks the order of play, every follow of suit and the bids.
   A failed check raises ``CheatDetected``: the hand is not scored and the game ends.
   The engine's game after the hand is the score both keep; the next hand is shuffled
   afresh with new keys.

A card is shown by unlocking that one card (a partial decryption), not by a key per card:
having each player trade its deck lock for a lock per card after the shuffles would let a
card be shown by giving its key, but removing a short key's lock takes its full-size
inverse, so it would cost each player 52 more full-size exponentiations a hand (about
1.2 CPU seconds more each, at 22 ms one on this machine), for no property the game needs:
an unlocked card is proved honest by the keys at the hand's end just as well.

Using it (the page): each player holds a ``protocol.Side`` for its seat, agreeing on the
table, the first dealer and the seats.  At the start of every hand both call ``start()``;
the moves are ``draw(keep)``, ``bid(n)`` (``blind=True`` for Double Nil),
``replace(cards)`` and ``play(card)``, each when ``phase`` and ``turn`` say so (``top_card``,
``cards`` and ``legal_cards()`` are what the player sees); every message a call returns
goes to the other side's ``receive``, whose answer comes back the same way.  Once the keys
are exchanged ``game`` is the engine's game, scored, at the next hand's start.

Every message carries its type, the hand's number, a sequence number and the hash of the
transcript before it (a hash chain): a message replayed, dropped, reordered or altered on
the way is refused (at once, or at the sender's next message, whose chain differs).  The
two players never send at the same time (the protocol says whose message comes next), so
the transcript is one chain.

What it does not guarantee: a player can always stop answering (the page's clock and its
forfeit deal with that); the opponent sees the timing of every move and which positions of
the stock each hand holds (not the cards); a cheat found at a hand's end is found after the
cheater has seen that hand's cards it was shown; and the secrecy rests on the decisional
Diffie-Hellman problem in the group and on the keys' randomness (``protocol.Side`` says why
the page must pass ``secrets.SystemRandom()``).  Keys are 224-bit exponents: short keys
make locking cheap while their discrete logarithm still costs about 2¹¹² steps, the
security of the 2048-bit group itself.
"""

from .cipher import RFC3526_2048, Group
from .protocol import CheatDetected, Message, Side

__all__ = ["RFC3526_2048", "CheatDetected", "Group", "Message", "Side"]
