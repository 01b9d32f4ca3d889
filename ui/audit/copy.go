package audit

import (
	"encoding/json"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// copyKey is y (the selected entry's request JSON: what to send again), Y (the whole
// entry as JSON) or W (the entry's JSON to a file).
func (m *Model) copyKey(k tea.KeyPressMsg) tea.Cmd {
	e := m.selected()
	if e == nil {
		return common.Toast("nothing selected to copy")
	}
	kg, name := m.keys.Global, "audit entry "+common.ShortID(e.ID)
	switch {
	case key.Matches(k, kg.CopyID):
		return common.Copy(requestJSON(e), "the request of "+name)
	case key.Matches(k, kg.CopyJSON):
		return common.Copy(entryJSON(e), "the JSON of "+name)
	}
	text := entryJSON(e)
	return components.SaveFile(m.c, "the JSON of "+name, "hindsight-audit-"+components.FileSafe(e.ID)+".json",
		func() string { return text + "\n" })
}

// entryJSON is the entry as indented JSON, as the server listed it, sanitized.
func entryJSON(e *client.AuditLogEntry) string {
	b, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return ""
	}
	return sanitize.Text(string(b))
}

// copyKeys are y, Y and W, said as what they do here (absent with nothing selected).
func (m *Model) copyKeys() []key.Binding {
	g := m.keys.Global
	out := []key.Binding{g.CopyID, g.CopyJSON, g.SaveJSON}
	for i, desc := range []string{"copy request JSON", "copy entry JSON", "write entry JSON to a file"} {
		out[i].SetHelp(out[i].Help().Key, desc)
		out[i].SetEnabled(m.selected() != nil)
	}
	return out
}
