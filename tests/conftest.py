import os
import shutil
import tempfile

import pytest

from companion.store import Store

_saved_state_home: list = []


def pytest_configure(config):
    """No test touches the user's real game log: anything that falls back to the default state
    directory ($XDG_STATE_HOME/paradox-table) gets a temporary one instead, subprocesses too.
    Set before collection, so even a module-level default sees it."""
    home = tempfile.mkdtemp(prefix="paradox-table-state-")
    _saved_state_home.append((os.environ.get("XDG_STATE_HOME"), home))
    os.environ["XDG_STATE_HOME"] = home


def pytest_unconfigure(config):
    if not _saved_state_home:
        return
    before, home = _saved_state_home.pop()
    if before is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = before
    shutil.rmtree(home, ignore_errors=True)


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "games.db") as s:
        yield s


@pytest.fixture
def device(tmp_path):
    """The companion in simulation; its camera reads a frame only when a test steps it."""
    import dataclasses

    from companion import config as config_mod
    from companion.run import start
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=tmp_path)
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1", camera_thread=False)
    yield dev
    dev.stop()
