"""`make bench` measures a camera game's memory on the real camera path: frames another process
rendered into a folder, a profile enrolled beforehand, no synthetic renderer in the service."""
import json
import subprocess
import sys


def _run(call: str) -> object:
    code = f"import json, sys; from companion import bench; print(json.dumps(bench.{call}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_camera_game_reads_prerendered_frames_with_no_renderer_in_the_service(tmp_path):
    state, frames = tmp_path / "state", tmp_path / "frames"
    state.mkdir()
    n = _run(f"prerender('paradominetor', {str(state)!r}, {str(frames)!r}, hold=2)")
    assert n > 0 and len(list((frames / "camera").glob("*.png"))) == n
    assert (state / "vision-profile-paradominetor.npz").is_file()
    figures = _run(f"service_memory('paradominetor', moves=3, seconds=0.5, state_dir={str(state)!r}, "
                   f"source={'folder:' + str(frames / 'camera')!r})")
    assert figures["camera_open"] and figures["camera_frames"] and figures["opencv_loaded"]
    assert figures["renderer_loaded"] is False
    assert not (state / "enrolment-paradominetor").exists()  # it did not teach itself the pieces
