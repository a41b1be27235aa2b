"""`paradox-table run` as a person meets it: the links it prints work from where they are meant to
be opened, `make run PORT=...` serves on that port, and SIGTERM with phones connected stops it
quietly (no tracebacks), the game saved."""
import http.client
import json
import os
import signal
import subprocess
from pathlib import Path

from companion.run import announcement, links
from patience import WAIT_SECONDS
from running import STARTUP_SECONDS, STOP_SECONDS, Running, free_port, local_config

ROOT = Path(__file__).resolve().parents[1]


def test_listening_on_this_computer_only_prints_only_its_own_link():
    urls = links("127.0.0.1", "paradox-table", 8080, "T", address=lambda: "192.168.1.20")
    assert urls == {"local": "http://127.0.0.1:8080/?host=T"}
    said = "\n".join(announcement(urls, "127.0.0.1"))
    assert "192.168.1.20" not in said and ".local" not in said
    assert "phones cannot join" in said


def test_listening_everywhere_prints_the_machines_address_and_the_join_page():
    urls = links("0.0.0.0", "paradox-table", 8081, "T", address=lambda: "192.168.1.20")
    assert urls == {"local": "http://127.0.0.1:8081/?host=T", "join": "http://paradox-table.local:8081/",
                    "host": "http://192.168.1.20:8081/?host=T"}
    said = announcement(urls, "0.0.0.0")
    assert said[0].endswith("http://192.168.1.20:8081/?host=T") and any("ask to be the host" in s for s in said)
    # No network: no address for other devices, so no host link that would not work from them.
    urls = links("0.0.0.0", "paradox-table", 8081, "T", address=lambda: "127.0.0.1")
    assert "host" not in urls
    # One address of this machine: every link uses it.
    urls = links("192.168.1.20", "paradox-table", 8081, "T", address=lambda: "10.0.0.1")
    assert urls["local"] == urls["host"] == "http://192.168.1.20:8081/?host=T"
    assert len(announcement(urls, "192.168.1.20")) == 3  # the same link is not printed twice


def test_the_oled_join_screen_gives_the_address_phones_can_open_as_it_is_now():
    """Many Android phones cannot open NAME.local: the join screen's QR holds the address. The
    Wi-Fi may join after start-up, so the address is asked for each time the screen is drawn."""
    from companion.run import phone_address, screen_for

    class Snap:
        host_request, shutting_down, prompt, alert, session, screen = None, False, None, "", None, "join"

    now = {"ip": "127.0.0.1"}
    address = phone_address("0.0.0.0", 8080, address=lambda: now["ip"])
    join = "http://paradox-table.local:8080/"
    assert screen_for(Snap, join, address=address) == ("join", {"url": join})  # no network yet
    now["ip"] = "192.168.1.20"
    assert screen_for(Snap, join, address=address) == (
        "join", {"url": join, "address": "http://192.168.1.20:8080/"})
    assert phone_address("127.0.0.1", 8080, address=lambda: "192.168.1.20")() is None
    assert phone_address("10.0.0.5", 8080)() == "http://10.0.0.5:8080/"


def test_make_run_takes_a_port():
    # As a user types it, not as the make that runs this suite would pass it down.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    made = subprocess.run(["make", "-n", "run", "PORT=8081"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=env)
    assert made.returncode == 0, made.stderr
    assert made.stdout.strip().splitlines()[-1].endswith("paradox-table run --port 8081")
    made = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert made.stdout.strip().splitlines()[-1].endswith("paradox-table run")


def request(port, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_SECONDS)
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Content-Type": "application/json", **(headers or {})})
    res = conn.getresponse()
    data = json.loads(res.read())
    conn.close()
    return data


def test_sigterm_with_phones_connected_stops_quietly(tmp_path, lessons):
    port = free_port()
    lessons.give(tmp_path / "state")  # its camera opens at once (a stop mid-lesson: test_virtual_table.py)
    running = Running(local_config(tmp_path), port, tmp_path)
    try:
        running.wait_for("Paradox Table is running", STARTUP_SECONDS)
        running.wait_for("Only this computer can open it", WAIT_SECONDS)
        assert not any("Players join at" in line for line in running.seen)
        token = (tmp_path / "state" / "host-token").read_text().strip()
        host = {"X-Host-Token": token}
        request(port, "POST", "/api/host/game", {"game": "paradominetor", "options": {"seats": 3}}, host)
        seats = {s["viewer"]: request(port, "POST", "/api/host/seat-link", {"viewer": s["viewer"]}, host)["token"]
                 for s in request(port, "GET", "/api/view", headers=host)["seats"]}
        streams = []
        for who in ["", token, seats["seat-0"], seats["seat-1"], seats["seat-2"]]:  # table, host, phones
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_SECONDS)
            conn.request("GET", "/api/stream" + (f"?token={who}" if who else ""))
            res = conn.getresponse()
            assert res.status == 200
            assert res.fp.readline()  # the stream is open and talking
            streams.append(conn)
        running.proc.send_signal(signal.SIGTERM)
        out = running.rest(STOP_SECONDS)
        assert running.proc.wait(timeout=STOP_SECONDS) == 0
        assert "Paradox Table stopped; the game is saved." in out
        assert "Traceback" not in out and "ERROR" not in out, out
        for conn in streams:
            conn.close()
    finally:
        running.kill()
