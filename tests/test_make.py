"""`make test` on machines that are not CI's: the Debian packages it needs, installed as root,
through a password-less sudo, or named in one line the user can run.

Each case runs the Makefile's own check with a PATH of stand-ins (id, sudo, apt-get, the browser,
a python) in a temporary folder, so nothing is installed and nothing of the machine's counts.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MAKE = shutil.which("make")
# Run from `make test`, the outer make's flags would leak into the make under test.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
pytestmark = pytest.mark.skipif(MAKE is None, reason="make is not installed")


class Machine:
    """A PATH with only the commands a case gives it; every sudo and apt-get call is logged."""

    def __init__(self, folder: Path, uid: int = 1000):
        self.bin = folder / "bin"
        self.bin.mkdir()
        self.log = folder / "calls.log"
        self.log.touch()
        for real in ("env", "grep", "true"):  # env runs apt-get; grep looks for a Pi; sudo -n true
            (self.bin / real).symlink_to(shutil.which(real))
        self.script("id", f'[ "$1" = -u ] && echo {uid}')

    def script(self, name: str, body: str):
        path = self.bin / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)

    def tool(self, name: str):
        self.script(name, "exit 0")

    def sudo(self, password_needed: bool = False):
        if password_needed:
            self.script("sudo", f'echo "sudo $*" >> {self.log}\n'
                                '[ "$1" = -n ] && { echo "sudo: a password is required" >&2; exit 1; }\n'
                                'exit 1')
        else:
            self.script("sudo", f'echo "sudo $*" >> {self.log}\n[ "$1" = -n ] && shift\nexec "$@"')

    def apt_get(self):
        """apt-get that 'installs' a package by putting a stand-in command of its name on PATH."""
        self.script("apt-get", f'echo "apt-get $*" >> {self.log}\n'
                               '[ "$1" = install ] || exit 0\n'
                               'for p in "$@"; do case "$p" in -*|install) ;; *)\n'
                               f'  printf "#!/bin/sh\\nexit 0\\n" > {self.bin}/"$p"; /bin/chmod 755 {self.bin}/"$p";;\n'
                               'esac; done')

    def make(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([MAKE, "--no-print-directory", "-C", str(REPO), *args],
                              env={"PATH": str(self.bin), "HOME": str(self.bin.parent)},
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines()


def one_line(result) -> str:
    """What the user reads, besides make's own "*** [Makefile:N: target] Error 1"."""
    lines = [line for line in (result.stdout + result.stderr).splitlines() if not line.startswith("make: ***")]
    assert len(lines) == 1, lines
    return lines[0]


def test_without_root_or_sudo_a_missing_browser_stops_with_the_command_to_run(tmp_path):
    machine = Machine(tmp_path)
    machine.apt_get()  # there, but not to be used without root
    result = machine.make("test-tools")
    assert result.returncode != 0
    line = one_line(result)
    assert "chromium-headless-shell is missing" in line
    assert line.endswith("sudo apt-get install chromium-headless-shell shellcheck")
    assert machine.calls() == []


def test_with_chromium_alone_the_phone_tests_run_in_it_and_the_shell_is_named(tmp_path):
    machine = Machine(tmp_path)
    machine.tool("chromium")
    machine.tool("shellcheck")
    result = machine.make("test-tools")
    assert result.returncode == 0, result.stderr
    line = one_line(result)
    assert "run in chromium" in line and line.endswith("sudo apt-get install chromium-headless-shell")


def test_without_shellcheck_alone_the_tests_go_on(tmp_path):
    machine = Machine(tmp_path)
    machine.tool("chromium-headless-shell")
    result = machine.make("test-tools")
    assert result.returncode == 0
    assert one_line(result).endswith("sudo apt-get install shellcheck")


def test_nothing_missing_says_nothing(tmp_path):
    machine = Machine(tmp_path)
    machine.tool("chromium-headless-shell")
    machine.tool("shellcheck")
    result = machine.make("test-tools")
    assert result.returncode == 0 and result.stdout + result.stderr == ""


def test_a_password_less_sudo_installs_without_ever_prompting(tmp_path):
    machine = Machine(tmp_path)
    machine.sudo()
    machine.apt_get()
    result = machine.make("test-tools")
    assert result.returncode == 0, result.stderr
    assert one_line(result) == "Installing chromium-headless-shell shellcheck with apt"
    assert all(call.startswith(("sudo -n ", "apt-get ")) for call in machine.calls())
    assert "sudo -n apt-get update -qq" in machine.calls()
    assert ("sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell shellcheck"
            in machine.calls())


def test_a_sudo_that_wants_a_password_is_not_waited_for(tmp_path):
    machine = Machine(tmp_path)
    machine.sudo(password_needed=True)
    machine.apt_get()
    result = machine.make("test-tools")
    assert result.returncode != 0
    assert one_line(result).endswith("sudo apt-get install chromium-headless-shell shellcheck")
    assert machine.calls() == ["sudo -n true"]


def test_as_root_apt_installs_them_as_in_ci(tmp_path):
    machine = Machine(tmp_path, uid=0)
    machine.apt_get()
    result = machine.make("test-tools")
    assert result.returncode == 0, result.stderr
    assert machine.calls() == [
        "apt-get update -qq",
        "apt-get install -y -qq chromium-headless-shell shellcheck",
    ]


def python_without_ensurepip(machine: Machine):
    """Debian's python3.11 before python3.11-venv: venv is there, its pip bootstrap is not."""
    machine.script("python3", 'case "$*" in\n'
                              f'  *ensurepip*) [ -e {machine.bin}/ensurepip-installed ];;\n'
                              '  *version_info*) echo 3.11;;\n'
                              '  *) exit 1;;\nesac')


def test_the_venv_package_for_the_python_used_is_installed_when_missing(tmp_path):
    machine = Machine(tmp_path, uid=0)
    python_without_ensurepip(machine)
    machine.script("apt-get", f'echo "apt-get $*" >> {machine.log}\n'
                              f'[ "$1" = install ] && : > {machine.bin}/ensurepip-installed\nexit 0')
    result = machine.make("venv-tools", f"VENV={tmp_path}/venv")
    assert result.returncode == 0, result.stderr
    assert machine.calls()[-1] == "apt-get install -y -qq python3.11-venv"


def test_without_root_a_missing_venv_package_is_named(tmp_path):
    machine = Machine(tmp_path)
    python_without_ensurepip(machine)
    result = machine.make("venv-tools", f"VENV={tmp_path}/venv")
    assert result.returncode != 0
    assert one_line(result).endswith("sudo apt-get install python3.11-venv")


def test_make_test_checks_the_tools_before_the_slow_install_and_runs_pytest():
    result = subprocess.run([MAKE, "--no-print-directory", "-n", "-C", str(REPO), "test"],
                            env=CLEAN_ENV, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.index("command -v $t") < out.index("-m pytest")
    assert "sudo -n true" in out and "sudo apt-get install" in out


def test_make_images_is_the_only_way_to_rewrite_the_docs_pictures():
    result = subprocess.run([MAKE, "--no-print-directory", "-n", "-C", str(REPO), "images"],
                            env=CLEAN_ENV, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "PARADOX_TABLE_DOCS_IMG=1" in result.stdout
    makefile = (REPO / "Makefile").read_text()
    assert makefile.count("PARADOX_TABLE_DOCS_IMG=1") == 1


@pytest.mark.parametrize("main_passes, oldest_passes", [(True, True), (True, False), (False, True)])
def test_make_test_fails_when_either_run_fails_and_shows_the_oldest_pairs_output(tmp_path, main_passes,
                                                                                  oldest_passes):
    """The oldest pair's run goes beside the main run: its output is shown after the main run's,
    and `make test` fails if either fails."""
    machine = Machine(tmp_path)
    for tool in ("chromium-headless-shell", "shellcheck"):
        machine.tool(tool)
    (machine.bin / "cat").symlink_to(shutil.which("cat"))
    font = tmp_path / "misaki.ttf"
    font.touch()
    for venv, passes, says in (("main", main_passes, "1400 passed"), ("oldest", oldest_passes, "128 passed")):
        (tmp_path / venv / "bin").mkdir(parents=True)
        python = tmp_path / venv / "bin" / "python"
        # `-m pip --version` answers as pip does (the venv is there), `-m compileall` compiles;
        # a test run says its result
        python.write_text(f'#!/bin/sh\ncase "$2" in pip|compileall) exit 0;; esac\n'
                          f'echo "{says if passes else "1 failed, " + says}"\nexit {0 if passes else 1}\n')
        python.chmod(0o755)
        (tmp_path / venv / ".installed-stamp").touch()
    result = machine.make("test", f"VENV={tmp_path}/main", f"OLDEST={tmp_path}/oldest", f"MISAKI={font}")
    out = result.stdout
    assert (result.returncode == 0) == (main_passes and oldest_passes), out + result.stderr
    assert ("1400 passed" in out) and ("128 passed" in out)
    assert out.index("1400 passed") < out.index("numpy 1.24 and OpenCV 4.11:") < out.index("128 passed")
