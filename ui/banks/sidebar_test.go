package banks

import (
	"context"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

// startSidebar builds a sidebar (filter debounce off) and runs its first load.
func startSidebar(t *testing.T, c *common.Common, initial string) (*root, *Sidebar) {
	t.Helper()
	s := NewSidebar(c, initial)
	s.filterDelay = 0
	r := newRoot(t, s)
	r.send(run(t, s.Init())...)
	return r, s
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

func TestSidebarInitialSelection(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	first := serverOrder(t, newCommon(t, srv, false))[0]
	for _, tc := range []struct {
		name, initial, want string
	}{
		{"first bank by default", "", first},
		{"initial bank", "writer-agent", "writer-agent"},
		{"missing initial bank falls back to the first", "no-such-bank", first},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, s := startSidebar(t, newCommon(t, srv, false), tc.initial)
			if len(s.entries) != 5 {
				t.Fatalf("loaded %d banks, want 5", len(s.entries))
			}
			if got := s.SelectedBank(); got != tc.want {
				t.Errorf("selected %q, want %q", got, tc.want)
			}
			if !slices.Equal(r.selects, []string{tc.want}) {
				t.Errorf("BankSelectedMsg sent for %v, want exactly [%s]", r.selects, tc.want)
			}
		})
	}
}

func TestSidebarNavigation(t *testing.T) {
	srv := newServer(t, hindsighttest.WithSeed(seedBanks(40)))
	c := newCommon(t, srv, false)
	r, s := startSidebar(t, c, "")
	s.SetSize(28, 11) // header + five rows
	ids := shownIDs(s)
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
		{[]string{"pgup"}, 34, true},
		{[]string{"g"}, 0, true},
		{[]string{"pgdown", "pgdown"}, 10, true},
	} {
		before := len(r.selects)
		r.keys(tc.keys...)
		if s.cursor != tc.want {
			t.Fatalf("after %v: cursor %d, want %d", tc.keys, s.cursor, tc.want)
		}
		if sent := len(r.selects) > before; sent != tc.sent {
			t.Fatalf("after %v: announced=%v, want %v", tc.keys, sent, tc.sent)
		}
		if tc.sent && r.lastSelect() != ids[tc.want] {
			t.Fatalf("after %v: announced %q, want %q", tc.keys, r.lastSelect(), ids[tc.want])
		}
		if s.cursor < s.offset || s.cursor >= s.offset+s.visibleRows() {
			t.Fatalf("after %v: cursor %d outside the visible rows %d+%d", tc.keys, s.cursor, s.offset, s.visibleRows())
		}
	}
}

func TestSidebarSortCycles(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c := newCommon(t, srv, false)
	r, s := startSidebar(t, c, "scratch")
	byName := func(ids []string) bool {
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
		r.keys("s")
		if s.sort != tc.mode {
			t.Fatalf("sort is %v, want %v", s.sort, tc.mode)
		}
		if ids := shownIDs(s); !tc.check(ids) {
			t.Errorf("order by %v is wrong: %v", tc.mode, ids)
		}
		if s.SelectedBank() != "scratch" {
			t.Errorf("sorting by %v moved the selection to %q", tc.mode, s.SelectedBank())
		}
		if !strings.Contains(plain(s.View()), "by "+tc.mode.String()) {
			t.Errorf("header does not show the sort %v:\n%s", tc.mode, plain(s.View()))
		}
	}
	if len(r.selects) != 1 {
		t.Errorf("sorting announced selections %v", r.selects)
	}
}

func TestSidebarReloadSelects(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c := newCommon(t, srv, false)
	r, s := startSidebar(t, c, "")
	name := "Zebra"
	if _, err := c.Client.PutBank(context.Background(), "zebra", client.BankUpdate{Name: &name}); err != nil {
		t.Fatal(err)
	}
	// A filter that hides the bank to select is dropped.
	r.keys("/")
	r.typeText("writer")
	r.keys("enter")
	r.send(common.BanksChangedMsg{Select: "zebra"})
	if len(s.entries) != 6 || s.SelectedBank() != "zebra" || r.lastSelect() != "zebra" {
		t.Fatalf("after reload: %d banks, selected %q, announced %v", len(s.entries), s.SelectedBank(), r.selects)
	}
	if s.query != "" {
		t.Errorf("filter %q still hides the new bank", s.query)
	}
	// A reload without a selection keeps the current one, and announces nothing.
	n := len(r.selects)
	r.send(common.BanksChangedMsg{})
	if s.SelectedBank() != "zebra" || len(r.selects) != n {
		t.Errorf("plain reload changed the selection: %q, %v", s.SelectedBank(), r.selects)
	}
}

func TestSidebarLoadsEveryPage(t *testing.T) {
	srv := newServer(t, hindsighttest.WithSeed(seedBanks(10_000)))
	_, s := startSidebar(t, newCommon(t, srv, false), "bank-0007")
	if len(s.entries) != 10_000 {
		t.Fatalf("loaded %d banks, want 10,000", len(s.entries))
	}
	if s.SelectedBank() != "bank-0007" {
		t.Errorf("selected %q", s.SelectedBank())
	}
}

func TestSidebarErrorAndRetry(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed(),
		hindsighttest.WithFault(hindsighttest.Fault{Method: "GET", Path: "/v1/default/banks", Status: 500, Body: `{"detail":"database is down"}`}))
	r, s := startSidebar(t, newCommon(t, srv, false), "")
	if len(r.errors) != 1 || r.errors[0].Op != "load banks" {
		t.Fatalf("errors reported: %v", r.errors)
	}
	view := plain(s.View())
	for _, want := range []string{"Couldn't load banks", "database is down", "r to retry"} {
		if !strings.Contains(strings.ReplaceAll(view, "\n", " "), want) {
			t.Errorf("error view lacks %q:\n%s", want, view)
		}
	}
	srv.ClearFaults()
	r.keys("r")
	if s.err != nil || len(s.entries) != 5 {
		t.Fatalf("retry: err %v, %d banks", s.err, len(s.entries))
	}
}

func TestSidebarEmptyState(t *testing.T) {
	srv := newServer(t)
	for _, tc := range []struct {
		readOnly bool
		want     string
	}{{false, "No banks yet — press n to create one"}, {true, "No banks yet."}} {
		_, s := startSidebar(t, newCommon(t, srv, tc.readOnly), "")
		view := strings.ReplaceAll(plain(s.View()), "\n", " ")
		if !strings.Contains(view, tc.want) || (tc.readOnly && strings.Contains(view, "press n")) {
			t.Errorf("read-only=%v: empty state:\n%s", tc.readOnly, plain(s.View()))
		}
	}
}

func TestSidebarMouse(t *testing.T) {
	srv := newServer(t, hindsighttest.WithSeed(seedBanks(30)))
	r, s := startSidebar(t, newCommon(t, srv, false), "")
	s.SetSize(28, 11)
	ids := shownIDs(s)
	// Line 0 is the header; rows are two lines each, so y=5 and y=6 are the third row.
	for _, y := range []int{5, 6} {
		r.send(tea.MouseClickMsg{X: 3, Y: y, Button: tea.MouseLeft})
		if s.cursor != 2 || r.lastSelect() != ids[2] {
			t.Fatalf("click at y=%d: cursor %d, announced %q", y, s.cursor, r.lastSelect())
		}
	}
	r.send(tea.MouseClickMsg{X: 3, Y: 0, Button: tea.MouseLeft}) // the header
	if s.cursor != 2 {
		t.Errorf("a click on the header moved the selection")
	}
	n := len(r.selects)
	r.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown}, tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if s.offset != 6 || s.cursor != 2 || len(r.selects) != n {
		t.Errorf("wheel: offset %d cursor %d; want the view scrolled, the selection kept", s.offset, s.cursor)
	}
	r.send(tea.MouseClickMsg{X: 3, Y: 1, Button: tea.MouseLeft})
	if s.cursor != 6 {
		t.Errorf("click after scrolling selected %d, want 6", s.cursor)
	}
}

func TestSidebarCopy(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	_, s := startSidebar(t, newCommon(t, srv, false), "writer-agent")
	id, what, js, ok := s.Selection()
	if !ok || id != "writer-agent" || what != "bank writer-agent" {
		t.Fatalf("Selection() = %q, %q, ok=%v", id, what, ok)
	}
	for _, want := range []string{`"bank_id": "writer-agent"`, `"fact_count": 70`, `"disposition"`} {
		if !strings.Contains(js, want) {
			t.Errorf("JSON lacks %s:\n%s", want, js)
		}
	}
	empty := NewSidebar(newCommon(t, srv, false), "")
	if _, _, _, ok := empty.Selection(); ok {
		t.Error("a sidebar with nothing loaded has a selection")
	}
}

func TestSidebarSanitizes(t *testing.T) {
	seed := &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{
		BankID:  "evil",
		Name:    "\x1b[31mRed\x1b[0m \x07bank\x1b]0;pwned\x07\r\nname\u202e",
		Mission: "\x1b[2Jclear \x1b]52;c;Y29weQ==\x07clipboard\x9b31m",
	}}}
	srv := newServer(t, hindsighttest.WithSeed(seed))
	_, s := startSidebar(t, newCommon(t, srv, false), "")
	o := NewOverview(newCommon(t, srv, false))
	o.SetSize(60, 20)
	r := newRoot(t, o)
	r.send(common.BankSelectedMsg{BankID: "evil"})
	for name, view := range map[string]string{"sidebar": s.View(), "overview": o.View()} {
		text := plain(view)
		for _, bad := range []string{"\x1b", "\x07", "\x9b", "\r", "\u202e", "[31m", "]0;", "52;c"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s shows %q:\n%q", name, bad, text)
			}
		}
		if !strings.Contains(text, "Red bank name") {
			t.Errorf("%s lost the name's text:\n%s", name, text)
		}
	}
	if !strings.Contains(plain(o.View()), "clear clipboard") {
		t.Errorf("mission text lost:\n%s", plain(o.View()))
	}
}

func TestSidebarReadOnly(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	r, s := startSidebar(t, newCommon(t, srv, true), "")
	r.keys("n", "e", "D")
	if len(r.dialogs) != 0 {
		t.Fatalf("read-only opened %d dialogs", len(r.dialogs))
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
	_, w := startSidebar(t, newCommon(t, srv, false), "")
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

func TestSidebarPaletteAction(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	r, s := startSidebar(t, newCommon(t, srv, false), "")
	o := NewOverview(newCommon(t, srv, false))
	r.panes = append(r.panes, o)
	var create tea.Msg
	for _, a := range s.Actions() {
		if a.Key == "n" {
			create = a.Msg
		}
	}
	r.send(create) // broadcast to both panes, as the root does
	if len(r.dialogs) != 1 {
		t.Fatalf("the palette action opened %d dialogs, want 1", len(r.dialogs))
	}
}

func TestSidebarTinySizes(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	_, s := startSidebar(t, newCommon(t, srv, false), "")
	for _, sz := range [][2]int{{0, 0}, {1, 1}, {3, 1}, {10, 3}, {5, 2}, {200, 2}} {
		s.SetSize(sz[0], sz[1])
		view := s.View()
		if sz[0] > 0 && sz[1] > 0 {
			checkBox(t, view, sz[0], sz[1])
		}
	}
}

// Two quick moves send two announcements whose commands race; whichever order they
// come back in, the last word is the bank under the cursor.
func TestSidebarAnnouncementsSettleOnTheCursor(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	for _, reversed := range []bool{false, true} {
		_, s := startSidebar(t, newCommon(t, srv, false), "")
		var sent []tea.Msg
		for range 2 {
			_, cmd := s.Update(press("j"))
			sent = append(sent, run(t, cmd)...)
		}
		if len(sent) != 2 {
			t.Fatalf("announcements %v", sent)
		}
		if reversed {
			sent[0], sent[1] = sent[1], sent[0]
		}
		var last string
		for len(sent) > 0 {
			m := sent[0].(common.BankSelectedMsg)
			sent = sent[1:]
			last = m.BankID // what the root and the other panes now believe
			_, cmd := s.Update(m)
			sent = append(sent, run(t, cmd)...)
		}
		if last != s.SelectedBank() {
			t.Errorf("reversed=%v: the panes settle on %q, the cursor is on %q", reversed, last, s.SelectedBank())
		}
	}
	// A selection made elsewhere (the palette, a restored state) is followed.
	r, s := startSidebar(t, newCommon(t, srv, false), "")
	r.send(common.BankSelectedMsg{BankID: "team-platform"})
	if s.SelectedBank() != "team-platform" || len(r.selects) != 2 {
		t.Errorf("followed to %q, announcements %v", s.SelectedBank(), r.selects)
	}
}
