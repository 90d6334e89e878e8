"""boardgames-tui: four tabletop games for a shared keyboard in the terminal."""

__version__ = "0.1.0"
