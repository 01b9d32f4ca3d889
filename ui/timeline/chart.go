package timeline

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
)

// factTypes are the fact types a column stacks, bottom up.
var factTypes = [3]string{"world", "experience", "observation"}

// fullGlyph is the glyph of a full cell of the kind-th fact type: the stacked bars'
// part glyphs, as the overview draws the same types, so the stack reads without colour.
func fullGlyph(kind int) rune { return []rune(components.PartGlyph(kind))[0] }

// column is one column of the chart: one bucket of the series, or several adjacent
// ones when the series has more buckets than the pane has columns.
type column struct {
	start, end time.Time // [start, end)
	counts     [3]int    // world, experience, observation
}

func (c column) total() int { return c.counts[0] + c.counts[1] + c.counts[2] }

// contains reports whether t falls in the column's time range.
func (c column) contains(t time.Time) bool { return !t.Before(c.start) && t.Before(c.end) }

// step is the length of one bucket of a series (its trunc).
func step(trunc string) time.Duration {
	switch trunc {
	case "minute":
		return time.Minute
	case "hour":
		return time.Hour
	}
	return 24 * time.Hour
}

// group turns the series' buckets into at most maxCols columns of per buckets each,
// counted from the newest, so the current bucket always ends the last column (the
// first one may hold fewer).
func group(ts *client.MemoriesTimeseries, maxCols int) (cols []column, per int) {
	n := len(ts.Buckets)
	if n == 0 {
		return nil, 1
	}
	per = 1
	if maxCols > 0 && n > maxCols {
		per = (n + maxCols - 1) / maxCols
	}
	d := step(ts.Trunc)
	for hi := n; hi > 0; hi -= per {
		lo := max(hi-per, 0)
		c := column{start: ts.Buckets[lo].Time.UTC(), end: ts.Buckets[hi-1].Time.UTC().Add(d)}
		for _, b := range ts.Buckets[lo:hi] {
			c.counts[0] += b.World
			c.counts[1] += b.Experience
			c.counts[2] += b.Observation
		}
		cols = append(cols, c)
	}
	for i, j := 0, len(cols)-1; i < j; i, j = i+1, j-1 {
		cols[i], cols[j] = cols[j], cols[i]
	}
	return cols, per
}

// geometry is how the columns sit in the pane: each colW cells wide with gap cells
// between, after the count axis of axisW cells.
type geometry struct {
	axisW, colW, gap int
}

// layout fits n columns in width w beside an axis labelled up to top.
func layout(n, top, w int) geometry {
	g := geometry{axisW: len(strconv.Itoa(top)) + 1, colW: 1}
	if n == 0 {
		return g
	}
	if per := (w - g.axisW) / n; per >= 2 {
		g.gap, g.colW = 1, min(per-1, 6)
	}
	return g
}

// maxColumns is how many one-cell columns fit in width w beside an axis for top.
func maxColumns(top, w int) int { return max(w-len(strconv.Itoa(top))-1, 1) }

// x is where column i starts, from the left of the pane.
func (g geometry) x(i int) int { return g.axisW + i*(g.colW+g.gap) }

// stack is how high each type's part of a column reaches, in eighths of a cell,
// cumulative and bottom up: bounds[3] is the column's height. Any memory at all
// shows as at least one eighth.
func stack(c column, top, rows int) (bounds [4]int) {
	if top <= 0 {
		return bounds
	}
	scale := rows * 8
	sum := 0
	for i, n := range c.counts {
		sum += n
		bounds[i+1] = (sum*scale + top/2) / top
	}
	if c.total() > 0 && bounds[3] == 0 {
		bounds[3] = 1
	}
	for i := 2; i >= 1; i-- {
		bounds[i] = min(bounds[i], bounds[i+1])
	}
	return bounds
}

// cell is the glyph of row r (0 = bottom) of a column stacked to bounds and the
// fact type that fills most of it (-1 for an empty cell): a full cell is its type's
// glyph, the top cell the block of its height; an empty bucket is a dot on the
// bottom row, so every bucket can be counted.
func cell(bounds [4]int, r int) (rune, int) {
	lo := r * 8
	fill := min(bounds[3]-lo, 8)
	if bounds[3] == 0 && r == 0 {
		return '·', -1
	}
	if fill <= 0 {
		return ' ', -1
	}
	kind, most := 0, -1
	for i := range 3 {
		if o := min(bounds[i+1], lo+fill) - max(bounds[i], lo); o > most {
			kind, most = i, o
		}
	}
	if fill < 8 {
		return components.SparkLevel(fill), kind
	}
	return fullGlyph(kind), kind
}

// axisLabel is the count on the axis beside row r of rows (0 = bottom), the count
// its top edge stands for: the top, the middle, blank elsewhere (0 labels the axis).
func axisLabel(r, rows, top int) string {
	switch {
	case r == rows-1:
		return strconv.Itoa(top)
	case rows >= 4 && r == rows/2-1 && top >= 2:
		return strconv.Itoa((top*(r+1) + rows/2) / rows)
	}
	return ""
}

// tickLabel names a column's start under the axis: the time of day for minute and
// hour buckets, the date for day buckets.
func tickLabel(t time.Time, trunc string) string {
	if trunc == "day" {
		return t.Format("Jan 2")
	}
	return t.Format("15:04")
}

// ticks is the line under the axis: the start of the first column, the last one and
// a few between, each label at its column, none touching another.
func ticks(cols []column, g geometry, trunc string, w int) string {
	line := []rune(strings.Repeat(" ", w))
	put := func(i int) bool {
		l := []rune(tickLabel(cols[i].start, trunc))
		at := g.x(i)
		if at+len(l) > w {
			at = w - len(l)
		}
		if at < 0 {
			return false
		}
		for j := max(at-2, 0); j < min(at+len(l)+2, w); j++ {
			if line[j] != ' ' {
				return false
			}
		}
		copy(line[at:], l)
		return true
	}
	if len(cols) == 0 {
		return ""
	}
	put(len(cols) - 1)
	put(0)
	span := max(len(tickLabel(cols[0].start, trunc))+4, 1)
	every := max((span+g.colW+g.gap-1)/(g.colW+g.gap), 1)
	for i := every; i < len(cols)-1; i += every {
		put(i)
	}
	return strings.TrimRight(string(line), " ")
}

// rangeLabel names a column's time range: a bucket by its start ("Mon Nov 28",
// "Nov 30 08:00"), added-up buckets by their span ("Nov 28 – Nov 29",
// "Nov 30 08:00 – 10:00").
func rangeLabel(c column, trunc string) string {
	last := c.end.Add(-step(trunc))
	if trunc == "day" {
		if last.Equal(c.start) {
			return c.start.Format("Mon Jan 2")
		}
		return c.start.Format("Jan 2") + " – " + last.Format("Jan 2")
	}
	if last.Equal(c.start) {
		return c.start.Format("Jan 2 15:04")
	}
	to := c.end.Format("15:04")
	if c.end.YearDay() != c.start.YearDay() && !c.end.Equal(c.end.Truncate(24*time.Hour)) {
		to = c.end.Format("Jan 2 15:04")
	}
	return fmt.Sprintf("%s – %s", c.start.Format("Jan 2 15:04"), to)
}
