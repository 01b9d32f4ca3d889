package components

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/keymap"
)

func TestEditorWrap(t *testing.T) {
	for _, tc := range []struct {
		name  string
		text  string
		width int
		want  []string
	}{
		{"empty", "", 5, []string{""}},
		{"fits", "abc", 5, []string{"abc"}},
		{"at word boundaries", "one two three", 8, []string{"one two ", "three"}},
		{"a word keeps its space", "xx aaaa bbbb", 7, []string{"xx ", "aaaa ", "bbbb"}},
		{"exactly full", "abcde", 5, []string{"abcde"}},
		{"a word as wide as the row", "hello world", 5, []string{"hello", " ", "world"}},
		{"a long word breaks", "abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"a long word after a short one", "ab abcdefgh", 4, []string{"ab ", "abcd", "efgh"}},
		{"runs of spaces", "a  b", 2, []string{"a ", " b"}},
		{"CJK is two cells", "漢字漢字", 5, []string{"漢字", "漢字"}},
		{"CJK at an odd width", "漢字漢字", 3, []string{"漢", "字", "漢", "字"}},
		{"CJK after a space", "a 漢字", 3, []string{"a ", "漢", "字"}},
		// A skin tone is shown by name: terminals disagree on its width.
		{"emoji with a skin tone", "👍🏽👍🏽", 2, []string{"👍‹U+1F3FD›", "👍‹U+1F3FD›"}},
		// The joiners are shown, so each emoji takes its own two cells everywhere.
		{"a ZWJ family shows its joiners", "👨‍👩‍👧 x", 8, []string{"👨‹ZWJ›👩‹ZWJ›👧", " x"}},
		{"combining marks", "e\u0301e\u0301", 1, []string{"e\u0301", "e\u0301"}},
		{"wider than the row", "漢a", 1, []string{"漢", "a"}},
		{"a tab is four spaces", "a\tb", 10, []string{"a    b"}},
		{"escape shows, the rest is text", "a\x1b[31mb", 20, []string{"a␛[31mb"}},
		{"a carriage return shows", "ab\r", 10, []string{"ab␍"}},
		{"a bidi override shows", "a\u202eb", 10, []string{"a‹RLO›b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rowsOf(tc.text, tc.width); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			_, rows, _ := wrapLine(tc.text, tc.width, nil, false)
			for k, r := range rows {
				if r.cells > tc.width && r.cells != ansi.StringWidth(rowsOf(tc.text, tc.width)[k]) {
					t.Errorf("row %d: %d cells", k, r.cells)
				}
			}
		})
	}
}

func TestEditorWidthChange(t *testing.T) {
	text := "the quick brown fox jumps over the lazy dog and keeps running far away"
	e := newTestEditor(30, 6, text)
	e.SetCursor(0, 0)
	e.Blur()
	for _, w := range []int{30, 12, 7, 50} {
		e.SetSize(w, 6)
		want := rowsOf(text, w)
		got := strings.Split(ansi.Strip(e.View()), "\n")
		for i, row := range want {
			if i < len(got) && strings.TrimRight(got[i], " ") != strings.TrimRight(row, " ") {
				t.Errorf("width %d row %d: %q, want %q", w, i, got[i], row)
			}
		}
	}
}

// An edit rebuilds the layout of the lines it touches and no other.
func TestEditorEditKeepsOtherLayouts(t *testing.T) {
	e := newTestEditor(20, 5, "first line\nsecond line\nthird line")
	e.SetCursor(1, 6)
	first, third := &e.lines[0].rows[0], &e.lines[2].rows[0]
	typeInEditor(e, "x")
	if &e.lines[0].rows[0] != first || &e.lines[2].rows[0] != third {
		t.Error("typing on line 2 recomputed the layout of lines 1 and 3")
	}
	if e.lines[1].text != "secondx line" || e.lines[1].width != e.textW {
		t.Errorf("the edited line is %+v", e.lines[1])
	}
}

// Only what is on screen is laid out, however long the text.
func TestEditorLaysOutOnlyTheScreen(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		b.WriteString("line " + strconv.Itoa(i) + " of a long document\n")
	}
	e := newTestEditor(20, 8, b.String())
	pressKeys(t, e, "ctrl+home", "pgdown", "pgdown", "down")
	e.SetCursor(10000, 3)
	typeInEditor(e, "x")
	e.View()
	laidOut := 0
	for _, ln := range e.lines {
		if ln.rows != nil {
			laidOut++
		}
	}
	if laidOut > 6*8 {
		t.Errorf("%d lines laid out for an 8-row screen", laidOut)
	}
}

func TestEditorCursorMovement(t *testing.T) {
	const text = "alpha beta gamma\ndelta epsilon\n\nzeta"
	const visual = "aaaa bbbb cccc dddd" // at width 10: "aaaa bbbb " and "cccc dddd"
	var lines []string
	for i := range 20 {
		lines = append(lines, "l"+strconv.Itoa(i))
	}
	paged := strings.Join(lines, "\n")
	for _, tc := range []struct {
		name     string
		text     string
		w, h     int
		line, co int
		keys     []string
		wl, wc   int
	}{
		{"right", text, 40, 5, 0, 0, []string{"right"}, 0, 1},
		{"left at the start", text, 40, 5, 0, 0, []string{"left"}, 0, 0},
		{"right past a line end", text, 40, 5, 0, 16, []string{"right"}, 1, 0},
		{"left past a line start", text, 40, 5, 1, 0, []string{"ctrl+b"}, 0, 16},
		{"right at the end", text, 40, 5, 3, 4, []string{"ctrl+f"}, 3, 4},
		{"word forward", text, 40, 5, 0, 0, []string{"alt+right", "alt+right"}, 0, 10},
		{"word forward across a line", text, 40, 5, 0, 16, []string{"ctrl+right"}, 1, 5},
		{"word forward at the end", text, 40, 5, 3, 4, []string{"alt+f"}, 3, 4},
		{"word back inside a word", text, 40, 5, 0, 8, []string{"alt+left"}, 0, 6},
		{"word back across a line", text, 40, 5, 1, 0, []string{"ctrl+left"}, 0, 11},
		{"word back across an empty line", text, 40, 5, 3, 0, []string{"alt+b"}, 1, 6},
		{"home", text, 40, 5, 1, 5, []string{"home"}, 1, 0},
		{"end", text, 40, 5, 1, 5, []string{"end"}, 1, 13},
		{"ctrl+a and ctrl+e", text, 40, 5, 1, 5, []string{"ctrl+e", "ctrl+a"}, 1, 0},
		{"start of text", text, 40, 5, 3, 2, []string{"ctrl+home"}, 0, 0},
		{"end of text", text, 40, 5, 0, 2, []string{"ctrl+end"}, 3, 4},
		{"end of text, emacs", text, 40, 5, 0, 2, []string{"alt+>"}, 3, 4},
		{"down keeps the column", text, 40, 5, 0, 12, []string{"down"}, 1, 12},
		{"down through an empty line keeps the goal", text, 40, 5, 0, 12, []string{"down", "down", "down"}, 3, 4},
		{"and back up to it", text, 40, 5, 0, 12, []string{"down", "down", "down", "up", "up"}, 1, 12},
		{"a sideways move forgets the goal", text, 40, 5, 0, 12, []string{"down", "left", "up"}, 0, 11},
		{"up on the first row", text, 40, 5, 0, 7, []string{"up"}, 0, 0},
		{"down on the last row", text, 40, 5, 3, 1, []string{"down"}, 3, 4},
		{"down a wrapped row", visual, 10, 5, 0, 2, []string{"down"}, 0, 12},
		{"up a wrapped row", visual, 10, 5, 0, 12, []string{"ctrl+p"}, 0, 2},
		{"down onto a row's end stays on it", visual, 10, 5, 0, 12, []string{"up", "end", "home", "right", "ctrl+n"}, 0, 11},
		{"the row end belongs to the next row", visual, 10, 5, 0, 9, []string{"down"}, 0, 19},
		{"wide characters keep the display column", "ab漢字\n漢字ab", 40, 5, 0, 3, []string{"down"}, 1, 2},
		{"wide characters, halfway", "ab漢字\n漢字ab", 40, 5, 0, 2, []string{"down"}, 1, 1},
		{"wide characters, back up", "ab漢字\n漢字ab", 40, 5, 1, 1, []string{"up"}, 0, 2},
		{"page down", paged, 10, 5, 0, 0, []string{"pgdown"}, 5, 0},
		{"page down twice, up once", paged, 10, 5, 0, 1, []string{"pgdown", "pgdown", "pgup"}, 5, 1},
		{"page up from the first page", paged, 10, 5, 3, 1, []string{"pgup"}, 0, 0},
		{"page down from the last page", paged, 10, 5, 17, 1, []string{"pgdown"}, 19, 3},
		{"right over a cluster", "e\u0301👍🏽x", 10, 2, 0, 0, []string{"right", "right"}, 0, 2},
		{"left over a cluster", "e\u0301👍🏽x", 10, 2, 0, 3, []string{"left", "left"}, 0, 1},
		{"word motions see clusters", "x 👨‍👩‍👧a b", 10, 2, 0, 0, []string{"alt+right", "alt+right"}, 0, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEditor(tc.w, tc.h, tc.text)
			e.SetCursor(tc.line, tc.co)
			pressKeys(t, e, tc.keys...)
			if l, c := e.CursorPosition(); l != tc.wl || c != tc.wc {
				t.Errorf("cursor at %d,%d, want %d,%d", l, c, tc.wl, tc.wc)
			}
			if s := e.lines[e.cur.line].text; snapCluster(s, 0, e.cur.col) != e.cur.col {
				t.Errorf("the cursor is inside a cluster at byte %d of %q", e.cur.col, s)
			}
		})
	}
}

// Paging moves the view with the cursor, and the cursor never leaves the screen.
func TestEditorScrollFollowsTheCursor(t *testing.T) {
	var lines []string
	for i := range 30 {
		lines = append(lines, "l"+strconv.Itoa(i))
	}
	e := newTestEditor(10, 5, strings.Join(lines, "\n"))
	first := func() string { return strings.TrimSpace(strings.SplitN(ansi.Strip(e.View()), "\n", 2)[0]) }
	for _, tc := range []struct {
		keys  []string
		first string
	}{
		{nil, "l25"}, // SetValue leaves the cursor at the end, the last page showing
		{[]string{"ctrl+home"}, "l0"},
		{[]string{"pgdown"}, "l5"},
		{[]string{"down", "down", "down", "down", "down"}, "l6"},
		{[]string{"pgup"}, "l1"},
		{[]string{"ctrl+end"}, "l25"},
		{[]string{"pgdown"}, "l25"},
	} {
		pressKeys(t, e, tc.keys...)
		if got := first(); got != tc.first {
			t.Errorf("after %v the first row is %q, want %q", tc.keys, got, tc.first)
		}
	}
	// Deleting the text under the view pulls it back.
	pressKeys(t, e, "ctrl+end")
	for range 20 {
		pressKeys(t, e, "ctrl+u", "backspace")
	}
	if got := first(); got != "l5" {
		t.Errorf("after deleting the end, the first row is %q", got)
	}
	checkView(t, e, 10, 5)
}

func TestEditorDeletion(t *testing.T) {
	for _, tc := range []struct {
		name       string
		text       string
		line, col  int
		keys       []string
		want       string
		wl, wc     int
		notChanged bool
	}{
		{"backspace", "hello", 0, 5, []string{"backspace"}, "hell", 0, 4, false},
		{"backspace joins lines", "ab\ncd", 1, 0, []string{"backspace"}, "abcd", 0, 2, false},
		{"backspace at the start", "ab", 0, 0, []string{"ctrl+h"}, "ab", 0, 0, true},
		{"backspace takes a whole cluster", "a👍🏽b", 0, 2, []string{"backspace"}, "ab", 0, 1, false},
		{"delete", "abc", 0, 1, []string{"delete"}, "ac", 0, 1, false},
		{"delete joins lines", "ab\ncd", 0, 2, []string{"ctrl+d"}, "abcd", 0, 2, false},
		{"delete at the end", "ab", 0, 2, []string{"delete"}, "ab", 0, 2, true},
		{"delete takes a whole cluster", "ae\u0301b", 0, 1, []string{"delete"}, "ab", 0, 1, false},
		{"word back", "foo bar baz", 0, 11, []string{"ctrl+w"}, "foo bar ", 0, 8, false},
		{"word back over spaces", "foo bar ", 0, 8, []string{"alt+backspace"}, "foo ", 0, 4, false},
		{"word back across a line", "foo\n  bar", 1, 2, []string{"ctrl+w"}, "bar", 0, 0, false},
		{"word back at the start", "foo", 0, 0, []string{"ctrl+w"}, "foo", 0, 0, true},
		{"word forward", "foo bar", 0, 0, []string{"alt+d"}, " bar", 0, 0, false},
		{"word forward over spaces", "foo bar", 0, 3, []string{"alt+delete"}, "foo", 0, 3, false},
		{"to the line end", "hello world\nnext", 0, 5, []string{"ctrl+k"}, "hello\nnext", 0, 5, false},
		{"at the line end joins", "hello\nnext", 0, 5, []string{"ctrl+k"}, "hellonext", 0, 5, false},
		{"to the line end at the end", "hello", 0, 5, []string{"ctrl+k"}, "hello", 0, 5, true},
		{"to the line start", "hello world", 0, 6, []string{"ctrl+u"}, "world", 0, 0, false},
		{"to the line start, second line", "a\nhello world", 1, 6, []string{"ctrl+u"}, "a\nworld", 1, 0, false},
		{"to the line start at its start", "a\nb", 1, 0, []string{"ctrl+u"}, "a\nb", 1, 0, true},
		{"new line", "ab", 0, 1, []string{"enter"}, "a\nb", 1, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEditor(40, 5, tc.text)
			e.SetCursor(tc.line, tc.col)
			changed := false
			for _, k := range tc.keys {
				handled, ch := e.Update(keyMsg(t, k))
				if !handled {
					t.Errorf("%s was not handled", k)
				}
				changed = changed || ch
			}
			if e.Value() != tc.want {
				t.Errorf("text %q, want %q", e.Value(), tc.want)
			}
			if l, c := e.CursorPosition(); l != tc.wl || c != tc.wc {
				t.Errorf("cursor at %d,%d, want %d,%d", l, c, tc.wl, tc.wc)
			}
			if changed == tc.notChanged {
				t.Errorf("changed = %v", changed)
			}
			if e.Len() != len(e.Value()) || e.LineCount() != strings.Count(e.Value(), "\n")+1 {
				t.Errorf("Len %d, LineCount %d for %q", e.Len(), e.LineCount(), e.Value())
			}
		})
	}
}

// The host decides which key is a new line: the composer sends on enter.
func TestEditorNewlineKeyIsTheHosts(t *testing.T) {
	km := keymap.DefaultEditorKeyMap()
	km.InsertNewline.SetKeys("alt+enter", "ctrl+j")
	e := newTestEditor(20, 3, "ab")
	e.SetKeyMap(km)
	if handled, changed := e.Update(keyMsg(t, "enter")); handled || changed {
		t.Errorf("enter: handled %v, changed %v; the host sends on it", handled, changed)
	}
	pressKeys(t, e, "alt+enter", "c", "ctrl+j", "d")
	if e.Value() != "ab\nc\nd" {
		t.Errorf("text %q", e.Value())
	}
}

func TestEditorTypingAndFocus(t *testing.T) {
	e := newTestEditor(20, 3, "")
	e.Blur()
	if handled, _ := e.Update(keyMsg(t, "a")); handled || e.Value() != "" {
		t.Error("a blurred editor took a key")
	}
	if handled, _ := e.Update(tea.PasteMsg{Content: "x"}); handled || e.Value() != "" {
		t.Error("a blurred editor took a paste")
	}
	e.Focus()
	pressKeys(t, e, "h", "i", "space", "漢")
	if e.Value() != "hi 漢" || !e.Focused() {
		t.Errorf("typed %q", e.Value())
	}
	if handled, _ := e.Update(keyMsg(t, "esc")); handled {
		t.Error("esc is the host's")
	}
	if handled, _ := e.Update(keyMsg(t, "tab")); handled {
		t.Error("tab is the host's (focus)")
	}
	if handled, _ := e.Update(tea.WindowSizeMsg{Width: 1, Height: 1}); handled {
		t.Error("a size message is the host's to pass to SetSize")
	}
	if !e.Insert("\nmore") || e.Value() != "hi 漢\nmore" || e.LineCount() != 2 {
		t.Errorf("Insert: %q", e.Value())
	}
}

func TestEditorPaste(t *testing.T) {
	e := newTestEditor(20, 5, "ab")
	e.SetCursor(0, 1)
	if handled, changed := e.Update(tea.PasteMsg{Content: "1\r\n2\r3\n4"}); !handled || !changed {
		t.Fatal("the paste was not taken")
	}
	if e.Value() != "a1\n2\n3\n4b" || e.LineCount() != 4 {
		t.Errorf("text %q", e.Value())
	}
	if l, c := e.CursorPosition(); l != 3 || c != 1 {
		t.Errorf("cursor at %d,%d, want after the paste", l, c)
	}
	pressKeys(t, e, "ctrl+z")
	if e.Value() != "ab" {
		t.Errorf("one undo left %q", e.Value())
	}
	if _, changed := e.Update(tea.PasteMsg{}); changed {
		t.Error("an empty paste changed the text")
	}

	// A megabyte in one step.
	big := strings.Repeat("a pasted line of prose, long enough to wrap somewhere\r\n", 20000)
	e.SetValue("")
	e.Update(tea.PasteMsg{Content: big})
	if e.LineCount() != 20001 || e.Len() != len(big)-20000 || e.Value() != strings.ReplaceAll(big, "\r\n", "\n") {
		t.Errorf("big paste: %d lines, %d bytes", e.LineCount(), e.Len())
	}
	checkView(t, e, 20, 5)
	pressKeys(t, e, "ctrl+z")
	if e.Value() != "" {
		t.Error("the big paste was not one undo step")
	}
}
