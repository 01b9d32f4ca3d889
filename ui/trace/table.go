package trace

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/ui/components"
)

// tone is the semantic style of a piece of a line. Lines are stored as plain text plus
// tones, and tones become escape sequences only when visible rows are drawn, so a
// theme change needs no re-layout.
type tone uint8

const (
	toneNone tone = iota
	toneMuted
	toneSubtle
	toneBold
	toneSection
	toneAccent
	toneSuccess
	toneError
	toneWorld
	toneExperience
	toneObservation
	numTones
)

// cell is one formatted, sanitized table cell. short is a narrower form used when the
// table is tight ("obs" for "observation"); widths are display cells, measured once.
type cell struct {
	text, short       string
	width, shortWidth int
	tone              tone
}

func newCell(text string, t tone) cell {
	w := textWidth(text)
	return cell{text: text, short: text, width: w, shortWidth: w, tone: t}
}

func (c cell) withShort(short string) cell {
	c.short, c.shortWidth = short, textWidth(short)
	return c
}

// column describes one table column. drop orders columns for removal when the width
// is short (highest first; 0 is never dropped); the flex column takes what is left.
type column struct {
	title, short string
	right, flex  bool
	drop         int
	maxWidth     int // caps the natural width; 0 = no cap
	shortMax     int // caps it further once the table uses short forms
}

// row is a data row, or a group heading (group) that the cursor skips.
type row struct {
	cells  []cell
	nodeID string
	group  bool
}

// seg is a run of text in one tone; a laid-out line is a list of segs exactly as wide
// as the table.
type seg struct {
	text string
	tone tone
}

// table holds a section's rows, their layout for the current width, and the cursor.
type table struct {
	cols       []column
	rows       []row
	selectable []int // indexes of rows the cursor can be on
	empty      string
	minFlex    int // the flex column's readable width, if not the default

	natural, naturalShort []int // per column, over all rows and the title

	header []seg
	lines  [][]seg

	cursor  int // index into selectable
	offset  int // first row shown
	visible int // rows that fit
}

// finish records which rows are selectable and the columns' natural widths, once the
// rows are built.
func (t *table) finish() {
	t.natural = make([]int, len(t.cols))
	t.naturalShort = make([]int, len(t.cols))
	for i, c := range t.cols {
		t.natural[i] = ansi.StringWidth(c.title)
		t.naturalShort[i] = ansi.StringWidth(c.shortTitle())
	}
	for ri, r := range t.rows {
		if r.group {
			continue
		}
		t.selectable = append(t.selectable, ri)
		for i := range t.cols {
			if i < len(r.cells) {
				t.natural[i] = max(t.natural[i], r.cells[i].width)
				t.naturalShort[i] = max(t.naturalShort[i], r.cells[i].shortWidth)
			}
		}
	}
	for i, c := range t.cols {
		if c.maxWidth > 0 {
			t.natural[i] = min(t.natural[i], c.maxWidth)
			t.naturalShort[i] = min(t.naturalShort[i], c.maxWidth)
		}
		if c.shortMax > 0 {
			t.naturalShort[i] = min(t.naturalShort[i], c.shortMax)
		}
	}
}

func (c column) shortTitle() string {
	if c.short != "" {
		return c.short
	}
	return c.title
}

// layout fits the columns to width: it first switches to the short forms, then drops
// columns, until the flex column has a readable width; then it formats every row.
// It runs when the trace or the width changes, never per frame.
func (t *table) layout(width int) {
	t.header, t.lines = nil, nil
	if width <= 0 || len(t.cols) == 0 {
		return
	}
	widths, short := t.widths(width)
	t.header = t.line(width, func(lb *lineBuilder) {
		for i, c := range t.cols {
			if widths[i] < 0 {
				continue
			}
			title := c.title
			if short {
				title = c.shortTitle()
			}
			lb.sep()
			lb.add(pad(title, ansi.StringWidth(title), widths[i], c.right), widths[i], toneSection)
		}
	})
	t.lines = make([][]seg, len(t.rows))
	for ri, r := range t.rows {
		t.lines[ri] = t.line(width, func(lb *lineBuilder) {
			if r.group {
				for _, c := range r.cells {
					lb.sep()
					lb.add(c.text, c.width, c.tone)
				}
				return
			}
			for i, c := range t.cols {
				if widths[i] < 0 || i >= len(r.cells) {
					continue
				}
				v := r.cells[i]
				text, w := v.text, v.width
				if short {
					text, w = v.short, v.shortWidth
				}
				lb.sep()
				lb.add(pad(text, w, widths[i], c.right), widths[i], v.tone)
			}
		})
	}
}

// widths returns each column's width (-1 for a dropped column) and whether the short
// forms are in use.
func (t *table) widths(width int) ([]int, bool) {
	minFlex := min(30, width/2)
	if t.minFlex > 0 {
		minFlex = min(minFlex, t.minFlex)
	}
	dropped := make([]bool, len(t.cols))
	short := false
	for {
		nat := t.natural
		if short {
			nat = t.naturalShort
		}
		fixed, n := 0, 0
		for i, c := range t.cols {
			if !dropped[i] {
				n++
				if !c.flex {
					fixed += nat[i]
				}
			}
		}
		flex := width - fixed - max(n-1, 0)
		if flex >= minFlex || !t.shrink(&short, dropped) {
			out := make([]int, len(t.cols))
			for i, c := range t.cols {
				switch {
				case dropped[i]:
					out[i] = -1
				case c.flex:
					out[i] = max(flex, 0)
				default:
					out[i] = nat[i]
				}
			}
			return out, short
		}
	}
}

// shrink takes the next step to make room: short forms first, then the column with the
// highest drop order. It reports false when nothing is left to give.
func (t *table) shrink(short *bool, dropped []bool) bool {
	if !*short {
		*short = true
		return true
	}
	best := -1
	for i, c := range t.cols {
		if !dropped[i] && c.drop > 0 && (best < 0 || c.drop > t.cols[best].drop) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	dropped[best] = true
	return true
}

func (t *table) line(width int, fill func(*lineBuilder)) []seg {
	lb := &lineBuilder{left: width}
	fill(lb)
	return lb.done()
}

// pad fits text (w cells wide) into exactly n cells (none when n <= 0), truncating with an ellipsis or
// padding on the left (right-aligned) or the right.
func pad(text string, w, n int, right bool) string {
	if n <= 0 {
		return ""
	}
	if w > n {
		text, w = truncate(text, n)
	}
	if w == n {
		return text
	}
	if right {
		return strings.Repeat(" ", n-w) + text
	}
	return text + strings.Repeat(" ", n-w)
}

// lineBuilder collects segs up to a fixed width, cutting what overflows and padding
// what falls short, so every laid-out line is exactly as wide as the table.
type lineBuilder struct {
	segs    []seg
	left    int
	started bool
}

// sep puts the one-space column gap before every cell but the first.
func (lb *lineBuilder) sep() {
	if lb.started {
		lb.add(" ", 1, toneNone)
	}
	lb.started = true
}

// add appends text, which is w cells wide (the caller knows: it padded or measured it).
func (lb *lineBuilder) add(text string, w int, t tone) {
	if lb.left <= 0 || text == "" {
		return
	}
	if w > lb.left {
		text, w = truncate(text, lb.left)
	}
	lb.segs = append(lb.segs, seg{text: text, tone: t})
	lb.left -= w
}

func (lb *lineBuilder) done() []seg {
	if lb.left > 0 {
		lb.segs = append(lb.segs, seg{text: strings.Repeat(" ", lb.left)})
	}
	return lb.segs
}

// textWidth is ansi.StringWidth with a shortcut for printable ASCII (one cell a byte),
// which most trace text is: measuring every cell of a large trace adds up.
func textWidth(s string) int {
	if isPrintableASCII(s) {
		return len(s)
	}
	return ansi.StringWidth(s)
}

// truncate is components.Truncate with the same shortcut; it also returns the width of
// the result.
func truncate(s string, n int) (string, int) {
	if n <= 0 {
		return "", 0
	}
	if isPrintableASCII(s) {
		if len(s) <= n {
			return s, len(s)
		}
		return s[:n-1] + components.Ellipsis, n
	}
	s = components.Truncate(s, n)
	return s, ansi.StringWidth(s)
}

func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
