package documents

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// Document transfer: X exports the bank's documents (all of them, the selected one,
// or the ones the filters list) to a zip the server builds in an operation, which the
// pane follows, downloads and saves; I imports such a zip into a bank, after a
// confirmation naming the bank and what happens to ids it already has.

// The pane's transfer actions (common.ActionMsg.Kind).
const (
	doExport = "export"
	doImport = "import"
)

// Export scopes.
const (
	scopeAll      = "all"
	scopeSelected = "selected"
	scopeListed   = "listed"
)

// filtered reports whether the list shows less than the whole bank.
func (m *Model) filtered() bool { return m.query != "" || len(m.tags.Tags()) > 0 }

// exportScopes are the scopes the pane can offer now.
func (m *Model) exportScopes() []components.Choice {
	out := []components.Choice{{Value: scopeAll, Label: "whole bank", Note: "Every document of " + sanitize.Line(m.bank) + "."}}
	if d := m.target(); d != nil {
		out = append(out, components.Choice{Value: scopeSelected, Label: "selected document",
			Note: "Document " + components.Truncate(sanitize.Line(d.ID), 48) + "."})
	}
	if m.filtered() && m.list.loaded && m.list.total > 0 {
		out = append(out, components.Choice{Value: scopeListed, Label: "listed documents",
			Note: "The " + common.Plural(m.list.total, "document", "documents") + " the filters list."})
	}
	return out
}

// openExport asks what to export, then queues the export and follows it.
func (m *Model) openExport() tea.Cmd {
	scope := components.NewChoiceField(m.c, "Export", m.exportScopes(), "document_id")
	obs := components.NewChoiceField(m.c, "Observations", []components.Choice{
		{Value: "no", Label: "leave out", Note: "Documents and the facts extracted from them."},
		{Value: "yes", Label: "include", Note: "The bank's observations too (a whole-bank export only)."},
	}, "include_observations")
	c, bank, params := m.c, m.bank, m.params(0)
	var selected string
	if d := m.target(); d != nil {
		selected = d.ID
	}
	submit := func() (components.Request, error) {
		sc, withObs := scope.Value(), obs.Value() == "yes"
		if withObs && sc != scopeAll {
			return nil, components.Invalid{"include_observations": "observations go only with a whole-bank export"}
		}
		return func(ctx context.Context) (tea.Cmd, error) {
			p := client.ExportDocumentsParams{IncludeObservations: withObs}
			switch sc {
			case scopeSelected:
				p.DocumentIDs = []string{selected}
			case scopeListed:
				ids, err := listedIDs(ctx, c.Client, bank, params)
				if err != nil {
					return nil, err
				}
				p.DocumentIDs = ids
			}
			sub, err := c.Client.ExportDocuments(ctx, bank, p)
			if err != nil {
				return nil, err
			}
			d := components.NewOperationDialog(c, "Exporting documents of "+sanitize.Line(bank), "document export",
				bank, sub.OperationID, exportFinish(c, bank))
			return tea.Batch(common.OpenDialog(d),
				common.Emit(common.OperationStartedMsg{BankID: bank, OperationID: sub.OperationID, Kind: "export_documents"})), nil
		}, nil
	}
	title := "Export documents of " + components.Truncate(sanitize.Line(bank), 40)
	return common.OpenDialog(components.NewForm(c, title, "export documents", "export", submit, scope, obs))
}

// listedIDs pages through the documents the filters list, for an export of them.
func listedIDs(ctx context.Context, cl *client.Client, bank string, p client.ListDocumentsParams) ([]string, error) {
	var ids []string
	for p.Offset = 0; ; p.Offset += pageSize {
		page, err := cl.ListDocuments(ctx, bank, p)
		if err != nil {
			return nil, fmt.Errorf("list the documents to export: %w", err)
		}
		for _, d := range page.Items {
			ids = append(ids, d.ID)
		}
		if len(page.Items) < pageSize || len(ids) >= page.Total {
			return ids, nil
		}
	}
}

// exportFinish downloads a finished export's archive and asks where to save it.
func exportFinish(c *common.Common, bank string) components.Finish {
	return func(ctx context.Context, st *client.OperationStatus) (components.Outcome, error) {
		res := st.ExportResult()
		if res == nil {
			return components.Outcome{}, errors.New("the export completed without saying where its archive is")
		}
		where := res.DownloadURL
		if where == "" {
			where = res.StorageKey
		}
		f, err := c.Client.DownloadFile(ctx, where)
		if err != nil {
			return components.Outcome{}, fmt.Errorf("download the export: %w", err)
		}
		data := string(f.Data)
		// The size goes first: a narrow toast keeps the start and the end (the path).
		what := fmt.Sprintf("the %s export of %s", components.ByteSize(int64(len(f.Data))), sanitize.Line(bank))
		name := "hindsight-documents-" + components.FileSafe(bank) + ".zip"
		return components.Outcome{Close: true, Then: components.SaveFile(c, what, name, func() string { return data })}, nil
	}
}

// conflictChoices are the import's on_conflict values, each with what it does.
func conflictChoices() []components.Choice {
	return []components.Choice{
		{Value: client.ConflictSkip, Label: "skip", Note: "A document whose id the bank has stays as it is; the archive's is left out."},
		{Value: client.ConflictReplace, Label: "replace", Note: "The archive's document replaces the bank's, with its facts."},
		{Value: client.ConflictNewID, Label: "new id", Note: "The archive's document goes in beside the bank's, under a new id."},
	}
}

// conflictSentence says what an import does with ids the bank has.
func conflictSentence(onConflict string) string {
	switch onConflict {
	case client.ConflictReplace:
		return "Documents whose id the bank already has are replaced, with their facts."
	case client.ConflictNewID:
		return "Documents whose id the bank already has go in beside them under new ids."
	}
	return "Documents whose id the bank already has are skipped."
}

// openImport asks for an archive, the bank and the conflict policy; the file is read
// and checked in the command, then a confirmation names the bank before anything is
// sent.
func (m *Model) openImport() tea.Cmd {
	if m.c.ReadOnly {
		return nil
	}
	path := components.NewTextField(m.c, "Archive", "a transfer zip, e.g. ./hindsight-documents-demo.zip", "path", "file")
	into := components.NewTextField(m.c, "Into bank (created if missing)", "bank id", "bank_id")
	into.SetValue(m.bank)
	conflict := components.NewChoiceField(m.c, "Documents whose id the bank has", conflictChoices(), "on_conflict")
	c := m.c
	submit := func() (components.Request, error) {
		p, bank, onConflict := strings.TrimSpace(path.Value()), strings.TrimSpace(into.Value()), conflict.Value()
		bad := components.Invalid{}
		if p == "" {
			bad["path"] = "type the path of a transfer zip"
		}
		if bank == "" {
			bad["bank_id"] = "type the bank to import into"
		}
		if len(bad) > 0 {
			return nil, bad
		}
		return func(context.Context) (tea.Cmd, error) {
			abs, data, err := readArchive(p)
			if err != nil {
				return nil, components.Invalid{"path": err.Error()}
			}
			return common.OpenDialog(confirmImport(c, bank, abs, data, onConflict)), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(c, "Import documents", "import documents", "next", submit, path, into, conflict))
}

// readArchive reads a transfer zip: a file the server takes, that starts like a zip.
func readArchive(path string) (string, []byte, error) {
	abs, data, err := components.ReadLocal(path, components.ServerFileLimit)
	if err != nil {
		return "", nil, err
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return "", nil, fmt.Errorf("%s is not a zip archive (a transfer archive is what X exports)", abs)
	}
	return abs, data, nil
}

// confirmImport asks before importing data into bank; the import is queued on enter
// and followed in its own dialog. A failure stays in the confirmation, which still
// holds the archive: enter tries again.
func confirmImport(c *common.Common, bank, abs string, data []byte, onConflict string) *components.Confirm {
	name := filepath.Base(abs)
	req := func(ctx context.Context) (tea.Cmd, error) {
		sub, err := c.Client.ImportDocuments(ctx, bank, bytes.NewReader(data), name, onConflict)
		if err != nil {
			return nil, err
		}
		d := components.NewOperationDialog(c, "Importing documents into "+sanitize.Line(bank), "document import",
			bank, sub.OperationID, importFinish(bank))
		return tea.Batch(common.OpenDialog(d),
			common.Emit(common.OperationStartedMsg{BankID: bank, OperationID: sub.OperationID, Kind: "import_documents"})), nil
	}
	msg := fmt.Sprintf("Import %s (%s) into bank %s? %s A bank that does not exist is created.",
		sanitize.Line(abs), components.ByteSize(int64(len(data))), sanitize.Line(bank), conflictSentence(onConflict))
	return components.NewConfirm(c, "Import documents into "+components.Truncate(sanitize.Line(bank), 40), msg, "",
		"import documents into "+bank, "import", req)
}

// importFinish reports a finished import's counts; closing the dialog reloads what
// it changed (the documents list keeps its cursor on its document).
func importFinish(bank string) components.Finish {
	return func(_ context.Context, st *client.OperationStatus) (components.Outcome, error) {
		r := st.ImportResult()
		if r == nil {
			r = &client.DocumentImport{}
		}
		then := tea.Batch(
			common.Toast(fmt.Sprintf("Imported %s into %s", common.Plural(r.DocumentsImported, "document", "documents"), sanitize.Line(bank))),
			common.Emit(common.MemoryChangedMsg{BankID: bank, Change: common.MemoryRetained}),
			common.Emit(common.BanksChangedMsg{}))
		return components.Outcome{Lines: importLines(bank, r), Then: then}, nil
	}
}

// importLines are an import's counts in sentences.
func importLines(bank string, r *client.DocumentImport) []string {
	lines := []string{fmt.Sprintf("Imported %s with %s into %s.", common.Plural(r.DocumentsImported, "document", "documents"),
		common.Plural(r.FactsImported, "fact", "facts"), sanitize.Line(bank))}
	if r.DocumentsSkipped > 0 {
		l := "Skipped " + common.Plural(r.DocumentsSkipped, "document", "documents") + " the bank already had"
		if len(r.SkippedDocumentIDs) > 0 {
			l += ": " + idList(r.SkippedDocumentIDs)
		}
		lines = append(lines, l+".")
	}
	if r.ObservationsImported > 0 || r.ObservationsSkipped > 0 {
		lines = append(lines, fmt.Sprintf("Observations: %s imported, %s skipped.",
			common.Thousands(r.ObservationsImported), common.Thousands(r.ObservationsSkipped)))
	}
	if n := len(r.RemappedDocumentIDs); n > 0 {
		lines = append(lines, fmt.Sprintf("%s under new ids.", common.Plural(n, "document went in", "documents went in")))
	}
	return lines
}

// idList is the first few ids and how many more.
func idList(ids []string) string {
	const show = 3
	parts := make([]string, 0, show)
	for i, id := range ids {
		if i == show {
			return strings.Join(parts, ", ") + fmt.Sprintf(" and %d more", len(ids)-show)
		}
		parts = append(parts, components.Truncate(sanitize.Line(id), 32))
	}
	return strings.Join(parts, ", ")
}
