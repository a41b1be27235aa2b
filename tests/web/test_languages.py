"""Each reader's language over HTTP: the pages' lang and words, views and refusals in the phone's
language (its choice, else its browser's, else the table's), the host setting the table's."""
import pytest
from patience import WAIT_SECONDS

HOST = "h" * 43
JA_BROWSER = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}


@pytest.fixture
def loop_game(companion):
    companion.new_game("loop", {"players": 2, "names": ["さくら", "たろう"],
                                "destinations": ["ローマ AD ネット 4", "ギザ BC ホイール 3"]}, seed=0).result(WAIT_SECONDS)
    companion.submit({"type": "Act", "seat": 0, "new": "shop", "part": "net", "machine": 1}, "phone").result(WAIT_SECONDS)
    return companion


def seat_token(companion, seat):
    return companion.store.tokens(companion.snapshot.session.id)[f"seat-{seat}"]


def test_pages_speak_the_readers_language(client, companion):
    english = client.get("/seat").get_data(as_text=True)
    assert '<html lang="en">' in english and "No seat in this game" in english
    japanese = client.get("/seat", headers=JA_BROWSER).get_data(as_text=True)
    assert '<html lang="ja">' in japanese and "このゲームに席がありません" in japanese
    assert "No seat in this game" not in japanese
    # a phone's own choice (its cookie) wins over its browser
    client.set_cookie("lang", "en")
    assert '<html lang="en">' in client.get("/seat", headers=JA_BROWSER).get_data(as_text=True)
    script = client.get("/i18n.js", headers=JA_BROWSER).get_data(as_text=True)
    assert script.startswith("window.I18N = ") and '"lang": "en"' in script


def test_a_phone_s_choice_is_kept_by_the_companion_s_answer(client, companion):
    """The picker asks the companion to keep the phone's choice (its cookie set by the answer,
    so the page's reload carries it); anything but a language is refused in words and changes
    nothing; the table's language is not the phone's to change."""
    for bad in ({"language": "fr"}, {"language": ["ja"]}, {}, "ja"):
        r = client.post("/api/language", json=bad, headers=JA_BROWSER)
        assert r.status_code == 400 and r.get_json()["error"], bad
        assert client.get_cookie("lang") is None
    r = client.post("/api/language", json={"language": "ja"})
    assert r.status_code == 200 and client.get_cookie("lang").value == "ja"
    assert '<html lang="ja">' in client.get("/seat", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert companion.snapshot.language == "en"


def test_the_page_scripts_get_the_catalogs_words(client):
    script = client.get("/i18n.js", headers=JA_BROWSER).get_data(as_text=True)
    assert '"lang": "ja"' in script and '"end my turn": "ターンを終える"' in script


def test_views_and_refusals_in_the_phones_language(client, loop_game):
    token = {"X-Seat-Token": seat_token(loop_game, 1)}
    view = client.get("/api/view", headers={**token, **JA_BROWSER}).get_json()
    assert view["view"]["said"][-1] == "ショップのネットをタイムマシンIに追加。"
    assert view["view"]["destinations"][0]["name"] == "Rome"  # ids stay ids: the page shows ローマ
    english = client.get("/api/view", headers=token).get_json()
    assert english["view"]["said"][-1] == "A net from the Shop goes on machine I."
    refused = client.post("/api/move", json={"move": {"type": "EndTurn"}}, headers={**token, **JA_BROWSER})
    assert refused.status_code == 409
    assert refused.get_json() == {"error": "今は席1ではなく席0(さくら)のターンです"}
    assert client.post("/api/move", json={"move": {"type": "EndTurn"}}, headers=token).get_json() == \
        {"error": "it is seat 0's turn (さくら), not seat 1's"}
    assert loop_game.snapshot.state.turn == 0  # nothing changed


def test_a_phone_without_a_choice_reads_the_tables_language(client, companion, host_headers):
    assert client.post("/api/host/language", json={"language": "ja"}).status_code == 403
    answer = client.post("/api/host/language", json={"language": "fr"}, headers={**host_headers, **JA_BROWSER})
    assert answer.status_code == 400 and answer.get_json() == {"error": "言語を選んでください: en, ja"}
    assert companion.snapshot.language == "en"
    assert client.post("/api/host/language", json={"language": "ja"}, headers=host_headers).get_json() == \
        {"ok": True, "language": "ja"}
    assert companion.store.language() == "ja"
    # no cookie, a browser that names neither language: the table's
    page = client.get("/", headers={"Accept-Language": "fr-FR"}).get_data(as_text=True)
    assert '<html lang="ja">' in page and "ゲームに参加" in page
    host = client.get("/api/view", headers={**host_headers, "Accept-Language": "fr"}).get_json()
    assert host["language"] == "ja" and host["table"]["message"] == "ゲームはまだありません。下の「新しいゲームを始める」から始めてください"


def test_every_game_s_japanese_pages_stay_within_their_budgets(client):
    """In Japanese a page loads its words too: the shared ones every page gets and its own game's.
    Script and style keep their 110 KB (tests/web/test_game_pages.py) in either language; the
    words have a budget of their own, 48 KB shared and 36 KB a game's (parsed once, and the same
    for every page of the language). Loop's and Paradominetor's pages, whose words are all
    shared, stay within 110 KB with them."""
    from companion import games
    from companion.bench import page_weights
    shared = len(client.get("/i18n.js", headers=JA_BROWSER).get_data())
    assert 10_000 < shared <= 48 * 1024  # the pages' own words and the games' nouns, not every sentence
    weights = page_weights()
    assert sorted(weights) == sorted(games.names())
    for game, pages in weights.items():
        own = client.get(f"/games/{game}/words.js", headers=JA_BROWSER)
        words = len(own.get_data()) if own.status_code == 200 else 0
        assert words <= 36 * 1024, f"{game}'s own words weigh {words} bytes"
        for page, size in pages.items():
            assert size <= 110 * 1024, f"{game}'s {page} page loads {size} bytes of script and style"
            if game in ("loop", "paradominetor"):
                assert size + shared + words <= 110 * 1024, f"{game}'s {page} page loads {size + shared + words} bytes"


def test_a_game_with_its_own_catalog_sends_its_words_only_with_its_pages(client, companion, host_headers):
    """Paradox Island's words (companion/locale/ja/LC_MESSAGES/island.po) reach a page only when
    Island is on the table, beside the shared words every page gets."""
    shared = client.get("/i18n.js", headers=JA_BROWSER).get_data(as_text=True)
    assert '"end my turn": "ターンを終える"' in shared and "ミッション達成" not in shared
    companion.new_game("island", {"players": 3}, seed=0).result(WAIT_SECONDS)
    files = client.get("/api/view", headers=host_headers).get_json()["game_files"]
    assert files[0] == "/games/island/words.js" and "/games/island/game.js" in files
    words = client.get("/games/island/words.js", headers=JA_BROWSER).get_data(as_text=True)
    assert words.startswith("if (window.I18N) Object.assign(window.I18N.words, ")
    assert '"Mission complete": "ミッション達成"' in words and '"end my turn"' not in words
    assert client.get("/games/island/words.js").get_data(as_text=True).endswith("{});\n")  # English
    assert client.get("/games/nope/words.js").status_code == 404


def test_a_game_without_its_own_catalog_loads_no_words_file(client, loop_game, host_headers):
    files = client.get("/api/view", headers=host_headers).get_json()["game_files"]
    assert files and not any(f.endswith("words.js") for f in files)


def test_an_address_the_companion_has_not_is_said_in_the_readers_words(client):
    """A person who types a wrong address gets a page in their language that leads back to the
    companion's own page; a phone's script asking a wrong address gets its words as JSON."""
    r = client.get("/join", headers={"Accept": "text/html", "Accept-Language": "ja-JP"})
    page = r.get_data(as_text=True)
    assert r.status_code == 404 and r.mimetype == "text/html"
    assert 'lang="ja"' in page and "コンパニオンにそのページはありません" in page and 'href="/"' in page
    assert "requested URL" not in page
    r = client.get("/join", headers={"Accept": "text/html", "Accept-Language": "en"})
    assert "there is no such page on the companion" in r.get_data(as_text=True)
    r = client.get("/api/nowhere", headers={"Accept-Language": "ja-JP"})
    assert r.status_code == 404 and r.json["error"] == "コンパニオンにそのページはありません"


def test_the_host_s_undo_answers_in_the_readers_language(client, loop_game, host_headers):
    """The companion's own words beside the rules' ones: what Undo says, and Undo with nothing
    left to take back, each in the phone's language."""
    ja = {**host_headers, **JA_BROWSER}
    assert client.post("/api/host/undo", headers=ja).status_code == 200
    assert client.get("/api/view", headers=ja).get_json()["table"]["message"] == "直前の手を取り消しました"
    assert client.get("/api/view", headers=host_headers).get_json()["table"]["message"] == "Took back the last move"
    refused = client.post("/api/host/undo", headers=ja)
    assert refused.status_code == 409 and refused.get_json() == {"error": "取り消す手はありません"}
    assert loop_game.snapshot.state.turn == 0  # nothing more was taken back
