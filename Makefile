# The README's two commands: `make run` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# On a Raspberry Pi the venv sees apt's python3-picamera2 and python3-lgpio.
IS_PI  := $(shell grep -qs "Raspberry Pi" /proc/device-tree/model && echo yes)
VENV_FLAGS := $(if $(IS_PI),--system-site-packages,)

.PHONY: run test bench clean test-tools

# Debian tools the tests use: chromium for the browser tests, shellcheck for the Pi install
# script. Installed with apt when missing (as root, as in CI).
TEST_TOOLS := chromium shellcheck
test-tools:
	@missing=""; for t in $(TEST_TOOLS); do command -v $$t >/dev/null 2>&1 || missing="$$missing $$t"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing for the tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV_FLAGS) $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/paradox-table run

test: $(STAMP) test-tools
	$(PY) -m pytest

bench: $(STAMP)
	mkdir -p bench
	$(PY) -m companion.bench

clean:
	rm -rf $(VENV) build *.egg-info
