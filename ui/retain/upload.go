package retain

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// File retain (ctrl+t): a file goes to the server as it is, which converts it to text
// (PDF, Office, markdown…) and retains it in an operation the pane follows in a
// dialog. It is its own form: the retain form and its draft are not touched.

// doUpload is the file retain action (common.ActionMsg.Kind).
const doUpload = "upload"

// openUpload asks for a file and what to retain it with: a document id, a context
// and tags, all optional.
func (m *Model) openUpload() tea.Cmd {
	if m.c.ReadOnly || m.cur == nil {
		return nil
	}
	c, bank := m.c, m.cur.bank
	path := components.NewTextField(c, "File", "a file to upload, e.g. ~/reports/q3.pdf", "files", "path")
	docID := components.NewTextField(c, "Document id (optional)", "default: file_<uuid>", "document_id")
	ctxField := components.NewTextField(c, "Context (optional)", "what the file is, e.g. quarterly report", "context")
	tags := components.NewTagField(c, "Tags (optional)", bank, nil, "tags")
	submit := func() (components.Request, error) {
		p := strings.TrimSpace(path.Value())
		if p == "" {
			return nil, components.Invalid{"path": "type the path of the file to retain"}
		}
		meta := client.FileMetadata{DocumentID: strings.TrimSpace(docID.Value()),
			Context: strings.TrimSpace(ctxField.Value()), Tags: tags.Value()}
		return func(ctx context.Context) (tea.Cmd, error) {
			name, data, err := readUpload(p)
			if err != nil {
				return nil, components.Invalid{"path": err.Error()}
			}
			return retainFile(ctx, c, bank, name, data, meta)
		}, nil
	}
	title := "Retain a file into " + components.Truncate(sanitize.Line(bank), 40)
	return common.OpenDialog(components.NewForm(c, title, "retain a file", "upload", submit, path, docID, ctxField, tags))
}

// readUpload reads a file to upload: a file the server takes.
func readUpload(path string) (string, []byte, error) {
	abs, data, err := components.ReadLocal(path, components.ServerFileLimit)
	if err != nil {
		return "", nil, err
	}
	return filepath.Base(abs), data, nil
}

// retainFile uploads one file and opens the dialog that follows its operation.
// Metadata goes only when something was typed: the server pairs entries with files.
func retainFile(ctx context.Context, c *common.Common, bank, name string, data []byte, meta client.FileMetadata) (tea.Cmd, error) {
	var req client.FileRetainRequest
	if meta.DocumentID != "" || meta.Context != "" || len(meta.Tags) > 0 {
		req.FilesMetadata = []client.FileMetadata{meta}
	}
	res, err := c.Client.RetainFiles(ctx, bank, []client.UploadFile{{Name: name, Data: data}}, req)
	if err != nil {
		return nil, err
	}
	if len(res.OperationIDs) == 0 {
		return common.Toast("Uploaded " + sanitize.Line(name) + "; the server queued no operation"), nil
	}
	op := res.OperationIDs[0]
	title := fmt.Sprintf("Retaining %s (%s)", components.Truncate(sanitize.Line(name), 40), components.ByteSize(int64(len(data))))
	d := components.NewOperationDialog(c, title, "file retain", bank, op, uploadFinish(bank, name))
	return tea.Batch(common.OpenDialog(d),
		common.Emit(common.OperationStartedMsg{BankID: bank, OperationID: op, Kind: "file_convert_retain"})), nil
}

// uploadFinish says which document the file became; closing the dialog reloads what
// shows the bank's documents and memories.
func uploadFinish(bank, name string) components.Finish {
	return func(_ context.Context, st *client.OperationStatus) (components.Outcome, error) {
		var doc string
		if raw, ok := st.ResultMetadata["document_id"]; ok {
			_ = json.Unmarshal(raw, &doc)
		}
		line := "Retained " + sanitize.Line(name) + " into " + sanitize.Line(bank)
		if doc != "" {
			line += " as document " + sanitize.Line(doc)
		}
		then := tea.Batch(common.Toast(line),
			common.Emit(common.MemoryChangedMsg{BankID: bank, Change: common.MemoryRetained}),
			common.Emit(common.BanksChangedMsg{}))
		return components.Outcome{Lines: []string{line + "."}, Then: then}, nil
	}
}
