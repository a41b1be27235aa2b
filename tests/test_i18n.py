"""The table's languages (companion/i18n.py): every message converted so far has its Japanese,
none left in English; whole games of Loop and Paradominetor read in Japanese; replay speaks
both languages and its JSON none; a host types Loop's destinations in Japanese; the table's
language is kept with the table."""
from __future__ import annotations

import glob
import json
import random
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract
from babel.messages.pofile import read_po

from companion import cli, games, i18n
from companion.games import MASTER, TABLE, IllegalMove, Viewer
from companion.games.paradominetor.moves import Play, Reveal
from companion.i18n import Msg, translate
from companion.store import Store
from web.app import page_words
from companion.games.dynasty.moves import Market, Mission, Place
from patience import WAIT_SECONDS

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "companion" / "locale" / "ja" / "LC_MESSAGES" / "messages.po"  # and each <game>.po
# Babel's keywords, as babel.cfg gives them to pybabel
KEYWORDS = {"Msg": None, "Plural": (1, 2), "term": None, "tr": None, "trn": (1, 2), "own_words": (2,),
            "Refused": (2,)}
# What has been converted to messages: Loop, Paradominetor, Paradox Initiative, Domino Dynasty,
# Paradox Island, the shared pages, the OLED, replay.
NOT_YET = ()
PY = [f for f in glob.glob(str(ROOT / "companion" / "**" / "*.py"), recursive=True)
      + glob.glob(str(ROOT / "web" / "*.py")) + glob.glob(str(ROOT / "hardware" / "*.py"))
      if not any(g in Path(f).relative_to(ROOT).parts for g in NOT_YET)]
JS = glob.glob(str(ROOT / "web" / "static" / "*.js")) + [
    str(ROOT / "companion" / "games" / g / "web" / "game.js")
    for g in ("loop", "paradominetor", "initiative", "dynasty", "island")]
PAGES = [ROOT / "web" / "static" / "host.html", ROOT / "web" / "static" / "seat.html"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# Three English words in a row: a sentence left untranslated (a name or an id is one word).
ENGLISH = re.compile(r"[A-Za-z]{2,}(?:[ ,'’]+[A-Za-z]{2,}){2,}")
# Ids a Japanese rulebook prints as they are (loop.ja.txt 準備 8: 旅行カード(AD、BC)); tile ids
# typed as records write them (red-3-past) stay ids in either language.
# Paradox Island's rulebook calls the Omnipotence Paradox "OP" (paradox-island.txt:177).
KEPT_AS_IS = {"AD", "BC", "Language / 言語", "OP", "the OP", "The OP"}


def catalog():
    """The shared catalog with every game's own added: all the Japanese the companion has."""
    with PO.open("rb") as f:
        cat = read_po(f, locale="ja")
    for path in sorted(PO.parent.glob("*.po")):
        if path != PO:
            with path.open("rb") as f:
                for m in read_po(f, locale="ja"):
                    if m.id:
                        assert m.id not in cat, f"{m.id!r} is in two catalogs"
                        cat[m.id] = m
    return cat


def extracted() -> set:
    out = set()
    for path, method in [(p, "python") for p in PY] + [(p, "javascript") for p in JS]:
        with open(path, "rb") as f:
            for _, msg, _, _ in extract(method, f, keywords=KEYWORDS):
                out.add(msg if isinstance(msg, str) else tuple(m for m in msg if m))
    for page in PAGES:
        out.update(page_words(page.read_text()))
    return {m for m in out if m and (not isinstance(m, str) or m.strip())}


def without_placeholders(text: str) -> str:
    return re.sub(r"<[^>]+>|\{[^}]*\}", "", text)


def test_every_message_converted_has_its_japanese():
    cat = catalog()
    missing, english, slips = [], [], []
    for msg in extracted():
        key = msg if isinstance(msg, str) else msg[0]
        entry = cat.get(key)
        if entry is None or not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
            missing.append(msg)
            continue
        words = entry.string if isinstance(entry.string, str) else entry.string[0]
        if re.search("[A-Za-z]{2,}", without_placeholders(words)) and not JAPANESE.search(words) \
                and key not in KEPT_AS_IS:
            english.append(key)
        # a placeholder the English does not have would be left unfilled
        if set(re.findall(r"\{(\w+)", words)) - set(re.findall(r"\{(\w+)", key)):
            slips.append(key)
    assert len(extracted()) > 350  # the extraction found the messages, not nothing
    assert missing == [], f"no Japanese for {missing}"
    assert english == [], f"left in English: {english}"
    assert slips == [], f"placeholders the English lacks: {slips}"


def test_the_games_own_words_have_their_japanese():
    from companion.games.loop import catalog as loop_catalog
    from companion.games.paradominetor.tiles import COLOURS, TIMEFRAMES
    words = [c["title"] for c in loop_catalog.actions().values()] + \
        [a["title"] for a in loop_catalog.anomalies(True)] + \
        [d["name"] for era in loop_catalog.ERAS for card in loop_catalog.deck(era) for d in card] + \
        [p for parts in loop_catalog.store_parts().values() for p in parts] + list(COLOURS) + list(TIMEFRAMES)
    for name in ("loop", "paradominetor"):
        g = games.describe(name)
        words += [g.title] + [o.label for o in g.options] + [o.help for o in g.options if o.help]
    ja = i18n.catalog_json("ja")
    assert [w for w in words if not JAPANESE.search(ja.get(w, ""))] == []
    # the rulebooks' own words (docs/glossary.md says where each comes from)
    assert [ja[w] for w in ("past", "present", "future")] == ["過去", "現在", "未来"]
    assert [ja[w] for w in ("Garage", "Shop", "Armory", "Trash", "Advertise", "Exchange", "Move")] == \
        ["ガレージ", "ショップ", "武器庫", "破棄", "宣伝", "交換", "付け替え"]


def test_one_japanese_word_for_a_turn_and_for_a_phone():
    """docs/glossary.md: a turn is ターン (loop.ja.txt:49), a phone 端末, in every game's words; the
    synonyms a translator reaches for first are nowhere."""
    said = {m.id: m.string for m in catalog() if m.id and m.string}
    for other in ("手番", "スマホ", "スマートフォン"):
        assert [i for i, ja in said.items() if other in str(ja)] == [], other
    assert said["end my turn"] == "ターンを終える" and "端末" in said["{name} entered {tile} by phone"]


def test_paradox_islands_new_game_form_has_its_japanese():
    """The host page offers every game's form, so Island's words are in the shared catalog."""
    g = games.describe("island")
    words = [g.title] + [o.label for o in g.options] + [o.help for o in g.options if o.help] + \
        [c[1] for o in g.options for c in (o.choices or ())] + \
        [f for o in g.options for f in (o.fields or ())]
    shared = i18n.catalog_json("ja", i18n.DOMAIN)
    assert len(words) > 10 and [w for w in words if not JAPANESE.search(shared.get(w, ""))] == []
    assert shared["Captive"] == "囚われ人" and shared["Theseus"] == "テセウス"


def messages_in(value, found, outer=None, seen=None):
    """Every Msg in a view or a refusal, its parameters included; `outer` (a list) also gets the
    messages no other message holds, the ones a reader sees as a whole. `seen` (a dict id ->
    message, which keeps each alive so its id is never another's) skips a message already
    walked: views share their nouns and the lines said so far, move after move."""
    if isinstance(value, Msg):
        if seen is not None:
            known = seen.get(id(value))
            if known is not None:
                if outer is not None and not known[1]:  # met inside another before, now whole
                    known[1] = True
                    outer.append(value)
                return found
            seen[id(value)] = [value, outer is not None]
        found.append(value)
        if outer is not None:
            outer.append(value)
        for v in value.params.values():
            messages_in(v, found, None, seen)
        for v in getattr(value, "items", ()):
            messages_in(v, found, None, seen)
    elif isinstance(value, dict):
        for v in value.values():
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                messages_in(v, found, outer, seen)
    elif isinstance(value, (list, tuple)):
        for v in value:
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                messages_in(v, found, outer, seen)
    return found


def whole_game(name: str, options: dict, seed: int):
    """A random game to its end (or 400 moves): every view of every viewer after every move, the
    events' words, and the refusals of moves made out of turn."""
    rules, rng = games.load(name), random.Random(seed)
    state = rules.setup(options, seed)
    said, refusals = [], []
    for _ in range(400):
        if rules.is_over(state):
            break
        legal = rules.legal_moves(state)
        move = rng.choice(legal)
        wrong = type(move)(**{**move.__dict__, "seat": (move.seat + 1) % len(rules.viewers(state))})
        try:
            rules.apply(state, wrong)
        except IllegalMove as exc:
            refusals.append(i18n.said(exc))
        state, events = rules.apply(state, move)
        said += [e.text() for e in events]
        views = [rules.view(state, TABLE)] + [rules.view(state, Viewer.of_seat(s))
                                              for s in range(len(rules.viewers(state)))]
        yield views + [MASTER and rules.view(state, MASTER)], said, refusals
        said, refusals = [], []


GAMES = [("loop", {"players": 3, "names": ["さくら", "たろう", "はなこ"], "future": "yes", "office": "yes",
                   "extra_anomalies": "yes"}, 3),
         ("loop", {"players": 4, "names": ["A", "B", "C", "D"]}, 8),
         ("paradominetor", {"seats": 4, "names": ["さくら", "たろう", "はなこ", "じろう"], "deal": True}, 5),
         ("paradominetor", {"seats": 5, "deal": True, "variant": "advanced"}, 9),
         ("initiative", {"players": 3, "names": ["さくら", "たろう", "はなこ"]}, 2),
         ("initiative", {"players": 1, "challenging": "yes"}, 6),
         ("dynasty", {"players": 3, "names": ["さくら", "たろう", "はなこ"]}, 4),
         # every expansion, the powers and the report rules: their events, tasks and refusals too
         ("dynasty", {"players": 4, "powers": "yes", "report_rules": "yes", "tactical": "yes",
                      "expansions": ["goblin", "proximity", "direction", "machine"]}, 7),
         ("island", {"players": 3}, 4),
         ("island", {"players": 2, "characters": ["phil"]}, 7),
         ("island", {"players": 4, "characters": ["achilles", "granddead", "theseus"]}, 2)]


@pytest.mark.parametrize("name, options, seed", GAMES)
def test_a_whole_game_reads_in_japanese(name, options, seed):
    """Every message a game says (views, events, refusals) is in the catalog, and the game's
    views in Japanese hold no English sentence."""
    from hardware.drawing import BODY_LINES, wrap
    ja = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog() if m.string}
    unknown, english, count, too_long = set(), set(), 0, []
    seen = set()  # a view repeats most of its words move after move: each is read once
    walked = {}
    for views, said, refusals in whole_game(name, options, seed):
        # what the table hears is the OLED's message screen: five lines of 16 kana
        too_long += [translate(w, "ja") for w in said if len(wrap(translate(w, "ja"))) > BODY_LINES]
        outer = []
        for m in messages_in([views, said, refusals], [], outer, walked):
            count += 1
            if not isinstance(m, i18n.Listed) and m.msgid not in ja:
                unknown.add(m.msgid)
        # a message held in another is read within it: an English sentence there shows in the whole
        for m in outer:
            key = (type(m), m.msgid, str(m))
            if key in seen:
                continue
            seen.add(key)
            words = translate(m, "ja")
            if ENGLISH.search(words):  # ids in the views (a part, a card) are no words
                english.add(words)
    assert count > 50
    assert unknown == set()
    assert english == set()
    assert too_long == []


def test_messages_are_their_english_words_and_translate_with_their_parameters():
    msg = Msg("{name} takes crack token {n}.", name="さくら", n=2)
    assert msg == "さくら takes crack token 2."  # English wherever a plain string is expected
    assert translate(msg, "ja") == "さくらが亀裂トークンを受け取る(2個目)。"
    nested = Msg("machine {machine} has no {part}", machine="II", part=i18n.term("net"))
    assert translate({"said": [nested]}, "ja") == {"said": ["タイムマシンIIにネットはありません"]}
    two = i18n.Plural("{name} must follow {colours}: {played} was played",
                      "{name} must follow {colours}: {played} were played", 2, name="P1",
                      colours=i18n.Listed([i18n.term("red"), i18n.term("blue")], sep=" or "),
                      played=i18n.Listed([i18n.term("red"), i18n.term("blue")], sep=" and "))
    assert two == "P1 must follow red or blue: red and blue were played"
    assert translate(two, "ja") == "P1は赤または青をフォローしなければなりません: 赤と青が出ています"
    assert i18n.plain(two)["n"] == 2 and i18n.plain(nested)["params"]["part"] == {"msg": "net", "params": {}}


def test_a_language_and_a_browser_choice():
    assert i18n.from_accept_language("ja-JP,ja;q=0.9,en-US;q=0.8") == "ja"
    assert i18n.from_accept_language("en-US,en;q=0.9,ja;q=0.8") == "en"
    assert i18n.from_accept_language("fr-FR,fr;q=0.9") is None  # neither: the table's, then


# ---------------------------------------------------------------- replay in either language

LOOP_RECORD = [{"game": "loop", "players": 2, "names": ["さくら", "たろう"],
                "destinations": ["Rome AD net 4", "Giza BC wheel engine 5"]},
               {"turn": {"seat": 0, "new": "shop", "part": "net", "machine": 1,
                         "launch": {"machine": 1, "destination": "Rome"}}},
               {"turn": {"seat": 1, "new": "trash"}}]
# A matrix record (a red strand of four, then a swap forming nothing) and a scoring one in one
INITIATIVE_RECORD = [
    {"game": "initiative", "players": 2, "names": ["さくら", "たろう"]},
    {"matrix": {"seat": 0, "rows": ["R1 Y3 B2 R1 W3", "B2 K1 W3 R2 Y1", "R1 R2 R3 Y1 K2", "Y1 B3 K2 W1 R3",
                                    "K2 W1 R3 Y2 B1"]}},
    {"anomaly": ["R1", "Y2", "W3"]},
    {"bag": ["W1", "B2", "K3", "R1", "R2", "Y3", "B1", "Y1", "K2", "W3", "B3", "Y2", "K1", "W2"]},
    {"swap": {"seat": 0, "a": [2, 3], "b": [0, 3]}}, {"swap": {"seat": 0, "a": [3, 0], "b": [1, 3]}},
    {"worlds": {"fractured": [2], "locked": [1]}},
    {"pile": {"seat": 1, "cards": ["world-2-past", "world-2-future", "world-1-past"], "alliances": 2}}]
PARADOMINETOR_RECORD = [
    {"game": "paradominetor", "seats": 4, "colours": ["red", "blue", "green", "purple"], "first_lead": 0},
    {"trick": [{"seat": 0, "tile": "black-0", "declare": "purple"}, {"seat": 1, "tile": "purple-4-present"},
               {"seat": 2, "tile": "purple-6-future"}, {"seat": 3, "tile": "black-0"}]}]


DYNASTY_RECORD = [{"game": "dynasty", "players": 2, "roles": {"0": "warfare", "1": "goods"}}] + [
    {"start": {"map": "shared", "role": role, "cells": [[3, 1 + i], [4, 1 + i]]}}
    for i, role in enumerate(("warfare", "money", "infrastructure", "housing", "goods"))] + [
    {"start": {"map": "personal", "seat": s, "cells": [[3, 3], [4, 3]]}} for s in (0, 1)] + [
    {"place": {"seat": 0, "map": "personal", "cells": [[5, 3], [6, 3]], "halves": ["lava/person/EW", "lava/warfare/W"]}}]


@pytest.mark.parametrize("record, english_words, japanese_words", [
    (DYNASTY_RECORD, ["Placement 1: seat 0 on the personal map; Military 8", "(1 people)", "x province 2"],
     ["配置1: 席0が個人マップに。軍事力 8", "2 軍事首都 D4(人1)", "×領地2", "財力 8(ゲームにいない: 最も強いプレイヤーと同じ勢力)"]),
    (LOOP_RECORD, ["Day 1", "new Shop", "launched to Rome for 4", "stops before the end"],
     ["1日目", "新規 ショップ", "ローマへ発進して4点", "記録はゲームの終了前で途切れています。"]),
    (PARADOMINETOR_RECORD, ["Trick  1: Paradox black 0: seat 0 past 1 pt, seat 3 past 0.5", "Scores: seat 0 1"],
     ["トリック 1: パラドックス 黒0: 席0 過去 1点、席3 過去 0.5点", "得点: 席0 1"]),
    (INITIATIVE_RECORD, ["さくら: red strand of 4, 1 earned, switches on: red", "さくら: no strand",
                         "たろう: 5 (worlds 2, experiments 0, locked 1", "Best: たろう"],
     ["さくら: 赤のストランド(4個)、1個獲得、スイッチオン: 赤", "さくら: ストランドなし",
      "たろう: 5点(世界 2、実験 0、ロック 1、目標 []、同盟 2。崩壊した世界で失ったカード: world-2-past)",
      "最高得点: たろう"]),
])
def test_replay_speaks_either_language_and_its_json_neither(tmp_path, capsys, record, english_words,
                                                            japanese_words):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(line, ensure_ascii=False) for line in record) + "\n")
    assert cli.main(["replay", str(path)]) == 0
    english = capsys.readouterr().out
    assert cli.main(["replay", str(path), "--lang", "ja"]) == 0
    japanese = capsys.readouterr().out
    assert all(w in english for w in english_words), english
    assert all(w in japanese for w in japanese_words), japanese
    assert not ENGLISH.search(japanese), japanese
    outs = []
    for lang in ("en", "ja"):
        assert cli.main(["replay", str(path), "--json", "--lang", lang]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]  # the adjudication names no language
    assert not JAPANESE.search(outs[0].replace("さくら", "").replace("たろう", ""))


def test_replay_refuses_a_language_it_does_not_speak(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(PARADOMINETOR_RECORD[0]) + "\n")
    with pytest.raises(SystemExit) as stop:
        cli.main(["replay", str(path), "--lang", "fr"])
    assert stop.value.code == 2
    assert "invalid choice: 'fr'" in capsys.readouterr().err


# ---------------------------------------------------------------- typing in Japanese

def loop_destinations(*typed):
    state = games.load("loop").setup({"players": 2, "cards": len(typed), "destinations": list(typed)}, 1)
    return [(d.name, d.era, d.parts, d.points, d.action) for d in state.destinations]


def test_a_host_types_loops_destinations_in_japanese():
    assert loop_destinations("ローマ AD ネット 4") == loop_destinations("Rome AD net 4") == \
        [("Rome", "AD", ("net",), 4, None)]
    # full-width digits and spaces, 、 between parts, a name no catalog knows kept as typed
    assert loop_destinations("京都　AD　ホイール、エンジン　５") == [("京都", "AD", ("wheel", "engine"), 5, None)]
    # a Future card's action last, in Japanese too; a known name alone is enough
    assert loop_destinations("火星植民地 未来 エンジン 5 ガレージ", "西部開拓時代")[0] == \
        ("Mars Colony", "Future", ("engine",), 5, "garage")
    assert loop_destinations("西部開拓時代")[0][0] == "Wild West"


def test_a_destination_typed_wrong_is_refused_in_the_readers_words():
    with pytest.raises(IllegalMove) as refused:
        loop_destinations("京都 ネット 4")
    said = i18n.said(refused.value)
    assert said == "京都: say its era (AD, BC or Future), e.g. '京都 AD net 4'"
    assert translate(said, "ja") == "京都: 時代(AD、BC、未来)を書いてください。例えば「京都 AD ネット 4」"


def test_a_destination_typed_in_japanese_is_named_back_as_typed():
    """A name no catalog knows keeps the words the host typed, even where one of them is a known
    destination's (ローマ XX is not "Rome XX"); a refusal quotes the entry as typed."""
    with pytest.raises(IllegalMove) as refused:
        loop_destinations("ローマ XX ネット 4")
    assert translate(i18n.said(refused.value), "ja").startswith("ローマ XX: 時代(AD、BC、未来)を書いてください")
    assert loop_destinations("ローマ XX AD ネット 4")[0][0] == "ローマ XX"
    with pytest.raises(IllegalMove) as refused:
        loop_destinations("未来 ネット 4")
    assert translate(i18n.said(refused.value), "ja").startswith("'未来 ネット 4': 旅行先には名前が必要です")
    assert i18n.said(refused.value).startswith("'未来 ネット 4': a destination needs a name")
    # a Future card's action in two words, as typed
    assert loop_destinations("Mars Colony Future engine 5 any store")[0][4] == "any_store"


def test_a_paradox_tile_is_revealed_and_black_declared_in_japanese():
    rules = games.load("paradominetor")
    state = rules.setup({"seats": 3}, 0)
    state, _ = rules.apply(state, Play(0, "black-0", "緑"))
    assert rules.view(state, TABLE)["current_trick"][0]["declare"] == "green"
    for seat, tile in ((1, "green-4"), (2, "green-4")):
        state, _ = rules.apply(state, Play(seat, tile))
    state, _ = rules.apply(state, Reveal(1, "現在"))
    with pytest.raises(IllegalMove) as refused:
        rules.apply(state, Reveal(2, "昨日"))
    assert translate(i18n.said(refused.value), "ja") == "'昨日'は時代ではありません: 過去・現在・未来のいずれかです"
    state, _ = rules.apply(state, Reveal(2, "過去"))
    assert rules.view(state, TABLE)["tricks"][0]["winners"] == [1, 2]


# ---------------------------------------------------------------- the table's language is kept

def test_the_tables_language_is_kept_with_the_table(tmp_path):
    from companion.service import Companion
    path = tmp_path / "games.db"
    with Store(path) as store:
        assert store.language() == "en"
        table = Companion(store)
        table.start()
        with pytest.raises(IllegalMove):
            table.set_language("fr")
        table.set_language("ja").result(WAIT_SECONDS)
        assert table.snapshot.language == "ja"
        table.stop()
    with Store(path) as store:
        assert store.language() == "ja" and Companion(store).snapshot.language == "ja"


def test_a_bad_record_is_refused_in_either_language(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in [PARADOMINETOR_RECORD[0],
                                                             {"trick": [{"seat": 1, "tile": "red-3-past"}]}]))
    assert cli.main(["replay", str(path), "--lang", "ja"]) == 2
    assert capsys.readouterr().err == "2行目: トリックに1枚しかありません。4枚必要です\n"
    assert cli.main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == "line 2: the trick has 1 plays; a trick needs 4\n"


def test_paradox_islands_refusals_read_in_japanese():
    """Island's refusals are messages from its own catalog (island.po), names and all."""
    from companion.games.island import apply, setup
    from companion.games.island.moves import LayTile, Move
    state = setup({"players": 3}, seed=0)
    refusals = []
    for move in (LayTile(tile=next(iter(games.load("island").catalog.tiles())), space="A1", seat=1),
                 Move(seat=1, direction="NW"), Move(seat=1, direction="up")):
        with pytest.raises(IllegalMove) as refused:
            apply(state, move)
        refusals.append(translate(i18n.said(refused.value), "ja"))
    assert refusals == ["島を組むのはOPだけです", "ゲームは進行中ではありません",
                        "'up'は方向ではありません。NW、NE、E、SE、SW、Wのいずれかを指定してください"]
    with pytest.raises(IllegalMove) as refused:  # the host's new-game form, refused in Japanese
        setup({"players": 3, "characters": ["zeno", "phil"]}, seed=0)
    assert translate(i18n.said(refused.value), "ja") == \
        "'zeno'というキャラクターはいません。次から選んでください: アキレス、グランドデッド、ヘンペル、フィル、シュレディ、テセウス"
    from companion.games.island import layout  # the OP typing the island
    for typed, words in (("lake-straight Z9 0", "Z9は島のマス(A～G行)ではありません"),
                         ("lake-straight D2 7", "タイルは60度ずつ0～5回回します(7ではありません)")):
        with pytest.raises(IllegalMove) as refused:
            layout.parse_placement(typed)
        assert translate(i18n.said(refused.value), "ja") == words


def test_every_word_islands_page_script_asks_for_reaches_its_page():
    """Island's game.js looks up its words (sentences with parameters too) in what its page
    receives: the shared words and Island's own (/games/island/words.js)."""
    script = ROOT / "companion" / "games" / "island" / "web" / "game.js"
    with script.open("rb") as f:
        asked = {msg if isinstance(msg, str) else msg[0]
                 for _, msg, _, _ in extract("javascript", f, keywords=KEYWORDS) if msg}
    sent = {**i18n.catalog_json("ja", i18n.DOMAIN), **i18n.catalog_json("ja", "island")}
    assert len(asked) > 150
    assert sorted(w for w in asked if w not in sent) == []
    assert sent["Round {round}"] == "ラウンド{round}" and sent["Say aloud ({n})"] == "読み上げる({n})"


def test_what_the_op_says_aloud_reads_in_japanese():
    """The OP's lines are messages: the same English as before, and Japanese for a Japanese OP."""
    from companion.games.island import apply, setup
    from companion.games.island.moves import ChooseStartingFruit, PlaceOpPieces, RandomIsland
    rules = games.load("island")
    state, said = setup({"players": 3, "characters": ["phil", "hempel"]}, seed=3), []
    state, events = apply(state, RandomIsland(seat=0))
    said += events
    place = next(m for m in rules.legal_moves(state) if isinstance(m, PlaceOpPieces))
    state, events = apply(state, place)
    said += events
    for m in (ChooseStartingFruit(seat=2, fruit="banana", bonus="restore_energy"),
              ChooseStartingFruit(seat=1, fruit="apple")):
        state, events = apply(state, m)
        said += events
    lines = [e.text() for e in said]
    assert lines[0] == "OP: The island is ready behind my screen."
    assert lines[-2:] == ["Phil: My starting fruit is the apple.", "OP: Phil begins."]
    assert [translate(w, "ja") for w in lines[-2:]] == ["フィル: 私の開始フルーツはリンゴです。",
                                                         "OP: フィルから始めます。"]
    assert all(JAPANESE.search(translate(w, "ja")) for w in lines)


# ---------------------------------------------------------------- Paradox Initiative

def test_paradox_initiatives_form_and_own_words_have_their_japanese():
    """The form is in the shared catalog (the host page offers every game's); the worlds, the
    experiments, the tech modules and the game's nouns in Initiative's own (initiative.po), one
    name each as docs/glossary.md gives it."""
    from companion.games.initiative import catalog as pi_catalog
    from companion.games.initiative.state import TECH
    g = games.describe("initiative")
    form = [g.title] + [o.label for o in g.options] + [o.help for o in g.options if o.help] + \
        [c[1] for o in g.options for c in (o.choices or ())]
    shared = i18n.catalog_json("ja", i18n.DOMAIN)
    assert [w for w in form if not JAPANESE.search(shared.get(w, ""))] == []
    own = i18n.catalog_json("ja", "initiative")
    words = [w["name"] for w in pi_catalog.worlds() if w["name"] != f"World {w['number']}"] + \
        ["Spires", "Towers", "Gates", "nexus", "any", "planet"] + list(TECH)
    assert [w for w in words if not JAPANESE.search(own.get(w, ""))] == []
    assert [own[w] for w in ("matrix", "anomaly", "lock", "wormhole", "swap")] == \
        ["マトリクス", "アノマリー", "ロック", "ワームホール", "入れ替え"]
    # a card as players say it, its world's name and timeline in Japanese
    assert translate(pi_catalog.card_words("world-6-nexus"), "ja") == "世界6 クシール・ネクサス"
    assert translate(pi_catalog.card_words("spires-past"), "ja") == "尖塔の実験・過去"


def test_paradox_initiatives_refusals_and_the_cameras_questions_read_in_japanese():
    """A refusal, the camera's question when a phone's swap is not on the table yet, and the
    words the table then hears, in Japanese (the camera's logic is the same in any language)."""
    from companion.games.initiative import apply, setup
    from companion.games.initiative.moves import Swap
    from tests.initiative.test_table import Mat, _anomaly_swap_by_phone, _game
    state = setup({"players": 2, "names": ["さくら", "たろう"]}, 4)
    with pytest.raises(IllegalMove) as refused:
        apply(state, Swap(0, [0, 0], [0, 1]))
    assert translate(i18n.said(refused.value), "ja") == "まずアノマリーのために袋から引いた粒子を入力してください"
    with pytest.raises(IllegalMove) as refused:
        setup({"players": 5})
    assert translate(i18n.said(refused.value), "ja") == \
        "パラドックス・イニシアチブは1人(ライバル研究所と対戦)から4人で遊びます"
    state = _game()
    seat = state.order[0]
    mat = Mat(state)
    mat.swap(seat, (0, 0), (0, 1))  # K1 and W2: symbols differ
    prompt = mat.watcher.next(state)
    assert translate(prompt.text, "ja") == \
        f"P{seat + 1}が1行1列と1行2列を入れ替え: 1行1列の黒1と1行2列の白2はシンボルが違います"
    mat, seat, _, state = _anomaly_swap_by_phone()
    prompt = mat.watcher.next(state)
    (phone, agreed), (table, _) = prompt.choices
    assert [translate(w, "ja") for w in (prompt.title, phone, agreed.said, table)] == [
        "テーブルか端末か", "端末が正しい: 1行2列とアノマリー2を入れ替え(白2と黄2)",
        "テーブルを合わせてください: 1行2列とアノマリー2を入れ替え(白2と黄2)",
        "テーブルが正しい: 端末の入力を取り消す"]
    assert translate(prompt.text, "ja").startswith(f"テーブルのP{seat + 1}のマトリクスとアノマリーは端末の入力前のままです。")
    assert not [w for w in translate([prompt.text, prompt.no, prompt.words], "ja") if ENGLISH.search(w)]


def test_words_kept_in_a_json_state_are_messages_again():
    """A game whose state is JSON keeps what it said as plain(msg): language-free in the state,
    a message again (parameters, plurals and lists) when shown."""
    said = i18n.Plural("{name} still has {n} matrix action to take: a swap is enough, it need not form a strand",
                       "{name} still has {n} matrix actions to take: a swap is enough, it need not form a strand",
                       2, name=Msg("Rival lab"))
    listed = i18n.Listed([i18n.term("red"), Msg("the anomaly")])
    kept = json.loads(json.dumps(i18n.plain([said, listed, "as typed"])))
    again = i18n.from_plain(kept)
    assert again == [said, listed, "as typed"]
    assert translate(again, "ja") == translate([said, listed, "as typed"], "ja") == [
        "ライバル研究所にはまだマトリクスアクションが2回残っています。ストランドにならない入れ替えでも構いません",
        "赤、アノマリー", "as typed"]
    joined = i18n.Listed(["B4", Msg("the anomaly")], sep=" and ")  # a list joined its own way keeps it
    again = i18n.from_plain(json.loads(json.dumps(i18n.plain(joined))))
    assert str(again) == "B4 and the anomaly" and translate(again, "ja") == "B4とアノマリー"


# ---------------------------------------------------------------- Domino Dynasty

def test_domino_dynastys_form_and_components_have_their_japanese():
    """The new-game form and the roles are in the shared words (the host page offers every
    game's form); the components' words in Dynasty's own catalog, one name for each thing
    (docs/glossary.md, Domino Dynasty)."""
    from companion.games.dynasty.catalog import EVENTS, ICONS, PENALTIES, REWARDS, ROLE, SCALARS, TERRAINS
    g = games.describe("dynasty")
    form = [g.title] + [o.label for o in g.options] + [o.help for o in g.options if o.help] + \
        [c[1] for o in g.options for c in (o.choices or ())]
    shared = i18n.catalog_json("ja", i18n.DOMAIN)
    assert len(form) > 30 and [w for w in form if not JAPANESE.search(shared.get(w, ""))] == []
    own = i18n.catalog_json("ja", "dynasty")
    words = [r["strength"] for r in ROLE.values()] + list(TERRAINS) + list(ICONS) + list(REWARDS) + \
        list(REWARDS.values()) + list(PENALTIES) + list(PENALTIES.values()) + \
        [v["words"] for v in EVENTS.values()] + [v["words"] for v in SCALARS.values() if v["words"]]
    assert len(words) > 100 and [w for w in words if not JAPANESE.search(own.get(w, ""))] == []
    assert [shared[ROLE[r]["name"]] for r in ("warfare", "money", "infrastructure", "housing", "goods")] == \
        ["戦の兄", "貨幣の姉", "基盤の叔父", "空間のきょうだい", "物資の叔母"]
    assert [own[t] for t in TERRAINS] == ["溶岩", "砂漠", "石地", "平原", "草地"]
    assert (own["Strength"], own["Missions"], own["Market"]) == ("勢力", "ミッション", "マーケット")


def test_domino_dynastys_refusals_read_in_japanese():
    """A placement the maps refuse, a turn out of order and a half written wrong: refused in the
    reader's words, squares named as on the mat, and nothing changed."""
    from companion.games import dynasty
    state = dynasty.setup({"players": 2, "names": ["さくら", "たろう"], "roles": ["warfare", "goods"]}, 0)
    state, _ = dynasty.apply(state, Market(0, ("lava//EW|lava//EW", "grass//NS|grass//NS",
                                                         "lava//EW|lava//W", "desert//E|desert//W")))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("warfare 1",)))
    refusals = []
    for move in (Place(1, "personal", ((5, 3), (6, 3)), ("lava//EW", "lava//EW")),
                 Place(0, "personal", ((3, 2), (4, 2)), ("lava//EW", "lava//EW")),
                 Place(0, "shared", ((5, 1), (6, 1)), ("grass//NS", "grass//NS")),
                 Place(0, "personal", ((5, 3), (6, 3)), ("lava/dragon/EW", "lava//EW"))):
        with pytest.raises(IllegalMove) as refused:
            dynasty.apply(state, move)
        refusals.append(translate(i18n.said(refused.value), "ja"))
    assert refusals == ["ドミノを獲得するのはさくらの番です",
                        "マスD3の南の辺で道が合っていません",
                        "マスF2の西の辺で地形が合っていません: 草地の隣に溶岩",
                        "'dragon'というアイコンはありません"]
    placed, said = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("lava//EW", "lava//EW")))
    assert translate(said[0].text(), "ja") == "さくら: 自分のマップF4-G4に溶岩・EW|溶岩・EW。"
    assert said[0].text() == "さくら placed lava paths EW | lava paths EW on F4-G4 of their map."


def test_a_bad_dynasty_record_is_refused_in_either_language(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    bad = dict(DYNASTY_RECORD[-1]["place"], turn=2)
    path.write_text("\n".join(json.dumps(line) for line in [DYNASTY_RECORD[0], {"place": bad}]))
    assert cli.main(["replay", str(path), "--lang", "ja"]) == 2
    assert capsys.readouterr().err == "2行目: placeの行にturnは使えません\n"
    assert cli.main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == "line 2: a place line does not take turn\n"


def test_every_word_of_dynastys_page_script_reaches_its_page():
    """Each tr("...") of Dynasty's game.js has its Japanese among the words its page receives: the
    shared ones and Dynasty's own (a word only another game's catalog holds never reaches it)."""
    script = (ROOT / "companion" / "games" / "dynasty" / "web" / "game.js").read_text()
    asked = set(re.findall(r'\btr\("((?:[^"\\]|\\.)*)"', script))
    page = {**i18n.catalog_json("ja", i18n.DOMAIN), **i18n.catalog_json("ja", "dynasty")}
    assert len(asked) > 100 and sorted(w for w in asked if w not in page) == []
    # and none left in English ("{strength} {had}/{needed}" is all numbers and names)
    assert sorted(w for w in asked if re.search("[A-Za-z]{2,}", without_placeholders(page[w]))) == []


def test_every_word_a_page_script_looks_up_reaches_that_page_in_japanese():
    """tr("...") in a shared page script finds its Japanese among the shared words; in a game's
    script, among the shared words and its game's own (sentences with parameters too: the
    host's board fills "{name} to play" itself)."""
    import re as _re
    call = _re.compile(r'\btrn?\(\s*"((?:[^"\\]|\\.)*)"')
    shared = i18n.catalog_json("ja", i18n.DOMAIN)
    scripts = {p: shared for p in (ROOT / "web" / "static").glob("*.js")}
    for game in games.names():
        own = {**shared, **i18n.catalog_json("ja", game)}
        scripts.update({p: own for p in (ROOT / "companion" / "games" / game / "web").glob("*.js")})
    missing = [f"{p.relative_to(ROOT)}: {json.loads(chr(34) + k + chr(34))!r}"
               for p, words in scripts.items() for k in call.findall(p.read_text(encoding="utf-8"))
               if json.loads(chr(34) + k + chr(34)) not in words]
    assert not missing, missing


def test_an_id_kept_as_data_is_said_in_words_in_english_and_in_japanese():
    """The English catalogs give words only to ids (no sentences), each an id the Japanese
    catalogs translate too; a Msg of such an id says those words in English and keeps its id
    (records stay language-free): a Dynasty mission's reward and penalty, by their short names."""
    from companion.games.dynasty.state import MissionCard, Need
    english = i18n._english_names()
    japanese = i18n.catalog_json("ja")
    assert english and set(english) <= set(japanese)
    assert all("_" not in words and "{" not in key for key, words in english.items())
    card = MissionCard(1, 0, 1, (Need("warfare", 2, "number"),), reward="extra_score", penalty="remove_role")
    said = card.words()
    assert str(said) == "Mission 1: Military 2; reward strength +5; penalty remove a capital"
    assert i18n.from_plain(json.loads(json.dumps(i18n.plain(said)))) == said  # kept by its ids
    assert "extra_score" in json.dumps(i18n.plain(said))
    assert "勢力+5" in i18n.translate(said, "ja") and "首都除去" in i18n.translate(said, "ja")


def test_the_english_catalogs_read_without_babel_read_as_babel_reads_them():
    for po in (i18n.LOCALE_DIR / "en" / "LC_MESSAGES").glob("*.po"):
        assert i18n._english_catalog(po) == i18n._catalog_json(po, "en") != {}
