"""The shared OLED screens: one function per screen, drawing plain data onto a PIL ImageDraw.

Each screen takes a dict (or a dataclass) of strings and numbers, never a game state: the
service decides what to say, these functions only decide where the pixels go, with the helpers
in hardware.drawing. These are the screens every table needs (scores, a ruling, a message, a
prompt, an error, joining, a new host, the winner, the menu, unplugging); a game draws its own
pages with the same helpers in its own folder (companion/games/<game>/oled.py) and hands its
drawing function where a shared screen's name would go (`draw_screen`).
"""
from __future__ import annotations

import types
from typing import Any, Callable, Mapping

import segno
from PIL import Image, ImageDraw

from .drawing import (BODY_LINES, BODY_TOP, CHAR_W, HEIGHT, LINE_PITCH, WIDTH, ScreenError,
                      big_text_center, body_line, body_text, button_hints, clean, cut, fields, fit,
                      fitted_line, own_words, points, require, score_table, text, text_center,
                      text_width, title_bar, wrap)

# A screen: draws its data (a mapping of strings and numbers) on the panel's ImageDraw.
Screen = Callable[[ImageDraw.ImageDraw, Mapping[str, Any]], None]


# --- the screens ------------------------------------------------------------------------

def scoreboard(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Trick 7/15", "seats": [{"name": "Ann", "score": 3.5, "mark": True}, ...]}

    `mark` puts a '>' before a seat: whose turn it is, or who leads.
    """
    title_bar(draw, data.get("title", own_words(data, "Scores")), data.get("right", ""))
    score_table(draw, require(data, "seats"))


def adjudication(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Paradox yellow 1", "text": "P3 past 1 pt, P4 0.5"}: the last ruling and why."""
    title_bar(draw, data.get("title", own_words(data, "Ruling")), data.get("right", ""))
    body_text(draw, require(data, "text"))


def message(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Paradox Table", "text": "Starting the camera"}: anything else worth a sentence.
    "short": the same told in fewer words, drawn when "text" would be cut (a language's own length)."""
    title_bar(draw, data.get("title", "Paradox Table"), data.get("right", ""))
    text = data.get("text", "")
    body_text(draw, data["short"] if data.get("short") and len(wrap(text)) > BODY_LINES else text)


def prompt(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"text": "Seen red 3 for P2?", "buttons": {"a": "accept", "b": "reject"}}

    The last line, lit, tells which button does what, so nobody has to remember. "short": the
    same told in fewer words, drawn when "text" would be cut.
    """
    buttons = {str(k).upper(): v for k, v in dict(data.get("buttons") or {}).items()}
    title_bar(draw, data.get("title", own_words(data, "Check")), data.get("right", ""))
    last = BODY_LINES - 2 if buttons else BODY_LINES - 1
    text = require(data, "text")
    body_text(draw, data["short"] if data.get("short") and len(wrap(text)) > last + 1 else text, last=last)
    if buttons:
        button_hints(draw, buttons)


def error(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"text": "Camera not found"}: a plain sentence, never a traceback."""
    title_bar(draw, data.get("title", own_words(data, "Problem")), "!")
    body_text(draw, plain_message(data.get("text", own_words(data, "Something went wrong"))))


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
    url = data.get("url") or f"http://{require(data, 'hostname')}.local:{data.get('port', 8080)}/"
    address = data.get("address")
    draw.bitmap((0, 0), qr_image(address or url), fill=1)
    left = 66
    width = (WIDTH - left) // CHAR_W
    scan = [cut(own_words(data, "Scan to"), width * CHAR_W), cut(own_words(data, "join:"), width * CHAR_W)]
    lines = (url_lines(address, width) if address else scan) + url_lines(url, width)
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
    code = clean(require(data, "code"))  # digits: Latin in every language
    if not code or len(code) > WIDTH // (2 * CHAR_W):
        raise ScreenError(f"a host code is 1 to {WIDTH // (2 * CHAR_W)} characters, got {code!r}")
    title_bar(draw, data.get("title", own_words(data, "New host?")))
    text_center(draw, BODY_TOP + 1, own_words(data, "Make the phone with"))
    big_text_center(draw, BODY_TOP + 13, code)
    text_center(draw, BODY_TOP + 3 * LINE_PITCH + 1, own_words(data, "this code the host?"))
    body_line(draw, BODY_LINES - 1, own_words(data, "A yes          B no"), inverted=True)


def unplug(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"safe": True}: the last thing the OLED shows once the Pi has shut down.

    With safe=False it says to wait: shown while the service stops, before the disk is synced.
    """
    if data.get("safe", True):
        big_text_center(draw, 8, own_words(data, "Safe to"))
        big_text_center(draw, 28, own_words(data, "unplug"))
        text_center(draw, 52, data.get("text", own_words(data, "Power is off")))
    else:
        big_text_center(draw, 8, own_words(data, "Wait..."))
        text_center(draw, 32, own_words(data, "Shutting down"))
        text_center(draw, 44, data.get("text", own_words(data, "Do not unplug yet")))


def winner(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"names": ["Ann"], "score": 9.5}; several names for a shared win."""
    names = [clean(n) for n in require(data, "names")]
    if not names:
        raise ScreenError("a winner screen needs at least one name")
    title_bar(draw, data.get("title", own_words(data, "Winner") if len(names) == 1 else own_words(data, "Shared win")))
    score = data.get("score")
    footer = own_words(data, "{points} points", points=points(score)) if score is not None else ""
    if len(names) == 1 and text_width(names[0]) <= WIDTH // 2:
        big_text_center(draw, 22, names[0])
    else:
        for i, line in enumerate(fit(wrap(", ".join(names)), 3)):
            text_center(draw, BODY_TOP + 4 + i * LINE_PITCH, line)
    if footer:
        text_center(draw, BODY_TOP + 4 * LINE_PITCH, footer)


def menu(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"items": ["New game", "Undo", ...], "selected": 1}: C moves, A picks (long press C opens it)."""
    items = [clean(i) for i in require(data, "items")]
    selected = int(data.get("selected", 0))
    if items and not 0 <= selected < len(items):
        raise ScreenError(f"selected is {selected}, but the menu has {len(items)} items")
    first = max(0, selected - BODY_LINES + 1)  # scroll just far enough to keep the choice in view
    title_bar(draw, data.get("title", own_words(data, "Menu")), f"{selected + 1}/{len(items)}" if items else "")
    for i, item in enumerate(items[first:first + BODY_LINES]):
        fitted_line(draw, i, item, inverted=first + i == selected)



SCREENS: dict[str, Screen] = {
    "scoreboard": scoreboard,
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


def name_of(screen: str | Screen) -> str:
    """What the log and the web call a screen: a shared screen's name, a game's function's name."""
    if isinstance(screen, str):
        return screen
    return screen.__name__ if isinstance(screen, types.FunctionType) else type(screen).__name__


def draw_screen(draw: ImageDraw.ImageDraw, screen: str | Screen, data: Any) -> None:
    """Draw `screen`, a shared screen's name or a game's own screen function; raises ScreenError
    (with a sentence) for an unknown name or bad data."""
    if isinstance(screen, str) and screen not in SCREENS:
        raise ScreenError(f"no screen called {screen!r}; screens are {', '.join(SCREENS)}")
    if not isinstance(screen, str) and not callable(screen):
        raise ScreenError(f"a screen is a name or a drawing function, not {type(screen).__name__}")
    try:
        (SCREENS[screen] if isinstance(screen, str) else screen)(draw, fields(data))
    except ScreenError:
        raise
    except Exception as exc:  # odd data must not take the service down with the screen
        raise ScreenError(f"cannot draw {name_of(screen)}: {exc}") from exc
