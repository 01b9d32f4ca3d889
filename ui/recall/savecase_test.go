package recall

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/checks"
	"hindsight-tui/explain"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestSaveTheRecallAsACheckCase: S adds the recall in view to a check file, with the
// bank's pins as its expectations; the file runs as a suite and fails where the
// explainer says (the type case: an experience, with world facts asked for). A second
// save appends to the file; a file that is not a suite is left alone, with the reason
// under the path.
func TestSaveTheRecallAsACheckCase(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	m, h := labPane(t, t.TempDir())
	tc := typeCase(t, h, m)
	h.Keys("S")
	if !strings.Contains(strings.Join(h.Toasts, "\n"), "pin the memories") {
		t.Fatalf("S without pins: toasts %v", h.Toasts)
	}
	h.Send(common.PinMemoryMsg{BankID: lab, MemoryID: tc.MemoryID, Text: "the expected one"})
	h.Keys("S")
	form := uitest.Front[*components.Form](h)
	fields := form.Fields()
	if p := fields[0].(*components.TextField).Value(); p != "./"+checksFile {
		t.Fatalf("default path %q", p)
	}
	if n := fields[1].(*components.TextField).Value(); n != m.res.req.Query {
		t.Fatalf("default name %q", n)
	}
	h.Keys("enter")
	path := filepath.Join(dir, checksFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no file: %v (toasts %v)", err, h.Toasts)
	}
	if !strings.Contains(strings.Join(h.Toasts, "\n"), "run it: hindsight-tui check ./"+checksFile) {
		t.Errorf("toasts %v", h.Toasts)
	}
	suite, err := checks.Parse(path, data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	c := suite.Cases[0]
	if suite.BankOf(c) != lab || c.Query != m.res.req.Query || len(c.Types) != 1 || c.Types[0] != "world" ||
		len(c.Expect) != 1 || c.Expect[0].ID != tc.MemoryID {
		t.Fatalf("saved case %+v", c)
	}
	res := checks.RunCase(t.Context(), h.C.Client, suite.BankOf(c), c, checks.Options{})
	if res.Passed() || res.Err != nil || len(res.Expect) != 1 || res.Expect[0].Verdict.Stage != explain.StageType {
		t.Errorf("the saved case ran as %+v", res)
	}

	// A rank bound goes on every expectation; one that is not a rank is refused.
	h.Keys("S")
	rank := uitest.Front[*components.Form](h).Fields()[2].(*components.TextField)
	rank.SetValue("0")
	h.Keys("enter")
	if rank.Error() == "" {
		t.Fatal("rank 0 was accepted")
	}
	rank.SetValue("2")
	h.Keys("enter")
	if data, _ = os.ReadFile(path); strings.Count(string(data), `"query"`) != 2 {
		t.Errorf("the second save did not append:\n%s", data)
	}
	if suite, err = checks.Parse(path, data); err != nil || suite.Cases[1].Expect[0].WithinRank != 2 || suite.Cases[0].Expect[0].WithinRank != 0 {
		t.Errorf("the rank was not saved (%v):\n%s", err, data)
	}

	if err := os.WriteFile(path, []byte("notes, not a suite"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.Keys("S", "enter")
	if data, _ = os.ReadFile(path); string(data) != "notes, not a suite" {
		t.Errorf("a file that is not a suite was replaced:\n%s", data)
	}
	if v := uitest.Plain(uitest.View(t, uitest.Front[*components.Form](h))); !strings.Contains(v, "not a check file") {
		t.Errorf("the form does not say why:\n%s", v)
	}
}
