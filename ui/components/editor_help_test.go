package components

import (
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/keymap"
	"hindsight-tui/styles"
)

// editorKeyNames maps the names of special keys to their codes.
var editorKeyNames = map[string]rune{
	"left": tea.KeyLeft, "right": tea.KeyRight, "up": tea.KeyUp, "down": tea.KeyDown,
	"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "enter": tea.KeyEnter,
	"tab": tea.KeyTab, "esc": tea.KeyEscape, "space": ' ',
}

// keyMsg builds the key press a terminal sends for name ("ctrl+w", "alt+left", "x").
// It fails the test when the message would not print back as name, so a table
// cannot test a key the editor never receives.
func keyMsg(t testing.TB, name string) tea.KeyPressMsg {
	t.Helper()
	var k tea.KeyPressMsg
	rest := name
	for {
		switch {
		case strings.HasPrefix(rest, "ctrl+") && len(rest) > 5:
			k.Mod |= tea.ModCtrl
			rest = rest[5:]
			continue
		case strings.HasPrefix(rest, "alt+") && len(rest) > 4:
			k.Mod |= tea.ModAlt
			rest = rest[4:]
			continue
		case strings.HasPrefix(rest, "shift+") && len(rest) > 6:
			k.Mod |= tea.ModShift
			rest = rest[6:]
			continue
		}
		break
	}
	if code, ok := editorKeyNames[rest]; ok {
		k.Code = code
		if rest == "space" && k.Mod == 0 {
			k.Text = " "
		}
	} else {
		r, n := utf8.DecodeRuneInString(rest)
		if n != len(rest) {
			t.Fatalf("key %q: not a key name", name)
		}
		k.Code = r
		if k.Mod == 0 {
			k.Text = rest
		}
	}
	if k.String() != name {
		t.Fatalf("key %q prints as %q", name, k.String())
	}
	return k
}

// newTestEditor returns a focused editor of w x h holding text, the cursor at the end.
func newTestEditor(w, h int, text string) *Editor {
	e := NewEditor(styles.New(true), keymap.DefaultEditorKeyMap())
	e.SetSize(w, h)
	e.SetValue(text)
	e.Focus()
	return e
}

// pressKeys sends the named keys one by one.
func pressKeys(t testing.TB, e *Editor, names ...string) {
	t.Helper()
	for _, n := range names {
		e.Update(keyMsg(t, n))
	}
}

// typeInEditor types s one character at a time (spaces as the space key).
func typeInEditor(e *Editor, s string) {
	for _, r := range s {
		e.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// rowsOf returns how a line wraps at width: each row's drawing.
func rowsOf(s string, width int) []string {
	ln := edLine{text: s}
	ln.disp, ln.rows, ln.plain = wrapLine(s, width, nil, false)
	out := make([]string, len(ln.rows))
	for k := range ln.rows {
		out[k] = rowDisp(&ln, k)
	}
	return out
}

// checkView fails unless the view is exactly h lines of exactly w cells and every
// escape sequence in it is one of the editor's own styles: nothing from the text
// reaches the terminal as a control character.
func checkView(t testing.TB, e *Editor, w, h int) {
	t.Helper()
	v := e.View()
	if h == 0 {
		if v != "" {
			t.Fatalf("%dx%d: a zero-height view is %q", w, h, v)
		}
		return
	}
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Fatalf("%dx%d: %d lines: %q", w, h, len(lines), v)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("%dx%d: line %d is %d cells: %q", w, h, i, got, l)
		}
	}
	st := e.st
	for _, g := range []sgr{st.text, st.cursor, st.number, st.numberCursor, st.placeholder} {
		v = strings.ReplaceAll(strings.ReplaceAll(v, g.open, ""), g.close, "")
	}
	if i := strings.IndexFunc(v, func(r rune) bool {
		return r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0)
	}); i >= 0 {
		t.Fatalf("%dx%d: the view draws a control character at %d: %q", w, h, i, v)
	}
}
