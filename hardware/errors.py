"""Hardware's own root of errors. Like vision, hardware imports nothing of the companion (the
farewell screen runs while the companion is gone), so it does not share companion.errors' root;
the companion says these in its own words where it opens the OLED and the buttons."""
from __future__ import annotations


class HardwareError(Exception):
    """Hardware that cannot be used, said in plain words (what, where, what to check)."""
