"""The unit file, checked by systemd's own tools: `verify` (no warning allowed) and `security`.

Why a copy for verify: ExecStart names /opt/paradox-table/.venv/bin/paradox-table, which exists
only on a Pi after firmware/install.sh, and verify rejects a unit whose command is missing.
The copy differs in that one line only (checked below), pointing at a stand-in executable.
The security threshold and the figure are explained in docs/hardware.md.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.notify import POWEROFF_EXIT_STATUS

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "paradox-table.service"
EXEC_START = "ExecStart=/opt/paradox-table/.venv/bin/paradox-table run"
# docs/hardware.md: 1.5 is the exposure this unit has today; any protection dropped raises it.
EXPOSURE_THRESHOLD = 1.5

analyze = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(analyze is None, reason="systemd-analyze is not installed")


def unit_lines() -> list[str]:
    return UNIT.read_text().splitlines()


def settings() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in unit_lines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            found.setdefault(key, []).append(value)
    return found


@pytest.fixture
def verifiable_copy(tmp_path):
    stand_in = tmp_path / "bin" / "paradox-table"
    stand_in.parent.mkdir()
    stand_in.write_text("#!/bin/sh\nexit 0\n")
    stand_in.chmod(0o755)
    lines = unit_lines()
    assert lines.count(EXEC_START) == 1, "install.sh and the docs expect this ExecStart"
    copy = tmp_path / UNIT.name
    copy.write_text("\n".join(
        f"ExecStart={stand_in} run" if line == EXEC_START else line for line in lines) + "\n")
    changed = [a for a, b in zip(unit_lines(), copy.read_text().splitlines()) if a != b]
    assert changed == [EXEC_START]
    return copy


@needs_analyze
def test_systemd_analyze_verify_is_silent(verifiable_copy):
    result = subprocess.run([analyze, "verify", str(verifiable_copy)], capture_output=True, text=True,
                            timeout=60)
    # verify exits 0 even for unknown keys, so any output at all is a failure.
    assert result.returncode == 0 and result.stdout == "" and result.stderr == "", result.stdout + result.stderr


@needs_analyze
def test_security_exposure_is_within_threshold():
    result = subprocess.run(
        [analyze, "security", "--offline=true", "--no-pager",
         f"--threshold={round(EXPOSURE_THRESHOLD * 10)}", str(UNIT)],
        capture_output=True, text=True, timeout=60)
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d)", result.stdout)
    assert match, result.stdout + result.stderr
    exposure = float(match.group(1))
    assert exposure <= EXPOSURE_THRESHOLD, result.stdout
    assert result.returncode == 0, result.stdout + result.stderr


def test_unit_keeps_the_hardware_reachable():
    s = settings()
    assert s["Type"] == ["notify"] and s["Restart"] == ["on-failure"]
    assert s["User"] == ["paradox-table"]
    assert s["SupplementaryGroups"] == ["gpio i2c video"]
    assert s["PrivateDevices"] == ["no"] and s["DevicePolicy"] == ["closed"]
    allowed = {v.split()[0] for v in s["DeviceAllow"]}
    # gpiochip: /dev/gpiochip*; i2c: /dev/i2c-1; video4linux: /dev/video*, /dev/v4l-subdev*;
    # media: /dev/media*; dma_heap: /dev/dma_heap/* (libcamera's buffers).
    assert allowed == {"char-gpiochip", "char-i2c", "char-video4linux", "char-media", "char-dma_heap"}
    assert s["WorkingDirectory"] == ["/var/lib/paradox-table"]  # lgpio writes its FIFOs here
    assert s["StateDirectory"] == ["paradox-table"] and s["ConfigurationDirectory"] == ["paradox-table"]
    assert "WatchdogSec" in s


def test_poweroff_exit_status_matches_the_service():
    s = settings()
    status = str(POWEROFF_EXIT_STATUS)
    assert s["SuccessExitStatus"] == [status] and s["RestartPreventExitStatus"] == [status]
    (post,) = s["ExecStopPost"]
    assert post.startswith("+") and f'"$$EXIT_STATUS" = {status}' in post and "poweroff" in post


def test_install_script_and_unit_agree_on_paths():
    script = (REPO / "firmware" / "install.sh").read_text()
    assert "PREFIX=/opt/paradox-table" in script and 'VENV="$PREFIX/.venv"' in script
    assert "SERVICE_USER=paradox-table" in script
    hook = (REPO / "firmware" / "paradox-table-unplug").read_text()
    assert "/opt/paradox-table/.venv/bin/python -m hardware.farewell" in hook
