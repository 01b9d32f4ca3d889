package reflect

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/drafts"
	"hindsight-tui/ui/router"
	"hindsight-tui/ui/uitest"
)

// TestComposerKeys: the composer's editor keys start a new line with the pane's keys
// and leave it enter and esc; the help lists them once, in the composer and the
// transcript, not in the parameter bar.
func TestComposerKeys(t *testing.T) {
	km := keymap.Default()
	r := km.Reflect
	// Cancel shares esc with Leave on purpose: it acts only while a question is out.
	own := struct{ Send, Leave, Tab key.Binding }{r.Send, r.Leave, key.NewBinding(key.WithKeys("tab"))}
	if problems := keymap.Check(composerKeys(km), own); len(problems) > 0 {
		t.Errorf("the composer's keys: %v", problems)
	}

	m, h := uitest.Demo(t, New)
	count := func() map[string]int {
		out := map[string]int{}
		for _, g := range m.FullHelp() {
			for _, b := range g {
				out[b.Help().Key+" "+b.Help().Desc]++
			}
		}
		return out
	}
	help := count()
	if help["alt+enter new line"] != 1 || help["ctrl+z undo"] != 1 || help["alt+← word backward"] != 1 {
		t.Errorf("help in the composer: %v", help)
	}
	h.Keys("tab") // the parameter bar
	if count()["ctrl+z undo"] != 0 {
		t.Error("the composer's keys are listed in the parameter bar")
	}
}

// TestComposerGrows with the question up to its rows, then scrolls with the cursor;
// its prompt stays on the question's first row. A paste loses its escape sequences.
func TestComposerGrows(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Terminal(120, 40))
	composer := func() []string { return m.lay.composer }
	if len(composer()) != 1 || !strings.HasPrefix(uitest.Plain(composer()[0]), "› Ask a question") {
		t.Fatalf("empty composer: %q", composer())
	}
	h.Type("one")
	for _, l := range []string{"two", "three", "four", "five", "six", "seven"} {
		h.Keys("ctrl+j")
		h.Type(l)
	}
	lines := composer()
	if want := min(composerMaxLines, m.height/6); len(lines) != want {
		t.Fatalf("seven lines take %d rows, want %d", len(lines), want)
	}
	if first, last := uitest.Plain(lines[0]), uitest.Plain(lines[len(lines)-1]); !strings.HasPrefix(first, "  three") ||
		!strings.HasPrefix(last, "  seven") {
		t.Fatalf("scrolled composer:\n%s", uitest.Plain(strings.Join(lines, "\n")))
	}
	h.Keys("ctrl+home")
	if first := uitest.Plain(composer()[0]); !strings.HasPrefix(first, "› one") {
		t.Fatalf("at the top: %q", first)
	}
	m.clearDraft()
	h.Paste("why\r\n\x1b]0;title\x07not?")
	if got := m.composer.Value(); got != "why\n␛]0;title␇not?" {
		t.Errorf("paste: %q", got)
	}
}

// TestComposerDraftIsKeptOnDisk: the question typed is written when the keys leave
// the composer and on the way out, comes back in a new session, and is removed once
// it is sent.
func TestComposerDraftIsKeptOnDisk(t *testing.T) {
	dir := t.TempDir()
	keeping := func(c *common.Common) *Model {
		c.StateDir = dir
		return New(c)
	}
	m, h := uitest.Demo(t, keeping)
	path := drafts.Path(h.C, draftEditor, m.bank)
	onDisk := func() (string, bool) {
		t.Helper()
		var d draftFile
		ok, err := drafts.Load(path, &d)
		if err != nil {
			t.Fatal(err)
		}
		return d.Question, ok
	}
	h.Type("Where does Alex live")
	if _, ok := onDisk(); ok {
		t.Fatal("written before the composer was left")
	}
	h.Keys("esc")
	if q, ok := onDisk(); !ok || q != "Where does Alex live" {
		t.Fatalf("after esc the draft is %q (%v)", q, ok)
	}
	h.Keys("i") // back in the composer, from the transcript
	if m.zone != zoneComposer {
		t.Fatalf("zone %v", m.zone)
	}
	h.Type(" now?")
	if err := m.FinalSave()(); err != nil {
		t.Fatal(err)
	}
	if q, _ := onDisk(); q != "Where does Alex live now?" {
		t.Fatalf("the final save wrote %q", q)
	}

	m2, h2 := uitest.Demo(t, keeping)
	if got := m2.composer.Value(); got != "Where does Alex live now?" {
		t.Fatalf("a new session's composer holds %q", got)
	}
	h2.Keys("enter")
	if _, ok := onDisk(); ok {
		t.Error("the draft outlived the question being sent")
	}
	if err := m2.FinalSave()(); err != nil {
		t.Fatal(err)
	}
}

// TestComposerDraftIsWrittenWhenTypingPauses: the question is on disk a moment after
// typing pauses, without leaving the composer (a crash then loses at most that
// moment); a pause superseded by more typing writes nothing.
func TestComposerDraftIsWrittenWhenTypingPauses(t *testing.T) {
	dir := t.TempDir()
	m, h := uitest.Demo(t, func(c *common.Common) *Model {
		c.StateDir = dir
		return New(c)
	})
	path := drafts.Path(h.C, draftEditor, m.bank)
	onDisk := func() string {
		t.Helper()
		var d draftFile
		if _, err := drafts.Load(path, &d); err != nil {
			t.Fatal(err)
		}
		return d.Question
	}
	due := func(msg tea.Msg) bool { _, ok := msg.(draftDueMsg); return ok }
	h.Type("Where does")
	first := len(h.Timers())
	h.Type(" Alex live?")
	if first == 0 || onDisk() != "" {
		t.Fatalf("%d timers, on disk %q", first, onDisk())
	}
	// Only the last pause writes: the earlier timers find newer typing.
	timers := h.Timers()
	stale := timers[0].Msg.(draftDueMsg)
	h.Send(router.To(timers[0].To, stale))
	if got := onDisk(); got != "" {
		t.Fatalf("a superseded pause wrote %q", got)
	}
	if h.Fire(due) == 0 {
		t.Fatal("no pause was scheduled")
	}
	if got := onDisk(); got != "Where does Alex live?" {
		t.Fatalf("after the pause the draft is %q", got)
	}
	if m.zone != zoneComposer {
		t.Errorf("the composer was left: zone %v", m.zone)
	}
}
