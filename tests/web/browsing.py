"""What the page tests share besides the browser (a fixture in conftest.py)."""


def wait_until(page, predicate, seconds: float = 30.0):
    """Let the page work until `predicate()` holds; fail after `seconds`."""
    for _ in range(int(seconds * 10)):
        if predicate():
            return
        page.wait_for_timeout(100)
    raise AssertionError("timed out")
