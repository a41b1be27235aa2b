"""What is slow to make, made once per test run and shared by the parallel workers of `make test`
(pytest-xdist runs the suite in two processes; a session fixture would be made in each)."""
import fcntl
import os
import shutil
from pathlib import Path


def made_once(tmp_path_factory, name: str, make, wait: bool = True) -> Path | None:
    """The folder `make(folder)` fills, once per test run, by whichever worker asks first (the
    other waits for it, or with `wait` false is told None at once). `name` must say everything
    the contents depend on (game, seed, printing). Tests read it and never change it."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, above each worker's own
    folder = root / f"once-{name}"
    with open(root / f".once-{name}.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return None  # another worker is making it now
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

    def profile(self, game: str, wait: bool = True) -> Path | None:
        """The game's lesson (None without `wait`, while another worker teaches it)."""
        from companion.camera import _profile_path, _teach
        folder = made_once(self.factory, f"lesson-{game}", lambda d: _teach(game, d), wait)
        return None if folder is None else _profile_path(folder, game)

    def give(self, state_dir: Path, games=None) -> Path:
        """`state_dir`, holding the lessons of `games` (every game with a camera unless told).
        While the other worker teaches one of them, this one teaches another rather than wait."""
        from companion import games as registry
        state_dir.mkdir(parents=True, exist_ok=True)
        left = list(games or [n for n in registry.names() if "camera" in registry.describe(n).parts])
        while left:
            for game in list(left):
                learnt = self.profile(game, wait=game == left[-1])  # the last one left: wait for it
                if learnt is not None:
                    shutil.copyfile(learnt, state_dir / learnt.name)
                    left.remove(game)
        return state_dir
