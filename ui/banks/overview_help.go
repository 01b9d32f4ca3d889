package banks

import (
	"charm.land/bubbles/v2/key"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// syncKeys enables the bindings that can act now; writes are off in read-only mode.
func (o *Overview) syncKeys() {
	shown := o.bankID != "" && !o.deleted
	o.keys.Banks.Create.SetEnabled(!o.c.ReadOnly)
	o.keys.Banks.Edit.SetEnabled(!o.c.ReadOnly && o.profile != nil && !o.deleted)
	o.keys.Banks.Delete.SetEnabled(!o.c.ReadOnly && shown)
	o.keys.Global.Refresh.SetEnabled(shown)
}

// ShortHelp implements common.Pane.
func (o *Overview) ShortHelp() []key.Binding {
	k := o.keys
	return enabled(k.List.Down, k.List.Up, k.Banks.Edit, k.Banks.Delete, k.Global.Refresh)
}

// FullHelp implements common.Pane.
func (o *Overview) FullHelp() [][]key.Binding {
	k := o.keys
	var out [][]key.Binding
	for _, g := range [][]key.Binding{
		enabled(k.List.Up, k.List.Down, k.List.PageUp, k.List.PageDown, k.List.Top, k.List.Bottom),
		enabled(k.Global.Refresh),
		enabled(k.Banks.Create, k.Banks.Edit, k.Banks.Delete),
	} {
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// Actions implements common.Actioner; writes are absent in read-only mode.
func (o *Overview) Actions() []common.Action {
	if o.bankID == "" || o.deleted {
		return nil
	}
	k := o.keys
	id := sanitize.Line(o.bankID)
	acts := []common.Action{{Name: "Refresh bank overview", Key: k.Global.Refresh.Help().Key, Msg: common.ActionMsg{Kind: doRefresh}}}
	if o.c.ReadOnly {
		return acts
	}
	if o.profile != nil {
		acts = append(acts, common.Action{Name: "Edit bank " + id, Key: k.Banks.Edit.Help().Key, Msg: common.ActionMsg{Kind: doEdit}})
	}
	return append(acts, common.Action{Name: "Delete bank " + id, Key: k.Banks.Delete.Help().Key, Msg: common.ActionMsg{Kind: doDelete}})
}

// overviewJSON is what Y copies: everything the overview shows.
type overviewJSON struct {
	Profile any `json:"profile"`
	Stats   any `json:"stats,omitempty"`
}

// Selection implements common.Copier: the bank's id, and its profile with its counters.
func (o *Overview) Selection() (id, what, jsonText string, ok bool) {
	if o.profile == nil || o.deleted {
		return "", "", "", false
	}
	v := overviewJSON{Profile: o.profile}
	if o.stats != nil {
		v.Stats = o.stats
	}
	return o.bankID, "bank " + sanitize.Line(o.bankID), indentJSON(v), true
}
