"""The camera follows the game: frames -> vision -> table events -> the worker.

Every frame gets a cheap look (vision.motion): while the table moves (a hand, a tile sliding)
nothing is read; once it has settled, and only if it looks different from the last reading, the
full recognition runs, until the tracker has seen the new table hold (TableTracker.k readings of
still frames). So a tile put down reaches the game a few frames later, at the camera's full rate,
and a still table costs next to nothing.

While a game whose description has a camera part is in progress, its own mat and reader watch
the table; when it ends (or a phone-only game starts) the camera is closed and no frame is read.
Vision (and OpenCV with it) is imported only when a camera game first needs it, so a phone-only
companion never loads it. The tracker's table events are the one stream the game's watcher
hears; nothing here knows what a tile means.
"""
from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from vision.camera import CameraUnavailable  # names only: nothing heavy is imported
from vision.readers import frame_size, kit
from vision.readers import reader as make_reader

from . import games
from .i18n import Msg

log = logging.getLogger("paradox-table")


@dataclass
class Pipeline:
    """One camera game's watching: where frames come from, how they are read, what held still."""
    game: str
    frames: Callable
    reader: object
    tracker: object
    zones: tuple
    close: Callable = lambda: None
    virtual_table: object = None  # in simulation: the table the host page lays pieces on
    detector: object = None  # vision.motion.ChangeDetector: moving, settled, changed since read
    last_read: float = 0.0  # when the full recognition last ran (time.monotonic())
    reads_unsettled: int = 0  # readings of this still picture that did not settle the tracker
    silent_since: float | None = None  # when the camera began giving no frames (a USB one unplugged)
    needs: tuple | None = None  # (width, height) its reader needs; a smaller camera is said once
    blocked_since: float | None = None  # since when every reading found the mat unseen or covered
    told_blocked: bool = False  # ...and the table was told so


class CameraLoop:
    """Follows the game in progress; its own thread reads frames and never blocks the worker."""

    LOST = Msg("Camera lost: play on by phone and buttons; looking for it again")
    SILENT_SECONDS = 5.0  # this long without a frame is a lost camera too
    BACK = Msg("Camera back: it watches the table again")
    # the mat unseen or covered this long: the table is told why the camera waits
    BLOCKED_SECONDS = 15.0
    UNSEEN = Msg("The camera cannot see the mat: turn it or move the mat until every black square shows")
    COVERED = Msg("Something covers part of the mat (a hand, a cup, a lamp's glare): the camera waits until it is clear")

    FPS = 20.0  # the camera's rate: a tile reaches the game a few frames after it lies still
    RECHECK_SECONDS = 2.0  # a still table is read again this often all the same
    PATIENCE = 4  # readings of one still picture that do not settle, before reading it less often

    RETRY_MAX_SECONDS = 300.0  # a camera that stays gone is looked for every five minutes at most

    def __init__(self, companion, open_pipeline: Callable[[str], Pipeline | None], fps: float = FPS,
                 retry_seconds: float = 3.0, clock: Callable[[], float] = time.monotonic,
                 stopping: threading.Event | None = None):
        self.companion = companion
        self.clock = clock  # when to look for a lost camera again, how long the mat stays unseen
        self.open_pipeline = open_pipeline
        self.period = 1.0 / fps
        # A lost camera is looked for again after retry_seconds, then twice as long each time it
        # is still missing: a camera left unplugged all evening costs a look every few minutes.
        self.retry_seconds = retry_seconds
        self._retry_after = retry_seconds
        self._lost_at: float | None = None  # when the camera of the game in progress went away
        self.looks = 0  # how often a lost camera has been looked for (make bench, tests)
        self.frames = 0  # frames taken since start (make bench, tests)
        self.pipeline: Pipeline | None = None
        self.last_frame = None
        self._jpeg = b""  # the last frame as the host page was last sent it
        self.last_reading = None
        self._wanted: tuple | None = None
        self.teaching: str | None = None  # the game whose pieces the host page is teaching
        self._teaching_until = 0.0  # ...until then (clock()), unless the page asks again
        self._lock = threading.RLock()
        self._stop = stopping or threading.Event()  # shared with the opener, to cut a lesson short
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)

    # ------------------------------------------------------------- following the game

    def wanted(self) -> tuple[str, int] | None:
        """The camera game in progress and its number, if any (from the published snapshot):
        each new game gets its camera afresh (and in simulation an empty virtual table)."""
        snap = self.companion.snapshot
        if snap.session is not None and not snap.session.rules.is_over(snap.state) \
                and "camera" in games.describe(snap.session.name).parts:
            return snap.session.name, snap.session.id
        teaching = self.teaching if self.teaching and self.clock() < self._teaching_until else None
        return (teaching, "teaching") if teaching else None

    TEACHING_SECONDS = 600.0  # a teaching page left open and forgotten lets the camera go after this

    def teach(self, game: str | None):
        """The host page teaches the camera this game's pieces (None: it stopped): while no
        camera game is on, the camera looks at the mat for it, reading nothing. Said again by
        each of the page's requests; ten minutes without one, and the camera is let go."""
        with self._lock:
            self.teaching = game
            self._teaching_until = self.clock() + self.TEACHING_SECONDS

    def use_profile(self, game: str, path: Path):
        """A profile was just learnt for this game (at ``path``): the camera watching it reads
        with it now, without a restart."""
        from vision.readers import load_profile
        profile = load_profile(path)  # read before taking the lock every frame's step holds
        with self._lock:
            pipeline = self.pipeline
            if pipeline is None or pipeline.game != game or pipeline.reader is None:
                return
            pipeline.reader = _reader(games.camera(game), profile, pipeline.reader.layout)
            pipeline.tracker.moving()
            if pipeline.detector is not None:
                pipeline.detector.forget()

    def follow(self) -> Pipeline | None:
        """Open the camera for the game in progress, or close it when no camera game is on."""
        with self._lock:
            want = self.wanted()
            if want == self._wanted and want is not None and self._lost_at is not None:
                return self._look_again(want)
            if want == self._wanted:
                return self.pipeline
            self._close()
            self._wanted, self._lost_at = want, None
            if want is not None:
                try:
                    self.pipeline = self._open(want)
                except Exception as exc:  # a game survives a dead camera: phones and buttons go on
                    log.error("the camera could not start: %s", exc, exc_info=not isinstance(exc, CameraUnavailable))
                    # the table is told what it can do; the owner's details (commands) are in the log
                    why = Msg("the camera's software would not load on this Pi (the log says why); it is looked for again") \
                        if isinstance(exc, CameraUnavailable) and exc.software else Msg("check the camera's cable; it is looked for again")
                    self.companion.say(Msg("Camera off: enter moves by phone; {why}", why=why))
                    self._missing()  # and looked for again, as a camera lost mid-game is
            return self.pipeline

    def _open(self, want) -> Pipeline | None:
        if want[1] == "teaching":  # frames only: the pieces are not known yet
            return self.open_pipeline(want[0], teaching=True)
        pipeline = self.open_pipeline(want[0])
        session = self.companion.snapshot.session
        if pipeline is not None and session is not None and session.moves:
            # a game resumed (a restart, the games list): what the camera first finds lay there
            # before, not put down now
            pipeline.tracker.resumed = True
            if pipeline.virtual_table is not None:
                # its pieces lie as the game stood when it was taken up, as they stayed on a real
                # table (a move a phone entered since is not on it), rather than on an empty
                # virtual mat; the game master's view, since real pieces carry what the table
                # does not see (a tile's back)
                pipeline.virtual_table.restore(session.rules.view(session.taken_up, games.MASTER))
        return pipeline

    def _lost(self):
        """The camera failed mid-game (unplugged, a cable, a driver): the game goes on from the
        phones and buttons, the OLED says so once, and the camera is looked for again."""
        self._close()
        self._missing()
        self.companion.warn(self.LOST)

    def _missing(self):
        self._lost_at, self._retry_after = self.clock(), self.retry_seconds

    def _look_again(self, want) -> Pipeline | None:
        if self.clock() - self._lost_at < self._retry_after:
            return None
        self.looks += 1
        try:
            self.pipeline = self._open(want)
        except Exception as exc:  # still gone: quietly, and a while longer before the next look
            log.info("the camera is still missing: %s", exc)
            self._lost_at = self.clock()
            self._retry_after = min(self._retry_after * 2, self.RETRY_MAX_SECONDS)
            return None
        self._lost_at = None  # found, or opening said itself why not (an enrolment to make)
        if self.pipeline is not None:
            self.companion.warn(self.BACK)
        return self.pipeline

    def _close(self):
        if self.pipeline is not None:
            try:
                self.pipeline.close()
            except Exception:
                log.exception("closing the camera failed")
        self.pipeline, self.last_frame, self.last_reading = None, None, None

    @property
    def tracker(self):
        return self.pipeline.tracker if self.pipeline else None

    @property
    def virtual_table(self):
        pipeline = self.follow()
        return pipeline.virtual_table if pipeline else None

    # ------------------------------------------------------------- frames

    @property
    def started(self) -> bool:
        return self._thread.is_alive()

    def start(self):
        self._thread.start()

    def stop(self):
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        with self._lock:
            self._close()

    def step(self):
        """One frame through the pipeline; returns the table events it posted, if any."""
        with self._lock:
            pipeline = self.follow()
            if pipeline is None:
                return None
            # The last frame is let go before the next is taken: two full frames at once are
            # 30 MB more at Domino Dynasty's size, on a Pi Zero 2 W with 512 MB in all.
            self.last_frame = None
            try:
                frame = pipeline.frames()
            except Exception:
                log.exception("the camera stopped giving frames")
                self._lost()
                return None
            if frame is None:  # an unplugged USB camera gives nothing rather than an error
                now = self.clock()
                if pipeline.silent_since is None:
                    pipeline.silent_since = now
                if now - pipeline.silent_since >= self.SILENT_SECONDS:
                    log.warning("the camera has given no frame for %.0f s", now - pipeline.silent_since)
                    self._lost()
                return None
            pipeline.silent_since = None
            self.last_frame = frame
            self.frames += 1
            if pipeline.needs is not None:
                self._check_size(pipeline, frame)
            if pipeline.reader is None:  # teaching: the host page looks at the frames itself
                return []
            if not self._worth_reading(pipeline, frame):
                return []
            reading = pipeline.reader.read(frame)
            pipeline.last_read = self.clock()
            self.last_reading = reading
            self._watch_view(pipeline, reading)
            tracker = pipeline.tracker
            events = [e for e in tracker.update(reading) if e.zone in (None,) + pipeline.zones]
            if pipeline.detector is not None:
                if reading.calibrated and not reading.hand_in_view and not tracker.pending:
                    pipeline.detector.read()  # this picture is what lies on the table now
                    pipeline.reads_unsettled = 0
                else:
                    pipeline.reads_unsettled += 1
        if events:
            self.companion.observe(events)
        return events

    def _watch_view(self, pipeline, reading):
        """A mat the readings keep finding unseen (the camera knocked aside) or covered (a cup on
        its edge, a lamp's glare) is said once, BLOCKED_SECONDS on, rather than waited on in
        silence; a clear reading starts the count again."""
        if reading is None or reading.calibrated and not reading.hand_in_view:
            pipeline.blocked_since, pipeline.told_blocked = None, False
            return
        now = self.clock()
        if pipeline.blocked_since is None:
            pipeline.blocked_since = now
        elif not pipeline.told_blocked and now - pipeline.blocked_since >= self.BLOCKED_SECONDS:
            pipeline.told_blocked = True
            self.companion.warn(self.COVERED if reading.calibrated else self.UNSEEN)

    def _check_size(self, pipeline, frame):
        """A camera that cannot give the frame size the game's pieces need (a USB webcam at
        1280x960 under Domino Dynasty's small icons) still plays: what it cannot read is asked
        about. The table is told once why it is asked so often."""
        (w, h), (need_w, need_h) = (frame.shape[1], frame.shape[0]), pipeline.needs
        pipeline.needs = None
        # by pixels, not sides: a 16:9 sensor gives its whole field as a wider frame of as many
        # pixels (vision.camera.frame_for), rounded to what the ISP likes
        if w * h < 0.97 * need_w * need_h:
            log.warning("the camera gives %dx%d frames; %s's pieces are read best at %dx%d",
                        w, h, pipeline.game, need_w, need_h)
            self.companion.warn(Msg("Camera gives {got}, these pieces need {need}: squares it cannot read are "
                                    "asked about", got=f"{w}x{h}", need=f"{need_w}x{need_h}"))

    def _worth_reading(self, pipeline, frame) -> bool:
        """Whether this frame gets the full recognition: not while the table moves (the count
        of still readings starts over); then while the settled table differs from its last
        reading, or the tracker waits for the new one to hold; and a still table now and then."""
        detector = pipeline.detector
        if detector is None:
            return True
        look = detector.look(frame)
        if look.moving:
            pipeline.tracker.moving()
            pipeline.reads_unsettled = 0  # the still picture to come is another (a hand gone): read it at full rate
            return False
        since = self.clock() - pipeline.last_read
        if since >= self.RECHECK_SECONDS:
            return True
        if not (look.changed or pipeline.tracker.pending):
            return False
        # a hand held still over the mat, a picture without the markers: read now and then
        return pipeline.reads_unsettled < self.PATIENCE or since >= 0.5

    def _run(self):
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                self.step()
            except Exception:  # a bad frame must not stop the camera; the journal has it
                log.exception("camera frame failed")
            self._stop.wait(max(0.0, self.period - (time.monotonic() - started)))

    def frame_now(self):
        """The last frame; while the next is being taken (the last let go), that one once it
        comes, which a busy machine or a large sensor can make slow; None with no camera open, or
        one silent for SILENT_SECONDS, as a lost camera is."""
        frame = self.last_frame
        if frame is not None or not self._lock.acquire(timeout=self.SILENT_SECONDS):
            return frame
        try:  # a step holds the lock while it takes its frame: that step is over now
            return self.last_frame
        finally:
            self._lock.release()

    def jpeg(self) -> bytes:
        """The last frame, for the host page; while the next is being taken, the one before."""
        frame = self.last_frame
        if frame is None:
            return self._jpeg if self.pipeline is not None else b""
        import cv2
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 70])
        self._jpeg = data.tobytes() if ok else b""
        return self._jpeg


def _kit(spec: games.Camera):
    """(reader class, enroll, write_enrolment, SyntheticTable) for the game's reader."""
    return kit(spec.reader, spec.cells)


def _reader(spec: games.Camera, profile, layout):
    return make_reader(spec.reader, profile, layout, spec.areas_read(), spec.cells_read())


def opener(config, companion, state_dir: Path, simulate: bool,
           stopping: threading.Event | None = None) -> Callable[[str], Pipeline | None]:
    """How to open the camera for a game: its mat, its reader and labels, its source.
    `stopping`, once set, cuts short a first lesson of the virtual table's pieces."""
    stopping = stopping or threading.Event()

    def open_pipeline(name: str, teaching: bool = False) -> Pipeline | None:
        from vision.mat import mat_layout
        from vision.motion import ChangeDetector
        from vision.readers import load_profile
        from vision.tracker import TableTracker

        spec = games.camera(name)
        layout = mat_layout(spec.mat)  # a mat printed for any seat count calibrates
        profile_path = _profile_path(state_dir, name)
        # readings come only from settled frames (vision.motion): two in a row that agree
        # are a table at rest for three frames, a seventh of a second at the camera's rate
        tracker = TableTracker(k=2)
        if simulate or config.camera.source == "synthetic":
            from .simulation import VirtualTable
            _, enroll, write_enrolment, SyntheticTable = _kit(spec)
            if teaching:  # the host page lays the pieces to teach on an empty virtual table
                virtual = VirtualTable(SyntheticTable(layout, tiles=spec.pieces, seed=1), layout, None,
                                       fps=CameraLoop.FPS)
                return Pipeline(name, virtual.frame, None, tracker, spec.zones, virtual_table=virtual,
                                close=virtual.close)
            if profile_path.is_file() and _set_aside_if_damaged(profile_path) is not None:
                companion.say(Msg("{profile} was damaged: kept aside, teaching the camera again", profile=profile_path.name))
            if not profile_path.is_file():
                # the device's own chore, not the players' business: the phones keep the new
                # game's headline while it runs (the journal says it)
                log.info("enrolling the virtual table's pieces for %s (first start only)", name)
                if not teach_virtual_table(name, state_dir, stopping):
                    return None  # the companion is stopping: it does not wait for the lesson
            virtual = VirtualTable(SyntheticTable(layout, tiles=spec.pieces, seed=1), layout,
                                   games.simulation(name), fps=CameraLoop.FPS)
            reader = _reader(spec, load_profile(profile_path), layout)
            return Pipeline(name, virtual.frame, reader, tracker, spec.areas_read(), virtual_table=virtual,
                            detector=ChangeDetector(), close=virtual.close)
        if not teaching:
            if not profile_path.is_file():
                companion.say(Msg("Camera off: teach the camera the pieces first, on the host page (Teach the camera)"))
                return None
            kept = _set_aside_if_damaged(profile_path)
            if kept is not None:
                companion.say(Msg("Camera off: enter moves by phone. {profile} is damaged (kept as {kept}): "
                                  "teach the camera again on the host page", profile=profile_path.name, kept=kept.name))
                return None
        from vision.camera import open_source
        source = config.camera.source
        source = "pi" if source == "picamera2" else source.removeprefix("folder:")
        size = frame_size(spec.reader, config.camera.resolution)
        if size != tuple(config.camera.resolution):
            log.info("opening the camera at %dx%d for %s's pieces (camera.resolution is %dx%d)",
                     *size, name, *config.camera.resolution)
        frames = open_source(source, size, layout)
        if teaching:  # frames only: the host page looks at them to teach the pieces
            return Pipeline(name, frames.read, None, tracker, spec.zones, close=frames.close, needs=size)
        try:
            reader = _reader(spec, load_profile(profile_path), layout)
        except Exception:
            frames.close()
            raise
        return Pipeline(name, frames.read, reader, tracker, spec.areas_read(), close=frames.close,
                        detector=ChangeDetector(), needs=size)

    return open_pipeline


def teach_virtual_table(game: str, state_dir: Path, stopping: threading.Event) -> bool:
    """The virtual table's pieces enrolled as `paradox-table vision enroll` would (simulation,
    first game only), in a process of its own: it takes a while on a slow machine, and a
    companion told to stop ends it at once instead of waiting (systemd gives 20 s). The profile
    appears whole or not at all. False if it was stopped."""
    code = "import sys; from companion.camera import _teach; _teach(sys.argv[1], sys.argv[2])"
    child = subprocess.Popen([sys.executable, "-c", code, game, str(state_dir)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    while child.poll() is None:
        if stopping.wait(0.2):
            child.kill()
            child.wait()
            return False
    if child.returncode != 0:
        raise RuntimeError(f"learning the virtual table's pieces failed: {child.stderr.read()[-500:]}")
    return True


def _teach(game: str, state_dir) -> None:
    spec = games.camera(game)
    from vision.mat import mat_layout
    layout = mat_layout(spec.mat)
    _, enroll, write_enrolment, _ = _kit(spec)
    state_dir = Path(state_dir)
    shots = write_enrolment(layout, state_dir / f"enrolment-{game}", tiles=spec.pieces)
    profile = _profile_path(state_dir, game)
    part = profile.with_name(f".{profile.name}.part")
    enroll(shots, part, layout, spec.pieces)
    os.replace(part, profile)


def _profile_path(state_dir: Path, game: str) -> Path:
    """A game's enrolment profile: vision-profile-GAME.npz, or the single vision-profile.npz a
    user enrolled before games had their own (used while it was enrolled for this game)."""
    own = state_dir / f"vision-profile-{game}.npz"
    single = state_dir / "vision-profile.npz"
    if own.is_file() or not single.is_file():
        return own
    try:
        from vision.readers import load_profile
        return single if load_profile(single).game == game else own
    except Exception:  # damaged: the reader will say so when it loads it
        return single


def _set_aside_if_damaged(path: Path) -> Path | None:
    """An enrolment profile that no longer loads (a power cut while it was written, a bad copy)
    is renamed PROFILE.damaged-TIME, never written over; returns that name, or None if it loads."""
    from vision.readers import load_profile
    try:
        load_profile(path)
        return None
    except Exception as exc:
        kept = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        path.rename(kept)
        log.error("%s cannot be read (%s): kept as %s; teach the camera again on the host page "
                  "(or paradox-table vision enroll)", path, exc, kept.name)
        return kept
