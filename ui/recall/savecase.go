package recall

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/checks"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// checksFile is the suite file a saved case goes to unless the user names another.
const checksFile = "recall-checks.json"

// saveCase asks for a suite file and a case name, then adds the recall in view to the
// file as a check case: its query and parameters, and the bank's pins as the memories
// it must return (hindsight-tui check FILE runs it). The file is created when absent;
// one that is not a suite is refused, never overwritten.
func (m *Model) saveCase() tea.Cmd {
	if m.bank == "" || m.res == nil {
		return common.Toast("search first: a case repeats the recall in view")
	}
	pins := m.curPins()
	if pins == nil || len(pins.pins) == 0 {
		return common.Toast("pin the memories this recall must return first (" +
			m.c.Keys.Memories.Pin.Help().Key + " on a result, or in the explainer)")
	}
	expect := make([]checks.Target, len(pins.pins))
	for i, p := range pins.pins {
		expect[i] = checks.Target{ID: p.ID}
	}
	bank, req, c := m.bank, m.res.req, m.c
	path := components.NewTextField(c, "Add the case to the check file", "a file path", "path")
	path.SetValue(components.DefaultSavePath(checksFile))
	name := components.NewTextField(c, "Case name", "what the case checks", "name")
	name.SetValue(sanitize.Line(req.Query))
	rank := components.NewTextField(c, "Each pinned memory within rank (empty: anywhere in the answer)", "e.g. 3", "within_rank")
	submit := func() (components.Request, error) {
		file, title := strings.TrimSpace(path.Value()), strings.TrimSpace(name.Value())
		bad := components.Invalid{}
		if file == "" {
			bad["path"] = "type a file path"
		}
		if title == "" {
			bad["name"] = "name the case"
		}
		within := 0
		if r := strings.TrimSpace(rank.Value()); r != "" {
			n, err := strconv.Atoi(r)
			if err != nil || n < 1 {
				bad["within_rank"] = "a rank of 1 or more (1 = first), or empty"
			}
			within = n
		}
		if len(bad) > 0 {
			return nil, bad
		}
		targets := slices.Clone(expect)
		for i := range targets {
			targets[i].WithinRank = within
		}
		kase := checks.CaseFrom(title, bank, req, targets)
		return func(ctx context.Context) (tea.Cmd, error) {
			abs, err := appendCaseFile(ctx, file, kase)
			if err != nil {
				return nil, components.Invalid{"path": err.Error()}
			}
			return common.Toast(fmt.Sprintf("added %q (%s) to %s · run it: hindsight-tui check %s",
				sanitize.Line(title), common.Plural(len(expect), "expected memory", "expected memories"), abs, file)), nil
		}, nil
	}
	return common.Emit(common.OpenDialogMsg{Dialog: components.NewForm(c, "Save the recall as a check case",
		"save check case", "save", submit, path, name, rank)})
}

// appendCaseFile adds c to the suite file at path (creating it when absent) and
// returns the file's absolute path.
func appendCaseFile(ctx context.Context, path string, c checks.Case) (string, error) {
	abs, err := components.AbsPath(path)
	if err != nil {
		return "", err
	}
	old, err := os.ReadFile(abs)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("read %s: %w", abs, err)
	}
	doc, err := checks.AppendCase(abs, old, c)
	if err != nil {
		return "", fmt.Errorf("not a check file, so it is left as it is: %w", err)
	}
	return components.WriteFile(ctx, abs, string(doc))
}
