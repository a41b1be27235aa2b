import json

from companion.games.paradominetor.camera import MAT, TILES
from vision.bench import run


def test_bench_writes_speed_memory_and_accuracy(tmp_path, classic, pips, grey):
    r = run(tmp_path / "bench", speed_frames=3, accuracy_frames=3, other_frames=2,
            profiles={"classic": classic[2], "pips": pips[2], "grey": grey[2]}, mat=MAT, tiles=TILES)
    saved = json.loads((tmp_path / "bench" / "vision.json").read_text())
    assert saved == json.loads(json.dumps(r))
    s = r["speed"]
    assert s["frame_size"] == [1280, 960] and s["ms_per_frame_cpu_mean"] > 0 and s["fps_cpu"] > 0
    assert s["peak_traced_mib"] > 0 and s["max_rss_mib"] > 0
    assert r["speed_grey_backs"]["ms_per_frame_cpu_mean"] > 0
    for key in ("accuracy", "accuracy_other_printing", "accuracy_grey_backs"):
        a = r[key]
        assert a["tiles"] > 0 and 0 <= a["accuracy"] <= 1 and 0 <= a["misread_rate"] <= 1
