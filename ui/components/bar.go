package components

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Bars read without colour: a stacked bar gives each part its own glyph, and a size
// bar is drawn in eighths of a cell on a dotted track. Colour only adds to them.

// PartGlyphs are the glyphs of a stacked bar's parts, in order; a bar of more parts
// starts over.
var PartGlyphs = []string{"█", "▓", "▒", "░"}

// eighths are the left-aligned blocks of one to seven eighths of a cell.
var eighths = []string{"▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// Part is one part of a stacked bar: its count and style. Its glyph is its place's
// in PartGlyphs (PartGlyph).
type Part struct {
	N     int
	Style lipgloss.Style
}

// PartGlyph is the glyph of a stacked bar's i-th part, for its legend.
func PartGlyph(i int) string { return PartGlyphs[i%len(PartGlyphs)] }

// StackedBar draws parts side by side in width cells, each as wide as its share of
// the total and at least one cell when it is not zero (while there is room). An
// empty total draws the dotted track.
func StackedBar(parts []Part, width int) string {
	if width <= 0 {
		return ""
	}
	cells := shares(parts, width)
	if cells == nil {
		return strings.Repeat("·", width)
	}
	var b strings.Builder
	for i, p := range parts {
		if cells[i] > 0 {
			b.WriteString(p.Style.Render(strings.Repeat(PartGlyph(i), cells[i])))
		}
	}
	return b.String()
}

// shares splits width cells among parts by the largest remainder, then gives every
// non-zero part left without a cell one from the widest part, when width allows; nil
// when the parts add up to nothing.
func shares(parts []Part, width int) []int {
	total, nonZero := 0, 0
	for _, p := range parts {
		if p.N > 0 {
			total += p.N
			nonZero++
		}
	}
	if total == 0 {
		return nil
	}
	cells, rem := make([]int, len(parts)), make([]int, len(parts))
	given := 0
	for i, p := range parts {
		if p.N > 0 {
			cells[i], rem[i] = p.N*width/total, p.N*width%total
			given += cells[i]
		}
	}
	for ; given < width; given++ {
		best := -1
		for i := range parts {
			if parts[i].N > 0 && (best < 0 || rem[i] > rem[best]) {
				best = i
			}
		}
		cells[best]++
		rem[best] = -1
	}
	if nonZero > width {
		return cells
	}
	for i, p := range parts {
		if p.N > 0 && cells[i] == 0 {
			widest := 0
			for j := range cells {
				if cells[j] > cells[widest] {
					widest = j
				}
			}
			cells[widest]--
			cells[i] = 1
		}
	}
	return cells
}

// SizeBar draws n out of top as a bar of width cells, in eighths of a cell, the rest
// of the track dotted; a non-zero n shows at least an eighth.
func SizeBar(n, top, width int, style, track lipgloss.Style) string {
	if width <= 0 {
		return ""
	}
	e := 0
	if top > 0 && n > 0 {
		e = max(min(n*width*8/top, width*8), 1)
	}
	full, part := e/8, e%8
	bar := strings.Repeat("█", full)
	used := full
	if part > 0 {
		bar += eighths[part-1]
		used++
	}
	return style.Render(bar) + track.Render(strings.Repeat("·", width-used))
}
