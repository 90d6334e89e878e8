"""``python -m boardgames_tui``: the same as the ``boardgames-tui`` command."""

from boardgames_tui.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
