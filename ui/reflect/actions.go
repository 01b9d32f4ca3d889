package reflect

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// The pane's actions, from its keys or the command palette (common.ActionMsg.Kind);
// the parameter bar's own actions are the bar's.
const (
	doAsk      = "ask"
	doParams   = "params"
	doReset    = "reset"
	doTools    = "tools"
	doSchema   = "schema"
	doExport   = "export"
	doEvidence = "evidence"
	doRetry    = "retry"
	doCopy     = "copy"
	doCopyJSON = "copy json"
	doOpen     = "open"
	doCancel   = "cancel"
	doCompare  = "compare"
)

// onAction runs a palette action: the bar's, or one of the pane's.
func (m *Model) onAction(a common.ActionMsg) tea.Cmd {
	if m.bank == "" {
		return nil
	}
	if m.comparing() {
		return m.compareAction(a)
	}
	if cmd, ev, ok := m.bar.Act(a); ok {
		return tea.Batch(cmd, m.onBar(ev))
	}
	return m.do(a.Kind)
}

// do performs an action.
func (m *Model) do(what string) tea.Cmd {
	if m.bank == "" {
		return nil
	}
	switch what {
	case doAsk:
		return m.focusZone(zoneComposer)
	case doParams:
		return m.focusZone(zoneBar)
	case doReset:
		return m.resetParams()
	case doTools:
		m.cur.params.tools = !m.cur.params.tools
		m.paramsChanged()
		if m.cur.params.tools {
			return common.Toast("tool calls on: the next answers list them, with their inputs and outputs")
		}
		return common.Toast("tool calls off")
	case doSchema:
		return m.editSchema()
	case doExport:
		return m.startExport()
	case doEvidence:
		return m.toggleEvidence()
	case doRetry:
		return m.retry()
	case doCopy:
		return m.copyAnswer(false)
	case doCopyJSON:
		return m.copyAnswer(true)
	case doOpen:
		return m.open()
	case doCancel:
		return m.cancelQuestion()
	case doCompare:
		return m.openCompare()
	}
	return nil
}

// copyAnswer puts the selected answer on the clipboard (OSC 52, which works over SSH
// too): its markdown, or the whole response as JSON.
func (m *Model) copyAnswer(asJSON bool) tea.Cmd {
	t := m.cur.selected()
	if t == nil || t.state != turnAnswered {
		return common.Toast("no answer selected to copy")
	}
	if asJSON {
		b, err := json.MarshalIndent(t.resp, "", "  ")
		if err != nil {
			return common.Toast("the response could not be written as JSON")
		}
		return common.Copy(string(b), "the response as JSON")
	}
	return common.Copy(t.answer, "the answer ("+common.Plural(len([]rune(t.answer)), "character", "characters")+")")
}

// Actions implements common.Actioner: the pane's actions and every parameter, so each
// is one palette search away.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	if m.comparing() {
		return m.compareActions()
	}
	k := m.keys
	a := func(name, keyHelp, do string) common.Action {
		return common.Action{Name: name, Key: keyHelp, Msg: common.ActionMsg{Kind: do}}
	}
	acts := []common.Action{
		a("Ask a question (reflect)", k.Reflect.Ask.Help().Key, doAsk),
		a("Edit reflect parameters", k.Reflect.Params.Help().Key, doParams),
		a("Reset reflect parameters to the server defaults", k.Reflect.Reset.Help().Key, doReset),
		a("Edit the response schema in $EDITOR", k.Reflect.Schema.Help().Key, doSchema),
	}
	if m.cur.params.tools {
		acts = append(acts, a("Stop asking for tool calls", k.Reflect.Tools.Help().Key, doTools))
	} else {
		acts = append(acts, a("Ask for tool calls (inputs and outputs)", k.Reflect.Tools.Help().Key, doTools))
	}
	if m.cur.waiting() != nil {
		acts = append(acts, a("Cancel the question", k.Reflect.Cancel.Help().Key, doCancel))
	}
	if len(m.cur.turns) > 0 {
		acts = append(acts, a("Export the transcript as markdown", k.Reflect.Export.Help().Key, doExport))
	}
	if t := m.cur.selected(); t != nil {
		switch t.state {
		case turnAnswered:
			acts = append(acts,
				a("Show or hide the evidence", k.Reflect.Evidence.Help().Key, doEvidence),
				a("Copy the answer", k.Global.CopyID.Help().Key, doCopy),
				a("Copy the response as JSON", k.Global.CopyJSON.Help().Key, doCopyJSON),
				a("Compare: ask again without chosen mental models or with other parameters", k.Compare.Open.Help().Key, doCompare))
			if i := m.cur.sel.item; i >= 0 && i < len(t.evidence) {
				acts = append(acts, a(openAction(t, i), k.List.Open.Help().Key, doOpen))
			}
		case turnFailed, turnCancelled:
			acts = append(acts, a("Ask the question again", k.Global.Refresh.Help().Key, doRetry))
		}
	}
	return append(acts, m.bar.Actions("Reflect parameter")...)
}

// openAction names what enter does on evidence item i of t, for the palette.
func openAction(t *turn, i int) string {
	e := t.evidence[i]
	switch e.kind {
	case evMemory:
		return "Open memory " + sanitize.Line(e.id)
	case evTool:
		return "Show or hide the input and output of " + t.tools[e.call].tool
	case evModel:
		name := e.name
		if name == "" {
			name = e.title
		}
		return "Show or hide mental model " + name
	}
	return "Show or hide directive " + e.name
}
