package components

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// refEditor is the editor's behaviour over a plain []rune with a rune cursor: slow and
// obviously right. The random test's alphabet has one rune per grapheme cluster, so
// runes and clusters count the same.
type refEditor struct {
	text       []rune
	cur        int
	undo, redo []refStep
	coalesce   bool
}

type refState struct {
	text string
	cur  int
}

// refStep is one undo step: the states before and after it.
type refStep struct{ before, after refState }

func (r *refEditor) state() refState { return refState{string(r.text), r.cur} }

func (r *refEditor) restore(s refState) { r.text, r.cur = []rune(s.text), s.cur }

// replay moves the last step of from onto to, restoring the state side picks from it:
// undo and redo are the same move between the two stacks.
func (r *refEditor) replay(from, to *[]refStep, side func(refStep) refState) {
	if len(*from) == 0 {
		return
	}
	s := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	r.restore(side(s))
	*to = append(*to, s)
}

// edit replaces text[from:to] with ins and records it; typed text may join the last
// step.
func (r *refEditor) edit(from, to int, ins string, typed bool) {
	if from == to && ins == "" {
		r.coalesce = false
		return
	}
	join := typed && r.coalesce
	var before refState
	if !join {
		before = r.state()
	}
	r.text = append(r.text[:from:from], append([]rune(ins), r.text[to:]...)...)
	r.cur = from + utf8.RuneCountInString(ins)
	if join {
		r.undo[len(r.undo)-1].after = r.state()
	} else {
		r.undo = append(r.undo, refStep{before, r.state()})
		r.redo = nil
	}
	last, _ := utf8.DecodeLastRuneInString(ins)
	r.coalesce = typed && !unicode.IsSpace(last) && !strings.Contains(ins, "\n")
}

func (r *refEditor) lineStart(i int) int {
	for i > 0 && r.text[i-1] != '\n' {
		i--
	}
	return i
}

func (r *refEditor) lineEnd(i int) int {
	for i < len(r.text) && r.text[i] != '\n' {
		i++
	}
	return i
}

func (r *refEditor) wordLeft(i int) int {
	for i > 0 && unicode.IsSpace(r.text[i-1]) {
		i--
	}
	for i > 0 && !unicode.IsSpace(r.text[i-1]) {
		i--
	}
	return i
}

func (r *refEditor) wordRight(i int) int {
	for i < len(r.text) && unicode.IsSpace(r.text[i]) {
		i++
	}
	for i < len(r.text) && !unicode.IsSpace(r.text[i]) {
		i++
	}
	return i
}

// position is the cursor as a line and column.
func (r *refEditor) position() (int, int) {
	line := 0
	for _, c := range r.text[:r.cur] {
		if c == '\n' {
			line++
		}
	}
	return line, r.cur - r.lineStart(r.cur)
}

// setPosition moves the cursor to line, col (when the editor moved it by rows, which
// this model does not lay out).
func (r *refEditor) setPosition(line, col int) {
	i := 0
	for ; line > 0; line-- {
		i = r.lineEnd(i) + 1
	}
	r.cur = i + col
}

// key applies one key and reports false for keys the model takes from the editor.
func (r *refEditor) key(k string) bool {
	n := len(r.text)
	switch k {
	case "left":
		r.cur = max(r.cur-1, 0)
	case "right":
		r.cur = min(r.cur+1, n)
	case "alt+left":
		r.cur = r.wordLeft(r.cur)
	case "alt+right":
		r.cur = r.wordRight(r.cur)
	case "home":
		r.cur = r.lineStart(r.cur)
	case "end":
		r.cur = r.lineEnd(r.cur)
	case "ctrl+home":
		r.cur = 0
	case "ctrl+end":
		r.cur = n
	case "enter":
		r.edit(r.cur, r.cur, "\n", false)
		return true
	case "backspace":
		r.edit(max(r.cur-1, 0), r.cur, "", false)
		return true
	case "delete":
		r.edit(r.cur, min(r.cur+1, n), "", false)
		return true
	case "ctrl+w":
		r.edit(r.wordLeft(r.cur), r.cur, "", false)
		return true
	case "alt+d":
		r.edit(r.cur, r.wordRight(r.cur), "", false)
		return true
	case "ctrl+k":
		end := r.lineEnd(r.cur)
		if end == r.cur {
			end = min(end+1, n)
		}
		r.edit(r.cur, end, "", false)
		return true
	case "ctrl+u":
		r.edit(r.lineStart(r.cur), r.cur, "", false)
		return true
	case "ctrl+z":
		r.replay(&r.undo, &r.redo, func(s refStep) refState { return s.before })
	case "ctrl+y":
		r.replay(&r.redo, &r.undo, func(s refStep) refState { return s.after })
	default:
		r.coalesce = false
		return false
	}
	r.coalesce = false
	return true
}

// editorAlphabet is what the random test types: ASCII, a two-byte letter, a wide
// character and an emoji, spaces and a tab; each rune its own cluster.
var editorAlphabet = []rune("abcdefghij  ,.é漢🙂\t")

var editorModelKeys = []string{
	"left", "right", "alt+left", "alt+right", "home", "end", "ctrl+home", "ctrl+end",
	"up", "down", "pgup", "pgdown",
	"enter", "backspace", "delete", "ctrl+w", "alt+d", "ctrl+k", "ctrl+u",
	"ctrl+z", "ctrl+y",
}

func randomText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		switch rng.Intn(12) {
		case 0:
			b.WriteString("\n")
		case 1:
			b.WriteString("\r\n")
		case 2:
			b.WriteString("\r")
		default:
			b.WriteRune(editorAlphabet[rng.Intn(len(editorAlphabet))])
		}
	}
	return b.String()
}

// Random edits give the editor and the plain model the same text and cursor.
func TestEditorMatchesAPlainModel(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewSource(seed))
		w, h := 4+rng.Intn(30), 1+rng.Intn(8)
		e := newTestEditor(w, h, "")
		e.hist.maxEdits = 1 << 30 // the model keeps everything
		ref := &refEditor{}
		var log []string
		for step := range 4000 {
			var did string
			switch p := rng.Intn(100); {
			case p < 45:
				r := editorAlphabet[rng.Intn(len(editorAlphabet))]
				did = "type " + string(r)
				e.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
				ref.edit(ref.cur, ref.cur, string(r), true)
			case p < 48:
				s := randomText(rng, rng.Intn(40))
				if rng.Intn(20) == 0 {
					s = randomText(rng, 400)
				}
				did = "paste " + s
				e.Update(tea.PasteMsg{Content: s})
				ref.edit(ref.cur, ref.cur, normalizeNewlines(s), false)
				ref.coalesce = false
			case p < 49:
				w, h = 1+rng.Intn(40), rng.Intn(10)
				did = "resize"
				e.SetSize(w, h)
				e.SetLineNumbers(rng.Intn(2) == 0)
			default:
				k := editorModelKeys[rng.Intn(len(editorModelKeys))]
				did = k
				e.Update(keyMsg(t, k))
				if !ref.key(k) {
					// A move by rows: take the editor's cursor, checking it is a place
					// in the text.
					line, col := e.CursorPosition()
					if line >= strings.Count(string(ref.text), "\n")+1 {
						t.Fatalf("seed %d step %d (%s): cursor line %d past the text", seed, step, k, line)
					}
					ref.setPosition(line, col)
				}
			}
			log = append(log, did)
			want := string(ref.text)
			if got := e.Value(); got != want {
				t.Fatalf("seed %d step %d (%q): text\n%q\nwant\n%q\nlast steps %q", seed, step, did, got, want, log[max(len(log)-8, 0):])
			}
			if l, c := e.CursorPosition(); true {
				if wl, wc := ref.position(); l != wl || c != wc {
					t.Fatalf("seed %d step %d (%q): cursor %d,%d, want %d,%d; last steps %q", seed, step, did, l, c, wl, wc, log[max(len(log)-8, 0):])
				}
			}
			if e.Len() != len(want) || e.LineCount() != strings.Count(want, "\n")+1 {
				t.Fatalf("seed %d step %d: Len %d LineCount %d", seed, step, e.Len(), e.LineCount())
			}
			if step%25 == 0 {
				checkView(t, e, w, h)
				checkLayouts(t, e)
			}
		}
	}
}

// FuzzEditor drives the editor with arbitrary keys, bytes and pastes, and checks
// that it never panics, keeps its cursor on a cluster boundary inside the text, keeps
// Len and LineCount true, and always draws exactly its size.
func FuzzEditor(f *testing.F) {
	f.Add([]byte("hello\x00world\x15\x16\x03"), uint8(10), uint8(3))
	f.Add([]byte("漢字\x01\x02e\xcc\x81\x10\x11\x12\x13"), uint8(3), uint8(2))
	f.Add([]byte("\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd\x0b\x0c\x0d\x0e\x0f"), uint8(1), uint8(1))
	f.Add([]byte("\x1b[31m\r\n\t\x14\x17\x18\x19"), uint8(40), uint8(5))
	keys := slices.Concat(editorModelKeys, []string{"alt+backspace", "alt+f", "alt+b", "ctrl+shift+z", "ctrl+a", "ctrl+e"})
	f.Fuzz(func(t *testing.T, data []byte, w, h uint8) {
		width, height := int(w%50), int(h%12)
		e := newTestEditor(width, height, "")
		e.SetLineNumbers(w%2 == 0)
		for i := 0; i < len(data); i++ {
			c := data[i]
			switch {
			case c < byte(len(keys)):
				e.Update(keyMsg(t, keys[c]))
			case c == 0x1f && i+1 < len(data): // paste the next bytes, raw
				n := min(int(data[i+1]%32), len(data)-i-2)
				e.Update(tea.PasteMsg{Content: string(data[i+2 : i+2+n])})
				i += 1 + n
			case c == 0x7f && i+1 < len(data): // resize
				e.SetSize(int(data[i+1]%20), int(data[i+1]/20%6))
				i++
			default: // type a rune, or the raw bytes up to the next key
				j := i + 1
				for j < len(data) && data[j] >= 0x20 && j-i < 4 {
					j++
				}
				e.Update(tea.KeyPressMsg{Code: 'x', Text: string(data[i:j])})
				i = j - 1
			}
			checkEditorInvariants(t, e)
		}
		checkView(t, e, e.width, e.height)
	})
}

func checkEditorInvariants(t *testing.T, e *Editor) {
	t.Helper()
	if e.cur.line < 0 || e.cur.line >= len(e.lines) {
		t.Fatalf("cursor line %d of %d", e.cur.line, len(e.lines))
	}
	s := e.lines[e.cur.line].text
	if e.cur.col < 0 || e.cur.col > len(s) || snapCluster(s, 0, e.cur.col) != e.cur.col {
		t.Fatalf("cursor at byte %d of %q", e.cur.col, s)
	}
	v := e.Value()
	if e.Len() != len(v) || e.LineCount() != strings.Count(v, "\n")+1 {
		t.Fatalf("Len %d LineCount %d for %q", e.Len(), e.LineCount(), v)
	}
	if e.top.line >= len(e.lines) {
		t.Fatalf("top %+v outside the text", e.top)
	}
	if top := e.peek(e.top.line); e.top.row > len(top.rows) || e.top.row == len(top.rows) && !e.cursorCell(e.top.line, &top) {
		t.Fatalf("top %+v outside the text", e.top)
	}
	if _, col := e.CursorPosition(); col > graphemeCount(s) {
		t.Fatalf("column %d past the line", col)
	}
	checkLayouts(t, e)
}

// checkLayouts fails unless every line's kept layout is what a fresh wrap gives: the
// incremental wrap after an edit must not drift.
func checkLayouts(t *testing.T, e *Editor) {
	t.Helper()
	for i, ln := range e.lines {
		if ln.rows == nil || ln.width != e.textW {
			continue
		}
		disp, rows, _ := wrapLine(ln.text, e.textW, nil, false)
		if ln.disp != disp || !slices.Equal(ln.rows, rows) {
			t.Fatalf("line %d %q at width %d: kept %q %v, fresh %q %v", i, ln.text, e.textW, ln.disp, ln.rows, disp, rows)
		}
	}
}
