"""companion.doctor on this machine (nothing found) and on a fake Pi tree (everything found)."""
from __future__ import annotations

import io
import types
from dataclasses import replace

import pytest

from companion import doctor
from companion.config import CameraConfig, OledConfig, defaults, parse


def fake_pi(tmp_path, *, devices=("i2c-1", "gpiochip0", "gpiochip4", "video0", "media0")):
    (tmp_path / "proc/device-tree").mkdir(parents=True)
    (tmp_path / "proc/device-tree/model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    (tmp_path / "dev").mkdir()
    for name in devices:
        (tmp_path / "dev" / name).touch()
    (tmp_path / "run/avahi-daemon").mkdir(parents=True)
    (tmp_path / "run/avahi-daemon/pid").write_text("1")
    return tmp_path


def with_picamera2(cameras):
    module = types.SimpleNamespace(Picamera2=types.SimpleNamespace(global_camera_info=lambda: cameras))

    def import_module(name):
        if name in ("picamera2", "lgpio"):
            return module
        raise ImportError(name)
    return import_module


def by_what(checks):
    return {c.what: c for c in checks}


def test_everything_found_on_a_pi(tmp_path):
    root = fake_pi(tmp_path)
    config = replace(defaults(on_pi=True), state_dir=tmp_path / "state", hostname="paradox-table")
    checks = doctor.report(config, root=root, probe_i2c=lambda bus, addr: (bus, addr) == (1, 0x3C),
                           import_module=with_picamera2([{"Model": "imx708"}]))
    assert all(c.ok for c in checks), doctor.format_report(checks)
    found = by_what(checks)
    assert found["board"].detail == "Raspberry Pi 5 Model B Rev 1.0"
    assert found["camera"].detail == "picamera2 sees 1 camera(s): imx708"
    assert "/dev/video0" in found["camera devices"].detail and "/dev/media0" in found["camera devices"].detail
    assert found["oled"].detail == "a device answers at 0x3C on I2C bus 1 (ssd1306 configured)"
    assert "/dev/gpiochip0, /dev/gpiochip4" in found["gpio"].detail
    assert "http://paradox-table.local:8080/" in found["network"].detail


def test_oled_on_the_other_address_is_pointed_out(tmp_path):
    root = fake_pi(tmp_path)
    checks = by_what(doctor.report(defaults(on_pi=True), root=root,
                                   probe_i2c=lambda bus, addr: addr == 0x3D,
                                   import_module=with_picamera2([])))
    assert not checks["oled"].ok
    assert "something answers at 0x3D: set oled.address = 0x3D" in checks["oled"].detail
    assert not checks["camera"].ok and "ribbon cable" in checks["camera"].detail


def test_a_picamera2_that_will_not_load_with_the_venvs_numpy_is_said_with_its_fix(tmp_path):
    def import_module(name):
        if name == "picamera2":
            raise ValueError("numpy.dtype size changed, may indicate binary incompatibility")
        raise ImportError(name)
    checks = by_what(doctor.report(defaults(on_pi=True), root=fake_pi(tmp_path), probe_i2c=lambda b, a: True,
                                   import_module=import_module))
    assert not checks["camera"].ok
    assert "system's numpy" in checks["camera"].detail and "install.sh" in checks["camera"].detail


def test_missing_pieces_on_a_pi_say_what_to_do(tmp_path):
    root = fake_pi(tmp_path, devices=())
    checks = by_what(doctor.report(defaults(on_pi=True), root=root, probe_i2c=lambda b, a: False,
                                   import_module=with_picamera2([])))
    assert "dtparam=i2c_arm=on" in checks["i2c"].detail
    assert "no /dev/gpiochip*" in checks["gpio"].detail


def test_usb_and_folder_sources(tmp_path):
    root = fake_pi(tmp_path)
    config = replace(defaults(on_pi=True), camera=CameraConfig(source="usb:2"))
    checks = by_what(doctor.report(config, root=root, probe_i2c=lambda b, a: True))
    assert not checks["camera"].ok and "/dev/video2 not found" in checks["camera"].detail
    frames = tmp_path / "frames"
    frames.mkdir()
    (frames / "001.png").touch()
    config = replace(config, camera=CameraConfig(source=f"folder:{frames}"))
    checks = by_what(doctor.report(config, root=root, probe_i2c=lambda b, a: True))
    assert checks["camera"].ok and "replaying 1 images" in checks["camera"].detail


def test_a_failing_bus_is_reported_not_raised(tmp_path):
    root = fake_pi(tmp_path)

    def broken(bus, address):
        raise OSError(16, "Device or resource busy")

    checks = by_what(doctor.report(replace(defaults(on_pi=True), oled=OledConfig(address=0x3C)),
                                   root=root, probe_i2c=broken))
    assert not checks["oled"].ok and "Device or resource busy" in checks["oled"].detail


def test_this_machine_prints_plain_not_found_lines_and_exits_1(tmp_path, monkeypatch):
    # The real /dev and /proc of the test machine: no Pi, no I2C, no GPIO.
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    config = defaults(on_pi=False)
    checks = by_what(doctor.report(config))
    if checks["board"].ok:
        pytest.skip("running on a Raspberry Pi")
    code = doctor.main(config, out=out)
    text = out.getvalue()
    assert code == 1
    assert "not a Raspberry Pi" in text
    assert "Traceback" not in text
    lines = text.strip().splitlines()
    assert all(line[:3] in ("ok ", "NO ") for line in lines[:-1])
    assert lines[-1].endswith("need attention")


def test_a_bad_config_file_exits_2(tmp_path, monkeypatch):
    path = tmp_path / "bad.toml"
    path.write_text("[oled]\naddress = 'abc'\n")
    monkeypatch.setenv("PARADOX_TABLE_CONFIG", str(path))
    out = io.StringIO()
    assert doctor.main(out=out) == 2
    assert "oled.address must be an I2C address like 0x3C" in out.getvalue()


def test_everything_found_exits_0(monkeypatch):
    monkeypatch.setattr(doctor, "report", lambda config: [doctor.Check(True, "board", "Raspberry Pi 5")])
    out = io.StringIO()
    assert doctor.main(parse(""), out=out) == 0
    assert "everything found" in out.getvalue()


def test_state_directory_cases(tmp_path):
    from companion.config import PI_STATE_DIR

    if not PI_STATE_DIR.exists():  # before the service first started: systemd will make it
        check = doctor._state_dir(replace(defaults(on_pi=True), state_dir=PI_STATE_DIR))
        assert check.ok and "StateDirectory=" in check.detail
    existing = tmp_path / "state"
    existing.mkdir()
    check = doctor._state_dir(replace(defaults(on_pi=False), state_dir=existing))
    assert check.ok and "writable" in check.detail
    check = doctor._state_dir(replace(defaults(on_pi=False), state_dir=tmp_path / "new" / "var"))
    assert check.ok and "will be created" in check.detail
