package models

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// memoryGets are the single-memory GETs rec saw.
func memoryGets(rec *uitest.Recorder) []uitest.Request {
	var out []uitest.Request
	for _, r := range rec.All() {
		if r.Method == "GET" && strings.Contains(r.Path, "/memories/") && !strings.HasSuffix(r.Path, "/list") {
			out = append(out, r)
		}
	}
	return out
}

// cursorOn puts the list's cursor on model id.
func cursorOn(t *testing.T, m *Model, id string) {
	t.Helper()
	i := slices.Index(ids(m), id)
	if i < 0 {
		t.Fatalf("%s not listed: %v", id, ids(m))
	}
	m.moveTo(i)
}

// rowOf is the list row of model id as drawn.
func rowOf(t *testing.T, m *Model, id string) string {
	t.Helper()
	name := m.list.items[slices.IndexFunc(m.list.items, func(mm client.MentalModel) bool { return mm.ID == id })].Name
	for _, l := range strings.Split(ansi.Strip(uitest.View(t, m)), "\n") {
		if strings.Contains(l, name[:min(len(name), 20)]) {
			return l
		}
	}
	t.Fatalf("no row for %s", id)
	return ""
}

// TestRotFlagsInvalidated: the seeded model whose answer cites an invalidated memory
// is flagged with its counts, in its row and in its detail; the others are not.
func TestRotFlagsInvalidated(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("research-agent"))
	got := m.rotOf("retrieval-findings")
	if got.cited != 4 || got.invalidated != 1 || got.deleted != 0 || got.failed+got.unchecked != 0 {
		t.Fatalf("retrieval-findings: %+v", got)
	}
	if !strings.Contains(got.gone[0].ev.Text, "256-token chunks beat 512-token") {
		t.Errorf("the gone memory is the wrong exp-011 summary: %q", got.gone[0].ev.Text)
	}
	if row := rowOf(t, m, "retrieval-findings"); !strings.Contains(row, "cites 1 invalidated") {
		t.Errorf("row not flagged: %q", row)
	}
	for _, id := range []string{"judge-reliability", "project-status"} {
		if c := m.rotOf(id); c.rotten() || c.cited == 0 {
			t.Errorf("%s: %+v", id, c)
		}
	}
	cursorOn(t, m, "retrieval-findings")
	r.Keys("enter")
	view := ansi.Strip(uitest.View(t, m))
	for _, want := range []string{"1 of the 4 cited memories is gone: 1 invalidated.", "Columns were swapped", got.gone[0].ev.ID} {
		if !strings.Contains(view, want) {
			t.Errorf("detail lacks %q:\n%s", want, view)
		}
	}
	r.Keys("enter")
	d := uitest.Front[*components.MemoryDialog](r)
	if d.Memory() == nil || d.Memory().ID != got.gone[0].ev.ID || d.Memory().State != "invalidated" {
		t.Errorf("enter inspects the gone memory: %+v", d.Memory())
	}
}

// TestRotAfterInvalidation: invalidating, in the inspector's flow, a memory a clean
// model cites flags the model once the write is broadcast; restoring it clears the
// flag. A write to memories no model cites reads nothing.
func TestRotAfterInvalidation(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"), uitest.WithClient(rec.Option()))
	if c := m.rotOf("black-friday-readiness"); c.rotten() || c.cited == 0 {
		t.Fatalf("clean to start with: %+v", c)
	}
	cited := m.rot.cited["black-friday-readiness"][1].ID
	mem, err := r.C.Client.GetMemory(context.Background(), "team-platform", cited)
	if err != nil {
		t.Fatal(err)
	}
	r.Do(components.SetMemoryState(r.C, "team-platform", mem, true))
	r.Keys("enter")
	if r.Front() != nil {
		t.Fatalf("confirmation left open: %T", r.Front())
	}
	if c := m.rotOf("black-friday-readiness"); c.invalidated != 1 || c.deleted != 0 {
		t.Fatalf("after the invalidation: %+v", c)
	}
	if row := rowOf(t, m, "black-friday-readiness"); !strings.Contains(row, "cites 1 invalidated") {
		t.Errorf("row not flagged: %q", row)
	}

	if _, err := r.C.Client.UpdateMemory(context.Background(), "team-platform", cited,
		client.UpdateMemoryRequest{State: client.Ptr("valid")}); err != nil {
		t.Fatal(err)
	}
	r.Send(common.MemoryChangedMsg{BankID: "team-platform", IDs: []string{cited}, Change: common.MemoryRestored})
	if c := m.rotOf("black-friday-readiness"); c.rotten() {
		t.Errorf("restored, still flagged: %+v", c)
	}

	rec.Reset()
	r.Send(common.MemoryChangedMsg{BankID: "team-platform", IDs: []string{"not-cited-by-any-model"}, Change: common.MemoryEdited})
	r.Send(common.MemoryChangedMsg{BankID: "another-bank", Change: common.MemoryInvalidated})
	if n := len(rec.All()); n != 0 {
		t.Errorf("writes that concern no listed model sent %d requests: %v", n, rec.All())
	}
}

// TestRotDeleted: a cited memory that is gone (404) counts as deleted: the seeded
// one, and one whose document is deleted elsewhere (which broadcasts BanksChangedMsg).
func TestRotDeleted(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	if c := m.rotOf("service-ownership"); c.deleted != 1 || c.invalidated != 0 {
		t.Fatalf("seeded deletion: %+v", c)
	}
	if row := rowOf(t, m, "service-ownership"); !strings.Contains(row, "cites 1 deleted") {
		t.Errorf("row not flagged: %q", row)
	}
	var doc string
	for _, ev := range m.rot.cited["black-friday-readiness"] {
		if mem, err := r.C.Client.GetMemory(context.Background(), "team-platform", ev.ID); err == nil && mem.DocumentID != "" {
			doc = mem.DocumentID
			break
		}
	}
	if doc == "" {
		t.Fatal("no cited memory with a document")
	}
	if _, err := r.C.Client.DeleteDocument(context.Background(), "team-platform", doc); err != nil {
		t.Fatal(err)
	}
	r.Send(common.BanksChangedMsg{})
	if c := m.rotOf("black-friday-readiness"); c.deleted == 0 || c.invalidated != 0 {
		t.Errorf("after deleting document %s: %+v", doc, c)
	}
	cursorOn(t, m, "service-ownership")
	r.Keys("enter", "enter")
	if r.Front() != nil || len(r.Toasts) == 0 || !strings.Contains(r.Toasts[len(r.Toasts)-1], "was deleted") {
		t.Errorf("enter on a deleted memory says so, opening nothing: %v", r.Toasts)
	}
}

// TestRotRequestsBounded: one check reads each distinct cited memory once, however
// many models cite it, and never more than the bound; the rest say they were not
// checked.
func TestRotRequestsBounded(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"), uitest.WithClient(rec.Option()))
	distinct := map[string]bool{}
	total := 0
	for _, evs := range m.rot.cited {
		for _, ev := range evs {
			distinct[ev.ID] = true
			total++
		}
	}
	gets := memoryGets(rec)
	if len(gets) != len(distinct) || len(distinct) > rotMaxIDs {
		t.Fatalf("%d GETs for %d distinct cited memories (%d citations)", len(gets), len(distinct), total)
	}
	if total == len(distinct) {
		t.Error("the seed should have two models citing one memory, to test the deduplication")
	}
	m.rot.limit = 3
	rec.Reset()
	r.Keys("r")
	if n := len(memoryGets(rec)); n != 3 {
		t.Errorf("bound 3: %d GETs", n)
	}
	if m.rot.skipped != len(distinct)-3 {
		t.Errorf("skipped %d, want %d", m.rot.skipped, len(distinct)-3)
	}
	unchecked := 0
	for id := range m.rot.cited {
		unchecked += m.rotOf(id).unchecked
	}
	if unchecked == 0 {
		t.Error("models over the bound count unchecked memories")
	}
}

// TestRotStaleAnswersDropped: an answer to a superseded check, or to another bank's,
// changes nothing; a check in flight when the list reloads is superseded.
func TestRotStaleAnswersDropped(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("research-agent"))
	all := map[string]citeCheck{}
	for _, evs := range m.rot.cited {
		for _, ev := range evs {
			all[ev.ID] = citeCheck{state: citeDeleted}
		}
	}
	r.Deliver(rotMsg{bank: "research-agent", seq: m.rot.seq - 1, checks: all})
	r.Deliver(rotMsg{bank: "team-platform", seq: m.rot.seq, checks: all})
	if c := m.rotOf("judge-reliability"); c.deleted != 0 {
		t.Fatalf("stale answer taken: %+v", c)
	}
	cmd := r.Hold("r") // a reload, its list answer not delivered yet
	before := m.rot.seq
	r.Do(cmd)
	if m.rot.seq == before {
		t.Error("the reloaded list starts a new check")
	}
	r.Deliver(rotMsg{bank: "research-agent", seq: before, checks: all})
	if c := m.rotOf("judge-reliability"); c.deleted != 0 {
		t.Errorf("the check the reload superseded was taken: %+v", c)
	}
}

// TestRefreshKey: F queues a refresh of the selected model (and of the open one),
// names the operation, hands it to the operations pane and lists again; with
// --read-only the key is absent from the help and does nothing.
func TestRefreshKey(t *testing.T) {
	rec, clk := &uitest.Recorder{}, uitest.NewClock()
	m, r := uitest.Demo(t, New, uitest.Bank("research-agent"), uitest.WithClient(rec.Option()),
		uitest.Seed(hindsighttest.WithClock(clk.Now)))
	cursorOn(t, m, "retrieval-findings")
	if !helpHas(m, "F") {
		t.Fatal("F not in the help")
	}
	rec.Reset()
	r.Keys("F")
	posts := rec.Matching("POST", "/mental-models/retrieval-findings/refresh")
	if len(posts) != 1 || len(r.Started) != 1 || r.Started[0].Kind != "refresh_mental_model" || r.Started[0].OperationID == "" {
		t.Fatalf("refresh: %v posts, started %+v", len(posts), r.Started)
	}
	if !slices.ContainsFunc(r.Toasts, func(s string) bool { return strings.Contains(s, common.ShortID(r.Started[0].OperationID)) }) {
		t.Errorf("no toast names the operation: %v", r.Toasts)
	}
	for i := 0; i < 50 && len(m.follow) > 0; i++ {
		clk.Advance(pollEvery)
		r.Fire(uitest.Is[pollMsg])
	}
	if last := r.Toasts[len(r.Toasts)-1]; len(m.follow) != 0 || !strings.HasPrefix(last, "Refreshed") || !strings.Contains(last, "content") {
		t.Fatalf("the refresh is followed to its end: %d following, toasts %v", len(m.follow), r.Toasts)
	}
	if len(rec.Matching("GET", "/mental-models")) == 0 {
		t.Error("the list did not reload when the refresh ended")
	}
	if c := m.rotOf("retrieval-findings"); c.rotten() || c.cited == 0 {
		t.Errorf("refreshed without the invalidated memory, still flagged: %+v", c)
	}
	r.Keys("enter")
	history := len(m.det.history)
	rec.Reset()
	r.Keys("F")
	if n := len(rec.Matching("POST", "/mental-models/retrieval-findings/refresh")); n != 1 || m.det.id != "retrieval-findings" {
		t.Errorf("F in the detail: %d refreshes", n)
	}
	for i := 0; i < 50 && len(m.follow) > 0; i++ {
		clk.Advance(pollEvery)
		r.Fire(uitest.Is[pollMsg])
	}
	if !m.open || len(m.det.history) != history+1 {
		t.Errorf("the open model is read again once refreshed: history %d → %d", history, len(m.det.history))
	}

	rec = &uitest.Recorder{}
	m, r = uitest.Demo(t, New, uitest.Bank("research-agent"), uitest.ReadOnly(), uitest.WithClient(rec.Option()))
	cursorOn(t, m, "retrieval-findings")
	r.Keys("F", "enter", "F")
	if w := rec.Writes(); len(w) != 0 || helpHas(m, "F") {
		t.Errorf("read-only: writes %v, F in help %v", w, helpHas(m, "F"))
	}
}

// helpHas says the full help lists an enabled binding with key k.
func helpHas(m *Model, k string) bool {
	for _, g := range m.FullHelp() {
		for _, b := range g {
			if b.Enabled() && b.Help().Key == k {
				return true
			}
		}
	}
	return false
}

// TestNextGone: o marks the next gone memory of the open model, round and round, and
// enter inspects the marked one.
func TestNextGone(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	cited := m.rot.cited["black-friday-readiness"]
	for _, i := range []int{0, 2} {
		if _, err := r.C.Client.UpdateMemory(context.Background(), "team-platform", cited[i].ID,
			client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("test")}); err != nil {
			t.Fatal(err)
		}
	}
	r.Send(common.MemoryChangedMsg{BankID: "team-platform", IDs: []string{cited[0].ID, cited[2].ID}, Change: common.MemoryInvalidated})
	cursorOn(t, m, "black-friday-readiness")
	r.Keys("enter")
	if m.rot.mark != 0 || !m.keys.Models.NextGone.Enabled() {
		t.Fatalf("mark %d, o enabled %v", m.rot.mark, m.keys.Models.NextGone.Enabled())
	}
	r.Keys("o")
	if m.rot.mark != 1 {
		t.Errorf("o moved the mark to %d", m.rot.mark)
	}
	r.Keys("enter")
	if d := uitest.Front[*components.MemoryDialog](r); d.Memory() == nil || d.Memory().ID != cited[2].ID {
		t.Errorf("inspected %+v, want %s", d.Memory(), cited[2].ID)
	}
	r.Keys("esc")
	r.Keys("o")
	if m.rot.mark != 0 {
		t.Errorf("o wraps round: %d", m.rot.mark)
	}
}

// TestRotBadgeForms: the badge keeps to the STATE column whatever the counts.
func TestRotBadgeForms(t *testing.T) {
	for _, tc := range []struct {
		inv, del int
		want     string
	}{
		{1, 0, "cites 1 invalidated"},
		{0, 3, "cites 3 deleted"},
		{1, 1, "gone: 1 inv, 1 del"},
		{12, 0, "cites 12 inval."},
		{12, 34, "gone 12 inv 34 del"},
	} {
		got := rotBadge(rotCount{invalidated: tc.inv, deleted: tc.del}, stateWidth)
		if got != tc.want || ansi.StringWidth(got) > stateWidth {
			t.Errorf("%d/%d: %q, want %q", tc.inv, tc.del, got, tc.want)
		}
	}
	if got := rotBadge(rotCount{invalidated: 1, deleted: 2}, 100); got != "cites 1 invalidated, 2 deleted" {
		t.Errorf("long form %q", got)
	}
}

// TestGoldenRot shows a list with rotten models and their evidence sections.
// Regenerate with: go test ./ui/models -run TestGoldenRot -update
func TestGoldenRot(t *testing.T) {
	screens := []struct {
		name, bank string
		setup      func(t *testing.T, r *uitest.Host, m *Model)
	}{
		// An invalidated citation (the inspector's flow) beside the seeded deletion.
		{"list", "team-platform", invalidateOne},
		{"detail-both", "team-platform", func(t *testing.T, r *uitest.Host, m *Model) {
			invalidateOne(t, r, m)
			cursorOn(t, m, "black-friday-readiness")
			r.Keys("enter")
		}},
		{"detail-deleted", "team-platform", func(t *testing.T, r *uitest.Host, m *Model) {
			cursorOn(t, m, "service-ownership")
			r.Keys("enter")
		}},
	}
	for _, term := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(fmt.Sprintf("%s-%s", sc.name, uitest.TermName(term)), func(t *testing.T) {
				m, r := uitest.Demo(t, New, uitest.Bank(sc.bank), uitest.Terminal(term[0], term[1]))
				sc.setup(t, r, m)
				golden.RequireEqual(t, []byte(ansi.Strip(uitest.View(t, m))))
			})
		}
	}
}

// invalidateOne invalidates black-friday-readiness's first cited memory, and says so
// as the inspector does.
func invalidateOne(t *testing.T, r *uitest.Host, m *Model) {
	t.Helper()
	id := m.rot.cited["black-friday-readiness"][0].ID
	if _, err := r.C.Client.UpdateMemory(context.Background(), "team-platform", id,
		client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("the freeze moved to 20 November")}); err != nil {
		t.Fatal(err)
	}
	r.Send(common.MemoryChangedMsg{BankID: "team-platform", IDs: []string{id}, Change: common.MemoryInvalidated})
}

// TestRotContract: the list at detail=full, the memory reads of a check (a 404
// among them) and a followed refresh keep to Hindsight's OpenAPI document.
func TestRotContract(t *testing.T) {
	m, r, check := uitest.Contract(t, New, uitest.Bank("team-platform"))
	if c := m.rotOf("service-ownership"); c.deleted != 1 {
		t.Fatalf("service-ownership: %+v", c)
	}
	cursorOn(t, m, "service-ownership")
	r.Keys("F")
	r.Fire(uitest.Is[pollMsg])
	check()
}

// TestRotOwnKeys holds R and m to the shared rules.
func TestRotOwnKeys(t *testing.T) {
	km := keymap.Default()
	own := struct{ Refresh, NextGone, TextUp, TextDown, OlderVersion, NewerVersion key.Binding }{
		km.Models.Refresh, km.Models.NextGone, km.Models.TextUp, km.Models.TextDown, km.Models.OlderVersion, km.Models.NewerVersion}
	for _, p := range keymap.Check(own, km.Global, km.List) {
		t.Error(p)
	}
}
