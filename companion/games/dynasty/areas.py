"""Where Domino Dynasty's dominoes lie on the camera's mat, by name: the shared map, each seat's
personal map (8x8 squares each, the rules' squares shifted as the map lies on the mat:
`State.shift`). Plain names, for the camera part and for the watcher that reads what the camera
reports."""
from __future__ import annotations

SEATS = 5
TRAY = "tray"
SHARED_AREA = "shared"


def personal_area(seat: int) -> str:
    return f"personal-{seat}"


ZONES = (SHARED_AREA,) + tuple(personal_area(s) for s in range(SEATS))

# The Domino Market on the mat: two areas of 2 rows of 8 squares beside the tray, each row four
# numbered places, a market domino laid west-east on each (place 1 first, as the phones list them)
MARKET_AREAS = ("market-a", "market-b")
MARKET_SHAPE = (2, 8)
PLACES_PER_AREA = MARKET_SHAPE[0] * MARKET_SHAPE[1] // 2
MARKET_PLACES = PLACES_PER_AREA * len(MARKET_AREAS)


def market_place(number: int) -> tuple[tuple[str, int, int], tuple[str, int, int]]:
    """The squares (area, row, column) of market place `number` (1 first): west half, east half."""
    area = MARKET_AREAS[(number - 1) // PLACES_PER_AREA]
    k = (number - 1) % PLACES_PER_AREA
    row, col = divmod(k, MARKET_SHAPE[1] // 2)
    return (area, row, 2 * col), (area, row, 2 * col + 1)
