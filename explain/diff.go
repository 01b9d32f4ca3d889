package explain

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"hindsight-tui/client"
)

// Move is one memory's place in two result lists; 0 means absent from that list.
type Move struct {
	ID, Text string
	From, To int
}

// Diff compares two result lists (A before, B after): what entered, what left, what
// moved; Same counts results at the same rank in both.
type Diff struct {
	Entered, Left, Moved []Move
	Same                 int
}

// Compare diffs two result lists by memory id. Entered and Moved follow B's order, Left
// follows A's.
func Compare(a, b []client.RecallResult) Diff {
	rankA := make(map[string]int, len(a))
	for i, r := range a {
		if _, dup := rankA[r.ID]; !dup {
			rankA[r.ID] = i + 1
		}
	}
	rankB := make(map[string]int, len(b))
	var d Diff
	for i, r := range b {
		if _, dup := rankB[r.ID]; dup {
			continue
		}
		rankB[r.ID] = i + 1
		switch from := rankA[r.ID]; {
		case from == 0:
			d.Entered = append(d.Entered, Move{ID: r.ID, Text: r.Text, To: i + 1})
		case from != i+1:
			d.Moved = append(d.Moved, Move{ID: r.ID, Text: r.Text, From: from, To: i + 1})
		default:
			d.Same++
		}
	}
	for i, r := range a {
		if _, ok := rankB[r.ID]; !ok && rankA[r.ID] == i+1 {
			d.Left = append(d.Left, Move{ID: r.ID, Text: r.Text, From: i + 1})
		}
	}
	return d
}

// Summary is the diff in a few words: "2 entered, 1 left, 3 moved".
func (d Diff) Summary() string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{len(d.Entered), "entered"}, {len(d.Left), "left"}, {len(d.Moved), "moved"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	if len(parts) == 0 {
		return "nothing else moved"
	}
	return strings.Join(parts, ", ")
}

// Outcome is what a fix did when tried: whether the memory came back and at which
// rank, how the whole result list changed, and, when it still did not come back, the
// verdict under the changed request (the next stage in its way).
type Outcome struct {
	Fix     Fix
	Back    bool
	Rank    int
	Results []client.RecallResult
	Diff    Diff
	Next    *Verdict
}

// ErrNoFix is returned by Retry for a verdict whose fix changes no parameter.
var ErrNoFix = errors.New("no request change can bring this memory back")

// Retry runs a verdict's fix and explains the memory again under it (one traced
// recall and one GET memory, as Explain), then compares the results with before, the
// results of the request the fix changes.
func Retry(ctx context.Context, api API, bankID string, before []client.RecallResult, v Verdict) (*Outcome, error) {
	if v.Fix.Request == nil {
		return nil, ErrNoFix
	}
	rep, err := Explain(ctx, api, bankID, *v.Fix.Request, []string{v.MemoryID})
	if err != nil {
		return nil, fmt.Errorf("recall with %s: %w", v.Fix.Label, err)
	}
	after := rep.Verdicts[0]
	out := &Outcome{Fix: v.Fix, Back: after.Recalled(), Rank: after.Rank, Results: rep.Results, Diff: Compare(before, rep.Results)}
	if !out.Back {
		out.Next = &after
	}
	return out, nil
}
