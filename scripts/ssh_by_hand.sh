#!/usr/bin/env bash
# The SSH table with the OpenSSH client, in tmux at 80x24: two players reach the lobby,
# one makes a Penguinramids table, the other joins, both choose their action cards.
# Prints each step's screen. Run from the repository with its venv active:
#   scripts/ssh_by_hand.sh
# Everything lives in a temporary folder, removed at the end (KEEP=1 keeps it).
set -euo pipefail

work=$(mktemp -d /tmp/bgt-ssh-XXXXXX)
export BOARDGAMES_TUI_HOME="$work/home"
mkdir -p "$BOARDGAMES_TUI_HOME"
tag="bgt-ssh-$$"
server_pid=""

cleanup() {
    tmux kill-session -t "$tag-ana" 2>/dev/null || true
    tmux kill-session -t "$tag-beto" 2>/dev/null || true
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    [ -n "${KEEP:-}" ] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT

for who in ana beto; do
    ssh-keygen -q -t ed25519 -N '' -f "$work/$who"
    cat "$work/$who.pub" >> "$BOARDGAMES_TUI_HOME/authorized_keys"
done
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

boardgames-tui serve --port "$port" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do grep -q "connect with" "$work/server.log" 2>/dev/null && break; sleep 0.2; done
cat "$work/server.log"

ssh_cmd() {
    echo "ssh -p $port -i $work/$1 -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes $1@localhost"
}

# wait_for SESSION TEXT: poll the pane until it shows TEXT (20 s at most).
wait_for() {
    for _ in $(seq 100); do
        tmux capture-pane -p -t "$1" | grep -qF -- "$2" && return 0
        sleep 0.2
    done
    echo "--- $1 never showed: $2"; tmux capture-pane -p -t "$1"; exit 1
}

show() { echo "--- $1: $2"; tmux capture-pane -p -t "$1"; }

tmux new-session -d -s "$tag-ana" -x 80 -y 24 "$(ssh_cmd ana)"
tmux new-session -d -s "$tag-beto" -x 80 -y 24 "$(ssh_cmd beto)"
wait_for "$tag-ana" "You are ana"
wait_for "$tag-beto" "You are beto"
show "$tag-ana" "the lobby"

tmux send-keys -t "$tag-ana" n
wait_for "$tag-ana" "which game"
# Penguinramids, 2 players: every game lists its player counts, then "you and a computer player".
downs=$(python3 -c 'from boardgames_tui.games import GAMES
n = 0
for gid, spec in GAMES.items():
    if gid == "penguinramids":
        break
    n += spec.max_players - spec.min_players + 2
print(n)')
for _ in $(seq "$downs"); do tmux send-keys -t "$tag-ana" Down; done
tmux send-keys -t "$tag-ana" Enter
wait_for "$tag-ana" "Make the table"   # the game's options, as they are
tmux send-keys -t "$tag-ana" Down
tmux send-keys -t "$tag-ana" Enter
wait_for "$tag-ana" "Table t1"
show "$tag-ana" "the waiting room"

wait_for "$tag-beto" "t1 "
tmux send-keys -t "$tag-beto" Down
sleep 0.3
tmux send-keys -t "$tag-beto" Enter
wait_for "$tag-beto" "Your choices"
wait_for "$tag-ana" "Your choices"

# Each picks an action card in secret (a digit marks it, Enter confirms); keys 0.7 s apart,
# as a person types (the key gate drops a burst).
sleep 0.7; tmux send-keys -t "$tag-ana" 2
wait_for "$tag-ana" "chosen: 2"
sleep 0.7; tmux send-keys -t "$tag-ana" Enter
wait_for "$tag-ana" "waiting for B beto"
show "$tag-beto" "Beto still choosing; Ana's card is not shown"
sleep 0.7; tmux send-keys -t "$tag-beto" 5
wait_for "$tag-beto" "chosen: 5"
sleep 0.7; tmux send-keys -t "$tag-beto" Enter
wait_for "$tag-ana" "Cards revealed"
show "$tag-ana" "both cards revealed"
echo "OK: the OpenSSH client reached the lobby and played at 80x24"
