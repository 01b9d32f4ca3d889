package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"hindsight-tui/client/hindsighttest"
)

// TestRetainAsyncThenRecall writes a memory with tags and metadata in the demo,
// submits it async, watches its operation complete, runs the recallable check, and
// finds the memory in the Recall pane.
func TestRetainAsyncThenRecall(t *testing.T) {
	s := demo(t)
	s.tab("Retain", "Retain into user-alex-prefs", "what should the agent remember?")
	s.typeText("Alex adopted a grey cat named Miso in November.")
	s.keys("Tab")
	s.typeText("adoption chat")
	s.keys("Tab", "Tab", "Tab") // timestamp, document id, tags
	s.typeText("pets")
	s.keys("Enter")
	s.typeText("source:ch")
	s.waitFor(wait, "› source:chat")
	s.press("Enter", "pets   source:chat")
	s.keys("Tab")
	s.typeText("source=e2e")
	s.keys("Enter")
	s.typeText("mood=happy")
	s.keys("Tab")
	s.typeText("Miso:ANIMAL")
	s.keys("Tab", "Space")
	s.waitFor(wait, "[x] on")
	s.keys("C-s")

	// The operation is followed until it completes (the demo takes two seconds),
	// while the user looks at Operations; the toast names the check's key, which
	// works back in the tab, where the cursor is in the content field again.
	s.waitFor(wait, "operation ", "the memory is not recallable until the operation completes")
	s.tab("Operations", "status all · type all")
	s.waitFor(wait, "1 item retained in user-alex-prefs; ctrl+r in Retain checks it is recallable")
	scr := s.tab("Retain", "completed · the server took")
	if !strings.Contains(scr, "stored · document ") && !strings.Contains(scr, "1 item stored · document ") {
		t.Errorf("no document line:\n%s", scr)
	}

	s.keys("C-r")
	scr = s.waitFor(wait, "✓ recallable: rank", `recalled "Alex adopted a grey cat named Miso`)
	if !regexp.MustCompile(`found \d+(\.\d)? (ms|s) after submit`).MatchString(scr) {
		t.Errorf("no stopwatch:\n%s", scr)
	}

	// The memory is in recall, with its tags (esc leaves the fields, where digits type).
	s.press("Escape", "enter edit form")
	s.tab("Recall", "what would your agent ask")
	s.typeText("grey cat named Miso")
	scr = s.waitFor(wait, "Alex adopted a grey cat named Miso in", "tokens ")
	for _, want := range []string{"pets, source:chat", "mood=happy, source=e2e", "context adoption chat"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the new memory's details lack %q:\n%s", want, scr)
		}
	}
	s.press("Escape", "/ grey cat named Miso")
	s.quit("q")
}

// TestRetainDraftSurvivesServerError submits against a server that answers 500: the
// error is shown, and after quitting and starting again (same state directory) the
// form comes back exactly as typed.
func TestRetainDraftSurvivesServerError(t *testing.T) {
	bin := binary(t)
	const bank = "user-alex-prefs"
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed(), hindsighttest.WithFault(hindsighttest.Fault{
		Method: "POST", Path: "/v1/default/banks/" + bank + "/memories", Status: 500,
		Body: `{"detail":"extraction backend unavailable"}`}))
	t.Cleanup(srv.Close)
	state := t.TempDir()
	env := []string{"XDG_STATE_HOME=" + state, "TZ=UTC", "HINDSIGHT_API_KEY="}
	args := []string{bin, "--url", srv.URL(), "--bank", bank}

	s := start(t, 120, 40, env, args...)
	s.tab("Retain", "Retain into "+bank)
	s.typeText("Alex switched to decaf after 2pm.")
	s.keys("Tab", "Tab", "Tab", "Tab")
	s.typeText("health")
	s.keys("Enter", "Tab")
	s.typeText("source=e2e")
	s.press("C-s", "failed (HTTP 500): extraction backend", "nothing was stored; the form and its draft are as you left them")
	s.quit("C-c")

	// The draft on disk: private, without the server's URL.
	matches, _ := filepath.Glob(filepath.Join(state, "hindsight-tui", "drafts", "*.json"))
	if len(matches) != 1 {
		t.Fatalf("drafts on disk: %v", matches)
	}
	fi, _ := os.Stat(matches[0])
	b, _ := os.ReadFile(matches[0])
	if fi.Mode().Perm() != 0o600 || strings.Contains(string(b), srv.URL()) || !strings.Contains(string(b), "decaf") {
		t.Errorf("draft %o:\n%s", fi.Mode().Perm(), b)
	}

	s = start(t, 120, 40, env, args...)
	scr := s.tab("Retain", "Retain into "+bank, "restored the draft saved", "Alex switched to decaf after 2pm.")
	for _, want := range []string{"health", "source=e2e"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the restored form lacks %q:\n%s", want, scr)
		}
	}
	s.quit("C-c")
}

// TestDraftSurvivesEveryExit: the retain tab opens with the cursor in the content
// field, the reflect tab in its composer; what is typed, and ended as soon as it shows
// (well inside the retain autosave delay) by ctrl+c, SIGTERM or SIGHUP, is back after
// a restart.
func TestDraftSurvivesEveryExit(t *testing.T) {
	bin := binary(t)
	const bank = "user-alex-prefs"
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed())
	t.Cleanup(srv.Close)
	ctrlC := func(s *session) { s.keys("C-c") }
	term := func(s *session) { signalApp(t, s, syscall.SIGTERM) }
	hup := func(s *session) { signalApp(t, s, syscall.SIGHUP) }
	retain := []string{"Retain", "Retain into " + bank}
	reflect := []string{"Reflect", "Ask a question"}
	for _, exit := range []struct {
		name     string
		pane     []string // the tab and what shows once it is open
		end      func(s *session)
		restored string // what says the text was brought back
	}{
		{"retain ctrl+c", retain, ctrlC, "restored the draft saved"},
		{"retain SIGTERM", retain, term, "restored the draft saved"},
		{"retain SIGHUP", retain, hup, "restored the draft saved"},
		{"reflect ctrl+c", reflect, ctrlC, ""},
		{"reflect SIGTERM", reflect, term, ""},
		{"reflect SIGHUP", reflect, hup, ""},
	} {
		t.Run(exit.name, func(t *testing.T) {
			env := []string{"XDG_STATE_HOME=" + t.TempDir(), "TZ=UTC", "HINDSIGHT_API_KEY="}
			args := []string{bin, "--url", srv.URL(), "--bank", bank}
			s := start(t, 120, 40, env, args...)
			s.tab(exit.pane[0], exit.pane[1:]...)
			text := "Alex ended the session by " + exit.name + " at once"
			s.typeText(text)
			s.waitFor(wait, text)
			exit.end(s)
			if rc := s.exitCode(wait); rc != 0 {
				t.Fatalf("exit status %d", rc)
			}
			s = start(t, 120, 40, env, args...)
			s.tab(exit.pane[0], exit.restored, text)
			s.quit("C-c")
		})
	}
}

// signalApp sends sig to the program running in s.
func signalApp(t *testing.T, s *session, sig syscall.Signal) {
	t.Helper()
	if err := syscall.Kill(s.pid(), sig); err != nil {
		t.Fatal(err)
	}
}
