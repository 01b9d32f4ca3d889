package operations

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

// Pane sizes inside the root's frame at a 120x40 and a 60x20 terminal, and the
// screens the dialogs are centred on.
var goldenSizes = []struct {
	name             string
	w, h             int
	screenW, screenH int
}{
	{"120x40", 88, 35, 120, 40},
	{"60x20", 58, 15, 60, 20},
}

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

// goldenCommon talks to srv under the name goldenURL, so that error sentences, which
// name the server, do not carry the test server's random port.
func goldenCommon(t *testing.T, srv *hindsighttest.Server) *common.Common {
	t.Helper()
	target, err := url.Parse(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	c := newCommon(t, srv)
	cl, err := client.New(goldenURL, client.WithHTTPClient(&http.Client{Transport: rewrite{target}}))
	if err != nil {
		t.Fatal(err)
	}
	c.Client = cl
	return c
}

// rewrite sends every request to the test server, whatever host it names.
type rewrite struct{ to *url.URL }

func (rw rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host = rw.to.Scheme, rw.to.Host
	return http.DefaultTransport.RoundTrip(req)
}

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/operations -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	opsPath := "/v1/default/banks/team-platform/operations"
	screens := []struct {
		name   string
		bank   string
		faults []hindsighttest.Fault
		setup  func(t *testing.T, r *root, m *Model)
	}{
		{name: "list", bank: "team-platform"},
		{name: "failed-detail", bank: "user-alex-prefs", setup: func(t *testing.T, r *root, m *Model) {
			r.selectRow(isStatus(client.StatusFailed))
			if m.width < sideBySide {
				r.keys("enter")
			}
		}},
		{name: "running-detail", bank: "team-platform", setup: func(t *testing.T, r *root, m *Model) {
			r.selectRow(isStatus(client.StatusProcessing))
			if m.width < sideBySide {
				r.keys("d")
			}
		}},
		{name: "list-only", bank: "writer-agent", setup: func(t *testing.T, r *root, m *Model) {
			if m.width >= sideBySide {
				r.keys("d") // the whole width for the list: every column
			}
			r.keys("j", "j", "j", "j")
		}},
		{name: "filtered", bank: "team-platform", setup: func(t *testing.T, r *root, m *Model) {
			r.keys("s", "s", "s", "s", "b") // failed, parents hidden
		}},
		{name: "filtered-empty", bank: "scratch", setup: func(t *testing.T, r *root, m *Model) {
			r.keys("t")
		}},
		{name: "empty", bank: "scratch"},
		{name: "paused", bank: "team-platform", setup: func(t *testing.T, r *root, m *Model) { r.keys("p") }},
		{name: "conflict", bank: "user-alex-prefs", setup: func(t *testing.T, r *root, m *Model) {
			r.selectRow(isStatus(client.StatusFailed))
			if _, err := m.c.Client.RetryOperation(context.Background(), "user-alex-prefs", m.selectedID()); err != nil {
				t.Fatal(err)
			}
			r.keys("R", "enter")
		}},
		{name: "error", bank: "team-platform", faults: []hindsighttest.Fault{{Method: "GET", Path: opsPath, Status: 500,
			Body: `{"detail":"database connection pool exhausted"}`}}},
		{name: "no-bank"},
	}
	for _, sz := range goldenSizes {
		for _, sc := range screens {
			t.Run(sz.name+"/"+sc.name, func(t *testing.T) {
				var opts []hindsighttest.Option
				for _, f := range sc.faults {
					opts = append(opts, hindsighttest.WithFault(f))
				}
				srv := demoServer(t, opts...)
				r, m := startPane(t, goldenCommon(t, srv), sc.bank, sz.w, sz.h)
				if sc.setup != nil {
					sc.setup(t, r, m)
				}
				view := m.View()
				checkBox(t, view, sz.w, sz.h)
				golden.RequireEqual(t, []byte(plain(view)))
			})
		}
	}
}

// TestGoldenBatch is an async retain with two sub-batches: the parent's detail with
// its children and result metadata. The children's ids are random, so they are
// replaced by stand-ins.
func TestGoldenBatch(t *testing.T) {
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			srv := demoServer(t)
			c := newCommon(t, srv)
			children := retainBatch(t, srv, c)
			r, m := startPane(t, c, "scratch", sz.w, sz.h)
			r.selectRow(func(op client.Operation) bool { return op.ID == batchID })
			if m.width < sideBySide {
				r.keys("enter")
			}
			r.keys("J", "J") // past the times, to the children
			view := plain(m.View())
			for i, id := range children {
				view = strings.ReplaceAll(view, id[:8], []string{"child-01", "child-02"}[i])
			}
			golden.RequireEqual(t, []byte(view))
		})
	}
}

// TestGoldenDialogs compares the confirmations.
func TestGoldenDialogs(t *testing.T) {
	for _, sz := range goldenSizes {
		for _, sc := range []struct {
			name, status, key string
		}{
			{"cancel", client.StatusPending, "c"},
			{"retry", client.StatusFailed, "R"},
			{"delete", client.StatusCompleted, "D"},
		} {
			t.Run(sz.name+"/"+sc.name, func(t *testing.T) {
				r, _ := startPane(t, newCommon(t, demoServer(t)), "team-platform", sz.w, sz.h)
				r.selectRow(isStatus(sc.status))
				r.keys(sc.key)
				d := r.front()
				if d == nil {
					t.Fatal("no dialog")
				}
				d.SetSize(sz.screenW, sz.screenH)
				golden.RequireEqual(t, []byte(plain(d.View())))
			})
		}
	}
}
