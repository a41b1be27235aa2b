# The README's two commands: `make run` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# On a Raspberry Pi the venv sees apt's python3-picamera2 and python3-lgpio.
IS_PI  := $(shell grep -qs "Raspberry Pi" /proc/device-tree/model && echo yes)
VENV_FLAGS := $(if $(IS_PI),--system-site-packages,)

.PHONY: run test bench clean browser

# Browser tests drive Debian's chromium; install it when it is missing (root, as in CI).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV_FLAGS) $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/paradox-table run

test: $(STAMP) browser
	$(PY) -m pytest

bench: $(STAMP)
	mkdir -p bench
	$(PY) -m companion.bench

clean:
	rm -rf $(VENV) build *.egg-info
