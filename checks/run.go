package checks

import (
	"context"
	"errors"

	"hindsight-tui/client"
	"hindsight-tui/explain"
)

// API is what running a suite asks of a server; *client.Client has it.
type API interface {
	explain.API
	Lister
}

// Result is one case run.
type Result struct {
	Case   Case
	Index  int // 1-based position in the file
	BankID string
	Expect []Expectation
	Forbid []Forbidden
	// Err is set when the case could not be run: an ambiguous fragment, a request the
	// server refused. Such a case neither passes nor fails; the run is in error.
	Err error
}

// Passed reports whether every expectation and prohibition held.
func (r Result) Passed() bool {
	if r.Err != nil {
		return false
	}
	for _, e := range r.Expect {
		if !e.Pass {
			return false
		}
	}
	for _, f := range r.Forbid {
		if !f.Pass {
			return false
		}
	}
	return true
}

// Expectation is one expected memory's outcome, with the explainer's verdict. Tried
// is the verdict's fix as run, when the expectation failed and a parameter could help.
type Expectation struct {
	Target   Target
	MemoryID string // "" when the fragment matched nothing
	Pass     bool
	Verdict  explain.Verdict
	Tried    *explain.Outcome
}

// Forbidden is one memory that must not come back: Rank is where it did (0: it did not).
type Forbidden struct {
	Target   Target
	MemoryID string
	Pass     bool
	Rank     int
	Score    *explain.Breakdown
}

// Options tune a run.
type Options struct {
	// TryFixes runs each failing expectation's fix (one recall each) to say whether
	// it brings the memory back.
	TryFixes bool
}

// Run runs every case in order. A network failure (the server cannot be reached)
// stops the run and is returned; any other problem is the case's Err.
func Run(ctx context.Context, api API, s *Suite, opts Options) ([]Result, error) {
	out := make([]Result, 0, len(s.Cases))
	for i, c := range s.Cases {
		r := RunCase(ctx, api, s.BankOf(c), c, opts)
		r.Index = i + 1
		out = append(out, r)
		var ne *client.NetworkError
		if errors.As(r.Err, &ne) {
			return out, r.Err
		}
	}
	return out, nil
}

// RunCase runs one case against bank: it resolves the targets, explains the recall
// for the expected memories and checks the forbidden ones against the same results.
func RunCase(ctx context.Context, api API, bank string, c Case, opts Options) Result {
	r := Result{Case: c, BankID: bank}
	var ids []string
	for _, t := range c.Expect {
		id, err := Resolve(ctx, api, bank, t)
		var re *ResolveError
		switch {
		case errors.As(err, &re) && len(re.Matches) == 0:
			// Nothing holds the text: a failed expectation, not a broken case.
			r.Expect = append(r.Expect, Expectation{Target: t, Verdict: explain.Verdict{Stage: explain.StageMissing,
				Summary: re.Error(), Fix: explain.Fix{Hint: "nothing in the request can return it: check the text, or retain the memory"}}})
			continue
		case err != nil:
			r.Err = err
			return r
		}
		ids = append(ids, id)
		r.Expect = append(r.Expect, Expectation{Target: t, MemoryID: id})
	}
	for _, t := range c.Forbid {
		id, err := Resolve(ctx, api, bank, t)
		var re *ResolveError
		if err != nil && !(errors.As(err, &re) && len(re.Matches) == 0) {
			r.Err = err
			return r
		}
		r.Forbid = append(r.Forbid, Forbidden{Target: t, MemoryID: id, Pass: true})
	}
	rep, err := explain.Explain(ctx, api, bank, c.Request(), ids)
	if err != nil {
		r.Err = err
		return r
	}
	verdicts := map[string]explain.Verdict{}
	for _, v := range rep.Verdicts {
		verdicts[v.MemoryID] = v
	}
	for i := range r.Expect {
		e := &r.Expect[i]
		if e.MemoryID == "" {
			continue
		}
		e.Verdict = verdicts[e.MemoryID]
		e.Pass = e.Verdict.Recalled() && (e.Target.WithinRank == 0 || e.Verdict.Rank <= e.Target.WithinRank)
		if !e.Pass && opts.TryFixes && e.Verdict.Fix.Request != nil {
			if e.Tried, err = explain.Retry(ctx, api, bank, rep.Results, e.Verdict); err != nil {
				r.Err = err
				return r
			}
		}
	}
	for i := range r.Forbid {
		f := &r.Forbid[i]
		for rank, res := range rep.Results {
			if f.MemoryID != "" && res.ID == f.MemoryID {
				f.Pass, f.Rank = false, rank+1
				if b, ok := rep.Breakdown(res.ID); ok {
					f.Score = &b
				}
				break
			}
		}
	}
	return r
}
