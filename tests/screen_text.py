"""Read what a Pilot-driven app shows, as plain text, for assertions."""

import html
import re


def screen_text(app) -> str:
    """All text on the terminal screen now (SVG export, tags stripped)."""
    svg = app.export_screenshot()
    chunks = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(chunks)).replace("\xa0", " ")


def notices(app) -> str:
    """The text of every notification (toast) raised so far and still listed."""
    return "\n".join(f"{n.title} {n.message}" for n in app._notifications)
