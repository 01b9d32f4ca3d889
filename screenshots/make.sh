#!/usr/bin/env bash
# Regenerates the README screenshots: runs the real binary against the built-in demo
# server in a private tmux server, captures each screen with its colours
# (capture-pane -e) and renders it to PNG with freeze. Run from anywhere: make screenshots.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/screenshots"
work="$(mktemp -d)"
sock="$work/tmux.sock"
trap 'tmux -S "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

command -v tmux >/dev/null || { echo "screenshots: tmux is required" >&2; exit 1; }
FREEZE=(go run github.com/charmbracelet/freeze@v0.2.2)

echo "building"
(cd "$root" && go build -o "$work/hindsight-tui" .)

cat >"$work/tmux.conf" <<'CONF'
set -g default-terminal xterm-256color
set -ga terminal-overrides ",xterm-256color:Tc"
set -g status off
set -g remain-on-exit on
set -g escape-time 0
CONF

# start NAME W H ARGS... runs the app in a fresh session named NAME.
start() {
  local name=$1 w=$2 h=$3
  shift 3
  tmux -S "$sock" -f "$work/tmux.conf" new-session -d -s "$name" -x "$w" -y "$h" \
    -e "XDG_STATE_HOME=$work/state-$name" -e COLORTERM=truecolor -e TZ=UTC \
    "$work/hindsight-tui" "$@"
}

# wait_for NAME TEXT polls the screen until TEXT is visible (15 s at most).
wait_for() {
  local name=$1 text=$2 i
  for ((i = 0; i < 300; i++)); do
    if tmux -S "$sock" capture-pane -p -t "$name" | grep -qF -- "$text"; then
      sleep 0.3 # let spinners and toasts settle
      return 0
    fi
    sleep 0.05
  done
  echo "screenshots: '$text' never appeared in $name:" >&2
  tmux -S "$sock" capture-pane -p -t "$name" >&2
  exit 1
}

keys() { local name=$1; shift; tmux -S "$sock" send-keys -t "$name" "$@"; }

# close NAME sends Escape and pauses, so the next key is not read as alt+key.
close() { keys "$1" Escape; sleep 0.4; }

# shot NAME FILE captures the screen with colours and renders FILE.png.
shot() {
  local name=$1 file=$2
  # tmux carries colours over line ends but freeze starts every line afresh, so each
  # line is prefixed with the attributes still in force; and freeze does not reset the
  # background on SGR 49, so that is spelled out as its window colour.
  tmux -S "$sock" capture-pane -p -e -t "$name" |
    perl -pe 'BEGIN { $st = "" } my $pre = $st;
      s/\e\[([0-9;:]*)m/ my $p = $1; if ($p eq "" || $p eq "0") { $st = "" } else { $st .= "\e[${p}m" } "\e[${p}m" /ge;
      $_ = $pre . $_;' |
    sed -e 's/\x1b\[49m/\x1b[48;2;23;23;23m/g' >"$work/$file.ansi"
  (cd "$root" && "${FREEZE[@]}" "$work/$file.ansi" -o "$out/$file.png" \
    --window=false --padding 20 --margin 0 --border.radius 8 >/dev/null)
  echo "wrote screenshots/$file.png"
}

start main 120 40 --demo
wait_for main "Disposition"
shot main overview

keys main "?"
wait_for main "error log"
shot main help
close main

keys main ":"
wait_for main "Create bank"
shot main palette
close main

keys main n
wait_for main "e.g. research-agent"
shot main create-bank
close main

start small 60 20 --demo
wait_for small "Alex's assistant"
shot small overview-60x20

start down 120 40 --url http://127.0.0.1:1
wait_for down "Cannot connect to Hindsight"
shot down error-unreachable

# The recall pane: a query with a type filter, a tag chip and trace on, the results
# beside the selected result's details; then the trace of the same answer. The research
# bank is used because freeze's font has no CJK glyphs, and the assistant bank's
# memories quote Japanese.
start recall 120 40 --demo
wait_for recall "Alex's assistant"
keys recall j
wait_for recall "bank research-agent"
keys recall 2
wait_for recall "what would your agent ask"
keys recall -l "which judge model agrees best with humans"
wait_for recall "results ·"
close recall
keys recall f
wait_for recall "types  world"
keys recall Space Tab Tab Tab
keys recall -l "topic:ju"
wait_for recall "› topic:judges"
keys recall Enter
wait_for recall "topic:judges  add tag"
keys recall BTab BTab BTab BTab Space
wait_for recall "✓trace"
close recall
wait_for recall "filters types world · tags  topic:judges  · trace"
keys recall j
wait_for recall "#2 world"
shot recall recall

keys recall t
wait_for recall "Lanes: semantic"
keys recall ] ] ] ] ]
wait_for recall "unchanged"
shot recall recall-trace
