"""How long a test waits for something that should happen at once (a page to draw, a stream to
speak, a companion to stop) before it calls it lost. Generous, because a machine shared with other
work can be many times slower than a quiet one; a passing test never waits that long, since every
such wait ends as soon as the thing happens. Speed is judged by `make bench`, never here."""
WAIT_SECONDS = 60.0
WAIT_MS = int(WAIT_SECONDS * 1000)  # the same, for Playwright
