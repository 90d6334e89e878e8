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
        (["serve", "--max-per-player", "0"], "0 must be at least 1"),
        (["serve", "--trusted-proxy", "proxy.example"], "proxy.example is not an address or a network"),
    ],
)
def test_a_bad_serve_flag_is_one_line_and_status_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_serve_users_lists_the_registered_and_revoke_marks_one(
    tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.setenv("BOARDGAMES_TUI_HOME", str(tmp_path))
    from boardgames_tui.serve.identity import UserStore

    UserStore().register_account("Ana", "ana's password")
    UserStore().register_key("SHA256:abc", "Beto")
    assert main(["serve", "users", "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in out] == [["account", "Ana"], ["key", "Beto"]]
    assert main(["serve", "users", "revoke", "ANA"]) == 0
    assert "revoked account Ana" in capsys.readouterr().out
    assert UserStore().revoked() == {"account:ana"}
    assert main(["serve", "users", "revoke", "nobody"]) == 1
