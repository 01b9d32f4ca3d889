package documents

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// doneMsg reports a write that succeeded.
type doneMsg struct {
	bank    string
	id      string
	do      string
	tags    []string // doEditTags: the tags saved
	deleted int      // doDelete: memories deleted
	opID    string   // doReprocess: the operation queued
}

// editTags opens a form with the document's tags; saving re-tags its memories too.
func (m *Model) editTags() tea.Cmd {
	d := m.target()
	if d == nil || m.c.ReadOnly {
		return nil
	}
	field := components.NewTagField(m.c, "Tags", m.bank, d.Tags, "tags")
	bank, id, cl := m.bank, d.ID, m.c.Client
	submit := func() (components.Request, error) {
		tags := field.Value()
		return func(ctx context.Context) (tea.Cmd, error) {
			if err := cl.SetDocumentTags(ctx, bank, id, tags); err != nil {
				return nil, err
			}
			return common.Emit(doneMsg{bank: bank, id: id, do: doEditTags, tags: tags}), nil
		}, nil
	}
	title := "Tags of " + components.Truncate(sanitize.Line(id), 40)
	return common.OpenDialog(components.NewForm(m.c, title, "edit document tags", "save", submit, field))
}

// confirmReprocess asks before re-running retain on the document's stored text.
func (m *Model) confirmReprocess() tea.Cmd {
	d := m.target()
	if d == nil || m.c.ReadOnly {
		return nil
	}
	bank, id, cl := m.bank, d.ID, m.c.Client
	req := func(ctx context.Context) (tea.Cmd, error) {
		res, err := cl.ReprocessDocument(ctx, bank, id)
		if err != nil {
			return nil, err
		}
		return common.Emit(doneMsg{bank: bank, id: id, do: doReprocess, opID: res.OperationID}), nil
	}
	msg := fmt.Sprintf("Reprocess document %s? Retain runs again on its stored text with the bank's current configuration; its %s are extracted anew.",
		sanitize.Line(id), common.Plural(d.MemoryUnitCount, "memory", "memories"))
	return common.OpenDialog(components.NewConfirm(m.c, "Reprocess document", msg, "", "reprocess document", "reprocess", req))
}

// confirmDelete asks before deleting the document and every memory extracted from it.
func (m *Model) confirmDelete() tea.Cmd {
	d := m.target()
	if d == nil || m.c.ReadOnly {
		return nil
	}
	bank, id, cl := m.bank, d.ID, m.c.Client
	req := func(ctx context.Context) (tea.Cmd, error) {
		res, err := cl.DeleteDocument(ctx, bank, id)
		if err != nil {
			return nil, err
		}
		return common.Emit(doneMsg{bank: bank, id: id, do: doDelete, deleted: res.MemoryUnitsDeleted}), nil
	}
	return common.OpenDialog(components.NewConfirm(m.c, "Delete document", deleteMessage(id, d.MemoryUnitCount),
		"", "delete document", "delete", req))
}

// deleteMessage is the delete confirmation's question.
func deleteMessage(id string, memories int) string {
	return fmt.Sprintf("Delete document %s and its %s? This cannot be undone.",
		sanitize.Line(id), common.Plural(memories, "memory", "memories"))
}

// onDone shows what a write did and refreshes what it changed.
func (m *Model) onDone(msg doneMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	short := components.Truncate(sanitize.Line(msg.id), 40)
	switch msg.do {
	case doEditTags:
		for i := range m.list.items {
			if m.list.items[i].ID == msg.id {
				m.list.items[i].Tags = slices.Clone(msg.tags)
			}
		}
		if m.det.doc != nil && m.det.doc.ID == msg.id {
			m.det.doc.Tags = slices.Clone(msg.tags)
			m.det.view = viewCache{}
		}
		m.list.version++
		m.tags.Reload()
		return common.Toast("Saved the tags of " + short)
	case doReprocess:
		text := "Reprocessing " + short
		if msg.opID != "" {
			text += ": operation " + sanitize.Line(msg.opID)
		}
		return tea.Batch(common.Toast(text),
			common.Emit(common.OperationStartedMsg{BankID: msg.bank, OperationID: msg.opID}),
			common.Emit(common.BanksChangedMsg{}))
	case doDelete:
		if m.det.id == msg.id {
			m.open = false
			m.det.stop()
			m.det = detail{seq: m.det.seq}
		}
		i := slices.IndexFunc(m.list.items, func(d client.Document) bool { return d.ID == msg.id })
		if i >= 0 {
			m.list.items = slices.Delete(m.list.items, i, i+1)
			m.list.total = max(m.list.total-1, 0)
			m.list.version++
			m.cursor = min(m.cursor, max(len(m.list.items)-1, 0))
			m.ensureVisible()
		}
		return tea.Batch(common.Toast(fmt.Sprintf("Deleted document %s and %s", short,
			common.Plural(msg.deleted, "memory", "memories"))), common.Emit(common.BanksChangedMsg{}))
	}
	return nil
}
