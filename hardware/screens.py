"""What the 128x64 OLED shows: one function per screen, drawing plain data onto a PIL ImageDraw.

Each screen takes a dict (or a dataclass) of strings and numbers, never a game state: the
service decides what to say, these functions only decide where the pixels go. The font is
PIL's built-in bitmap font (6 px per character, capitals 6 px tall): crisp on a 1-bit panel,
21 characters a line, and nothing to bundle. It covers Latin-1 only, so kana and kanji are drawn
with Misaki Gothic (Debian's fonts-misaki: 8x8 bitmaps drawn for exactly this size), 8 px each,
16 a line; without that font they fall back to '?' and the log says why. A screen's fixed words
follow its data's "lang" (companion.i18n). A screen is a title bar and up to 5 lines:

    rows 0-10   title bar, lit, dark text
    rows 13-61  five text lines, 10 px apart
"""
from __future__ import annotations

import dataclasses
import functools
import logging
import os
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


log = logging.getLogger("paradox-table")

# Misaki Gothic: 8x8 kana and kanji (fonts-misaki, installed by `make test` and firmware/install.sh).
WIDE_FONT_PATHS = (os.environ.get("PARADOX_TABLE_WIDE_FONT", ""),
                   "/usr/share/fonts/truetype/misaki/misaki_gothic.ttf")
WIDE_W = 8
# Misaki's ink sits this many rows below the point drawn at, with its baseline on the bitmap
# font's, so mixed lines share one row.
_WIDE_INK = 1


class ScreenError(HardwareError, ValueError):
    """The data handed to a screen cannot be drawn; the message says what is wrong."""


@functools.cache
def font() -> ImageFont.ImageFont:
    # Pillow >= 10.1 made load_default() a scalable font; the bitmap one is kept under this name.
    loader = getattr(ImageFont, "load_default_imagefont", ImageFont.load_default)
    return loader()


@functools.cache
def wide_font() -> ImageFont.FreeTypeFont | None:
    """Misaki Gothic at its own 8 px, or None (said once in the log): wide letters become '?'."""
    for path in WIDE_FONT_PATHS:
        if path and os.path.exists(path):
            try:
                return ImageFont.truetype(path, WIDE_W)
            except OSError as exc:
                log.warning("cannot read the Japanese screen font %s (%s)", path, exc)
    log.warning("no Japanese screen font (install fonts-misaki): kana and kanji show as '?' on the OLED")
    return None


def is_wide(ch: str) -> bool:
    """Drawn with the wide font: anything the Latin-1 bitmap font does not have."""
    return ord(ch) > 0xFF


def text_width(s: str) -> int:
    """Pixels a line takes: 6 a Latin-1 character, 8 a wide one."""
    return sum(WIDE_W if is_wide(ch) else CHAR_W for ch in s)


def cut(s: str, px: int) -> str:
    """The longest start of `s` that fits in `px` pixels."""
    used = 0
    for i, ch in enumerate(s):
        used += WIDE_W if is_wide(ch) else CHAR_W
        if used > px:
            return s[:i]
    return s


def clean(text: Any) -> str:
    """One line of text the fonts can draw (Latin-1, and kana/kanji when Misaki is installed;
    anything else becomes '?'). Full-width spaces are spaces."""
    return drawable(" ".join(str(text).replace("\u3000", " ").split()))


def drawable(text: Any) -> str:
    text = str(text).translate(_ASCII_FIXES)
    if wide_font() is None:
        return text.encode("latin-1", "replace").decode("latin-1")
    return "".join(ch if ord(ch) <= 0xFF or _has_glyph(ch) else "?" for ch in text)


@functools.lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    """Misaki draws JIS X 0208 (kana, kanji, full-width forms): what EUC-JP can encode."""
    try:
        ch.encode("euc_jp")
        return True
    except UnicodeEncodeError:
        return False


def own_words(data: Mapping[str, Any], words: str, **params) -> str:
    """A screen's own words in its data's language ("lang"; English when none is given)."""
    lang = data.get("lang") if isinstance(data, Mapping) else None
    if not lang or lang == "en":
        return words.format(**params) if params else words
    from companion.i18n import Msg, translate  # the catalogs live with the companion
    return translate(Msg(words, **params), lang)


def points(value: Any) -> str:
    """Scores as players say them: 3, 3.5, -0.5 (half points are common at the table)."""
    if isinstance(value, str):
        return value
    number = float(Fraction(value).limit_denominator(100)) if not isinstance(value, float) else value
    return f"{number:g}"


def wrap(text: Any, width: int = COLUMNS) -> list[str]:
    """Greedy word wrap in `width` columns of 6 px; a word longer than a line (a Japanese
    sentence has no spaces) is cut where the line ends, so nothing runs off the panel."""
    lines: list[str] = []
    line = ""
    px = width * CHAR_W
    for word in clean(text).split(" "):
        while text_width(word) > px:
            room = px - text_width(line) - CHAR_W if line else px
            head = cut(word, room) if line and any(map(is_wide, word)) else ""
            if head:  # Japanese runs on after what the line holds
                lines.append(f"{line} {head}")
                line, word = "", word[len(head):]
                continue
            if line:
                lines.append(line)
                line = ""
            head = cut(word, px)
            lines.append(head)
            word = word[len(head):]
        if not word:
            continue
        if line and text_width(line) + CHAR_W + text_width(word) > px:
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
    kept[-1] = cut(kept[-1], (width - 2) * CHAR_W).rstrip() + ".."
    return kept


def text(draw: ImageDraw.ImageDraw, x: int, y: int, s: str, fill: int = 1) -> None:
    s = drawable(s)
    if not any(map(is_wide, s)):
        draw.text((x, y - _INK), s, font=font(), fill=fill)
        return
    # runs of Latin-1 in the bitmap font, runs of kana and kanji in Misaki, side by side
    run = ""
    for ch in s + "\0":
        if run and (ch == "\0" or is_wide(ch) != is_wide(run[0])):
            if is_wide(run[0]):
                draw.text((x, y - _WIDE_INK), run, font=wide_font(), fill=fill)
            else:
                draw.text((x, y - _INK), run, font=font(), fill=fill)
            x += text_width(run)
            run = ""
        run += ch if ch != "\0" else ""


def text_right(draw: ImageDraw.ImageDraw, right: int, y: int, s: str, fill: int = 1) -> None:
    s = drawable(s)
    text(draw, right - text_width(s), y, s, fill)


def text_center(draw: ImageDraw.ImageDraw, y: int, s: str, fill: int = 1, left: int = 0,
                right: int = WIDTH) -> None:
    s = cut(clean(s), right - left)
    text(draw, left + (right - left - text_width(s)) // 2, y, s, fill)


def big_text_center(draw: ImageDraw.ImageDraw, y: int, s: str) -> None:
    """Twice the size (12 px a character, 10 a line): for the few words that must read from afar."""
    s = cut(clean(s), WIDTH // 2)
    small = Image.new("1", (text_width(s), 9))
    text(ImageDraw.Draw(small), 0, 0, s)
    big = small.resize((small.width * 2, small.height * 2), Image.NEAREST)
    draw.bitmap(((WIDTH - big.width) // 2, y), big, fill=1)


def title_bar(draw: ImageDraw.ImageDraw, title: str, right: str = "") -> None:
    draw.rectangle((0, 0, WIDTH - 1, 10), fill=1)
    right = cut(clean(right), (COLUMNS - 4) * CHAR_W)
    room = COLUMNS * CHAR_W - text_width(right) - (CHAR_W if right else 0)
    text(draw, 2, 1, cut(clean(title), room), fill=0)
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
    title_bar(draw, data.get("title", own_words(data, "Scores")), data.get("right", ""))
    for i, seat in enumerate(seats):
        seat = _data(seat)
        score = points(_require(seat, "score"))
        y = BODY_TOP + i * LINE_PITCH
        if seat.get("mark"):
            text(draw, 1, y, ">")
        name_room = (COLUMNS - 2 - len(score) - 1) * CHAR_W
        text(draw, 2 * CHAR_W - 3, y, cut(clean(_require(seat, "name")), name_room))
        text_right(draw, WIDTH - 1, y, score)


def trick(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Trick 7", "lead": "yellow", "plays": [{"seat": "P1", "tile": "yellow 3"}], "turn": "P3"}"""
    plays = [_data(p) for p in data.get("plays", ())]
    turn = data.get("turn")
    lines = [f"{clean(_require(p, 'seat'))} {clean(_require(p, 'tile'))}" for p in plays]
    if turn:
        lines.append(own_words(data, "{name} to play", name=clean(turn)))
    if len(lines) > BODY_LINES:
        raise ScreenError(f"a trick screen has room for {BODY_LINES} lines, got {len(lines)}")
    lead = data.get("lead")
    title_bar(draw, data.get("title", own_words(data, "Trick")), own_words(data, "lead {name}", name=lead) if lead else "")
    for i, line in enumerate(lines):
        body_line(draw, i, cut(line, (COLUMNS - 1) * CHAR_W), inverted=bool(turn) and i == len(lines) - 1)


def adjudication(draw: ImageDraw.ImageDraw, data: Mapping[str, Any]) -> None:
    """{"title": "Paradox yellow 1", "text": "P3 past 1 pt, P4 0.5"}: the last ruling and why."""
    title_bar(draw, data.get("title", own_words(data, "Ruling")), data.get("right", ""))
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
    title_bar(draw, data.get("title", own_words(data, "Check")), data.get("right", ""))
    if buttons:
        body_text(draw, _require(data, "text"), last=BODY_LINES - 2)
        hint = "  ".join(f"{k} {clean(v)}" for k, v in sorted(buttons.items()))
        body_line(draw, BODY_LINES - 1, cut(hint, (COLUMNS - 1) * CHAR_W), inverted=True)
    else:
        body_text(draw, _require(data, "text"))


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
    url = data.get("url") or f"http://{_require(data, 'hostname')}.local:{data.get('port', 8080)}/"
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
    code = clean(_require(data, "code"))  # digits: Latin in every language
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
    names = [clean(n) for n in _require(data, "names")]
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
    items = [clean(i) for i in _require(data, "items")]
    selected = int(data.get("selected", 0))
    if items and not 0 <= selected < len(items):
        raise ScreenError(f"selected is {selected}, but the menu has {len(items)} items")
    first = max(0, selected - BODY_LINES + 1)  # scroll just far enough to keep the choice in view
    title_bar(draw, data.get("title", own_words(data, "Menu")), f"{selected + 1}/{len(items)}" if items else "")
    for i, item in enumerate(items[first:first + BODY_LINES]):
        body_line(draw, i, cut(item, (COLUMNS - 1) * CHAR_W), inverted=first + i == selected)


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
