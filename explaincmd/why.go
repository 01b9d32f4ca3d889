package explaincmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"hindsight-tui/checks"
	"hindsight-tui/sanitize"
)

// whyCase is the why command line as a one-case suite: the same resolution of text
// fragments, the same explainer, the same tried fixes.
func whyCase(o Options) checks.Case {
	r := o.Request()
	c := checks.Case{Name: "why", Bank: o.Bank, Query: r.Query, Types: r.Types, Budget: r.Budget, MaxTokens: r.MaxTokens,
		Tags: r.Tags, TagsMatch: r.TagsMatch, PreferObservations: r.PreferObservations, MinScores: r.MinScores}
	for _, e := range o.Expect {
		c.Expect = append(c.Expect, checks.ParseTarget(e))
	}
	return c
}

// Why explains one recall for the expected memories: exit 0 when all were recalled, 1
// when one was not, 2 when the explanation could not be made.
func Why(ctx context.Context, api checks.API, o Options, stdout, stderr io.Writer) int {
	c := whyCase(o)
	res := checks.RunCase(ctx, api, o.Bank, c, checks.Options{TryFixes: !o.JSON})
	if res.Err != nil {
		fmt.Fprintln(stderr, "hindsight-tui: "+sanitize.Line(describe(api, res.Err)))
		return ExitError
	}
	code := ExitPass
	for _, e := range res.Expect {
		if !e.Verdict.Recalled() {
			code = ExitFail
		}
	}
	if o.JSON {
		out := struct {
			BankID       string            `json:"bank_id"`
			Query        string            `json:"query"`
			Expectations []expectationJSON `json:"expectations"`
		}{BankID: sanitize.Line(o.Bank), Query: sanitize.Line(o.Query), Expectations: []expectationJSON{}}
		for _, e := range res.Expect {
			out.Expectations = append(out.Expectations, toJSON(e.Verdict))
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return ExitError
		}
		return code
	}
	p := &printer{w: stdout}
	recalled := 0
	for _, e := range res.Expect {
		if e.Verdict.Recalled() {
			recalled++
		}
	}
	p.line(0, "recall in %s: %q%s: %d of %d expected memories recalled", o.Bank, o.Query, describeRequest(c.Request()), recalled, len(res.Expect))
	for _, e := range res.Expect {
		p.verdict(0, targetLabel(e), e.Verdict, e.Tried)
	}
	if p.err != nil {
		return ExitError
	}
	return code
}

// targetLabel names an expectation: its id, or its fragment and the id it resolved to.
func targetLabel(e checks.Expectation) string {
	switch {
	case e.Target.ID != "":
		return e.Target.ID
	case e.MemoryID != "":
		return fmt.Sprintf("%q %s", e.Target.Text, e.MemoryID)
	}
	return fmt.Sprintf("%q", e.Target.Text)
}
