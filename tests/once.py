"""What is slow to make, made once per test run and shared by the parallel workers of `make test`
(pytest-xdist runs the suite in two processes; a session fixture would be made in each)."""
import fcntl
import os
import shutil
from pathlib import Path


def made_once(tmp_path_factory, name: str, make) -> Path:
    """The folder `make(folder)` fills, once per test run, by whichever worker asks first (the
    other waits for it). `name` must say everything the contents depend on (game, seed,
    printing). Tests read it and never change it."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, above each worker's own
    folder = root / f"once-{name}"
    with open(root / f".once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".made").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            (folder / ".made").touch()
    return folder


class Lessons:
    """The virtual table's pieces taught to the camera once per run. A companion started on a
    fresh state folder learns them at its first camera game (seconds of work, Domino Dynasty's
    the longest); `give(state_dir)` puts there first the very profiles it would learn, made by
    the companion's own lesson (companion.camera)."""

    def __init__(self, tmp_path_factory):
        self.factory = tmp_path_factory

    def profile(self, game: str) -> Path:
        from companion.camera import _profile_path, _teach
        return _profile_path(made_once(self.factory, f"lesson-{game}", lambda d: _teach(game, d)), game)

    def give(self, state_dir: Path, games=None) -> Path:
        """`state_dir`, holding the lessons of `games` (every game with a camera unless told)."""
        from companion import games as registry
        state_dir.mkdir(parents=True, exist_ok=True)
        for game in games or [n for n in registry.names() if "camera" in registry.describe(n).parts]:
            learnt = self.profile(game)
            shutil.copyfile(learnt, state_dir / learnt.name)
        return state_dir
