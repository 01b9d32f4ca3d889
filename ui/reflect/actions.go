package reflect

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// action is something the pane does, from its keys or the command palette; owner
// makes sure that, broadcast to every pane, only this one acts.
type action struct {
	owner *Model
	do    string
	item  itemID // for doItem, doToggle, doSet
	value string // for doSet
}

// The pane's actions.
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
	doItem     = "item"   // focus one parameter
	doToggle   = "toggle" // flip a toggle parameter
	doSet      = "set"    // set a cycle parameter to value
)

// do performs an action.
func (m *Model) do(a action) tea.Cmd {
	if m.bank == "" {
		return nil
	}
	switch a.do {
	case doAsk:
		return m.focusZone(zoneComposer)
	case doParams:
		return m.focusZone(zoneBar)
	case doReset:
		return m.resetParams()
	case doTools:
		m.cur.params.toggle(iTools)
		m.paramsChanged()
		if m.cur.params.tools {
			return common.Toast("tool calls on: the next answers come with their timeline")
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
	case doItem:
		return m.focusItem(a.item)
	case doToggle:
		m.cur.params.toggle(a.item)
		m.paramsChanged()
	case doSet:
		m.cur.params.setCycle(a.item, a.value)
		m.paramsChanged()
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
		return tea.Batch(tea.SetClipboard(string(b)), common.Toast("copied the response as JSON"))
	}
	return tea.Batch(tea.SetClipboard(t.answer),
		common.Toast("copied the answer ("+plural(len([]rune(t.answer)), "character", "characters")+")"))
}

// Actions implements common.Actioner: the pane's actions and every parameter, so each
// is one palette search away.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	k := m.keys
	a := func(name, keyHelp string, act action) common.Action {
		act.owner = m
		return common.Action{Name: name, Key: keyHelp, Msg: act}
	}
	acts := []common.Action{
		a("Ask a question (reflect)", k.Reflect.Ask.Help().Key, action{do: doAsk}),
		a("Edit reflect parameters", k.Reflect.Params.Help().Key, action{do: doParams}),
		a("Reset reflect parameters to the server defaults", k.Reflect.Reset.Help().Key, action{do: doReset}),
		a("Edit the response schema in $EDITOR", k.Reflect.Schema.Help().Key, action{do: doSchema}),
	}
	if m.cur.params.tools {
		acts = append(acts, a("Stop asking for tool calls", k.Reflect.Tools.Help().Key, action{do: doTools}))
	} else {
		acts = append(acts, a("Ask for tool calls (timeline)", k.Reflect.Tools.Help().Key, action{do: doTools}))
	}
	if m.cur.waiting() != nil {
		acts = append(acts, a("Cancel the question", k.Reflect.Cancel.Help().Key, action{do: doCancel}))
	}
	if len(m.cur.turns) > 0 {
		acts = append(acts, a("Export the transcript as markdown", k.Reflect.Export.Help().Key, action{do: doExport}))
	}
	if t := m.cur.selected(); t != nil {
		switch t.state {
		case turnAnswered:
			acts = append(acts,
				a("Show or hide the evidence", k.Reflect.Evidence.Help().Key, action{do: doEvidence}),
				a("Copy the answer", k.Global.CopyID.Help().Key, action{do: doCopy}),
				a("Copy the response as JSON", k.Global.CopyJSON.Help().Key, action{do: doCopyJSON}))
			if i := m.cur.sel.item; i >= 0 && i < len(t.evidence) && t.evidence[i].kind == evMemory {
				acts = append(acts, a("Open memory "+sanitize.Line(t.evidence[i].id), k.List.Open.Help().Key, action{do: doOpen}))
			}
		case turnFailed, turnCancelled:
			acts = append(acts, a("Ask the question again", k.Global.Refresh.Help().Key, action{do: doRetry}))
		}
	}
	its := items()
	p := &m.cur.params
	for id := range numItems {
		it := its[id]
		switch it.kind {
		case kindToggle:
			state := "on"
			if p.on(id) {
				state = "off"
			}
			acts = append(acts, a("Reflect parameter: turn "+toggleName(id)+" "+state, "", action{do: doToggle, item: id}))
		case kindCycle:
			cur, _ := p.cycleValue(id)
			for _, v := range cycleValues(id) {
				if v != cur {
					acts = append(acts, a("Reflect parameter: "+it.label+" "+v, "", action{do: doSet, item: id, value: v}))
				}
			}
		default:
			acts = append(acts, a("Reflect parameter: edit "+it.label, "", action{do: doItem, item: id}))
		}
	}
	return acts
}

// toggleName names a toggle for the palette.
func toggleName(id itemID) string {
	switch id {
	case iNoModels:
		return "excluding mental models"
	case iTools:
		return "tool calls"
	}
	return "fact type " + items()[id].label
}
