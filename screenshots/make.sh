#!/usr/bin/env bash
# Regenerates the README screenshots: runs the real binary against the built-in demo
# server in a private tmux server, captures each screen with its colours
# (capture-pane -e), renders it to SVG with freeze and to PNG with rsvg-convert, about
# 1,400 px wide, then compresses it with pngquant (these, and the JetBrains Mono font,
# are installed with apt-get when missing and run as root).
# A shot whose screen text is the same as last time (screenshots/text/NAME.txt) is not
# rendered again, so an unchanged screen adds nothing to the history. Run from
# anywhere: make screenshots (FORCE=1 renders every shot).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/screenshots"
work="$(mktemp -d)"
sock="$work/tmux.sock"
trap 'tmux -S "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

command -v tmux >/dev/null || { echo "screenshots: tmux is required" >&2; exit 1; }
# pngquant compresses, rsvg-convert renders the SVG, with the screens' font installed.
need=()
command -v pngquant >/dev/null || need+=(pngquant)
command -v rsvg-convert >/dev/null || need+=(librsvg2-bin)
fc-list 2>/dev/null | grep -q "JetBrains Mono" || need+=(fonts-jetbrains-mono)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" </dev/null >/dev/null
  else
    echo "screenshots: ${need[*]} required (apt-get install ${need[*]})" >&2
    exit 1
  fi
fi
FREEZE=(go run github.com/charmbracelet/freeze@v0.2.2)
mkdir -p "$out/text"

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

# shot NAME FILE captures the screen with colours and renders FILE.png, unless its text
# is what text/FILE.txt holds and FILE.png exists.
shot() {
  local name=$1 file=$2
  # What differs from run to run without the screen changing is left out of the
  # comparison: the demo server's port, clock times (its data is dated relative to now),
  # request timings, generated ids, and the padding that follows them.
  tmux -S "$sock" capture-pane -p -t "$name" |
    sed -E -e 's/127\.0\.0\.1:[0-9]+/127.0.0.1:PORT/g' -e 's/\b[0-2][0-9]:[0-5][0-9]\b/HH:MM/g' \
      -e 's/\b[0-9]+(\.[0-9]+)? (ms|s)\b/N \2/g' -e 's/\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/UUID/g' \
      -e 's/\b[0-9a-f]{8}\b/ID/g' -e 's/ +/ /g' >"$work/$file.txt"
  if [ -z "${FORCE:-}" ] && [ -f "$out/$file.png" ] && cmp -s "$work/$file.txt" "$out/text/$file.txt"; then
    echo "unchanged screenshots/$file.png"
    return
  fi
  cp "$work/$file.txt" "$out/text/$file.txt"
  # tmux carries colours over line ends but freeze starts every line afresh, so each
  # line is prefixed with the attributes still in force; and freeze does not reset the
  # background on SGR 49, so that is spelled out as its window colour.
  tmux -S "$sock" capture-pane -p -e -t "$name" |
    perl -pe 'BEGIN { $st = "" } my $pre = $st;
      s/\e\[([0-9;:]*)m/ my $p = $1; if ($p eq "" || $p eq "0") { $st = "" } else { $st .= "\e[${p}m" } "\e[${p}m" /ge;
      $_ = $pre . $_;' |
    sed -e 's/\x1b\[49m/\x1b[48;2;23;23;23m/g' >"$work/$file.ansi"
  # freeze writes the SVG; rsvg-convert draws it four times as large with the installed
  # JetBrains Mono (freeze's own PNG renderer crashes on some machines): a 4.7 px font
  # makes a 120-column screen about 1,400 px wide.
  (cd "$root" && "${FREEZE[@]}" "$work/$file.ansi" -o "$work/$file.svg" \
    --window=false --font.size 4.7 --padding 6 --margin 0 --border.radius 3 >/dev/null)
  rsvg-convert -z 4 "$work/$file.svg" -o "$work/$file.png"
  pngquant --quality 70-95 --speed 1 --strip --force --output "$out/$file.png" "$work/$file.png"
  echo "wrote screenshots/$file.png ($(($(wc -c <"$out/$file.png") / 1024)) KB)"
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
tab=$(tmux -S "$sock" capture-pane -p -t recall | grep -o '[0-9] Recall' | head -1 | cut -c1)
keys recall "$tab"
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

# The A/B comparison: the same request kept as A, and B with experience too, no tag
# and budget high; one list with both ranks, the moves, both scores and the totals.
keys recall t
wait_for recall "results ·"
keys recall b
wait_for recall "editing B's filters"
keys recall Tab Tab Space Tab Tab BSpace Tab Tab Space
wait_for recall "budget high"
close recall
wait_for recall "A/B · B: types +experience · tags none · budget high"
keys recall j j
wait_for recall "┃▌ 3  3  ="
shot recall recall-ab

# The explainer: three memories pinned for "aisle seat" (one by the result's P, two by
# text in the pin box), then the request narrowed to world facts with a high budget;
# two drop out at type, and enter tries the first one's fix.
start explain 120 40 --demo
wait_for explain "Alex's assistant"
tab=$(tmux -S "$sock" capture-pane -p -t explain | grep -o -m1 '[0-9] Recall' | cut -c1)
keys explain "$tab"
wait_for explain "Recall ━"
keys explain -l "aisle seat"
keys explain Enter
wait_for explain "results ·"
keys explain P
wait_for explain "pinned"
keys explain e P
keys explain -l "I emailed the Mitsui Garden"
keys explain Enter
wait_for explain "2 memories pinned"
keys explain P
keys explain -l "Alex consistently wants aisle"
keys explain Enter
wait_for explain "3 memories pinned"
keys explain f
wait_for explain "types  world"
keys explain Space Tab Tab Tab Tab Tab Space
wait_for explain "budget high"
close explain
wait_for explain "2 dropped at type"
keys explain j Enter
wait_for explain "back at #"
shot explain recall-explain

# The operations pane: the platform team's bank, with a retain in progress, queued and
# failed work, and the failed consolidation's details beside the list.
start ops 120 40 --demo
wait_for ops "Alex's assistant"
keys ops j j j
wait_for ops "bank team-platform"
tab=$(tmux -S "$sock" capture-pane -p -t ops | grep -o -m1 '[0-9] Operations' | cut -c1)
keys ops "$tab"
wait_for ops "auto-refresh every"
keys ops j j j
wait_for ops "Rate limited by LLM"
shot ops operations

# The reflect pane: a question to the research bank (freeze's font has no CJK glyphs)
# with the tool-call trace turned on in the parameter bar, and the answer's evidence
# shown under it.
start reflect 120 40 --demo
wait_for reflect "Alex's assistant"
keys reflect j
wait_for reflect "bank research-agent"
tab=$(tmux -S "$sock" capture-pane -p -t reflect | grep -o '[0-9] Reflect' | head -1 | cut -c1)
keys reflect "$tab"
wait_for reflect "Ask a question · enter sends"
keys reflect Tab
wait_for reflect "space toggle"
keys reflect Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab Space
wait_for reflect "✓tool calls"
close reflect
keys reflect -l "Who is Tomás?"
keys reflect Enter
wait_for reflect "▸ evidence"
close reflect
keys reflect Space
wait_for reflect "▾ evidence"
shot reflect reflect

# The retain editor: a memory with a timestamp, tags (one picked from the completions),
# metadata and entities, stopped by the check that a metadata key is given twice; then,
# fixed and sent async, its operation followed to the end and the recallable check.
start retain 120 40 --demo
wait_for retain "Alex's assistant"
tab=$(tmux -S "$sock" capture-pane -p -t retain | grep -o '[0-9] Retain' | head -1 | cut -c1)
keys retain "$tab"
wait_for retain "what should the agent remember?"
keys retain -l "Alex adopted a grey cat named Miso in November."
keys retain Enter
keys retain -l "Miso sleeps on the radiator and hides from the vacuum."
keys retain Tab
keys retain -l "adoption chat"
keys retain Tab
keys retain -l "2026-11-14 18:30"
keys retain Tab Tab
keys retain -l "pets"
keys retain Enter
keys retain -l "source:ch"
wait_for retain "› source:chat"
keys retain Enter Tab
keys retain -l "source=chat"
keys retain Enter
keys retain -l "source=adoption-form"
keys retain Tab
keys retain -l "Miso:ANIMAL, Alex Moreno:PERSON"
keys retain Tab Space
wait_for retain "[x] on"
keys retain C-s
wait_for retain "keys must be unique"
shot retain retain

keys retain C-u
keys retain -l "channel=dm"
keys retain C-s
wait_for retain "completed · the server took"
keys retain v
wait_for retain "recallable: rank"
shot retain retain-check

# The entities pane: an entity of the research bank (freeze's font has no CJK glyphs)
# with the memories linked to it, the second memory selected in the detail.
start entity 120 40 --demo
wait_for entity "Alex's assistant"
keys entity j
wait_for entity "bank research-agent"
tab=$(tmux -S "$sock" capture-pane -p -t entity | grep -o '[0-9] Entities' | head -1 | cut -c1)
keys entity "$tab"
wait_for entity "42 entities"
wait_for entity "Linked memories"
keys entity j
wait_for entity "mentions   14"
keys entity Enter
wait_for entity "back to list"
keys entity j
sleep 0.3
shot entity entity

# The documents pane: a research bank document (freeze's font has no CJK glyphs) open
# with its memories by type, retain parameters, metadata and its text chunk by chunk.
start docs 120 40 --demo
wait_for docs "Alex's assistant"
keys docs j
wait_for docs "bank research-agent"
tab=$(tmux -S "$sock" capture-pane -p -t docs | grep -o '[0-9] Documents' | head -1 | cut -c1)
keys docs "$tab"
wait_for docs " of "
keys docs Enter
wait_for docs "chunk 0"
shot docs document

# The memories pane: the research bank (freeze's font has no CJK glyphs) filtered to
# world facts tagged topic:judges, one of them selected for a bulk action.
start mems 120 40 --demo
wait_for mems "Alex's assistant"
keys mems j
wait_for mems "bank research-agent"
tab=$(tmux -S "$sock" capture-pane -p -t mems | grep -o '[0-9] Memories' | head -1 | cut -c1)
keys mems "$tab"
wait_for mems "all valid memories"
keys mems f
keys mems -l "topic:judges"
keys mems Enter m m t
wait_for mems "tags(any_strict): topic:judges"
keys mems j Space
sleep 0.3
shot mems memories

# The memory inspector over the same list: the memory in full, with the keys that
# edit, invalidate or restore it wherever it is opened from.
keys mems Enter
wait_for mems "E edit · x invalidate"
shot mems inspector
# The mental models pane: the platform team's models, a dry-run refresh of one, then
# its current content against the version a real refresh replaced.
start models 120 40 --demo
wait_for models "Alex's assistant"
keys models j j j
wait_for models "bank team-platform"
keys models :
wait_for models "Create bank"
keys models -l "Mental models"
keys models Enter
wait_for models "Service ownership map"
shot models models
keys models G
sleep 0.3
for ((i = 0; i < 10; i++)); do
  if tmux -S "$sock" capture-pane -p -t models | grep -q "▌ Service ownership map"; then break; fi
  keys models k
  sleep 0.1
done
keys models d
wait_for models "Nothing was stored"
shot models models-dryrun
keys models F
wait_for models "content updated"
keys models Enter
wait_for models "[ older version"
keys models =
wait_for models "Diff replaced"
shot models models-diff
# The knowledge base of the platform team: its folder and pages with their staleness.
start kb 120 40 --demo --bank team-platform
wait_for kb "Platform team"
keys kb :
wait_for kb "Create bank"
keys kb -l "Knowledge base"
keys kb Enter
wait_for kb "Certificate renewal"
shot kb knowledge
# The directives of Alex's assistant and which apply to a reflect tagged source:chat.
start dirs 120 40 --demo
wait_for dirs "Alex's assistant"
keys dirs :
wait_for dirs "Create bank"
keys dirs -l "Directives"
keys dirs Enter
wait_for dirs "Quiet Sunday mornings"
keys dirs p
wait_for dirs "Reflect tags"
keys dirs -l "source:chat"
keys dirs Enter
sleep 0.3
keys dirs Enter
wait_for dirs "directives apply"
shot dirs directives-preview
# A reflect answer asked again without the mental model it used, side by side.
start rcmp 120 40 --demo
wait_for rcmp "Alex's assistant"
tab=$(tmux -S "$sock" capture-pane -p -t rcmp | grep -o '[0-9] Reflect' | head -1 | cut -c1)
keys rcmp "$tab"
wait_for rcmp "Ask a question · enter sends"
keys rcmp -l "What should I know before scheduling a meeting with Alex?"
keys rcmp Enter
wait_for rcmp "▸ evidence"
close rcmp
keys rcmp c
wait_for rcmp "enter asks B"
keys rcmp Space Enter
wait_for rcmp "Differences"
shot rcmp reflect-compare
# The health pane on a bank that fails three checks, the first one's evidence open.
start health 120 40 --demo --bank ops-runbook
wait_for health "Ops runbook"
keys health :
wait_for health "Create bank"
keys health -l "Health"
keys health Enter
wait_for health "llm_probe"
keys health Enter
sleep 0.5
shot health health
# The LLM request log of the travel concierge, grouped by run.
start llm 120 40 --demo --bank travel-concierge
wait_for llm "Travel concierge"
keys llm :
wait_for llm "Create bank"
keys llm -l "LLM requests"
keys llm Enter
wait_for llm "tokens per day"
shot llm llm-requests
# The research agent's webhooks.
start hooks 120 40 --demo --bank research-agent
wait_for hooks "RAG evaluation"
keys hooks :
wait_for hooks "Create bank"
keys hooks -l "Webhooks"
keys hooks Enter
wait_for hooks "last delivery"
sleep 0.5
shot hooks webhooks
# The live tail of Alex's assistant.
start tail 120 40 --demo
wait_for tail "Alex's assistant"
keys tail :
wait_for tail "Create bank"
keys tail -l "Activity"
keys tail Enter
wait_for tail "events"
sleep 0.5
shot tail tail
# The family assistant's audit log, turned on here: a recall made, then a fact retained
# that the same recall now finds, and the logged recall replayed: then against now.
start audit 120 40 --demo --bank family-assistant
wait_for audit "Family assistant"
keys audit :
wait_for audit "type to filter commands"
keys audit -l "Audit log"
keys audit Enter
wait_for audit "auditing is off"
keys audit A
wait_for audit "Turn auditing on"
keys audit Enter
wait_for audit "auditing is on"
keys audit 3
sleep 0.5
keys audit -l "school pickup schedule"
keys audit Enter
wait_for audit "results"
close audit
keys audit 5
sleep 0.5
keys audit -l "Maya's school pickup is at 3:15 pm on weekdays; Grandma does Fridays."
keys audit C-s
wait_for audit "retained 1 item"
close audit
keys audit :
wait_for audit "type to filter commands"
keys audit -l "Audit log"
keys audit Enter
wait_for audit "school pickup schedule"
shot audit audit
keys audit j
sleep 0.3
keys audit p
wait_for audit "then/now"
shot audit audit-replay
# The bank configuration of the platform team, one recall default overridden.
start config 120 40 --demo --bank team-platform
wait_for config "Platform team"
keys config :
wait_for config "Create bank"
keys config -l "Bank configuration"
keys config Enter
wait_for config "46 keys"
keys config /
keys config -l "recall_max_tokens"
keys config Enter
wait_for config "1 of 46"
keys config Enter
wait_for config "Edit recall_max_tokens"
keys config C-u
keys config -l 3000
keys config Enter
wait_for config "PATCH"
shot config bank-config-preview
keys config Enter
wait_for config "override"
close config
keys config Escape
sleep 0.4
shot config bank-config
# What retain would extract from a note, without storing it, beside a verbose mode.
start extract 120 40 --demo --bank family-assistant
wait_for extract "Family assistant"
keys extract 5
sleep 0.5
keys extract -l "Noah starts karate on Thursdays at 6 pm from 2027-01-07. Grandma arrives on 2026-12-20 and stays two weeks; Maya wants her to come to the school play."
keys extract C-x
wait_for extract "tokens"
keys extract o
wait_for extract "Candidate retain settings"
keys extract Tab C-u
keys extract -l verbatim
keys extract C-s
wait_for extract "Candidate: mode verbatim"
shot extract extraction-preview
# Two banks compared: the platform team against the ops runbook.
start diff 120 40 --demo --bank team-platform
wait_for diff "Platform team"
keys diff :
wait_for diff "Create bank"
keys diff -l "Compare banks"
keys diff Enter
wait_for diff "a template file"
keys diff j j j j j j j
sleep 0.3
keys diff Enter
wait_for diff "differences"
keys diff j Space
sleep 0.3
shot diff compare-banks
# Alex's week of memories as a timeline, the newest day selected.
start timeline 120 40 --demo
wait_for timeline "Alex's assistant"
keys timeline :
wait_for timeline "Create bank"
keys timeline -l "Timeline"
keys timeline Enter
wait_for timeline "busiest"
shot timeline timeline
# A memory's neighbourhood, two hops from where it started.
start neigh 120 40 --demo
wait_for neigh "Alex's assistant"
keys neigh 2
wait_for neigh "newest mentioned first"
keys neigh N
wait_for neigh "requests"
keys neigh Enter
wait_for neigh " › "
keys neigh j Enter
sleep 1
shot neigh neighbourhood
