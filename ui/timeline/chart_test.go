package timeline

import (
	"testing"
	"time"

	"hindsight-tui/client"
)

// series is a day series of n buckets ending on Nov 30, each with counts(i).
func series(n int, counts func(i int) [3]int) *client.MemoriesTimeseries {
	ts := &client.MemoriesTimeseries{Trunc: "day", Period: "90d"}
	end := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	for i := range n {
		c := counts(i)
		ts.Buckets = append(ts.Buckets, client.TimeseriesBucket{Time: client.Time{Time: end.AddDate(0, 0, i-n+1)},
			World: c[0], Experience: c[1], Observation: c[2]})
	}
	return ts
}

// group adds buckets up from the newest, so the last column ends with today.
func TestGroup(t *testing.T) {
	ts := series(90, func(i int) [3]int { return [3]int{1, 0, i % 2} })
	cols, per := group(ts, 40)
	if per != 3 || len(cols) != 30 {
		t.Fatalf("%d columns of %d", len(cols), per)
	}
	if !cols[29].end.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) || !cols[0].start.Equal(ts.Buckets[0].Time.Time) {
		t.Errorf("columns %v – %v", cols[0].start, cols[29].end)
	}
	cols, per = group(series(7, func(int) [3]int { return [3]int{} }), 40)
	if per != 1 || len(cols) != 7 {
		t.Errorf("7 buckets: %d columns of %d", len(cols), per)
	}
	cols, _ = group(series(10, func(int) [3]int { return [3]int{2, 0, 0} }), 4)
	if len(cols) != 4 || cols[0].total() != 2 || cols[3].total() != 6 {
		t.Errorf("uneven grouping %+v", cols)
	}
}

// A column stacks world, experience, observation bottom up: full cells of each
// type's glyph, the top cell the block of its height; a single memory still shows.
func TestStackCells(t *testing.T) {
	b := stack(column{counts: [3]int{4, 2, 1}}, 8, 2) // 16 eighths for 8 memories
	if b != [4]int{0, 8, 12, 14} {
		t.Fatalf("bounds %v", b)
	}
	if g, k := cell(b, 0); g != '█' || k != 0 {
		t.Errorf("bottom cell %q %d", g, k)
	}
	if g, k := cell(b, 1); g != '▆' || k != 1 {
		t.Errorf("top cell %q %d", g, k)
	}
	if g, _ := cell(stack(column{counts: [3]int{0, 0, 1}}, 1000, 3), 0); g != '▁' {
		t.Errorf("one memory of 1000 draws %q", g)
	}
	if g, k := cell(stack(column{}, 5, 3), 0); g != '·' || k != -1 {
		t.Errorf("empty column draws %q", g)
	}
	if g, _ := cell(stack(column{}, 5, 3), 1); g != ' ' {
		t.Errorf("empty column's second row draws %q", g)
	}
	if g, k := cell(stack(column{counts: [3]int{0, 0, 8}}, 8, 1), 0); g != fullGlyph(2) || k != 2 {
		t.Errorf("observations draw %q %d", g, k)
	}
}

// The axis labels the top and the middle row with the counts their top edges stand for.
func TestAxisLabels(t *testing.T) {
	if axisLabel(9, 10, 40) != "40" || axisLabel(4, 10, 40) != "20" || axisLabel(0, 10, 40) != "" || axisLabel(3, 10, 40) != "" {
		t.Error("labels")
	}
}
