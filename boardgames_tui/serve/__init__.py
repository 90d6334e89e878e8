"""The SSH table (``boardgames-tui serve``): friends at their own terminals, one authoritative match per table.

- :mod:`.hub` keeps the tables: their matches (the only authoritative copies),
  who sits where, chat; it saves each table and loads them back at start.
- :mod:`.server` is the SSH server (asyncssh): logins, refusals, and one
  session process per terminal on its own pseudo-terminal.
- :mod:`.session` is that session process: the Textual app (lobby, table)
  talking to the hub over a private socket pair.
- :mod:`.web` is the browser door (``serve --web``): textual-serve's page and
  websocket, one session process per tab (Textual's web driver instead of a
  pseudo-terminal), on the same hub.

The hub, the server and the web door never import Textual; only the session
process does.
"""
