"""A 3-player game across all three days, as a record, with its result worked out by hand.

Destinations: Rome (AD, net, 4), Giza (BC, wheel + engine, 5), Paris (AD, camera, 3),
Troy (BC, armor, 2). Stores start with 3 of each part; the supply holds 9 of each.
"""
HEADER = {"game": "loop", "players": 3,
          "parts": {"garage": ["wheel", "engine"], "shop": ["net", "camera"], "armory": ["armor"]},
          "destinations": [{"name": "Rome", "era": "AD", "parts": ["net"], "points": 4},
                           {"name": "Giza", "era": "BC", "parts": ["wheel", "engine"], "points": 5},
                           {"name": "Paris", "era": "AD", "parts": ["camera"], "points": 3},
                           {"name": "Troy", "era": "BC", "parts": ["armor"], "points": 2}],
          "first": 0}


def t(seat, **kw):
    return {"turn": {"seat": seat, **kw}}


def launch(machine, destination):
    return {"machine": machine, "destination": destination}


DAY1 = [  # one machine each; seat 0 starts (the youngest)
    t(0, new="shop", part="net", machine=1),                   # 0: I [net]
    t(1, new="advertise", destination="Giza"),                 # 1: Ad on Giza
    t(2, new="move"),                                          # 2: one machine only: crack 1
    t(0, new="garage", part="wheel", machine=1,                # 0: I [net, wheel] -> Rome, first: +4;
      launch=launch(1, "Rome")),                               #    the wheel is scrapped (-1)
    t(1, new="garage", part="wheel", machine=1),               # 1: I [wheel]
    t(2, new="move"),                                          # 2: crack 2
    t(0, new="armory"),                                        # 0: every machine launched: crack 1
    t(1, new="garage", part="engine", machine=1,               # 1: I [engine, wheel] -> Giza: its own
      launch=launch(1, "Giza")),                               #    Ad does not count, first: +5, Ad fulfilled
    t(2, new="armory", part="armor", machine=1, launch=launch(1, "Troy")),  # 2: Troy, first: +2
]
# End of day 1: points 4 / 5 / 2, cracks 1 / 0 / 2. Seat 2 is furthest behind: it starts day 2.
# Hands: 0 shop garage armory; 1 advertise garage garage; 2 move move armory.
# Stores refilled to 3 of each.

DAY2 = [  # machines I and II; order 2, 0, 1
    t(2, past=True, part="armor", from_machine=1, to_machine=2),  # 2: I [], II [armor]
    t(0, past=True, part="camera", machine=2, launch=launch(2, "Paris")),  # 0: Paris, first: +3 (7)
    t(1, past=True, destination="Rome"),                       # 1: Ad on Rome (Ads left 1)
    t(2, past=True, part="armor", from_machine=2, to_machine=1),  # 2: I [armor], II []
    t(0, past=True, part="wheel", machine=1),                  # 0: I [net, wheel]
    t(1, past=True, part="engine", machine=2),                 # 1: II [engine]
    t(2, past=True, part="armor", machine=2),                  # 2: II [armor]
    t(0, past=True, part="armor", machine=1),                  # 0: I [armor, net, wheel]; armor store 1
    t(1, past=True, part="wheel", machine=2),                  # 1: II [engine, wheel] (Giza is its own)
    t(2, new="shop", part="net", machine=1,                    # 2: I [armor, net] -> Rome: seat 1's Ad
      launch=launch(1, "Rome")),                               #    makes it the 2nd: crack 3; +4 (6);
                                                               #    the armor is scrapped
    t(0, new="advertise", destination="Troy"),                 # 0: Ad on Troy (never fulfilled)
    t(1, new="advertise", destination="Giza"),                 # 1: Ad on Giza (Ads left 0)
    t(2, new="move"),                                          # 2: only II unlaunched: crack 4, removed
    t(0, new="garage", part="engine", machine=1),              # 0: I [armor, engine, net, wheel]
    t(1, new="trash", parts=[[1, "wheel"]]),                   # 1: I [engine]; no launch possible
    t(0, new="exchange", machine=1, **{"from": "armor", "to": "camera"},  # 0: I [camera, engine, net,
      launch=launch(1, "Giza")),                               #    wheel] -> Giza: seat 1's Ad makes it
                                                               #    the 2nd: crack 2; +5 (12);
                                                               #    camera and net scrapped
    t(1, new="garage", part="wheel", machine=2),               # 1: II [engine, wheel, wheel]
]
# Seat 2 is gone, so seat 0 follows seat 1 in the last round.
# End of day 2: seat 1's Ads on Rome and Giza and seat 0's on Troy were not fulfilled: -3 each.
# Points 12 / 5 / 6, cracks 2 / 0 / 4. Seat 1 is furthest behind (seat 2 is out): it starts day 3.
# Hands: 0 shop garage armory advertise garage exchange; 1 advertise garage garage advertise
# trash garage.

DAY3 = [  # machines I, II and III; order 1, 0
    t(1, past=True),                                           # 1: Advertise, no Ad left: crack 1
    t(0, past=True, part="net", machine=3),                    # 0: III [net]
    t(1, past=True, part="wheel", machine=1),                  # 1: I [engine, wheel]
    t(0, past=True, part="wheel", machine=3),                  # 0: III [net, wheel]
    t(1, past=True, part="engine", machine=3),                 # 1: III [engine]
    t(0, past=True, part="armor", machine=3,                   # 0: III [armor, net, wheel] -> Troy,
      launch=launch(3, "Troy")),                               #    first: +2 (14); net, wheel scrapped
    t(1, past=True),                                           # 1: Advertise again: crack 2
    t(0, past=True, destination="Paris"),                      # 0: Ad on Paris (its own token is there)
    t(1, past=True, parts=[[2, "wheel"]]),                     # 1: II [engine, wheel]
    t(0, past=True, part="engine", machine=1),                 # 0: I [engine, engine, wheel]
    t(1, past=True, part="wheel", machine=3),                  # 1: III [engine, wheel]
    t(0, past=True, machine=1, to_machine=2,                   # 0: I [engine, wheel], II [camera, net]
      **{"from": "engine", "to": "net"}),
    t(1, new="shop", part="camera", machine=2,                 # 1: II [camera, engine, wheel] -> Paris:
      launch=launch(2, "Paris")),                              #    seat 0's Ad makes it the 2nd: crack 3;
                                                               #    +3 (8); engine and wheel scrapped
    t(0, new="move", part="net", from_machine=2, to_machine=1),  # 0: I [engine, net, wheel], II [camera]
    t(1, new="shop", part="net", machine=1,                    # 1: I [engine, net, wheel] -> Rome, first:
      launch=launch(1, "Rome")),                               #    +4 (12); engine and wheel scrapped
    t(0, new="trash", parts=[[1, "net"]]),                     # 0: I [engine, wheel]
    t(1, new="armory", part="armor", machine=3),               # 1: III [armor, engine, wheel]
    t(0, new="garage", part="engine", machine=2),              # 0: II [camera, engine]
]
# End of day 3: seat 0's Ad on Paris was not fulfilled. Points 14 / 12 / 6, cracks 2 / 3 / 4.
#
# Final score (points - penalties):
#   seat 0: 4 + 3 + 5 + 2 = 14; scrapped wheel, camera, net, net, wheel = 5; Ads Troy, Paris
#           = 2 x 3 = 6; 2 cracks = 3; 14 - 14 = 0
#   seat 1: 5 + 3 + 4 = 12; scrapped engine, wheel, engine, wheel = 4; Ads Rome, Giza = 6;
#           3 cracks = 6; 12 - 16 = -4
#   seat 2: 2 + 4 = 6; scrapped armor = 1; no Ad; 4 cracks, counted as the table's most (3) = 6;
#           6 - 7 = -1, but seat 2 was removed and cannot win
# Winner: seat 0.
RECORD = [HEADER] + DAY1 + DAY2 + DAY3

EXPECTED = {
    "days": [{"scores": {"0": 4, "1": 5, "2": 2}, "cracks": {"0": 1, "1": 0, "2": 2}},
             {"scores": {"0": 12, "1": 5, "2": 6}, "cracks": {"0": 2, "1": 0, "2": 4}},
             {"scores": {"0": 14, "1": 12, "2": 6}, "cracks": {"0": 2, "1": 3, "2": 4}}],
    "scores": {"0": 0, "1": -4, "2": -1},
    "penalties": {"0": {"scrapped": 5, "ads": 6, "cracks": 3},
                  "1": {"scrapped": 4, "ads": 6, "cracks": 6},
                  "2": {"scrapped": 1, "ads": 0, "cracks": 6}},
    "removed": [2],
    "winners": [0],
}
