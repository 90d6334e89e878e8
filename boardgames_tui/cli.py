"""Command line: ``boardgames-tui [--game ID] [--players N | --names A,B] [--seats human,strong] [--seed S] [--option K=V]
[--bot-pause S] [--bot-seconds S] [--load FILE]``
and ``boardgames-tui simulate --game ID --games N [--players P] [--seed S] [--option K=V]``
and ``boardgames-tui arena --game ID --seats strong,random --games N [--seconds S] [--clock wall|cpu] [--seed K] [--jobs J] [--option K=V]``
and ``boardgames-tui serve [--host H] [--port P] [--authorized-keys PATH] [--table-code CODE] [--idle-timeout S]
[--max-sessions N] [--max-per-player N] [--max-per-ip N] [--trusted-proxy ADDR ...]
[--web [--web-port 8000] [--web-host 127.0.0.1]]``
and ``boardgames-tui serve users list | revoke NAME-OR-FINGERPRINT``.

A bad flag value exits with status 2 and one clear line on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from boardgames_tui import i18n
from boardgames_tui.engine.names import check_names
from boardgames_tui.games import GAMES
from boardgames_tui.i18n import N_, _

#: argparse's own messages that a player can meet (its help's headings, its refusals), as
#: argparse writes them, so that they are extracted into our catalogue and translated there.
#: argparse looks each one up with the ``gettext`` function of its module
#: (``from gettext import gettext as _``); :func:`argparse_in_language` points that
#: lookup at our catalogue while one of our parsers runs.
ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
)


@contextlib.contextmanager
def argparse_in_language():
    """While inside, argparse's own messages come from our catalogue, in the language in use.

    argparse translates its messages through the module-level names ``_``
    and ``ngettext`` it imported from :mod:`gettext` (the process-wide
    ``messages`` domain, which we do not ship); they are pointed at
    :func:`boardgames_tui.i18n._` and :func:`boardgames_tui.i18n.ngettext`
    and put back on the way out, even when ``--help`` exits.
    """
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _, i18n.ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


class UsageError(Exception):
    """A bad command line; the message is the one line printed."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, speaking the language in use, with one clear line for an error (status 2)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As argparse's; the headings and the ``-h`` help it writes now are in the language in use."""
        with argparse_in_language():
            super().__init__(*args, **kwargs)

    def parse_known_args(self, args=None, namespace=None):
        """As argparse's, with its help and messages in the language in use (:func:`argparse_in_language`)."""
        with argparse_in_language():
            return super().parse_known_args(args, namespace)

    def format_help(self) -> str:
        """As argparse's, in the language in use."""
        with argparse_in_language():
            return super().format_help()

    def format_usage(self) -> str:
        """As argparse's, in the language in use."""
        with argparse_in_language():
            return super().format_usage()

    def error(self, message: str) -> NoReturn:  # one clear line, status 2
        raise UsageError(message)


def _seed(text: str) -> int:
    """A --seed value: a whole number that fits in a save (64-bit signed)."""
    from boardgames_tui.engine.match import SEED_MAX, SEED_MIN

    try:
        if len(text.strip().lstrip("+-")) > 19:  # more digits than any 64-bit number
            raise argparse.ArgumentTypeError(
                _("must be from {low} to {high}").format(low=SEED_MIN, high=SEED_MAX)
            )
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("must be a whole number, not {text}").format(text=repr(text[:30]))
        ) from None
    if not SEED_MIN <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(
            _("must be from {low} to {high}").format(low=SEED_MIN, high=SEED_MAX)
        )
    return value


def _parser() -> _Parser:
    p = _Parser(prog="boardgames-tui", description=_("Four tabletop games for one shared keyboard."))
    p.add_argument("--game", help=_("start this game: {games}").format(games=", ".join(GAMES)))
    p.add_argument("--players", type=int, help=_("number of players (default names are used)"))
    p.add_argument("--names", help=_("comma-separated player names, in seat order"))
    p.add_argument(
        "--seed", type=_seed, help=_("seed for shuffles and dice (a game replays the same with it)")
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="K=V",
        help=_("a game option, e.g. big_mountain=true"),
    )
    p.add_argument(
        "--seats",
        help=_(
            "who plays each seat, comma-separated: human, random, greedy or strong (a computer player's level); "
            "e.g. human,strong for a game alone against the computer"
        ),
    )
    p.add_argument(
        "--bot-pause",
        type=_seconds,
        metavar="S",
        help=_("seconds a computer player's move stays in sight (default 1; 0: none)"),
    )
    p.add_argument(
        "--bot-seconds",
        type=_positive,
        metavar="S",
        help=_("thinking time of the strong level per decision (default 1)"),
    )
    p.add_argument("--load", metavar="FILE", help=_("open a saved game (a finished one opens its replay)"))
    p.add_argument(
        "--lang", choices=("en", "es"), help=_("language: en or es (default: LANG/LC_ALL, else the settings)")
    )
    return p


def _seconds(text: str) -> float:
    """A number of seconds, 0 or more (at most an hour)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("must be a number of seconds, not {text}").format(text=repr(text[:30]))
        ) from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(_("must be from 0 to 3600 seconds"))
    return value


def _positive(text: str) -> float:
    """A number of seconds above 0 (at most an hour)."""
    value = _seconds(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(_("must be more than 0 seconds"))
    return value


def parse_seats(text: str) -> list[str]:
    """``"human,strong"`` -> ``["human", "strong"]``; UsageError naming an unknown kind."""
    from boardgames_tui.engine.match import SEAT_KINDS

    seats = [s.strip().lower() for s in text.split(",")]
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise UsageError(
                _("--seats: unknown seat {seat}; each seat is one of {kinds}").format(
                    seat=repr(kind[:30]), kinds=", ".join(SEAT_KINDS)
                )
            )
    return seats


def _sim_parser() -> _Parser:
    p = _Parser(
        prog="boardgames-tui simulate", description=_("Play random games headless and print figures.")
    )
    p.add_argument("--game", required=True, help=_("one of {games}").format(games=", ".join(GAMES)))
    p.add_argument("--games", type=int, required=True, help=_("how many games"))
    p.add_argument("--players", type=int, help=_("number of players (default: the game's minimum)"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the first game (default 0)"))
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="K=V",
        help=_("a game option, e.g. big_mountain=true"),
    )
    _lang_argument(p)
    return p


def _lang_argument(p: argparse.ArgumentParser) -> None:
    """``--lang`` on a sub-command's parser: read before parsing (:func:`_lang_flag`), listed in its help."""
    p.add_argument(
        "--lang", choices=("en", "es"), help=_("language: en or es (default: LANG/LC_ALL, else the settings)")
    )


def parse_options(game: str, pairs: Sequence[str]) -> dict[str, Any]:
    """``["big_mountain=true"]`` -> ``{"big_mountain": True}``, matched to the option's choices."""
    spec = GAMES[game]
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise UsageError(_("--option needs KEY=VALUE, not {pair}").format(pair=repr(pair)))
        opt = spec.options.get(key)
        if opt is None:
            raise UsageError(
                _("{game} has no option {key} (options: {options})").format(
                    game=spec.title, key=repr(key), options=", ".join(spec.options) or _("none")
                )
            )
        for choice in opt.choices:
            if str(choice).lower() == raw.strip().lower() or (
                isinstance(choice, bool)
                and raw.strip().lower() in (("yes", "on", "1") if choice else ("no", "off", "0"))
            ):
                out[key] = choice
                break
        else:
            words = ["yes", "no"] if set(opt.choices) == {False, True} else [str(c) for c in opt.choices]
            raise UsageError(
                _("option {key} must be one of {choices}, not {value}").format(
                    key=key, choices=", ".join(words), value=repr(raw)
                )
            )
    return out


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise UsageError(
            _("unknown game {game}; choose one of {games}").format(game=repr(game), games=", ".join(GAMES))
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``boardgames-tui``; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # "--lang es simulate ...": a --lang before a sub-command counts for it.
    lead = 2 if argv[:1] == ["--lang"] else 1 if argv[:1] and argv[0].startswith("--lang=") else 0
    if argv[lead : lead + 1] and argv[lead] in ("simulate", "arena", "serve"):
        argv = argv[lead:] + argv[:lead]
    _choose_language(_lang_flag(argv))  # the help and the refusals speak it too
    try:
        if argv[:1] == ["simulate"]:
            return _simulate(argv[1:])
        if argv[:1] == ["arena"]:
            return _arena(argv[1:])
        if argv[:1] == ["serve"]:
            return _serve(argv[1:])
        return _play(argv)
    except UsageError as exc:
        print(_("boardgames-tui: error: {error}").format(error=exc), file=sys.stderr)
        return 2


def _lang_flag(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` in ``argv`` when it names a language we have (read before parsing)."""
    for i, arg in enumerate(argv):
        value = (
            argv[i + 1]
            if arg == "--lang" and i + 1 < len(argv)
            else arg[7:]
            if arg.startswith("--lang=")
            else None
        )
        if value in i18n.LANGUAGES:
            return value
    return None


def _play(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    names: list[str] | None = None
    options: dict[str, Any] = {}
    seats = parse_seats(args.seats) if args.seats is not None else None
    if args.load:
        from boardgames_tui.engine import Match, SaveError
        from boardgames_tui.engine.match import shown

        try:
            Match.load(args.load)
        except SaveError as exc:
            raise UsageError(
                _("cannot load {file}: {error}").format(
                    file=shown(args.load, 300), error=i18n.translate_text(str(exc))
                )
            ) from None
    if args.game is not None:
        _check_game(args.game)
        spec = GAMES[args.game]
        options = parse_options(args.game, args.option)
        if args.names:
            try:
                names = list(check_names(args.names.split(",")))
            except ValueError as exc:  # the same rule as setup and saves
                raise UsageError(f"--names: {i18n.translate_text(str(exc))}") from None
            if args.players is not None and args.players != len(names):
                raise UsageError(
                    _("--players {players} but {names} names given").format(
                        players=args.players, names=len(names)
                    )
                )
        players = len(names) if names else args.players
        if seats is not None:
            if players is not None and players != len(seats):
                raise UsageError(
                    _("--seats names {seats} seats but the game has {players} players").format(
                        seats=len(seats), players=players
                    )
                )
            players = len(seats)
        if players is not None:
            try:
                spec.check_options(players, options)
            except ValueError as exc:
                raise UsageError(i18n.translate_text(str(exc))) from None
            if names is None:
                from boardgames_tui.app import DEFAULT_NAMES

                names = list(DEFAULT_NAMES[:players])
            try:
                spec.new_game(players, 0, **options)
            except ValueError as exc:
                raise UsageError(i18n.translate_text(str(exc))) from None
    elif args.players is not None or args.names or args.option or seats is not None:
        raise UsageError(_("--players, --names, --seats and --option need --game"))
    _choose_language(args.lang)
    from boardgames_tui.app import BoardGamesApp

    app = BoardGamesApp(
        game=args.game,
        names=names,
        seed=args.seed,
        options=options,
        load=args.load,
        seats=seats,
        bot_pause=args.bot_pause,
        bot_seconds=args.bot_seconds,
    )
    app.run()
    code = app.return_code or 0
    if code:
        # Textual has printed the traceback; say what became of the game.
        print(
            _("boardgames-tui: stopped by an unexpected error; {what}").format(what=_game_left(app)),
            file=sys.stderr,
        )
    return code


def _choose_language(flag: str | None) -> None:
    """Speak ``--lang``, else the language chosen in the settings, else what LC_ALL/LC_MESSAGES/LANG name, else English."""
    from boardgames_tui import settings
    from boardgames_tui.i18n import choose_language
    from boardgames_tui.ui.translated import apply_language

    saved = settings.load().settings.language
    code = choose_language(flag, None if saved == "auto" else saved)
    try:
        apply_language(code)
    except OSError:  # the catalogue is missing from this installation: English it is
        print(f"boardgames-tui: no {code} translation installed; using English", file=sys.stderr)


def _game_left(app: Any) -> str:
    """Where the game being played when the app stopped was autosaved, in one sentence."""
    from boardgames_tui.engine.match import shown

    match = getattr(app, "current_match", None)
    if match is None:
        return _("no game was in progress.")
    if match.state.is_terminal:
        return _("the game in progress had ended.")
    path = match.autosave_file
    if path is None or not path.is_file():
        return _("the game in progress had no actions yet, so nothing was lost.")
    return _(
        "the game in progress is autosaved: choose Continue in the launcher, or run boardgames-tui --load {file}"
    ).format(file=shown(str(path), 4096))


def _simulate(argv: list[str]) -> int:
    args = _sim_parser().parse_args(argv)
    _check_game(args.game)
    spec = GAMES[args.game]
    if args.games < 1:
        raise UsageError(_("--games must be at least 1"))
    options = parse_options(args.game, args.option)
    players = args.players if args.players is not None else spec.min_players
    from boardgames_tui.engine.simulate import format_simulation, run_simulation

    try:
        result = run_simulation(spec, args.games, players, args.seed, options)
    except ValueError as exc:
        raise UsageError(i18n.translate_text(str(exc))) from None
    print(
        i18n.ngettext("{title}: {n} random game", "{title}: {n} random games", args.games).format(
            title=spec.title, n=args.games
        )
    )
    print(format_simulation(result))
    return 0


def _arena(argv: list[str]) -> int:
    """``boardgames-tui arena``: computer players against each other, headless (boardgames_tui.bots.arena)."""
    from boardgames_tui.bots import LEVELS

    p = _Parser(
        prog="boardgames-tui arena",
        description=_("Computer players against each other: win shares and speed."),
    )
    p.add_argument("--game", required=True, help=_("one of {games}").format(games=", ".join(GAMES)))
    p.add_argument(
        "--seats",
        required=True,
        help=_("one level per seat, comma-separated: {levels}").format(levels=", ".join(LEVELS)),
    )
    p.add_argument(
        "--games", type=int, required=True, help=_("how many games (levels rotate seats every game)")
    )
    p.add_argument(
        "--seconds", type=float, default=1.0, help=_("thinking time of the strong level per decision")
    )
    p.add_argument("--seed", type=int, default=0, help=_("seed of the first game (default 0)"))
    p.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help=_(
            "what --seconds counts: wall time, or CPU time of the thinking bot (repeatable on a busy machine)"
        ),
    )
    p.add_argument("--jobs", type=int, default=1, help=_("worker processes to play the games in (default 1)"))
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="K=V",
        help=_("a game option, e.g. big_mountain=true"),
    )
    _lang_argument(p)
    args = p.parse_args(argv)
    _check_game(args.game)
    seats = [s.strip() for s in args.seats.split(",")]
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise UsageError(
            _("unknown level {level} in --seats; choose from {levels}").format(
                level=repr(unknown[0]), levels=", ".join(LEVELS)
            )
        )
    if args.games < 1:
        raise UsageError(_("--games must be at least 1"))
    if args.seconds <= 0:
        raise UsageError(_("--seconds must be more than 0"))
    if args.jobs < 1:
        raise UsageError(_("--jobs must be at least 1"))
    options = parse_options(args.game, args.option)
    from boardgames_tui.bots.arena import format_arena, run_arena

    def progress(done: int, result) -> None:
        print(
            "\r" + _("{done}/{games} games").format(done=done, games=args.games),
            end="",
            file=sys.stderr,
            flush=True,
        )

    try:
        result = run_arena(
            GAMES[args.game],
            seats,
            args.games,
            args.seconds,
            args.seed,
            options,
            progress=progress,
            jobs=args.jobs,
            clock=args.clock,
        )
    except ValueError as exc:
        raise UsageError(i18n.translate_text(str(exc))) from None
    print(file=sys.stderr)
    print(format_arena(result))
    return 0


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a whole number").format(value=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} must be at least 1").format(value=text))
    return value


def _network(text: str) -> str:
    import ipaddress

    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value} is not an address or a network").format(value=text)
        ) from None
    return text


def _serve_users(argv: list[str]) -> int:
    """``boardgames-tui serve users list|revoke WHO``: the server's registered keys and accounts.

    ``list`` prints one line per key or account (kind, name, fingerprint or
    folded name, date registered, revoked or not). ``revoke`` takes a
    registered name or a key's fingerprint; a running server ends that
    player's sessions within a second or two. Returns 0, or 1 when nothing
    matched.
    """
    import time

    from boardgames_tui.serve.identity import UserStore

    p = _Parser(prog="boardgames-tui serve users", description=_("The registered keys and accounts."))
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help=_("list the keys and accounts"))
    revoke = sub.add_parser("revoke", help=_("revoke a key or an account and end its sessions"))
    revoke.add_argument("who", metavar="NAME-OR-FINGERPRINT")
    args = p.parse_args(argv)
    store = UserStore()
    if args.command == "list":
        users = store.users()
        if not users:
            print(_("nobody registered yet ({file})").format(file=store.path))
        for u in users:
            when = time.strftime("%Y-%m-%d", time.localtime(u.created))
            state = _("revoked") if u.revoked else ""
            print(f"{u.kind:8} {u.name:20} {u.id:50} {when} {state}".rstrip())
        return 0
    done = store.revoke(args.who)
    if not done:
        print(_("no key or account matches {who}").format(who=args.who), file=sys.stderr)
        return 1
    for u in done:
        print(_("revoked {kind} {name} ({id})").format(kind=u.kind, name=u.name, id=u.id))
        if u.kind == "key":
            print(
                _("  (the key is refused from now on; you may also remove it from the authorized-keys file)")
            )
    return 0


def _serve(argv: list[str]) -> int:
    """``boardgames-tui serve``: the SSH table (boardgames_tui.serve)."""
    from pathlib import Path

    if argv[:1] == ["users"]:
        return _serve_users(argv[1:])

    p = _Parser(
        prog="boardgames-tui serve",
        description=_("Serve the games over SSH: each player at their own terminal."),
    )
    p.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default: loopback only)"))
    p.add_argument("--port", type=int, default=2222, help=_("port to listen on (default 2222)"))
    p.add_argument(
        "--authorized-keys",
        metavar="PATH",
        help=_("public keys that may log in (default: in the config folder)"),
    )
    p.add_argument(
        "--table-code",
        metavar="CODE",
        help=_("the server code: registers a new name, or lets a guest make or join one table"),
    )
    p.add_argument(
        "--max-sessions", type=_count, default=100, metavar="N", help=_("sessions in all (default 100)")
    )
    p.add_argument(
        "--max-per-player", type=_count, default=3, metavar="N", help=_("sessions per player (default 3)")
    )
    p.add_argument(
        "--max-per-ip",
        type=_count,
        default=20,
        metavar="N",
        help=_("sessions per client address (default 20)"),
    )
    p.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        type=_network,
        metavar="ADDR",
        help=_("a reverse proxy in front of the web door whose X-Forwarded-For is believed (repeatable)"),
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=30 * 60,
        metavar="S",
        help=_("seconds without a key before a session is closed"),
    )
    p.add_argument(
        "--web", action="store_true", help=_("also serve the tables to web browsers (textual-serve)")
    )
    p.add_argument("--web-port", type=int, default=8000, help=_("port of the web door (default 8000)"))
    p.add_argument(
        "--web-host", default="127.0.0.1", help=_("address of the web door (default: loopback only)")
    )
    _lang_argument(p)
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        raise UsageError(_("--port must be from 0 to 65535"))
    if not 0 <= args.web_port <= 65535:
        raise UsageError(_("--web-port must be from 0 to 65535"))
    if args.table_code is not None and len(args.table_code) < 6:
        raise UsageError(_("--table-code must be at least 6 characters"))
    from boardgames_tui.serve.server import ServerConfig, default_authorized_keys, run

    keys = Path(args.authorized_keys) if args.authorized_keys else default_authorized_keys()
    web = (args.web_host, args.web_port) if args.web else None
    config = ServerConfig(
        keys,
        args.table_code,
        args.idle_timeout,
        max_sessions=args.max_sessions,
        max_per_identity=args.max_per_player,
        max_per_address=args.max_per_ip,
        trusted_proxies=tuple(args.trusted_proxy),
    )
    return run(args.host, args.port, config, web)
