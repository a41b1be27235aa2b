"""Hardware beside the table: the OLED (luma.oled) and the three buttons (gpiozero).

Emulated back-ends off the Pi: luma.core's dummy device and gpiozero's MockFactory. Nothing here
knows about games, vision or the web; companion.service wires them together.
"""
