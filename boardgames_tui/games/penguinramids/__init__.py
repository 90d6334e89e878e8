"""Penguinramids (Guido Albini, dV Giochi): build a pyramid of penguins in 10 rounds."""

from pathlib import Path
from typing import TYPE_CHECKING

from boardgames_tui.engine.core import Option
from boardgames_tui.engine.spec import GameSpec
from boardgames_tui.i18n import N_

SPEC = GameSpec(
    id="penguinramids",
    title="Penguinramids",
    pitch=N_("Pick action cards in secret and stack ten penguins into the best pyramid."),
    min_players=2,
    max_players=4,
    rules_module="boardgames_tui.games.penguinramids.rules",
    ui_module="boardgames_tui.games.penguinramids.ui",
    rules_md=Path(__file__).with_name("rules.md"),
    options={
        "chief": Option(
            N_("Chief Penguin starts with"),
            "A",
            ("A", "B", "C", "D"),
            N_("The seat of the youngest player (the rulebook gives them the Chief Penguin)."),
        )
    },
    hidden_information=True,
)

if TYPE_CHECKING:  # mypy holds the rules to the engine contract; nothing is imported at run time
    from boardgames_tui.engine.contract import RulesModule

    from . import rules

    _check: RulesModule = rules
