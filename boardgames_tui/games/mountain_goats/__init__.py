"""Mountain Goats (Stefan Risthaus), with the Big Mountain expansion as an option."""

from pathlib import Path
from typing import TYPE_CHECKING

from boardgames_tui.engine.core import Option
from boardgames_tui.engine.spec import GameSpec
from boardgames_tui.i18n import N_

SPEC = GameSpec(
    id="mountain_goats",
    title="Mountain Goats",
    pitch=N_("Roll four dice, group them, and race your goats to six summits."),
    min_players=2,
    max_players=5,
    rules_module="boardgames_tui.games.mountain_goats.rules",
    ui_module="boardgames_tui.games.mountain_goats.ui",
    rules_md=Path(__file__).with_name("rules.md"),
    options={
        "big_mountain": Option(
            N_("Big Mountain expansion"),
            False,
            (False, True),
            N_("A path of spots 11-24 for goats taken off the regular mountains; needed for 5 players."),
        )
    },
    hidden_information=False,
)

if TYPE_CHECKING:  # mypy holds the rules to the engine contract; nothing is imported at run time
    from boardgames_tui.engine.contract import RulesModule

    from . import rules

    _check: RulesModule = rules
