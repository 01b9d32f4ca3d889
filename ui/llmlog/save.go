package llmlog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// callJSON is one call's JSON as the server listed it (llm_info, metadata and times
// as it wrote them), on one line or indented.
func callJSON(c *client.LLMRequest, indent bool) []byte {
	var b []byte
	if indent {
		b, _ = json.MarshalIndent(c, "", "  ")
	} else {
		b, _ = json.Marshal(c)
	}
	return b
}

// JSONL is the runs' calls, one JSON object a line, each run's calls oldest first.
func JSONL(runs []client.LLMRun) string {
	var b strings.Builder
	for _, r := range runs {
		for i := range r.Calls {
			b.Write(callJSON(&r.Calls[i], false))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// toSave is the marked runs on this page, or the selected run when none is marked.
func (m *Model) toSave() []client.LLMRun {
	var out []client.LLMRun
	for i := range m.runs {
		if m.marked[runKey(&m.runs[i])] {
			out = append(out, m.runs[i])
		}
	}
	if len(out) == 0 {
		if r := m.selectedRun(); r != nil {
			out = append(out, *r)
		}
	}
	return out
}

// save asks where to write the runs to save; the file is private and never replaces
// one that exists.
func (m *Model) save() tea.Cmd {
	runs := m.toSave()
	if len(runs) == 0 {
		return common.Toast("no run to save")
	}
	calls := 0
	for _, r := range runs {
		calls += len(r.Calls)
	}
	what := common.Plural(len(runs), "run", "runs") + " (" + common.Plural(calls, "call", "calls") + ")"
	name := "hindsight-llm-" + components.FileSafe(m.bank) + "-" + components.FileSafe(common.ShortID(runKey(&runs[0]))) + ".jsonl"
	doc := JSONL(runs)
	c := m.c
	return func() tea.Msg {
		field := components.NewTextField(c, "Write "+what+" to", "a file path (not an existing file)", "path")
		field.SetValue(components.DefaultSavePath(name))
		submit := func() (components.Request, error) {
			path := strings.TrimSpace(field.Value())
			if path == "" {
				return nil, components.Invalid{"path": "type a file path"}
			}
			return func(ctx context.Context) (tea.Cmd, error) {
				abs, err := WriteNew(ctx, path, doc)
				if err != nil {
					return nil, components.Invalid{"path": err.Error()}
				}
				return common.Toast("wrote " + what + " to " + abs), nil
			}, nil
		}
		return common.OpenDialogMsg{Dialog: components.NewForm(c, "Save "+what, "save "+what, "save", submit, field)}
	}
}

// ErrExists is WriteNew's answer for a path that is taken.
var ErrExists = errors.New("a file of that name exists; choose another name")

// WriteNew writes doc to a new private (0600) file at path (a leading ~ is the home
// directory): whole or absent, and never over an existing file (it is linked into
// place, which fails when the name is taken).
func WriteNew(ctx context.Context, path, doc string) (string, error) {
	abs, err := components.AbsPath(path)
	if err != nil {
		return "", err
	}
	if _, err := os.Lstat(abs); err == nil {
		return "", fmt.Errorf("%w: %s", ErrExists, abs)
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(abs), ".hindsight-write-*.tmp")
	if err != nil {
		return "", fmt.Errorf("cannot write in %s: %w", filepath.Dir(abs), components.UnwrapPath(err))
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(doc)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o600)
	}
	if werr == nil {
		werr = os.Link(tmp.Name(), abs)
		if errors.Is(werr, os.ErrExist) {
			return "", fmt.Errorf("%w: %s", ErrExists, abs)
		}
	}
	if werr != nil {
		return "", fmt.Errorf("write %s: %w", abs, components.UnwrapPath(werr))
	}
	return abs, nil
}
