package operations

import (
	"encoding/json"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/ui/common"
)

// syncKeys enables the bindings that can act now, so the help, the footer and the
// palette offer only those. Cancel, retry and delete follow the selected operation's
// status (allowedFor) and are gone in read-only mode.
func (m *Model) syncKeys() {
	k := &m.keys
	ko, dk := &k.Operations, m.c.Keys.Operations
	hasBank := m.bank != ""
	r := m.selected()
	status := ""
	if r != nil {
		status = r.op.Status
	}
	rw := !m.c.ReadOnly && r != nil
	ko.Cancel.SetEnabled(rw && allowedFor(actCancel, status))
	ko.Retry.SetEnabled(rw && allowedFor(actRetry, status))
	ko.Delete.SetEnabled(rw && allowedFor(actDelete, status))
	ko.Status.SetEnabled(hasBank)
	ko.Type.SetEnabled(hasBank)
	ko.Parents.SetEnabled(hasBank)
	ko.Pause.SetEnabled(hasBank && m.activated)
	if m.poll.paused {
		ko.Pause.SetHelp(dk.Pause.Help().Key, "resume refresh")
	} else {
		ko.Pause.SetHelp(dk.Pause.Help().Key, dk.Pause.Help().Desc)
	}
	if m.filter.excludeParents {
		ko.Parents.SetHelp(dk.Parents.Help().Key, "show batch parents")
	} else {
		ko.Parents.SetHelp(dk.Parents.Help().Key, "hide batch parents")
	}
	e := m.selectedEntry()
	ko.Payload.SetEnabled(r != nil && !(e != nil && e.payload))
	visible := m.detailVisible()
	ko.Detail.SetEnabled(r != nil)
	if visible {
		ko.Detail.SetHelp(dk.Detail.Help().Key, "hide detail")
	} else {
		ko.Detail.SetHelp(dk.Detail.Help().Key, "show detail")
	}
	ko.DetailUp.SetEnabled(r != nil && visible)
	ko.DetailDn.SetEnabled(r != nil && visible)
	busy := m.load.busy || m.detailBusy()
	ko.Stop.SetEnabled(busy)
	k.List.Open.SetEnabled(r != nil && !visible)
	k.List.Open.SetHelp("enter", "details")
	k.List.Back.SetEnabled(!busy && m.width < sideBySide && m.detailToggled)
	k.List.Back.SetHelp("esc", "list")
	k.Global.Refresh.SetEnabled(hasBank)
	k.Global.Refresh.SetHelp(m.c.Keys.Global.Refresh.Help().Key, "refresh")
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

// ShortHelp implements common.Pane: what can be done to the selected operation first.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	ko := k.Operations
	return enabled(ko.Stop, k.List.Back, ko.Cancel, ko.Retry, ko.Delete, ko.Pause, ko.Status, ko.Type,
		k.List.Open, ko.Detail)
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	ko := k.Operations
	groups := [][]key.Binding{
		enabled(k.List.Up, k.List.Down, k.List.PageUp, k.List.PageDown, k.List.Top, k.List.Bottom, k.List.Open, k.List.Back),
		enabled(ko.Status, ko.Type, ko.Parents, k.Global.Refresh, ko.Pause, ko.Stop),
		enabled(ko.Cancel, ko.Retry, ko.Delete),
		enabled(ko.Detail, ko.DetailDn, ko.DetailUp, ko.Payload),
	}
	var out [][]key.Binding
	for _, g := range groups {
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// Actions implements common.Actioner: the pane's actions, each filter value, and what
// can be done to the selected operation now.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	k := m.keys
	ko := k.Operations
	a := func(name string, b key.Binding, kind string) common.Action {
		return common.Action{Name: name, Key: b.Help().Key, Msg: common.ActionMsg{Kind: kind}}
	}
	acts := []common.Action{a("Refresh the operations", k.Global.Refresh, doRefresh)}
	if ko.Pause.Enabled() {
		name := "Pause the operations auto-refresh"
		if m.poll.paused {
			name = "Resume the operations auto-refresh"
		}
		acts = append(acts, a(name, ko.Pause, doPause))
	}
	if r := m.selected(); r != nil {
		id := r.short
		if ko.Cancel.Enabled() {
			acts = append(acts, a("Cancel operation "+id, ko.Cancel, doCancel))
		}
		if ko.Retry.Enabled() {
			acts = append(acts, a("Retry operation "+id, ko.Retry, doRetry))
		}
		if ko.Delete.Enabled() {
			acts = append(acts, a("Delete the record of operation "+id, ko.Delete, doDelete))
		}
		if ko.Payload.Enabled() {
			acts = append(acts, a("Load the task payload of operation "+id, ko.Payload, doPayload))
		}
		name := "Show the operation's details"
		if m.detailVisible() {
			name = "Hide the operation's details"
		}
		acts = append(acts, a(name, ko.Detail, doDetail))
	}
	parents := "Operations: hide batch_retain parents"
	if m.filter.excludeParents {
		parents = "Operations: show batch_retain parents"
	}
	acts = append(acts, a(parents, ko.Parents, doParents))
	none := key.Binding{}
	for _, v := range statusValues() {
		if v != m.filter.status {
			acts = append(acts, a("Operations: status "+orAll(v), none, doSetStatus+v))
		}
	}
	for _, v := range typeValues() {
		if v != m.filter.typ {
			acts = append(acts, a("Operations: type "+orAll(v), none, doSetType+v))
		}
	}
	return acts
}

// Selection implements common.Copier: the selected operation's id, and its full
// record as JSON once loaded (else the list's row).
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	r := m.selected()
	if r == nil {
		return "", "", "", false
	}
	var v any = r.op
	if e := m.selectedEntry(); e != nil && e.st != nil {
		v = e.st
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		b = []byte("{}")
	}
	return r.op.ID, "operation " + r.short, string(b), true
}
