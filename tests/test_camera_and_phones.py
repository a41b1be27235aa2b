"""Camera and phones together: a tile on the table and a play entered by phone are the same play
when they agree, and the companion asks when they do not.

Whole Paradominetor games at a real table (hands unknown), every play, black declaration, flip
and undo coming from the camera or a phone in random orders; the game must end exactly as the
same tiles played in a record do, with no phantom play and no misread back.
"""
import random

import pytest

from companion.games import TABLE, IllegalMove
from companion.games.paradominetor.scripted import scripted_game

from camera_feed import Seen, Table
from patience import WAIT_SECONDS

NAMES = ["Ana", "Ben", "Cy"]


class Game:
    """The table as the players handle it: tiles in front of the camera, phones in hand."""

    def __init__(self, companion):
        self.c = companion
        self.lying: dict[int, Seen] = {}  # seat -> its tile on the table this trick

    def view(self):
        return self.c.snapshot.view(TABLE)

    def show(self):
        self.c.observe(list(self.lying.values())).result(WAIT_SECONDS)

    def put(self, seat, face, label=None):
        self.lying[seat] = Seen(label or face, 60.0 + 60 * seat, 150.0, 0.99)
        self.show()

    def phone(self, move):
        self.c.submit(move, "phone").result(WAIT_SECONDS)

    def clear(self):
        self.lying = {}
        self.show()

    def answer_black_lead(self, colour):
        """Button C until the OLED offers the colour, then A."""
        prompt = self.c.snapshot.prompt
        assert prompt is not None and prompt.title == "Black lead", prompt
        for _ in range(len(prompt.choices)):
            if self.c.snapshot.prompt.words.endswith(f"as {colour}? A ok, C next, B no"):
                break
            self.c.button("next").result(WAIT_SECONDS)
        self.c.button("confirm").result(WAIT_SECONDS)


def play_one(game, rng, play, ways):
    seat, tile = play["seat"], play["tile"]
    face = "black-0" if tile.startswith("black") else tile.rsplit("-", 1)[0]
    move = {"type": "Play", "seat": seat, "tile": face, "declare": play.get("declare")}
    way = rng.choice(["camera", "phone", "phone then camera", "unreadable then phone"])
    ways.add(way)
    if way == "camera":
        game.put(seat, face)
        prompt = game.c.snapshot.prompt
        if prompt is not None and prompt.title in ("Not the same", "Whose tile?"):
            # an earlier play came by phone and its tile is out of sight: A, this is the
            # play of the seat to play
            assert prompt.choices[0][1].seat == seat, prompt
            game.c.button("confirm").result(WAIT_SECONDS)
        if play.get("declare"):
            game.answer_black_lead(play["declare"])
    elif way == "phone":  # the tile is played out of the camera's sight
        game.phone(move)
    elif way == "phone then camera":  # entered by phone, then put down: the same play
        game.phone(move)
        game.put(seat, face)
        prompt = game.c.snapshot.prompt
        if prompt is not None:  # it could be the next play too: B, it is the phone's tile
            assert prompt.title == "Whose tile?", prompt
            game.c.button("undo").result(WAIT_SECONDS)
        assert game.c.snapshot.prompt is None, game.c.snapshot.prompt
    else:  # the camera cannot read it; the player enters it by phone
        game.put(seat, face, label="unknown")
        assert game.c.snapshot.prompt.title == "Can't read"
        game.phone(move)


def flip(game, rng, backs, ways):
    """The paradox players turn their tiles over, or tell their phones the timeframe."""
    for seat in list(game.view()["awaiting_flip"]):
        timeframe = backs[seat]
        if seat in game.lying and rng.random() < 0.6:
            ways.add("flip on the table")
            game.lying[seat] = Seen(f"back-{timeframe}", game.lying[seat].x_mm, game.lying[seat].y_mm, 0.99)
            game.show()
        if seat in game.view()["awaiting_flip"]:  # not turned over, or the camera cannot tell whose
            ways.add("flip by phone")
            ways.add("flip by phone")
            game.phone({"type": "Reveal", "seat": seat, "timeframe": timeframe})


@pytest.mark.parametrize("seed", range(6))
def test_camera_and_phones_in_random_orders_make_the_same_game(store, seed):
    rng = random.Random(seed)
    tricks, final = scripted_game(seed=seed, seats=3, names=NAMES)
    c = Table(store)
    c.start()
    ways: set = set()
    try:
        c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
        game = Game(c)
        for number, trick in enumerate(tricks, start=1):
            game.clear()  # the scored trick is picked up
            backs = {p["seat"]: p["tile"].rsplit("-", 1)[1] if not p["tile"].startswith("black") else "past"
                     for p in trick}
            for play in trick:
                before = len(c.snapshot.session.moves)
                play_one(game, rng, play, ways)
                assert len(c.snapshot.session.moves) == before + 1, c.snapshot.message  # no phantom play
                if rng.random() < 0.15 and game.view()["phase"] == "play":  # B takes it back; the phone redoes it
                    ways.add("undo")
                    c.button("undo").result(WAIT_SECONDS)
                    assert len(c.snapshot.session.moves) == before
                    face = "black-0" if play["tile"].startswith("black") else play["tile"].rsplit("-", 1)[0]
                    game.phone({"type": "Play", "seat": play["seat"], "tile": face, "declare": play.get("declare")})
            if game.view()["phase"] == "flip":
                flip(game, rng, backs, ways)
            assert len(game.view()["tricks"]) == number, game.c.snapshot.message
            assert c.snapshot.prompt is None
        v = game.view()
        assert v["finished"]
        assert v["scores"] == {str(s): (int(p) if float(p).is_integer() else p) for s, p in
                               enumerate(final.scores)}
        assert ways >= {"camera", "phone", "phone then camera", "unreadable then phone"}
    finally:
        c.stop()


def test_a_phone_play_whose_tile_is_never_seen_leaves_the_later_tiles_to_the_seats_to_play(store):
    c = Table(store)
    c.start()
    try:
        c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
        game = Game(c)
        game.phone({"type": "Play", "seat": 0, "tile": "blue-3"})  # Ana's tile stays in her hand's shadow
        game.put(1, "blue-4")                                      # Ben's on the table: Ben's play
        assert c.snapshot.prompt is None and c.snapshot.message == "Ben played blue 4"
        game.put(2, "red-1")                                       # and Cy's: Cy's
        assert c.snapshot.prompt is None, c.snapshot.prompt
        plays = game.view()["tricks"][0]["plays"]
        assert [(p["seat"], p["tile"]) for p in plays] == [(0, "blue-3"), (1, "blue-4"), (2, "red-1")]
    finally:
        c.stop()


def test_a_tile_after_a_phone_entry_is_the_next_seats_and_b_takes_it_back(store):
    c = Table(store)
    c.start()
    try:
        c.new_game("paradominetor", {"seats": 4, "names": NAMES + ["Dee"]}, seed=0).result(WAIT_SECONDS)
        game = Game(c)
        game.put(0, "blue-3")                                      # Ana leads on the table
        game.phone({"type": "Play", "seat": 1, "tile": "blue-2"})  # Ben enters blue 2 by phone
        game.put(1, "blue-4")                                      # a blue 4 goes down: Cy's, said
        assert c.snapshot.prompt is None and c.snapshot.message.startswith("Cy played blue 4")
        c.button("undo").result(WAIT_SECONDS)  # B: it was Ben's, mistyped; the phone's entry is put right
        assert [p["tile"] for p in game.view()["current_trick"]] == ["blue-3", "blue-2"]
        assert len(c.snapshot.session.moves) == 2
    finally:
        c.stop()


def test_b_on_whose_tile_says_the_tile_is_the_phones_play(store):
    c = Table(store)
    c.start()
    try:
        c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
        game = Game(c)
        game.phone({"type": "Play", "seat": 0, "tile": "blue-3"})
        game.put(0, "blue-3")  # Ana's tile, or Ben playing the other blue 3?
        assert c.snapshot.prompt.title == "Whose tile?"
        c.button("undo").result(WAIT_SECONDS)  # B: it is Ana's, entered by phone
        assert c.snapshot.message == "Blue 3 is Ana's play, entered by phone"
        assert "Ignored" not in c.snapshot.message and len(c.snapshot.session.moves) == 1
        game.put(1, "blue-5")  # Ben's tile is Ben's play, no question
        assert c.snapshot.prompt is None
        assert [p["seat"] for p in game.view()["current_trick"]] == [0, 1]
    finally:
        c.stop()


def test_after_a_restart_the_tiles_lying_in_the_trick_are_the_plays_they_were(store):
    """A power cut mid-trick: the companion comes back with the game, and its camera's first look
    finds the trick's tiles where the players left them. They are the plays they were, not new
    tiles to ask "whose tile?" about (Cy could play a blue 3 too), and the next tile is Cy's. The
    same after a trick was scored but before it was gathered."""
    from vision.tracker import TableTracker
    c = Table(store)
    c.start()
    try:
        c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
        game = Game(c)
        game.put(0, "blue-3")
        game.put(1, "blue-5")
        lying = dict(game.lying)
    finally:
        c.stop()
    c = Table(store)  # the game in progress comes back with the companion
    c.tracker = TableTracker(resumed=True)  # as the camera opens for a game under way
    c.start()
    try:
        game = Game(c)
        game.lying = dict(lying)
        game.show()
        assert c.snapshot.prompt is None and len(c.snapshot.session.moves) == 2, c.snapshot.message
        game.put(2, "blue-4")  # Cy's, said at once
        assert c.snapshot.prompt is None and len(game.view()["tricks"]) == 1, c.snapshot.message
        lying = dict(game.lying)
    finally:
        c.stop()
    c = Table(store)
    c.tracker = TableTracker(resumed=True)
    c.start()
    try:
        game = Game(c)
        game.lying = dict(lying)  # the scored trick, not yet gathered
        game.show()
        assert c.snapshot.prompt is None and len(c.snapshot.session.moves) == 3, c.snapshot.message
        lead = game.view()["to_play"]
        game.clear()
        game.put(lead, "red-2")
        assert c.snapshot.prompt is None and game.view()["current_trick"] == [{"seat": lead, "tile": "red-2"}]
    finally:
        c.stop()
