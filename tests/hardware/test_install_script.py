"""firmware/install.sh run twice into a temporary root (ROOT=..., system commands only printed),
plus shellcheck, plus the boot fragment and the cloud-init file it goes with."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "firmware" / "install.sh"


def install(root: Path, numpy: str | None = "1.24.2") -> subprocess.CompletedProcess:
    """`numpy`: the version apt's python3 has (Bookworm's 1.24.2 unless said), or None for none."""
    python = root.parent / "system-python3"
    python.write_text("#!/bin/sh\n" + (f"echo {numpy}\n" if numpy else "exit 1\n"))
    python.chmod(0o755)
    env = {**os.environ, "ROOT": str(root), "TMPDIR": str(root.parent), "SYSTEM_PYTHON": str(python)}
    result = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def pi_root(tmp_path):
    root = tmp_path / "root"
    (root / "boot/firmware").mkdir(parents=True)
    (root / "boot/firmware/config.txt").write_text("[all]\narm_64bit=1\n")
    return root


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_shellcheck_is_clean():
    result = subprocess.run(["shellcheck", str(SCRIPT), str(REPO / "firmware" / "paradox-table-unplug"),
                             str(REPO / "firmware" / "first-boot.sh")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout


def test_first_run_installs_everything(pi_root):
    out = install(pi_root).stdout
    files = snapshot(pi_root)
    assert files["etc/systemd/system/paradox-table.service"] == (REPO / "systemd/paradox-table.service").read_bytes()
    assert files["etc/paradox-table/config.toml"] == (REPO / "firmware/paradox-table.toml").read_bytes()
    # the OLED's bus, and the camera's device classes before the unit's allow-list is made
    assert files["etc/modules-load.d/paradox-table.conf"].split() == [b"i2c-dev", b"videodev", b"mc"]
    hook = pi_root / "usr/lib/systemd/system-shutdown/paradox-table-unplug"
    assert os.access(hook, os.X_OK)
    boot = files["boot/firmware/config.txt"].decode()
    assert boot.startswith("[all]\narm_64bit=1\n")  # the owner's lines stay first and untouched
    for line in ("dtparam=i2c_arm=on", "dtparam=i2c_arm_baudrate=400000", "camera_auto_detect=1"):
        assert line in boot.splitlines()
    ours = boot.split("# >>> paradox-table >>>\n", 1)[1]
    settings = [line for line in ours.splitlines() if line and not line.startswith("#")]
    assert settings[0] == "[all]"  # after an owner's [pi4] section, ours still apply to every board
    # The system commands it would run, in order, with the venv that sees apt's picamera2.
    assert f"would run: python3 -m venv --system-site-packages {pi_root}/opt/paradox-table/.venv" in out
    assert f"--constraint {pi_root}/opt/paradox-table/constraints.txt {REPO}" in out
    assert "would run: usermod --append --groups gpio\\,i2c\\,video paradox-table" in out
    assert out.index("daemon-reload") < out.index("enable --now paradox-table.service")


@pytest.mark.parametrize("numpy, pins", [
    ("1.24.2", ["numpy==1.24.2", "opencv-python-headless<4.12"]),  # Bookworm: OpenCV 4.11 is the last for numpy 1.x
    ("2.2.4", ["numpy==2.2.4"]),  # Trixie
])
def test_the_venv_keeps_the_systems_numpy_that_picamera2_is_built_against(pi_root, numpy, pins):
    out = install(pi_root, numpy).stdout
    constraints = (pi_root / "opt/paradox-table/constraints.txt").read_text()
    assert [line for line in constraints.splitlines() if not line.startswith("#")] == pins
    assert f"pip install --quiet --upgrade --constraint {pi_root}/opt/paradox-table/constraints.txt {REPO}" in out


def test_no_numpy_from_apt_is_said(pi_root):
    result = install(pi_root, numpy=None)
    assert "no numpy from apt" in result.stderr
    assert "numpy==" not in (pi_root / "opt/paradox-table/constraints.txt").read_text()


def test_second_run_changes_nothing(pi_root):
    install(pi_root)
    before = snapshot(pi_root)
    out = install(pi_root).stdout
    assert snapshot(pi_root) == before
    assert "already has the paradox-table block" in out
    assert "files already up to date" in out
    boot = (pi_root / "boot/firmware/config.txt").read_text()
    assert boot.count("dtparam=i2c_arm=on") == 1


def test_an_edited_config_is_kept_and_an_old_unit_is_replaced(pi_root):
    install(pi_root)
    config = pi_root / "etc/paradox-table/config.toml"
    config.write_text("[oled]\naddress = 0x3D\n")
    unit = pi_root / "etc/systemd/system/paradox-table.service"
    unit.write_text("[Service]\nExecStart=/bin/false\n")
    out = install(pi_root).stdout
    assert config.read_text() == "[oled]\naddress = 0x3D\n"
    assert "keeping /etc/paradox-table/config.toml" in out
    assert unit.read_bytes() == (REPO / "systemd/paradox-table.service").read_bytes()


def test_older_boot_partition_layout(tmp_path):
    root = tmp_path / "root"
    (root / "boot").mkdir(parents=True)
    (root / "boot/config.txt").write_text("gpu_mem=64\n")
    install(root)
    assert "dtparam=i2c_arm=on" in (root / "boot/config.txt").read_text()


def test_not_a_pi_boot_partition_is_left_alone(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    out = install(root).stdout
    assert "leaving boot settings alone" in out
    assert not (root / "boot").exists()


def test_boot_fragment_and_cloud_init():
    fragment = (REPO / "firmware/boot-config.txt").read_text().splitlines()
    settings = [line for line in fragment if line and not line.startswith("#")]
    assert settings == ["[all]", "dtparam=i2c_arm=on", "dtparam=i2c_arm_baudrate=400000", "camera_auto_detect=1"]
    user_data = (REPO / "firmware/user-data").read_text()
    assert user_data.startswith("#cloud-config\n")
    assert "\nhostname: paradox-table\n" in user_data
    assert "Trixie" in user_data and "Bookworm" in user_data  # which image the SD-card route needs
    assert "\t" not in user_data  # YAML forbids tabs for indentation
    data = yaml.safe_load(user_data)
    # Packages come from the first-boot unit once the network is up, not once from cloud-init
    # whatever the network; and it reboots only after success, not cloud-init's power_state.
    assert not {"packages", "package_update", "power_state"} & set(data)
    assert data["runcmd"][-1] == ["systemctl", "enable", "--now", "--no-block", "paradox-table-first-boot.service"]
    assert "network-config" in user_data and (REPO / "firmware/network-config.example").is_file()
    network = yaml.safe_load((REPO / "firmware/network-config.example").read_text())
    assert network["network"]["version"] == 2 and "wlan0" in network["network"]["wifis"]


def first_boot(tmp_path, install: str, network: bool, once: bool = True) -> subprocess.CompletedProcess:
    """firmware/first-boot.sh with its install, network and reboot stood in for."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "ip").write_text("#!/bin/sh\n" + ("echo 'default via 10.0.0.1 dev wlan0'\n" if network else "") + "exit 0\n")
    (bin_dir / "nm-online").write_text(f"#!/bin/sh\nexit {0 if network else 1}\n")
    (bin_dir / "sleep").write_text("#!/bin/sh\nexit 0\n")
    for tool in ("ip", "nm-online", "sleep"):
        (bin_dir / tool).chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "LOG": str(tmp_path / "first-boot.txt"),
           "DONE": str(tmp_path / "state/installed"), "INSTALL": install, "REBOOT": f"touch {tmp_path}/rebooted",
           "ONCE": "1" if once else "0", "WAIT_SECONDS": "1"}
    return subprocess.run(["bash", str(REPO / "firmware/first-boot.sh")], env=env, capture_output=True,
                          text=True, timeout=60)


def test_first_boot_without_a_network_waits_says_why_and_does_not_reboot(tmp_path):
    result = first_boot(tmp_path, install=f"touch {tmp_path}/installed-anyway", network=False)
    assert result.returncode == 1
    assert "no network yet" in (tmp_path / "first-boot.txt").read_text()
    assert not (tmp_path / "installed-anyway").exists() and not (tmp_path / "rebooted").exists()
    assert not (tmp_path / "state/installed").exists()


def test_first_boot_retries_a_failed_install_and_reboots_only_after_success(tmp_path):
    counter = tmp_path / "tries"
    flaky = tmp_path / "flaky-install"
    flaky.write_text(f"#!/bin/sh\necho try >> {counter}\n"
                     f"[ $(wc -l < {counter}) -ge 3 ] || {{ echo 'E: Unable to locate package python3-picamera2'; exit 100; }}\n"
                     "echo installed\n")
    flaky.chmod(0o755)
    result = first_boot(tmp_path, install=str(flaky), network=True, once=False)
    assert result.returncode == 0, result.stdout + result.stderr
    log = (tmp_path / "first-boot.txt").read_text()
    assert log.count("the install failed (exit 100): E: Unable to locate package python3-picamera2") == 2
    assert "installed; rebooting" in log and (tmp_path / "rebooted").exists()
    assert (tmp_path / "state/installed").exists()
    (tmp_path / "rebooted").unlink()
    again = first_boot(tmp_path, install=str(flaky), network=True)  # the next boot: nothing to do
    assert again.returncode == 0 and not (tmp_path / "rebooted").exists()
    assert counter.read_text().count("try") == 3


def test_polkit_rule_is_installed(pi_root):
    install(pi_root)
    rule = pi_root / "etc/polkit-1/rules.d/50-paradox-table.rules"
    assert rule.read_bytes() == (REPO / "systemd/50-paradox-table.rules").read_bytes()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_polkit_rule_allows_power_off_to_the_service_user_only():
    # polkit rules are JavaScript; evaluate this one against a stand-in `polkit` object.
    probe = """
    const rules = [];
    const polkit = {Result: {YES: "yes"}, addRule: (f) => rules.push(f)};
    eval(require("fs").readFileSync(process.argv[1], "utf8"));
    const ask = (user, id) => rules[0]({id}, {user}) || "no";
    console.log([
      ask("paradox-table", "org.freedesktop.login1.power-off"),
      ask("paradox-table", "org.freedesktop.login1.power-off-multiple-sessions"),
      ask("paradox-table", "org.freedesktop.login1.reboot"),
      ask("pi", "org.freedesktop.login1.power-off"),
    ].join(" "));
    """
    result = subprocess.run(["node", "-e", probe, str(REPO / "systemd/50-paradox-table.rules")],
                            capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["yes", "yes", "no", "no"], result.stderr
