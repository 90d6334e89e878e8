"""What the SSH server says before anyone logs in: its version line and the algorithms it offers."""

from __future__ import annotations

import asyncio
import struct

import asyncssh

from boardgames_tui.serve.server import ALGORITHMS

from .conftest import ServerFixture

#: The name-lists of a KEXINIT packet, in order (RFC 4253, section 7.1).
KEXINIT_LISTS = (
    "kex",
    "host_key",
    "encryption_c2s",
    "encryption_s2c",
    "mac_c2s",
    "mac_s2c",
    "compression_c2s",
    "compression_s2c",
    "languages_c2s",
    "languages_s2c",
)


async def banner_and_offer(port: int) -> tuple[bytes, dict[str, list[str]]]:
    """Connect with a bare socket: the server's version line, and its KEXINIT's name-lists by kind."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(b"SSH-2.0-offer_test\r\n")
        banner = await reader.readline()
        length = struct.unpack(">I", await reader.readexactly(4))[0]
        packet = await reader.readexactly(length)
    finally:
        writer.close()
    padding, payload = packet[0], packet[1 : length - packet[0]]
    assert padding >= 4 and payload[0] == 20  # SSH_MSG_KEXINIT
    at = 1 + 16  # the message number, then the cookie
    lists = {}
    for kind in KEXINIT_LISTS:
        size = struct.unpack(">I", payload[at : at + 4])[0]
        lists[kind] = payload[at + 4 : at + 4 + size].decode().split(",")
        at += 4 + size
    return banner, lists


async def test_the_version_line_names_no_library_and_no_version(server: ServerFixture) -> None:
    banner, _lists = await banner_and_offer(server.port)
    assert banner.startswith(b"SSH-2.0-")
    assert b"asyncssh" not in banner.lower()
    assert asyncssh.__version__.encode() not in banner
    assert not any(ch.isdigit() for ch in banner[len(b"SSH-2.0-") :].decode())


async def test_no_sha1_is_offered(server: ServerFixture) -> None:
    _banner, lists = await banner_and_offer(server.port)
    offered = [name for kind in KEXINIT_LISTS[:6] for name in lists[kind]]
    assert "curve25519-sha256" in lists["kex"] and "hmac-sha2-256-etm@openssh.com" in lists["mac_s2c"]
    assert not [name for name in offered if "sha1" in name or name in ("ssh-rsa", "ssh-dss")]
    assert not [name for name in offered if name.endswith("-cbc") or name.startswith("arcfour")]
    assert lists["host_key"] == ["ssh-ed25519"]


async def test_a_client_asking_only_for_sha1_is_refused(server: ServerFixture) -> None:
    # An AEAD cipher carries its own integrity check, so the MAC is tried with a CTR cipher.
    only_sha1: list[dict[str, list[str]]] = [
        {"kex_algs": ["diffie-hellman-group14-sha1"]},
        {"encryption_algs": ["aes128-ctr"], "mac_algs": ["hmac-sha1", "hmac-sha1-etm@openssh.com"]},
    ]
    for option in only_sha1:
        try:
            conn = await asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ana",
                client_keys=[server.keys["ana"]],
                known_hosts=None,
                agent_path=None,
                **option,
            )
        except asyncssh.KeyExchangeFailed:
            continue
        conn.close()
        raise AssertionError(f"a client offering only {option} was let in")


def test_the_configured_lists_hold_no_sha1() -> None:
    names = [name for kind in ALGORITHMS.values() for name in kind]
    assert not [name for name in names if "sha1" in name or name == "ssh-rsa"]
