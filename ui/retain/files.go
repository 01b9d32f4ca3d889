package retain

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// Files the editor reads: content for the form (ctrl+o, or back from $EDITOR) and
// batches. A file larger than maxFileBytes is refused rather than cut, so what is
// retained is never silently less than the file.
const maxFileBytes = 4 << 20

// contentLoadedMsg carries a file's text into the content field of bank's editor.
type contentLoadedMsg struct {
	bank string
	name string
	text string
}

// editedMsg is the content back from $EDITOR.
type editedMsg struct {
	bank string
	orig string // the content when the editor started
	text string
	err  error
}

// editorCommand runs $VISUAL, else $EDITOR, else vi; the variable may hold arguments
// ("code --wait").
func editorCommand(path string) *exec.Cmd {
	ed := strings.TrimSpace(os.Getenv("VISUAL"))
	if ed == "" {
		ed = strings.TrimSpace(os.Getenv("EDITOR"))
	}
	if ed == "" {
		ed = "vi"
	}
	parts := strings.Fields(ed)
	return exec.Command(parts[0], append(parts[1:], path)...)
}

// expandPath resolves a leading ~ to the home directory.
func expandPath(p string) string {
	p = strings.TrimSpace(p)
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[1:])
		}
	}
	return p
}

// readText reads a UTF-8 text file of at most maxFileBytes, with line ends made "\n".
func readText(path string) (string, error) {
	path = expandPath(path)
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return "", fmt.Errorf("cannot open it: %w", components.UnwrapPath(err))
	case fi.IsDir():
		return "", fmt.Errorf("it is a directory")
	case fi.Size() > maxFileBytes:
		return "", fmt.Errorf("it is %s, more than the %s the editor takes", components.ByteSize(fi.Size()), components.ByteSize(maxFileBytes))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("cannot read it: %w", components.UnwrapPath(err))
	}
	if !utf8.Valid(data) {
		return "", fmt.Errorf("it is not UTF-8 text")
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	return strings.TrimPrefix(text, "\ufeff"), nil
}

// openLoad asks for a file whose text goes into the content field.
func (m *Model) openLoad() tea.Cmd {
	st := m.cur
	if st == nil || m.c.ReadOnly || st.locked() {
		return nil
	}
	bank := st.bank
	path := components.NewTextField(m.c, "File", "path to a text file, e.g. ~/notes/meeting.md", "path")
	submit := func() (components.Request, error) {
		p := strings.TrimSpace(path.Value())
		if p == "" {
			return nil, components.Invalid{"path": "type the path of a text file"}
		}
		return func(context.Context) (tea.Cmd, error) {
			text, err := readText(p)
			if err != nil {
				return nil, components.Invalid{"path": err.Error()}
			}
			return common.Emit(contentLoadedMsg{bank: bank, name: filepath.Base(p), text: text}), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, "Content from a file", "load content from a file", "load", submit, path))
}

// onContentLoaded inserts a file's text at the cursor of the content field (into an
// empty field that is the whole content); nothing typed is replaced.
func (m *Model) onContentLoaded(msg contentLoadedMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil || st.locked() {
		return nil
	}
	f := st.form
	f.content.Insert(sanitize.Text(msg.text))
	delete(f.errs, fContent)
	var focus tea.Cmd
	if st == m.cur && m.focused {
		m.zone = zoneForm
		focus = f.focusField(fContent)
	}
	toast := common.Toast(fmt.Sprintf("inserted %s (%s characters) into the content", sanitize.Line(msg.name),
		common.Thousands(utf8.RuneCountInString(msg.text))))
	return tea.Batch(focus, m.changed(st), toast)
}

// openEditor edits the content in $EDITOR: it is written to a private temporary file,
// the program suspends while the editor runs (common.Exec), and the text comes back
// when it exits.
func (m *Model) openEditor() tea.Cmd {
	st := m.cur
	if st == nil || m.c.ReadOnly || st.locked() {
		return nil
	}
	bank, text := st.bank, st.form.content.Value()
	return func() tea.Msg {
		path, err := writeTemp(text)
		if err != nil {
			return editedMsg{bank: bank, orig: text, err: err}
		}
		return common.Exec(editorCommand(path), func(err error) tea.Msg { return finishEdit(bank, path, text, err) })()
	}
}

// writeTemp puts text in a new temporary file only the user can read.
func writeTemp(text string) (string, error) {
	f, err := os.CreateTemp("", "hindsight-retain-*.md")
	if err != nil {
		return "", fmt.Errorf("create a file for the editor: %w", err)
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		os.Remove(f.Name())
		return "", fmt.Errorf("write the file for the editor: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("write the file for the editor: %w", err)
	}
	return f.Name(), nil
}

// finishEdit reads the edited file back and removes it. Editors end files with a
// newline; one the content did not have is dropped.
func finishEdit(bank, path, orig string, runErr error) tea.Msg {
	defer os.Remove(path)
	if runErr != nil {
		return editedMsg{bank: bank, orig: orig, err: fmt.Errorf("the editor failed (the content is unchanged): %w", runErr)}
	}
	text, err := readText(path)
	if err != nil {
		return editedMsg{bank: bank, orig: orig, err: fmt.Errorf("read the edited content back (the content is unchanged): %w", err)}
	}
	if !strings.HasSuffix(orig, "\n") {
		text = strings.TrimSuffix(text, "\n")
	}
	return editedMsg{bank: bank, orig: orig, text: text}
}

// onEdited puts the edited text in the content field, unless the field changed while
// the editor ran (a restored draft, say): then the edit is not applied over it.
func (m *Model) onEdited(msg editedMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil {
		return nil
	}
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "edit the content in $EDITOR", Err: msg.err})
	}
	f := st.form
	if st.locked() || f.content.Value() != msg.orig {
		return common.Toast("the content changed while the editor ran; the edit was not applied")
	}
	if msg.text == msg.orig {
		return nil
	}
	f.content.SetValue(sanitize.Text(msg.text)) // the cursor at the end, where the editing most likely ended
	delete(f.errs, fContent)
	var focus tea.Cmd
	if st == m.cur && m.focused {
		m.zone = zoneForm
		focus = f.focusField(fContent)
	}
	return tea.Batch(focus, m.changed(st))
}
