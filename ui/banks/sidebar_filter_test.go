package banks

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestSidebarFilter(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	r, s := startSidebar(t, newCommon(t, srv, false), "")
	r.keys("/")
	if !s.Capturing() {
		t.Fatal("the filter does not capture keys")
	}
	r.typeText("writ") // "s", "q" and friends are text here, not commands
	if s.sort != sortRecent {
		t.Fatal("typing in the filter ran a command")
	}
	if got := shownIDs(s); !slices.Equal(got, []string{"writer-agent"}) {
		t.Fatalf("filter shows %v", got)
	}
	if r.lastSelect() != "writer-agent" {
		t.Errorf("the filtered selection was not announced: %v", r.selects)
	}
	r.keys("enter")
	if s.Capturing() || s.query != "writ" {
		t.Fatalf("enter: capturing=%v query=%q, want the filter kept", s.Capturing(), s.query)
	}
	if !strings.Contains(plain(s.View()), "/ writ") {
		t.Errorf("the kept filter is not shown:\n%s", plain(s.View()))
	}
	r.keys("esc")
	if s.query != "" || len(s.entries) != 5 {
		t.Fatalf("esc: query %q, %d banks; want the filter cleared", s.query, len(s.entries))
	}

	r.keys("/")
	r.typeText("zzz")
	if len(s.entries) != 0 || !strings.Contains(plain(s.View()), "No banks match “zzz”") {
		t.Fatalf("no-match state missing:\n%s", plain(s.View()))
	}
	if r.lastSelect() != "writer-agent" {
		t.Errorf("an empty result announced %q", r.lastSelect())
	}
	r.keys("esc")
	if s.Capturing() || len(s.entries) != 5 {
		t.Fatalf("esc while typing: capturing=%v, %d banks", s.Capturing(), len(s.entries))
	}
}

// Typing fast sends one request for the final text; an answer to an older request
// arriving late is dropped, and that request was cancelled.
func TestSidebarFilterDropsStaleAnswers(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c := newCommon(t, srv, false)
	s := NewSidebar(c, "")
	s.SetSize(28, 20)
	for _, m := range run(t, s.Init()) {
		s.Update(m)
	}
	update := func(msg tea.Msg) []tea.Msg {
		_, cmd := s.Update(msg)
		return run(t, cmd)
	}
	update(press("/"))
	first := update(press("r"))  // debounce timer for "r"
	second := update(press("e")) // and for "re"
	if len(first) != 1 || len(second) != 1 {
		t.Fatalf("want one timer per keystroke, got %v and %v", first, second)
	}
	if cmds := update(first[0]); cmds != nil {
		t.Fatalf("the stale timer for \"r\" started a load: %v", cmds)
	}

	// The "re" timer fires: the load starts, but its answer is held back.
	_, loadRE := s.Update(second[0])
	// Typing on supersedes it before it answers.
	third := update(press("s"))
	_, loadRES := s.Update(third[0])

	for _, m := range run(t, loadRES) {
		s.Update(m)
	}
	want := []string{"research-agent"}
	if got := shownIDs(s); !slices.Equal(got, want) {
		t.Fatalf("after \"res\": %v, want %v", got, want)
	}
	// The superseded request's answer arrives late: it was cancelled, and it is dropped.
	late := run(t, loadRE)
	if len(late) != 1 {
		t.Fatalf("late answer: %v", late)
	}
	if lm, ok := late[0].(banksLoadedMsg); !ok || !client.IsCanceled(lm.err) {
		t.Errorf("the superseded request was not cancelled: %#v", late[0])
	}
	if got := update(late[0]); got != nil || s.err != nil {
		t.Fatalf("stale answer was used: cmds %v, err %v", got, s.err)
	}
	// Even a successful stale answer changes nothing.
	update(banksLoadedMsg{owner: s, seq: s.loadSeq - 1, banks: []client.Bank{{BankID: "stale"}}})
	if got := shownIDs(s); !slices.Equal(got, want) {
		t.Fatalf("after a stale success: %v, want %v", got, want)
	}
}
