"""Browser tests and the start-up benchmark: real Chromium against the built dist/."""
