package explaincmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client/hindsighttest"
)

// why on every seeded case: the verdict line begins with the case's stage, the exit
// status says whether it was recalled, and the output is the golden one.
func TestWhySeededCases(t *testing.T) {
	for _, c := range seededCases(t) {
		t.Run(c.Stage, func(t *testing.T) {
			r := run(t, "", whyArgs(t, c)...)
			want := ExitFail
			if c.Stage == "recalled" {
				want = ExitPass
			}
			r.want(t, want)
			lines := strings.Split(r.stdout, "\n")
			if len(lines) < 2 || !strings.HasPrefix(lines[1], c.Stage+": "+c.MemoryID) {
				t.Errorf("the verdict line does not begin with %s:\n%s", c.Stage, r.stdout)
			}
			golden.RequireEqual(t, r.stdout)
		})
	}
}

func TestWhyJSON(t *testing.T) {
	for _, c := range seededCases(t) {
		if c.Stage != "type" && c.Stage != "recalled" && c.Stage != "missing" {
			continue
		}
		t.Run(c.Stage, func(t *testing.T) {
			r := run(t, "", append(whyArgs(t, c), "--json")...)
			var out struct {
				BankID       string `json:"bank_id"`
				Query        string `json:"query"`
				Expectations []struct {
					MemoryID    string  `json:"memory_id"`
					Recalled    bool    `json:"recalled"`
					Rank        *int    `json:"rank"`
					Stage       string  `json:"stage"`
					Explanation string  `json:"explanation"`
					Fix         *string `json:"fix"`
				} `json:"expectations"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
				t.Fatalf("%v\n%s", err, r.stdout)
			}
			e := out.Expectations[0]
			if out.BankID != c.BankID || e.MemoryID != c.MemoryID || e.Stage != c.Stage || e.Recalled != (c.Stage == "recalled") ||
				(e.Rank != nil) != e.Recalled || (e.Fix != nil) == e.Recalled || e.Explanation == "" {
				t.Errorf("%+v", out)
			}
			golden.RequireEqual(t, r.stdout)
		})
	}
}

// Several expectations at once, by id and by text: exit 1 because one is missing.
func TestWhyMixedExpectations(t *testing.T) {
	r := run(t, "", "why", "--bank", "explain-lab", "--query", "When does Priya fly to Lisbon next?",
		"--expect", "1e1c250f-d979-5ab5-9881-ea2b45bb2252", "--expect", "TP 671", "--max-tokens", "40",
		"--expect", "555fafdc-afbd-5b81-acf0-80e30dca99f2", "--expect", "a sentence nobody wrote")
	r.want(t, ExitFail)
	for _, w := range []string{"recalled: 1e1c250f", `max_tokens: "TP 671" c7b7fd4a`, "missing: 555fafdc", `missing: "a sentence nobody wrote": no memory in bank explain-lab contains`} {
		if !strings.Contains(r.stdout, "\n"+w) {
			t.Errorf("no line %q in\n%s", w, r.stdout)
		}
	}
	golden.RequireEqual(t, r.stdout)
}

func TestWhyErrors(t *testing.T) {
	// Usage errors are exit 2 and never reach a server.
	for _, args := range [][]string{
		{"why", "--query", "q", "--expect", "x"},
		{"why", "--bank", "b", "--expect", "x"},
		{"why", "--bank", "b", "--query", "q"},
		{"why", "--bank", "b", "--query", "q", "--expect", "x", "--budget", "huge"},
		{"why", "--bank", "b", "--query", "q", "--expect", "x", "--max-tokens", "-3"},
		{"why", "--bank", "b", "--query", "q", "--expect", "x", "--min-scores", "rerank=0.5"},
		{"why", "--bank", "b", "--query", "q", "--expect", "x", "stray"},
	} {
		if r := run(t, "http://127.0.0.1:1", args...); r.code != ExitError || r.stderr == "" {
			t.Errorf("%q: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	// An ambiguous fragment names the matches.
	r := run(t, "", "why", "--bank", "explain-lab", "--query", "Lisbon", "--expect", "Priya Nair")
	r.want(t, ExitError)
	if !strings.Contains(r.stderr, `"Priya Nair" is ambiguous in bank explain-lab`) || r.stdout != "" {
		t.Errorf("stderr %q", r.stderr)
	}
	// No server: exit 2, and the message says so.
	srv := hindsighttest.NewServer()
	url := srv.URL()
	srv.Close()
	r = run(t, url, "why", "--bank", "explain-lab", "--query", "Lisbon", "--expect", "1e1c250f-d979-5ab5-9881-ea2b45bb2252")
	r.want(t, ExitError)
	if !strings.Contains(r.stderr, "hindsight-tui: ") || r.stdout != "" {
		t.Errorf("unreachable: stdout %q stderr %q", r.stdout, r.stderr)
	}
}

// A fix that is not enough on its own: the tried line says so, and the next line
// names the stage that stops the memory under the changed request, with its fix.
func TestWhyFixNotEnough(t *testing.T) {
	r := run(t, "", "why", "--bank", "explain-lab", "--query", "Which trips are coming up?", "--budget", "low",
		"--expect", "leads the Tidewell account", "--tags", "trips", "--tags-match", "all_strict", "--max-tokens", "100000")
	r.want(t, ExitFail)
	for _, w := range []string{"\ntags: ", "fix: tags_match all → tried: still not recalled", "\n    then budget: ranked #", "; fix: budget mid"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("no %q in\n%s", w, r.stdout)
		}
	}
	golden.RequireEqual(t, r.stdout)
}
