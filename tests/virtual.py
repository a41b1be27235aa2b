"""A companion in this process with its camera loop over the virtual table, stepped by hand: what
the teaching and first-words tests start from."""
from contextlib import contextmanager


@contextmanager
def virtual_table(state_dir):
    """(companion, camera loop) on a fresh store in `state_dir`; both stopped on the way out."""
    from companion.camera import CameraLoop, opener
    from companion.config import defaults
    from companion.service import Companion
    from companion.store import Store

    with Store(state_dir / "games.db") as store:
        c = Companion(store)
        c.start()
        loop = CameraLoop(c, opener(defaults(on_pi=False), c, state_dir, simulate=True))
        try:
            yield c, loop
        finally:
            loop.stop()
            c.stop()
