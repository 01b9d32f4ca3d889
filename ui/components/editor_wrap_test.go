package components

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// wrapPieces are what the incremental wrap test builds lines from: words, spaces,
// wide characters, clusters of several runes (combining marks, ZWJ sequences, flags
// whose pairing depends on what precedes them) and a control character.
var wrapPieces = []string{
	"a", "bc", "def", "ghij", "klmnopqrstu", " ", "  ", "\t", "漢", "字", "é", "e\u0301",
	"\u0301", "👍🏽", "👨‍👩‍👧", "\u200d", "🇺", "🇸", "\x1b", "\r",
}

func randomLine(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(wrapPieces[rng.Intn(len(wrapPieces))])
	}
	return b.String()
}

// boundaries returns the cluster boundaries of s.
func boundaries(s string) []int {
	out := []int{0}
	for i := 0; i < len(s); {
		i = clusterEnd(s, i)
		out = append(out, i)
	}
	return out
}

// Laying out a changed line from its old layout gives what laying it out afresh does.
func TestEditorRewrapMatchesAFullWrap(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for iter := range 20000 {
		width := 1 + rng.Intn(12)
		oldText := randomLine(rng, rng.Intn(40))
		if rng.Intn(3) == 0 {
			oldText = strings.Repeat("ab cd ", rng.Intn(20))
		}
		var old edLine
		old.text = oldText
		old.disp, old.rows, old.plain = wrapLine(oldText, width, nil, false)
		old.width = width
		// Edits start and end on cluster boundaries, except an undo's, which may fall
		// inside a cluster its text joined; raw bytes can end anywhere.
		bs := boundaries(oldText)
		if rng.Intn(3) == 0 {
			bs = make([]int, len(oldText)+1)
			for i := range bs {
				bs[i] = i
			}
		}
		a := bs[rng.Intn(len(bs))]
		b := a
		if rng.Intn(2) == 0 {
			rest := bs[slices.Index(bs, a):]
			b = rest[rng.Intn(len(rest))]
		}
		ins := randomLine(rng, rng.Intn(4))
		if rng.Intn(3) == 0 {
			ins = []string{"x", " ", "yy ", "漢"}[rng.Intn(4)]
		}
		s := oldText[:a] + ins + oldText[b:]
		got := rewrap(old, s, a, b, len(ins), width, cellCache{})
		wantDisp, wantRows, _ := wrapLine(s, width, nil, false)
		if got.disp != wantDisp || !slices.Equal(got.rows, wantRows) || got.text != s {
			t.Fatalf("iteration %d, width %d: %q with [%d:%d] replaced by %q\ngot  %q %v\nwant %q %v",
				iter, width, oldText, a, b, ins, got.disp, got.rows, wantDisp, wantRows)
		}
		if got.plain && !printableASCII(s) {
			t.Fatalf("%q marked plain", s)
		}
	}
}
