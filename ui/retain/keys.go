package retain

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// handleKey routes a key: the ctrl chords act anywhere in the pane; other keys are
// typing in the form, or the single-letter actions outside it.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.c.ReadOnly || m.cur == nil {
		return nil
	}
	kr := m.keys.Retain
	switch {
	case key.Matches(k, kr.Submit):
		return m.do(doSubmit)
	case key.Matches(k, kr.Editor):
		return m.do(doEditor)
	case key.Matches(k, kr.LoadFile):
		return m.do(doLoad)
	case key.Matches(k, kr.Batch):
		return m.do(doBatch)
	case key.Matches(k, m.keys.Transfer.RetainFile):
		return m.do(doUpload)
	case key.Matches(k, m.keys.Extract.Preview):
		return m.do(doPreview)
	case key.Matches(k, kr.Check) && (m.zone != zoneForm || k.Text == ""):
		// Its chord works from the fields too, where a plain letter is typing: the
		// retain ends while the cursor is back in the content.
		return m.do(doCheck)
	}
	if m.zone == zoneForm {
		return m.formKey(k)
	}
	return m.idleKey(k)
}

// formKey edits the focused field. tab and shift+tab move between fields (so a
// literal tab cannot be typed in the content; $EDITOR can), enter ends a one-line
// field or a switch and starts a new line in the multi-line ones, and up/down leave a
// multi-line field only from its first or last row.
func (m *Model) formKey(k tea.KeyPressMsg) tea.Cmd {
	st := m.cur
	f := st.form
	s := k.String()
	if f.focus == fTags && s != "esc" && s != "shift+tab" {
		before := f.tags.Value()
		handled, changed, cmd := f.tags.HandleKey(k)
		if handled {
			if changed || f.tags.Value() != before {
				delete(f.errs, fTags)
				return tea.Batch(cmd, m.changed(st))
			}
			return cmd
		}
	}
	area := f.area(f.focus)
	switch {
	case s == "esc":
		return m.leaveForm()
	case s == "tab":
		return f.move(1)
	case s == "shift+tab":
		return f.move(-1)
	case area == nil && (s == "down" || s == "enter"):
		return f.move(1)
	case area == nil && s == "up":
		return f.move(-1)
	case area != nil && s == "up" && area.CursorOnFirstRow():
		return f.move(-1)
	case area != nil && s == "down" && area.CursorOnLastRow():
		return f.move(1)
	}
	changed, cmd := f.edit(k)
	if !changed {
		return cmd
	}
	return tea.Batch(cmd, m.changed(st))
}

// idleKey handles the keys outside the fields.
func (m *Model) idleKey(k tea.KeyPressMsg) tea.Cmd {
	kr := m.keys.Retain
	switch {
	case key.Matches(k, kr.Cancel):
		return m.do(doCancel)
	case key.Matches(k, kr.Edit):
		return m.do(doEdit)
	case key.Matches(k, kr.Follow):
		return m.do(doFollow)
	case key.Matches(k, kr.Clear):
		return m.do(doClear)
	}
	return nil
}

// paste goes to the focused field.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	if m.c.ReadOnly || m.cur == nil || m.zone != zoneForm {
		return nil
	}
	changed, cmd := m.cur.form.edit(msg)
	if !changed {
		return cmd
	}
	return tea.Batch(cmd, m.changed(m.cur))
}

// click focuses the field under the pointer.
func (m *Model) click(msg tea.MouseClickMsg) tea.Cmd {
	st := m.cur
	if m.c.ReadOnly || st == nil || st.locked() {
		return nil
	}
	y := msg.Mouse().Y
	for _, r := range m.rows {
		if y >= r.top && y < r.top+r.height {
			m.zone = zoneForm
			return st.form.focusField(r.f)
		}
	}
	return nil
}

// The pane's actions, done by its keys and, as the kind of a common.ActionMsg, by the
// command palette.
const (
	doSubmit = "submit"
	doEditor = "editor"
	doLoad   = "load"
	doBatch  = "batch"
	doCancel = "cancel"
	doEdit   = "edit"
	doCheck  = "check"
	doFollow = "follow"
	doClear  = "clear"
)

// do performs an action.
func (m *Model) do(kind string) tea.Cmd {
	if m.c.ReadOnly || m.cur == nil {
		return nil
	}
	switch kind {
	case doSubmit:
		return m.submitForm()
	case doEditor:
		return m.openEditor()
	case doLoad:
		return m.openLoad()
	case doBatch:
		return m.openBatch()
	case doUpload:
		return m.openUpload()
	case doCancel:
		return m.cancel()
	case doEdit:
		return m.enterForm()
	case doCheck:
		return m.startCheck()
	case doFollow:
		return m.resumeFollow()
	case doClear:
		return m.confirmClear()
	case doPreview:
		return m.openPreview()
	}
	return nil
}

// clearMsg is a confirmed clear of bank's form, which the confirmation hands back as
// it closes.
type clearMsg struct{ bank string }

// confirmClear asks before emptying the form (and deleting its draft).
func (m *Model) confirmClear() tea.Cmd {
	st := m.cur
	if st.locked() {
		return nil
	}
	confirmed := common.Emit(clearMsg{bank: st.bank})
	req := func(context.Context) (tea.Cmd, error) { return confirmed, nil }
	return common.OpenDialog(components.NewConfirm(m.c, "Clear the retain form",
		"Everything typed in the form for "+sanitize.Line(st.bank)+" goes, and so does its saved draft.",
		"", "clear the retain form", "clear", req))
}

// clearForm empties bank's form; the next save removes the draft.
func (m *Model) clearForm(bank string) tea.Cmd {
	st := m.banks[bank]
	if st == nil || m.c.ReadOnly || st.locked() {
		return nil
	}
	st.form.setValues(values{Async: st.form.async})
	st.form.focus = fContent
	st.scroll = 0
	st.pending = nil
	st.restoredAt = time.Time{}
	cmd := m.changed(st)
	st.formErr = ""
	var focus tea.Cmd
	if st == m.cur {
		focus = m.enterForm()
	}
	return tea.Batch(cmd, m.flushDraft(st), focus)
}
