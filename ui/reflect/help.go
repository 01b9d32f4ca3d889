package reflect

import (
	"charm.land/bubbles/v2/key"
)

// syncKeys enables the bindings that can act now, so help, the footer and the palette
// offer only those.
func (m *Model) syncKeys() {
	k := &m.keys
	base := m.c.Keys
	hasBank := m.bank != ""
	t := m.cur.selected()
	answered := t != nil && t.state == turnAnswered
	waiting := m.cur.waiting() != nil
	k.Reflect.Ask.SetEnabled(hasBank)
	k.Reflect.Params.SetEnabled(hasBank)
	k.Reflect.Reset.SetEnabled(hasBank)
	k.Reflect.Tools.SetEnabled(hasBank)
	k.Reflect.Schema.SetEnabled(hasBank)
	k.Reflect.Export.SetEnabled(hasBank && len(m.cur.turns) > 0)
	k.Reflect.Cancel.SetEnabled(waiting)
	k.Reflect.Send.SetEnabled(hasBank && !waiting)
	k.Reflect.Evidence.SetEnabled(answered && (len(t.evidence) > 0 || len(t.tools) > 0))
	if t != nil && t.expanded {
		k.Reflect.Evidence.SetHelp(base.Reflect.Evidence.Help().Key, "hide evidence")
	} else {
		k.Reflect.Evidence.SetHelp(base.Reflect.Evidence.Help().Key, "show evidence")
	}
	if m.cur.params.tools {
		k.Reflect.Tools.SetHelp(base.Reflect.Tools.Help().Key, "tool calls off")
	} else {
		k.Reflect.Tools.SetHelp(base.Reflect.Tools.Help().Key, "tool calls on")
	}
	k.Global.Refresh.SetEnabled(t != nil && !waiting && (t.state == turnFailed || t.state == turnCancelled))
	k.Global.Refresh.SetHelp(base.Global.Refresh.Help().Key, "ask again")
	k.Global.CopyID.SetEnabled(answered)
	k.Global.CopyID.SetHelp(base.Global.CopyID.Help().Key, "copy answer")
	k.Global.CopyJSON.SetEnabled(answered)
	k.Reflect.Directive.SetEnabled(answered && !m.c.ReadOnly)
	k.Global.CopyJSON.SetHelp(base.Global.CopyJSON.Help().Key, "copy response JSON")
	k.Compare.Open.SetEnabled(answered)
	open := t != nil && m.cur.sel.item >= 0 && m.cur.sel.item < len(t.evidence)
	k.List.Open.SetEnabled(open || k.Reflect.Evidence.Enabled())
	switch {
	case open && t.evidence[m.cur.sel.item].kind == evMemory:
		k.List.Open.SetHelp("enter", "open memory")
	case open && t.evidence[m.cur.sel.item].kind == evTool:
		k.List.Open.SetHelp("enter", "show/hide input and output")
	case open && t.evidence[m.cur.sel.item].kind == evModel:
		k.List.Open.SetHelp("enter", "show/hide content")
	case open:
		k.List.Open.SetHelp("enter", "show/hide text")
	default:
		k.List.Open.SetHelp("enter", k.Reflect.Evidence.Help().Desc)
	}
	nav := len(m.cur.turns) > 0
	for _, b := range []*key.Binding{&k.List.Up, &k.List.Down, &k.List.PageUp, &k.List.PageDown, &k.List.Top, &k.List.Bottom} {
		b.SetEnabled(nav)
	}
	m.syncCompareKeys()
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
	if m.comparing() {
		return m.compareShortHelp()
	}
	if m.focused {
		switch m.zone {
		case zoneComposer:
			leave := k.Reflect.Leave
			leave.SetEnabled(len(m.cur.turns) > 0 && !k.Reflect.Cancel.Enabled())
			leave.SetHelp(leave.Help().Key, "transcript")
			return enabled(k.Reflect.Send, k.Reflect.Newline, k.Reflect.Cancel, leave,
				key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "parameters")))
		case zoneBar:
			return enabled(k.Reflect.NextItem, k.Reflect.Toggle, k.Reflect.Schema, k.Reflect.Leave)
		}
	}
	open := k.List.Open
	open.SetEnabled(open.Enabled() && m.cur.sel.item >= 0) // on a turn, enter is space
	return enabled(k.Reflect.Ask, k.Reflect.Cancel, open, k.Reflect.Evidence, k.Global.Refresh,
		k.Reflect.Params, k.Reflect.Tools, k.Reflect.Export, k.Global.CopyID, k.Compare.Open)
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	if m.comparing() {
		return m.compareFullHelp()
	}
	open := k.List.Open
	open.SetEnabled(open.Enabled() && m.cur.sel.item >= 0) // on a turn, enter is space
	editor := m.editorHelp()
	newline := k.Reflect.Newline
	newline.SetEnabled(newline.Enabled() && len(editor) == 0) // the editor's keys list it
	var out [][]key.Binding
	for _, g := range [][]key.Binding{
		enabled(k.Reflect.Ask, k.Reflect.Send, newline, k.Reflect.Cancel, k.Global.Refresh),
		enabled(k.List.Up, k.List.Down, k.List.PageUp, k.List.PageDown, k.List.Top, k.List.Bottom, open,
			k.Reflect.Evidence),
		enabled(k.Reflect.Params, k.Reflect.NextItem, k.Reflect.PrevItem, k.Reflect.Toggle, k.Reflect.Leave,
			k.Reflect.Reset, k.Reflect.Tools, k.Reflect.Schema),
		enabled(k.Global.CopyID, k.Global.CopyJSON, k.Reflect.Export, k.Reflect.Directive, k.Compare.Open),
	} {
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	return append(out, editor...)
}

// editorHelp is the composer's keys, while it has the typing or is what the ask key
// goes back to (from the transcript); not in the parameter bar, whose fields are one
// line each.
func (m *Model) editorHelp() [][]key.Binding {
	if m.bank == "" || m.zone == zoneBar {
		return nil
	}
	return m.composer.KeyMap().FullHelp()
}
