"""Bare PyScript page: print a line and mark the page ready (start-up baseline)."""

from pyscript import document

print("bare page ready")
document.documentElement.dataset.ready = "true"
