"""Card sounds, drawn with the Web Audio API: no sound files to download or cache.

Off by default (a switch in Options). The audio context is made on the first sound, and
app.py asks for one only after the player has tapped or pressed a key, as browsers
require; each sound is a short tone or two with a soft attack and decay.
"""

from __future__ import annotations

from typing import Any

TONES: dict[str, tuple[tuple[float, float, float], ...]] = {
    # name: ((frequency Hz, start s, length s), ...)
    "card": ((420.0, 0.0, 0.06),),
    "trick": ((523.25, 0.0, 0.09), (783.99, 0.07, 0.16)),
    "turn": ((880.0, 0.0, 0.14),),
}
VOLUME = 0.12


class Sounds:
    def __init__(self, window: Any) -> None:
        self.window = window
        self.context: Any = None

    def play(self, name: str, delay: float = 0.0) -> None:
        """Play the sound ``name`` (a key of TONES) ``delay`` seconds from now."""
        if self.context is None:
            self.context = self.window.AudioContext.new()
        context = self.context
        if context.state == "suspended":
            context.resume()
        now = float(context.currentTime) + delay
        for frequency, start, length in TONES[name]:
            oscillator = context.createOscillator()
            gain = context.createGain()
            oscillator.type = "triangle"
            oscillator.frequency.value = frequency
            begin, end = now + start, now + start + length
            gain.gain.setValueAtTime(0.0001, begin)
            gain.gain.exponentialRampToValueAtTime(VOLUME, begin + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, end)
            oscillator.connect(gain)
            gain.connect(context.destination)
            oscillator.start(begin)
            oscillator.stop(end + 0.02)
