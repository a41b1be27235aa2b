"""The domino reader straightens a whole map at once and tells its bare squares at once: each
shortcut gives what looking at one square at a time gives."""
import cv2
import numpy as np
import pytest

from companion.games.dynasty import camera
from vision import dominoes
from vision.mat import mat_layout
from vision.markers import calibrate
from vision.readers import load_profile
from vision.recognise import mat_exposure, view_zone


def test_a_median_by_sorting_is_numpys_median():
    rng = np.random.default_rng(1)
    for count in (1, 2, 7, 8, 131):  # odd and even numbers of points
        px = rng.random((count, 3)).astype(np.float32)
        assert np.array_equal(dominoes._median(px), np.median(px, axis=0))
        assert dominoes._median(px[:, 0]) == np.median(px[:, 0])
        stacked = rng.random((5, count, 3)).astype(np.float32)
        assert np.array_equal(dominoes._median(stacked, axis=1), np.median(stacked, axis=1))


def test_distances_worked_out_channel_by_channel_are_the_same_sums():
    rng = np.random.default_rng(2)
    L = rng.normal(size=(48, 48, 3)).astype(np.float32)
    M = rng.normal(size=3).astype(np.float32)
    d = L - M
    mean = d.mean(axis=-1, keepdims=True)
    assert np.array_equal(dominoes._dist_px_to(L, M), np.sqrt(((d - mean) ** 2).sum(axis=-1)) + 0.5 * np.abs(mean[..., 0]))
    colours = rng.normal(size=(9, 3)).astype(np.float32)
    assert np.allclose(dominoes._dists(M, colours), [dominoes.dist(M, c) for c in colours], rtol=1e-6, atol=1e-6)


def test_a_colours_mean_a_share_and_a_run_worked_out_directly_are_numpys():
    rng = np.random.default_rng(5)
    for _ in range(500):
        c = (rng.normal(size=3) * rng.choice([0.01, 1.0, 100.0])).astype(np.float32)
        assert dominoes._mean3(c) == float(c.mean())
        marked = rng.random(int(rng.integers(1, 2000))) < rng.random()
        assert dominoes._share(marked) == float(marked.mean())
        assert dominoes._share(marked.astype(np.uint8)) == float(marked.astype(np.uint8).mean())
    rows = np.zeros((4, 48), bool)
    rows[0, 5:17], rows[1, 0], rows[2, [3, 4, 9]] = True, True, True  # a run, one place, no run
    runs = dominoes._runs(rows)
    assert runs[:2] == [slice(5, 17), slice(0, 1)] and runs[3] == slice(0, 0)
    assert np.array_equal(runs[2], rows[2])
    # where roads meet, found from the box round the middle, is where the whole patch puts it
    for shift in rng.uniform(-0.2, 0.2, size=(300, 2)).tolist() + [[0.0, 0.0]]:
        u, v = dominoes._uv_lines(shift)
        assert np.array_equal(dominoes._hub_at(shift), np.hypot(u[None], v[:, None]) <= dominoes.HUB)


def test_three_channels_added_plane_by_plane_are_numpys_sums():
    rng = np.random.default_rng(4)
    for shape in ((5, 24, 24, 3), (1, 48, 48, 3), (9, 1280, 1, 3)):
        a = (rng.normal(size=shape) * 3).astype(np.float32)
        assert np.array_equal(dominoes._channel_sum(a * a), (a * a).sum(axis=-1))


def test_a_pixel_near_its_terrain_in_every_channel_is_never_taken_for_print():
    """The bare test measures only pixels further than NEAR_OWN from their square's corners in
    some channel: nearer ones, even at the worst corner of that box, are no print."""
    rng = np.random.default_rng(5)
    own = rng.normal(size=3).astype(np.float32)
    corners = np.array([[a, b, c] for a in (-1, 1) for b in (-1, 1) for c in (-1, 1)], np.float32)
    near = np.concatenate([corners, rng.uniform(-1, 1, (2000, 3))]) * np.float32(dominoes.NEAR_OWN)
    d = dominoes._dist_px_to((own + near).astype(np.float32), own)
    assert d.max() < dominoes.PRINT - dominoes._EDGE
    assert d.max() > 0.95 * (dominoes.PRINT - dominoes._EDGE)  # (and the box is not needlessly small)


def test_a_patchs_windows_taken_at_once_are_numpys_sliding_windows():
    rng = np.random.default_rng(6)
    colours, plane = rng.random((2, 24, 24, 3)).astype(np.float32), rng.random((2, 24, 24)).astype(np.float32)
    ys, xs = [0, 2, 4, 1], [4, 2, 0, 3]
    windows = np.lib.stride_tricks.sliding_window_view
    assert np.array_equal(dominoes._windows_at(colours, 20, ys, xs),
                          windows(colours, (20, 20), axis=(1, 2))[:, ys, xs].transpose(0, 1, 3, 4, 2).reshape(8, -1))
    assert np.array_equal(dominoes._windows_at(plane, 20, ys, xs), windows(plane, (20, 20), axis=(1, 2))[:, ys, xs].reshape(8, -1))


def test_a_halfs_road_boxes_are_the_pixels_of_their_rows_and_columns():
    rng = np.random.default_rng(7)
    images = rng.random((48, 48, 3)).astype(np.float32), rng.random((48, 48)).astype(np.float32)
    for shift in ((0.0, 0.0), (0.07, -0.04), (-0.125, 0.1)):
        for reach in (dominoes.SIDE, dominoes.OPEN_SIDE):
            got = dominoes._side_boxes(images, shift, reach)
            for i, image in enumerate(images):
                for box, (along, across, down) in zip(got[i], dominoes._side_lines(shift)):
                    band, narrow = (along >= reach[0]) & (along <= reach[1]), across <= dominoes.SIDE_HALF
                    rows, cols = (band, narrow) if down else (narrow, band)
                    assert np.array_equal(box, image[rows][:, cols].reshape(-1, *image.shape[2:]))


def test_a_maps_road_shapes_and_boxes_counted_at_once_are_each_halfs_counted_alone():
    """A map's halves, each lying at a place of its own, have their roads' strips and flanks
    (`_roads`) and their road boxes' votes (`_side_boxes`, `_road_votes`) counted in one
    product: the same counts as each half's alone."""
    rng = np.random.default_rng(8)
    k = 40
    shifts = [tuple(s) for s in rng.uniform(-0.125, 0.125, size=(k, 2)).tolist()] + [(0.0, 0.0)] * 2
    k = len(shifts)
    offs, besides = rng.random((k, 48, 48)) < rng.random((k, 1, 1)), rng.random((k, 48, 48)) < 0.3
    roads = [dominoes.ICON_SIDE, dominoes.OPEN_REACH] * (k // 2)
    assert dominoes._roads_all(offs, shifts, roads, besides) == [
        dominoes._roads(*args) for args in zip(offs, shifts, roads, besides)]
    to_road, off = (rng.random((2, k, 48, 48)) * 1.5).astype(np.float32)
    boxes = [dominoes.SIDE, dominoes.OPEN_SIDE] * (k // 2)
    votes = dominoes._road_votes_all(to_road, off, shifts, boxes)
    for i in range(k):
        road, plain = dominoes._side_boxes((to_road[i], off[i]), shifts[i], boxes[i])
        assert votes[i].tolist() == [[*dominoes._road_votes(r, p), len(r)] for r, p in zip(road, plain)]


def test_a_maps_icon_prints_taken_at_once_are_each_halfs_taken_alone():
    """Each half's icon print (`_icon_print`: what is printed but for the road's colours where
    its roads run), its share of the icon's place and its outline's, for a map's halves at once:
    the same as each half's alone."""
    rng = np.random.default_rng(9)
    k = 24
    offs, road_like, hub_like = rng.random((3, k, 48, 48)) < rng.random((3, k, 1, 1)) * 0.6
    paths = ["", "N", "EW", "NES", "NESW", "S"] * (k // 6)
    shifts = [tuple(s) for s in rng.uniform(-0.125, 0.125, size=(k, 2)).tolist()]
    where = dominoes._masks()["icon"]
    for i, (icon, area, outline) in enumerate(dominoes._icon_prints(offs, road_like, hub_like, paths, shifts)):
        alone = dominoes._icon_print(None, None, road_like[i], paths[i], shifts[i], hub_like[i], offs[i])
        assert np.array_equal(icon, alone) and area == dominoes._share(alone[where])
        arms = dominoes._arms(paths[i], shifts[i])
        assert outline == dominoes._share((offs[i] & ~(road_like[i] & arms))[where])


@pytest.fixture(scope="module")
def seen(lessons):
    """(reader, frame, calibration, {map: its light}) of a full table of dominoes."""
    layout = mat_layout(camera.MAT)
    reader = dominoes.DominoReader(load_profile(lessons.profile("dynasty")), layout, camera.ZONES, camera.CELLS)
    table, _ = dominoes.random_maps(layout, camera.TILES, camera.CELLS, np.random.default_rng(7), seed=7)
    frame = table.render()
    cal = calibrate(reader.detector.detect(frame), reader.markers)
    assert cal.ok
    views = {name: view_zone(frame, cal.H_inv, layout.zones[name], mat_exposure(frame, cal.H_inv, layout.zones[name])[1],
                             mask=False, image=False) for name in camera.ZONES}
    return reader, frame, cal, views


def test_a_map_straightened_at_once_shows_each_square_as_straightened_alone(seen):
    reader, frame, cal, views = seen
    grid = camera.CELLS
    levels = []  # how many grey levels each pixel differs by
    for name, view in views.items():
        rows, cols = grid.shape(name)
        centres, ratios = reader.map_squares(frame, cal.H_inv, view, name)
        for r in range(rows):
            for c in range(cols):
                light = np.maximum(view.mat_colour_at(*centres[r][c]), 1.0)
                alone = dominoes._square_ratio(frame, cal.H_inv, *centres[r][c], grid.pitch_mm, light)
                levels.append((np.abs(ratios[r, c] - alone) * light).ravel())
    levels = np.concatenate(levels)
    # the same pixels, but for the few whose place (worked out to 1/32 pixel) rounds the other way
    assert (levels > 0.01).mean() < 0.001 and levels.max() <= 8, (levels > 0.01).mean()


def test_squares_told_bare_at_once_are_bare_square_by_square_and_few_bare_ones_are_missed(seen):
    reader, frame, cal, views = seen
    grid = camera.CELLS
    told = empty = 0
    for name, view in views.items():
        rows, cols = grid.shape(name)
        ratios = reader.map_squares(frame, cal.H_inv, view, name)[1]
        bare = dominoes._plainly_bare(ratios, reader._greys)
        for r in range(rows):
            for c in range(cols):
                alone = reader._empty(dominoes.sample(ratios[r, c]))
                assert alone or not bare[r, c], (name, r, c)  # never bare at once where a half lies
                told += bool(bare[r, c])
                empty += alone
    assert empty > 100 and told >= 0.95 * empty  # (and the few left are looked at square by square)


def test_squares_told_bare_on_a_map_straightened_coarse_are_bare_at_full_size_and_few_are_missed(seen):
    reader, frame, cal, views = seen
    told = empty = 0
    for name, view in views.items():
        rows, cols = camera.CELLS.shape(name)
        coarse = reader.map_squares(frame, cal.H_inv, view, name, dominoes.COARSE_PX)[1]
        assert coarse.shape[2:4] == (dominoes.COARSE_PX, dominoes.COARSE_PX) and dominoes.COARSE_PX < dominoes.SQUARE_PX
        bare = dominoes._plainly_bare(coarse, reader._greys)
        squares = [(r, c) for r in range(rows) for c in range(cols)]
        for (r, c), s in zip(squares, dominoes.sample_all(reader._squares(frame, cal.H_inv, view, name, squares))):
            alone = reader._empty(s)
            assert alone or not bare[r, c], (name, r, c)  # never bare coarse where a half lies
            told += bool(bare[r, c])
            empty += alone
    assert empty > 100 and told >= 0.95 * empty


@pytest.fixture(scope="module")
def halves(seen):
    """(reader, the sampled squares of every map of the full table that the bare test leaves)."""
    reader, frame, cal, views = seen
    out = []
    for name, view in views.items():
        ratios = reader.map_squares(frame, cal.H_inv, view, name)[1]
        bare = dominoes._plainly_bare(ratios, reader._greys)
        out += dominoes.sample_all(ratios[~bare])
    return reader, out


def test_squares_sampled_as_one_stack_are_sampled_as_each_alone(seen):
    reader, frame, cal, views = seen
    name = next(iter(views))
    ratios = reader.map_squares(frame, cal.H_inv, views[name], name)[1]
    stack = ratios.reshape(-1, *ratios.shape[2:])[:40]
    M = dominoes._masks()
    for ratio, s in zip(stack, dominoes.sample_all(stack)):
        log = dominoes._log(cv2.GaussianBlur(ratio, (0, 0), 1.0))  # each patch blurred alone
        assert np.array_equal(s["log"], log)
        inner = ratio[M["inner"]]
        grey = (np.abs(inner.mean(axis=1) - 1.0) < 0.2) & ((inner.max(axis=1) - inner.min(axis=1)) < 0.25)
        assert s["bare"] == grey.mean()
        assert np.array_equal(s["off"], dominoes._dist_px_to(log, s["corners"]))


def test_what_every_half_is_read_by_is_worked_out_for_the_stack_as_for_each_half_alone(halves):
    reader, samples = halves
    assert len(samples) > 80
    reader._with_ground(samples)  # the whole stack at once
    M = dominoes._masks()
    disc, (u, v) = M["picture"], dominoes._uv()
    for s in samples:
        L, own = s["log"], s["corners"]
        # as reading one half alone worked them out, over its whole patch
        seam = dominoes._seam_dist(L, own, reader.road)
        hub_like = dominoes._road_like(L, reader.road_colours) | (seam < dominoes.ROAD_LIKE)
        road_like = hub_like | (seam < dominoes.PRINT)
        off = s["off"] > dominoes.PRINT
        assert np.array_equal(s["seam"][disc], seam[disc])  # (read nowhere else)
        assert np.array_equal(s["hub like"][disc], hub_like[disc]) and np.array_equal(s["road like"][disc], road_like[disc])
        assert np.array_equal(s["printed"], off)
        first = dominoes._icon_print(L, own, road_like, off=off)
        assert np.array_equal(s["icon first"][0], first) and s["icon first"][1] == float(first[M["icon"]].mean())
        other = cv2.morphologyEx(((seam > dominoes.BADGE_SEEN) & (np.hypot(u, v) < dominoes.BADGE_REACH)).astype(np.uint8),
                                 cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)) > 0
        at, area = s["badge"]
        assert area == float(other.mean())
        assert at is None if area < dominoes.BADGE_SPECK else at == (float(u[other].mean()), float(v[other].mean()))
        assert np.array_equal(s["to road"], dominoes._dist_px_to(L, reader.road))
        mat = (np.abs(L) < dominoes.BARE_MAT).all(axis=-1)
        assert np.array_equal(s["beside"], off & ~mat)
    assert sum(s["badge"][0] is not None for s in samples) > 10  # (badges among them, and halves without)
    assert sum(s["badge"][0] is None for s in samples) > 10


def test_a_half_is_read_the_same_in_its_maps_stack_and_alone(halves):
    reader, samples = halves
    reader._with_ground(samples)
    together = [reader.read_square(s) for s in samples]
    alone = [reader.read_square({k: s[k] for k in ("corners", "centre", "ring", "bare", "log", "off")}) for s in samples]
    assert together == alone
    assert sum(label != dominoes.UNKNOWN for label in together) > 50


def test_pictures_compared_for_a_maps_halves_together_score_as_each_half_alone(halves):
    reader, samples = halves
    reader._with_ground(samples)
    asked = []  # what each half that reaches its picture asks to be compared
    for s in samples:
        steps = reader._reading(s)
        try:
            asked.append(next(steps))
        except StopIteration:
            pass
    assert len(asked) > 10
    together = dominoes._look_scores_all(asked, reader._looks)
    for one, (scores, bare, fit, fits) in zip(asked, together):
        alone = dominoes._look_scores_all([one], reader._looks)[0]
        # (sums in one product over all halves may round otherwise in the last place)
        assert np.allclose(scores, alone[0], rtol=1e-5, atol=1e-7)
        assert np.argsort(scores)[:2].tolist() == np.argsort(alone[0])[:2].tolist()  # the same two nearest
        assert bare == alone[1] and np.isclose(fit, alone[2], rtol=1e-5)
        assert np.allclose(fits, alone[3], rtol=1e-5, equal_nan=True)  # each icon's own fit too


def test_each_halfs_nearest_icons_told_for_a_map_at_once_are_as_from_its_own_columns():
    """`_nearest_all`: each icon's best misfit over a half, each row's best shift, each icon's best
    row and where its own print fits best, for a map's halves at once: the same figures and the
    same places as each half's own columns give alone (ties too: the first least)."""
    rng = np.random.default_rng(10)
    whose = np.repeat([0, 1, 2, 1, 3, 4, 4, 4], 4)  # icons with one picture, two and three
    looks = {"whose": whose, "rows of": np.full((5, 12), len(whose))}
    for icon in range(5):
        mine = np.nonzero(whose == icon)[0]
        looks["rows of"][icon, :len(mine)] = mine
    shifts = [(dx, dy) for dy in range(-2, 3) for dx in range(-2, 3)]
    k, ns = 9, len(shifts)
    # whole numbers of a few values: many ties between rows and between shifts
    costs = rng.integers(1, 6, size=(len(whose), k * ns)).astype(np.float32)
    own_fits = rng.integers(1, 4, size=(len(whose), k * ns)).astype(np.float32) / np.float32(3)
    out, at, row, own_row, own_shift = dominoes._nearest_all(costs, own_fits, looks, shifts, 1200.0)
    for i in range(k):  # each half's columns alone, as it was read alone
        cost, own = costs[:, i * ns:(i + 1) * ns], own_fits[:, i * ns:(i + 1) * ns]
        best = cost.argmin(axis=1)
        alone = np.full(5, 9.0, np.float32)
        np.minimum.at(alone, whose, cost[np.arange(len(cost)), best] / 1200.0)
        assert out[:, i].tobytes() == alone.tobytes() and at[:, i].tolist() == best.tolist()
        for icon in range(5):
            mine = np.nonzero(whose == icon)[0]
            assert row[icon, i] == mine[cost[mine, best[mine]].argmin()]
            r, s = np.unravel_index(int(own[mine].argmin()), own[mine].shape)
            assert (own_row[icon, i], own_shift[icon, i]) == (mine[r], s)


def test_a_maps_windows_taken_at_once_give_each_halfs_products_as_alone():
    """The pictures' windows at full resolution are taken for all a map's halves at once (each
    at its own shifts) and each half's products worked out from its own: the same bits as the
    half's windows and products alone (`_look_costs`)."""
    rng = np.random.default_rng(11)
    k = 5
    small = rng.normal(size=(k, 48, 48, 3)).astype(np.float32)
    g = (rng.random((k, 48, 48)) * 2).astype(np.float32)
    tpl = (rng.random((40, 1600)) < 0.4).astype(np.float32), (rng.random((40, 1600)) < 0.2).astype(np.float32), \
        rng.normal(size=(40, 4800)).astype(np.float32)
    tpl = (*tpl, (tpl[2] * tpl[2]).sum(axis=1))
    lo = dominoes._look_masks(1)[0]
    every = [sorted({tuple(s) for s in rng.integers(-lo, lo + 1, size=(int(rng.integers(3, 20)), 2)).tolist()})
             for _ in range(k)]
    rows = [rng.choice(40, size=int(rng.integers(1, 9)), replace=False).tolist() for _ in range(k)]
    windows = dominoes._look_windows(small, g, [s for e in every for s in e], 1, [i for i, e in enumerate(every) for _ in e])
    start = 0
    for i in range(k):
        cut = slice(start, start + len(every[i]))
        start = cut.stop
        alone = dominoes._look_windows(small[i][None], g[i][None], every[i], 1)
        assert all(a[cut].tobytes() == b.tobytes() for a, b in zip(windows, alone))
        got = dominoes._look_products(tpl, rows[i], 1, *(a[cut] for a in windows))
        assert all(a.tobytes() == b.tobytes() for a, b in zip(got, dominoes._look_costs(small[i][None], g[i][None], tpl,
                                                                                         rows[i], every[i], 1)))


def test_halves_scaled_down_as_one_tall_image_are_each_scaled_alone():
    rng = np.random.default_rng(3)
    L = rng.normal(size=(5, 48, 48, 3)).astype(np.float32)
    grounds = rng.normal(size=(5, 6, 3)).astype(np.float32)  # each half's terrain, then the road's colours
    roads = rng.random((5, 48, 48)) > 0.5
    roads[2] = False  # (a half with no road: as if none were given)
    for f in (2, 1):
        small, g = dominoes._ground_misfits(L, grounds, roads, f)
        for i in range(5):
            alone = dominoes._scaled(L[i], f)
            assert np.array_equal(small[i], alone)
            misfit = [((alone - c) ** 2).sum(axis=-1) for c in grounds[i]]
            on_road = dominoes._scaled(roads[i].astype(np.float32), f) > 0.5
            ground = np.where(on_road, np.minimum(misfit[0], np.min(misfit[1:], axis=0)), misfit[0])
            assert np.allclose(g[i], ground, rtol=1e-6)
        assert np.array_equal(g[2], dominoes._ground_misfit(L[2], grounds[2], None, f)[1])


def test_a_roads_shares_counted_at_once_are_the_printed_pixels_of_each_place_counted_alone():
    """`_roads` counts each side's strip, flanks and inner strip as products; each share is the
    printed pixels of that place (its rows and columns as `_side_lines` lays them) over its size."""
    rng = np.random.default_rng(3)
    for shift, reach in (((0.0, 0.0), dominoes.OPEN_REACH), ((0.07, -0.04), dominoes.ICON_SIDE),
                         ((-0.125, 0.1), dominoes.OPEN_REACH)):
        off, beside = rng.random((2, dominoes.SQUARE_PX, dominoes.SQUARE_PX)) < rng.random(2)[:, None, None]
        got = dominoes._roads(off, shift, reach, beside)
        lo, hi = reach
        for side, (along, across, down) in zip(dominoes.SIDES, dominoes._side_lines(shift)):
            band, near = (along >= lo) & (along <= hi), (along >= lo - dominoes.STRIP_NEAR) & (along < lo)
            narrow = across <= dominoes.STRIP_HALF
            flank = (across >= dominoes.FLANK[0]) & (across <= dominoes.FLANK[1])
            alone = []
            for image, along_ok, across_ok in ((off, band, narrow), (beside, band, flank), (off, near, narrow)):
                rows, cols = (along_ok, across_ok) if down else (across_ok, along_ok)
                alone.append(np.count_nonzero(image[rows][:, cols]) / max(rows.sum() * cols.sum(), 1))
            assert got[side] == tuple(alone), side


def test_a_halfs_road_corridors_and_middle_are_where_its_places_put_them():
    """`_arms` lays each side's corridor along one row and one column: the same pixels as every
    place's own distance across and along the side's axis (`_uv`) picks."""
    for shift in ((0.0, 0.0), (0.05, -0.11), (-0.125, 0.125)):
        u, v = dominoes._uv(shift=shift)
        across = {"N": np.abs(u), "E": np.abs(v), "S": np.abs(u), "W": np.abs(v)}
        along = {"N": -v, "E": u, "S": v, "W": -u}
        hub = np.hypot(u, v) <= dominoes.HUB
        for paths in ("", "N", "EW", "NES", "NESW"):
            corridors = np.zeros(u.shape, bool)
            for side in paths:
                corridors |= (across[side] <= dominoes.CORRIDOR) & (along[side] >= 0)
            assert np.array_equal(dominoes._arms(paths, shift, hub=False), corridors), (shift, paths)
            assert np.array_equal(dominoes._arms(paths, shift), corridors | hub if paths else corridors), (shift, paths)


def _widths_line_by_line(printed, shift, reach=dominoes.WIDTH_REACH, each=False):
    """`dominoes._road_widths` as it reads: each side's lines `reach` out, one at a time, the
    printed run through the axis (or the nearest printed pixel within ROAD_DRIFT of it), the
    median of those runs (with `each`, the runs, sorted)."""
    n, near = dominoes.SQUARE_PX, int(round(dominoes.ROAD_DRIFT * dominoes.SQUARE_PX))
    out = {}
    for side, (along, _, down) in zip(dominoes.SIDES, dominoes._side_lines(shift)):
        at = int(np.clip(round(((shift[0] if down else shift[1]) + 0.5) * n - 0.5), 0, n - 1))
        widths = []
        for k in np.flatnonzero((along >= reach[0]) & (along <= reach[1])):
            line = printed[k, :] if down else printed[:, k]
            hits = np.flatnonzero(line[max(0, at - near):at + near + 1]) + max(0, at - near)
            if not len(hits):
                widths.append(0)
                continue
            a = b = int(hits[np.argmin(np.abs(hits - at))])
            while a > 0 and line[a - 1]:
                a -= 1
            while b < n - 1 and line[b + 1]:
                b += 1
            widths.append(b - a + 1)
        out[side] = sorted(w / n for w in widths) if each else float(np.median(widths)) / n if widths else 0.0
    return out


def test_a_maps_road_corridors_and_middles_laid_at_once_are_each_halfs_own():
    """`_arms_hubs_all` lays every half's corridors and middle at once, each at its own shift, and
    `_rounds_all` the rounds about its middle: the same pixels as `_arms`, `_hub_at` and
    `_round_at` lay for each half alone (worked out afresh, not kept)."""
    rng = np.random.default_rng(9)
    paths = ["", "N", "EW", "NES", "NESW", "S", "W", "NE"] * 3
    shifts = [(0.0, 0.0), (-0.125, 0.125)] + [tuple(float(v) for v in rng.uniform(-0.13, 0.13, 2))
                                             for _ in range(len(paths) - 2)]
    roads, hubs = dominoes._arms_hubs_all(paths, shifts)
    for p, shift, road, hub in zip(paths, shifts, roads, hubs):
        dominoes._ARMS.clear()
        dominoes._ROUNDS.clear()
        assert np.array_equal(road, dominoes._arms(p, shift, hub=False)), (p, shift)
        assert np.array_equal(hub, dominoes._hub_at(shift) if p else np.zeros_like(hub)), (p, shift)
    reaches = (dominoes.CORE, dominoes.MIDDLE_SEEN, dominoes.HUB, 0.0, 0.8)
    rounds = dominoes._rounds_all(shifts, reaches)
    for i, shift in enumerate(shifts):
        dominoes._ROUNDS.clear()
        for reach, stack in zip(reaches, rounds):
            assert np.array_equal(stack[i], dominoes._round_at(shift, reach)), (shift, reach)


def test_road_widths_measured_on_every_line_at_once_are_each_lines_own():
    rng = np.random.default_rng(7)
    n = dominoes.SQUARE_PX
    for i in range(400):
        if i % 2:  # roads of any width, a little off the middle, with specks and gaps
            printed = np.zeros((n, n), bool)
            w, at = int(rng.integers(1, 20)), int(rng.integers(12, 36))
            printed[:, at - w // 2:at + (w + 1) // 2] = True
            printed[at - w // 2:at + (w + 1) // 2 + int(rng.integers(0, 3)), :] = True
            printed ^= rng.random((n, n)) < 0.05
        else:
            printed = rng.random((n, n)) < rng.random()
        shift = (0.0, 0.0) if i % 5 == 0 else tuple(float(v) for v in rng.uniform(-0.2, 0.2, 2))
        assert dominoes._road_widths(printed, shift) == _widths_line_by_line(printed, shift)


def test_road_widths_of_a_maps_halves_measured_at_once_are_each_halfs_own():
    """`_road_widths_all` measures a stack of halves, each at its own shift and reach, every line at
    once: each half's widths are those `_road_widths` measures of it alone."""
    rng = np.random.default_rng(10)
    n = dominoes.SQUARE_PX
    printed = rng.random((30, n, n)) < rng.random((30, 1, 1))
    printed[::3, :, 20:28] = True
    shifts = [tuple(float(v) for v in rng.uniform(-0.2, 0.2, 2)) for _ in range(len(printed) - 4)]
    shifts += [(1 / n, -1 / n), (3 / n, 0.0), (0.0, 0.0), (-0.125, 0.125)]  # (a half-pixel axis: rounded to even)
    reaches = [dominoes.WIDTH_REACH, (-dominoes.END_REACH, dominoes.END_REACH)] * 15
    each = [bool(i % 3) for i in range(len(printed))]
    got = dominoes._road_widths_all(printed, shifts, reaches, each)
    for p, shift, reach, e, widths in zip(printed, shifts, reaches, each, got):
        assert widths == dominoes._road_widths(p, shift, reach, e)
        assert widths == _widths_line_by_line(p, shift, reach, e)


def test_a_round_from_a_box_of_rows_and_columns_is_every_pixels_own():
    rng = np.random.default_rng(8)
    for reach in (dominoes.CORE, dominoes.HUB, dominoes.MIDDLE_SEEN, 0.0, 0.8):
        for shift in [(0.0, 0.0)] + [tuple(float(v) for v in rng.uniform(-0.2, 0.2, 2)) for _ in range(20)]:
            u, v = dominoes._uv(shift)
            assert np.array_equal(dominoes._round_at(shift, reach), np.hypot(u, v) <= reach)


def test_colour_norms_and_noise_percentiles_worked_out_at_once_are_numpys():
    rng = np.random.default_rng(9)
    for count in (1, 3, 200):
        d = (rng.normal(size=(count, 3)) * rng.choice([0.01, 1.0])).astype(np.float32)
        assert np.array_equal(dominoes._norms(d), np.linalg.norm(d, axis=1))
    off = rng.random((48, 48)).astype(np.float32)
    assert dominoes._terrain_noise(off, (50, 90)) == (dominoes._terrain_noise(off), dominoes._terrain_noise(off, 90))


def test_a_badges_colours_read_from_a_box_round_it_are_its_whole_patchs():
    rng = np.random.default_rng(10)
    L = rng.normal(size=(dominoes.SQUARE_PX, dominoes.SQUARE_PX, 3)).astype(np.float32)
    for at in [(0.0, 0.0)] + [tuple(float(v) for v in rng.uniform(-0.3, 0.3, 2)) for _ in range(20)]:
        u, v = dominoes._uv(at)
        r = np.hypot(u, v)
        ring, centre = dominoes._badge_colours(L, at)
        assert np.array_equal(ring, np.median(L[(r >= dominoes.RING[0]) & (r <= dominoes.RING[1])], axis=0))
        assert np.array_equal(centre, np.median(L[r <= dominoes.CENTRE], axis=0))


def test_a_box_round_a_halfs_middle_holds_every_pixel_within_reach():
    rng = np.random.default_rng(11)
    n = dominoes.SQUARE_PX
    for _ in range(300):
        shift, reach = tuple(float(v) for v in rng.uniform(-0.7, 0.7, 2)), float(rng.uniform(0.0, 0.6))
        u, v = dominoes._uv(shift)
        within = np.hypot(u, v) <= reach
        rows, cols = dominoes._box_within(shift, reach)
        box = np.zeros((n, n), bool)
        box[rows, cols] = True
        assert not (within & ~box).any()
