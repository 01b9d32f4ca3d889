package recall

import (
	"charm.land/bubbles/v2/key"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// syncKeys enables the bindings that can act now, so help, the footer and the palette
// offer only those.
func (m *Model) syncKeys() {
	k := &m.keys
	hasBank := m.bank != ""
	hasResults := m.res != nil && len(m.res.rows) > 0
	k.Recall.Searching.SetEnabled(m.searching)
	k.Recall.Trace.SetEnabled(hasBank)
	k.Recall.CopyCode.SetEnabled(hasBank)
	k.Recall.Prompt.SetEnabled(m.res != nil)
	k.Recall.Reset.SetEnabled(hasBank)
	k.Recall.Filters.SetEnabled(hasBank)
	inResults := hasResults && !m.showTrace && !m.showExplain
	k.Recall.Detail.SetEnabled(inResults)
	k.Recall.Scores.SetEnabled(inResults)
	k.Recall.DetailUp.SetEnabled(inResults)
	k.Recall.DetailDn.SetEnabled(inResults)
	k.List.Open.SetEnabled(hasResults && !m.showExplain)
	k.List.Open.SetHelp("enter", "open memory")
	k.List.Back.SetEnabled(m.showTrace || m.showExplain)
	k.List.Back.SetHelp("esc", "back to results")
	k.Recall.Explain.SetEnabled(hasBank)
	v := m.selectedVerdict()
	pins := m.curPins()
	k.Recall.Unpin.SetEnabled(m.showExplain && v != nil && pins != nil && pins.loaded)
	k.Memories.Pin.SetEnabled(inResults || (m.showExplain && hasBank))
	k.Memories.Pin.SetHelp(m.c.Keys.Memories.Pin.Help().Key, "pin as expected")
	if m.showExplain {
		k.Memories.Pin.SetHelp(m.c.Keys.Memories.Pin.Help().Key, "pin by id or text")
		k.List.Open.SetEnabled(v != nil && !v.Recalled() && v.Fix.Request != nil)
		k.List.Open.SetHelp("enter", "try the fix")
		k.Recall.Explain.SetHelp(m.c.Keys.Recall.Explain.Help().Key, "results")
	} else {
		k.Recall.Explain.SetHelp(m.c.Keys.Recall.Explain.Help().Key, m.c.Keys.Recall.Explain.Help().Desc)
	}
	k.Recall.Compare.SetEnabled(hasBank && (m.res != nil || m.cmp.a != nil))
	k.Recall.Compare.SetHelp(m.c.Keys.Recall.Compare.Help().Key, m.c.Keys.Recall.Compare.Help().Desc)
	k.Recall.SaveAB.SetEnabled(m.cmp.show && m.cmp.b != nil)
	k.Recall.SaveCase.SetEnabled(hasBank && m.res != nil) // without pins, S says to pin first
	k.Recall.Search.SetEnabled(!m.cmp.show)
	k.Global.Refresh.SetEnabled(hasBank && hasWordChar(m.search.Value()))
	k.Global.Refresh.SetHelp(m.c.Keys.Global.Refresh.Help().Key, "search again")
	if m.showTrace {
		k.Recall.Trace.SetHelp(m.c.Keys.Recall.Trace.Help().Key, "results")
	} else {
		k.Recall.Trace.SetHelp(m.c.Keys.Recall.Trace.Help().Key, "trace")
	}
	if m.cmp.show {
		m.compareKeys()
	}
}

// compareKeys leaves on only the keys the comparison uses, with what they do there.
func (m *Model) compareKeys() {
	k, d, s := &m.keys, m.c.Keys, &m.cmp
	for _, b := range []*key.Binding{&k.Recall.Filters, &k.Recall.Reset, &k.Recall.Trace, &k.Recall.CopyCode,
		&k.Recall.Prompt, &k.Recall.Explain, &k.Recall.Unpin, &k.Recall.Detail, &k.Recall.Scores, &k.Recall.DetailUp,
		&k.Recall.DetailDn, &k.Memories.Pin, &k.Recall.SaveCase} {
		b.SetEnabled(false)
	}
	k.Recall.Searching.SetEnabled(s.running)
	k.Recall.Searching.SetHelp(d.Recall.Searching.Help().Key, "cancel B")
	k.List.Open.SetEnabled(s.b != nil && len(s.rows) > 0)
	k.List.Back.SetEnabled(true)
	k.Recall.Compare.SetHelp(d.Recall.Compare.Help().Key, "edit B")
	k.Global.Refresh.SetEnabled(true)
	k.Global.Refresh.SetHelp(d.Global.Refresh.Help().Key, "rerun B")
	// Short words, so that a 60-column footer still has room for r and w.
	k.List.Open.SetHelp("enter", "open")
	k.Recall.SaveAB.SetHelp(d.Recall.SaveAB.Help().Key, "write markdown")
}

func enabled(bs ...key.Binding) []key.Binding {
	out := make([]key.Binding, 0, len(bs))
	for _, b := range bs {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}

// ShortHelp implements common.Pane: the keys of the zone that has the input.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	switch m.zone {
	case zoneSearch:
		if !m.focused {
			break
		}
		return enabled(k.Recall.Submit, k.Recall.Searching, k.Recall.HistoryPrev,
			key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "filters")), k.Recall.Leave)
	case zoneBar:
		if !m.focused {
			break
		}
		return enabled(k.Recall.NextItem, k.Recall.Toggle, k.Recall.Leave)
	case zonePinBox:
		if !m.focused {
			break
		}
		return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "pin")), k.Form.Cancel}
	}
	if m.showExplain {
		return enabled(k.List.Open, k.Memories.Pin, k.Recall.Unpin, k.Recall.SaveCase, k.Recall.Explain, k.List.Back)
	}
	if m.showTrace {
		return append(enabled(k.List.Open, k.Recall.Trace, k.List.Back), m.trace.ShortHelp()...)
	}
	if m.cmp.show {
		return enabled(k.List.Open, k.Recall.Compare, k.Global.Refresh, k.Recall.SaveAB, k.Recall.Searching, k.List.Back)
	}
	return enabled(k.Recall.Search, k.Recall.Filters, k.List.Open, k.Memories.Pin, k.Recall.Explain, k.Recall.Compare,
		k.Recall.Trace, k.Recall.CopyCode, k.Recall.Prompt)
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	var out [][]key.Binding
	groups := [][]key.Binding{
		enabled(k.Recall.Search, k.Recall.Submit, k.Recall.HistoryPrev, k.Recall.HistoryNext, k.Recall.Searching, k.Global.Refresh),
		enabled(k.Recall.Filters, k.Recall.NextItem, k.Recall.PrevItem, k.Recall.Toggle, k.Recall.Leave, k.Recall.Reset),
		enabled(k.List.Up, k.List.Down, k.List.PageUp, k.List.PageDown, k.List.Top, k.List.Bottom, k.List.Open),
		enabled(k.Recall.Detail, k.Recall.Scores, k.Recall.DetailDn, k.Recall.DetailUp, k.Recall.Trace, k.List.Back, k.Recall.CopyCode, k.Recall.Prompt),
		enabled(k.Memories.Pin, k.Recall.Explain, k.Recall.Unpin, k.Recall.SaveCase),
		enabled(k.Recall.Compare, k.Recall.SaveAB),
	}
	if m.showTrace {
		groups = append(groups, m.trace.FullHelp()...)
	}
	for _, g := range groups {
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// Actions implements common.Actioner: the pane's actions and every filter, so each is
// one palette search away.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	k := m.keys
	a := func(name string, b key.Binding, do string) common.Action {
		return common.Action{Name: name, Key: b.Help().Key, Msg: common.ActionMsg{Kind: do}}
	}
	none := key.Binding{}
	traceName := "Turn trace on"
	if m.cur.filters.trace {
		traceName = "Turn trace off"
	}
	acts := []common.Action{
		a("Search (recall)", k.Recall.Search, doSearch),
		a("Edit recall filters", k.Recall.Filters, doFilters),
		a("Reset recall filters to the server defaults", k.Recall.Reset, doReset),
		a(traceName, none, doTraceOn),
		a("Show the trace or the results", k.Recall.Trace, doTraceView),
		a("Copy the recall request as code", k.Recall.CopyCode, doCode),
	}
	if m.res != nil {
		acts = append(acts, a("Preview the results as a prompt block", k.Recall.Prompt, doPrompt))
	}
	if id := m.selectedID(); id != "" {
		acts = append(acts, a("Open memory "+sanitize.Line(id), k.List.Open, doOpen),
			a("Pin memory "+sanitize.Line(id)+" as expected", k.Memories.Pin, doPin))
	}
	switch {
	case m.cmp.show:
		acts = append(acts, a("Edit B's filters (A/B comparison)", k.Recall.Compare, doCompare),
			a("Run B again (A/B comparison)", k.Global.Refresh, doRunB),
			a("Leave the A/B comparison", k.List.Back, doEndAB))
		if m.cmp.b != nil {
			acts = append(acts, a("Write the A/B comparison to a markdown file", k.Recall.SaveAB, doSaveAB))
		}
	case m.res != nil:
		acts = append(acts, a("Compare A/B: keep these results as A, edit B's filters", k.Recall.Compare, doCompare))
	}
	acts = append(acts, a("Explain the pinned memories, or back to the results", k.Recall.Explain, doExplain),
		a("Pin a memory by id or text", none, doPinBox))
	if m.res != nil && m.bank != "" {
		acts = append(acts, a("Save the recall, with its pins, as a check case", k.Recall.SaveCase, doSaveCase))
	}
	if v := m.selectedVerdict(); v != nil && m.showExplain {
		acts = append(acts, a("Unpin memory "+sanitize.Line(v.MemoryID), k.Recall.Unpin, doUnpin))
		if v.Fix.Request != nil && !v.Recalled() {
			acts = append(acts, a("Try the fix: "+sanitize.Line(v.Fix.Label), k.List.Open, doTryFix))
		}
	}
	return append(acts, m.bar.Actions("Recall filter")...)
}
