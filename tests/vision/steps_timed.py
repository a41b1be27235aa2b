"""A reader's steps timed where they run, for the cost breakdowns (discs_cost.py,
dominoes_cost.py): a tool's helper, not a test."""
from __future__ import annotations

import time
from collections import Counter

SPENT: Counter = Counter()  # a step's name -> CPU seconds in it, the steps it calls included


def timed(owner, name):
    """``owner.name`` (a module's function or a class's method) replaced by itself, timed."""
    work = getattr(owner, name)

    def step(*args, **kwargs):
        c0 = time.process_time()
        try:
            return work(*args, **kwargs)
        finally:
            SPENT[name] += time.process_time() - c0
    setattr(owner, name, step)
