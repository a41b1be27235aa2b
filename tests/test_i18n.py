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
from companion.i18n import Msg, translate
from companion.store import Store
from web.app import page_words

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "companion" / "locale" / "ja" / "LC_MESSAGES" / "messages.po"  # and each <game>.po
# Babel's keywords, as babel.cfg gives them to pybabel
KEYWORDS = {"Msg": None, "Plural": (1, 2), "term": None, "tr": None, "trn": (1, 2), "own_words": (2,),
            "Refused": (2,)}
# What has been converted to messages: Loop, Paradominetor, Paradox Island, the shared pages, the
# OLED, replay. Paradox Initiative and Domino Dynasty still
# speak English (docs/glossary.md).
NOT_YET = ("dynasty", "initiative")
PY = [f for f in glob.glob(str(ROOT / "companion" / "**" / "*.py"), recursive=True)
      + glob.glob(str(ROOT / "web" / "*.py")) + glob.glob(str(ROOT / "hardware" / "*.py"))
      if not any(g in Path(f).relative_to(ROOT).parts for g in NOT_YET)]
JS = glob.glob(str(ROOT / "web" / "static" / "*.js")) + [
    str(ROOT / "companion" / "games" / g / "web" / "game.js") for g in ("loop", "paradominetor", "island")]
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


def test_paradox_islands_new_game_form_has_its_japanese():
    """The host page offers every game's form, so Island's words are in the shared catalog."""
    g = games.describe("island")
    words = [g.title] + [o.label for o in g.options] + [o.help for o in g.options if o.help] + \
        [c[1] for o in g.options for c in (o.choices or ())] + \
        [f for o in g.options for f in (o.fields or ())]
    shared = i18n.catalog_json("ja", i18n.DOMAIN)
    assert len(words) > 10 and [w for w in words if not JAPANESE.search(shared.get(w, ""))] == []
    assert shared["Captive"] == "囚われ人" and shared["Theseus"] == "テセウス"


def messages_in(value, found):
    """Every Msg in a view or a refusal, its parameters included."""
    if isinstance(value, Msg):
        found.append(value)
        for v in value.params.values():
            messages_in(v, found)
        for v in getattr(value, "items", ()):
            messages_in(v, found)
    elif isinstance(value, dict):
        for v in value.values():
            messages_in(v, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            messages_in(v, found)
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
         ("island", {"players": 3}, 4),
         ("island", {"players": 2, "characters": ["phil"]}, 7),
         ("island", {"players": 4, "characters": ["achilles", "granddead", "theseus"]}, 2)]


@pytest.mark.parametrize("name, options, seed", GAMES)
def test_a_whole_game_reads_in_japanese(name, options, seed):
    """Every message a game says (views, events, refusals) is in the catalog, and the game's
    views in Japanese hold no English sentence."""
    from hardware.screens import BODY_LINES, wrap
    ja = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog() if m.string}
    unknown, english, count, too_long = set(), set(), 0, []
    for views, said, refusals in whole_game(name, options, seed):
        # what the table hears is the OLED's message screen: five lines of 16 kana
        too_long += [translate(w, "ja") for w in said if len(wrap(translate(w, "ja"))) > BODY_LINES]
        for m in messages_in([views, said, refusals], []):
            count += 1
            if not isinstance(m, i18n.Listed) and m.msgid not in ja:
                unknown.add(m.msgid)
            if ENGLISH.search(translate(m, "ja")):  # ids in the views (a part, a card) are no words
                english.add(translate(m, "ja"))
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
PARADOMINETOR_RECORD = [
    {"game": "paradominetor", "seats": 4, "colours": ["red", "blue", "green", "purple"], "first_lead": 0},
    {"trick": [{"seat": 0, "tile": "black-0", "declare": "purple"}, {"seat": 1, "tile": "purple-4-present"},
               {"seat": 2, "tile": "purple-6-future"}, {"seat": 3, "tile": "black-0"}]}]


@pytest.mark.parametrize("record, english_words, japanese_words", [
    (LOOP_RECORD, ["Day 1", "new Shop", "launched to Rome for 4", "stops before the end"],
     ["1日目", "新規 ショップ", "ローマへ発進して4点", "記録はゲームの終了前で途切れています。"]),
    (PARADOMINETOR_RECORD, ["Trick  1: Paradox black 0: seat 0 past 1 pt, seat 3 past 0.5", "Scores: seat 0 1"],
     ["トリック 1: パラドックス 黒0: 席0 過去 1点、席3 過去 0.5点", "得点: 席0 1"]),
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


def test_a_paradox_tile_is_revealed_and_black_declared_in_japanese():
    rules = games.load("paradominetor")
    state = rules.setup({"seats": 3}, 0)
    state, _ = rules.apply(state, rules.Play(0, "black-0", "緑"))
    assert rules.view(state, TABLE)["current_trick"][0]["declare"] == "green"
    for seat, tile in ((1, "green-4"), (2, "green-4")):
        state, _ = rules.apply(state, rules.Play(seat, tile))
    state, _ = rules.apply(state, rules.Reveal(1, "現在"))
    with pytest.raises(IllegalMove) as refused:
        rules.apply(state, rules.Reveal(2, "昨日"))
    assert translate(i18n.said(refused.value), "ja") == "'昨日'は時代ではありません: 過去・現在・未来のいずれかです"
    state, _ = rules.apply(state, rules.Reveal(2, "過去"))
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
        table.set_language("ja").result(5)
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
