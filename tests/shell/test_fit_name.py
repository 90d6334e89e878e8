"""Names cut to a table cell keep to its columns and say they were cut."""

from rich.cells import cell_len

from boardgames_tui.ui.fit import fit_name


def test_a_name_that_fits_is_shown_whole():
    assert fit_name("Ana", 7) == "Ana"


def test_a_cut_name_ends_in_a_dot_and_keeps_to_its_columns():
    assert fit_name("Maximiliana", 6) == "Maxim."
    assert fit_name("[bold]Zoë[/]", 7) == "[bold]."


def test_wide_letters_count_two_columns():
    cut = fit_name("日本語の名前", 5)
    assert cut.endswith(".") and cell_len(cut) <= 5


def test_no_room_gives_nothing():
    assert fit_name("Ana", 0) == ""
