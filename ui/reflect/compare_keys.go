package reflect

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// The comparison's keys, help, palette actions and drawing hooks: what the rest of
// the pane calls while a comparison is shown.

// syncCompareKeys enables the comparison's bindings that act now, with the help that
// says what they do here.
func (m *Model) syncCompareKeys() {
	k, base := &m.keys.Compare, m.c.Keys.Compare
	if !m.comparing() {
		k.Open.SetHelp(base.Open.Help().Key, base.Open.Help().Desc)
		for _, b := range []*key.Binding{&k.Exclude, &k.Run, &k.Params, &k.Side, &k.Back} {
			b.SetEnabled(false)
		}
		return
	}
	c := m.cur.cmp
	setup, result := c.phase == cmpSetup, c.phase == cmpResult
	k.Open.SetEnabled(result)
	k.Open.SetHelp(base.Open.Help().Key, "change B")
	k.Exclude.SetEnabled(setup && len(c.models) > 0)
	k.Run.SetEnabled(setup)
	k.Run.SetHelp(base.Run.Help().Key, base.Run.Help().Desc)
	if c.b != nil {
		k.Run.SetHelp(base.Run.Help().Key, "ask B again")
	}
	k.Params.SetEnabled(setup)
	k.Side.SetEnabled(result && m.width < cmpColumnsMin)
	k.Back.SetEnabled(true)
	k.Back.SetHelp(base.Back.Help().Key, base.Back.Help().Desc)
	if c.phase == cmpAsking {
		k.Back.SetHelp(base.Back.Help().Key, "cancel B")
	}
	kl := &m.keys.List
	for _, b := range []*key.Binding{&kl.Up, &kl.Down, &kl.Top, &kl.Bottom} {
		b.SetEnabled(setup && len(c.models) > 1 || result)
	}
	kl.PageUp.SetEnabled(result)
	kl.PageDown.SetEnabled(result)
	k.Back.SetEnabled(!c.inBar)
}

// compareShortHelp is the footer's keys while the comparison is shown.
func (m *Model) compareShortHelp() []key.Binding {
	k, kr := m.keys.Compare, m.keys.Reflect
	if m.cur.cmp.inBar {
		leave := kr.Leave
		leave.SetHelp(leave.Help().Key, "back to the models")
		return enabled(k.Run, kr.NextItem, kr.Toggle, leave)
	}
	// The footer drops what does not fit: the ways on and out first.
	return enabled(k.Run, k.Side, k.Open, k.Back, k.Exclude, k.Params, m.keys.List.Down)
}

// compareFullHelp is the help overlay's keys while the comparison is shown.
func (m *Model) compareFullHelp() [][]key.Binding {
	k, kl, kr := m.keys.Compare, m.keys.List, m.keys.Reflect
	var out [][]key.Binding
	groups := [][]key.Binding{
		enabled(k.Run, k.Exclude, k.Params, k.Open, k.Side, k.Back),
		enabled(kl.Up, kl.Down, kl.PageUp, kl.PageDown, kl.Top, kl.Bottom),
	}
	if m.cur.cmp.inBar {
		leave := kr.Leave
		leave.SetHelp(leave.Help().Key, "back to the models")
		groups = [][]key.Binding{enabled(k.Run, kr.NextItem, kr.PrevItem, kr.Toggle, leave)}
	}
	for _, g := range groups {
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// The comparison's palette actions.
const (
	doCmpRun    = "compare run"
	doCmpParams = "compare params"
	doCmpChange = "compare change"
	doCmpSide   = "compare side"
	doCmpBack   = "compare back"
)

// compareActions are the palette's entries while the comparison is shown: its keys,
// and B's parameters one by one.
func (m *Model) compareActions() []common.Action {
	k := m.keys.Compare
	a := func(b key.Binding, name, do string) common.Action {
		return common.Action{Name: name, Key: b.Help().Key, Msg: common.ActionMsg{Kind: do}}
	}
	var acts []common.Action
	if k.Run.Enabled() {
		acts = append(acts, a(k.Run, "Compare: ask B", doCmpRun))
	}
	if k.Params.Enabled() {
		acts = append(acts, a(k.Params, "Compare: edit B's parameters", doCmpParams))
	}
	if k.Open.Enabled() {
		acts = append(acts, a(k.Open, "Compare: change B and ask again", doCmpChange))
	}
	if k.Side.Enabled() {
		acts = append(acts, a(k.Side, "Compare: show A or B", doCmpSide))
	}
	if m.cur.cmp.phase == cmpAsking {
		acts = append(acts, a(k.Back, "Compare: cancel B", doCmpBack))
	} else {
		acts = append(acts, a(k.Back, "Compare: back to the chat", doCmpBack))
	}
	if m.cur.cmp.phase == cmpSetup {
		acts = append(acts, m.cmpBar.Actions("B's parameter")...)
	}
	return acts
}

// compareAction runs one of the comparison's palette actions.
func (m *Model) compareAction(act common.ActionMsg) tea.Cmd {
	c := m.cur.cmp
	if c.phase == cmpSetup {
		if cmd, ev, ok := m.cmpBar.Act(act); ok {
			switch ev {
			case components.FilterChanged:
				c.errs = nil
			case components.FilterOpen:
				c.inBar = true
				return tea.Batch(cmd, m.cmpBar.Focus())
			}
			return cmd
		}
	}
	switch act.Kind {
	case doCmpRun:
		if c.phase == cmpSetup {
			return m.askB()
		}
	case doCmpParams:
		if c.phase == cmpSetup {
			c.inBar = true
			return m.cmpBar.Focus()
		}
	case doCmpChange:
		if c.phase == cmpResult {
			c.phase = cmpSetup
		}
	case doCmpSide:
		c.side, c.top = 1-c.side, 0
	case doCmpBack:
		if c.phase == cmpAsking {
			return m.cancelB()
		}
		return m.closeCompare()
	}
	return nil
}

// cmpWheel scrolls the comparison's result.
func (m *Model) cmpWheel(msg tea.MouseWheelMsg) {
	c := m.cur.cmp
	if c.phase != cmpResult {
		return
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		c.top -= 3
	case tea.MouseWheelDown:
		c.top += 3
	}
}

// compareView copies the prepared comparison, drawing the spinner's line.
func (m *Model) compareView(w, h int) string {
	lay := m.lay.cmp
	if len(lay.lines) == 0 {
		return ""
	}
	lines := lay.lines
	if lay.dyn >= 0 && m.cur.cmp.phase == cmpAsking {
		lines = append([]string(nil), lay.lines...)
		lines[lay.dyn] = m.waitingB(w)
	}
	return strings.Join(lines[:min(h, len(lines))], "\n")
}
