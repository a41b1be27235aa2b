"""`paradox-table`: the companion's command line.

Every command answers bad input with one plain line on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys

from . import records


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
        print(str(exc), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(records.result(rep)))
    else:
        print(records.describe(rep))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paradox-table",
                                     description="A companion for the board games on your table.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("replay", help="adjudicate a recorded game and print the result")
    p.add_argument("record", metavar="RECORD.jsonl")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
