package checks

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/demo"
	"hindsight-tui/explain"
)

var seedEpoch = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// demoClient serves what --demo serves, on a fixed clock.
func demoClient(t *testing.T, now time.Time) *client.Client {
	t.Helper()
	srv := hindsighttest.NewServer(append(demo.Options(), hindsighttest.WithClock(func() time.Time { return now }))...)
	t.Cleanup(srv.Close)
	c, err := client.New(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The shipped example passes against the demo, today and on another day.
func TestExampleSuitePasses(t *testing.T) {
	s := exampleSuite(t)
	for _, now := range []time.Time{seedEpoch, seedEpoch.AddDate(0, 7, 11).Add(5 * time.Hour)} {
		results, err := Run(context.Background(), demoClient(t, now), s, Options{TryFixes: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range results {
			if !r.Passed() {
				t.Errorf("%s on %s: err %v, expect %+v, forbid %+v", r.Case.Name, now.Format("2006-01-02"), r.Err, r.Expect, r.Forbid)
			}
		}
	}
}

func runOne(t *testing.T, c *client.Client, js string) Result {
	t.Helper()
	s, err := Parse("t.json", []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	results, err := Run(context.Background(), c, s, Options{TryFixes: true})
	if err != nil {
		t.Fatal(err)
	}
	return results[0]
}

func TestFailingCasesCarryTheVerdict(t *testing.T) {
	c := demoClient(t, seedEpoch)
	// Booking asked of world facts only: the type stage, with a fix that was tried.
	r := runOne(t, c, `{"bank": "explain-lab", "cases": [{"query": "What did I book for Priya's Lisbon trip?", "types": ["world"],
		"expect": ["TP 671"], "forbid": ["Priya Nair flies to Lisbon on 7 December"]}]}`)
	e := r.Expect[0]
	if r.Passed() || e.Verdict.Stage != explain.StageType || e.Tried == nil || !e.Tried.Back {
		t.Errorf("expect %+v tried %+v", e.Verdict, e.Tried)
	}
	if f := r.Forbid[0]; f.Pass || f.Rank != 1 || f.Score == nil {
		t.Errorf("forbid %+v", f)
	}
	// Recalled, but lower than asked.
	r = runOne(t, c, `{"bank": "explain-lab", "cases": [{"query": "When does Priya fly to Lisbon next?",
		"expect": [{"text": "TP 671", "within_rank": 1}]}]}`)
	if e := r.Expect[0]; r.Passed() || e.Verdict.Stage != explain.StageRecalled || e.Verdict.Rank != 2 {
		t.Errorf("within_rank: %+v", e.Verdict)
	}
	// A fragment no memory holds: a missing expectation, not a broken case.
	r = runOne(t, c, `{"bank": "explain-lab", "cases": [{"query": "Lisbon", "expect": ["a sentence nobody wrote"], "forbid": ["nor this"]}]}`)
	if e := r.Expect[0]; r.Err != nil || e.Verdict.Stage != explain.StageMissing || !r.Forbid[0].Pass {
		t.Errorf("missing fragment: err %v, %+v, %+v", r.Err, e.Verdict, r.Forbid)
	}
	// The invalidated memory, expected by its words: named as such.
	r = runOne(t, c, `{"bank": "explain-lab", "cases": [{"query": "What does Priya eat?", "expect": ["Priya Nair is vegetarian"]}]}`)
	if e := r.Expect[0]; e.Verdict.Stage != explain.StageInvalidated {
		t.Errorf("invalidated: %+v", e.Verdict)
	}
}

func TestAmbiguousFragment(t *testing.T) {
	c := demoClient(t, seedEpoch)
	r := runOne(t, c, `{"bank": "explain-lab", "cases": [{"query": "Lisbon", "expect": ["Priya Nair"]}]}`)
	var re *ResolveError
	if !errors.As(r.Err, &re) || len(re.Matches) < 2 || r.Passed() {
		t.Fatalf("err %v", r.Err)
	}
	msg := r.Err.Error()
	if !strings.Contains(msg, `"Priya Nair" is ambiguous in bank explain-lab`) || !strings.Contains(msg, re.Matches[0].ID) || !strings.Contains(msg, "more") {
		t.Errorf("message %q", msg)
	}
}

func TestUnreachableServerStopsTheRun(t *testing.T) {
	srv := hindsighttest.NewServer()
	url := srv.URL()
	srv.Close()
	c, _ := client.New(url)
	s, _ := Parse("t.json", []byte(`{"bank": "b", "cases": [{"query": "q", "expect": ["x"]}, {"query": "q", "expect": ["y"]}]}`))
	results, err := Run(context.Background(), c, s, Options{})
	var ne *client.NetworkError
	if !errors.As(err, &ne) || len(results) != 1 {
		t.Errorf("err %v, %d results", err, len(results))
	}
}
