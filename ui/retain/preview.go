package retain

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// doPreview opens the extraction preview of the form.
const doPreview = "preview"

// previewRequest is the dry run of what the form holds: its content, context and
// timestamp as buildRequest sends them, and the problem that stops it ("" when none).
// The form is only read: the draft stays exactly as it is.
func previewRequest(v values) (client.DryRunExtractRequest, string) {
	item, errs := buildItem(v, "")
	if msg, ok := errs[fContent]; ok {
		return client.DryRunExtractRequest{}, msg
	}
	if msg, ok := errs[fTimestamp]; ok {
		return client.DryRunExtractRequest{}, "timestamp: " + msg
	}
	r := client.DryRunExtractRequest{Content: item.Content, Context: item.Context}
	if item.Timestamp != client.TimestampUnset {
		r.Timestamp = item.Timestamp
	}
	return r, ""
}

// previewNotes says what a dry run of v leaves out that a retain would send.
func previewNotes(v values) []string {
	var left []string
	if strings.TrimSpace(v.Entities) != "" {
		left = append(left, "the entity hints")
	}
	if strings.TrimSpace(v.DocumentID) != "" && v.Append {
		left = append(left, "the text already in the document (append)")
	}
	if len(left) == 0 {
		return nil
	}
	return []string{"A dry run leaves out " + strings.Join(left, " and ") + "; the facts' texts and types are what a retain would store."}
}

// openPreview shows what a retain of the form would store, as a dialog over it.
func (m *Model) openPreview() tea.Cmd {
	st := m.cur
	v := st.form.values()
	req, problem := previewRequest(v)
	if problem != "" {
		return common.Toast("extraction preview: " + problem)
	}
	return common.OpenDialog(components.NewExtractDialog(m.c, components.ExtractSource{
		BankID: st.bank, What: "the retain form", Request: req, Notes: previewNotes(v)}))
}
