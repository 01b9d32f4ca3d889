package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReflectAskExpandExport asks the demo's assistant bank a question in the Reflect
// pane, waits for the answer, shows its evidence, and exports the transcript to a
// file, which must exist, be private and hold the question.
func TestReflectAskExpandExport(t *testing.T) {
	s := demo(t)
	s.tab("Reflect", "Ask a question · enter sends")

	const question = "What are Alex's plans for the Tokyo trip?"
	s.typeText(question)
	s.keys("Enter")
	scr := s.waitFor(wait, "› "+question, "▸ evidence", "tokens ")
	if !strings.Contains(scr, "Flights: JL 67") {
		t.Errorf("the answer is not shown:\n%s", scr)
	}

	// Leave the composer, show the evidence: its first memory is selected.
	s.press("Escape", "i ask")
	s.keys("Space")
	scr = s.waitFor(wait, "▾ evidence", "memories", "› obs ")
	if !strings.Contains(scr, "directives") {
		t.Errorf("the evidence lacks the directives:\n%s", scr)
	}

	// Export to a path typed over the default.
	path := filepath.Join(t.TempDir(), "transcript.md")
	s.press("e", "Save the transcript", "hindsight-reflect-user-alex-prefs-")
	s.keys("C-u")
	s.waitGone(wait, "hindsight-reflect-user-alex-prefs-")
	s.typeText(path)
	s.press("Enter", "wrote the transcript to")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the export is missing: %v\n%s", err, s.screen())
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the export has mode %o, want 600", fi.Mode().Perm())
	}
	for _, want := range []string{"## 1. " + question, "### Answer", "### Evidence"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the export lacks %q:\n%s", want, b)
		}
	}

	s.quit("q")
}
