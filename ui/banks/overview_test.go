package banks

import (
	tea "charm.land/bubbletea/v2"

	"context"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// hostOverview hosts the overview alone, as the app shows it in a 120x40 terminal
// (opts adjust that), told that bank is selected unless it is "".
func hostOverview(t *testing.T, c *common.Common, bank string, opts ...uitest.Option) (*uitest.Host, *Overview) {
	t.Helper()
	o := NewOverview(c)
	opts = append([]uitest.Option{uitest.ID(overviewID)}, opts...)
	if bank != "" {
		opts = append(opts, uitest.Bank(bank))
	}
	return uitest.Start(t, c, o, opts...), o
}

func TestOverviewShowsBank(t *testing.T) {
	_, o := hostOverview(t, uitest.NewCommon(t, uitest.DemoServer(t)), "writer-agent")
	if o.profile == nil || o.stats == nil {
		t.Fatalf("profile %v stats %v", o.profile, o.stats)
	}
	view := uitest.View(t, o)
	for _, want := range []string{
		"Marrow Point writing desk", "writer-agent", "Help Isla Drummond",
		"skepticism ●●○○○ 2  trusting … skeptical", "literalism ●●●●○ 4", "empathy    ●●●●○ 4",
		"Memories", "world", "experience", "observation", "documents", "Links", "temporal",
		"Operations", "Consolidation", "last run", "last write",
		// Stacked bars with a legend glyph per part; the consolidation's done part is
		// the facts neither pending nor failed (42 + 14 - 4 - 1).
		"████████████████▓▓▓▓▓▒▒▒▒▒", "█ world", "▓ experience", "▒ observation", "█ done                  51",
		"Mental models", "█ in sync                1", "▓ stale                  1",
	} {
		if !strings.Contains(uitest.Plain(view), want) {
			t.Errorf("view lacks %q:\n%s", want, uitest.Plain(view))
		}
	}
	w, h := uitest.PaneSize(120, 40)
	uitest.CheckBox(t, view, w, h)
}

// Answers for a bank that is no longer selected are dropped, and its requests were
// cancelled. The router hands back the loads here, to run them out of order.
func TestOverviewDropsStaleBank(t *testing.T) {
	h, o := hostOverview(t, uitest.NewCommon(t, uitest.DemoServer(t)), "")
	loadA := h.R.Send(overviewID, common.BankSelectedMsg{BankID: "writer-agent"})
	loadB := h.R.Send(overviewID, common.BankSelectedMsg{BankID: "scratch"})
	h.Send(uitest.Run(t, loadB)...)
	late := uitest.Run(t, loadA)
	if len(late) != 3 { // profile, stats, mental models
		t.Fatalf("late answers %v", late)
	}
	h.Send(late...)
	if len(h.Up) != 0 {
		t.Errorf("stale answers reached the root: %v", h.Up)
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
			srv := uitest.DemoServer(t,
				hindsighttest.WithFault(hindsighttest.Fault{Method: "GET", Path: tc.path, Status: 500, Body: `{"detail":"disk full"}`}))
			h, o := hostOverview(t, uitest.NewCommon(t, srv), "scratch")
			view := uitest.Plain(uitest.View(t, o))
			for _, want := range []string{tc.want, "disk full", "r to retry"} {
				if !strings.Contains(view, want) {
					t.Errorf("view lacks %q:\n%s", want, view)
				}
			}
			if len(h.Errors) != 1 || h.Errors[0].Op != tc.op {
				t.Errorf("errors %v", h.Errors)
			}
			srv.ClearFaults()
			h.Keys("r")
			if o.profErr != nil || o.statsErr != nil || o.stats == nil || o.profile == nil {
				t.Errorf("retry: %v %v", o.profErr, o.statsErr)
			}
		})
	}
}

// A bank that is not there when first shown is an error, not a deletion: only a bank
// that was on screen can have been deleted.
func TestOverviewMissingBankIsAnError(t *testing.T) {
	h, o := hostOverview(t, uitest.NewCommon(t, uitest.DemoServer(t)), "no-such-bank")
	if o.deleted || len(h.Errors) == 0 {
		t.Fatalf("deleted=%v, errors %v", o.deleted, h.Errors)
	}
	if v := screen(t, o); !strings.Contains(v, "Couldn't load bank no-such-bank") {
		t.Errorf("view:\n%s", v)
	}
}

func TestOverviewHugeMission(t *testing.T) {
	mission := strings.Repeat("a very long mission with 長い言葉 and emoji 🧠 ", 8000)
	name := strings.Repeat("名前", 200_000)
	seed := &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{BankID: "huge", Name: name, Mission: mission}}}
	_, s, o := hostBanks(t, uitest.NewCommon(t, uitest.Server(t, hindsighttest.WithSeed(seed))), "")
	if o.BankID() != "huge" {
		t.Fatalf("the overview shows %q", o.BankID())
	}
	size := func(f func(int, int) (int, int), w, h int) [2]int { w, h = f(w, h); return [2]int{w, h} }
	for _, sz := range [][2]int{size(uitest.SidebarSize, 120, 40), size(uitest.SidebarSize, 60, 20), {10, 3}} {
		s.SetSize(sz[0], sz[1])
		uitest.CheckBox(t, uitest.View(t, s), sz[0], sz[1])
	}
	for _, sz := range [][2]int{size(uitest.PaneSize, 120, 40), size(uitest.PaneSize, 60, 20), {10, 3}} {
		o.SetSize(sz[0], sz[1])
		uitest.CheckBox(t, uitest.View(t, o), sz[0], sz[1])
	}
	o.SetSize(uitest.PaneSize(120, 40))
	cw, _ := o.contentWidth()
	lines := o.mission.get(o.profile.Mission, cw, o.missionLines())
	if len(lines) != o.missionLines() || !strings.HasSuffix(lines[len(lines)-1], "…") {
		t.Errorf("mission lines %d (want %d), last %q", len(lines), o.missionLines(), lines[len(lines)-1])
	}
	if v := uitest.Plain(uitest.View(t, o)); !strings.Contains(v, "Disposition") {
		t.Errorf("the mission pushed the rest away:\n%s", v)
	}
}

func TestOverviewScrolls(t *testing.T) {
	h, o := hostOverview(t, uitest.NewCommon(t, uitest.DemoServer(t)), "writer-agent", uitest.Terminal(60, 20))
	if v := uitest.Plain(uitest.View(t, o)); !strings.Contains(v, "↓ more") {
		t.Fatalf("no hint that there is more:\n%s", v)
	}
	h.Keys("G")
	if v := uitest.Plain(uitest.View(t, o)); strings.Contains(v, "↓ more") || !strings.Contains(v, "last run") {
		t.Errorf("bottom:\n%s", v)
	}
	bottom := o.scroll
	h.Keys("j")
	if o.scroll != bottom {
		t.Errorf("scrolled past the end")
	}
	h.Keys("k")
	if o.scroll != bottom-1 {
		t.Errorf("k: %d", o.scroll)
	}
	h.Keys("g")
	h.Send(uitest.Wheel("down", 0, 0))
	if o.scroll != 3 {
		t.Errorf("wheel: %d", o.scroll)
	}
	h.Send(uitest.Wheel("up", 0, 0), uitest.Wheel("up", 0, 0))
	if o.scroll != 0 {
		t.Errorf("wheel up: %d", o.scroll)
	}
}

func TestOverviewRootRefresh(t *testing.T) {
	rec := &uitest.Recorder{}
	h, o := hostOverview(t, uitest.NewCommon(t, uitest.DemoServer(t), rec.Option()), "scratch")
	rec.Reset()
	h.SelectBank("scratch")              // the root's refresh re-announces the bank
	if got := rec.All(); len(got) != 3 { // profile, stats, mental models
		t.Fatalf("refresh sent %v", got)
	}
	if len(rec.Matching("GET", "/stats")) != 1 || o.profile == nil {
		t.Errorf("refresh: %v", rec.All())
	}
}

func TestOverviewCopyAndReadOnly(t *testing.T) {
	h, o := hostOverview(t, readOnly(uitest.NewCommon(t, uitest.DemoServer(t))), "scratch")
	id, what, js, ok := o.Selection()
	if !ok || id != "scratch" || what != "bank scratch" || !strings.Contains(js, `"profile"`) ||
		!strings.Contains(js, `"total_nodes": 3`) {
		t.Errorf("Selection() = %q %q %v\n%s", id, what, ok, js)
	}
	h.Keys("e", "D", "n")
	if len(h.Dialogs()) != 0 {
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
	h, o := hostOverview(t, uitest.NewCommon(t, uitest.DemoServer(t)), "")
	if v := uitest.Plain(uitest.View(t, o)); !strings.Contains(v, "No bank selected") {
		t.Errorf("empty:\n%s", v)
	}
	if _, _, _, ok := o.Selection(); ok {
		t.Error("nothing shown, yet a selection")
	}
	h.SelectBank("scratch")
	h.Deliver(bankDeletedMsg{bankID: "scratch"})
	if v := uitest.Plain(uitest.View(t, o)); !strings.Contains(v, "Bank scratch was deleted.") {
		t.Errorf("deleted:\n%s", v)
	}
	h.Keys("r", "e", "D")
	if len(h.Dialogs()) != 0 {
		t.Error("acted on a deleted bank")
	}
}

// When another pane changes a bank's contents (a document deleted), the overview's
// counts follow without a manual refresh.
func TestOverviewRefreshesWhenBanksChange(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	h, o := hostOverview(t, c, "scratch")
	before := o.stats.TotalNodes
	if _, err := c.Client.Retain(context.Background(), "scratch", client.RetainRequest{
		Items: []client.MemoryItem{{Content: "The walkthrough moved to Thursday."}}}); err != nil {
		t.Fatal(err)
	}
	h.Send(common.BanksChangedMsg{})
	if o.stats == nil || o.stats.TotalNodes <= before {
		t.Fatalf("memories %d after the change, %d before", o.stats.TotalNodes, before)
	}
}

// The three halves of a load answer in any order: the last one in must not find its
// request cancelled by the two before it (the mental models came last in the app, and
// were lost).
func TestOverviewLoadHalvesInAnyOrder(t *testing.T) {
	o := NewOverview(uitest.NewCommon(t, uitest.DemoServer(t)))
	batch, ok := o.show("writer-agent")().(tea.BatchMsg)
	if !ok || len(batch) < 3 {
		t.Fatalf("the load is %T", batch)
	}
	for _, i := range []int{0, 1, 2} { // profile, stats, then the models
		o.Update(batch[i]())
	}
	if o.models == nil || o.models.inSync+o.models.stale == 0 || o.loading() {
		t.Fatalf("models %+v, loading %v", o.models, o.loading())
	}
}
