"""Shared widgets and screens: curtain, log, rules, reactions, game over, setup."""
