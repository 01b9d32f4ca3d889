package explaincmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"hindsight-tui/checks"
	"hindsight-tui/sanitize"
)

// Check runs a parsed suite: exit 0 when every case passes, 1 when one fails, 2 when
// the server cannot be reached or a case cannot be run.
func Check(ctx context.Context, api checks.API, file string, s *checks.Suite, asJSON bool, stdout, stderr io.Writer) int {
	results, runErr := checks.Run(ctx, api, s, checks.Options{TryFixes: !asJSON})
	var passed, failed, errored int
	for _, r := range results {
		switch {
		case r.Err != nil:
			errored++
		case r.Passed():
			passed++
		default:
			failed++
		}
	}
	code := ExitPass
	switch {
	case errored > 0 || runErr != nil:
		code = ExitError
	case failed > 0:
		code = ExitFail
	}
	if asJSON {
		if err := writeCheckJSON(stdout, api, file, results, len(s.Cases), passed, failed, errored); err != nil {
			return ExitError
		}
	} else {
		p := &printer{w: stdout}
		for _, r := range results {
			p.result(api, r)
		}
		p.line(0, "%s: %s: %d passed, %d failed, %d could not run", filepath.Base(file), plural(len(s.Cases), "case", "cases"), passed, failed, errored)
		if p.err != nil {
			return ExitError
		}
	}
	if runErr != nil {
		fmt.Fprintln(stderr, "hindsight-tui: "+sanitize.Line(describe(api, runErr))+" (the run stopped there)")
	}
	return code
}

// result prints a case: one line, then for a failure each failing expectation's
// verdict and each forbidden memory that came back.
func (p *printer) result(api checks.API, r checks.Result) {
	name := fmt.Sprintf("%d %s (%s)", r.Index, r.Case.Name, r.BankID)
	switch {
	case r.Err != nil:
		p.line(0, "ERROR %s: %s", name, describe(api, r.Err))
		return
	case r.Passed():
		p.line(0, "PASS %s: %d expected, %d forbidden", name, len(r.Expect), len(r.Forbid))
		return
	}
	p.line(0, "FAIL %s: %q%s", name, r.Case.Query, describeRequest(r.Case.Request()))
	for _, e := range r.Expect {
		if e.Pass {
			continue
		}
		v := e.Verdict
		if v.Recalled() && e.Target.WithinRank > 0 {
			v.Summary = fmt.Sprintf("recalled at rank %d, not within rank %d", v.Rank, e.Target.WithinRank)
		}
		p.verdict(2, targetLabel(e), v, e.Tried)
	}
	for _, f := range r.Forbid {
		if f.Pass {
			continue
		}
		p.line(2, "forbidden: %s came back at rank %d", f.Target, f.Rank)
		if f.Score != nil {
			p.line(4, "· %s", f.Score)
		}
	}
}

type caseJSON struct {
	Index        int               `json:"index"`
	Name         string            `json:"name"`
	BankID       string            `json:"bank_id"`
	Query        string            `json:"query"`
	Passed       bool              `json:"passed"`
	Error        *string           `json:"error"`
	Expectations []checkExpectJSON `json:"expectations"`
	Forbidden    []forbidJSON      `json:"forbidden"`
}

type checkExpectJSON struct {
	Target     string `json:"target"`
	WithinRank *int   `json:"within_rank"`
	Passed     bool   `json:"passed"`
	expectationJSON
}

type forbidJSON struct {
	Target   string  `json:"target"`
	MemoryID *string `json:"memory_id"`
	Passed   bool    `json:"passed"`
	Rank     *int    `json:"rank"`
}

func writeCheckJSON(w io.Writer, api checks.API, file string, results []checks.Result, cases, passed, failed, errored int) error {
	out := struct {
		File    string     `json:"file"`
		Passed  bool       `json:"passed"`
		Cases   []caseJSON `json:"cases"`
		Summary struct {
			Cases  int `json:"cases"`
			Passed int `json:"passed"`
			Failed int `json:"failed"`
			Errors int `json:"errors"`
		} `json:"summary"`
	}{File: sanitize.Line(file), Passed: passed == cases, Cases: []caseJSON{}}
	out.Summary.Cases, out.Summary.Passed, out.Summary.Failed, out.Summary.Errors = cases, passed, failed, errored
	for _, r := range results {
		c := caseJSON{Index: r.Index, Name: sanitize.Line(r.Case.Name), BankID: sanitize.Line(r.BankID), Query: sanitize.Line(r.Case.Query),
			Passed: r.Passed(), Expectations: []checkExpectJSON{}, Forbidden: []forbidJSON{}}
		if r.Err != nil {
			c.Error = ptr(sanitize.Line(describe(api, r.Err)))
		}
		for _, e := range r.Expect {
			x := checkExpectJSON{Target: sanitize.Line(plain(e.Target)), Passed: e.Pass, expectationJSON: toJSON(e.Verdict)}
			if e.Target.WithinRank > 0 {
				x.WithinRank = ptr(e.Target.WithinRank)
			}
			c.Expectations = append(c.Expectations, x)
		}
		for _, f := range r.Forbid {
			x := forbidJSON{Target: sanitize.Line(plain(f.Target)), Passed: f.Pass}
			if f.MemoryID != "" {
				x.MemoryID = ptr(sanitize.Line(f.MemoryID))
			}
			if f.Rank > 0 {
				x.Rank = ptr(f.Rank)
			}
			c.Forbidden = append(c.Forbidden, x)
		}
		out.Cases = append(out.Cases, c)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// plain is a target as the file gave it: the id, or the text fragment.
func plain(t checks.Target) string {
	if t.ID != "" {
		return t.ID
	}
	return t.Text
}

// plural is n and the noun that agrees with it: "1 case", "3 cases".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
