package components

import (
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestStackedBar(t *testing.T) {
	plain := lipgloss.NewStyle()
	parts := func(ns ...int) []Part {
		var out []Part
		for _, n := range ns {
			out = append(out, Part{N: n, Style: plain})
		}
		return out
	}
	for _, tt := range []struct {
		ns    []int
		width int
		want  string
	}{
		{[]int{44, 20, 16}, 20, "███████████▓▓▓▓▓▒▒▒▒"},
		{[]int{1, 0, 1000}, 10, "█▒▒▒▒▒▒▒▒▒"}, // a small part keeps a cell
		{[]int{0, 0}, 5, "·····"},
		{[]int{3, 3, 3, 3, 3}, 5, "█▓▒░█"}, // the fifth part starts the glyphs over
		{[]int{5, 5, 5}, 2, "█▓"},         // more parts than cells: the largest remainders
		{[]int{7}, 0, ""},
	} {
		got := StackedBar(parts(tt.ns...), tt.width)
		if got != tt.want {
			t.Errorf("StackedBar(%v, %d) = %q, want %q", tt.ns, tt.width, got, tt.want)
		}
		if w := ansi.StringWidth(got); w != tt.width {
			t.Errorf("StackedBar(%v, %d) is %d wide", tt.ns, tt.width, w)
		}
	}
}

func TestSizeBar(t *testing.T) {
	plain := lipgloss.NewStyle()
	for _, tt := range []struct {
		n, top, width int
		want          string
	}{
		{10, 10, 4, "████"},
		{5, 10, 4, "██··"},
		{1, 10, 4, "▍···"}, // 3.2 eighths
		{1, 1000, 4, "▏···"},
		{0, 10, 4, "····"},
		{3, 0, 3, "···"},
	} {
		if got := SizeBar(tt.n, tt.top, tt.width, plain, plain); got != tt.want {
			t.Errorf("SizeBar(%d, %d, %d) = %q, want %q", tt.n, tt.top, tt.width, got, tt.want)
		}
	}
}
