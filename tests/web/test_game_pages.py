"""Each game's phone script and style come from its own package; the shared pages name no game.

The host page's new-game form is drawn from the games' descriptions, so what the host payload
offers is exactly those descriptions, and only their names can be started.
"""
import re
from pathlib import Path

from companion.games import describe, descriptions, names, web_dir

H = {"X-Host-Token": "h" * 43}
WEB = Path(__file__).resolve().parents[2] / "web"
BUDGET = 100_000  # bytes, a game's page script and style together, uncompressed


def test_the_shared_pages_carry_no_game():
    # the games' names and the words of their titles (the product's own name aside), and words
    # only a game's pages would need
    titles = {w.lower() for g in descriptions() for w in g.title.split()} - {"paradox", "table"}
    words = set(names()) | titles | {"tile", "trick", "captive"}
    for path in sorted(WEB.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".html", ".js", ".css", ".svg"):
            text = path.read_text().lower()
            for word in words:
                assert not re.search(word, text), f"{path.relative_to(WEB)} names {word!r}"


def test_every_game_has_its_page_files_within_budget():
    for game in descriptions():
        files = [web_dir(game.name) / f for f in game.web]
        assert files and all(f.is_file() for f in files), game.name
        size = sum(f.stat().st_size for f in files)
        assert size <= BUDGET, f"{game.name}'s page files are {size} bytes"


def test_each_page_of_each_game_loads_at_most_110_kb_of_script_and_style():
    """An old phone stays quick: the host and seat pages' own files and the game's together.
    (110 KB since the host page learnt to free and hand over seats without showing their links,
    and the Omnipotence Paradox's page to keep every line to say aloud: Island's host page is
    103 KB.)"""
    from companion.bench import page_weights
    weights = page_weights()
    assert sorted(weights) == sorted(g.name for g in descriptions())
    for name, pages in weights.items():
        for page, size in pages.items():
            assert 10_000 < size <= 110 * 1024, f"{name}'s {page} page loads {size} bytes"


def test_the_game_files_are_served_from_the_package_and_nothing_else(client):
    for game in descriptions():
        for name in game.web:
            r = client.get(f"/games/{game.name}/{name}")
            assert r.status_code == 200, (game.name, name)
            assert r.data == (web_dir(game.name) / name).read_bytes()
            kind = "javascript" if name.endswith(".js") else "css"
            assert kind in r.headers["Content-Type"]
    for path in ("/games/paradominetor/rules.py", "/games/paradominetor/__init__.py",
                 "/games/paradominetor/web/game.js", "/games/paradominetor/../island/web/game.js",
                 "/games/island/%2e%2e/__init__.py", "/games/nope/game.js", "/games/base/game.js"):
        assert client.get(path).status_code == 404, path


def test_the_host_is_offered_the_games_descriptions(client, companion):
    data = client.get("/api/view", headers=H).json
    assert data["games"] == [g.as_json() for g in descriptions()]
    assert data["game_files"] == []  # no game yet: no game's script
    for bad in ("nope", ["paradominetor"], None):
        r = client.post("/api/host/game", json={"game": bad, "options": {}}, headers=H)
        assert r.status_code == 400 and "choose a game" in r.json["error"]


def test_a_seat_page_is_told_its_label_and_its_game_files(client, companion):
    r = client.post("/api/host/game", json={"game": "paradominetor",
                                            "options": {"seats": 3, "names": ["Ana", "Ben", "Cy"]}},
                    headers=H)
    assert r.status_code == 200
    host = client.get("/api/view", headers=H).json
    files = [f"/games/paradominetor/{f}" for f in describe("paradominetor").web]
    assert host["game_files"] == files
    for seat, name in zip(host["seats"], ["Ana", "Ben", "Cy"]):
        assert seat["label"] == name
        token = client.post("/api/host/seat-link", json={"viewer": seat["viewer"]}, headers=H).json["token"]
        data = client.get("/api/view", headers={"X-Seat-Token": token}).json
        assert data["label"] == name and data["game_files"] == files


def test_the_favicon_is_served(client):
    for path in ("/static/favicon.png", "/favicon.ico"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["Content-Type"] == "image/png"
        assert r.data.startswith(b"\x89PNG")
    for page in ("/", "/seat"):
        assert 'rel="icon" href="/static/favicon.png"' in client.get(page).get_data(as_text=True)
