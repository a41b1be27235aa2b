from vision.reading import FrameReading, TileReading
from vision.tracker import TableTracker


def _frame(*tiles, hand=False, calibrated=True):
    return FrameReading(calibrated, [0, 1], hand, [TileReading(lab, x, y, 0.0, 0.9, "trick") for lab, x, y in tiles])


def _feed(tracker, frame, n):
    out = []
    for _ in range(n):
        out += tracker.update(frame)
    return out


def test_a_tile_becomes_an_event_only_after_k_steady_frames():
    tr = TableTracker(k=4)
    f = _frame(("red-3", 200, 150))
    assert _feed(tr, f, 3) == []
    events = tr.update(f)
    assert [(e.kind, e.label) for e in events] == [("appeared", "red-3")]
    assert _feed(tr, f, 10) == []  # once only


def test_a_flicker_restarts_the_count():
    tr = TableTracker(k=3)
    f = _frame(("red-3", 200, 150))
    _feed(tr, f, 2)
    tr.update(_frame(("red-5", 200, 150)))
    assert _feed(tr, f, 2) == []
    assert [e.kind for e in tr.update(f)] == ["appeared"]


def test_nothing_is_emitted_while_a_hand_is_in_view():
    tr = TableTracker(k=3)
    with_hand = _frame(("blue-2", 180, 140), hand=True)
    assert _feed(tr, with_hand, 20) == []
    assert _feed(tr, _frame(calibrated=False), 20) == []
    f = _frame(("blue-2", 180, 140))
    assert _feed(tr, f, 2) == [] and [e.label for e in tr.update(f)] == ["blue-2"]


def test_a_sliding_tile_does_not_play_until_it_stops():
    tr = TableTracker(k=3)
    events = []
    for x in range(120, 220, 10):  # 10 mm a frame
        events += tr.update(_frame(("green-6", x, 150)))
    assert events == []
    events = _feed(tr, _frame(("green-6", 220, 150)), 3)
    assert [(e.kind, e.x_mm) for e in events] == [("appeared", 220)]


def test_flipped_and_removed():
    tr = TableTracker(k=2)
    _feed(tr, _frame(("purple-4", 200, 150), ("black-0", 250, 150)), 2)
    events = _feed(tr, _frame(("back-present", 201, 151), ("black-0", 250, 150)), 2)
    assert [(e.kind, e.label, e.was) for e in events] == [("flipped", "back-present", "purple-4")]
    events = _feed(tr, _frame(("back-present", 201, 151)), 2)
    assert [(e.kind, e.label) for e in events] == [("removed", "black-0")]


def test_an_unknown_tile_plays_once_it_is_read():
    tr = TableTracker(k=2)
    events = _feed(tr, _frame(("unknown", 200, 150)), 3)  # said once, so the table can ask
    assert [(e.kind, e.label) for e in events] == [("unreadable", "unknown")]
    events = _feed(tr, _frame(("yellow-1", 200, 150)), 2)
    assert [(e.kind, e.label) for e in events] == [("appeared", "yellow-1")]


def test_end_to_end_with_the_synthetic_camera(layout, classic_reader):
    from companion.games.paradominetor.camera import TILES
    from vision.camera import SyntheticCamera
    from vision.synthetic import CLASSIC, SyntheticTable

    table = SyntheticTable(layout, TILES, CLASSIC, seed=8)
    tr = TableTracker(k=2)
    with SyntheticCamera(table) as cam:
        assert _feed(tr, classic_reader.read(cam.read()), 2) == []
        tid = table.place("red-2", 200, 150, 10, back="present")
        cam.hand = (205, 160, 0)  # the hand that puts it down
        assert _feed(tr, classic_reader.read(cam.read()), 3) == []
        cam.hand = None
        events = tr.update(classic_reader.read(cam.read())) + tr.update(classic_reader.read(cam.read()))
        assert [(e.kind, e.label) for e in events] == [("appeared", "red-2")]
        table.flip(tid)
        events = tr.update(classic_reader.read(cam.read())) + tr.update(classic_reader.read(cam.read()))
        assert [(e.kind, e.label, e.was) for e in events] == [("flipped", "back-present", "red-2")]
