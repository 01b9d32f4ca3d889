package components

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

func testCommon(t testing.TB) *common.Common { return uitest.NewCommon(t, nil) }

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
	c := testCommon(t)
	s := NewScaleField(c, "empathy", "detached", "empathetic", 0, "disposition_empathy")
	if s.Value() != 3 {
		t.Fatalf("an off-scale start should be the default 3, got %d", s.Value())
	}
	s.Update(uitest.Key("right")) // not focused: ignored
	if s.Value() != 3 {
		t.Fatal("an unfocused scale moved")
	}
	s.Focus()
	for _, tc := range []struct {
		keys string
		want int
	}{{"-", 2}, {"-", 1}, {"-", 1}, {"+", 2}, {"+", 3}, {"+", 4}, {"+", 5}, {"+", 5}} {
		s.Update(uitest.Key(tc.keys))
		if s.Value() != tc.want {
			t.Fatalf("after %q: %d, want %d", tc.keys, s.Value(), tc.want)
		}
	}
	s.Update(uitest.Key("left"))
	if s.Value() != 4 {
		t.Fatalf("left: %d", s.Value())
	}
	s.SetWidth(60)
	if got := ansi.Strip(s.View()); !strings.HasPrefix(got, "› empathy ●●●●○ 4  detached … empathetic") {
		t.Errorf("view %q", got)
	}
	if got := ansi.Strip(ScaleLine(c.Styles, "empathy", 10, 4, "detached", "empathetic", 20)); got != "empathy    ●●●●○ 4  " {
		t.Errorf("narrow line drops the poles: %q", got)
	}
	if got := ansi.Strip(ScaleLine(c.Styles, "x", 1, 9, "", "", 10)); got != "x ●●●●● ? " {
		t.Errorf("off-scale value: %q", got)
	}
}

// newTestForm is a form with a name field, a heading and a scale, whose request is fn,
// open in a host.
func newTestForm(t *testing.T, fn Request) (*uitest.Host, *Form, *TextField, *ScaleField) {
	c := testCommon(t)
	name := NewTextField(c, "Name", "", "name")
	scale := NewScaleField(c, "skepticism", "trusting", "skeptical", 3, "disposition_skepticism")
	submit := func() (Request, error) {
		if strings.TrimSpace(name.Value()) == "" {
			return nil, Invalid{"name": "a name is required"}
		}
		return fn, nil
	}
	f := NewForm(c, "Test", "test op", "save", submit, name, NewHeading(c, "Disposition"), scale)
	h := uitest.NewHost(t, c)
	h.Open(f)
	return h, f, name, scale
}

func TestFormNavigationSkipsHeadings(t *testing.T) {
	h, f, _, scale := newTestForm(t, nil)
	for _, tc := range []struct {
		key  string
		want int
	}{{"tab", 2}, {"tab", 0}, {"shift+tab", 2}, {"shift+tab", 0}} {
		h.Keys(tc.key)
		if f.Focused() != tc.want {
			t.Fatalf("%s: focus %d, want %d", tc.key, f.Focused(), tc.want)
		}
	}
	h.Keys("tab", "right")
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
			h, f, name, scale := newTestForm(t, func(context.Context) (tea.Cmd, error) { return nil, tc.err })
			h.Type(tc.typed)
			h.Keys("ctrl+s")
			logged := false
			for _, e := range h.Errors {
				logged = logged || e.Op == "test op"
			}
			if f.Closed() || f.Busy() || h.Front() != f {
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
				h.Keys("z")
				if name.Error() != "" {
					t.Errorf("error kept after typing")
				}
			}
		})
	}
}

// TestFormSuccessHandsTheResultToItsOwner: the request's result runs for whoever
// opened the form, as the form closes; a key after that reaches no form.
func TestFormSuccessHandsTheResultToItsOwner(t *testing.T) {
	done := common.Toast("saved")
	h, f, _, _ := newTestForm(t, func(context.Context) (tea.Cmd, error) { return done, nil })
	h.Type("name")
	h.Keys("ctrl+s")
	if !f.Closed() || h.Front() != nil {
		t.Fatalf("closed=%v front=%v", f.Closed(), h.Front())
	}
	if len(h.Toasts) != 1 || h.Toasts[0] != "saved" {
		t.Errorf("toasts %v", h.Toasts)
	}
	if _, cmd := f.Update(uitest.Key("enter")); cmd != nil {
		t.Errorf("a closed form still acts")
	}
}

func TestFormPaste(t *testing.T) {
	h, _, name, _ := newTestForm(t, nil)
	h.Paste("pasted\nname")
	if name.Value() != "pasted name" {
		t.Errorf("paste: %q", name.Value())
	}
}

func TestConfirm(t *testing.T) {
	var ran int
	req := func(context.Context) (tea.Cmd, error) { ran++; return common.Toast("deleted"), nil }
	c := testCommon(t)
	h := uitest.NewHost(t, c)
	d := NewConfirm(c, "Delete", "Delete it?", "my-bank", "delete bank", "delete", req)
	h.Open(d)
	for _, typed := range []string{"", "my", "My-bank", "my-bank!"} {
		d.input.SetValue(typed)
		h.Keys("enter")
		if d.Busy() || ran > 0 {
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
	h.Keys("enter")
	if ran != 1 || !d.Closed() || h.Front() != nil {
		t.Errorf("ran %d, closed %v", ran, d.Closed())
	}
	if len(h.Toasts) != 1 {
		t.Errorf("the result did not reach the owner: %v", h.Toasts)
	}

	// Without an expected text, enter confirms at once; a failure stays open and logs.
	failing := NewConfirm(c, "Go", "Sure?", "", "op", "go", func(context.Context) (tea.Cmd, error) {
		return nil, errors.New("nope")
	})
	h.Open(failing)
	h.Keys("enter")
	if len(h.Errors) != 1 || failing.Closed() || failing.Err() != "nope" {
		t.Errorf("failure: logged=%v closed=%v err=%q", h.Errors, failing.Closed(), failing.Err())
	}
}

func TestDialogsFitTheScreen(t *testing.T) {
	_, f, _, _ := newTestForm(t, nil)
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

// A form taller than the screen scrolls so the focused field shows, and says what is
// above and below it.
func TestFormScrollsToTheFocusedField(t *testing.T) {
	c := testCommon(t)
	var fields []Field
	for i := range 12 {
		fields = append(fields, NewTextField(c, fmt.Sprintf("Field %d", i), "", fmt.Sprintf("f%d", i)))
	}
	f := NewForm(c, "Tall", "tall op", "save", func() (Request, error) { return nil, nil }, fields...)
	h := uitest.NewHost(t, c)
	h.Open(f)
	f.SetSize(60, 20)
	if v := ansi.Strip(f.View()); !strings.Contains(v, "Field 0") || !strings.Contains(v, "lines below") || strings.Contains(v, "Field 11") {
		t.Fatalf("first field focused:\n%s", v)
	}
	for range 11 {
		h.Keys("tab")
	}
	v := ansi.Strip(f.View())
	if !strings.Contains(v, "Field 11") || !strings.Contains(v, "lines above") || strings.Contains(v, "Field 0\n") {
		t.Fatalf("last field focused:\n%s", v)
	}
	if n := strings.Count(v, "\n") + 1; n > 20 {
		t.Errorf("the form is %d lines high in 20", n)
	}
}
