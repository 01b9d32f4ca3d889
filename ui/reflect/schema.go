package reflect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The response schema can be edited in $EDITOR: the schema (or an example) goes into a
// private temporary file, the editor runs in the terminal in place of the app
// (common.Exec), and what it saved becomes the schema. The file is removed
// whatever happens. Every step that touches the disk runs in a command.

// schemaExample is what the editor starts with when there is no schema yet.
const schemaExample = `{
  "type": "object",
  "properties": {
    "answer": {"type": "string", "description": "the answer in one sentence"},
    "confidence": {"type": "string", "enum": ["low", "medium", "high"]}
  },
  "required": ["answer"]
}
`

// editorReadyMsg says the temporary file is written and which editor to run.
type editorReadyMsg struct {
	bank string
	path string
	argv []string
	err  error
}

// editorDoneMsg says the editor exited.
type editorDoneMsg struct {
	bank string
	path string
	err  error
}

// schemaEditedMsg carries what the editor saved; the file is gone by then.
type schemaEditedMsg struct {
	bank string
	text string
	err  error
}

// editSchema starts editing the bank's response schema in $EDITOR.
func (m *Model) editSchema() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	bank := m.bank
	text := m.cur.params.schema
	if strings.TrimSpace(text) == "" {
		text = schemaExample
	} else {
		var buf bytes.Buffer
		if json.Indent(&buf, []byte(text), "", "  ") == nil {
			text = buf.String() + "\n"
		}
	}
	return func() tea.Msg {
		argv := editorArgv(os.Getenv("VISUAL"), os.Getenv("EDITOR"))
		f, err := os.CreateTemp("", "hindsight-schema-*.json") // mode 0600
		if err != nil {
			return editorReadyMsg{bank: bank, err: fmt.Errorf("create a file for the editor: %w", err)}
		}
		_, werr := f.WriteString(text)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			_ = os.Remove(f.Name())
			return editorReadyMsg{bank: bank, err: fmt.Errorf("write the file for the editor: %w", werr)}
		}
		return editorReadyMsg{bank: bank, path: f.Name(), argv: argv}
	}
}

// editorArgv is the editor to run: $VISUAL, else $EDITOR (either may carry flags, as
// in "code -w"), else vi.
func editorArgv(visual, editor string) []string {
	for _, e := range []string{visual, editor} {
		if f := strings.Fields(e); len(f) > 0 {
			return f
		}
	}
	return []string{"vi"}
}

// onFileMsg follows the editor and export steps.
func (m *Model) onFileMsg(msg any) tea.Cmd {
	switch msg := msg.(type) {
	case editorReadyMsg:
		if msg.err != nil {
			return common.Emit(common.ErrorMsg{Op: "edit the response schema", Err: msg.err})
		}
		cmd := exec.Command(msg.argv[0], append(msg.argv[1:], msg.path)...)
		bank, path := msg.bank, msg.path
		return common.Exec(cmd, func(err error) tea.Msg {
			return editorDoneMsg{bank: bank, path: path, err: err}
		})
	case editorDoneMsg:
		return readSchema(msg)
	case schemaEditedMsg:
		return m.schemaEdited(msg)
	}
	return nil
}

// readSchema reads what the editor saved and removes the file.
func readSchema(done editorDoneMsg) tea.Cmd {
	return func() tea.Msg {
		b, err := os.ReadFile(done.path)
		if rerr := os.Remove(done.path); rerr != nil && !errors.Is(rerr, os.ErrNotExist) && err == nil {
			err = fmt.Errorf("remove %s: %w", done.path, rerr)
		}
		if done.err != nil {
			err = fmt.Errorf("the editor failed: %w", done.err)
		}
		return schemaEditedMsg{bank: done.bank, text: string(b), err: err}
	}
}

// schemaEdited takes the edited schema for the bank it was edited for. An example left
// unchanged is not a schema the user chose; an invalid one is kept (so nothing typed
// is lost) and marked on the parameter, and nothing is sent until it is fixed.
func (m *Model) schemaEdited(msg schemaEditedMsg) tea.Cmd {
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "edit the response schema", Err: msg.err})
	}
	b := m.banks[msg.bank]
	if b == nil {
		return nil
	}
	text := strings.TrimSpace(msg.text)
	switch {
	case text == strings.TrimSpace(schemaExample) && b.params.schema == "":
		return common.Toast("no response schema set: the example was left unchanged")
	case text == "":
		return tea.Batch(m.storeSchema(msg.bank, ""), common.Toast("response schema removed"))
	}
	compact, err := checkSchema(text)
	if err != nil {
		return tea.Batch(m.storeSchema(msg.bank, text),
			common.Toast("the response schema is "+err.Error()+"; nothing is sent until it is fixed"))
	}
	return tea.Batch(m.storeSchema(msg.bank, string(compact)),
		common.Toast("response schema set: answers come with structured output"))
}

// storeSchema sets a bank's response schema; an edit made for a bank the user has
// since left lands in that bank's parameters.
func (m *Model) storeSchema(bank, text string) tea.Cmd {
	if bank == m.bank {
		return m.setSchema(text)
	}
	if b := m.banks[bank]; b != nil {
		b.params.schema, b.serverErrs = text, nil
	}
	return nil
}
