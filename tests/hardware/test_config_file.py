"""companion.config: defaults, where the file is found, and errors that name the key."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from companion import config as cfg
from companion.config import ConfigError, load, parse

REPO = Path(__file__).resolve().parents[2]


def test_defaults_off_the_pi(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    c = cfg.defaults(on_pi=False)
    assert c.camera.source == "synthetic"
    assert c.state_dir == tmp_path / "state" / "paradox-table"
    assert (c.oled.model, c.oled.i2c_bus, c.oled.address) == ("ssd1306", 1, 0x3C)
    assert (c.buttons.a, c.buttons.b, c.buttons.c) == (17, 27, 22)
    assert c.web.port == 8080
    assert c.notes == ()


def test_defaults_on_the_pi():
    c = cfg.defaults(on_pi=True)
    assert c.camera.source == "picamera2"
    assert c.state_dir == Path("/var/lib/paradox-table")
    assert c.on_pi


def test_off_the_pi_the_game_log_is_in_the_users_state_directory(tmp_path, monkeypatch):
    # The same folder wherever the command is run from, never ./var in the working directory.
    monkeypatch.chdir(tmp_path)
    home = Path.home()
    assert cfg.user_state_dir({}) == home / ".local" / "state" / "paradox-table"
    assert cfg.user_state_dir({"XDG_STATE_HOME": ""}) == home / ".local" / "state" / "paradox-table"
    # The XDG rule: a relative $XDG_STATE_HOME is ignored.
    assert cfg.user_state_dir({"XDG_STATE_HOME": "rel"}) == home / ".local" / "state" / "paradox-table"
    assert cfg.user_state_dir({"XDG_STATE_HOME": "/srv/st"}) == Path("/srv/st/paradox-table")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    for c in (cfg.defaults(on_pi=False), parse(""), cfg.Config(), load(on_pi=False)):
        assert c.state_dir == tmp_path / "xdg" / "paradox-table" and c.state_dir.is_absolute()
    assert parse('state_dir = "/srv/pt"\n').state_dir == Path("/srv/pt")


def test_tests_never_use_the_real_state_directory():
    # tests/conftest.py points $XDG_STATE_HOME at a temporary folder for the whole run.
    state_dir = cfg.defaults(on_pi=False).state_dir
    assert state_dir.is_relative_to(Path(tempfile.gettempdir()).resolve()) or \
        state_dir.is_relative_to(Path(tempfile.gettempdir())), state_dir


def test_url_for_phones():
    c = parse('hostname = "paradox-table"\n[web]\nport = 8081\n')
    assert c.url == "http://paradox-table.local:8081/"


def test_the_installed_example_is_valid_and_matches_the_pi_defaults():
    c = load(REPO / "firmware" / "paradox-table.toml", on_pi=True)
    d = cfg.defaults(on_pi=True)
    assert (c.camera, c.oled, c.buttons, c.web, c.state_dir) == \
        (d.camera, d.oled, d.buttons, d.web, d.state_dir)


def test_full_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('''
hostname = "kitchen"
state_dir = "/srv/pt"
[camera]
source = "usb:1"
resolution = [1280, 720]
[oled]
model = "sh1106"
i2c_bus = 3
address = "0x3D"
rotate = 2
[buttons]
a = 5
b = 6
c = 13
bounce_time = 0.02
hold_time = 3
[web]
host = "127.0.0.1"
port = 9000
[game]
name = "loop"
seats = 3
''')
    c = load(path, on_pi=False)
    assert c.source == path
    assert c.hostname == "kitchen" and c.state_dir == Path("/srv/pt")
    assert c.camera == cfg.CameraConfig("usb:1", (1280, 720))
    assert c.oled == cfg.OledConfig("sh1106", 3, 0x3D, 2)
    assert c.buttons == cfg.ButtonsConfig(5, 6, 13, 0.02, 3.0)
    assert c.web == cfg.WebConfig("127.0.0.1", 9000)
    assert c.notes == (f"{path}: [game] is no longer used; the host page chooses the game",)


def test_integer_address_from_toml_hex():
    assert parse("[oled]\naddress = 0x3D\n").oled.address == 0x3D


def test_missing_default_file_means_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(cfg.ENV_VAR, raising=False)
    c = load(on_pi=False)
    assert c.source is None and c.camera.source == "synthetic"


def test_environment_variable_names_the_file(tmp_path, monkeypatch):
    path = tmp_path / "elsewhere.toml"
    path.write_text("[web]\nport = 8123\n")
    monkeypatch.setenv(cfg.ENV_VAR, str(path))
    assert cfg.default_path(on_pi=True) == path
    assert load(on_pi=True).web.port == 8123


def test_a_file_named_explicitly_must_exist(tmp_path):
    with pytest.raises(ConfigError, match="no such file"):
        load(tmp_path / "nope.toml")


def test_default_paths(monkeypatch):
    monkeypatch.delenv(cfg.ENV_VAR, raising=False)
    assert cfg.default_path(on_pi=True) == Path("/etc/paradox-table/config.toml")
    assert cfg.default_path(on_pi=False) == Path("paradox-table.toml")


@pytest.mark.parametrize("text, message", [
    ('[oled]\naddress = "abc"', "config.toml: oled.address must be an I2C address like 0x3C, got 'abc'"),
    ("[oled]\naddress = 0x80", "oled.address must be an I2C address like 0x3C, got 128"),
    ('[oled]\nmodel = "ssd1309"', "oled.model must be ssd1306 or sh1106, got 'ssd1309'"),
    ("[oled]\nrotate = 1", "oled.rotate must be 0 or 2 (2 = upside down), got 1"),
    ("[oled]\nadress = 0x3C", "unknown key oled.adress; [oled] knows address, i2c_bus, model, rotate"),
    ("colour = 1", "unknown key 'colour'"),
    ('[camera]\nsource = "webcam"', "camera.source must be picamera2, usb:N (e.g. usb:0), folder:PATH or synthetic"),
    ("[camera]\nresolution = [1920]", "camera.resolution must be [width, height] in pixels"),
    ("[buttons]\na = 40", "buttons.a must be a BCM GPIO number from 0 to 27, got 40"),
    ("[buttons]\nb = 3", "buttons.b = 3 is an I2C pin"),
    ("[buttons]\nc = 17", "buttons.a, buttons.b and buttons.c must be three different pins, got 17, 27, 17"),
    ('[buttons]\nhold_time = "long"', "buttons.hold_time must be a number of seconds from 0.2 to 30.0, got 'long'"),
    ("[buttons]\nbounce_time = true", "buttons.bounce_time must be a number of seconds"),
    ("[web]\nport = 70000", "web.port must be a TCP port from 1 to 65535, got 70000"),
    ('[web]\nport = "8080"', "web.port must be a TCP port from 1 to 65535, got '8080'"),
    ('hostname = "paradox_table.local"', "hostname must be a host name of letters, digits and dashes"),
    ("oled = 3", "[oled] must be a table of keys, got 3"),
    ("[oled\n", "config.toml: not valid TOML"),
])
def test_bad_values_name_the_key(text, message):
    with pytest.raises(ConfigError) as err:
        parse(text)
    assert message in str(err.value)
    assert str(err.value).startswith("config.toml: ")


def test_error_names_the_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[oled]\naddress = "abc"\n')
    with pytest.raises(ConfigError, match=f"^{path}: oled.address"):
        load(path)


@pytest.mark.parametrize("model, expected", [
    (b"Raspberry Pi 5 Model B Rev 1.0\0", "Raspberry Pi 5 Model B Rev 1.0"),
    (b"Raspberry Pi Zero 2 W Rev 1.0\0", "Raspberry Pi Zero 2 W Rev 1.0"),
    (b"Radxa ROCK 4SE\0", None),
])
def test_raspberry_pi_detection(tmp_path, model, expected):
    path = tmp_path / "model"
    path.write_bytes(model)
    assert cfg.pi_model(path) == expected
    assert cfg.is_raspberry_pi(path) == (expected is not None)


def test_no_device_tree_is_not_a_pi(tmp_path):
    assert not cfg.is_raspberry_pi(tmp_path / "missing")


# The shutdown hook's farewell (hardware.farewell) reads the [oled] table of this same file
# without importing companion; it must agree with the service on every value.
OLED_TABLES = [
    "", "[oled]\n", '[oled]\nmodel = "sh1106"\n', '[oled]\nmodel = "ssd1309"\n',
    "[oled]\ni2c_bus = 3\n", "[oled]\ni2c_bus = 32\n", "[oled]\ni2c_bus = true\n",
    "[oled]\naddress = 0x3D\n", '[oled]\naddress = "0x3d"\n', '[oled]\naddress = "abc"\n',
    "[oled]\naddress = 0x78\n", "[oled]\naddress = 7\n", "[oled]\naddress = 60.0\n",
    "[oled]\nrotate = 2\n", "[oled]\nrotate = 1\n", "[oled]\nrotate = false\n",
    'oled = "x"\n', "[oled\n",
]


@pytest.mark.parametrize("text", OLED_TABLES)
def test_the_farewell_reads_the_oled_table_as_the_service_does(tmp_path, text):
    from hardware.farewell import FarewellError, oled_settings

    path = tmp_path / "config.toml"
    path.write_text(text)
    try:
        want = parse(text, name=str(path)).oled
    except ConfigError as exc:
        with pytest.raises(FarewellError) as err:
            oled_settings(path)
        key = str(exc).split(" must ")[0]  # "FILE: oled.address" names the same key
        assert str(err.value).startswith(key), (str(err.value), str(exc))
        return
    got = oled_settings(path)
    assert (got.model, got.i2c_bus, got.address, got.rotate) == \
        (want.model, want.i2c_bus, want.address, want.rotate)


def test_hardware_knows_nothing_of_companion(tmp_path):
    import subprocess
    import sys

    # The farewell drawn end to end, then: was any companion module loaded on the way?
    (tmp_path / "config.toml").write_text('[oled]\nmodel = "sh1106"\n')
    code = ("import sys, hardware.farewell, hardware.gallery, hardware.buttons; "
            "assert hardware.farewell.main(['poweroff', '--config', sys.argv[1]]) == 0; "
            "sys.exit(', '.join(sorted(m for m in sys.modules if m.split('.')[0] == 'companion')) or None)")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "config.toml")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
