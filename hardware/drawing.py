"""The small drawing helpers every OLED screen is made of, the shared screens and a game's own.

A screen is a function `(draw, data)`: luma.core's `canvas` hands it a PIL ImageDraw of the
128x64 panel, and it draws plain data (strings and numbers, never a game state) with these
helpers. The font is PIL's built-in bitmap font (6 px per character, capitals 6 px tall): crisp
on a 1-bit panel, 21 characters a line, and nothing to bundle. It covers Latin-1 only, so kana
and kanji are drawn with Misaki Gothic (Debian's fonts-misaki: 8x8 bitmaps drawn for exactly
this size), 8 px each, 16 a line; without that font they fall back to '?' and the log says why.
A screen's fixed words follow its data's "lang" (`own_words`). A screen is a title bar and up to
5 lines:

    rows 0-10   title bar, lit, dark text      title_bar
    rows 13-61  five text lines, 10 px apart   body_line, fitted_line, body_text, score_table,
                                               button_hints (the last line, lit)
"""
from __future__ import annotations

import dataclasses
import functools
import logging
import os
import unicodedata
from fractions import Fraction
from typing import Any, Mapping

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
    return "".join(ch if ord(ch) <= 0xFF else _wide(ch) for ch in text)


# Names are often written with a variant of a kanji (異体字) that Misaki's JIS X 0208 set lacks:
# the OLED draws its everyday form (髙橋 as 高橋, 𠮷田 as 吉田) rather than '?'. The pages show
# the name as typed.
_EVERYDAY_FORM = {"髙": "高", "𠮷": "吉", "﨑": "崎", "德": "徳", "濵": "濱", "黑": "黒", "瀨": "瀬",
                  "靑": "青", "桒": "桑", "槗": "橋", "曻": "昇", "俠": "侠", "惠": "恵", "淸": "清"}


@functools.lru_cache(maxsize=4096)
def _wide(ch: str) -> str:
    """`ch` as Misaki draws it: itself, its everyday form or compatibility form, or '?'."""
    for form in (ch, _EVERYDAY_FORM.get(ch, ""), unicodedata.normalize("NFKC", ch)):
        if len(form) == 1 and (ord(form) <= 0xFF or _has_glyph(form)):
            return form
    return "?"


@functools.lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    """Misaki has a glyph for `ch` (its JIS X 0208 kana, kanji and full-width forms): asked of
    the font itself, whose missing glyph is the one it draws for a code point no font has."""
    if ch.isspace():
        return True
    try:
        return bytes(wide_font().getmask(ch)) != bytes(wide_font().getmask("\U0010FFFD"))
    except Exception:  # noqa: BLE001 - a character the font's shaper refuses is one it cannot draw
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


# Japanese line breaking (kinsoku shori, JIS X 4051): no line starts with closing punctuation,
# a prolonged sound mark or a small kana; the character before it moves down with it
NO_LINE_START = frozenset("、。，．,.・：；？！ー－～…‥」』）］｝〕〉》】〙〗ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")


def _head(word: str, px: int) -> str:
    """The start of `word` that fits in `px`, cut where a Japanese line may break."""
    head = cut(word, px)
    while 1 < len(head) < len(word) and word[len(head)] in NO_LINE_START and is_wide(word[len(head) - 1]):
        head = head[:-1]
    return head


def wrap(text: Any, width: int = COLUMNS) -> list[str]:
    """Greedy word wrap in `width` columns of 6 px; a word longer than a line (a Japanese
    sentence has no spaces) is cut where the line ends, so nothing runs off the panel, and
    never before a mark a Japanese line may not start with (NO_LINE_START)."""
    lines: list[str] = []
    line = ""
    px = width * CHAR_W
    for word in clean(text).split(" "):
        while text_width(word) > px:
            room = px - text_width(line) - CHAR_W if line else px
            head = _head(word, room) if line and any(map(is_wide, word)) else ""
            if head:  # Japanese runs on after what the line holds
                lines.append(f"{line} {head}")
                line, word = "", word[len(head):]
                continue
            if line:
                lines.append(line)
                line = ""
            head = _head(word, px)
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
    # Misaki's kana and kanji stand a row above the bitmap font's capitals: a row more on top,
    # or their top strokes are cut (は as な-less, う as つ); the line keeps its baseline
    top = 1 if any(map(is_wide, s)) else 0
    small = Image.new("1", (text_width(s), 9 + top))
    text(ImageDraw.Draw(small), 0, top, s)
    big = small.resize((small.width * 2, small.height * 2), Image.NEAREST)
    draw.bitmap(((WIDTH - big.width) // 2, y - 2 * top), big, fill=1)


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


def fields(data: Any) -> Mapping[str, Any]:
    """A screen's data (a dict or a dataclass) as a mapping; ScreenError for anything else."""
    if data is None:
        return {}
    if dataclasses.is_dataclass(data) and not isinstance(data, type):
        return dataclasses.asdict(data)
    if isinstance(data, Mapping):
        return data
    raise ScreenError(f"screen data must be a dict or a dataclass, got {type(data).__name__}")


def require(data: Mapping[str, Any], key: str) -> Any:
    """data[key], or ScreenError naming the key a screen's data lacks."""
    if key not in data:
        raise ScreenError(f"missing {key!r}")
    return data[key]


def fitted_line(draw: ImageDraw.ImageDraw, index: int, s: str, inverted: bool = False) -> None:
    """Body line `index`, shortened where it would run into the panel's last column."""
    body_line(draw, index, cut(s, (COLUMNS - 1) * CHAR_W), inverted)


def score_table(draw: ImageDraw.ImageDraw, seats: Any) -> None:
    """One body line a seat: [{"name": "Ann", "score": 3.5, "mark": True}, ...], the points
    right-aligned and the name shortened to leave them room; `mark` puts a '>' before a seat
    (whose turn it is, or who leads)."""
    seats = list(seats)
    if not 1 <= len(seats) <= BODY_LINES:
        raise ScreenError(f"the scoreboard shows 1 to {BODY_LINES} seats, got {len(seats)}")
    for i, seat in enumerate(seats):
        seat = fields(seat)
        score = points(require(seat, "score"))
        y = BODY_TOP + i * LINE_PITCH
        if seat.get("mark"):
            text(draw, 1, y, ">")
        name_room = (COLUMNS - 2 - len(score) - 1) * CHAR_W
        text(draw, 2 * CHAR_W - 3, y, cut(clean(require(seat, "name")), name_room))
        text_right(draw, WIDTH - 1, y, score)


def button_hints(draw: ImageDraw.ImageDraw, buttons: Mapping[str, Any]) -> None:
    """The last body line, lit: which button does what ({"A": "accept", "B": "reject"}), so
    nobody has to remember."""
    hint = "  ".join(f"{k} {clean(v)}" for k, v in sorted(buttons.items()))
    fitted_line(draw, BODY_LINES - 1, hint, inverted=True)
