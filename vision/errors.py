"""Vision's own root of errors. Vision names no game and imports nothing of the companion, so it
does not share companion.errors' root: the companion turns these into its own words where it
uses the camera (a lost camera is said on the OLED, a bad enrolment file names the file)."""
from __future__ import annotations


class VisionError(Exception):
    """Something vision cannot do; the message says why and what to do, in an owner's words."""
