package ui

import (
	"fmt"
	"strings"

	"hindsight-tui/ui/common"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// helpItem is one "key description" pair of the footer. Items that are not kept are
// dropped, last first, when the line is too narrow.
type helpItem struct {
	key, desc string
	keep      bool
}

// footerView is the short help on the left and the newest toast (or the error count)
// on the right. A toast gets two thirds of the line; one longer than that takes the
// whole line while it shows, so its end (often the key to press next) is not cut off;
// one longer than the line loses its middle, not its end (a file path's name, a key).
func (m Model) footerView() string {
	s := m.com.Styles
	w := m.lay.Width
	right, long := "", false
	if t, ok := m.currentToast(); ok {
		style, mark := s.ToastInfo, "✓ "
		if t.isErr {
			style, mark = s.ToastError, "✗ "
		}
		limit := w * 2 / 3
		if ansi.StringWidth(mark+t.text) > limit {
			limit, long = w-2, true
		}
		right = style.Render(cutMiddle(mark+t.text, limit))
	} else if n := m.errs.len(); n > 0 {
		right = s.Warning.Render(fmt.Sprintf("%d %s · ! log", n, common.Noun(n, "error", "errors")))
	}
	room := w - 2 - ansi.StringWidth(right) - 2 // margins and a gap before the toast
	if long || room <= 0 {
		return spread("", right+" ", w)
	}
	return spread(" "+m.fitHelp(m.helpItems(), room), right+" ", w)
}

// helpItems is the footer's help for whatever has input now: the front dialog, else
// the focused pane and the globals, else (before connecting) the connection keys.
func (m Model) helpItems() []helpItem {
	var items []helpItem
	if d := m.r.Front(); d != nil {
		help := d.Help()
		for i, h := range help {
			k, desc, _ := strings.Cut(h, " ")
			items = append(items, helpItem{key: k, desc: desc, keep: i == len(help)-1})
		}
		return items
	}
	g := m.navKeys()
	add := func(b key.Binding, keep bool) {
		if b.Enabled() {
			items = append(items, helpItem{key: b.Help().Key, desc: b.Help().Desc, keep: keep})
		}
	}
	if p := m.focused(); p != nil {
		for _, b := range p.ShortHelp() {
			add(b, false)
		}
		if p.Capturing() {
			return items // the globals are off while a field takes the keys
		}
		add(g.NextPane, false)
		add(g.Palette, true)
		add(g.Help, true)
		add(g.Quit, false)
		return items
	}
	if m.conn.phase == phaseConnecting {
		items = append(items, helpItem{key: "esc", desc: "cancel", keep: true})
	}
	add(g.Refresh, true)
	add(g.Profiles, false)
	add(g.ErrorLog, false)
	add(g.Help, true)
	add(g.Quit, true)
	return items
}

// fitHelp renders items on one line of at most width cells, dropping the last
// droppable item until it fits (and truncating if even the kept ones do not).
func (m Model) fitHelp(items []helpItem, width int) string {
	s := m.com.Styles
	sep := s.Subtle.Render(" · ")
	render := func(items []helpItem) string {
		parts := make([]string, len(items))
		for i, it := range items {
			parts[i] = s.HelpKey.Render(it.key) + " " + s.Footer.Render(it.desc)
		}
		return strings.Join(parts, sep)
	}
	line := render(items)
	for ansi.StringWidth(line) > width {
		drop := -1
		for i := len(items) - 1; i >= 0; i-- {
			if !items[i].keep {
				drop = i
				break
			}
		}
		if drop < 0 {
			break
		}
		items = append(items[:drop:drop], items[drop+1:]...)
		line = render(items)
	}
	return truncate(line, width)
}

// cutMiddle fits s in w columns by replacing its middle with an ellipsis, keeping its
// start and, in slightly more room, its end.
func cutMiddle(s string, w int) string {
	n := ansi.StringWidth(s)
	if n <= w {
		return s
	}
	if w < 8 {
		return truncate(s, w)
	}
	head := (w - 1) * 2 / 5
	tail := w - 1 - head
	// The cut lands between words where it can, and never beside an ellipsis the text
	// already had ("Narita o… …" reads as two cuts).
	left := strings.TrimRight(ansi.Truncate(s, head, ""), " …")
	right := strings.TrimLeft(ansi.TruncateLeft(s, n-tail, ""), " …")
	return left + "…" + right
}
