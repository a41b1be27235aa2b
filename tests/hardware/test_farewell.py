"""hardware.farewell: the "Safe to unplug" program that systemd-shutdown runs."""
from __future__ import annotations

import pytest

from hardware import display as display_mod
from hardware import farewell


@pytest.fixture
def shown(monkeypatch, tmp_path):
    monkeypatch.setenv("PARADOX_TABLE_CONFIG", str(tmp_path / "config.toml"))
    (tmp_path / "config.toml").write_text("[oled]\nmodel = \"sh1106\"\n")
    frames = []
    real_show = display_mod.Display.show

    def spy(self, screen, data=None):
        frames.append((screen, data, self))
        return real_show(self, screen, data)

    monkeypatch.setattr(display_mod.Display, "show", spy)
    return frames


def test_power_off_draws_safe_to_unplug_and_keeps_it(shown):
    assert farewell.main(["poweroff"]) == 0
    ((screen, data, display),) = shown
    assert (screen, data) == ("unplug", {"safe": True})
    assert display.device.persist  # left on the panel, not blanked at exit


def test_reboot_says_nothing(shown):
    assert farewell.main(["reboot"]) == 0
    assert shown == []


def test_a_bad_config_is_one_line_on_stderr(monkeypatch, tmp_path, capsys):
    (tmp_path / "bad.toml").write_text("[oled]\naddress = 'abc'\n")
    monkeypatch.setenv("PARADOX_TABLE_CONFIG", str(tmp_path / "bad.toml"))
    assert farewell.main(["halt"]) == 1
    assert "oled.address must be an I2C address" in capsys.readouterr().err
