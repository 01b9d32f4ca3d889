package components

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

func testCommon() *common.Common {
	return &common.Common{Styles: styles.New(true), Keys: keymap.Default(),
		Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }, Timeout: time.Second}
}

func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "ctrl+s":
		return tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}

// run executes cmd synchronously, flattening batches and dropping spinner ticks.
func run(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch m := cmd().(type) {
	case nil, spinner.TickMsg:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			out = append(out, run(c)...)
		}
		return out
	default:
		return []tea.Msg{m}
	}
}

func typeInto(d common.Dialog, s string) {
	for _, r := range s {
		d.Update(press(string(r)))
	}
}

func TestTextHelpers(t *testing.T) {
	for _, tc := range []struct {
		name, got, want string
	}{
		{"fit pads", Fit("ab", 5), "ab   "},
		{"fit truncates", Fit("abcdef", 4), "abc…"},
		{"fit counts cells, not runes", Fit("長い言葉です", 7), "長い言…"},
		{"fit emoji", Fit("🧠🧠🧠", 5), "🧠🧠…"},
		{"fit zero", Fit("abc", 0), ""},
		{"spread", Spread("left", "9", 10), "left     9"},
		{"spread keeps the right side", Spread("a long name", "42", 8), "a lo… 42"},
		{"spread with no room", Spread("x", "toolong", 4), "too…"},
		{"truncate styled", ansi.Strip(Truncate("\x1b[1mbold text\x1b[0m", 6)), "bold …"},
		{"clip", Clip("a\nb\nc", 2), "a\nb"},
		{"clip short", Clip("a", 3), "a"},
		{"head cuts at a character", Head("ab長", 4), "ab"},
		{"head keeps short text", Head("abc", 4), "abc"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, tc.got, tc.want)
		}
		if strings.HasPrefix(tc.name, "fit") && ansi.StringWidth(tc.got) != ansi.StringWidth(tc.want) {
			t.Errorf("%s: width %d", tc.name, ansi.StringWidth(tc.got))
		}
	}
	lines := Wrap("one two three four five six seven", 9, 2)
	if len(lines) != 2 || lines[0] != "one two" || !strings.HasSuffix(lines[1], "…") || ansi.StringWidth(lines[1]) > 9 {
		t.Errorf("Wrap capped: %q", lines)
	}
	if got := Wrap("abcdefghijkl", 5, 0); len(got) != 3 || got[0] != "abcde" {
		t.Errorf("Wrap breaks long words: %q", got)
	}
}

func TestScale(t *testing.T) {
	c := testCommon()
	s := NewScaleField(c, "empathy", "detached", "empathetic", 0, "disposition_empathy")
	if s.Value() != 3 {
		t.Fatalf("an off-scale start should be the default 3, got %d", s.Value())
	}
	s.Update(press("right")) // not focused: ignored
	if s.Value() != 3 {
		t.Fatal("an unfocused scale moved")
	}
	s.Focus()
	for _, tc := range []struct {
		keys string
		want int
	}{{"-", 2}, {"-", 1}, {"-", 1}, {"+", 2}, {"+", 3}, {"+", 4}, {"+", 5}, {"+", 5}} {
		s.Update(press(tc.keys))
		if s.Value() != tc.want {
			t.Fatalf("after %q: %d, want %d", tc.keys, s.Value(), tc.want)
		}
	}
	s.Update(press("left"))
	if s.Value() != 4 {
		t.Fatalf("left: %d", s.Value())
	}
	if got := ansi.Strip(s.View(60)); !strings.HasPrefix(got, "› empathy ●●●●○ 4  detached … empathetic") {
		t.Errorf("view %q", got)
	}
	if got := ansi.Strip(ScaleLine(c.Styles, "empathy", 10, 4, "detached", "empathetic", 20)); got != "empathy    ●●●●○ 4  " {
		t.Errorf("narrow line drops the poles: %q", got)
	}
	if got := ansi.Strip(ScaleLine(c.Styles, "x", 1, 9, "", "", 10)); got != "x ●●●●● ? " {
		t.Errorf("off-scale value: %q", got)
	}
}

// newTestForm is a form with a name field, a heading and a scale, whose request is fn.
func newTestForm(fn Request) (*Form, *TextField, *ScaleField) {
	c := testCommon()
	name := NewTextField(c, "Name", "", "name")
	scale := NewScaleField(c, "skepticism", "trusting", "skeptical", 3, "disposition_skepticism")
	submit := func() (Request, error) {
		if strings.TrimSpace(name.Value()) == "" {
			return nil, Invalid{"name": "a name is required"}
		}
		return fn, nil
	}
	f := NewForm(c, "Test", "test op", "save", submit, name, NewHeading(c, "Disposition"), scale)
	f.SetSize(80, 30)
	return f, name, scale
}

func TestFormNavigationSkipsHeadings(t *testing.T) {
	f, _, scale := newTestForm(nil)
	for _, tc := range []struct {
		key  string
		want int
	}{{"tab", 2}, {"tab", 0}, {"shift+tab", 2}, {"shift+tab", 0}} {
		f.Update(press(tc.key))
		if f.Focused() != tc.want {
			t.Fatalf("%s: focus %d, want %d", tc.key, f.Focused(), tc.want)
		}
	}
	f.Update(press("tab"))
	f.Update(press("right"))
	if scale.Value() != 4 {
		t.Errorf("right on the scale: %d", scale.Value())
	}
	if h := strings.Join(f.Help(), " · "); !strings.Contains(h, "adjust") || !strings.Contains(h, "enter save") {
		t.Errorf("help %q", h)
	}
}

func TestFormErrors(t *testing.T) {
	apiErr := &client.APIError{StatusCode: 422, Detail: "x", Fields: []client.FieldError{
		{Loc: []string{"body", "disposition_skepticism"}, Msg: "Input should be less than or equal to 5"},
		{Loc: []string{"body", "colour"}, Msg: "unknown field"},
	}}
	for _, tc := range []struct {
		name     string
		typed    string
		err      error
		nameErr  string
		scaleErr string
		formErr  string
		focus    int
		logged   bool
	}{
		{name: "local validation", typed: "", nameErr: "a name is required", focus: 0},
		{name: "422 to fields", typed: "x", err: apiErr, scaleErr: "less than or equal to 5",
			formErr: "colour: unknown field", focus: 2, logged: true},
		{name: "request's own check", typed: "x", err: Invalid{"name": "taken"}, nameErr: "taken", focus: 0},
		{name: "server error", typed: "x", err: &client.APIError{StatusCode: 500, Detail: "boom"},
			formErr: "failed (HTTP 500): boom", focus: 0, logged: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, name, scale := newTestForm(func(context.Context) (tea.Cmd, error) { return nil, tc.err })
			typeInto(f, tc.typed)
			msgs := run(f.Submit())
			var logged bool
			for _, m := range msgs {
				_, cmd := f.Update(m)
				for _, out := range run(cmd) {
					if e, ok := out.(common.ErrorMsg); ok && e.Op == "test op" {
						logged = true
					}
				}
			}
			if f.Closed() || f.Busy() {
				t.Fatalf("closed=%v busy=%v", f.Closed(), f.Busy())
			}
			for _, chk := range []struct{ got, want, what string }{
				{name.Error(), tc.nameErr, "name"}, {scale.Error(), tc.scaleErr, "scale"}, {f.Err(), tc.formErr, "form"},
			} {
				if (chk.want == "") != (chk.got == "") || !strings.Contains(chk.got, chk.want) {
					t.Errorf("%s error %q, want %q", chk.what, chk.got, chk.want)
				}
			}
			if f.Focused() != tc.focus {
				t.Errorf("focus %d, want %d", f.Focused(), tc.focus)
			}
			if logged != tc.logged {
				t.Errorf("logged %v", logged)
			}
			if name.Value() != tc.typed {
				t.Errorf("typed text lost: %q", name.Value())
			}
			// Typing clears the field's error: it described the old text.
			if tc.nameErr != "" {
				f.Update(press("z"))
				if name.Error() != "" {
					t.Errorf("error kept after typing")
				}
			}
		})
	}
}

func TestFormSuccessAndRepeatDelivery(t *testing.T) {
	done := func() tea.Msg { return common.ToastMsg{Text: "saved"} }
	f, _, _ := newTestForm(func(context.Context) (tea.Cmd, error) { return done, nil })
	typeInto(f, "name")
	_, cmd := f.Update(press("ctrl+s"))
	answers := run(cmd)
	if len(answers) != 1 {
		t.Fatalf("answers %v", answers)
	}
	out := run(f.Relay(answers[0]))
	if len(out) != 2 || !f.Closed() {
		t.Fatalf("success: %v closed=%v", out, f.Closed())
	}
	// The root and the pane may both deliver the answer; the second does nothing.
	if cmd := f.Relay(answers[0]); cmd != nil {
		t.Errorf("second delivery: %v", run(cmd))
	}
	if _, cmd := f.Update(press("enter")); cmd != nil {
		t.Errorf("a closed form still acts")
	}
}

func TestFormPaste(t *testing.T) {
	f, name, _ := newTestForm(nil)
	f.Update(tea.PasteMsg{Content: "pasted\nname"})
	if name.Value() != "pasted name" {
		t.Errorf("paste: %q", name.Value())
	}
}

func TestConfirm(t *testing.T) {
	var ran int
	req := func(context.Context) (tea.Cmd, error) { ran++; return nil, nil }
	c := testCommon()
	d := NewConfirm(c, "Delete", "Delete it?", "my-bank", "delete bank", "delete", req)
	d.SetSize(60, 20)
	for _, typed := range []string{"", "my", "My-bank", "my-bank!"} {
		d.input.SetValue(typed)
		if _, cmd := d.Update(press("enter")); cmd != nil || d.Busy() {
			t.Fatalf("enter acted with %q typed", typed)
		}
	}
	if !strings.Contains(ansi.Strip(d.View()), "enter works once the text matches") {
		t.Errorf("view:\n%s", ansi.Strip(d.View()))
	}
	d.input.SetValue("my-bank")
	if !strings.Contains(ansi.Strip(d.View()), "enter to delete") {
		t.Errorf("ready view:\n%s", ansi.Strip(d.View()))
	}
	_, cmd := d.Update(press("enter"))
	if !d.Busy() {
		t.Fatal("enter with the id typed did nothing")
	}
	if _, again := d.Update(press("enter")); again != nil {
		t.Fatal("second enter submitted again")
	}
	for _, m := range run(cmd) {
		_, out := d.Update(m)
		if got := run(out); len(got) != 1 || got[0] != (common.CloseDialogMsg{}) {
			t.Errorf("success: %v", got)
		}
	}
	if ran != 1 || !d.Closed() {
		t.Errorf("ran %d, closed %v", ran, d.Closed())
	}

	// Without an expected text, enter confirms at once; a failure stays open and logs.
	failing := NewConfirm(c, "Go", "Sure?", "", "op", "go", func(context.Context) (tea.Cmd, error) {
		return nil, errors.New("nope")
	})
	_, cmd = failing.Update(press("enter"))
	var logged bool
	for _, m := range run(cmd) {
		_, out := failing.Update(m)
		for _, o := range run(out) {
			_, logged = o.(common.ErrorMsg)
		}
	}
	if !logged || failing.Closed() || failing.Err() != "nope" {
		t.Errorf("failure: logged=%v closed=%v err=%q", logged, failing.Closed(), failing.Err())
	}
}

func TestDialogsFitTheScreen(t *testing.T) {
	f, _, _ := newTestForm(nil)
	for _, sz := range [][2]int{{120, 40}, {60, 20}, {30, 8}, {10, 3}, {0, 0}} {
		f.SetSize(sz[0], sz[1])
		view := f.View()
		if sz[1] >= 5 {
			if h := strings.Count(view, "\n") + 1; h > sz[1] {
				t.Errorf("%v: %d lines", sz, h)
			}
		}
		w := 0
		for _, l := range strings.Split(view, "\n") {
			w = max(w, ansi.StringWidth(l))
		}
		if sz[0] >= 24 && w > sz[0] {
			t.Errorf("%v: %d wide", sz, w)
		}
	}
}
