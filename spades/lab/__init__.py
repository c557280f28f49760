"""The measuring tools: matches between the computer players (arena, paired), what Nil
bids are worth (nilworth), think time (thinktime), the par's time (partime), and players
from other git revisions (revision). Run as ``python -m spades.lab.<tool>``; the page
never imports this package, and the build leaves it out of the site."""
