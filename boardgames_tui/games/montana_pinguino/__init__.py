"""Montaña Pingüino: a sled race down the mountain, played with secret cards."""

from pathlib import Path
from typing import TYPE_CHECKING

from boardgames_tui.engine.core import Option
from boardgames_tui.engine.spec import GameSpec
from boardgames_tui.i18n import N_

SPEC = GameSpec(
    id="montana_pinguino",
    title="Montaña Pingüino",
    pitch=N_("Play speed cards in secret, take the curves, and sled first over the line."),
    min_players=2,
    max_players=4,
    rules_module="boardgames_tui.games.montana_pinguino.rules",
    ui_module="boardgames_tui.games.montana_pinguino.ui",
    rules_md=Path(__file__).with_name("rules.md"),
    options={
        "advanced_sides": Option(
            N_("Advanced speedometer sides"), False, (False, True), N_("Heavy and light sleds.")
        ),
        "random_track": Option(
            N_("Random track"), False, (False, True), N_("Draw the track cards at random.")
        ),
        "track_cards": Option(N_("Track cards"), 7, (5, 6, 7, 8, 9, 10), N_("Length of the track in cards.")),
        "purist": Option(N_("Purist variant"), False, (False, True), N_("Play without item cards.")),
        "championship": Option(
            N_("Championship variant"),
            False,
            (False, True),
            N_(
                "3 races, each until every sled finishes; places score 7/3, 7/5/3 or 7/5/3/1 points "
                "(2, 3 or 4 runners); most points wins."
            ),
        ),
    },
    hidden_information=True,
    seat_word="runner",
)

if TYPE_CHECKING:  # mypy holds the rules to the engine contract; nothing is imported at run time
    from boardgames_tui.engine.contract import RulesModule

    from . import rules

    _check: RulesModule = rules
