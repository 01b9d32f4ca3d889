package components

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// barValues are the values the test bar edits.
type barValues struct {
	kinds  [2]bool
	tags   []string
	mode   string
	limit  string
	quiet  bool // "sound" is on while this is false
	until  string
	detail bool
}

// testBar is a bar over every kind of item, bound to v and open, at width w.
func testBar(t *testing.T, v *barValues, w int) *FilterBar[barValues] {
	t.Helper()
	type item = FilterItem[barValues]
	keys := FilterBarKeys{
		Next:   key.NewBinding(key.WithKeys("tab", "right"), key.WithHelp("tab", "next")),
		Prev:   key.NewBinding(key.WithKeys("shift+tab", "left"), key.WithHelp("shift+tab", "previous")),
		Toggle: key.NewBinding(key.WithKeys("space", "enter"), key.WithHelp("space", "toggle")),
		Leave:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "done")),
	}
	b := NewFilterBar(testCommon(t), keys, []string{"enter go"},
		item{Kind: FilterChoices, Group: "kinds", Fields: []string{"kinds"}, AllWhenNone: true,
			Bools:   func(v *barValues) []bool { return v.kinds[:] },
			Options: []FilterOption{{Label: "a", Help: "kind a"}, {Label: "b", Name: "kind b", Help: "kind b"}}},
		item{Kind: FilterTags, Group: "tags", Label: "tags", Fields: []string{"tags"}, Help: "chips",
			Tags: func(v *barValues) *[]string { return &v.tags }},
		item{Kind: FilterCycle, Group: "mode", Label: "mode", Fields: []string{"mode"}, Values: []string{"x", "y", "z"},
			ValueHelp: func(v string) string { return "mode " + v }, Text: func(v *barValues) *string { return &v.mode }},
		item{Kind: FilterText, Group: "limit", Label: "limit", Fields: []string{"limit"}, Default: "10", Hint: "10",
			Help: "how many", Text: func(v *barValues) *string { return &v.limit }},
		item{Kind: FilterToggle, Alone: true, Label: "sound", Fields: []string{"sound"}, Help: "noise", Invert: true,
			Bool: func(v *barValues) *bool { return &v.quiet }},
		item{Kind: FilterText, Label: "until", Prefix: "→ ", Fields: []string{"window.end", "window"}, Hint: "to",
			Help: "the end", Text: func(v *barValues) *string { return &v.until }},
		item{Kind: FilterToggle, Label: "detail", Fields: []string{"detail"}, Help: "more",
			Bool: func(v *barValues) *bool { return &v.detail }},
	)
	_ = b.Bind("", v)
	b.SetWidth(w)
	_ = b.Focus()
	return b
}

// pressBar gives the bar keys and returns the last event.
func pressBar(b *FilterBar[barValues], names ...string) FilterEvent {
	ev := FilterNothing
	for _, k := range names {
		_, ev = b.Update(uitest.Key(k))
	}
	return ev
}

// TestFilterBarKeys drives each kind of item: space toggles and cycles (a cycle back to
// the default is stored as unset), typing edits in place, the arrows leave a typed
// item only at its ends, enter submits, esc leaves.
func TestFilterBarKeys(t *testing.T) {
	var v barValues
	b := testBar(t, &v, 80)
	if b.Len() != 8 {
		t.Fatalf("%d items, want a choices item counted per option", b.Len())
	}
	if ev := pressBar(b, "space", "right", "space", "left", "space"); ev != FilterChanged || v.kinds != [2]bool{false, true} {
		t.Fatalf("kinds %v after a, b, a (event %d)", v.kinds, ev)
	}
	pressBar(b, "tab", "tab", "tab") // b, tags, mode
	for _, want := range []string{"y", "z", ""} {
		pressBar(b, "space")
		if v.mode != want {
			t.Fatalf("mode %q, want %q", v.mode, want)
		}
	}
	pressBar(b, "tab")
	if ev := pressBar(b, "4", "2"); ev != FilterChanged || v.limit != "42" {
		t.Fatalf("limit %q (event %d)", v.limit, ev)
	}
	if pressBar(b, "left"); b.Cursor() != 4 {
		t.Fatalf("left inside the text moved to item %d", b.Cursor())
	}
	if pressBar(b, "left", "left"); b.Cursor() != 3 {
		t.Fatalf("left at the start of the text: item %d, want the mode", b.Cursor())
	}
	pressBar(b, "tab", "end")
	if ev := pressBar(b, "enter"); ev != FilterSubmit {
		t.Errorf("enter on a typed item: event %d, want submit", ev)
	}
	pressBar(b, "tab")
	if pressBar(b, "space"); !v.quiet {
		t.Error("space did not turn the inverted toggle off")
	}
	if pressBar(b, "tab", "tab", "tab"); b.Cursor() != 0 {
		t.Errorf("tab past the last item went to %d, want the first", b.Cursor())
	}
	if ev := pressBar(b, "esc"); ev != FilterLeave {
		t.Errorf("esc: event %d", ev)
	}
	b.Blur()
	if cmd, ev := b.Update(uitest.Key("space")); cmd != nil || ev != FilterNothing || v.kinds != [2]bool{false, true} {
		t.Error("a closed bar took a key")
	}
}

// TestFilterBarLines draws the open bar: groups move to the next line whole, a toggle
// that is off keeps room for its mark (except at the start of a line), typed items
// show their default or hint, and under the items the focused one's problem, help and
// the keys.
func TestFilterBarLines(t *testing.T) {
	v := barValues{until: "2024-01-31"}
	b := testBar(t, &v, 40)
	b.SetErrors(map[string]string{"window": "ends before it starts"}, map[string]string{"mode": "not a mode"})
	got := uitest.Plain(strings.Join(b.Lines(20), "\n"))
	want := strings.Join([]string{
		"kinds  a  b (all)  tags none            ",
		"mode ✗x (default)  limit 10 (default)   ",
		"✓sound ✗→ 2024-01-31  detail            ",
		"a: kind a                               ",
		"tab move · space toggle · type to edit …",
	}, "\n")
	if got != want {
		t.Errorf("lines\n%s\nwant\n%s", got, want)
	}
	for _, l := range b.Lines(20) {
		uitest.CheckBox(t, l, 40, 1)
	}
	// On a typed item with a problem: the problem, then the help; a short bar keeps
	// the keys' line.
	pressBar(b, "shift+tab", "shift+tab")
	lines := b.Lines(20)
	if got := uitest.Plain(lines[len(lines)-3]); !strings.HasPrefix(got, "✗ until: ends before it starts") {
		t.Errorf("problem line %q", got)
	}
	short := b.Lines(4)
	if len(short) != 4 || !strings.HasPrefix(uitest.Plain(short[3]), "tab move") {
		t.Errorf("4 lines: %q", short)
	}
}

// TestFilterBarActions: every item has a palette entry; running one changes the value
// (or opens the item), and actions that are not the bar's are left alone.
func TestFilterBarActions(t *testing.T) {
	var v barValues
	b := testBar(t, &v, 80)
	b.Blur()
	var names []string
	run := map[string]common.ActionMsg{}
	for _, a := range b.Actions("Test") {
		names = append(names, a.Name)
		run[a.Name] = a.Msg.(common.ActionMsg)
	}
	want := []string{"Test: turn a on", "Test: turn kind b on", "Test: edit tags", "Test: mode y", "Test: mode z",
		"Test: edit limit", "Test: turn sound off", "Test: edit until", "Test: turn detail on"}
	if !slices.Equal(names, want) {
		t.Fatalf("actions %q\nwant %q", names, want)
	}
	if _, ev, ok := b.Act(run["Test: mode z"]); !ok || ev != FilterChanged || v.mode != "z" {
		t.Errorf("mode z: ok %v, event %d, mode %q", ok, ev, v.mode)
	}
	if _, ev, ok := b.Act(run["Test: turn kind b on"]); !ok || ev != FilterChanged || !v.kinds[1] {
		t.Errorf("kind b: ok %v, event %d, kinds %v", ok, ev, v.kinds)
	}
	if _, ev, ok := b.Act(run["Test: edit limit"]); !ok || ev != FilterOpen || b.Cursor() != 4 {
		t.Errorf("edit limit: ok %v, event %d, cursor %d", ok, ev, b.Cursor())
	}
	for _, kind := range []string{"search", "filter toggle 99", "filter set 3 w", "filter toggle 3"} {
		if _, _, ok := b.Act(common.ActionMsg{Kind: kind}); ok {
			t.Errorf("%q was taken as the bar's", kind)
		}
	}
}

// TestFilterBarProblemsAndServerErrors: problems are listed in bar order, the values'
// own first; a 422's locations land on the items that show them, the rest dropped.
func TestFilterBarProblemsAndServerErrors(t *testing.T) {
	var v barValues
	b := testBar(t, &v, 80)
	own := map[string]string{"window": "ends early", "limit": "not a number", "query": "type a word"}
	server := map[string]string{"limit": "too big", "kinds": "unknown kind"}
	if got := b.Problems(own, server); got != "limit: not a number; window: ends early; kinds: unknown kind" {
		t.Errorf("problems %q", got)
	}
	err := &client.APIError{StatusCode: 422, Fields: []client.FieldError{
		{Loc: []string{"body", "mode"}, Msg: "bad\x1b[31m mode"},
		{Loc: []string{"body", "mode"}, Msg: "second"},
		{Loc: []string{"body", "temporal_window", "end"}, Msg: "too late"},
		{Loc: []string{"body", "nowhere"}, Msg: "dropped"},
	}}
	key := func(loc string) string {
		if strings.HasPrefix(loc, "temporal_window.") {
			return "window." + strings.TrimPrefix(loc, "temporal_window.")
		}
		return loc
	}
	got := b.ServerErrors(err, key)
	if len(got) != 2 || got["window.end"] != "too late" || strings.ContainsRune(got["mode"], '\x1b') || !strings.HasPrefix(got["mode"], "bad") {
		t.Errorf("server errors %q", got)
	}
	if b.ServerErrors(errors.New("offline"), key) != nil {
		t.Error("an error without fields was filed")
	}
}

// TestFilterBarSyncLoadsTheBanksTags: binding another bank's values while the bar is
// open on the tags item returns the load of that bank's tags. Dropping it (as the
// reflect pane once did) left the input saying "loading tags…" for good.
func TestFilterBarSyncLoadsTheBanksTags(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	var alex, research barValues
	b := NewFilterBar(c, FilterBarKeys{}, nil, FilterItem[barValues]{Kind: FilterTags, Group: "tags", Label: "tags",
		Tags: func(v *barValues) *[]string { return &v.tags }})
	_ = b.Bind(uitest.DemoBank, &alex)
	deliverBar(t, b, b.Focus())
	if len(b.TagInput().Known()) == 0 {
		t.Fatal("the first bank's tags did not load")
	}
	research.tags = []string{"kept"}
	deliverBar(t, b, b.Bind("research-agent", &research))
	if b.TagInput().Loading() || len(b.TagInput().Known()) == 0 {
		t.Errorf("the second bank's tags: loading %v, known %d", b.TagInput().Loading(), len(b.TagInput().Known()))
	}
	if !slices.Equal(b.TagInput().Tags(), []string{"kept"}) {
		t.Errorf("chips %v, want the second bank's", b.TagInput().Tags())
	}
}

// deliverBar runs cmd and hands what it produces back to the bar.
func deliverBar(t *testing.T, b *FilterBar[barValues], cmd tea.Cmd) {
	t.Helper()
	for _, msg := range uitest.Run(t, cmd) {
		_, _ = b.Update(msg)
	}
}
