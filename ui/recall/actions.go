package recall

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// The pane's actions, from its keys or the command palette (common.ActionMsg.Kind);
// the filter bar's own actions are the bar's.
const (
	doSearch    = "search"
	doFilters   = "filters"
	doReset     = "reset"
	doTraceView = "trace view"
	doTraceOn   = "trace on/off"
	doCode      = "code"
	doPrompt    = "prompt"
	doOpen      = "open"
	doRefresh   = "refresh"
	doExplain   = "explain"
	doPin       = "pin"
	doPinBox    = "pin box"
	doUnpin     = "unpin"
	doTryFix    = "try fix"
	doSaveCase  = "save case"
	doCompare   = "compare"
	doRunB      = "run B"
	doSaveAB    = "save A/B"
	doEndAB     = "end A/B"
)

// onAction runs a palette action: the bar's, or one of the pane's.
func (m *Model) onAction(a common.ActionMsg) tea.Cmd {
	if cmd, ev, ok := m.bar.Act(a); ok {
		return tea.Batch(cmd, m.onBar(ev))
	}
	return m.do(a.Kind)
}

// do performs an action.
func (m *Model) do(what string) tea.Cmd {
	switch what {
	case doSearch:
		return m.focusZone(zoneSearch)
	case doFilters:
		return m.focusZone(zoneBar)
	case doReset:
		return m.resetFilters()
	case doRefresh:
		seq := m.seq
		cmd := m.searchNow()
		if m.seq != seq {
			m.againSeq = m.seq
		}
		return cmd
	case doTraceView:
		return m.toggleTraceView()
	case doTraceOn:
		m.cur.filters.trace = !m.cur.filters.trace
		return m.filtersChanged()
	case doCode:
		return m.openCode()
	case doPrompt:
		return m.openPrompt()
	case doOpen:
		return m.openMemory()
	case doExplain:
		m.showExplain = !m.showExplain
		if m.showExplain {
			m.showTrace = false
		}
		return nil
	case doPin:
		return m.pinSelected()
	case doPinBox:
		return m.openBox()
	case doUnpin:
		return m.unpin()
	case doTryFix:
		return m.tryFix()
	case doSaveCase:
		return m.saveCase()
	case doCompare:
		return m.startCompare()
	case doRunB:
		return m.runB()
	case doSaveAB:
		return m.saveCompare()
	case doEndAB:
		return m.endCompare()
	}
	return nil
}

// toggleTraceView switches between the results and the trace. With trace off, it
// turns trace on and searches again, since a trace only comes with a new answer.
func (m *Model) toggleTraceView() tea.Cmd {
	m.showExplain = false
	if m.showTrace {
		m.showTrace = false
		return nil
	}
	if m.hasTrace() {
		m.showTrace = true
		m.syncTrace()
		return nil
	}
	m.showTrace = true
	if !m.cur.filters.trace {
		m.cur.filters.trace = true
		m.validate()
	}
	if m.bank == "" || !hasWordChar(m.search.Value()) {
		m.showTrace = false
		return common.Toast("trace is on: it comes with the next search")
	}
	return m.searchNow()
}

// openMemory opens the full memory under the cursor (or the trace row's memory).
func (m *Model) openMemory() tea.Cmd {
	id := m.selectedID()
	if m.cmp.show {
		id = ""
		if r := m.cmp.selectedRow(); r != nil && m.cmp.b != nil {
			id = r.mv.ID
		}
	}
	if m.showTrace {
		var ok bool
		if id, ok = m.trace.Selected(); !ok {
			return nil
		}
	}
	if id == "" || m.bank == "" {
		return nil
	}
	return common.OpenDialog(components.NewMemoryDialog(m.c, m.bank, id))
}

// Selection implements common.Copier: the selected result's id and JSON (in the
// trace, the selected node's id, and its result's JSON when it is among them).
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	if m.cmp.show {
		r := m.cmp.selectedRow()
		if r == nil || m.cmp.b == nil {
			return "", "", "", false
		}
		return r.mv.ID, "memory " + sanitize.Line(r.mv.ID), indentJSON(r.result()), true
	}
	if m.showTrace {
		node, ok := m.trace.Selected()
		if !ok {
			return "", "", "", false
		}
		jsonText = "{\"id\": " + quote(node) + "}"
		if i := m.res.indexOf(node); i >= 0 {
			jsonText = indentJSON(m.res.rows[i].res)
		}
		return node, "memory " + sanitize.Line(node), jsonText, true
	}
	r := m.selected()
	if r == nil {
		return "", "", "", false
	}
	return r.ID, "memory " + sanitize.Line(r.ID), indentJSON(r), true
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// indentJSON renders v for the clipboard.
func indentJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "{}"
	}
	return string(b)
}
