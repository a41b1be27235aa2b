"""The table's languages: messages with parameters, turned into words per viewer.

The rules and the companion say `Msg("{name} takes crack token {n}.", name=..., n=...)`: a
message id (the English words, as gettext keeps them) and its parameters. A Msg *is* its English
text (a str), so everything that stores, compares or logs words keeps working; `translate(value,
lang)` renders every Msg inside a view, a payload or a screen in the viewer's language through
the gettext catalogs in companion/locale/<lang>/LC_MESSAGES/: messages.po, the shared one, and
<game>.po for a game with a catalog of its own (a page gets only its own game's). English needs
no catalog but for the ids a game keeps as data that are no words (Domino Dynasty's icon
"area_spell"): companion/locale/en/LC_MESSAGES/<game>.po gives their words, so a Msg of such an
id is those words in English, as the Japanese catalog's are in Japanese; its id is kept.

The .po files are the sources; they are compiled with Babel when first used (in memory), so a
fresh clone needs no build step and no .mo is ever stale. Extraction and updating the catalogs:
the pybabel commands in babel.cfg.

Game nouns that reach a page as data (a part, a card title, a destination, a colour) are
translated by `term` when said in a sentence, and by the page script (its catalog from
`catalog_json`) when shown alone; ids sent back in moves stay English.
"""
from __future__ import annotations

import functools
import gettext
import io
import json
import logging
import re
import string
import unicodedata
from pathlib import Path

log = logging.getLogger("paradox-table")

LANGS = ("en", "ja")
DEFAULT = "en"
NAMES = {"en": "English", "ja": "日本語"}
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"


class Msg(str):
    """A message id and its parameters; as a str, its English words.

    `plural` and `n` choose a plural form (ngettext) in every language; parameters may be Msgs
    themselves (a part's name, a list), each rendered in the same language."""

    msgid: str
    params: dict
    plural: str | None
    n: int | None

    def __new__(cls, msgid: str, /, plural: str | None = None, n: int | None = None, **params):
        template = msgid if plural is None or n == 1 else plural
        if not params and plural is None:  # an id kept as data (area_spell) says its English words
            template = _english_names().get(msgid, msgid)
        obj = super().__new__(cls, _fill(template, dict(params, n=n), str))
        obj.msgid, obj.plural, obj.n, obj.params = msgid, plural, n, params
        return obj

    def __reduce__(self):  # copies and pickles keep the message, not only its English
        return (_rebuild, (self.msgid, self.plural, self.n, self.params))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def as_json(self) -> dict:
        """Language-free: the message id and its parameters (records, replay --json)."""
        out = {"msg": self.msgid, "params": {k: plain(v) for k, v in self.params.items()}}
        if self.plural is not None:
            out.update(plural=self.plural, n=self.n)
        return out


def Plural(singular: str, plural: str, n: int, /, **params) -> Msg:  # noqa: N802 - reads as Msg
    """A message with a singular and a plural form, chosen by `n` as each language counts."""
    return Msg(singular, plural=plural, n=n, **params)


def _rebuild(msgid, plural, n, params):
    return Msg(msgid, plural=plural, n=n, **params)


class Listed(Msg):
    """Items joined as each language joins them: "a, b and c" / "a、b、c"; `style` "or" for
    alternatives ("a or b" / "aまたはb")."""

    def __new__(cls, items, style: str = "and", sep: str | None = None):
        items = list(items)
        if sep is not None:
            english = sep.join(map(str, items))
        elif len(items) < 2:
            english = "".join(map(str, items))
        else:
            english = ", ".join(map(str, items[:-1])) + f" {style} " + str(items[-1])
        obj = str.__new__(cls, english)
        obj.msgid, obj.plural, obj.n, obj.params = english, None, None, {}
        obj.items, obj.style, obj.sep = items, style, sep
        return obj

    def __reduce__(self):
        return (Listed, (self.items, self.style, self.sep))

    def as_json(self) -> dict:
        out = {"list": [plain(i) for i in self.items], "style": self.style}
        return out if self.sep is None else {**out, "sep": self.sep}

    def render(self, lang: str) -> str:
        items = [translate(i, lang) for i in self.items]
        if lang == "en":
            return str.__str__(self)
        if self.sep is not None:
            return _JA_SEPS.get(self.sep, self.sep).join(items)
        if len(items) < 2:
            return "".join(items)
        if self.style == "or":
            return "、".join(items[:-1]) + "または" + items[-1]
        return "、".join(items)


# How Japanese joins what English joins with these: lists with 、, "a and b" as aとb, "a or b" as
# aまたはb, clauses one after another (a sentence and its sequel) without a space.
_JA_SEPS = {", ": "、", " and ": "と", " or ": "または", "; ": "。", " ": ""}


def term(word: str) -> Msg:
    """A game's noun or short label (a part, a card, a destination, a colour) as a message."""
    return word if isinstance(word, Msg) else _term(str(word))


@functools.lru_cache(maxsize=8192)
def _term(word: str) -> Msg:
    """One message per noun: a view names the same parts, places and people every time."""
    return Msg(word)


def seat_names(names) -> list:
    """A record's seat names, with the "seat N" a record without names gets as a message."""
    return [Msg("seat {seat}", seat=i) if n == f"seat {i}" else n for i, n in enumerate(names)]


@functools.lru_cache(maxsize=4096)
def _fields(template: str) -> frozenset:
    """The parameters a template names, parsed once: a game's rules make the same messages over
    and over (every placement tried says why it may not lie there)."""
    return frozenset(f for _, f, _, _ in string.Formatter().parse(template) if f)


def _fill(template: str, params: dict, render) -> str:
    """str.format with each parameter rendered first; a template that names a parameter not
    given (a translator's slip) falls back to the text as it is, never a crash."""
    if "{" not in template and "}" not in template:  # a plain noun, most of a view's words
        return template
    try:
        names = _fields(template)
        return template.format(**{k: render(v) for k, v in params.items() if k in names})
    except (KeyError, IndexError, ValueError):
        log.warning("message %r cannot be filled with %s", template, sorted(params))
        return template


_PO_PAIR = re.compile(r'^msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)+)"$', re.M)


@functools.cache
def _english_catalog(po: Path) -> dict[str, str]:
    """An English catalog's ids and their words. Read as the one-line pairs those small files
    hold, not through Babel: the first message of every process needs them, and a table that
    speaks English never loads Babel at all."""
    try:
        text = po.read_text("utf-8")
    except OSError:
        return {}
    return {json.loads(f'"{k}"'): json.loads(f'"{v}"') for k, v in _PO_PAIR.findall(text)}


@functools.cache
def _english_names() -> dict[str, str]:
    """id -> its English words, from every English catalog (see the module's words)."""
    out = {}
    for po in sorted((LOCALE_DIR / "en" / "LC_MESSAGES").glob("*.po")):
        out.update(_english_catalog(po))
    return out


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The language's catalogs, compiled from their .po files with Babel now (English needs
    none): the shared one, then each game's own, so the companion renders any game's messages."""
    if lang not in LANGS or lang == "en":
        return gettext.NullTranslations()
    shared = _compiled(po_path(lang, DOMAIN), lang)
    for domain in game_domains(lang):
        shared.add_fallback(_compiled(po_path(lang, domain), lang))
    return shared


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def game_domains(lang: str) -> list[str]:
    """The games with a catalog of their own in `lang` (<game>.po beside messages.po): a page
    receives the shared words and only its own game's, so one game's words never weigh on
    another's pages."""
    return sorted(p.stem for p in (LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po") if p.stem != DOMAIN)


def _compiled(po: Path, lang: str) -> gettext.NullTranslations:
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
        buf = io.BytesIO()
        write_mo(buf, catalog)
        buf.seek(0)
        return gettext.GNUTranslations(buf)
    except Exception as exc:  # a missing or broken catalog: words in English, said in the log
        log.error("the %s catalog %s cannot be read (%s): English is shown instead", lang, po, exc)
        return gettext.NullTranslations()


def said(exc: BaseException):
    """An exception's message as it was raised: a Msg keeps its id and parameters."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Msg) else str(exc)


def translate(value, lang: str):
    """`value` with every Msg inside it (dicts, lists) rendered in `lang`."""
    if isinstance(value, Listed):
        return value.render(lang)
    if isinstance(value, Msg):
        if lang == "en":
            return str.__str__(value)
        tr = translations(lang)
        if value.plural is not None:
            template = tr.ngettext(value.msgid, value.plural, value.n or 0)
        else:
            template = tr.gettext(value.msgid)
        return _fill(template, dict(value.params, n=value.n), lambda v: translate(v, lang))
    if isinstance(value, dict):
        return {k: translate(v, lang) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [translate(v, lang) for v in value]
    return value


def plain(value):
    """`value` with every Msg as its language-free form (message id and parameters)."""
    if isinstance(value, Msg):
        return value.as_json()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def from_plain(value):
    """The messages `plain` wrote, rebuilt (a record's words; the words a game keeps as a record
    gives them back)."""
    if isinstance(value, dict) and set(value) >= {"msg", "params"}:
        return Msg(value["msg"], plural=value.get("plural"), n=value.get("n"),
                   **{k: from_plain(v) for k, v in value["params"].items()})
    if isinstance(value, dict) and {"list", "style"} <= set(value) <= {"list", "style", "sep"}:
        return Listed([from_plain(i) for i in value["list"]], value["style"], value.get("sep"))
    if isinstance(value, dict):
        return {k: from_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_plain(v) for v in value]
    return value


def from_accept_language(header: str | None) -> str | None:
    """The browser's first choice among the table's languages, or None if it names neither."""
    if not header:
        return None
    ranked = []
    for i, part in enumerate(header.split(",")):
        lang, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        code = lang.strip().split("-")[0].lower()
        if code in LANGS and weight > 0:
            ranked.append((-weight, i, code))
    return min(ranked)[2] if ranked else None


def english(word: str) -> list[str]:
    """The English words (catalog ids) that `word` translates in any language of the table: what
    a host typed in Japanese ("ローマ", "ネット", "未来") read as the companion's own words
    (["Rome"], ["net", "nets"], ["Future", "future"]). Empty when it is no known word."""
    return list(_english_words().get(unicodedata.normalize("NFKC", word).strip(), ()))


def own_word(word, choices):
    """A player's word as the rules name it, one of `choices`: itself in any case ("Past " as
    "past"), or the id a catalog translates to it (過去: past, 赤: red, オラクル is "an oracle":
    oracle). Anything else comes back lowercased for the rules to refuse; a non-word as it is."""
    if not isinstance(word, str):
        return word
    low = word.strip().lower()
    if low in choices:
        return low
    for found in english(word):
        for candidate in (found.lower(), found.lower().split()[-1]):
            if candidate in choices:
                return candidate
    return low


@functools.cache
def _english_words() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for lang in LANGS:
        for msgid, words in catalog_json(lang).items():
            if isinstance(words, str) and "{" not in msgid:
                out.setdefault(unicodedata.normalize("NFKC", words).strip(), []).append(msgid)
    return {k: tuple(v) for k, v in out.items()}


def catalog_json(lang: str, domain: str | None = None) -> dict[str, str]:
    """msgid -> its words in `lang`, for the page scripts' `tr()` (plural entries by their
    singular id, both forms as a list): the pages' own messages and every word without
    parameters (a part, a card, a label); the rules' sentences reach a page already in words.
    `domain`: one catalog (DOMAIN, the shared one, or a game's); None: all of them. English
    has only its ids' words (a game's icon keys), so a page's `term()` shows words, never ids."""
    if lang == "en":
        return dict(_english_names() if domain is None else _english_catalog(po_path(lang, domain)))
    if domain is not None:
        return _catalog_json(po_path(lang, domain), lang)
    out = {}
    for name in [DOMAIN] + game_domains(lang):
        out.update(_catalog_json(po_path(lang, name), lang))
    return out


_PAGE_CALL = re.compile(r'\btrn?\(\s*"((?:[^"\\]|\\.)*)"')


@functools.cache
def _page_keys() -> frozenset:
    """Every message the page scripts look up by its words (tr("...")/trn("...")), read from the
    scripts themselves: a sentence with parameters reaches a page when a script fills it, even
    where the catalog names only the Python that says it too ("{name} to play")."""
    root = LOCALE_DIR.parent.parent
    scripts = list((root / "web" / "static").glob("*.js")) + list((LOCALE_DIR.parent / "games").glob("*/web/*.js"))
    keys = set()
    for script in scripts:
        try:
            text = script.read_text(encoding="utf-8")
        except OSError:
            continue
        for literal in _PAGE_CALL.findall(text):
            try:
                keys.add(json.loads(f'"{literal}"'))
            except ValueError:
                continue
    return frozenset(keys)


@functools.cache
def _catalog_json(po: Path, lang: str) -> dict:
    from babel.messages.pofile import read_po
    try:
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
    except Exception:
        return {}
    out = {}
    for m in catalog:
        if not m.id or not m.string or m.fuzzy:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        if "{" in key and key not in _page_keys() \
                and not any(where.endswith((".js", ".html")) for where, _ in m.locations):
            continue  # a sentence the companion fills in itself
        out[key] = list(m.string) if isinstance(m.string, tuple) else m.string
    return out
