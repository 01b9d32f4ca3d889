package retain

import (
	"encoding/json"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// syncKeys enables the bindings that can act now, so help, the footer and the palette
// offer only those. With --read-only every write action is off.
func (m *Model) syncKeys() {
	k := &m.keys.Retain
	st := m.cur
	editable := !m.c.ReadOnly && st != nil && !st.locked()
	var sub *submission
	if st != nil {
		sub = st.sub
	}
	running := sub.running()
	inForm := m.zone == zoneForm
	k.Submit.SetEnabled(editable && !running)
	k.Editor.SetEnabled(editable)
	k.LoadFile.SetEnabled(editable)
	k.Batch.SetEnabled(!m.c.ReadOnly && st != nil && !running)
	m.keys.Transfer.RetainFile.SetEnabled(!m.c.ReadOnly && st != nil)
	k.Cancel.SetEnabled(!inForm && sub != nil && (running || sub.check.busy()))
	k.Toggle.SetEnabled(inForm && editable && (st.form.focus == fAsync || st.form.focus == fUpdateMode))
	k.Leave.SetEnabled(inForm && editable)
	k.Edit.SetEnabled(!inForm && editable)
	k.Check.SetEnabled(!m.c.ReadOnly && sub.accepted() && sub.docID != "" && sub.phrase != "")
	k.Follow.SetEnabled(!inForm && sub != nil && sub.follow.opID != "" && !sub.follow.done && !sub.follow.active)
	k.Clear.SetEnabled(!inForm && editable)
	m.keys.Extract.Preview.SetEnabled(!m.c.ReadOnly && st != nil)
	switch {
	case sub != nil && sub.busy:
		k.Cancel.SetHelp("esc", "cancel the retain")
	case sub != nil && sub.follow.active:
		k.Cancel.SetHelp("esc", "stop following")
	default:
		k.Cancel.SetHelp("esc", "stop the check")
	}
	if sub != nil && sub.check.res != nil {
		k.Check.SetHelp(k.Check.Help().Key, "check recall again")
	} else {
		k.Check.SetHelp(k.Check.Help().Key, "recallable?")
	}
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

// nextField is tab's help in the form.
func nextField() key.Binding {
	return key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field"))
}

// ShortHelp implements common.Pane: the keys of where the input is.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys.Retain
	if m.zone == zoneForm && m.focused {
		return enabled(k.Submit, k.Check, m.keys.Extract.Preview, nextField(), k.Leave, k.Toggle, k.Editor, k.LoadFile, k.Batch)
	}
	return enabled(k.Edit, k.Submit, k.Check, m.keys.Extract.Preview, k.Cancel, k.Follow, k.Batch, k.Clear)
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys.Retain
	f := m.keys.Form
	groups := [][]key.Binding{
		enabled(k.Submit, nextField(), f.PrevField, k.Toggle, k.Leave),
		enabled(k.Editor, k.LoadFile, k.Batch, m.keys.Transfer.RetainFile, m.keys.Extract.Preview),
		enabled(k.Edit, k.Check, k.Cancel, k.Follow, k.Clear),
	}
	var out [][]key.Binding
	for _, g := range groups {
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	return append(out, m.editorHelp()...)
}

// editorHelp is the keys of the multi-line editor where it takes the typing: in the
// content or metadata field, or outside the fields when one of them is where e goes
// back to.
func (m *Model) editorHelp() [][]key.Binding {
	st := m.cur
	if m.c.ReadOnly || st == nil || st.locked() || st.form.area(st.form.focus) == nil {
		return nil
	}
	return st.form.content.KeyMap().FullHelp()
}

// Actions implements common.Actioner: every action the pane can take now, so each is
// one palette search away. Read-only mode has none: retain writes.
func (m *Model) Actions() []common.Action {
	if m.c.ReadOnly || m.cur == nil {
		return nil
	}
	k := m.keys.Retain
	a := func(name string, b key.Binding, do string) common.Action {
		return common.Action{Name: name, Key: b.Help().Key, Msg: common.ActionMsg{Kind: do}}
	}
	var acts []common.Action
	add := func(b key.Binding, name, do string) {
		if b.Enabled() {
			acts = append(acts, a(name, b, do))
		}
	}
	add(k.Submit, "Retain the form into "+sanitize.Line(m.bank), doSubmit)
	if !m.cur.locked() {
		acts = append(acts, a("Edit the retain form", k.Edit, doEdit))
	}
	add(k.Editor, "Retain: edit the content in $EDITOR", doEditor)
	add(k.LoadFile, "Retain: content from a file", doLoad)
	add(k.Batch, "Retain a batch of items from a JSON or JSONL file", doBatch)
	add(m.keys.Transfer.RetainFile, "Retain a file (upload)", doUpload)
	add(m.keys.Extract.Preview, "Extraction preview: what a retain of the form would store", doPreview)
	sub := m.cur.sub
	if sub.accepted() && sub.docID != "" && sub.phrase != "" {
		acts = append(acts, a("Check that recall finds the retained memory", k.Check, doCheck))
	}
	if sub != nil && sub.follow.opID != "" && !sub.follow.done && !sub.follow.active {
		acts = append(acts, a("Follow the retain operation again", k.Follow, doFollow))
	}
	if sub != nil && (sub.running() || sub.check.busy()) {
		acts = append(acts, a("Retain: "+k.Cancel.Help().Desc, k.Cancel, doCancel))
	}
	if !m.cur.locked() {
		acts = append(acts, a("Clear the retain form and its draft", k.Clear, doClear))
	}
	return acts
}

// Selection implements common.Copier: y copies the last retain's operation id (or,
// for a sync retain, its document id), Y the request it sent and the server's answer.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	if m.cur == nil || !m.cur.sub.accepted() {
		return "", "", "", false
	}
	sub := m.cur.sub
	id, what = sub.docID, "document "+sanitize.Line(sub.docID)
	if sub.follow.opID != "" {
		id, what = sub.follow.opID, "retain operation "+sub.follow.opID
	}
	if id == "" {
		return "", "", "", false
	}
	b, err := json.MarshalIndent(map[string]any{"request": sub.req, "response": sub.resp}, "", "  ")
	if err != nil {
		return "", "", "", false
	}
	return id, what, string(b), true
}
