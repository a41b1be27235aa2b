"""`paradox-table`: the companion's command line.

Every command answers bad input with one plain line on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys

from . import records
from .i18n import LANGS, plain, said, translate


def _replay(args) -> int:
    try:
        with open(args.record, encoding="utf-8") as f:
            rep = records.replay(f)
    except OSError as exc:
        print(f"cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{args.record} is not a text file", file=sys.stderr)
        return 2
    except records.RecordError as exc:
        print(translate(said(exc), args.lang), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(plain(records.result(rep))))  # language-free: messages as ids and params
    else:
        print(records.describe(rep, args.lang))
    return 0


def _load_config(args):
    from .config import ConfigError, load
    try:
        return load(args.config)
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return None


def _run(args) -> int:
    config = _load_config(args)
    if config is None:
        return 2
    from .run import run
    # Off a Raspberry Pi there is no camera, OLED or buttons to drive: simulate them.
    return run(config, simulate=args.simulate or not config.on_pi, port=args.port)


def _doctor(args) -> int:
    config = _load_config(args)
    if config is None:
        return 2
    from .doctor import main as doctor
    return doctor(config)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paradox-table",
                                     description="A companion for the board games on your table.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("replay", help="adjudicate a recorded game and print the result")
    p.add_argument("record", metavar="RECORD.jsonl")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=LANGS, default="en", help="the language of the words (en, ja)")
    p.set_defaults(handler=_replay)

    p = sub.add_parser("run", help="run the companion (in simulation when not on a Raspberry Pi)")
    p.add_argument("--simulate", action="store_true", help="a virtual table even on a Pi")
    p.add_argument("--config", help="the config file (default: /etc/paradox-table/config.toml on a Pi)")
    p.add_argument("--port", type=int, help="the web port, instead of the config's")
    p.set_defaults(handler=_run)

    p = sub.add_parser("doctor", help="say what hardware is found and what is missing")
    p.add_argument("--config", help="the config file")
    p.set_defaults(handler=_doctor)

    from vision.cli import add_commands  # mat, vision enroll, vision recognize
    add_commands(sub, _camera_games(), notes=_notes, langs=LANGS)
    return parser


def _notes(alike: list, lang: str) -> list[str]:
    """What `vision enroll` finds too alike or unclear in a print, in the owner's language."""
    from .teaching import alike_words
    return [translate(m, lang) for m in alike_words(alike)]


def _camera_games() -> dict:
    """{game: (MatSpec, TileSet, (reader, cells, areas, sure))} for every game the camera can
    watch: its mat, its pieces and the reader that reads them (vision.readers), with the cells and
    the areas it reads while a game is on (Dynasty's market places too), and the confidence below
    which the table asks."""
    from . import games
    out = {}
    for name in games.names():
        if "camera" in games.describe(name).parts:
            camera = games.camera(name)
            out[name] = (camera.mat, camera.pieces,
                         (camera.reader, camera.cells_read(), camera.areas_read(), camera.sure))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
