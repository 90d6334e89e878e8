"""``boardgames-tui serve``: bad flags are one clear line and status 2."""

from __future__ import annotations

import pytest

from boardgames_tui.cli import main


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["serve", "--port", "70000"], "--port must be from 0 to 65535"),
        (["serve", "--table-code", "abc"], "--table-code must be at least 6 characters"),
        (["serve", "--port", "many"], "invalid int value"),
        (["serve", "--web", "--web-port", "-1"], "--web-port must be from 0 to 65535"),
    ],
)
def test_a_bad_serve_flag_is_one_line_and_status_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
