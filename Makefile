# The README's two commands: `make run` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# On a Raspberry Pi the venv sees apt's python3-picamera2 and python3-lgpio.
IS_PI  := $(shell grep -qs "Raspberry Pi" /proc/device-tree/model && echo yes)
VENV_FLAGS := $(if $(IS_PI),--system-site-packages,)

.PHONY: run test soak images bench clean test-tools test-fonts venv-tools

# $(call apt_install,PACKAGES): install Debian packages with apt, as root (as in CI) or through
# sudo when it needs no password (-n: never a prompt that would hang CI). Says nothing and
# fails when neither is possible, so the caller can say what to install.
apt_install = if [ "$$(id -u)" = 0 ]; then as=""; \
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as="sudo -n"; \
	else false; fi && echo "Installing $(1) with apt" && $$as apt-get update -qq && \
	$$as env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1) >/dev/null

# Debian tools the tests use: chromium-headless-shell for the phone tests (browser), shellcheck
# for the Pi install script. The headless shell is the chromium Playwright itself runs headless:
# the phone tests in it take less than half the processor time of the full browser. Without it
# they run in chromium, when that is there; without either `make test` stops at once, since the
# phone tests would only fail; without shellcheck it goes on and that one check is skipped.
TEST_TOOLS := chromium-headless-shell shellcheck
test-tools:
	@missing=""; for t in $(TEST_TOOLS); do command -v $$t >/dev/null 2>&1 || missing="$${missing:+$$missing }$$t"; done; \
	if [ -n "$$missing" ]; then { $(call apt_install,$$missing); } || true; fi; \
	if ! command -v chromium-headless-shell >/dev/null 2>&1; then \
	  if command -v chromium >/dev/null 2>&1; then \
	    echo "make test: the phone tests run in chromium, more slowly than in chromium-headless-shell; install it with: sudo apt-get install chromium-headless-shell"; \
	  else \
	    echo "make test: chromium-headless-shell is missing (the phone tests drive it); install with: sudo apt-get install $$missing" >&2; \
	    exit 1; \
	  fi; \
	fi; \
	command -v shellcheck >/dev/null 2>&1 || \
	  echo "make test: shellcheck is missing, so the install script goes unchecked; install with: sudo apt-get install shellcheck"

# The OLED's Japanese font (Misaki Gothic, 8x8 kana and kanji), for the emulated OLED of `make run`
# and the Japanese screens' tests: apt when missing; without it those tests are skipped and the
# screens draw Japanese as '?', said here.
MISAKI := /usr/share/fonts/truetype/misaki/misaki_gothic.ttf
test-fonts:
	@if [ ! -f $(MISAKI) ]; then { $(call apt_install,fonts-misaki); } || true; fi; \
	[ -f $(MISAKI) ] || \
	  echo "make: fonts-misaki is missing, so the OLED draws Japanese as '?' and its Japanese screens go untested; install with: sudo apt-get install fonts-misaki"

# Debian keeps venv's pip bootstrap (ensurepip) out of the python package: pythonX.Y-venv (what
# python3-venv brings for the default python3) puts it back for the python that makes .venv.
venv-tools:
	@if $(PY) -m pip --version >/dev/null 2>&1; then exit 0; fi; \
	if ! command -v $(PYTHON) >/dev/null 2>&1; then \
	  echo "make: $(PYTHON) not found; install with: sudo apt-get install python3 python3-venv" >&2; exit 1; \
	fi; \
	$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null && exit 0; \
	pkg=python$$($(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')-venv; \
	{ $(call apt_install,$$pkg); } && $(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
	  echo "make: $(PYTHON) cannot make the virtual environment without $$pkg; install with: sudo apt-get install $$pkg" >&2; \
	  exit 1; }

# One resolver run per venv, wheels rather than builds from source, and the venv's own pip (it
# installs everything here; upgrading it first only costs time).
PIP_INSTALL := -m pip install --quiet --prefer-binary --disable-pip-version-check

$(STAMP): pyproject.toml | venv-tools
	@echo "Installing the companion and its test libraries in $(VENV)"
	@$(PY) -m pip --version >/dev/null 2>&1 || { rm -rf $(VENV) && $(PYTHON) -m venv $(VENV_FLAGS) $(VENV); }
	@$(PY) $(PIP_INSTALL) -e '.[test]'
	@touch $(STAMP)

# Raspberry Pi OS Bookworm's oldest pair: apt's numpy 1.24, which picamera2 is built against and
# the Pi's venv keeps (firmware/install.sh), with the last OpenCV wheel that accepts numpy 1.x.
# `make test` runs the vision and camera tests on it too; the main venv has the newest pair.
OLDEST       := .venv-oldest
OLDEST_STAMP := $(OLDEST)/.installed-stamp
OLDEST_PINS  := numpy==1.24.4 opencv-python-headless==4.11.0.86
OLDEST_TEST_LIBS := pytest pytest-xdist hypothesis pyyaml  # the test extra less the browser
OLDEST_TESTS := tests/vision/test_camera.py tests/vision/test_markers.py tests/vision/test_marker_corners.py \
  tests/vision/test_mat.py tests/vision/test_motion.py tests/vision/test_tracker.py \
  tests/vision/test_recognise.py tests/vision/test_read_what_changed.py tests/initiative/test_camera.py \
  tests/dynasty/test_camera.py tests/dynasty/test_camera_prints.py tests/test_real_camera_path.py \
  tests/reliability/test_faults.py

$(OLDEST_STAMP): pyproject.toml | venv-tools
	@echo "Installing the companion with numpy 1.24 and OpenCV 4.11 (Bookworm's pair) in $(OLDEST)"
	@rm -rf $(OLDEST) && $(PYTHON) -m venv $(OLDEST)
	@printf '%s\n' $(OLDEST_PINS) > $(OLDEST)/constraints.txt
	@$(OLDEST)/bin/python $(PIP_INSTALL) --constraint $(OLDEST)/constraints.txt -e . $(OLDEST_TEST_LIBS)
	@touch $@

# `make run PORT=8081` serves on another port than the config's (8080 unless changed).
run: test-fonts $(STAMP)
	$(VENV)/bin/paradox-table run$(if $(PORT), --port $(PORT))

# The main run spreads its test files over one worker per core (pytest-xdist; a worker more was
# measured no faster: chromium's own work fills the cores while a browser test waits). A file's
# tests stay together in one worker, so a file's companion, web server and browser pages are
# started once. The longest files are handed out first, so the workers finish together
# (tests/conftest.py, LONGEST_FIRST). What is slow to make (the camera's lessons, enrolments) is
# made once per run and shared by the workers: tests/conftest.py says how. The main run ends with
# its slowest tests, to see what to speed up or hand out first.
# The oldest pair's run goes beside it in one process, its output kept until the main run is
# done: it takes the moments the main workers wait (a browser drawing, a companion starting). It
# does not write the test cache. The two venvs install side by side: that is mostly waiting for
# downloads, not work for the cores.
CORES := $(shell nproc 2>/dev/null || echo 2)
WORKERS := -n $(CORES) --dist loadfile --no-loadscope-reorder
OLDEST_LOG := $(OLDEST)/last-run.log
# The companion's code, compiled once before the tests: the companions the tests start (a kill -9,
# a restart, a replay) each load it again, and where PYTHONDONTWRITEBYTECODE is set nothing would
# keep a compiled copy, so every one of them would compile it all anew (compileall writes anyway).
SOURCES := companion web vision hardware tests
# The tests draw thousands of camera-sized pictures (a Domino Dynasty frame in floating point is
# 60 MB). glibc takes each block over 32 MB fresh from the kernel and hands it back when freed,
# so every picture paid for zeroed pages again: a third of the vision tests' time went to the
# kernel. The test processes keep such blocks for the next picture instead (glibc's tunables,
# mallopt(3): a fixed mmap threshold, and up to 256 MB left free at the heap's top, a few
# pictures' worth, rather than given back at once).
TEST_MALLOC := MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=268435456
test: test-tools test-fonts
	@$(MAKE) --no-print-directory -j2 $(STAMP) $(OLDEST_STAMP)
	@$(PY) -m compileall -q -j 0 $(SOURCES)
	@echo "The vision tests on numpy 1.24 and OpenCV 4.11 run beside the main run; their result follows it"
	@$(TEST_MALLOC) $(OLDEST)/bin/python -m pytest -p no:cacheprovider -k "not a0_mat" $(OLDEST_TESTS) > $(OLDEST_LOG) 2>&1 & oldest=$$!; \
	$(TEST_MALLOC) $(PY) -m pytest $(WORKERS) --durations=15; main=$$?; \
	wait $$oldest; old=$$?; \
	echo "--- the vision tests on numpy 1.24 and OpenCV 4.11:"; cat $(OLDEST_LOG); \
	[ $$main = 0 ] && [ $$old = 0 ]

# The long reliability runs `make test` only samples: kill -9 at random moments 100 times per
# game, and eight phones on live streams for 10 minutes and then an hour. Figures go to
# tests/output/reliability-*.json.
soak: $(STAMP)
	PARADOX_TABLE_KILL_CYCLES=100 $(PY) -m pytest -s tests/reliability/test_kill.py
	PARADOX_TABLE_LOAD_SECONDS=600 $(PY) -m pytest -s tests/reliability/test_load.py
	PARADOX_TABLE_LOAD_SECONDS=3600 $(PY) -m pytest -s tests/reliability/test_load.py
	PARADOX_TABLE_PROPERTY_EXAMPLES=2000 $(PY) -m pytest -s tests/reliability/test_bad_input.py

# The pictures in docs/img (OLED screens, phone pages) drawn again from the tests; an ordinary
# test run draws them into tests/output/ only.
images: test-tools test-fonts $(STAMP)
	PARADOX_TABLE_DOCS_IMG=1 $(PY) -m pytest tests/hardware/test_oled_screens.py \
	  tests/web/test_browser.py tests/web/test_island_browser.py

bench: $(STAMP)
	mkdir -p bench
	$(PY) -m companion.bench

clean:
	rm -rf $(VENV) $(OLDEST) build *.egg-info
