package explain

import (
	"context"
	"errors"
	"fmt"
	"strconv"
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

// Merge lists every memory of two result lists (A before, B after) once, by id: B's
// results in B's order, then the ones only A has, in A's order. A memory the server
// repeats counts once, at its first rank. It is the one diff: Compare classifies it.
func Merge(a, b []client.RecallResult) []Move {
	rankA := make(map[string]int, len(a))
	for i, r := range a {
		if _, dup := rankA[r.ID]; !dup {
			rankA[r.ID] = i + 1
		}
	}
	rankB := make(map[string]int, len(b))
	out := make([]Move, 0, len(a)+len(b))
	for i, r := range b {
		if _, dup := rankB[r.ID]; dup {
			continue
		}
		rankB[r.ID] = i + 1
		out = append(out, Move{ID: r.ID, Text: r.Text, From: rankA[r.ID], To: i + 1})
	}
	for i, r := range a {
		if _, ok := rankB[r.ID]; !ok && rankA[r.ID] == i+1 {
			out = append(out, Move{ID: r.ID, Text: r.Text, From: i + 1})
		}
	}
	return out
}

// Compare diffs two result lists by memory id. Entered and Moved follow B's order, Left
// follows A's.
func Compare(a, b []client.RecallResult) Diff {
	var d Diff
	for _, mv := range Merge(a, b) {
		switch {
		case mv.From == 0:
			d.Entered = append(d.Entered, mv)
		case mv.To == 0:
			d.Left = append(d.Left, mv)
		case mv.From != mv.To:
			d.Moved = append(d.Moved, mv)
		default:
			d.Same++
		}
	}
	return d
}

// Change is the move in a few cells, as lists show it: "new" (only in B), "gone"
// (only in A), "↑2" (two ranks better in B), "↓1", or "=" (the same rank).
func (m Move) Change() string {
	switch {
	case m.From == 0:
		return "new"
	case m.To == 0:
		return "gone"
	case m.To < m.From:
		return "↑" + strconv.Itoa(m.From-m.To)
	case m.To > m.From:
		return "↓" + strconv.Itoa(m.To-m.From)
	}
	return "="
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
