"""What the 128x64 OLED shows: one function per screen, drawing plain data onto a PIL ImageDraw.

Each screen takes a dict (or a dataclass) of strings and numbers, never a game state: the
service decides what to say, these functions only decide where the pixels go. The font is
PIL's built-in bitmap font (6 px per character, capitals 6 px tall): crisp on a 1-bit panel,
21 characters a line, and nothing to bundle. A screen is a title bar and up to 5 lines:

    rows 0-10   title bar, lit, dark text
    rows 13-61  five text lines, 10 px apart
"""
from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import Any, Callable, Mapping

import segno
from PIL import Image, ImageDraw, ImageFont

from .errors import HardwareError

WIDTH, HEIGHT = 128, 64
CHAR_W = 6
COLUMNS = WIDTH // CHAR_W  # 21
BODY_TOP, LINE_PITCH, BODY_LINES = 13, 10, 5
# The bitmap font's ink starts 2 rows below the point we draw at; subtract it so `y` is the
# top of the capitals' ascenders.
_INK = 2
_ASCII_FIXES = str.maketrans({"…": "...", "–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"',
                              "\t": " ", "\n": " ", "\r": " "})


class ScreenError(HardwareError, ValueError):
    """The data handed to a screen cannot be drawn; the message says what is wrong."""


@functools.cache
def font() -> ImageFont.ImageFont:
    # Pillow >= 10.1 made load_default() a scalable font; the bitmap one is kept under this name.
    loader = getattr(ImageFont, "load_default_imagefont", ImageFont.load_default)
    return loader()


def clean(text: Any) -> str:
    """One line of text the bitmap font can draw (it covers Latin-1; anything else becomes '?')."""
    return drawable(" ".join(str(text).split()))


def drawable(text: Any) -> str:
    return str(text).translate(_ASCII_FIXES).encode("latin-1", "replace").decode("latin-1")


def points(value: Any) -> str:
    """Scores as players say them: 3, 3.5, -0.5 (half points are common at the table)."""
    if isinstance(value, str):
        return value
    number = float(Fraction(value).limit_denominator(100)) if not isinstance(value, float) else value
    return f"{number:g}"


def wrap(text: Any, width: int = COLUMNS) -> list[str]:
    """Greedy word wrap; a word longer than a line is cut, so nothing runs off the panel."""
    lines: list[str] = []
    line = ""
    for word in clean(text).split(" "):
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not word:
            continue
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def fit(lines: list[str], count: int, width: int = COLUMNS) -> list[str]:
    """At most `count` lines; a cut is shown with '..' so nobody mistakes it for the whole story."""
    if len(lines) <= count:
        return lines
    kept = lines[:count]
    kept[-1] = kept[-1][: width - 2].rstrip() + ".."
    return kept


def text(draw: ImageDraw.ImageDraw, x: int, y: int, s: str, fill: int = 1) -> None:
    draw.text((x, y - _INK), drawable(s), font=font(), fill=fill)


def text_right(draw: ImageDraw.ImageDraw, right: int, y: int, s: str, fill: int = 1) -> None:
    s = drawable(s)
    text(draw, right - len(s) * CHAR_W, y, s, fill)


def text_center(draw: ImageDraw.ImageDraw, y: int, s: str, fill: int = 1, left: int = 0,
                right: int = WIDTH) -> None:
    s = clean(s)
    text(draw, left + (right - left - len(s) * CHAR_W) // 2, y, s, fill)


def big_text_center(draw: ImageDraw.ImageDraw, y: int, s: str) -> None:
    """Twice the size (12 px a character, 10 a line): for the few words that must read from afar."""
    s = clean(s)[: WIDTH // (2 * CHAR_W)]
    small = Image.new("1", (len(s) * CHAR_W, 9))
    text(ImageDraw.Draw(small), 0, 0, s)
    big = small.resize((small.width * 2, small.height * 2), Image.NEAREST)
    draw.bitmap(((WIDTH - big.width) // 2, y), big, fill=1)


def title_bar(draw: ImageDraw.ImageDraw, title: str, right: str = "") -> None:
    draw.rectangle((0, 0, WIDTH - 1, 10), fill=1)
    right = clean(right)[:COLUMNS - 4]
    room = COLUMNS - len(right) - (1 if right else 0)
    text(draw, 2, 1, clean(title)[:room], fill=0)
    if right:
        text_right(draw, WIDTH - 2, 1, right, fill=0)


def body_line(draw: ImageDraw.ImageDraw, index: int, s: str, inverted: bool = False) -> None:
    y = BODY_TOP + index * LINE_PITCH
    if inverted:
        draw.rectangle((0, y - 1, WIDTH - 1, y + 9), fill=1)  # one row below the descenders
    text(draw, 1, y, s, fill=0 if inverted else 1)


def body_text(draw: ImageDraw.ImageDraw, s: Any, first: int = 0, last: int = BODY_LINES - 1) -> None:
    for i, line in enumerate(fit(wrap(s), last - first + 1)):
        body_line(draw, first + i, line)


def _data(data: Any) -> Mapping[str, Any]:
    if data is None:
        return {}
    if dataclasses.is_dataclass(data) and not isinstance(data, type):
        return dataclasses.asdict(data)
    if isinstance(data, Mapping):
        return data
    raise ScreenError(f"screen data must be a dict or a dataclass, got {type(data).__name__}")


def _require(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise ScreenError(f"missing {key!r}")
    return data[key]


# --- the screens ------------------------------------------------------------------------

def scoreboard(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Trick 7/15", "seats": [{"name": "Ann", "score": 3.5, "mark": True}, ...]}

    `mark` puts a '>' before a seat: whose turn it is, or who leads.
    """
    seats = list(_require(data, "seats"))
    if not 1 <= len(seats) <= BODY_LINES:
        raise ScreenError(f"the scoreboard shows 1 to {BODY_LINES} seats, got {len(seats)}")
    title_bar(draw, data.get("title", "Scores"), data.get("right", ""))
    for i, seat in enumerate(seats):
        seat = _data(seat)
        score = points(_require(seat, "score"))
        y = BODY_TOP + i * LINE_PITCH
        if seat.get("mark"):
            text(draw, 1, y, ">")
        name_room = COLUMNS - 2 - len(score) - 1
        text(draw, 2 * CHAR_W - 3, y, clean(_require(seat, "name"))[:name_room])
        text_right(draw, WIDTH - 1, y, score)


def trick(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Trick 7", "lead": "yellow", "plays": [{"seat": "P1", "tile": "yellow 3"}], "turn": "P3"}"""
    plays = [_data(p) for p in data.get("plays", ())]
    turn = data.get("turn")
    lines = [f"{clean(_require(p, 'seat'))} {clean(_require(p, 'tile'))}" for p in plays]
    if turn:
        lines.append(f"{clean(turn)} to play")
    if len(lines) > BODY_LINES:
        raise ScreenError(f"a trick screen has room for {BODY_LINES} lines, got {len(lines)}")
    lead = data.get("lead")
    title_bar(draw, data.get("title", "Trick"), f"lead {lead}" if lead else "")
    for i, line in enumerate(lines):
        body_line(draw, i, line[:COLUMNS - 1], inverted=bool(turn) and i == len(lines) - 1)


def adjudication(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Paradox yellow 1", "text": "P3 past 1 pt, P4 0.5"}: the last ruling and why."""
    title_bar(draw, data.get("title", "Ruling"), data.get("right", ""))
    body_text(draw, _require(data, "text"))


def message(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Paradox Table", "text": "Starting the camera"}: anything else worth a sentence."""
    title_bar(draw, data.get("title", "Paradox Table"), data.get("right", ""))
    body_text(draw, data.get("text", ""))


def prompt(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"text": "Seen red 3 for P2?", "buttons": {"a": "accept", "b": "reject"}}

    The last line, lit, tells which button does what, so nobody has to remember.
    """
    buttons = {str(k).upper(): v for k, v in dict(data.get("buttons") or {}).items()}
    title_bar(draw, data.get("title", "Check"), data.get("right", ""))
    if buttons:
        body_text(draw, _require(data, "text"), last=BODY_LINES - 2)
        hint = "  ".join(f"{k} {clean(v)}" for k, v in sorted(buttons.items()))
        body_line(draw, BODY_LINES - 1, hint[:COLUMNS - 1], inverted=True)
    else:
        body_text(draw, _require(data, "text"))


def error(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"text": "Camera not found"}: a plain sentence, never a traceback."""
    title_bar(draw, data.get("title", "Problem"), "!")
    body_text(draw, plain_message(data.get("text", "Something went wrong")))


def plain_message(problem: Any) -> str:
    """The sentence worth showing: an exception's message, a traceback's last line."""
    if isinstance(problem, BaseException):
        return str(problem).strip().splitlines()[0] if str(problem).strip() else type(problem).__name__
    lines = [line.strip() for line in str(problem).strip().splitlines() if line.strip()]
    if not lines:
        return "Something went wrong"
    if lines[0].startswith("Traceback"):
        return lines[-1]
    return " ".join(lines)


def join(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"url": "http://paradox-table.local:8080/"} (or "hostname" and "port"), and "address"
    ("http://192.168.1.23:8080/") when the companion knows its address on the network.

    The QR code holds the address when there is one: many Android phones cannot open a .local
    name. The text gives the address first, then the name, for whoever types it."""
    url = data.get("url") or f"http://{_require(data, 'hostname')}.local:{data.get('port', 8080)}/"
    address = data.get("address")
    draw.bitmap((0, 0), qr_image(address or url), fill=1)
    left = 66
    width = (WIDTH - left) // CHAR_W
    lines = (url_lines(address, width) if address else ["Scan to", "join:"]) + url_lines(url, width)
    for i, line in enumerate(fit(lines, 6, width)):
        text(draw, left, 2 + i * LINE_PITCH, line)


def url_lines(url: str, width: int) -> list[str]:
    """The URL without its scheme, broken before dots, colons and after dashes: easy to type."""
    rest = clean(url).split("://", 1)[-1].rstrip("/")
    pieces, piece = [], ""
    for ch in rest:
        if ch in ".:" and piece:
            pieces.append(piece)
            piece = ""
        piece += ch
        if ch == "-":
            pieces.append(piece)
            piece = ""
    if piece:
        pieces.append(piece)
    lines, line = [], ""
    for piece in pieces:
        if line and len(line) + len(piece) > width:
            lines.append(line)
            line = ""
        line += piece
    if line:
        lines.append(line)
    return [chunk[i:i + width] for chunk in lines for i in range(0, len(chunk), width)]


def qr_image(url: str, size: int = HEIGHT) -> Image.Image:
    """A `size` x `size` lit square with the QR code in dark modules, drawn pixel-exact.

    Dark-on-light is what every phone scanner expects; the lit square is the quiet zone.
    Scheme and host are case-insensitive, so the URL is upper-cased when that lets the
    QR alphanumeric mode pick a smaller symbol: bigger modules scan from further away.
    """
    qr = min((segno.make(u, error="m", boost_error=False, micro=False) for u in _url_forms(url)),
             key=lambda q: q.version)
    modules = qr.symbol_size(border=0)[0]
    # Two pixels a module when a quiet zone of at least one module still fits around it.
    scale = 2 if modules * 2 + 4 <= size else 1
    if modules * scale + 2 * scale > size:
        raise ScreenError(f"the URL is too long for a QR code on a {size}x{size} square: {url}")
    image = Image.new("1", (size, size), 1)
    offset = (size - modules * scale) // 2
    pixels = image.load()
    for row, bits in enumerate(qr.matrix):
        for col, dark in enumerate(bits):
            if dark:
                for dy in range(scale):
                    for dx in range(scale):
                        pixels[offset + col * scale + dx, offset + row * scale + dy] = 0
    return image


def _url_forms(url: str) -> list[str]:
    scheme, sep, rest = url.partition("://")
    host, slash, path = rest.partition("/")
    forms = [url]
    if sep and not path:  # only scheme and host, so upper case means the same address
        forms.append(f"{scheme.upper()}{sep}{host.upper()}{slash}")
    return forms


def host(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"code": "4821"}: a phone asks to become the host and shows this code; A yes, B no.

    The code is drawn large, so the table can see it is the same as on the phone that asked.
    """
    code = clean(_require(data, "code"))
    if not code or len(code) > WIDTH // (2 * CHAR_W):
        raise ScreenError(f"a host code is 1 to {WIDTH // (2 * CHAR_W)} characters, got {code!r}")
    title_bar(draw, data.get("title", "New host?"))
    text_center(draw, BODY_TOP + 1, "Make the phone with")
    big_text_center(draw, BODY_TOP + 13, code)
    text_center(draw, BODY_TOP + 3 * LINE_PITCH + 1, "this code the host?")
    body_line(draw, BODY_LINES - 1, "A yes          B no", inverted=True)


def unplug(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"safe": True}: the last thing the OLED shows once the Pi has shut down.

    With safe=False it says to wait: shown while the service stops, before the disk is synced.
    """
    if data.get("safe", True):
        big_text_center(draw, 8, "Safe to")
        big_text_center(draw, 28, "unplug")
        text_center(draw, 52, data.get("text", "Power is off"))
    else:
        big_text_center(draw, 8, "Wait...")
        text_center(draw, 32, "Shutting down")
        text_center(draw, 44, data.get("text", "Do not unplug yet"))


def winner(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"names": ["Ann"], "score": 9.5}; several names for a shared win."""
    names = [clean(n) for n in _require(data, "names")]
    if not names:
        raise ScreenError("a winner screen needs at least one name")
    title_bar(draw, data.get("title", "Winner" if len(names) == 1 else "Shared win"))
    score = data.get("score")
    footer = f"{points(score)} points" if score is not None else ""
    if len(names) == 1 and len(names[0]) <= WIDTH // (2 * CHAR_W):
        big_text_center(draw, 22, names[0])
    else:
        for i, line in enumerate(fit(wrap(", ".join(names)), 3)):
            text_center(draw, BODY_TOP + 4 + i * LINE_PITCH, line)
    if footer:
        text_center(draw, BODY_TOP + 4 * LINE_PITCH, footer)


def menu(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"items": ["New game", "Undo", ...], "selected": 1}: C moves, A picks (long press C opens it)."""
    items = [clean(i) for i in _require(data, "items")]
    selected = int(data.get("selected", 0))
    if items and not 0 <= selected < len(items):
        raise ScreenError(f"selected is {selected}, but the menu has {len(items)} items")
    first = max(0, selected - BODY_LINES + 1)  # scroll just far enough to keep the choice in view
    title_bar(draw, data.get("title", "Menu"), f"{selected + 1}/{len(items)}" if items else "")
    for i, item in enumerate(items[first:first + BODY_LINES]):
        body_line(draw, i, item[:COLUMNS - 1], inverted=first + i == selected)


SCREENS: dict[str, Callable[[ImageDraw.ImageDraw, Mapping[str, Any]], None]] = {
    "scoreboard": scoreboard,
    "trick": trick,
    "adjudication": adjudication,
    "prompt": prompt,
    "message": message,
    "error": error,
    "join": join,
    "unplug": unplug,
    "host": host,
    "winner": winner,
    "menu": menu,
}


def draw_screen(draw: ImageDraw.ImageDraw, name: str, data: Any) -> None:
    """Draw screen `name`; raises ScreenError (with a sentence) for an unknown name or bad data."""
    if name not in SCREENS:
        raise ScreenError(f"no screen called {name!r}; screens are {', '.join(SCREENS)}")
    try:
        SCREENS[name](draw, _data(data))
    except ScreenError:
        raise
    except Exception as exc:  # odd data must not take the service down with the screen
        raise ScreenError(f"cannot draw {name}: {exc}") from exc
