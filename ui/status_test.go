package ui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// apiError makes a real *client.APIError by calling a server with a fault installed.
func apiError(t *testing.T, status int, body string) error {
	t.Helper()
	srv := hindsighttest.NewServer(hindsighttest.WithFault(hindsighttest.Fault{
		Method: "GET", Path: "/v1/default/banks", Status: status, Body: body}))
	defer srv.Close()
	c, err := client.New(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListBanks(context.Background(), client.ListBanksParams{})
	if err == nil {
		t.Fatal("the fault did not fail the call")
	}
	return err
}

func isToastExpiry(m tea.Msg) bool { _, ok := m.(toastExpiredMsg); return ok }

func TestToastsExpire(t *testing.T) {
	h, _ := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.send(common.ToastMsg{Text: "bank saved"})
	mustContain(t, h.screen(), "✓ bank saved")
	if len(h.timers) != 1 || h.timers[0].D != infoTTL {
		t.Fatalf("timers %+v, want one of %s", h.timers, infoTTL)
	}
	h.fire(isToastExpiry)
	mustNotContain(t, h.screen(), "bank saved")
}

// TestLongToastTakesTheLine: a toast wider than its share of the footer takes the
// whole line while it shows, so its end, often the key to press next, is read.
func TestLongToastTakesTheLine(t *testing.T) {
	h, _ := fakeModel(t, Options{}, "Overview")
	h.connectFake(80, 24)
	text := "1 item retained in user-alex-prefs; ctrl+r in Retain checks it is recallable"
	h.send(common.ToastMsg{Text: text})
	lines := strings.Split(h.screen(), "\n")
	if footer := lines[len(lines)-1]; strings.TrimSpace(footer) != "✓ "+text {
		t.Errorf("footer %q, want the whole toast", footer)
	}
	h.fire(isToastExpiry)
	mustContain(t, h.screen(), "? help")

	// Wider terminals too: the line is the toast's, with no stub of the help before it.
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	long := "observations are read-only: consolidation builds them from facts; S lists the facts to edit or invalidate"
	h.send(common.ToastMsg{Text: long})
	lines = strings.Split(h.screen(), "\n")
	if footer := lines[len(lines)-1]; strings.TrimSpace(footer) != "✓ "+long {
		t.Errorf("footer %q, want the whole toast alone", footer)
	}
}

func TestErrorToastsStayLonger(t *testing.T) {
	h, _ := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.send(common.ErrorMsg{Op: "load banks", Err: apiError(t, 500, `{"detail":"boom"}`)})
	if len(h.timers) != 1 || h.timers[0].D != errorTTL || errorTTL <= infoTTL {
		t.Fatalf("timers %+v, want one of %s", h.timers, errorTTL)
	}
	mustContain(t, h.screen(), "✗ load banks: the server failed (HTTP 500): boom")
}

func TestNewestToastWinsAndOldOnesExpireIndependently(t *testing.T) {
	h, _ := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.send(common.ToastMsg{Text: "first"}, common.ToastMsg{Text: "second"})
	mustContain(t, h.screen(), "second")
	h.send(h.timers[1].Msg) // the second expires first
	mustContain(t, h.screen(), "first")
}

func TestErrorLogKeepsRequestAndDetail(t *testing.T) {
	h, _ := fakeModel(t, Options{ServerURL: "http://hindsight.test"}, "Overview")
	h.connectFake(120, 40)
	h.send(common.ErrorMsg{Op: "load banks", Err: apiError(t, 500, `{"detail":"database is on fire"}`)})
	h.send(common.ErrorMsg{Op: "create bank", Err: apiError(t, 422,
		`{"detail":[{"type":"missing","loc":["body","name"],"msg":"Field required"}]}`)})
	h.send(common.ErrorMsg{Op: "cancelled load", Err: &client.NetworkError{Kind: client.NetCanceled, Method: "GET", Path: "/x", Err: context.Canceled}})
	if h.m.errs.len() != 2 {
		t.Fatalf("%d entries; a cancelled request is not an error", h.m.errs.len())
	}
	e := h.m.errs.entries[0]
	if e.Op != "load banks" || e.Method != "GET" || e.Path != "/v1/default/banks" || e.Status != 500 ||
		e.Detail != "database is on fire" || !e.At.Equal(uitest.Now) {
		t.Errorf("entry %+v", e)
	}

	// The toasts expire; the log does not.
	h.fire(isToastExpiry)
	mustContain(t, h.screen(), "2 errors · ! log")
	h.press("!")
	scr := h.screen()
	mustContain(t, scr, "Error log (2)", "09:00:00  create bank", "name: Field required",
		"GET /v1/default/banks → HTTP 500", "detail: database is on fire", "c clear the log")
	if strings.Index(scr, "create bank") > strings.Index(scr, "load banks") {
		t.Error("the newest error is not first")
	}

	// c clears, and the dialog says so at once.
	h.press("c")
	if h.m.errs.len() != 0 {
		t.Fatal("c did not clear the log")
	}
	mustContain(t, h.screen(), "No errors so far.", "error log cleared")
	h.press("esc")
	if len(h.m.r.Dialogs()) != 0 {
		t.Error("esc did not close the log")
	}
}

func TestErrorsAreSanitized(t *testing.T) {
	h, _ := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.send(common.ErrorMsg{Op: "load\x1b[31m banks", Err: apiError(t, 500, `{"detail":"evil \u001b]0;pwned\u0007 title"}`)})
	h.press("!")
	view := h.m.View().Content
	if strings.Contains(view, "\x1b]") || strings.Contains(view, "\x07") {
		t.Errorf("server text reached the screen unsanitized: %q", view)
	}
}

func TestClipboardCopiesTheSelection(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.press("y") // nothing selected: copying is off, so the key is the pane's
	if len(h.clipboard) != 0 || len(f.sidebar.keys) != 1 {
		t.Fatalf("y without a selection: clipboard %q, pane keys %v", h.clipboard, f.sidebar.keys)
	}
	f.sidebar.selID, f.sidebar.selWhat, f.sidebar.selJSON = "research-agent", "bank research-agent", `{"bank_id":"research-agent"}`
	h.press("y")
	mustContain(t, h.screen(), "sent bank id research-agent to the terminal clipboard (OSC 52)")
	h.press("Y")
	mustContain(t, h.screen(), "sent the JSON of bank research-agent to the terminal")
	if strings.Join(h.clipboard, "|") != `research-agent|{"bank_id":"research-agent"}` {
		t.Errorf("clipboard got %q", h.clipboard)
	}
}

func TestBankSelectionShowsInHeaderAndTitle(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.send(common.BankSelectedMsg{BankID: "research-agent"})
	mustContain(t, h.screen(), "bank research-agent")
	if got := h.m.View().WindowTitle; got != "hindsight-tui — research-agent" {
		t.Errorf("window title %q", got)
	}
	if _, ok := lastOf[common.BankSelectedMsg](f.tabs[0]); !ok {
		t.Error("the overview did not get the selection")
	}
	v := h.m.View()
	if !v.AltScreen || v.MouseMode != tea.MouseModeCellMotion {
		t.Error("the view does not ask for the alt screen and mouse")
	}
}

func TestErrorLogOpensBeforeConnecting(t *testing.T) {
	h, _ := serverModel(t, closedURL(t), "")
	h.run(h.m.Init(), 0)
	h.press("!")
	mustContain(t, h.screen(), "connect: check the server version", "GET /version")
}

// TestEveryFailedLoadIsLogged: a list that fails to load in Memories, Documents,
// Entities or Tags is an entry of the error log, not only a line in its pane, and
// Memories says why in the same words as the others.
func TestEveryFailedLoadIsLogged(t *testing.T) {
	const bank = "user-alex-prefs"
	var faults []hindsighttest.Option
	for _, p := range []string{"memories/list", "documents", "entities", "tags"} {
		faults = append(faults, hindsighttest.WithFault(hindsighttest.Fault{Method: "GET",
			Path: "/v1/default/banks/" + bank + "/" + p, Status: 500, Body: `{"detail":"shard 3 is down"}`}))
	}
	srv := hindsighttest.NewServer(append([]hindsighttest.Option{hindsighttest.WithDemoSeed(), hindsighttest.WithClock(fixedNow)}, faults...)...)
	t.Cleanup(srv.Close)
	h := realModel(t, srv, 120, 40)
	h.run(h.m.Init(), 0)
	h.press("2")
	mustContain(t, h.screen(), "Could not list memories: the server at", "(HTTP 500): shard 3")
	h.press("6", "7", "t")
	var ops []string
	for _, e := range h.m.errs.entries {
		ops = append(ops, e.Op)
	}
	want := []string{"list the memories of " + bank, "list the documents of " + bank, "list the entities of " + bank, "list the tags of " + bank}
	if strings.Join(ops, "|") != strings.Join(want, "|") {
		t.Errorf("the error log holds %q, want %q", ops, want)
	}
}

// TestLongToastKeepsItsEnd: a toast longer than the footer loses its middle, so the
// file it names (or the key it offers) stays on screen.
func TestLongToastKeepsItsEnd(t *testing.T) {
	got := cutMiddle("✓ wrote the JSON of memory 0a8e9a57 to /home/alex/projects/agents/exports/hindsight-memory-0a8e9a57.json", 60)
	if ansi.StringWidth(got) > 60 || ansi.StringWidth(got) < 56 || !strings.HasPrefix(got, "✓ wrote the JSON") || !strings.HasSuffix(got, "hindsight-memory-0a8e9a57.json") {
		t.Errorf("cutMiddle = %q (%d wide)", got, ansi.StringWidth(got))
	}
	// A cut beside the ellipsis of a name already cut makes one ellipsis, not two.
	got = cutMiddle("✓ pinned “Alex flies Seattle to Tokyo Narita on November …” (0a8e9a57) as expected for user-alex-prefs", 60)
	if strings.Contains(got, "… …") || strings.Count(got, "…") > 2 || !strings.HasSuffix(got, "user-alex-prefs") {
		t.Errorf("cutMiddle = %q", got)
	}
	if got := cutMiddle("short", 60); got != "short" {
		t.Errorf("a toast that fits changed: %q", got)
	}
}
