"""boardgames-tui: four tabletop games for a shared keyboard in the terminal."""

__version__ = "0.1.0"

# The engine never imports the games; importing the package registers them in
# the engine's catalogue, so ``Match.new("penguinramids", ...)`` works anywhere.
from boardgames_tui import games as _games  # noqa: F401
