"""The browser door keeps its code out of addresses, opens websockets only for its own pages, and sends
security headers with every response."""

from __future__ import annotations

import re

import aiohttp
import pytest

from boardgames_tui.serve.web import same_origin

from .webclient import WEB_CODE, WebFixture  # the ``web`` fixture: conftest.py

HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def check_headers(response: aiohttp.ClientResponse) -> None:
    for header, value in HEADERS.items():
        assert response.headers.get(header) == value, (response.url, header)
    assert response.headers.get("Server") == "boardgames-tui"  # no library, no version
    policy = response.headers.get("Content-Security-Policy", "")
    assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy, policy


async def game_page(http: aiohttp.ClientSession, base: str, name: str = "Ana") -> str:
    """POST the entry form; the websocket address of the game page it gives."""
    async with http.post(f"{base}/play", data={"name": name, "code": WEB_CODE}) as page:
        assert page.status == 200
        found = re.search(r'data-session-websocket-url="([^"]+)"', await page.text())
    assert found
    return found.group(1)


async def test_every_response_carries_the_security_headers(web: WebFixture) -> None:
    async with aiohttp.ClientSession() as http:
        for method, path, data in [
            ("GET", "/", None),
            ("POST", "/play", {"name": "Ana", "code": WEB_CODE}),
            ("POST", "/play", {"name": "Ana", "code": "wrong"}),
            ("GET", "/static/js/textual.js", None),
            ("GET", "/static/no-such-file.js", None),
            ("GET", "/ws/no-such-ticket", None),
        ]:
            async with http.request(method, f"{web.base}{path}", data=data, allow_redirects=False) as r:
                check_headers(r)


async def test_the_game_page_policy_allows_its_own_websocket_and_scripts_only(web: WebFixture) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{web.base}/play", data={"name": "Ana", "code": WEB_CODE}) as page,
    ):
        policy = page.headers["Content-Security-Policy"]
        text = await page.text()
    host = web.base.split("//", 1)[1]
    assert f"ws://{host}" in policy and "script-src 'self' 'sha256-" in policy
    assert "googleapis" not in policy and "'unsafe-eval'" not in policy
    assert "<script>" in text  # the page's inline script, which the policy allows by its hash


async def test_the_code_is_not_taken_from_an_address(web: WebFixture) -> None:
    async with aiohttp.ClientSession() as http:
        query = {"name": "Ana", "code": WEB_CODE}
        async with http.get(f"{web.base}/play", params=query, allow_redirects=False) as r:
            assert r.status == 303 and r.headers["Location"] == "/"
            assert "data-session-websocket-url" not in await r.text()
    assert not web.tables.tickets


async def test_a_websocket_from_another_origin_or_none_is_refused(web: WebFixture) -> None:
    async with aiohttp.ClientSession() as http:
        url = await game_page(http, web.base)
        port = web.base.rsplit(":", 1)[1]
        for origin in ("http://evil.example", f"http://evil.example:{port}", "null", None):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(url, origin=origin)
            assert refused.value.status == 403
        assert web.server.hub.members == set()
        ws = await http.ws_connect(url, origin=web.base)  # the ticket was not used up by the refusals
        await ws.close()


def test_same_origin_compares_scheme_host_and_port() -> None:
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert same_origin("https://tables.example", "tables.example")
    assert same_origin("https://tables.example", "tables.example:443")
    assert not same_origin("https://tables.example", "tables.example:8000")
    assert not same_origin("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not same_origin("http://evil.example", "127.0.0.1:8000")
    assert not same_origin("file://", "127.0.0.1:8000")
    assert not same_origin(None, "127.0.0.1:8000")
    assert not same_origin("http://[::1", "127.0.0.1:8000")
