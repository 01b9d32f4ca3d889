package operations

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// batchID is the fixed id of the async retain the goldens submit.
const batchID = "0b5e7c1a-2f4d-4e6b-9a8c-3d2e1f0a9b8c"

// retainBatch submits a two-sub-batch async retain with a fixed id and lets it finish;
// it returns the children's ids, which the server picks at random.
func retainBatch(t *testing.T, srv *hindsighttest.Server, c *common.Common) []string {
	t.Helper()
	item := strings.Repeat("Retention policy review notes, paragraph. ", 1500)
	_, err := c.Client.Retain(context.Background(), "scratch", client.RetainRequest{Async: true, OperationID: batchID,
		Items: []client.MemoryItem{{Content: item, DocumentID: "policy-a"}, {Content: item, DocumentID: "policy-b"}}})
	if err != nil {
		t.Fatal(err)
	}
	srv.CompleteOperations()
	st, err := c.Client.GetOperation(context.Background(), "scratch", batchID, false)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, ch := range st.ChildOperations {
		ids = append(ids, ch.OperationID)
	}
	return ids
}

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/operations -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	opsPath := "/v1/default/banks/team-platform/operations"
	screens := []struct {
		name   string
		bank   string
		faults []hindsighttest.Fault
		setup  func(t *testing.T, h *uitest.Host, m *Model)
	}{
		{name: "list", bank: "team-platform"},
		{name: "failed-detail", bank: "user-alex-prefs", setup: func(t *testing.T, h *uitest.Host, m *Model) {
			selectRow(t, h, m, isStatus(client.StatusFailed))
			if m.width < sideBySide {
				h.Keys("enter")
			}
		}},
		{name: "running-detail", bank: "team-platform", setup: func(t *testing.T, h *uitest.Host, m *Model) {
			selectRow(t, h, m, isStatus(client.StatusProcessing))
			if m.width < sideBySide {
				h.Keys("d")
			}
		}},
		{name: "list-only", bank: "writer-agent", setup: func(t *testing.T, h *uitest.Host, m *Model) {
			if m.width >= sideBySide {
				h.Keys("d") // the whole width for the list: every column
			}
			h.Keys("j", "j", "j", "j")
		}},
		{name: "filtered", bank: "team-platform", setup: func(t *testing.T, h *uitest.Host, m *Model) {
			h.Keys("s", "s", "s", "s", "b") // failed, parents hidden
		}},
		{name: "filtered-empty", bank: "scratch", setup: func(t *testing.T, h *uitest.Host, m *Model) {
			h.Keys("t")
		}},
		{name: "empty", bank: "scratch"},
		{name: "paused", bank: "team-platform", setup: func(t *testing.T, h *uitest.Host, m *Model) { h.Keys("p") }},
		{name: "conflict", bank: "user-alex-prefs", setup: func(t *testing.T, h *uitest.Host, m *Model) {
			selectRow(t, h, m, isStatus(client.StatusFailed))
			if _, err := m.c.Client.RetryOperation(context.Background(), "user-alex-prefs", m.selectedID()); err != nil {
				t.Fatal(err)
			}
			h.Keys("R", "enter")
		}},
		{name: "error", bank: "team-platform", faults: []hindsighttest.Fault{{Method: "GET", Path: opsPath, Status: 500,
			Body: `{"detail":"database connection pool exhausted"}`}}},
		{name: "no-bank"},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				m, h := uitest.Demo(t, New, uitest.AtGoldenURL(), uitest.Faults(sc.faults...), uitest.Bank(sc.bank),
					uitest.Terminal(term[0], term[1]))
				if sc.setup != nil {
					sc.setup(t, h, m)
				}
				h.Fire(uitest.Is[detailDueMsg]) // the cursor rests: the selected operation's record loads
				uitest.RequireGoldenPane(t, m, term[0], term[1])
			})
		}
	}
}

// TestGoldenBatch is an async retain with two sub-batches: the parent's detail with
// its children and result metadata. The children's ids are random, so they are
// replaced by stand-ins.
func TestGoldenBatch(t *testing.T) {
	for _, term := range uitest.Terminals {
		t.Run(uitest.TermName(term), func(t *testing.T) {
			srv := uitest.DemoServer(t)
			c := uitest.NewCommon(t, srv)
			children := retainBatch(t, srv, c)
			m := New(c)
			h := uitest.Start(t, c, m, uitest.Bank("scratch"), uitest.Terminal(term[0], term[1]))
			selectRow(t, h, m, func(op client.Operation) bool { return op.ID == batchID })
			if m.width < sideBySide {
				h.Keys("enter")
				h.Fire(uitest.Is[detailDueMsg])
			}
			h.Keys("J", "J") // past the times, to the children
			view := uitest.Plain(uitest.View(t, m))
			for i, id := range children {
				view = strings.ReplaceAll(view, id[:8], []string{"child-01", "child-02"}[i])
			}
			golden.RequireEqual(t, []byte(view))
		})
	}
}

// TestGoldenDialogs compares the confirmations, drawn on the whole screen.
func TestGoldenDialogs(t *testing.T) {
	for _, term := range uitest.Terminals {
		for _, sc := range []struct {
			name, status, key string
		}{
			{"cancel", client.StatusPending, "c"},
			{"retry", client.StatusFailed, "R"},
			{"delete", client.StatusCompleted, "D"},
		} {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				m, h := uitest.Demo(t, New, uitest.Bank("team-platform"), uitest.Terminal(term[0], term[1]))
				selectRow(t, h, m, isStatus(sc.status))
				h.Keys(sc.key)
				d := h.Front()
				if d == nil {
					t.Fatal("no dialog")
				}
				uitest.RequireGolden(t, d)
			})
		}
	}
}
