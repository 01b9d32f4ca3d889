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
// rank, and how the whole result list changed.
type Outcome struct {
	Fix     Fix
	Back    bool
	Rank    int
	Results []client.RecallResult
	Diff    Diff
}

// ErrNoFix is returned by Retry for a verdict whose fix changes no parameter.
var ErrNoFix = errors.New("no request change can bring this memory back")

// Retry runs a verdict's fix (one recall) and compares its results with before, the
// results of the request it changes.
func Retry(ctx context.Context, api API, bankID string, before []client.RecallResult, v Verdict) (*Outcome, error) {
	if v.Fix.Request == nil {
		return nil, ErrNoFix
	}
	resp, err := api.Recall(ctx, bankID, *v.Fix.Request)
	if err != nil {
		return nil, fmt.Errorf("recall with %s: %w", v.Fix.Label, err)
	}
	out := &Outcome{Fix: v.Fix, Results: resp.Results, Diff: Compare(before, resp.Results)}
	for i, r := range resp.Results {
		if r.ID == v.MemoryID {
			out.Back, out.Rank = true, i+1
			break
		}
	}
	return out, nil
}
