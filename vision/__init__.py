"""Vision for Paradox Table: the printed mat, camera sources, table calibration,
tile recognition with per-printing enrolment, a stability tracker and a synthetic table.

Nothing here knows the rules or the service: it reports what the camera sees
(labels, positions in mat millimetres, confidence); ``companion.service`` decides.
"""
