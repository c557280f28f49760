"""Mental poker for the two-player tables: two browsers deal a hand of the Duel or of
Two-handed classic to each other, with no server and no trusted dealer, so that neither
can know a card it should not, nor choose the deal, nor lie about its moves unseen.

The protocol, step by step
--------------------------

The cipher is SRA / Pohlig-Hellman in a group of prime order where the decisional
Diffie-Hellman problem is hard: the elliptic curve secp256k1 (``curve``; 128-bit
security).  A key is a secret scalar ``e``; locking an element is raising it to ``e``,
unlocking is raising it to ``e⁻¹`` modulo the order.  Locks commute, so a card locked by
both players can be unlocked by each in either order.  Each of the 52 cards is an element
hashed from its name onto the curve (``curve.Secp256k1.encode``): nobody knows any
relation between two cards' elements, so the locked values, which keep every relation,
show none (the game's first encoding, ``(v + 2)² mod p``, kept ``enc(2)·enc(3) = enc(6)``
through every lock, and a player could name 33 of the 52 locked cards).

Every value a page sends comes with a zero-knowledge proof (``proofs``) that the other
page checks before it uses the value: each player commits to its key of the hand
(``g^key``) with its shuffle, and every later step is proven against that commitment.

1. **Shuffle.**  The hand's dealer locks every card with its key ``a``, shuffles the 52
   locked cards and sends them, with the commitment ``g^a`` and a proof of a shuffle
   (Terelius-Wikström: the deck is the 52 cards, each raised to ``a``, in some order:
   nothing planted, doubled or left out).  The other player checks it, locks each card
   again with its key ``b``, shuffles them again and sends them back with its own
   commitment and proof: that is the stock, top first, every card ``v^(ab)``.  Neither
   knows the order (each knows only its own shuffle), and neither chose it (either
   shuffle alone makes it uniform).
2. **Draw.**  The players draw as the rules say (the non-dealer first; keep the top card
   and discard the next, or discard it and take the next).  A card is shown to the drawer
   only: the other player removes its own lock from that one card and sends it with a
   proof (Chaum-Pedersen) that it removed the lock of its committed key from the card at
   that position; the drawer checks it, then reads the card (with a table of the 52 cards
   under its own lock).  The opponent sees only the decision, never a card.
3. **Double Nil** (Two-handed classic).  A player declares it at its first turn to draw
   (a bid message).  After the draw it gives up at most three of its cards (their
   positions).  The pile of discards is shuffled again, as the deck was, each shuffle
   with a fresh key, its commitment and its proof: the other player locks and shuffles
   it, then the replacer does; the replacer's cards are the pile's first ones, which the
   other unlocks for it (each of its locks taken off in turn, each step proven).  Neither
   chose them, and the other cannot tell which discards came back, which the rules keep
   secret (a second Double Nil draws from what the first left and the cards it gave up,
   locked again by both players' first-pile keys, with proofs, so that every card of the
   pile bears the same locks).
4. **Bids and tricks.**  Bids are plain messages.  A card played is named with its
   position and comes with the proof that it is the card the other player unlocked for it
   there (the card's element raised to the player's committed keys is the value that
   was unlocked for it): a card not held there is refused at once.
5. **The hand's end.**  Each player reveals its keys and its shuffles' orders.  Each
   checks the keys are the ones committed to (and in the range a page makes), then the
   other's whole hand (``verify``) as a second line: every shuffle, every card unlocked,
   every card played, and the engine's replay of the hand (``spades.Game.deal_stock`` and
   ``apply``), which checks the order of play, every follow of suit and the bids.  The
   engine's game after the hand is the score both keep; the next hand is shuffled afresh
   with new keys.

A failed check raises ``CheatDetected``; its ``proven`` says whether the other side's own
message shows the cheat (a proof that fails, a card it does not hold, a message no honest
page sends) or only that the two transcripts no longer agree (a message lost, repeated or
altered on the way: nobody is accused).  Either way the hand is not scored and the game
stops.

Using it (the page): each player holds a ``protocol.Side`` for its seat, agreeing on the
table, the first dealer and the seats.  At the start of every hand both call ``start()``;
the moves are ``draw(keep)``, ``bid(n)`` (``blind=True`` for Double Nil),
``replace(cards)`` and ``play(card)``, each when ``phase`` and ``turn`` say so (``top_card``,
``cards`` and ``legal_cards()`` are what the player sees); every message a call returns
goes to the other side's ``receive``, whose answer comes back the same way.  Once the keys
are exchanged ``game`` is the engine's game, scored, at the next hand's start.  A message
from the network is read with ``wire.read_message`` first, which refuses anything too big
or nested too deep before it is parsed.

Every message carries its type, the hand's number, a sequence number and the hash of the
transcript before it (a hash chain), and every proof is bound to that place in the
transcript: a message replayed, dropped, reordered or altered on the way is refused.  The
two players never send at the same time (the protocol says whose message comes next), so
the transcript is one chain.

What it does not guarantee: a player can always stop answering (the page's clock and its
forfeit deal with that); the opponent sees the timing of every move and which positions of
the stock each hand holds (not the cards); the proofs are sound up to a 2⁻¹²⁸ chance, and
the secrecy rests on the decisional Diffie-Hellman problem on the curve, on SHA-256 and
on the keys' randomness (``protocol.Side`` says why the page must pass
``secrets.SystemRandom()``).  The arithmetic is plain Python, not constant-time: a page's
timing is visible only to that browser.
"""

from .cipher import RFC3526_2048, ModpGroup
from .group import Group
from .protocol import CheatDetected, Message, Side

__all__ = ["RFC3526_2048", "CheatDetected", "Group", "Message", "ModpGroup", "Side"]
