"""A browser tab's driver (serve/web_driver.py): Textual's web driver writing through the output squeezer."""

from __future__ import annotations

from textual.drivers import web_driver as textual_web_driver

from boardgames_tui.serve.web_driver import SqueezingWebDriver


class App:
    """Just enough of an app for the driver to post a resize to."""

    def __init__(self) -> None:
        self.posted: list[object] = []

    def post_message(self, message: object) -> None:
        self.posted.append(message)


def packets(driver: SqueezingWebDriver) -> list[bytes]:
    sent: list[bytes] = []
    driver._write = sent.append  # textual-serve's packets, as the driver frames them
    return sent


async def test_a_tab_gets_a_frame_drawn_again_in_a_few_bytes_and_whole_after_a_resize(monkeypatch):
    monkeypatch.setattr(textual_web_driver, "InputReader", lambda: None)  # no stdin to read here
    app = App()
    driver = SqueezingWebDriver(app, size=(20, 6))  # type: ignore[arg-type]  # the driver only reads the app's size here
    sent = packets(driver)
    frame = "\x1b[1;1H\x1b[1;38;5;214mHello, table\x1b[0m\x1b[2;1H\x1b[38;5;214mline two\x1b[0m"
    driver.write("\x1b[?7l\x1b[0m")  # what start_application_mode ends with
    driver.write(frame)
    driver.write(frame)
    assert b"Hello, table" in sent[1] and b"line two" in sent[1]
    assert sent[1].startswith(b"D") and b"Hello" not in sent[2] and len(sent[2]) < 20
    driver.on_meta("resize", {"width": 20, "height": 6})  # the same size: cells may still be lost
    driver.write(frame)
    assert b"Hello, table" in sent[3] and app.posted
