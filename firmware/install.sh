#!/usr/bin/env bash
# Install Paradox Table on a running Raspberry Pi (Raspberry Pi OS Bookworm or Trixie):
#   sudo bash firmware/install.sh
# Safe to run again: after `git pull` it updates the program and the unit, keeps
# /etc/paradox-table/config.toml as you edited it, and restarts the service.
#
# For tests and for reading what it would do:
#   ROOT=/tmp/pi bash firmware/install.sh   files go under /tmp/pi; system commands
#                                           (apt-get, useradd, pip, systemctl) are printed,
#                                           not run (ROOT implies DRY_RUN=1)
#   DRY_RUN=1 bash firmware/install.sh      same, with files compared against / but not written
#   SYSTEM_PYTHON=...                       the python whose numpy the venv keeps (apt's python3)
set -euo pipefail

ROOT="${ROOT:-}"
if [[ -n "$ROOT" ]]; then DRY_RUN="${DRY_RUN:-1}"; else DRY_RUN="${DRY_RUN:-0}"; fi
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX=/opt/paradox-table
VENV="$PREFIX/.venv"
SERVICE_USER=paradox-table
UNIT=paradox-table.service
SYSTEM_PYTHON="${SYSTEM_PYTHON:-/usr/bin/python3}"
# fonts-misaki: the OLED's 8x8 kana and kanji (a Japanese table's names and words).
APT_PACKAGES=(python3-picamera2 python3-numpy python3-lgpio i2c-tools avahi-daemon polkitd python3-venv python3-pip git
              fonts-misaki)
MARK_BEGIN="# >>> paradox-table >>>"
MARK_END="# <<< paradox-table <<<"

say() { printf 'paradox-table: %s\n' "$*"; }

# A command that changes the system: run it, or in a dry run say it.
run() {
    if [[ "$DRY_RUN" == 1 ]]; then
        printf 'would run:'; printf ' %q' "$@"; printf '\n'
    else
        "$@"
    fi
}

# A file we own: write it when absent or different. Dry run without ROOT only reports.
put() {  # put MODE SOURCE DEST
    local mode="$1" source="$2" dest="$ROOT$3"
    if [[ -f "$dest" ]] && cmp -s "$source" "$dest"; then
        return 0
    fi
    if [[ "$DRY_RUN" == 1 && -z "$ROOT" ]]; then
        printf 'would write: %s\n' "$3"
        return 0
    fi
    install -D -m "$mode" "$source" "$dest"
    say "wrote $3"
    CHANGED=1
}

CHANGED=0

if [[ "$DRY_RUN" != 1 && "$(id -u)" != 0 ]]; then
    say "run me as root: sudo bash $0" >&2
    exit 1
fi
if ! grep -qs "Raspberry Pi" /proc/device-tree/model; then
    say "this is not a Raspberry Pi; installing anyway (camera, OLED and buttons will be emulated)"
fi

# 1. Packages from apt: picamera2 and lgpio cannot come from PyPI.
missing=()
for package in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    # --error-on=any: without a network apt-get update still exits 0 by default, and the
    # install would fail later with a less helpful message (apt 2.1.16 and later).
    run apt-get update --error-on=any
    run apt-get install -y --no-install-recommends "${missing[@]}"
fi

# 2. The service's own user, in the groups that own /dev/gpiochip*, /dev/i2c-* and the camera.
for group in gpio i2c video; do
    getent group "$group" >/dev/null || run groupadd --system "$group"
done
if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir /var/lib/paradox-table --no-create-home \
        --shell /usr/sbin/nologin --comment "Paradox Table" "$SERVICE_USER"
fi
run usermod --append --groups gpio,i2c,video "$SERVICE_USER"

# 3. The program: a venv that also sees apt's picamera2 and lgpio.
if [[ ! -x "$ROOT$VENV/bin/python" ]]; then
    run python3 -m venv --system-site-packages "$ROOT$VENV"
fi
# The venv keeps apt's numpy: apt's picamera2 and simplejpeg are built against it, and a numpy
# from PyPI installed in the venv would shadow it, so picamera2 would no longer load (picamera2
# issues 1088 and 1211). Pin it, and an OpenCV wheel that accepts it: 4.12 and later need numpy 2
# (Bookworm has numpy 1.24, Trixie 2.x). Written afresh each run, from what apt has now.
constraints="${TMPDIR:-/tmp}/paradox-table-constraints.$$"
system_numpy="$("$SYSTEM_PYTHON" -c 'import numpy; print(numpy.__version__)' 2>/dev/null || true)"
if [[ "$system_numpy" =~ ^[0-9]+\.[0-9]+ ]]; then
    printf '# the numpy from apt, which picamera2 is built against (firmware/install.sh)\nnumpy==%s\n' \
        "$system_numpy" >"$constraints"
    if [[ "${system_numpy%%.*}" -lt 2 ]]; then
        printf 'opencv-python-headless<4.12\n' >>"$constraints"
    fi
else
    say "no numpy from apt (python3-numpy) for $SYSTEM_PYTHON: the camera will not load until it is installed" >&2
    printf '# no numpy from apt was found when this was written\n' >"$constraints"
fi
put 0644 "$constraints" "$PREFIX/constraints.txt"
rm -f "$constraints"
run "$ROOT$VENV/bin/pip" install --quiet --upgrade --constraint "$ROOT$PREFIX/constraints.txt" "$SRC"
put 0644 "$SRC/docs/hardware.md" "$PREFIX/hardware.md"

# 4. Configuration: written once; later runs never overwrite the owner's edits.
if [[ ! -e "$ROOT/etc/paradox-table/config.toml" ]]; then
    put 0644 "$SRC/firmware/paradox-table.toml" /etc/paradox-table/config.toml
else
    say "keeping /etc/paradox-table/config.toml"
fi

# 5. Boot configuration: I2C at 400 kHz and the camera, as one marked block, added once.
boot_config=""
for candidate in /boot/firmware/config.txt /boot/config.txt; do
    if [[ -f "$ROOT$candidate" ]]; then boot_config="$candidate"; break; fi
done
if [[ -z "$boot_config" ]]; then
    say "no /boot/firmware/config.txt: not a Pi boot partition, leaving boot settings alone"
elif grep -qF "$MARK_BEGIN" "$ROOT$boot_config"; then
    say "$boot_config already has the paradox-table block"
elif [[ "$DRY_RUN" == 1 && -z "$ROOT" ]]; then
    printf 'would append to: %s\n' "$boot_config"
else
    { printf '\n%s\n' "$MARK_BEGIN"; cat "$SRC/firmware/boot-config.txt"; printf '%s\n' "$MARK_END"; } \
        >>"$ROOT$boot_config"
    say "added I2C and camera settings to $boot_config: reboot once for them to apply"
fi
# /dev/i2c-N exists only with the i2c-dev module loaded. The unit's DeviceAllow=char-video4linux
# and char-media are looked up once, when it starts: their modules (videodev, mc) are loaded at
# boot too, so a camera whose driver udev loads late is not locked out until a restart.
printf 'i2c-dev\nvideodev\nmc\n' >"${TMPDIR:-/tmp}/paradox-table-modules.$$"
put 0644 "${TMPDIR:-/tmp}/paradox-table-modules.$$" /etc/modules-load.d/paradox-table.conf
rm -f "${TMPDIR:-/tmp}/paradox-table-modules.$$"

# 6. The unit, the polkit rule that lets it power off, and the shutdown hook that says
#    "Safe to unplug" once the disks are unmounted.
put 0644 "$SRC/systemd/$UNIT" "/etc/systemd/system/$UNIT"
put 0644 "$SRC/systemd/50-paradox-table.rules" /etc/polkit-1/rules.d/50-paradox-table.rules
put 0755 "$SRC/firmware/paradox-table-unplug" /usr/lib/systemd/system-shutdown/paradox-table-unplug

# 7. Start it, or restart it so an update takes effect.
run systemctl daemon-reload
if [[ "$DRY_RUN" != 1 ]] && systemctl is-active --quiet "$UNIT"; then
    run systemctl restart "$UNIT"
else
    run systemctl enable --now "$UNIT"
fi

if [[ "$DRY_RUN" == 1 && -z "$ROOT" ]]; then say "dry run: nothing was changed"
elif [[ "$CHANGED" == 1 ]]; then say "files updated"
else say "files already up to date"; fi
say "done: check the hardware with  $VENV/bin/paradox-table doctor"
