package audit

import (
	"context"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// offBank is a demo bank that does not audit; the demo bank (user-alex-prefs) does,
// with a recorded history.
const offBank = "team-platform"

// view is the pane's plain text.
func view(t *testing.T, m *Model) string { t.Helper(); return ansi.Strip(uitest.View(t, m)) }

// recallIn recalls query in bank through cl, as an agent would.
func recallIn(t *testing.T, cl *client.Client, bank, query string) *client.RecallResponse {
	t.Helper()
	resp, err := cl.Recall(context.Background(), bank, client.RecallRequest{Query: query, Tags: []string{"team"}})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// indexOf is the index of the first entry whose action is action, or -1.
func indexOf(m *Model, action string) int {
	for i := range m.entries {
		if m.entries[i].Action == action {
			return i
		}
	}
	return -1
}
