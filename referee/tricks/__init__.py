"""Trick-taking games (Spades, Hearts): cards, deal, bidding, passing, play, scoring.

Everything here is particular to games played in tricks; what every family
shares (spec loading, log reading, reports, the CLI) lives one level up.
"""
