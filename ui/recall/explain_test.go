package recall

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/explain"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

const lab = "explain-lab"

// seededCase is the stand-in's seeded explainer case for stage.
func seededCase(t *testing.T, stage string) hindsighttest.ExplainCase {
	t.Helper()
	cases, err := hindsighttest.ExplainCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Stage == stage {
			return c
		}
	}
	t.Fatalf("no seeded case for %s", stage)
	return hindsighttest.ExplainCase{}
}

// labPane is the pane on the explain-lab bank; dir, when set, is its state directory.
func labPane(t *testing.T, dir string, opts ...uitest.Option) (*Model, *uitest.Host) {
	t.Helper()
	newPane := func(c *common.Common) *Model {
		c.StateDir = dir
		return New(c)
	}
	return uitest.Demo(t, newPane, append([]uitest.Option{uitest.Seed(hindsighttest.WithExplainLab()), uitest.Bank(lab)}, opts...)...)
}

// typeCase searches the seeded "type" case: the request asks for world facts only, and
// the expected memory is an experience.
func typeCase(t *testing.T, h *uitest.Host, m *Model) hindsighttest.ExplainCase {
	t.Helper()
	tc := seededCase(t, "type")
	var req client.RecallRequest
	if err := json.Unmarshal(tc.Request, &req); err != nil {
		t.Fatal(err)
	}
	m.cur.filters.types = [3]bool{true, false, false}
	h.Do(m.bar.Sync())
	query(h, m, req.Query)
	if m.res == nil {
		t.Fatal("no answer")
	}
	return tc
}

// runRequest shows the answer to req as if the filters had built it.
func runRequest(t *testing.T, h *uitest.Host, m *Model, req client.RecallRequest) {
	t.Helper()
	resp, err := h.C.Client.Recall(t.Context(), lab, req)
	if err != nil {
		t.Fatal(err)
	}
	m.focusZone(zoneResults)
	m.seq++
	m.searching = true
	h.Deliver(recallDoneMsg{seq: m.seq, bank: lab, req: req, resp: resp})
}

// verdictOf is the explainer's verdict for id, or fails the test.
func verdictOf(t *testing.T, m *Model, id string) explain.Verdict {
	t.Helper()
	for _, v := range m.verdicts() {
		if v.MemoryID == id {
			return v
		}
	}
	t.Fatalf("no verdict for %s among %d (running %v, err %v)", id, len(m.verdicts()), m.exp.running, m.exp.err)
	return explain.Verdict{}
}

// TestPinFromTheInspectorShowsInTheExplainer: P in the memory inspector (opened here
// as any pane opens it) reaches the recall pane through the broadcast, and the
// explainer names the stage where the memory dropped out, with its fix; enter tries
// the fix, which brings the memory back.
func TestPinFromTheInspectorShowsInTheExplainer(t *testing.T) {
	m, h := labPane(t, "")
	tc := typeCase(t, h, m)
	if m.res.indexOf(tc.MemoryID) >= 0 {
		t.Fatal("the expected memory is among the results already")
	}
	h.Open(components.NewMemoryDialog(h.C, lab, tc.MemoryID))
	h.Keys("P")
	if !strings.Contains(strings.Join(h.Toasts, "\n"), "pinned") {
		t.Errorf("toasts %q", h.Toasts)
	}
	h.Keys("esc")
	v := verdictOf(t, m, tc.MemoryID)
	if v.Stage != explain.StageType || v.Fix.Label != "add type experience" {
		t.Fatalf("stage %s, fix %q", v.Stage, v.Fix.Label)
	}
	h.Keys("e")
	view := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"✗ type", "1 memory pinned · 0 recalled · 1 dropped at type", "fix: add type experience · enter tries it"} {
		if !strings.Contains(view, want) {
			t.Errorf("the explainer lacks %q:\n%s", want, view)
		}
	}
	h.Keys("enter")
	tried := m.exp.tried[tc.MemoryID]
	if tried == nil || tried.out == nil || !tried.out.Back {
		t.Fatalf("the fix did not bring it back: %+v", tried)
	}
	if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, "with add type experience: back at #") {
		t.Errorf("the outcome is not shown:\n%s", view)
	}
}

// TestExplainerNamesEveryStage: for each seeded case, a pin of its memory on its
// request gets the verdict of its stage, named in the view; where the case says a
// change brings it back, enter brings it back.
func TestExplainerNamesEveryStage(t *testing.T) {
	cases, err := hindsighttest.ExplainCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Stage, func(t *testing.T) {
			m, h := labPane(t, "")
			var req client.RecallRequest
			if err := json.Unmarshal(tc.Request, &req); err != nil {
				t.Fatal(err)
			}
			h.Send(common.PinMemoryMsg{BankID: lab, MemoryID: tc.MemoryID})
			runRequest(t, h, m, req)
			v := verdictOf(t, m, tc.MemoryID)
			if string(v.Stage) != tc.Stage {
				t.Fatalf("stage %s, want %s: %s", v.Stage, tc.Stage, v.Summary)
			}
			h.Keys("e")
			mark := "✗ " + tc.Stage
			if tc.Stage == "recalled" {
				mark = "✓ recalled #1"
			}
			if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, mark) {
				t.Errorf("the view does not name %q:\n%s", mark, view)
			}
			if len(tc.BringBack) == 0 {
				return
			}
			h.Keys("enter")
			if tr := m.exp.tried[tc.MemoryID]; tr == nil || tr.out == nil || !tr.out.Back {
				t.Errorf("%q did not bring it back: %+v", v.Fix.Label, tr)
			}
		})
	}
}

// TestPinsPersistAcrossARestart: pins are written to the state directory per server
// and bank, and a new pane on the same directory has them; the file holds no URL and
// no key; unpinning removes them.
func TestPinsPersistAcrossARestart(t *testing.T) {
	dir := t.TempDir()
	m, h := labPane(t, dir)
	tc := typeCase(t, h, m)
	h.Keys("P") // the first result
	first := m.selectedID()
	h.Send(common.PinMemoryMsg{BankID: lab, MemoryID: tc.MemoryID, Text: "I booked"})
	if got := m.curPins().ids(); len(got) != 2 || got[0] != first || got[1] != tc.MemoryID {
		t.Fatalf("pins %v", got)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "drafts", "*.json"))
	if len(files) != 1 {
		t.Fatalf("pin files %v", files)
	}
	data, _ := os.ReadFile(files[0])
	if info, _ := os.Stat(files[0]); info.Mode().Perm() != 0o600 || strings.Contains(string(data), "127.0.0.1") {
		t.Errorf("pin file %v: %s", info.Mode(), data)
	}

	m2, h2 := labPane(t, dir)
	if s := m2.curPins(); s == nil || !s.loaded || len(s.pins) != 2 || s.pins[1].ID != tc.MemoryID {
		t.Fatalf("after a restart the pins are %+v", s)
	}
	typeCase(t, h2, m2)
	if v := verdictOf(t, m2, tc.MemoryID); v.Stage != explain.StageType {
		t.Errorf("stage %s after the restart", v.Stage)
	}
	h2.Keys("e", "U", "U")
	if s := m2.curPins(); len(s.pins) != 0 {
		t.Errorf("pins after unpinning both: %+v", s.pins)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "drafts", "*.json")); len(files) != 0 {
		t.Errorf("the pin file stays: %v", files)
	}
}

// TestPinBoxResolvesAFragment: the explainer's box pins by a fragment of a memory's
// text, looked up on the server; an ambiguous or unknown fragment says why and pins
// nothing.
func TestPinBoxResolvesAFragment(t *testing.T) {
	m, h := labPane(t, "")
	tc := typeCase(t, h, m)
	h.Keys("e", "P")
	if !m.Capturing() {
		t.Fatal("the pin box does not take typing")
	}
	h.Type("no such words anywhere")
	h.Keys("enter")
	if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, "no memory in bank explain-lab contains") {
		t.Errorf("no complaint:\n%s", view)
	}
	h.Keys("esc", "P")
	h.Type("TP 671")
	h.Keys("enter")
	if m.Capturing() || len(m.curPins().pins) != 1 {
		t.Fatalf("pins %+v", m.curPins().pins)
	}
	if v := verdictOf(t, m, m.curPins().pins[0].ID); v.Stage != explain.StageType || v.MemoryID != tc.MemoryID {
		t.Errorf("verdict %s for %s", v.Stage, v.MemoryID)
	}
	// The pin keeps, and its notice names, the memory's words, not the fragment typed.
	if p := m.curPins().pins[0]; p.Text == "TP 671" || !strings.Contains(p.Text, "TP 671") {
		t.Errorf("the pin keeps %q", p.Text)
	}
	if toast := h.Toasts[len(h.Toasts)-1]; strings.Contains(toast, "“TP 671”") {
		t.Errorf("the notice names the fragment: %q", toast)
	}
}

// TestPinFromTheMemoriesListReachesRecall is in the memories pane's tests; here: the
// pin keys are in the help and the palette where they act.
func TestPinKeysAreListed(t *testing.T) {
	m, h := labPane(t, "")
	typeCase(t, h, m)
	if !strings.Contains(helpText(m), "P pin as expected") || !strings.Contains(helpText(m), "e explain pins") {
		t.Errorf("help %q", helpText(m))
	}
	h.Keys("e")
	if help := helpText(m); !strings.Contains(help, "P pin by id or text") || !strings.Contains(help, "esc back to results") {
		t.Errorf("explainer help %q", help)
	}
	action(t, m, "Pin a memory by id or text")
}

func helpText(m *Model) string {
	var parts []string
	for _, g := range m.FullHelp() {
		for _, b := range g {
			parts = append(parts, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(parts, " · ")
}

// TestGoldenExplainer compares the explainer: a pin recalled, one dropped at type
// with its fix tried, one missing; and the explainer with no pins. Regenerate with:
// go test ./ui/recall -run TestGoldenExplainer -update
func TestGoldenExplainer(t *testing.T) {
	for _, term := range uitest.Terminals {
		for _, sc := range []struct {
			name  string
			setup func(t *testing.T, h *uitest.Host, m *Model)
		}{
			{"verdicts", func(t *testing.T, h *uitest.Host, m *Model) {
				tc := typeCase(t, h, m)
				h.Keys("P") // the first result
				h.Send(common.PinMemoryMsg{BankID: lab, MemoryID: tc.MemoryID})
				h.Send(common.PinMemoryMsg{BankID: lab, MemoryID: seededCase(t, "missing").MemoryID, Text: "Priya's frequent flyer number"})
				h.Keys("e", "j", "enter")
			}},
			{"no-pins", func(t *testing.T, h *uitest.Host, m *Model) {
				typeCase(t, h, m)
				h.Keys("e")
			}},
			{"pin-box", func(t *testing.T, h *uitest.Host, m *Model) {
				typeCase(t, h, m)
				h.Keys("e", "P")
				h.Type("Priya")
				h.Keys("enter")
			}},
		} {
			t.Run(uitest.TermName(term)+"/"+sc.name, func(t *testing.T) {
				m, h := labPane(t, "", uitest.Terminal(term[0], term[1]))
				sc.setup(t, h, m)
				uitest.RequireGoldenPane(t, m, term[0], term[1])
			})
		}
	}
}
