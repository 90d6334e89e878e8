"""Misión Chungungo: excavate asteroids for copper with your crew of sea otters."""

from pathlib import Path
from typing import TYPE_CHECKING

from boardgames_tui.engine.spec import GameSpec
from boardgames_tui.i18n import N_

SPEC = GameSpec(
    id="mision_chungungo",
    title="Misión Chungungo",
    pitch=N_("Excavate the asteroid field, shoot your rivals and hoard the most copper."),
    min_players=2,
    max_players=5,
    rules_module="boardgames_tui.games.mision_chungungo.rules",
    ui_module="boardgames_tui.games.mision_chungungo.ui",
    rules_md=Path(__file__).with_name("rules.md"),
    options={},
    hidden_information=True,
)

if TYPE_CHECKING:  # mypy holds the rules to the engine contract; nothing is imported at run time
    from boardgames_tui.engine.contract import RulesModule

    from . import rules

    _check: RulesModule = rules
