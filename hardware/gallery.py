"""One example of every shared OLED screen, as a table playing a trick-taking game would see it.

The tests draw these (and a game's own screens, companion/games/<game>/oled.py) against golden
images and, four times larger, into tests/output/oled/, checking that the README's pictures in
docs/img are the same. `make images` writes those pictures, so the docs show what is tested
(`python -m hardware.gallery docs/img` writes the shared screens alone).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterable

from .display import Display, emulated_device
from .screens import Screen, name_of

SAMPLES: dict[str, dict] = {
    "scoreboard": {
        "title": "Trick 7/15",
        "seats": [
            {"name": "Ann", "score": 3.5, "mark": True},
            {"name": "Bartholomew", "score": 2},
            {"name": "Chidi", "score": 4.5},
            {"name": "Dolores", "score": 0},
            {"name": "Eun-ji", "score": 1.5},
        ],
    },
    "adjudication": {
        "title": "Paradox yellow 1",
        "text": "P3 takes the past: 1 pt. P4 holds the future half: 0.5 pt. P1 leads trick 8.",
    },
    "prompt": {
        "text": "Seen red 3 for P2?",
        "buttons": {"a": "accept", "b": "reject"},
    },
    "message": {"title": "Flip paradox tiles", "text": "P3, P4: turn your paradox tiles face down."},
    "error": {"text": "Camera not found. Check the ribbon cable, then press A."},
    "join": {"url": "http://paradox-table.local:8080/", "address": "http://192.168.1.23:8080/"},
    "unplug": {"safe": True},
    "winner": {"names": ["Chidi"], "score": 9.5},
    "menu": {"items": ["Resume", "New game", "Undo last move", "Show join code", "Shut down"],
             "selected": 2},
}


def write_images(folder: Path, samples: Iterable[tuple[str | Screen, Any]] = SAMPLES.items(),
                 scale: int = 4, prefix: str = "oled-") -> list[Path]:
    """Each (screen, data) drawn into `folder` as PREFIX + the screen's name + .png."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with Display(emulated_device()) as display:
        for screen, data in samples:
            display.show(screen, data)
            path = folder / f"{prefix}{name_of(screen)}.png"
            path.write_bytes(display.png(scale))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m hardware.gallery FOLDER  (make images writes docs/img)", file=sys.stderr)
        return 2
    folder = Path(args[0])
    for path in write_images(folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
