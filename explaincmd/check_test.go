package explaincmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client/hindsighttest"
)

// check --demo examples/demo-checks.json: every case passes, exit 0.
func TestCheckDemoExample(t *testing.T) {
	r := run(t, "", "check", "../examples/demo-checks.json")
	r.want(t, ExitPass)
	golden.RequireEqual(t, r.stdout)
}

func TestCheckDemoExampleJSON(t *testing.T) {
	r := run(t, "", "check", "../examples/demo-checks.json", "--json")
	r.want(t, ExitPass)
	var out struct {
		Passed bool `json:"passed"`
		Cases  []struct {
			Passed bool `json:"passed"`
		} `json:"cases"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || !out.Passed || len(out.Cases) != 7 {
		t.Errorf("%v %+v", err, out)
	}
	golden.RequireEqual(t, r.stdout)
}

// A failing suite: exit 1, and each failure shows the explainer's stage.
func TestCheckFailing(t *testing.T) {
	r := run(t, "", "check", "testdata/failing-checks.json")
	r.want(t, ExitFail)
	for _, w := range []string{"PASS 1 ", "FAIL 2 ", "\n  type: \"TP 671\"", "\n  forbidden: \"Priya Nair flies to Lisbon on 7 December\" came back at rank 1",
		"\n  recalled: \"TP 671\" c7b7fd4a-3f36-53df-ade9-36bb6c036de7 \"I booked", "recalled at rank 2, not within rank 1", "\n  tags: \"£260 a night\"",
		"failing-checks.json: 4 cases: 1 passed, 3 failed, 0 could not run"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("no %q in\n%s", w, r.stdout)
		}
	}
	golden.RequireEqual(t, r.stdout)
}

func TestCheckFailingJSON(t *testing.T) {
	r := run(t, "", "check", "--json", "testdata/failing-checks.json")
	r.want(t, ExitFail)
	golden.RequireEqual(t, r.stdout)
}

func TestCheckErrors(t *testing.T) {
	// An invalid file: exit 2 before any server is contacted, naming file, case and field.
	r := run(t, "http://127.0.0.1:1", "check", "testdata/invalid-checks.json")
	r.want(t, ExitError)
	if want := `testdata/invalid-checks.json: case 2 ("misspelt"): expect[0].within_rank: must be 1 or more, got 0`; !strings.Contains(r.stderr, want) {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
	r = run(t, "http://127.0.0.1:1", "check", "testdata/no-such-file.json")
	r.want(t, ExitError)
	if !strings.Contains(r.stderr, "cannot read the suite file: no such file") || strings.Contains(r.stderr, "no-such-file") {
		t.Errorf("stderr %q", r.stderr)
	}
	for _, args := range [][]string{{"check"}, {"check", "a.json", "b.json"}} {
		if r := run(t, "http://127.0.0.1:1", args...); r.code != ExitError {
			t.Errorf("%q: exit %d", args, r.code)
		}
	}
	// No server: exit 2, the run stops, and stderr says why.
	srv := hindsighttest.NewServer()
	url := srv.URL()
	srv.Close()
	r = run(t, url, "check", "../examples/demo-checks.json")
	r.want(t, ExitError)
	if !strings.Contains(r.stdout, "ERROR 1 ") || !strings.Contains(r.stderr, "the run stopped there") {
		t.Errorf("stdout %q stderr %q", r.stdout, r.stderr)
	}
}
