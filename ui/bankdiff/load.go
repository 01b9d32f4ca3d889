package bankdiff

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// side is one side of a comparison: a bank, or a template file.
type side struct {
	bank string // the bank's id, "" for a file
	file string // the file's absolute path, "" for a bank
}

// name is how rows and titles call the side (not sanitized).
func (s side) name() string {
	if s.bank != "" {
		return s.bank
	}
	return s.file
}

// compareMsg is the answer to loading both sides of a comparison.
type compareMsg struct {
	seq  int
	a, b side
	ta   *client.BankTemplate
	tb   *client.BankTemplate
	err  error
}

// banksMsg is the bank list of the chooser.
type banksMsg struct {
	seq   int
	banks []string
	names map[string]string // bank id → display name
	err   error
}

// exportedMsg is the current bank's template, read to be written to a file.
type exportedMsg struct {
	bank string
	doc  string
	err  error
}

// snapshot is what bank holds as a template; a bank that does not exist holds
// nothing (nil, no error).
func snapshot(ctx context.Context, c *client.Client, bank string) (*client.BankTemplate, error) {
	t, err := c.ExportBankTemplate(ctx, bank)
	var ae *client.APIError
	if errors.As(err, &ae) && ae.StatusCode == http.StatusNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("export the template of bank %s: %w", bank, err)
	}
	return t, nil
}

// readTemplate reads a template file: its bytes as they are (sent so on import) and
// what they say. A file that is not a template is an Invalid of the path field.
func readTemplate(path string) (raw []byte, t *client.BankTemplate, abs string, err error) {
	abs, err = components.AbsPath(strings.TrimSpace(path))
	if err != nil {
		return nil, nil, "", components.Invalid{"path": err.Error()}
	}
	raw, err = os.ReadFile(abs)
	if err != nil {
		return nil, nil, abs, components.Invalid{"path": "cannot read " + abs + ": " + components.UnwrapPath(err).Error()}
	}
	t = &client.BankTemplate{}
	if err := json.Unmarshal(raw, t); err != nil {
		return nil, nil, abs, components.Invalid{"path": abs + " is not a template: " + err.Error()}
	}
	if t.Version == "" {
		return nil, nil, abs, components.Invalid{"path": abs + " is not a template: it has no version"}
	}
	return raw, t, abs, nil
}

// loadCompare loads both sides of a comparison: each bank's template, or a file's.
func (m *Model) loadCompare(a, b side) tea.Cmd {
	m.stop()
	m.loading, m.err = true, nil
	seq, cl, c := m.seq, m.c.Client, m.c
	ctx, cancel := c.Context(context.Background())
	m.cancel = cancel
	load := func(s side) (*client.BankTemplate, error) {
		if s.bank != "" {
			t, err := snapshot(ctx, cl, s.bank)
			if err == nil && t == nil {
				err = fmt.Errorf("bank %s does not exist", s.bank)
			}
			return t, err
		}
		_, t, _, err := readTemplate(s.file)
		return t, err
	}
	return tea.Batch(m.spinCmd(), func() tea.Msg {
		defer cancel()
		out := compareMsg{seq: seq, a: a, b: b}
		if out.ta, out.err = load(a); out.err == nil {
			out.tb, out.err = load(b)
		}
		return out
	})
}

// loadBanks lists the banks the chooser offers.
func (m *Model) loadBanks() tea.Cmd {
	m.stop()
	m.pick.loading, m.pick.err = true, nil
	seq, cl := m.seq, m.c.Client
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	return tea.Batch(m.spinCmd(), func() tea.Msg {
		defer cancel()
		list, err := cl.ListBanks(ctx, client.ListBanksParams{})
		out := banksMsg{seq: seq, err: err, names: map[string]string{}}
		if err == nil {
			for _, b := range list.Banks {
				out.banks = append(out.banks, b.BankID)
				out.names[b.BankID] = b.Name
			}
		}
		return out
	})
}

// exportCurrent reads the current bank's template to write it to a file.
func (m *Model) exportCurrent() tea.Cmd {
	if m.bank == "" {
		return common.Toast("no bank selected to export")
	}
	bank, cl := m.bank, m.c.Client
	ctx, cancel := m.c.Context(context.Background())
	return func() tea.Msg {
		defer cancel()
		t, err := cl.ExportBankTemplate(ctx, bank)
		if err != nil {
			return exportedMsg{bank: bank, err: err}
		}
		doc, err := json.MarshalIndent(t, "", "  ")
		return exportedMsg{bank: bank, doc: string(doc) + "\n", err: err}
	}
}

// onExported opens the save dialog for the template read.
func (m *Model) onExported(msg exportedMsg) tea.Cmd {
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "export the template of bank " + msg.bank, Err: msg.err})
	}
	doc := msg.doc
	name := "hindsight-template-" + components.FileSafe(msg.bank) + ".json"
	return components.SaveFile(m.c, "the template of bank "+msg.bank, name, func() string { return doc })
}
