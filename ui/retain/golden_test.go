package retain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

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
		setup    func(t *testing.T, r *uitest.Host, m *Model)
	}{
		{name: "empty"},
		{name: "invalid", setup: func(t *testing.T, r *uitest.Host, m *Model) {
			fill(r, m, values{Content: "Alex moved to Lisbon.", Timestamp: "yesterday", Metadata: "source=chat\nsource=slack"})
			r.Keys("ctrl+s")
		}},
		{name: "filled", setup: func(t *testing.T, r *uitest.Host, m *Model) {
			fill(r, m, filled)
			r.Fire(uitest.Is[draftDueMsg])
			focusField(r, m, fTags)
			r.Type("sou")
		}},
		{name: "following", opts: []hindsighttest.Option{hindsighttest.WithAsyncDelay(1e10)}, setup: func(t *testing.T, r *uitest.Host, m *Model) {
			fill(r, m, filled)
			r.Keys("ctrl+s")
		}},
		{name: "checked", setup: func(t *testing.T, r *uitest.Host, m *Model) {
			fill(r, m, values{Content: "Alex adopted a grey cat named Miso in November.", Tags: []string{"pets"}})
			r.Keys("ctrl+s", "v")
		}},
		{name: "server-422", faults: []hindsighttest.Fault{{Method: "POST", Path: memoriesPath, Status: 422,
			Body: `{"detail":[{"type":"value_error","loc":["body","items",0,"timestamp"],"msg":"Value error, Invalid timestamp/event_date format: '2026-02-30'.","input":"2026-02-30"}]}`}},
			setup: func(t *testing.T, r *uitest.Host, m *Model) {
				fill(r, m, values{Content: "Alex moved to Lisbon.", Timestamp: "2026-03-01", Tags: []string{"move"}})
				r.Keys("ctrl+s")
			}},
		{name: "read-only", readOnly: true},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				start := []uitest.Option{uitest.Seed(sc.opts...), uitest.Faults(sc.faults...), uitest.Terminal(term[0], term[1])}
				if sc.readOnly {
					start = append(start, uitest.ReadOnly())
				}
				m, r := uitest.Demo(t, keepingDrafts(t.TempDir()), start...)
				m.newID = pinnedID
				if sc.setup != nil {
					sc.setup(t, r, m)
				}
				view := uitest.View(t, m)
				uitest.CheckBox(t, view, m.width, m.height)
				if sub := m.cur.sub; sub != nil && sub.follow.opID != "" {
					// The server makes a random operation id.
					view = strings.ReplaceAll(view, common.ShortID(sub.follow.opID), "0p3r4710")
				}
				golden.RequireEqual(t, []byte(uitest.Plain(view)))
			})
		}
	}
}

// TestGoldenDialogs compares the batch dialog's preview, drawn on the whole screen.
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
	for _, term := range uitest.Terminals {
		t.Run(uitest.TermName(term)+"/batch", func(t *testing.T) {
			_, r := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
			r.Keys("ctrl+b")
			r.Paste(file)
			r.Keys("enter")
			uitest.Front[*batchDialog](r)
			uitest.RequireGolden(t, r.Front())
		})
	}
}
