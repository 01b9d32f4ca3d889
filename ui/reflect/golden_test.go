package reflect

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Pane sizes inside the root's frame at a 120x40 and a 60x20 terminal.
var goldenSizes = []struct {
	name string
	w, h int
}{
	{"120x40", 88, 35},
	{"60x20", 58, 15},
}

// toServer sends every request to the test server whatever host the client names, so
// the client can be built for goldenURL and error sentences name that, not a random
// port.
type toServer struct{ target *url.URL }

func (ts toServer) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host = ts.target.Scheme, ts.target.Host
	return http.DefaultTransport.RoundTrip(req)
}

// goldenCommon is newCommon with the client built for goldenURL.
func goldenCommon(t *testing.T, srv *hindsighttest.Server) *common.Common {
	t.Helper()
	target, err := url.Parse(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	cl, err := client.New(goldenURL, client.WithHTTPClient(&http.Client{Transport: toServer{target}}))
	if err != nil {
		t.Fatal(err)
	}
	return &common.Common{Client: cl, Styles: styles.New(true), Keys: keymap.Default(), Now: fixedNow,
		Timeout: 10 * time.Second, BaseURL: goldenURL}
}

// withoutSpinner replaces the spinner's frame, which a golden must not depend on.
func withoutSpinner(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏", r) {
			return '*'
		}
		return r
	}, s)
}

// TestGoldenViews compares the plain text of the pane's states. Regenerate with:
// go test ./ui/reflect -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	screens := []struct {
		name   string
		bank   string
		faults []hindsighttest.Fault
		setup  func(t *testing.T, r *root, m *Model)
	}{
		{name: "empty", bank: alexBank},
		{name: "no-bank"},
		{name: "evidence", bank: alexBank, setup: func(t *testing.T, r *root, m *Model) {
			m.cur.params.tools = true
			r.ask(tokyoQuestion)
			r.keys("esc", "space")
		}},
		{name: "structured", bank: alexBank, setup: func(t *testing.T, r *root, m *Model) {
			m.cur.params.schema = `{"type":"object","properties":{"summary":{"type":"string","description":"one sentence"},` +
				`"facts_used":{"type":"integer"},"grounded":{"type":"boolean"}},"required":["summary"]}`
			r.ask("How does Alex take coffee?")
			r.keys("esc", "G")
		}},
		{name: "no-structured", bank: alexBank, setup: func(t *testing.T, r *root, m *Model) {
			m.cur.params.schema = `{"type":"object","properties":{"mood":{"type":"string","enum":["ecstatic"]}},"required":["mood"]}`
			r.ask("When is Alex's half marathon?")
			r.keys("esc", "G")
		}},
		{name: "failed", bank: alexBank,
			faults: []hindsighttest.Fault{{Method: "POST", Path: reflectPath, Status: 500, Body: `{"detail":"LLM provider returned 502 Bad Gateway"}`}},
			setup: func(t *testing.T, r *root, m *Model) {
				r.ask("How does Alex take coffee?")
			}},
		{name: "waiting", bank: alexBank, setup: func(t *testing.T, r *root, m *Model) {
			r.ask("How does Alex take coffee?")
			r.hold = true
			r.ask(tokyoQuestion + "\nAnd who is going with them?")
			m.clock = func() time.Time { return testNow.Add(83 * time.Second) }
			_, _ = m.Update(nil) // lay out at the new time, as a spinner tick would
		}},
		{name: "cancelled", bank: alexBank, setup: func(t *testing.T, r *root, m *Model) {
			r.hold = true
			r.ask("How does Alex take coffee?")
			m.clock = func() time.Time { return testNow.Add(4 * time.Second) }
			r.hold = false
			r.keys("esc")
		}},
		{name: "parameters", bank: alexBank, setup: func(t *testing.T, r *root, m *Model) {
			m.setTags([]string{"trip:tokyo-2026"})
			m.cur.params.budget = "mid"
			m.cur.params.schema = `{"type":"object"`
			r.keys("tab", "tab")
			r.typeText("5OO")
		}},
	}
	for _, sz := range goldenSizes {
		for _, sc := range screens {
			t.Run(sz.name+"/"+sc.name, func(t *testing.T) {
				var opts []hindsighttest.Option
				for _, f := range sc.faults {
					opts = append(opts, hindsighttest.WithFault(f))
				}
				r, m := startPane(t, goldenCommon(t, demoServer(t, opts...)), sc.bank, sz.w, sz.h)
				if sc.setup != nil {
					sc.setup(t, r, m)
				}
				view := m.View()
				checkBox(t, view, sz.w, sz.h)
				golden.RequireEqual(t, []byte(withoutSpinner(plain(view))))
				r.release()
			})
		}
	}
}
