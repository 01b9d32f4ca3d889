package retain

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// previewForm is a form whose extraction has names, both fact types and dates.
var previewForm = values{Content: "Alex Moreno moved to Lisbon on 2026-03-02. I booked the movers for Rita.\n" +
	"The flat tour ran from 2026-02-20 to 2026-02-22.", Context: "weekly check-in", Timestamp: "2026-03-05 09:00"}

// factSet is a list of facts as sorted "type: text" lines.
func factSet(facts []client.ExtractedFact) []string {
	var out []string
	for _, f := range facts {
		out = append(out, f.FactType+": "+f.Text+" @"+f.OccurredStart.Raw+"…"+f.OccurredEnd.Raw)
	}
	slices.Sort(out)
	return out
}

// TestPreviewEqualsWhatRetainStores: extraction preview equals what a real retain of
// the same content then stores (stand-in). The preview's facts, by text, type and
// dates, are the memories an async retain of the same item stores once its operation
// completes; the preview itself stores nothing.
func TestPreviewEqualsWhatRetainStores(t *testing.T) {
	m, r := uitest.Demo(t, New)
	fill(r, m, previewForm)
	r.Keys("ctrl+x")
	d := uitest.Front[*components.ExtractDialog](r)
	if d.Current() == nil || len(d.Current().Facts) != 3 {
		t.Fatalf("preview %+v", d.Current())
	}
	preview := factSet(d.Current().Facts)

	ctx, cl, bank := context.Background(), r.C.Client, uitest.DemoBank
	const doc = "preview-probe"
	if l, err := cl.ListMemories(ctx, bank, client.ListMemoriesParams{DocumentID: doc}); err != nil || l.Total != 0 {
		t.Fatalf("the preview stored something: %v %v", l, err)
	}
	req, _ := buildRequest(m.cur.form.values(), doc)
	req.Async = true
	resp, err := cl.Retain(ctx, bank, req)
	if err != nil || resp.OperationID == "" {
		t.Fatalf("retain: %v %+v", err, resp)
	}
	for i := 0; ; i++ {
		op, err := cl.GetOperation(ctx, bank, resp.OperationID, false)
		if err != nil {
			t.Fatal(err)
		}
		if op.Status == client.StatusCompleted {
			break
		}
		if i == 20 || op.Status == client.StatusFailed {
			t.Fatalf("operation %+v", op)
		}
	}
	list, err := cl.ListMemories(ctx, bank, client.ListMemoriesParams{DocumentID: doc})
	if err != nil {
		t.Fatal(err)
	}
	var stored []client.ExtractedFact
	for _, mem := range list.Items {
		stored = append(stored, client.ExtractedFact{Text: mem.Text, FactType: mem.FactType,
			OccurredStart: mem.OccurredStart, OccurredEnd: mem.OccurredEnd})
	}
	if got := factSet(stored); !slices.Equal(got, preview) {
		t.Errorf("stored\n%s\npreviewed\n%s", strings.Join(got, "\n"), strings.Join(preview, "\n"))
	}
}

// TestPreviewLeavesTheDraft: the preview only reads the form. It sends a dry run, no
// retain; the form, its draft and its keys are as they were once it closes.
func TestPreviewLeavesTheDraft(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, keepingDrafts(t.TempDir()), uitest.WithClient(rec.Option()))
	fill(r, m, previewForm)
	r.Fire(uitest.Is[draftDueMsg])
	before, gen, saved, focus := m.cur.form.values(), m.cur.gen, m.cur.savedGen, m.cur.form.focus
	r.Keys("ctrl+x")
	bodies := rec.Bodies("POST", "/memories/dry-run-extract")
	want := `{"content":"Alex Moreno moved to Lisbon on 2026-03-02. I booked the movers for Rita.\nThe flat tour ran from 2026-02-20 to 2026-02-22.",` +
		`"context":"weekly check-in","timestamp":"2026-03-05T09:00:00Z"}`
	if len(bodies) != 1 || bodies[0] != want {
		t.Fatalf("sent %q\nwant %q", bodies, want)
	}
	r.Keys("j", "r", "esc")
	if r.Front() != nil {
		t.Fatal("esc closes the preview")
	}
	for _, q := range rec.All() {
		if q.Method != "GET" && !strings.HasSuffix(q.Path, "/memories/dry-run-extract") {
			t.Errorf("the preview sent %s %s", q.Method, q.Path)
		}
	}
	if n := len(rec.Bodies("POST", "/memories/dry-run-extract")); n != 2 {
		t.Errorf("r extracts again: %d dry runs", n)
	}
	if !m.cur.form.values().equal(before) || m.cur.gen != gen || m.cur.savedGen != saved {
		t.Errorf("the form changed: %+v", m.cur.form.values())
	}
	if m.zone != zoneForm || m.cur.form.focus != focus {
		t.Errorf("the cursor left its field: zone %d focus %d", m.zone, m.cur.form.focus)
	}
}

// TestPreviewNeedsContent: an empty form says so instead of asking the server.
func TestPreviewNeedsContent(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	fill(r, m, values{Context: "chat", Timestamp: "unset"})
	r.Keys("ctrl+x")
	if r.Front() != nil || len(rec.All()) != 0 {
		t.Fatal("no preview without content")
	}
	if len(r.Toasts) == 0 || !strings.Contains(r.Toasts[len(r.Toasts)-1], "content cannot be empty") {
		t.Errorf("toasts %v", r.Toasts)
	}
	// "unset" is not a date a dry run takes: it is left out.
	if req, problem := previewRequest(values{Content: "x y z", Timestamp: "unset"}); problem != "" || req.Timestamp != "" {
		t.Errorf("unset: %+v %q", req, problem)
	}
}

// openCandidate opens the candidate form from the preview and sets its fields.
func openCandidate(t *testing.T, r *uitest.Host, mission, mode, labels string) *components.Form {
	t.Helper()
	r.Keys("o")
	f := uitest.Front[*components.Form](r)
	fields := f.Fields()
	if got := fields[1].(*components.TextField).Value(); got != "concise" {
		t.Fatalf("the mode is filled from the bank's config: %q", got)
	}
	fields[0].(*components.EditorField).SetValue(mission)
	fields[1].(*components.TextField).SetValue(mode)
	fields[3].(*components.EditorField).SetValue(labels)
	r.Keys("ctrl+s")
	return f
}

// TestCandidateSettings: o fills the candidate form from the bank's configuration;
// running it extracts under both settings, sends the overrides, and marks the facts
// only one side finds. c goes back to the plain preview and again.
func TestCandidateSettings(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	fill(r, m, previewForm)
	r.Keys("ctrl+x")
	d := uitest.Front[*components.ExtractDialog](r)
	openCandidate(t, r, "Keep moves.", "verbatim", `[{"key": "city", "type": "value", "values": []}]`)
	if r.Front() != d || !d.Comparing() || len(d.Candidate().Facts) != 1 || len(d.Current().Facts) != 3 {
		t.Fatalf("comparison %v %+v", d.Comparing(), d.Candidate())
	}
	if n := len(rec.Matching("GET", "/config")); n != 1 {
		t.Errorf("%d config reads", n)
	}
	bodies := rec.Bodies("POST", "/memories/dry-run-extract")
	var last map[string]any
	if err := json.Unmarshal([]byte(bodies[len(bodies)-1]), &last); err != nil {
		t.Fatal(err)
	}
	if last["retain_extraction_mode"] != "verbatim" || last["retain_mission"] != "Keep moves." || last["entity_labels"] == nil {
		t.Errorf("candidate request %v", last)
	}
	view := uitest.Plain(uitest.View(t, d))
	for _, want := range []string{"Bank's settings", "Candidate: mode verbatim, mission, entity labels", "◆ 4 facts found by one side only", "│"} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in\n%s", want, view)
		}
	}
	r.Keys("c")
	if d.Comparing() || !strings.Contains(uitest.Plain(uitest.View(t, d)), "Retain would store 3 facts") {
		t.Error("c shows the plain preview")
	}
	r.Keys("c")
	if !d.Comparing() {
		t.Error("c shows the comparison again")
	}
	// The form opens again with the candidate as last asked.
	r.Keys("o")
	if f := uitest.Front[*components.Form](r); f.Fields()[1].(*components.TextField).Value() != "verbatim" {
		t.Error("the form keeps the candidate")
	}
}

// TestCandidateChecks: what the server could not take is said under its field, and
// nothing is sent.
func TestCandidateChecks(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	fill(r, m, previewForm)
	r.Keys("ctrl+x")
	f := openCandidate(t, r, "", "fast", `{"key": `)
	if r.Front() != f || f.Fields()[1].Error() == "" || !strings.Contains(f.Fields()[3].Error(), "not JSON") {
		t.Fatalf("errors %q %q", f.Fields()[1].Error(), f.Fields()[3].Error())
	}
	if n := len(rec.Bodies("POST", "/memories/dry-run-extract")); n != 1 {
		t.Errorf("%d dry runs", n)
	}
}

// TestPreviewReadOnly: read-only mode has no retain form, so no preview key or action.
func TestPreviewReadOnly(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.ReadOnly())
	r.Keys("ctrl+x")
	if r.Front() != nil || m.keys.Extract.Preview.Enabled() {
		t.Fatal("a preview in read-only mode")
	}
	for _, a := range m.Actions() {
		if strings.Contains(a.Name, "Extraction preview") {
			t.Error(a.Name)
		}
	}
}

// TestPreviewAction: the palette's action opens the preview, and so does the message
// the root's palette entry sends from another pane.
func TestPreviewAction(t *testing.T) {
	m, r := uitest.Demo(t, New)
	fill(r, m, previewForm)
	var found bool
	for _, a := range m.Actions() {
		if strings.HasPrefix(a.Name, "Extraction preview") {
			found = true
			r.Deliver(a.Msg)
		}
	}
	if !found {
		t.Fatal("no palette action")
	}
	uitest.Front[*components.ExtractDialog](r)
	r.Keys("esc")
	r.Deliver(common.ShowExtractionPreviewMsg{})
	uitest.Front[*components.ExtractDialog](r)
}
