"""Command line: ``paradox-table mat`` and ``paradox-table vision enroll|recognize``.

The main CLI calls ``add_commands(subparsers, games)`` with the games the camera can watch,
``{game name: (MatSpec, TileSet)}``, or ``(MatSpec, TileSet, (reader, cells))`` for a game whose
pieces another reader reads (its name in vision.readers, and the Grid of cells for a reader of
cells, else None); each handler returns an exit code. Bad input (a missing
file, a bad manifest, an unknown label) gives one line on stderr and status 2.
``python -m vision.cli --camera MODULE ...`` runs these commands on their own, with the mat and
tiles (and reader) of a game's camera module (one that defines ``MAT`` and ``TILES``).
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path


def camera_games(modules, readers: bool = False) -> dict:
    """{game: (MatSpec, TileSet)} from camera modules named by import path, each defining
    ``MAT`` (a MatSpec) and ``TILES`` (a TileSet); with ``readers``, (its ``READER``, the cells
    and the areas it reads) third: ``WATCHED_CELLS`` or ``CELLS``, ``WATCHED`` or ``ZONES``, the
    tile reader and None where the module names none; and ``SURE``, the confidence below which the
    game asks about a reading (0 if none)."""
    games = {}
    for name in modules:
        try:
            module = importlib.import_module(name)
            mat, tiles = module.MAT, module.TILES
        except (ImportError, AttributeError) as e:
            raise ValueError(f"{name} is not a camera module with MAT and TILES ({e})") from None
        names = vars(module)
        reading = (names.get("READER", "tiles"), names.get("WATCHED_CELLS", names.get("CELLS")),
                   names.get("WATCHED", names.get("ZONES")), names.get("SURE", 0.0))
        games[mat.game] = (mat, tiles, reading) if readers else (mat, tiles)
    return games


def _game_option(p, games):
    names = sorted(games)
    if len(names) == 1:
        p.add_argument("--game", default=names[0], choices=names)
    else:
        p.add_argument("--game", required=True, choices=names)


def add_commands(subparsers, games: dict, notes=None, langs=("en",)) -> None:
    """Add ``mat`` and ``vision enroll|recognize``. ``games``: {name: (MatSpec, TileSet)};
    ``notes(alike, lang) -> lines``, how `enroll` words what the print shows too unclearly, in
    each of ``langs`` (``--lang``; default: `alike_notes`, English)."""
    games = dict(games)
    p = subparsers.add_parser("mat", help="write the printable play mat (PNG, PDF at its page size, JSON)")
    _game_option(p, games)
    p.add_argument("--seats", type=int, default=None, help="seat zones on the mat (default: the game's most)")
    p.add_argument("--out", default="mat.png", help="PNG path; the PDF and JSON go beside it")
    p.add_argument("--px-per-mm", type=float, default=10.0, help="PNG resolution (10 = 254 dpi)")
    p.set_defaults(handler=cmd_mat, games=games)

    v = subparsers.add_parser("vision", help="teach the camera a printing of the tiles, or read frames")
    vs = v.add_subparsers(dest="vision_command", required=True)
    e = vs.add_parser("enroll", help="learn the tiles from one frame per face and back")
    _game_option(e, games)
    e.add_argument("--manifest", required=True, help='JSON list of {"image": path relative to it, "label": LABEL}')
    e.add_argument("--out", required=True, help="profile file to write")
    e.add_argument("--mat", default=None, help="mat.json of the printed mat (default: the standard mat)")
    if len(langs) > 1:
        e.add_argument("--lang", choices=langs, default=langs[0], help="the language of the notes")
    e.set_defaults(handler=cmd_enroll, games=games, notes=notes or alike_notes)
    r = vs.add_parser("recognize", aliases=["recognise"], help="read the tiles in camera frames, one JSON line each")
    _game_option(r, games)
    r.add_argument("--profile", required=True)
    r.add_argument("--mat", default=None, help="mat.json of the printed mat (default: the standard mat)")
    r.add_argument("images", nargs="+", metavar="IMAGE")
    r.set_defaults(handler=cmd_recognize, games=games)


def _fail(msg: str) -> int:
    print(f"paradox-table: {msg}", file=sys.stderr)
    return 2


def _layout(args):
    from .mat import load_layout, mat_layout

    if getattr(args, "mat", None):
        if not Path(args.mat).is_file():
            raise ValueError(f"no mat file at {args.mat}")
        try:
            return load_layout(args.mat)
        except (KeyError, TypeError, json.JSONDecodeError) as e:
            raise ValueError(f"{args.mat} is not a mat.json: the file is damaged or of another kind") from None
    return mat_layout(args.games[args.game][0])


def _reading(args) -> tuple[str, object, object, float]:
    """(the name of the game's reader, its cells or None, the areas it reads or None for all, the
    confidence below which its table asks about a reading, 0 where it takes each): the tile
    reader unless the game's camera module names another."""
    entry = args.games[args.game]
    reading = tuple(entry[2]) if len(entry) > 2 else ("tiles",)
    return (reading + (None, None, 0.0)[len(reading) - 1:])[:4]


def cmd_mat(args) -> int:
    from .mat import mat_layout, page_name, write_mat

    try:
        layout = mat_layout(args.games[args.game][0], args.seats)
        if args.px_per_mm <= 0:
            raise ValueError("--px-per-mm must be positive")
        cells = _reading(args)[1]  # where pieces lie on printed cells, as the readings' "cell" counts them
        png, pdf, js = write_mat(layout, args.out, args.px_per_mm,
                                 {"cells": cells.as_json(layout)} if cells is not None else None)
    except (ValueError, OSError) as e:
        return _fail(str(e))
    print(f"wrote {png}, {pdf} (print at 100% on {page_name(layout.size_mm)}) and {js}")
    return 0


def cmd_enroll(args) -> int:
    from .readers import kit, look_alike
    from .markers import VisionInputError

    tiles = args.games[args.game][1]
    try:
        name, cells, _, _ = _reading(args)
        profile = kit(name, cells)[1](args.manifest, args.out, _layout(args), tiles)
    except (VisionInputError, ValueError, OSError) as e:
        return _fail(str(e))
    # in each reader's words: a tile's faces and backs, a domino's terrains and icons (on a half)
    kinds, piece = {"tiles": ("faces and backs", tiles.noun), "dominoes": ("terrains and icons", "a half")}.get(
        name, (f"kinds of {tiles.noun}", tiles.noun))
    print(f"enrolled {len(profile.labels)} {kinds} "
          f"({piece} {profile.size_mm[0]:.1f} x {profile.size_mm[1]:.1f} mm) into {args.out}")
    missing = [lab for lab in tiles.labels if lab not in profile.labels]
    if missing:  # allowed, but those tiles can then only ever read as unknown or as another
        print(f"paradox-table: note: not shown, so not learnt: {', '.join(missing)}", file=sys.stderr)
    # allowed too: the camera asks about these every time instead of guessing
    for line in args.notes(look_alike(name, profile), getattr(args, "lang", "en")):
        print(f"paradox-table: note: {line}", file=sys.stderr)
    return 0


def alike_notes(alike: list, lang: str = "en") -> list[str]:
    """What a reader finds too alike or too unclear in an enrolled print, as lines for the owner:
    the pairs too alike together, then each icon too unclear on its own (English)."""
    pairs = [str(a) for a in alike if getattr(a, "kind", None) != "unclear icon"]
    out = [f"too alike for the camera, it will ask about them: {'; '.join(pairs)}. "
           "Enrol again in steadier light, or enter those pieces by phone"] if pairs else []
    return out + [str(a) for a in alike if getattr(a, "kind", None) == "unclear icon"]


def cmd_recognize(args) -> int:
    from .readers import reader as make_reader
    from .readers import load_profile
    from .markers import VisionInputError
    from .reading import read_image
    from .tiles import UNKNOWN

    try:
        layout = _layout(args)
        profile = load_profile(args.profile)
        for img in args.images:  # check every path before reading any: one clear error
            if not Path(img).is_file():
                raise VisionInputError(f"no image at {img}")
        name, cells, areas, sure = _reading(args)
        reader = make_reader(name, profile, layout, areas, cells)
        unread = 0
        for img in args.images:
            try:
                reading = reader.read(read_image(img))
            except VisionInputError as e:  # one bad photo (no image, too small): said, the others still read
                said = str(e) if img in str(e) else f"{img}: {e}"
                print(f"paradox-table: {said}", file=sys.stderr)
                print(json.dumps({"image": img, "tiles": [], "error": said}), flush=True)
                unread += 1
                continue
            if not reading.calibrated:
                print(f"paradox-table: {img}: no mat markers found", file=sys.stderr)
            elif reading.hand_in_view:
                print(f"paradox-table: {img}: something covers part of the mat (a hand, or a lamp's glare): "
                      "what lies under it is not read", file=sys.stderr)
            tiles = [_said(t, sure, UNKNOWN) for t in reading.tiles]
            print(json.dumps({"image": img, "tiles": tiles}), flush=True)
    except (VisionInputError, ValueError, OSError) as e:
        return _fail(str(e))
    return 2 if unread else 0


def _said(t, sure: float, unknown: str) -> dict:
    """A reading as `recognize` prints it: one the table would ask about (below `sure`) is
    unknown, never a guess; the guess goes beside it."""
    asked = t.confidence < sure
    return {"label": unknown if asked else t.label, "x_mm": t.x_mm, "y_mm": t.y_mm, "angle": t.angle,
            "confidence": t.confidence, **({"guess": t.label} if asked and t.label != unknown else {}),
            **({"cell": list(t.cell)} if t.cell else {})}


def main(argv=None, games: dict | None = None) -> int:
    """Run one command. ``games`` as for add_commands; without it, ``--camera MODULE`` (before
    the command, repeatable) names the game camera modules to take them from."""
    if games is None:
        pre = argparse.ArgumentParser(add_help=False)
        pre.add_argument("--camera", action="append", default=[])
        known, argv = pre.parse_known_args(argv)
        if not known.camera:
            return _fail("say whose mat and tiles: --camera MODULE (a game's camera module, "
                         "which defines MAT and TILES)")
        try:
            games = camera_games(known.camera, readers=True)
        except ValueError as e:
            return _fail(str(e))
    parser = argparse.ArgumentParser(prog="paradox-table", description="Paradox Table vision commands")
    parser.add_argument("--camera", action="append", metavar="MODULE",
                        help="a game's camera module (defines MAT and TILES), e.g. companion.games.NAME.camera")
    sub = parser.add_subparsers(dest="command", required=True)
    add_commands(sub, games)
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
