package banks

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

func startOverview(t *testing.T, c *common.Common, bank string) (*root, *Overview) {
	t.Helper()
	o := NewOverview(c)
	r := newRoot(t, o)
	o.SetSize(86, 34)
	if bank != "" {
		r.send(common.BankSelectedMsg{BankID: bank})
	}
	return r, o
}

func TestOverviewShowsBank(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	_, o := startOverview(t, newCommon(t, srv, false), "writer-agent")
	if o.profile == nil || o.stats == nil {
		t.Fatalf("profile %v stats %v", o.profile, o.stats)
	}
	view := plain(o.View())
	for _, want := range []string{
		"Marrow Point writing desk", "writer-agent", "Help Isla Drummond",
		"skepticism ●●○○○ 2  trusting … skeptical", "literalism ●●●●○ 4", "empathy    ●●●●○ 4",
		"Memories", "world", "experience", "observation", "documents", "Links", "temporal",
		"Operations", "Consolidation", "last run", "last write",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	checkBox(t, o.View(), 86, 34)
}

// Answers for a bank that is no longer selected are dropped, and its requests were
// cancelled.
func TestOverviewDropsStaleBank(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	o := NewOverview(newCommon(t, srv, false))
	o.SetSize(86, 34)
	_, loadA := o.Update(common.BankSelectedMsg{BankID: "writer-agent"})
	_, loadB := o.Update(common.BankSelectedMsg{BankID: "scratch"})
	for _, m := range run(t, loadB) {
		o.Update(m)
	}
	late := run(t, loadA)
	if len(late) != 2 {
		t.Fatalf("late answers %v", late)
	}
	for _, m := range late {
		if _, cmd := o.Update(m); cmd != nil {
			t.Errorf("stale answer %T produced %v", m, run(t, cmd))
		}
	}
	if o.profile.BankID != "scratch" || o.stats.BankID != "scratch" {
		t.Errorf("showing %s / %s, want scratch", o.profile.BankID, o.stats.BankID)
	}
}

func TestOverviewErrorAndRetry(t *testing.T) {
	for _, tc := range []struct {
		path, op, want string
	}{
		{"/v1/default/banks/scratch/profile", "load bank profile", "Couldn't load bank scratch"},
		{"/v1/default/banks/scratch/stats", "load bank stats", "Couldn't load counters"},
	} {
		t.Run(tc.op, func(t *testing.T) {
			srv := newServer(t, hindsighttest.WithDemoSeed(),
				hindsighttest.WithFault(hindsighttest.Fault{Method: "GET", Path: tc.path, Status: 500, Body: `{"detail":"disk full"}`}))
			r, o := startOverview(t, newCommon(t, srv, false), "scratch")
			view := plain(o.View())
			for _, want := range []string{tc.want, "disk full", "r to retry"} {
				if !strings.Contains(view, want) {
					t.Errorf("view lacks %q:\n%s", want, view)
				}
			}
			if len(r.errors) != 1 || r.errors[0].Op != tc.op {
				t.Errorf("errors %v", r.errors)
			}
			srv.ClearFaults()
			r.keys("r")
			if o.profErr != nil || o.statsErr != nil || o.stats == nil || o.profile == nil {
				t.Errorf("retry: %v %v", o.profErr, o.statsErr)
			}
		})
	}
}

func TestOverviewHugeMission(t *testing.T) {
	mission := strings.Repeat("a very long mission with 長い言葉 and emoji 🧠 ", 8000)
	name := strings.Repeat("名前", 200_000)
	seed := &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{BankID: "huge", Name: name, Mission: mission}}}
	srv := newServer(t, hindsighttest.WithSeed(seed))
	_, s := startSidebar(t, newCommon(t, srv, false), "")
	for _, sz := range [][2]int{{28, 34}, {20, 14}, {10, 3}} {
		s.SetSize(sz[0], sz[1])
		checkBox(t, s.View(), sz[0], sz[1])
	}
	_, o := startOverview(t, newCommon(t, srv, false), "huge")
	for _, sz := range [][2]int{{86, 34}, {36, 14}, {10, 3}} {
		o.SetSize(sz[0], sz[1])
		checkBox(t, o.View(), sz[0], sz[1])
	}
	o.SetSize(86, 34)
	lines := o.mission.get(o.profile.Mission, 86, o.missionLines())
	if len(lines) != o.missionLines() || !strings.HasSuffix(lines[len(lines)-1], "…") {
		t.Errorf("mission lines %d (want %d), last %q", len(lines), o.missionLines(), lines[len(lines)-1])
	}
	if !strings.Contains(plain(o.View()), "Disposition") {
		t.Errorf("the mission pushed the rest away:\n%s", plain(o.View()))
	}
}

func TestOverviewScrolls(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	r, o := startOverview(t, newCommon(t, srv, false), "writer-agent")
	o.SetSize(36, 14)
	if !strings.Contains(plain(o.View()), "↓ more") {
		t.Fatalf("no hint that there is more:\n%s", plain(o.View()))
	}
	r.keys("G")
	if strings.Contains(plain(o.View()), "↓ more") || !strings.Contains(plain(o.View()), "last run") {
		t.Errorf("bottom:\n%s", plain(o.View()))
	}
	bottom := o.scroll
	r.keys("j")
	if o.scroll != bottom {
		t.Errorf("scrolled past the end")
	}
	r.keys("k")
	if o.scroll != bottom-1 {
		t.Errorf("k: %d", o.scroll)
	}
	r.keys("g")
	r.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if o.scroll != 3 {
		t.Errorf("wheel: %d", o.scroll)
	}
	r.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp}, tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if o.scroll != 0 {
		t.Errorf("wheel up: %d", o.scroll)
	}
}

func TestOverviewRootRefresh(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c, rec := newRecordingCommon(t, srv)
	r, o := startOverview(t, c, "scratch")
	n := len(rec.reqs)
	r.send(common.BankSelectedMsg{BankID: "scratch"}) // the root's refresh re-announces the bank
	if got := rec.reqs[n:]; len(got) != 2 {
		t.Fatalf("refresh sent %v", got)
	}
	var stats string
	for _, q := range rec.reqs[n:] {
		if strings.HasSuffix(q.path, "/stats") {
			stats = q.path
		}
	}
	if stats == "" || o.profile == nil {
		t.Errorf("refresh: %v", rec.reqs[n:])
	}
}

func TestOverviewCopyAndReadOnly(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	r, o := startOverview(t, newCommon(t, srv, true), "scratch")
	id, what, js, ok := o.Selection()
	if !ok || id != "scratch" || what != "bank scratch" || !strings.Contains(js, `"profile"`) ||
		!strings.Contains(js, `"total_nodes": 3`) {
		t.Errorf("Selection() = %q %q %v\n%s", id, what, ok, js)
	}
	r.keys("e", "D", "n")
	if len(r.dialogs) != 0 {
		t.Errorf("read-only opened a dialog")
	}
	for _, a := range o.Actions() {
		if a.Key != "r" {
			t.Errorf("read-only action %q", a.Name)
		}
	}
	for _, b := range o.ShortHelp() {
		if k := b.Help().Key; k == "e" || k == "D" {
			t.Errorf("read-only help lists %q", k)
		}
	}
}

func TestOverviewDeletedAndNoBank(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	r, o := startOverview(t, newCommon(t, srv, false), "")
	if !strings.Contains(plain(o.View()), "No bank selected") {
		t.Errorf("empty:\n%s", plain(o.View()))
	}
	if _, _, _, ok := o.Selection(); ok {
		t.Error("nothing shown, yet a selection")
	}
	r.send(common.BankSelectedMsg{BankID: "scratch"}, bankDeletedMsg{bankID: "scratch"})
	if !strings.Contains(plain(o.View()), "Bank scratch was deleted.") {
		t.Errorf("deleted:\n%s", plain(o.View()))
	}
	r.keys("r", "e", "D")
	if len(r.dialogs) != 0 {
		t.Error("acted on a deleted bank")
	}
}

// When another pane changes a bank's contents (a document deleted), the overview's
// counts follow without a manual refresh.
func TestOverviewRefreshesWhenBanksChange(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c := newCommon(t, srv, false)
	r, o := startOverview(t, c, "scratch")
	before := o.stats.TotalNodes
	if _, err := c.Client.Retain(context.Background(), "scratch", client.RetainRequest{
		Items: []client.MemoryItem{{Content: "The walkthrough moved to Thursday."}}}); err != nil {
		t.Fatal(err)
	}
	r.send(common.BanksChangedMsg{})
	if o.stats == nil || o.stats.TotalNodes <= before {
		t.Fatalf("memories %d after the change, %d before", o.stats.TotalNodes, before)
	}
}
