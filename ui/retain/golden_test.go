package retain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client/hindsighttest"
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

func requireGolden(t *testing.T, view string) {
	t.Helper()
	golden.RequireEqual(t, []byte(plain(view)))
}

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/retain -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	filled := values{Content: "Alex moved to Lisbon in March 2026 and works remotely for Acme.\nHe walks to a café in Alfama most mornings.",
		Context: "weekly check-in", Timestamp: "2026-03-01 10:30", DocumentID: "alex-move", Tags: []string{"source:chat", "move"},
		Metadata: "source=slack\nchannel=#personal", Entities: "Alex Moreno:PERSON, Lisbon:PLACE", Async: true}
	screens := []struct {
		name     string
		readOnly bool
		faults   []hindsighttest.Fault
		opts     []hindsighttest.Option
		setup    func(t *testing.T, r *root, m *Model)
	}{
		{name: "empty"},
		{name: "invalid", setup: func(t *testing.T, r *root, m *Model) {
			r.fill(values{Content: "Alex moved to Lisbon.", Timestamp: "yesterday", Metadata: "source=chat\nsource=slack"})
			r.keys("ctrl+s")
		}},
		{name: "filled", setup: func(t *testing.T, r *root, m *Model) {
			r.fill(filled)
			r.fire(isDraftDue)
			r.focusField(fTags)
			r.typeText("sou")
		}},
		{name: "following", opts: []hindsighttest.Option{hindsighttest.WithAsyncDelay(1e10)}, setup: func(t *testing.T, r *root, m *Model) {
			r.fill(filled)
			r.keys("ctrl+s")
		}},
		{name: "checked", setup: func(t *testing.T, r *root, m *Model) {
			r.fill(values{Content: "Alex adopted a grey cat named Miso in November.", Tags: []string{"pets"}})
			r.keys("ctrl+s", "v")
		}},
		{name: "server-422", faults: []hindsighttest.Fault{{Method: "POST", Path: memoriesPath, Status: 422,
			Body: `{"detail":[{"type":"value_error","loc":["body","items",0,"timestamp"],"msg":"Value error, Invalid timestamp/event_date format: '2026-02-30'.","input":"2026-02-30"}]}`}},
			setup: func(t *testing.T, r *root, m *Model) {
				r.fill(values{Content: "Alex moved to Lisbon.", Timestamp: "2026-03-01", Tags: []string{"move"}})
				r.keys("ctrl+s")
			}},
		{name: "read-only", readOnly: true},
	}
	for _, sz := range goldenSizes {
		for _, sc := range screens {
			t.Run(sz.name+"/"+sc.name, func(t *testing.T) {
				opts := sc.opts
				for _, f := range sc.faults {
					opts = append(opts, hindsighttest.WithFault(f))
				}
				c := newCommon(t, demoServer(t, opts...))
				c.StateDir = t.TempDir()
				c.ReadOnly = sc.readOnly
				r, m := startPane(t, c, "user-alex-prefs", sz.w, sz.h)
				if sc.setup != nil {
					sc.setup(t, r, m)
				}
				view := m.View()
				checkBox(t, view, sz.w, sz.h)
				if sub := m.cur.sub; sub != nil && sub.follow.opID != "" {
					// The server makes a random operation id.
					view = strings.ReplaceAll(view, shortID(sub.follow.opID), "0p3r4710")
				}
				requireGolden(t, view)
			})
		}
	}
}

// TestGoldenDialogs compares the batch dialog's preview.
func TestGoldenDialogs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "week.jsonl")
	data := `{"content":"Alex moved to Lisbon in March 2026.","document_id":"w-1","tags":["move"],"timestamp":"2026-03-01"}
{"content":"Alex works remotely for Acme.","document_id":"w-2","metadata":{"source":"chat"}}
{"content":"Alex adopted a cat named Miso.","document_id":"w-3","entities":["Miso:ANIMAL"]}
{"content":"Alex runs on Sundays.","document_id":"w-4"}
{"content":"","document_id":"w-5","timestamp":"soon"}
`
	if err := os.WriteFile(file, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, sz := range goldenSizes {
		t.Run(sz.name+"/batch", func(t *testing.T) {
			r, _ := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", sz.w, sz.h)
			r.keys("ctrl+b")
			d := r.front().(*batchDialog)
			d.input.SetValue(file)
			r.keys("enter")
			d.SetSize(sz.screenW, sz.screenH)
			requireGolden(t, d.View())
		})
	}
}
