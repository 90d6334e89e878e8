"""Who a player of ``boardgames-tui serve`` is: keys, accounts and guests, and the failed-login counters.

A player is one of three identities (the strings the hub stores as a seat's owner):

- ``key:<fingerprint>``: a public key listed in the authorized-keys file. Its
  name is the login name of its first login, registered then; later logins
  show that registered name whatever login name they type.
- ``account:<folded name>``: a name registered once on this server with a
  password of its own, chosen at the first login (which needs the server
  code). The password is kept only as a salted scrypt hash.
- ``guest:<random token>``: one session let in by a code. A table's code
  binds the guest to that table; the server code lets a guest make or join
  one table, which then binds it. A guest never outlives its session.

Names are compared folded (:func:`fold`: Unicode NFKC, which also folds
full-width forms, then case folding), are never cut, and keys and accounts
share one namespace: a name registered by one player cannot be worn by
another, and a guest cannot take a registered name.

Everything registered lives in ``<data folder>/users.json`` (mode 600),
read afresh at each login and written under a lock, so the operator's
``boardgames-tui serve users revoke`` reaches a running server.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import ipaddress
import json
import os
import secrets
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

from boardgames_tui.engine.match import atomic_write, data_dir
from boardgames_tui.engine.names import check_name

#: The scrypt cost of a stored password (about 16 MiB and a few tens of ms per check).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
#: The shortest password an account may choose, in characters.
MIN_SECRET = 8


def fold(name: str) -> str:
    """The form two names are compared in: NFKC (full-width letters become plain ones), then casefold.

    ``fold("ＡＮＡ") == fold("ana")``; nothing is cut, so two names that
    differ anywhere stay different.
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).strip()


def address_block(address: str) -> str:
    """The block an address is counted in: IPv4 /24, IPv6 /64 (an IPv4-mapped IPv6 address counts as IPv4).

    Anything that is not an IP address is its own block.
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def hash_secret(secret: str) -> dict[str, Any]:
    """A salted scrypt hash of ``secret``: ``{"salt", "hash", "n", "r", "p"}`` (hex strings and ints)."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32)
    return {"salt": salt.hex(), "hash": digest.hex(), "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P}


def check_secret(secret: str, stored: dict[str, Any]) -> bool:
    """Whether ``secret`` matches ``stored`` (from :func:`hash_secret`); a damaged record never matches."""
    try:
        digest = hashlib.scrypt(
            secret.encode(),
            salt=bytes.fromhex(stored["salt"]),
            n=int(stored["n"]),
            r=int(stored["r"]),
            p=int(stored["p"]),
            dklen=32,
        )
        return hmac.compare_digest(digest.hex(), str(stored["hash"]))
    except (KeyError, TypeError, ValueError):
        return False


def users_path() -> Path:
    """Where keys' names and accounts are kept: ``<data folder>/users.json``."""
    return data_dir() / "users.json"


@attrs.define
class User:
    """One registered player: ``kind`` "key" or "account", ``id`` (fingerprint or folded name),
    ``name`` as registered, ``created`` (Unix time), ``revoked``."""

    kind: str
    id: str
    name: str
    created: float
    revoked: bool = False

    @property
    def identity(self) -> str:
        """The seat owner's string: ``key:<fingerprint>`` or ``account:<folded name>``."""
        return f"{self.kind}:{self.id}"


class UserStore:
    """The file of registered keys and accounts (see the module docstring).

    Layout: ``{"keys": {fingerprint: {name, created, revoked}}, "accounts":
    {folded name: {name, created, revoked, secret: <hash_secret()>}}}``. A file
    that cannot be read counts as empty for reading, and is never overwritten
    by a registration (the registration is refused instead).
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or users_path()

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {"keys": {}, "accounts": {}}
        except (OSError, ValueError) as exc:
            raise OSError(f"cannot read {self.path}: {exc}") from None
        if not isinstance(data, dict):
            raise OSError(f"cannot read {self.path}: not an object")
        data.setdefault("keys", {})
        data.setdefault("accounts", {})
        return data

    def read(self) -> dict[str, Any]:
        """The file's contents (an unreadable file reads as empty, so nobody is let in by it)."""
        try:
            return self._read()
        except OSError:
            return {"keys": {}, "accounts": {}}

    @contextmanager
    def _changing(self) -> Iterator[dict[str, Any]]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            data = self._read()
            yield data
            atomic_write(self.path, json.dumps(data, ensure_ascii=False, indent=1))
            os.chmod(self.path, 0o600)

    def mtime(self) -> float:
        """The file's modification time (0 if there is none): a change means a revocation may have come."""
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0

    def users(self) -> list[User]:
        """Every registered key and account, oldest first."""
        data = self.read()
        out = [
            User("key", fp, str(r.get("name", "?")), float(r.get("created", 0)), bool(r.get("revoked")))
            for fp, r in data["keys"].items()
        ] + [
            User("account", k, str(r.get("name", "?")), float(r.get("created", 0)), bool(r.get("revoked")))
            for k, r in data["accounts"].items()
        ]
        return sorted(out, key=lambda u: u.created)

    def owner_of(self, name: str) -> User | None:
        """The key or account whose registered name folds as ``name`` does (revoked ones too: the name stays taken)."""
        folded = fold(name)
        return next((u for u in self.users() if fold(u.name) == folded), None)

    def key(self, fingerprint: str) -> User | None:
        """The registered key with this fingerprint, if any."""
        return next((u for u in self.users() if u.kind == "key" and u.id == fingerprint), None)

    def account(self, name: str) -> tuple[User, dict[str, Any]] | None:
        """The account registered under ``name`` (folded) and its stored hash, if any."""
        record = self.read()["accounts"].get(fold(name))
        if not isinstance(record, dict):
            return None
        user = User("account", fold(name), str(record.get("name")), float(record.get("created", 0)))
        user.revoked = bool(record.get("revoked"))
        return user, dict(record.get("secret") or {})

    def register_key(self, fingerprint: str, name: str) -> User:
        """Give the key ``fingerprint`` the name ``name`` (its first login). Raises ValueError
        (a message for the player) if the name is not a good seat name or is another player's."""
        name = check_name(name)
        with self._changing() as data:
            if fingerprint in data["keys"]:
                r = data["keys"][fingerprint]
                return User("key", fingerprint, r["name"], r.get("created", 0), bool(r.get("revoked")))
            self._free(data, name)
            data["keys"][fingerprint] = {"name": name, "created": time.time(), "revoked": False}
        return User("key", fingerprint, name, time.time())

    def register_account(self, name: str, secret: str) -> User:
        """Register ``name`` with the password ``secret``. Raises ValueError (a message for the
        player) for a bad name, a taken name, or a password shorter than :data:`MIN_SECRET`."""
        name = check_name(name)
        if len(secret) < MIN_SECRET:
            raise ValueError(f"a password needs at least {MIN_SECRET} characters")
        stored = hash_secret(secret)
        with self._changing() as data:
            self._free(data, name)
            data["accounts"][fold(name)] = {
                "name": name,
                "created": time.time(),
                "revoked": False,
                "secret": stored,
            }
        return User("account", fold(name), name, time.time())

    @staticmethod
    def _free(data: dict[str, Any], name: str) -> None:
        folded = fold(name)
        for record in [*data["keys"].values(), *data["accounts"].values()]:
            if fold(str(record.get("name", ""))) == folded:
                raise ValueError(f"the name {name} belongs to another player on this server")

    def revoke(self, who: str) -> list[User]:
        """Revoke the key with fingerprint ``who``, or the key or account registered under the name ``who``.

        Returns what was revoked (empty: nothing matched). A revoked key or
        account cannot log in, and its name stays taken.
        """
        done = []
        with self._changing() as data:
            for kind, table in (("key", data["keys"]), ("account", data["accounts"])):
                for ident, record in table.items():
                    if ident == who or fold(str(record.get("name", ""))) == fold(who):
                        record["revoked"] = True
                        done.append(
                            User(kind, ident, str(record.get("name")), float(record.get("created", 0)))
                        )
        for user in done:
            user.revoked = True
        return done

    def revoked(self) -> set[str]:
        """The identities (``key:...``, ``account:...``) revoked so far."""
        return {u.identity for u in self.users() if u.revoked}


@attrs.define
class Admission:
    """Who a login turned out to be: ``identity`` (the seat owner's string), ``name`` shown,
    ``table`` the one table a guest is bound to (None: any, or not a guest), ``guest``."""

    identity: str
    name: str
    table: str | None = None
    guest: bool = False


def new_guest(name: str, table: str | None) -> Admission:
    """A guest for one session, named ``name`` (already checked), bound to ``table`` if given."""
    return Admission("guest:" + secrets.token_hex(12), name, table, True)
