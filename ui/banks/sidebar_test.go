package banks

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// sidebarID and overviewID are the router ids the app gives the two panes.
const (
	sidebarID  = "banks"
	overviewID = common.PaneOverview
)

// hostBanks hosts the sidebar and the overview as the app does in a 120x40 terminal,
// the sidebar focused, and runs the sidebar's first load, whose selection the
// overview follows.
func hostBanks(t testing.TB, c *common.Common, initial string) (*uitest.Host, *Sidebar, *Overview) {
	t.Helper()
	s, o := NewSidebar(c, initial), NewOverview(c)
	h := uitest.Start(t, c, s, uitest.ID(sidebarID), uitest.Size(uitest.SidebarSize(120, 40)))
	w, ht := uitest.PaneSize(120, 40)
	h.Add(overviewID, o, w, ht)
	h.Init(sidebarID, overviewID)
	return h, s, o
}

// selections are the banks announced to the root, in order.
func selections(h *uitest.Host) []string {
	var ids []string
	for _, m := range uitest.Messages[common.BankSelectedMsg](h) {
		ids = append(ids, m.BankID)
	}
	return ids
}

// lastSelection is the bank every pane now shows.
func lastSelection(h *uitest.Host) string {
	if ids := selections(h); len(ids) > 0 {
		return ids[len(ids)-1]
	}
	return ""
}

// readOnly is c in read-only mode.
func readOnly(c *common.Common) *common.Common {
	c.ReadOnly = true
	return c
}

// seedBanks is a seed of n banks named bank-0000 … with no facts and distinct
// creation times (newest last).
func seedBanks(n int) *hindsighttest.Seed {
	seed := &hindsighttest.Seed{}
	for i := range n {
		seed.Banks = append(seed.Banks, hindsighttest.SeedBank{
			BankID:      fmt.Sprintf("bank-%04d", i),
			Name:        fmt.Sprintf("Bank %04d", i),
			Disposition: hindsighttest.SeedDisposition{Skepticism: 3, Literalism: 3, Empathy: 3},
			CreatedAt:   uitest.Now.Add(-time.Duration(n-i) * time.Hour).Format(time.RFC3339),
		})
	}
	return seed
}

// serverOrder is the banks as the server lists them (most recent first).
func serverOrder(t *testing.T, c *common.Common) []string {
	t.Helper()
	list, err := c.Client.ListBanks(context.Background(), client.ListBanksParams{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, b := range list.Banks {
		ids = append(ids, b.BankID)
	}
	return ids
}

func shownIDs(s *Sidebar) []string {
	var ids []string
	for _, i := range s.order {
		ids = append(ids, s.entries[i].bank.BankID)
	}
	return ids
}

// screen is what p draws as words: without styling, its lines joined and its
// spacing collapsed, for checks of text that wraps.
func screen(t *testing.T, p interface{ View() string }) string {
	t.Helper()
	return strings.Join(strings.Fields(uitest.Plain(uitest.View(t, p))), " ")
}

func TestSidebarInitialSelection(t *testing.T) {
	srv := uitest.DemoServer(t)
	first := serverOrder(t, uitest.NewCommon(t, srv))[0]
	for _, tc := range []struct {
		name, initial, want string
	}{
		{"first bank by default", "", first},
		{"initial bank", "writer-agent", "writer-agent"},
		{"missing initial bank falls back to the first", "no-such-bank", first},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, s, o := hostBanks(t, uitest.NewCommon(t, srv), tc.initial)
			if len(s.entries) != 5 {
				t.Fatalf("loaded %d banks, want 5", len(s.entries))
			}
			if got := s.SelectedBank(); got != tc.want {
				t.Errorf("selected %q, want %q", got, tc.want)
			}
			if got := selections(h); !slices.Equal(got, []string{tc.want}) {
				t.Errorf("BankSelectedMsg sent for %v, want exactly [%s]", got, tc.want)
			}
			if o.BankID() != tc.want {
				t.Errorf("the overview shows %q", o.BankID())
			}
		})
	}
}

func TestSidebarNavigation(t *testing.T) {
	h, s, _ := hostBanks(t, uitest.NewCommon(t, uitest.Server(t, hindsighttest.WithSeed(seedBanks(40)))), "")
	ids := shownIDs(s)
	rows := s.visibleRows()
	if 2*rows >= len(ids) {
		t.Fatalf("%d rows in view: too many to page through 40 banks twice", rows)
	}
	for _, tc := range []struct {
		keys []string
		want int // position in the list
		sent bool
	}{
		{[]string{"k"}, 0, false}, // already at the top: nothing to announce
		{[]string{"j"}, 1, true},
		{[]string{"down", "down"}, 3, true},
		{[]string{"up"}, 2, true},
		{[]string{"G"}, 39, true},
		{[]string{"j"}, 39, false},
		{[]string{"pgup"}, 39 - rows, true},
		{[]string{"g"}, 0, true},
		{[]string{"pgdown", "pgdown"}, 2 * rows, true},
	} {
		before := len(selections(h))
		h.Keys(tc.keys...)
		if s.cursor != tc.want {
			t.Fatalf("after %v: cursor %d, want %d", tc.keys, s.cursor, tc.want)
		}
		if sent := len(selections(h)) > before; sent != tc.sent {
			t.Fatalf("after %v: announced=%v, want %v", tc.keys, sent, tc.sent)
		}
		if tc.sent && lastSelection(h) != ids[tc.want] {
			t.Fatalf("after %v: announced %q, want %q", tc.keys, lastSelection(h), ids[tc.want])
		}
		if s.cursor < s.offset || s.cursor >= s.offset+s.visibleRows() {
			t.Fatalf("after %v: cursor %d outside the visible rows %d+%d", tc.keys, s.cursor, s.offset, s.visibleRows())
		}
	}
}

func TestSidebarSortCycles(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	h, s, _ := hostBanks(t, c, "scratch")
	byName := func([]string) bool {
		return slices.IsSortedFunc(s.order, func(a, b int) int { return strings.Compare(s.entries[a].key, s.entries[b].key) })
	}
	bySize := func([]string) bool {
		return slices.IsSortedFunc(s.order, func(a, b int) int { return s.entries[b].bank.FactCount - s.entries[a].bank.FactCount })
	}
	byRecent := func(ids []string) bool { return slices.Equal(ids, serverOrder(t, c)) }
	for _, tc := range []struct {
		mode  sortMode
		check func([]string) bool
	}{{sortName, byName}, {sortSize, bySize}, {sortRecent, byRecent}} {
		h.Keys("s")
		if s.sort != tc.mode {
			t.Fatalf("sort is %v, want %v", s.sort, tc.mode)
		}
		if ids := shownIDs(s); !tc.check(ids) {
			t.Errorf("order by %v is wrong: %v", tc.mode, ids)
		}
		if s.SelectedBank() != "scratch" {
			t.Errorf("sorting by %v moved the selection to %q", tc.mode, s.SelectedBank())
		}
		if v := screen(t, s); !strings.HasPrefix(v, tc.mode.order()) {
			t.Errorf("header does not say the order %q:\n%s", tc.mode.order(), v)
		}
	}
	if got := selections(h); len(got) != 1 {
		t.Errorf("sorting announced selections %v", got)
	}
}

func TestSidebarReloadSelects(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	h, s, _ := hostBanks(t, c, "")
	name := "Zebra"
	if _, err := c.Client.PutBank(context.Background(), "zebra", client.BankUpdate{Name: &name}); err != nil {
		t.Fatal(err)
	}
	// A filter that hides the bank to select is dropped.
	h.Keys("/")
	h.Type("writer")
	h.Keys("enter")
	h.Send(common.BanksChangedMsg{Select: "zebra"})
	if len(s.entries) != 6 || s.SelectedBank() != "zebra" || lastSelection(h) != "zebra" {
		t.Fatalf("after reload: %d banks, selected %q, announced %v", len(s.entries), s.SelectedBank(), selections(h))
	}
	if s.query != "" {
		t.Errorf("filter %q still hides the new bank", s.query)
	}
	// A reload without a selection keeps the current one, and announces nothing.
	n := len(selections(h))
	h.Send(common.BanksChangedMsg{})
	if s.SelectedBank() != "zebra" || len(selections(h)) != n {
		t.Errorf("plain reload changed the selection: %q, %v", s.SelectedBank(), selections(h))
	}
}

func TestSidebarLoadsEveryPage(t *testing.T) {
	_, s, _ := hostBanks(t, uitest.NewCommon(t, uitest.Server(t, hindsighttest.WithSeed(seedBanks(10_000)))), "bank-0007")
	if len(s.entries) != 10_000 {
		t.Fatalf("loaded %d banks, want 10,000", len(s.entries))
	}
	if s.SelectedBank() != "bank-0007" {
		t.Errorf("selected %q", s.SelectedBank())
	}
}

func TestSidebarErrorAndRetry(t *testing.T) {
	srv := uitest.DemoServer(t,
		hindsighttest.WithFault(hindsighttest.Fault{Method: "GET", Path: "/v1/default/banks", Status: 500, Body: `{"detail":"database is down"}`}))
	h, s, _ := hostBanks(t, uitest.NewCommon(t, srv), "")
	if len(h.Errors) != 1 || h.Errors[0].Op != "load banks" {
		t.Fatalf("errors reported: %v", h.Errors)
	}
	view := screen(t, s)
	for _, want := range []string{"Couldn't load banks", "database is down", "r to retry"} {
		if !strings.Contains(view, want) {
			t.Errorf("error view lacks %q:\n%s", want, view)
		}
	}
	srv.ClearFaults()
	h.Keys("r")
	if s.err != nil || len(s.entries) != 5 {
		t.Fatalf("retry: err %v, %d banks", s.err, len(s.entries))
	}
}

func TestSidebarEmptyState(t *testing.T) {
	srv := uitest.Server(t)
	for _, tc := range []struct {
		readOnly bool
		want     string
	}{{false, "No banks yet — press n to create one"}, {true, "No banks yet."}} {
		c := uitest.NewCommon(t, srv)
		c.ReadOnly = tc.readOnly
		_, s, _ := hostBanks(t, c, "")
		view := screen(t, s)
		if !strings.Contains(view, tc.want) || (tc.readOnly && strings.Contains(view, "press n")) {
			t.Errorf("read-only=%v: empty state:\n%s", tc.readOnly, view)
		}
	}
}

func TestSidebarMouse(t *testing.T) {
	h, s, _ := hostBanks(t, uitest.NewCommon(t, uitest.Server(t, hindsighttest.WithSeed(seedBanks(30)))), "")
	ids := shownIDs(s)
	// Line 0 is the header; rows are two lines each, so y=5 and y=6 are the third row.
	for _, y := range []int{5, 6} {
		h.Send(uitest.Click(3, y))
		if s.cursor != 2 || lastSelection(h) != ids[2] {
			t.Fatalf("click at y=%d: cursor %d, announced %q", y, s.cursor, lastSelection(h))
		}
	}
	h.Send(uitest.Click(3, 0)) // the header
	if s.cursor != 2 {
		t.Errorf("a click on the header moved the selection")
	}
	n := len(selections(h))
	h.Send(uitest.Wheel("down", 0, 0), uitest.Wheel("down", 0, 0))
	if s.offset != 6 || s.cursor != 2 || len(selections(h)) != n {
		t.Errorf("wheel: offset %d cursor %d; want the view scrolled, the selection kept", s.offset, s.cursor)
	}
	h.Send(uitest.Click(3, 1))
	if s.cursor != 6 {
		t.Errorf("click after scrolling selected %d, want 6", s.cursor)
	}
}

func TestSidebarCopy(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	_, s, _ := hostBanks(t, c, "writer-agent")
	id, what, js, ok := s.Selection()
	if !ok || id != "writer-agent" || what != "bank writer-agent" {
		t.Fatalf("Selection() = %q, %q, ok=%v", id, what, ok)
	}
	for _, want := range []string{`"bank_id": "writer-agent"`, `"fact_count": 70`, `"disposition"`} {
		if !strings.Contains(js, want) {
			t.Errorf("JSON lacks %s:\n%s", want, js)
		}
	}
	if _, _, _, ok := NewSidebar(c, "").Selection(); ok {
		t.Error("a sidebar with nothing loaded has a selection")
	}
}

func TestSidebarSanitizes(t *testing.T) {
	seed := &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{
		BankID:  "evil",
		Name:    "\x1b[31mRed\x1b[0m \x07bank\x1b]0;pwned\x07\r\nname\u202e",
		Mission: "\x1b[2Jclear \x1b]52;c;Y29weQ==\x07clipboard\x9b31m",
	}}}
	_, s, o := hostBanks(t, uitest.NewCommon(t, uitest.Server(t, hindsighttest.WithSeed(seed))), "")
	if o.BankID() != "evil" {
		t.Fatalf("the overview shows %q", o.BankID())
	}
	for name, view := range map[string]string{"sidebar": uitest.View(t, s), "overview": uitest.View(t, o)} {
		text := uitest.Plain(view)
		// No control reaches the terminal; every one is shown by a placeholder, and
		// the text after it is kept.
		for _, bad := range []string{"\x1b", "\x07", "\u009b", "\r", "\u202e"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s shows %q:\n%q", name, bad, text)
			}
		}
		if !strings.Contains(text, "␛[31mRed") {
			t.Errorf("%s lost the name's text:\n%s", name, text)
		}
	}
	if v := screen(t, o); !strings.Contains(v, "␛[2Jclear ␛]52;c;Y29weQ==␇clipboard\ufffd31m") {
		t.Errorf("mission text lost:\n%s", v)
	}
}

func TestSidebarReadOnly(t *testing.T) {
	srv := uitest.DemoServer(t)
	h, s, _ := hostBanks(t, readOnly(uitest.NewCommon(t, srv)), "")
	h.Keys("n", "e", "D")
	if n := len(h.Dialogs()); n != 0 {
		t.Fatalf("read-only opened %d dialogs", n)
	}
	for _, a := range s.Actions() {
		if a.Key == "n" || a.Key == "e" || a.Key == "D" {
			t.Errorf("read-only offers action %q", a.Name)
		}
	}
	for _, b := range append(s.ShortHelp(), slices.Concat(s.FullHelp()...)...) {
		if k := b.Help().Key; k == "n" || k == "e" || k == "D" {
			t.Errorf("read-only help lists %q", k)
		}
	}
	// And the writable sidebar does offer them.
	_, w, _ := hostBanks(t, uitest.NewCommon(t, srv), "")
	var keys []string
	for _, a := range w.Actions() {
		keys = append(keys, a.Key)
	}
	for _, k := range []string{"n", "e", "D"} {
		if !slices.Contains(keys, k) {
			t.Errorf("writable sidebar lacks action %q: %v", k, keys)
		}
	}
}

// A palette action reaches the pane that offered it, and opens its dialog once.
func TestSidebarPaletteAction(t *testing.T) {
	h, s, _ := hostBanks(t, uitest.NewCommon(t, uitest.DemoServer(t)), "")
	var create tea.Msg
	for _, a := range s.Actions() {
		if a.Key == "n" {
			create = a.Msg
		}
	}
	h.Deliver(create)
	if n := len(h.Dialogs()); n != 1 {
		t.Fatalf("the palette action opened %d dialogs, want 1", n)
	}
}

func TestSidebarTinySizes(t *testing.T) {
	_, s, _ := hostBanks(t, uitest.NewCommon(t, uitest.DemoServer(t)), "")
	for _, sz := range [][2]int{{0, 0}, {1, 1}, {3, 1}, {10, 3}, {5, 2}, {200, 2}} {
		s.SetSize(sz[0], sz[1])
		view := uitest.View(t, s)
		if sz[0] > 0 && sz[1] > 0 {
			uitest.CheckBox(t, view, sz[0], sz[1])
		}
	}
}

// Two quick moves send two announcements whose commands race; whichever order they
// come back in, the last word is the bank under the cursor.
func TestSidebarAnnouncementsSettleOnTheCursor(t *testing.T) {
	srv := uitest.DemoServer(t)
	for _, reversed := range []bool{false, true} {
		h, s, o := hostBanks(t, uitest.NewCommon(t, srv), "")
		var sent []tea.Msg
		for range 2 {
			sent = append(sent, uitest.Run(t, h.R.Send(sidebarID, uitest.Key("j")))...)
		}
		if len(sent) != 2 {
			t.Fatalf("announcements %v", sent)
		}
		if reversed {
			sent[0], sent[1] = sent[1], sent[0]
		}
		h.Send(sent...)
		if last := lastSelection(h); last != s.SelectedBank() || o.BankID() != last {
			t.Errorf("reversed=%v: the root settles on %q, the overview on %q, the cursor is on %q",
				reversed, last, o.BankID(), s.SelectedBank())
		}
	}
	// A selection made elsewhere (the palette, a restored state) is followed.
	h, s, _ := hostBanks(t, uitest.NewCommon(t, srv), "")
	h.SelectBank("team-platform")
	if s.SelectedBank() != "team-platform" || len(selections(h)) != 2 {
		t.Errorf("followed to %q, announcements %v", s.SelectedBank(), selections(h))
	}
}

// TestAWriteRefreshesTheCounts: after a retain (or an edit) anywhere, the sidebar's
// fact count and the overview's counts are the server's, not the ones loaded before.
func TestAWriteRefreshesTheCounts(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	h, s, o := hostBanks(t, c, uitest.DemoBank)
	before := -1
	for _, e := range s.entries {
		if e.bank.BankID == uitest.DemoBank {
			before = e.bank.FactCount
		}
	}
	if _, err := c.Client.Retain(t.Context(), uitest.DemoBank, client.RetainRequest{
		Items: []client.MemoryItem{{Content: "Alex booked a table at Sushi Arai for the 14th."}}}); err != nil {
		t.Fatal(err)
	}
	h.Send(common.MemoryChangedMsg{BankID: uitest.DemoBank, Change: common.MemoryRetained})
	after := -1
	for _, e := range s.entries {
		if e.bank.BankID == uitest.DemoBank {
			after = e.bank.FactCount
		}
	}
	if after <= before {
		t.Errorf("sidebar count %d after the retain, %d before", after, before)
	}
	if v := uitest.Plain(uitest.View(t, o)); !strings.Contains(v, common.Thousands(after)) {
		t.Errorf("overview does not show %d:\n%s", after, v)
	}
}

// TestSidebarSaysWhichTimeItShows: a row wide enough says its time is the last write
// ("wrote 1h ago"); a narrower one keeps the room for the id, and the title line's
// "newest write first" names it.
func TestSidebarSaysWhichTimeItShows(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	_, s, _ := hostBanks(t, c, "")
	s.SetSize(labelledWhen+2, 20)
	if v := screen(t, s); !strings.HasPrefix(v, "newest write first") || !strings.Contains(v, "wrote 1h ago") {
		t.Errorf("wide sidebar:\n%s", v)
	}
	s.SetSize(labelledWhen-2, 20)
	if v := screen(t, s); strings.Contains(v, "wrote") || !strings.Contains(v, "1h ago") {
		t.Errorf("narrow sidebar:\n%s", v)
	}
	// A sidebar too narrow for the phrase says the order in short.
	s.SetSize(20, 20)
	if v := screen(t, s); !strings.HasPrefix(v, "last write↓ facts") {
		t.Errorf("narrowest sidebar:\n%s", v)
	}
}
