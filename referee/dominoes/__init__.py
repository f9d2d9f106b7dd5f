"""Domino games: tiles, the line of play, the compiled tables, logs, the replay and the simulator."""
