#!/usr/bin/env bash
# First boot of a fresh SD card (started by firmware/paradox-table-first-boot.service, which
# cloud-init's user-data installs): wait for the network, run install.sh, and try again until
# it has worked. Reboot only after success (the kernel reads the I2C setting only at boot).
#
# Everything it does is written to the boot partition, paradox-table-first-boot.txt, which any
# computer can read from the SD card, and to the journal (journalctl -t paradox-table-first-boot).
# A power cut in the middle is no harm: the unit runs again at the next boot until it is done.
#
# For tests: SRC, LOG, DONE, WAIT_SECONDS, INSTALL and REBOOT change where it reads, writes and
# what it runs; ONCE=1 makes one attempt and exits 1 if it failed.
set -uo pipefail

SRC="${SRC:-/opt/paradox-table/src}"
LOG="${LOG:-/boot/firmware/paradox-table-first-boot.txt}"
DONE="${DONE:-/var/lib/paradox-table/installed}"
WAIT_SECONDS="${WAIT_SECONDS:-30}"
INSTALL="${INSTALL:-bash $SRC/firmware/install.sh}"
REBOOT="${REBOOT:-systemctl reboot}"
ONCE="${ONCE:-0}"

say() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >>"$LOG" 2>/dev/null || true
    printf '%s\n' "$*"  # the journal, through the unit's standard output
}

# A default route is a network; nm-online (NetworkManager, Raspberry Pi OS's) waits for one.
network_up() {
    if command -v nm-online >/dev/null 2>&1; then
        nm-online -q -t 20 && return 0
    fi
    ip -4 route show default 2>/dev/null | grep -q . || ip -6 route show default 2>/dev/null | grep -q .
}

if [[ -e "$DONE" ]]; then
    say "already installed ($DONE): nothing to do"
    exit 0
fi

attempt=0
pause="$WAIT_SECONDS"
while :; do
    attempt=$((attempt + 1))
    if ! network_up; then
        say "attempt $attempt: no network yet (Wi-Fi in network-config on the boot partition, or a cable); trying again in ${pause}s"
    else
        say "attempt $attempt: network up, installing Paradox Table"
        output="$($INSTALL 2>&1)"
        status=$?
        printf '%s\n' "$output" >>"$LOG" 2>/dev/null || true
        if [[ "$status" == 0 ]]; then
            mkdir -p "$(dirname "$DONE")" && touch "$DONE"
            say "installed; rebooting once so the OLED's I2C bus is switched on"
            $REBOOT
            exit 0
        fi
        say "attempt $attempt: the install failed (exit $status): $(printf '%s\n' "$output" | tail -n 1); trying again in ${pause}s"
    fi
    if [[ "$ONCE" == 1 ]]; then
        exit 1
    fi
    sleep "$pause"
    pause=$((pause < 300 ? pause * 2 : 300))  # back off to five minutes
done
