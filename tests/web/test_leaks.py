"""No viewer ever receives another viewer's secret: Paradominetor's hands and unflipped backs.

Every response and stream event a seat's token (or no token) can reach is searched for the
other seats' tiles, written in full (COLOUR-VALUE-TIMEFRAME), through a whole dealt game.
"""
import json

from companion.games import TABLE
from companion.games.paradominetor.rules import legal_plays

H = {"X-Host-Token": "h" * 43}  # the host token the conftest's app was made with


def secrets_of(session, seat):
    """The full names of the tiles in a seat's hand (black 0s are alike in every hand)."""
    return {str(t) for t in session.state.hands[seat] if t.colour != "black"}


def unflipped(session):
    """Tiles played whose backs were never turned over: their timeframes stay secret."""
    out = set()
    for result in session.state.done:
        out |= {str(p.tile) for p in result.plays if not p.flipped and p.tile.colour != "black"}
    return out | {str(p.tile) for p in session.state.trick if p.tile.colour != "black"}


def reachable(client, server, token, Stream):
    """Everything this token (or none) can read: its view, the public table, its stream."""
    headers = {"X-Seat-Token": token} if token else {}
    texts = [client.get("/api/table").get_data(as_text=True)]
    if token:
        texts.append(client.get("/api/view", headers=headers).get_data(as_text=True))
    stream = Stream(server, token)
    texts.append(json.dumps(stream.next()))
    stream.close()
    return "\n".join(texts)


def test_no_seat_sees_another_seats_hand_or_a_hidden_back(client, server, companion, Stream):
    client.post("/api/host/game", json={"game": "paradominetor", "options": {"seats": 3, "deal": True}},
                headers=H)
    tokens = {s["viewer"]: client.post("/api/host/seat-link", json={"viewer": s["viewer"]}, headers=H).json["token"]
              for s in client.get("/api/view", headers=H).json["seats"]}
    session = companion.snapshot.session
    rules = session.rules
    for seat in range(3):  # each seat passes its first tile of each timeframe, from its phone
        pick = {t.timeframe: str(t) for t in session.state.hands[seat]}
        r = client.post("/api/move", json={"move": {"type": "Pass", "tiles": [pick[tf] for tf in
                                                                               ("past", "present", "future")]}},
                        headers={"X-Seat-Token": tokens[f"seat-{seat}"]})
        assert r.status_code == 200, r.json
    checked = 0
    while not session.is_over():
        move = legal_plays(session.state)[0]
        payload = {k: v for k, v in rules.move_to_dict(move).items() if k != "seat"}
        r = client.post("/api/move", json={"move": payload}, headers={"X-Seat-Token": tokens[f"seat-{move.seat}"]})
        assert r.status_code == 200, r.json
        others = set().union(*(secrets_of(session, s) for s in range(3) if s != move.seat))
        assert not [t for t in others | unflipped(session) if t in r.get_data(as_text=True)]
        if len(session.state.done) % 5 == 0 and not session.state.trick:
            for seat in range(3):
                text = reachable(client, server, tokens[f"seat-{seat}"], Stream)
                others = set().union(*(secrets_of(session, s) for s in range(3) if s != seat))
                leaked = [t for t in others | unflipped(session) if t in text]
                assert not leaked, f"seat {seat} can see {leaked}"
                assert all(t in text for t in secrets_of(session, seat))  # but it sees its own
            public = reachable(client, server, None, Stream)
            everyone = set().union(*(secrets_of(session, s) for s in range(3)))
            assert not [t for t in everyone | unflipped(session) if t in public]
            checked += 1
    assert checked >= 3
    assert session.view(TABLE)["finished"]
