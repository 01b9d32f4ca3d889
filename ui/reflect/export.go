package reflect

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// exportPathMsg carries the default export path, found in a command because it needs
// the disk (is the working directory writable?).
type exportPathMsg struct {
	bank string
	path string
}

// startExport finds the default path, then asks for the path in a form.
func (m *Model) startExport() tea.Cmd {
	if len(m.cur.turns) == 0 {
		return common.Toast("nothing to export yet: ask a question first")
	}
	bank := m.bank
	name := "hindsight-reflect-" + fileSafe(bank) + "-" + m.c.Now().Format("20060102-1504") + ".md"
	return func() tea.Msg {
		return exportPathMsg{bank: bank, path: defaultExportPath(name)}
	}
}

// defaultExportPath puts name in the working directory, or in the home directory when
// the working directory is not writable.
func defaultExportPath(name string) string {
	if dir, err := os.Getwd(); err == nil && writable(dir) {
		return "." + string(filepath.Separator) + name
	}
	if _, err := os.UserHomeDir(); err == nil {
		return filepath.Join("~", name)
	}
	return name
}

// writable reports whether a file can be created in dir.
func writable(dir string) bool {
	f, err := os.CreateTemp(dir, ".hindsight-write-check-*")
	if err != nil {
		return false
	}
	name := f.Name()
	_ = f.Close()
	return os.Remove(name) == nil
}

// fileSafe keeps a bank id usable in a file name.
func fileSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	out := strings.Trim(b.String(), "-.")
	if out == "" {
		return "bank"
	}
	return components.Head(out, 64)
}

// openExport shows the path prompt. The transcript is written as it is when the
// prompt is confirmed.
func (m *Model) openExport(msg exportPathMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil // the user moved on to another bank before the prompt could open
	}
	field := components.NewTextField(m.c, "Write the transcript to", "a file path", "path")
	field.SetValue(msg.path)
	bank, c, b := m.bank, m.c, m.cur
	submit := func() (components.Request, error) {
		path := strings.TrimSpace(field.Value())
		if path == "" {
			return nil, components.Invalid{"path": "type a file path"}
		}
		doc := exportMarkdown(bank, c.BaseURL, c.Now(), b.turns)
		n := len(b.turns)
		return func(ctx context.Context) (tea.Cmd, error) {
			abs, err := writeExport(ctx, path, doc)
			if err != nil {
				return nil, components.Invalid{"path": err.Error()}
			}
			return common.Toast("exported " + common.Plural(n, "turn", "turns") + " to " + abs), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, "Export the transcript", "export the transcript", "export", submit, field))
}

// writeExport writes doc to path (a leading ~ is the home directory) through a
// temporary file in the same directory, so the file is whole or absent and always
// private (0600), even when it replaces one that was not.
func writeExport(ctx context.Context, path, doc string) (string, error) {
	if strings.HasPrefix(path, "~"+string(filepath.Separator)) || path == "~" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no home directory: %w", err)
		}
		path = filepath.Join(home, strings.TrimPrefix(path, "~"))
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return "", errors.New(abs + " is a directory; add a file name")
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(abs), ".hindsight-reflect-*.tmp")
	if err != nil {
		return "", fmt.Errorf("cannot write in %s: %w", filepath.Dir(abs), unwrapPath(err))
	}
	_, werr := tmp.WriteString(doc)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o600)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), abs)
	}
	if werr != nil {
		_ = os.Remove(tmp.Name())
		return "", fmt.Errorf("write %s: %w", abs, unwrapPath(werr))
	}
	return abs, nil
}

// unwrapPath keeps the reason of a path error ("permission denied"); the path is
// already in the sentence.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
