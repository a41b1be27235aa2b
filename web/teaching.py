"""The host page's "Teach the camera" routes: the mat to print, the walk shot by shot, the check.

Host only. The walk itself is companion.teaching's; these routes only check what a request
says and answer in the host's words. A request that is malformed, or a shot the camera cannot
take (no mat in view, a place empty or crowded), changes nothing.
"""
from __future__ import annotations

from flask import Response, request, send_file

from companion.errors import Refused
from companion.i18n import Listed, Msg, said, term

from .door import _wait


def register(app, door):
    """Add the teaching routes to ``app``; ``door`` is the web.door.Door they share, and its
    extras' teacher a companion.teaching.Teacher."""
    from companion.teaching import TeachingRefused, camera_games, layout_for, seat_range
    teacher, require_host = door.extras.teacher, door.require_host
    require_host_query, body, words = door.require_host_query, door.body, door.words

    def refusing(fn):
        """A refusal of the walk's is a 409 with its words; a game it does not know is a 404."""
        def wrapped(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except TeachingRefused as exc:
                raise Refused(409, said(exc)) from None
        wrapped.__name__ = fn.__name__
        return wrapped

    def known(game: str) -> str:
        if game not in camera_games():
            raise Refused(404, Msg("the camera watches {games}, not {game}", games=Listed(camera_games()),
                                    game=repr(game)))
        return game

    def number(data: dict, key: str = "shot") -> int:
        n = data.get(key)
        if isinstance(n, bool) or not isinstance(n, int):
            example = '{"%s": 1}' % key
            if key == "correction":
                raise Refused(400, Msg("say which correction: {example}", example=example))
            raise Refused(400, Msg("say which shot: {example}", example=example))
        return n

    def seats_arg(game: str):
        raw = request.args.get("seats", "")
        if not raw.isdigit():
            lo, hi = seat_range(game)
            raise Refused(400, Msg("say the seat count: ?seats={lo} to {hi}", lo=lo, hi=hi))
        return int(raw)

    @app.get("/api/teach")
    def teach_games():
        require_host()
        from companion.games import describe
        def paper(g):  # the sheet the mat prints on (every seat count's is the same size)
            from vision.mat import page_name  # OpenCV, loaded once the host opens teaching, not before
            size = layout_for(g, seat_range(g)[1]).size_mm
            return {"name": page_name(size), "mm": [round(v) for v in size]}
        return words({"games": [{"name": g, "title": term(describe(g).title), "seats": list(seat_range(g)),
                                 "paper": paper(g)} for g in camera_games()],
                      "last": teacher.last_walked(camera_games())})

    @app.get("/api/teach/<game>")
    @refusing
    def teach_status(game):
        require_host()
        return words(teacher.status(known(game)))

    @app.get("/api/teach/<game>/mat.pdf")
    @refusing
    def teach_mat(game):
        require_host_query()
        game = known(game)
        seats = seats_arg(game)
        pdf = teacher.mat_pdf(game, seats)
        return send_file(pdf, mimetype="application/pdf", as_attachment=True,
                         download_name=f"paradox-table-mat-{game}-{seats}-seats.pdf")

    @app.get("/api/teach/<game>/snapshot.jpg")
    @refusing
    def teach_snapshot(game):
        require_host_query()
        raw = request.args.get("shot", "")
        if not raw.isdigit():
            raise Refused(400, Msg("say which shot: {example}", example="?shot=1"))
        data = teacher.snapshot(known(game), int(raw))
        if not data:  # the camera is still opening
            return Response(status=204, headers={"Cache-Control": "no-store"})
        return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})

    @app.post("/api/teach/<game>/start")
    @refusing
    def teach_start(game):
        require_host()
        data = body()
        seats, replace = data.get("seats"), data.get("replace", False)
        if isinstance(seats, bool) or not isinstance(seats, int):
            lo, hi = seat_range(known(game))
            example = '{"seats": %d}' % lo
            raise Refused(400, Msg("say the mat's seat count: {example} to {hi}", example=example, hi=hi))
        if not isinstance(replace, bool):
            raise Refused(400, "replace is true or false")
        game = known(game)
        busy = teacher.camera.wanted()
        if busy is not None and busy[1] != "teaching":
            # a camera game holds the camera: it is set aside (kept, to resume), the host asked
            # first when it has moves (the page sends this again with replace: true)
            _wait(door.companion.set_aside(Msg("teaching the camera"), Msg("teach the camera"), replace=replace))
        return words(teacher.start(game, seats))

    @app.post("/api/teach/<game>/stop")
    @refusing
    def teach_stop(game):
        require_host()
        return words(teacher.stop(known(game)))

    @app.post("/api/teach/<game>/look")
    @refusing
    def teach_look(game):
        require_host()
        data = body()
        return words(teacher.look(known(game), number(data), auto=data.get("auto", True) is not False))

    @app.post("/api/teach/<game>/take")
    @refusing
    def teach_take(game):
        require_host()
        return words(teacher.take(known(game), number(body())))

    @app.post("/api/teach/<game>/redo")
    @refusing
    def teach_redo(game):
        require_host()
        return words(teacher.redo(known(game), number(body())))

    @app.post("/api/teach/<game>/lay")
    @refusing
    def teach_lay(game):
        require_host()
        return words(teacher.lay(known(game), number(body())))

    @app.post("/api/teach/<game>/lay-for-check")
    @refusing
    def teach_lay_for_check(game):
        require_host()
        return words(teacher.lay_for_check(known(game)))

    @app.post("/api/teach/<game>/check")
    @refusing
    def teach_check(game):
        require_host()
        return words(teacher.check(known(game)))

    @app.post("/api/teach/<game>/forget")
    @refusing
    def teach_forget(game):
        """Take back a correction taught in the check: {"correction": n}, as the walk numbers them."""
        require_host()
        return words(teacher.forget(known(game), number(body(), "correction")))

    @app.post("/api/teach/<game>/correct")
    @refusing
    def teach_correct(game):
        require_host()
        data = body()
        return words(teacher.correct(known(game), data.get("x_mm"), data.get("y_mm"), data.get("label")))
