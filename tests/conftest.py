import pytest

from companion.store import Store


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "games.db") as s:
        yield s
