package components

import (
	"sort"
	"strings"
)

// wrapLine lays s out in rows of at most width cells, breaking after whitespace and
// inside a word only when the word alone is wider than a row. A row never starts with
// the space that ended the previous one's last word unless that word filled the whole
// row. A single cluster wider than the row (a wide character at width 1) gets a row
// of its own and is cut when drawn. keep lets it remember in cells how new clusters
// draw. It returns the drawing, the rows and whether the line is printable ASCII.
func wrapLine(s string, width int, cells cellCache, keep bool) (string, []wrapRow, bool) {
	w := wrapper{s: s, width: max(width, 1), plain: printableASCII(s), cells: cells, keep: keep,
		rows: make([]wrapRow, 0, 1+len(s)/max(width, 1))}
	w.run(0, 0, nil)
	if w.plain {
		return s, w.rows, true
	}
	return w.draw.String(), w.rows, false
}

// rewrap lays out a line whose text changed from old.text to s, where old.text[a:b]
// became s[a:a+n], reusing old's layout (at the same width) for what the change
// cannot have moved. The greedy wrap starts every row afresh, so it is restarted two
// rows before the change: the rows above were settled by clusters before it. It
// stops at the first row start past the change that is an old row start too: from
// there the text and so the rows are the old ones, shifted. A key on a long line
// then costs the rows it moves, not the line.
func rewrap(old edLine, s string, a, b, n, width int, cells cellCache) edLine {
	k := 0
	if a > 0 {
		before := clusterStart(old.text, old.rows[rowIndex(old.rows, a-1)].start, a)
		k = max(rowIndex(old.rows, before)-2, 0)
	}
	from, shift := old.rows[k], n-(b-a)
	w := wrapper{s: s, width: max(width, 1), plain: old.plain && printableASCII(s[a:a+n]),
		cells: cells, keep: true, rows: make([]wrapRow, k, len(old.rows)+2)}
	copy(w.rows, old.rows[:k])
	met := -1 // the old row the new layout meets again
	w.run(from.start, from.dstart, func(start int) bool {
		if start < a+n {
			return false
		}
		m := sort.Search(len(old.rows), func(i int) bool { return old.rows[i].start >= start-shift })
		if m < len(old.rows) && old.rows[m].start == start-shift {
			met = m
			return true
		}
		return false
	})
	ln := edLine{text: s, width: width, plain: w.plain, disp: s}
	if met < 0 {
		ln.rows = w.rows
		if !w.plain {
			ln.disp = old.disp[:from.dstart] + w.draw.String()
		}
		return ln
	}
	metD := w.rows[len(w.rows)-1].dstart // the scan may have drawn past it
	dshift := metD - old.rows[met].dstart
	w.rows = w.rows[:len(w.rows)-1]
	for _, r := range old.rows[met:] {
		w.rows = append(w.rows, wrapRow{start: r.start + shift, dstart: r.dstart + dshift, cells: r.cells})
	}
	ln.rows = w.rows
	if !w.plain {
		ln.disp = old.disp[:from.dstart] + w.draw.String()[:metD-from.dstart] + old.disp[old.rows[met].dstart:]
	}
	return ln
}

// wrapper is one run of the wrap: the text, the rows so far and, unless the text is
// printable ASCII (drawn as itself), its drawing.
type wrapper struct {
	s     string
	width int
	plain bool
	cells cellCache
	keep  bool
	rows  []wrapRow
	draw  strings.Builder
}

// run wraps s from row start i, whose drawing starts at offset d, to the end, or
// until stop (when not nil) accepts a new row start; that row is then the last of
// w.rows, without its width.
func (w *wrapper) run(i, d int, stop func(start int) bool) {
	s, width := w.s, w.width
	w.rows = append(w.rows, wrapRow{start: i, dstart: d})
	rowW, dlen := 0, d
	brk, brkD, brkW := -1, 0, 0 // after the row's last whitespace, where it may break
	for i < len(s) {
		next, g, cw := i+1, "", 1
		if !w.plain {
			next = clusterEnd(s, i)
			g, cw = w.cells.cell(s[i:next], w.keep)
		}
		if cur := &w.rows[len(w.rows)-1]; rowW+cw > width && i > cur.start {
			if brk > cur.start {
				cur.cells = brkW
				w.rows = append(w.rows, wrapRow{start: brk, dstart: brkD})
				rowW -= brkW
			} else {
				cur.cells = rowW
				w.rows = append(w.rows, wrapRow{start: i, dstart: dlen})
				rowW = 0
			}
			brk = -1
			if stop != nil && stop(w.rows[len(w.rows)-1].start) {
				return
			}
			continue // the cluster may still not fit after the word moved down
		}
		if w.plain {
			dlen++
		} else {
			w.draw.WriteString(g)
			dlen += len(g)
		}
		rowW += cw
		if isSpaceCluster(s[i:next]) {
			brk, brkD, brkW = next, dlen, rowW
		}
		i = next
	}
	w.rows[len(w.rows)-1].cells = rowW
}

// printableASCII reports whether every byte of s is printable ASCII: such a line is
// drawn as itself, one cell a byte, and wraps without cluster segmentation.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// cellCache remembers how non-ASCII clusters draw, so re-wrapping a line of CJK or
// emoji after every key does not sanitize and measure each cluster again. Its keys
// are copies, never slices of a line, which would keep the line's text alive.
type cellCache map[string]drawnCell

type drawnCell struct {
	disp  string
	cells int
}

// cellCacheMax bounds the cache; a text with more distinct clusters than this starts
// it over.
const cellCacheMax = 4096

// cell returns how cluster g draws and its width (see cellOf). keep stores a newly
// measured cluster: Update paths only, as View must not change the model.
func (c cellCache) cell(g string, keep bool) (string, int) {
	if len(g) == 1 && g[0] >= 0x20 && g[0] < 0x7f {
		return g, 1
	}
	if d, ok := c[g]; ok {
		return d.disp, d.cells
	}
	disp, w := cellOf(g)
	if keep && c != nil {
		if len(c) >= cellCacheMax {
			clear(c)
		}
		c[strings.Clone(g)] = drawnCell{disp, w}
	}
	return disp, w
}
