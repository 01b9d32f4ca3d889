package reflect

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// handleKey routes a key to the zone that has it.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.comparing() {
		return m.compareKey(k)
	}
	switch m.zone {
	case zoneComposer:
		return m.composerKey(k)
	case zoneBar:
		return m.barKey(k)
	}
	return m.transcriptKey(k)
}

// paste goes to whatever edits text; in the transcript it starts a question.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	if m.comparing() {
		if m.cur.cmp.inBar {
			return m.cmpBarKey(msg)
		}
		return nil
	}
	switch m.zone {
	case zoneBar:
		return m.barKey(msg)
	case zoneTranscript:
		if m.bank == "" {
			return nil
		}
		cmd := m.focusZone(zoneComposer)
		return tea.Batch(cmd, m.composerPaste(msg))
	}
	return m.composerPaste(msg)
}

// transcriptKey handles the transcript: the pane's actions and moving through turns
// and their evidence.
func (m *Model) transcriptKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kr, kg := m.keys.List, m.keys.Reflect, m.keys.Global
	act := m.do
	switch {
	case key.Matches(k, kr.Cancel):
		return m.cancelQuestion()
	case key.Matches(k, kr.Ask):
		return act(doAsk)
	case key.Matches(k, kr.Params):
		return act(doParams)
	case key.Matches(k, kr.Reset):
		return act(doReset)
	case key.Matches(k, kr.Tools):
		return act(doTools)
	case key.Matches(k, kr.Schema):
		return act(doSchema)
	case key.Matches(k, kr.Export):
		return act(doExport)
	case key.Matches(k, kr.Evidence):
		return act(doEvidence)
	case key.Matches(k, kr.Directive):
		return m.newDirective()
	case key.Matches(k, kg.Refresh):
		return act(doRetry)
	case key.Matches(k, kg.CopyID):
		return act(doCopy)
	case key.Matches(k, kg.CopyJSON):
		return act(doCopyJSON)
	case key.Matches(k, kl.Open):
		return act(doOpen)
	case key.Matches(k, m.keys.Compare.Open):
		return act(doCompare)
	}
	th := max(m.lay.th, 1)
	switch {
	case key.Matches(k, kl.Up):
		m.moveSelection(-1)
	case key.Matches(k, kl.Down):
		m.moveSelection(1)
	case key.Matches(k, kl.PageUp):
		m.scroll(-max(th-2, 1))
	case key.Matches(k, kl.PageDown):
		m.scroll(max(th-2, 1))
	case key.Matches(k, kl.Top):
		if len(m.cur.turns) > 0 {
			m.cur.sel, m.cur.top, m.cur.follow = selection{item: -1}, position{}, false
		}
	case key.Matches(k, kl.Bottom):
		if n := len(m.cur.turns); n > 0 {
			m.cur.sel, m.cur.follow = selection{turn: n - 1, item: -1}, true
		}
	}
	return nil
}

// moveSelection steps through the selectable things in order: each turn, then its
// evidence items while the evidence is shown.
func (m *Model) moveSelection(d int) {
	b := m.cur
	if len(b.turns) == 0 {
		return
	}
	shown := func(i int) int { // evidence items shown under turn i
		if t := b.turns[i]; t.expanded {
			return len(t.evidence)
		}
		return 0
	}
	s := b.sel
	switch {
	case d > 0 && s.item+1 < shown(s.turn):
		s.item++
	case d > 0 && s.turn+1 < len(b.turns):
		s = selection{turn: s.turn + 1, item: -1}
	case d < 0 && s.item >= 0:
		s.item--
	case d < 0 && s.turn > 0:
		s = selection{turn: s.turn - 1, item: shown(s.turn-1) - 1}
	default:
		return
	}
	b.sel, b.reveal = s, true
}

// toggleEvidence shows or hides the selected turn's evidence; the selection goes
// back to the turn when its item disappears.
func (m *Model) toggleEvidence() tea.Cmd {
	t := m.cur.selected()
	if t == nil || t.state != turnAnswered {
		return nil
	}
	if len(t.evidence) == 0 && len(t.tools) == 0 {
		return common.Toast("this answer came with no evidence")
	}
	t.expanded = !t.expanded
	t.rev++
	// Showing the evidence selects its first item, so enter opens it and the view
	// scrolls to it; hiding it selects the turn again.
	m.cur.sel.item = -1
	if t.expanded && len(t.evidence) > 0 {
		m.cur.sel.item = 0
	}
	m.cur.reveal = true
	return nil
}

// open acts on the selection: a memory opens in full, a mental model or directive
// shows (or hides) its whole text, a turn shows or hides its evidence.
func (m *Model) open() tea.Cmd {
	t := m.cur.selected()
	if t == nil {
		return nil
	}
	i := m.cur.sel.item
	if i < 0 || i >= len(t.evidence) {
		return m.toggleEvidence()
	}
	e := t.evidence[i]
	if e.kind == evMemory {
		if e.id == "" {
			return common.Toast("the server gave this memory no id")
		}
		return common.OpenDialog(components.NewMemoryDialog(m.c, m.bank, e.id))
	}
	if t.open == nil {
		t.open = map[int]bool{}
	}
	t.open[i] = !t.open[i]
	t.rev++
	m.cur.reveal = true
	return nil
}

// click focuses what is under the pointer: the bar, a turn, or the composer.
func (m *Model) click(msg tea.MouseClickMsg) tea.Cmd {
	if m.comparing() {
		return nil
	}
	y := msg.Mouse().Y
	barH, th := len(m.lay.bar), m.lay.th
	switch {
	case y < barH:
		if m.zone != zoneBar && m.bank != "" {
			return m.focusZone(zoneBar)
		}
	case y < barH+th:
		if len(m.cur.turns) == 0 {
			return nil
		}
		if i, ok := m.turnAt(y - barH); ok {
			m.cur.sel = selection{turn: i, item: -1}
			m.cur.reveal = true
		}
		return m.focusZone(zoneTranscript)
	default:
		if m.bank != "" {
			return m.focusZone(zoneComposer)
		}
	}
	return nil
}

// turnAt is the turn drawn on line y of the transcript.
func (m *Model) turnAt(y int) (int, bool) {
	b := m.cur
	p := b.top
	if b.follow {
		p = m.bottomTop(m.lay.th)
	}
	q := m.advance(p, y)
	if m.linesBetween(p, q, y) != y {
		return 0, false // past the end
	}
	return q.turn, true
}

// wheel scrolls the transcript.
func (m *Model) wheel(msg tea.MouseWheelMsg) {
	if m.comparing() {
		m.cmpWheel(msg)
		return
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		m.scroll(-3)
	case tea.MouseWheelDown:
		m.scroll(3)
	}
}
