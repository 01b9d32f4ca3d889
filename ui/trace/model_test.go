package trace

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"hindsight-tui/client"
	"hindsight-tui/styles"
	"hindsight-tui/ui/uitest"
)

// newViewer returns a viewer of raw at the given size.
func newViewer(t testing.TB, raw string, w, h int) *Model {
	t.Helper()
	m := New(uitest.NewCommon(t, nil))
	m.SetSize(w, h)
	m.SetTrace(json.RawMessage(raw))
	return m
}

// demoTrace is the trace the demo server returns for a recall in Alex's bank.
func demoTrace(t testing.TB) json.RawMessage {
	t.Helper()
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	ctx, cancel := c.Context(context.Background())
	defer cancel()
	resp, err := c.Client.Recall(ctx, uitest.DemoBank, client.RecallRequest{Query: "what coffee does Alex like", Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Trace) == 0 {
		t.Fatal("recall returned no trace")
	}
	return resp.Trace
}

// sendKeys gives the viewer each key in turn; it never returns commands.
func sendKeys(t testing.TB, m *Model, names ...string) {
	t.Helper()
	for _, k := range names {
		var cmd tea.Cmd
		m, cmd = m.Update(uitest.Key(k))
		if cmd != nil {
			t.Fatalf("key %q returned a command", k)
		}
	}
}

// drawn is the viewer's view, checked: drawing changed nothing (see uitest.View), and
// it is exactly w x h cells.
func drawn(t testing.TB, m *Model, w, h int) string {
	t.Helper()
	v := uitest.View(t, m)
	checkSize(t, v, w, h)
	return v
}

// checkSize fails unless v is exactly w x h cells, or nothing at all when either is 0.
func checkSize(t testing.TB, v string, w, h int) {
	t.Helper()
	if w > 0 && h > 0 {
		uitest.CheckBox(t, v, w, h)
	} else if v != "" {
		t.Fatalf("%dx%d: view %q, want nothing", w, h, v)
	}
}

// sectionKey is the key of the current section.
func sectionKey(m *Model) string {
	if s := m.current(); s != nil {
		return s.key
	}
	return ""
}

func TestSectionSwitching(t *testing.T) {
	m := newViewer(t, readFull(t), 118, 30)
	want := []string{"lane:semantic", "lane:bm25", "lane:graph", "lane:temporal", "fused", "reranked", "phases"}
	for i, k := range want {
		if got := sectionKey(m); got != k {
			t.Fatalf("step %d: section %s, want %s", i, got, k)
		}
		sendKeys(t, m, []string{"l", "right", "]"}[i%3])
	}
	if sectionKey(m) != "lane:semantic" {
		t.Errorf("past the last section: %s, want a wrap to the first", sectionKey(m))
	}
	sendKeys(t, m, "h")
	if sectionKey(m) != "phases" {
		t.Errorf("h from the first: %s", sectionKey(m))
	}
	sendKeys(t, m, "left", "[")
	if sectionKey(m) != "fused" {
		t.Errorf("left, [: %s", sectionKey(m))
	}
	// Each section keeps its own cursor.
	sendKeys(t, m, "j", "j", "l", "h")
	if id, _ := m.Selected(); id != "m-regulars" {
		t.Errorf("fused cursor after a round trip: %q", id)
	}
}

func TestCursorBoundsAndSelected(t *testing.T) {
	m := newViewer(t, readFull(t), 118, 30)
	// Semantic: a world group (3) then an experience group (2); headings are skipped.
	steps := []struct {
		key, want string
	}{
		{"k", "m-flatwhite"}, {"j", "m-lactose"}, {"j", "m-sushi"}, {"down", "m-reminder"},
		{"j", "m-booked"}, {"j", "m-booked"}, {"up", "m-reminder"}, {"g", "m-flatwhite"},
		{"G", "m-booked"}, {"home", "m-flatwhite"}, {"end", "m-booked"}, {"pgup", "m-flatwhite"}, {"pgdown", "m-booked"},
	}
	for _, s := range steps {
		sendKeys(t, m, s.key)
		if id, ok := m.Selected(); !ok || id != s.want {
			t.Fatalf("after %s: %q %v, want %s", s.key, id, ok, s.want)
		}
	}
	sendKeys(t, m, "l", "l", "l", "l", "l", "l") // phases: rows, but no memories
	if id, ok := m.Selected(); ok {
		t.Errorf("phases Selected %q", id)
	}
	sendKeys(t, m, "h", "G")
	if id, ok := m.Selected(); !ok || id != "m-reminder" {
		t.Errorf("reranked last: %q %v", id, ok)
	}
	// A row without node_id is shown but cannot be opened.
	m.SetTrace([]byte(`{"reranked":[{"text":"no id"}]}`))
	if id, ok := m.Selected(); ok {
		t.Errorf("row without id: Selected %q", id)
	}
}

func TestScrollingKeepsCursorVisible(t *testing.T) {
	m := newViewer(t, string(demoTrace(t)), 58, 12)
	top, _ := m.chrome()
	tbl := &m.current().tbl
	for i := range 60 {
		sendKeys(t, m, "j")
		line := tbl.selectable[tbl.cursor]
		if line < tbl.offset || line >= tbl.offset+tbl.visible || tbl.visible != 12-top {
			t.Fatalf("after %d j: cursor row %d outside [%d, %d)", i+1, line, tbl.offset, tbl.offset+tbl.visible)
		}
	}
	// Up from the bottom to the first row of the experience group (the demo has 40
	// world hits first): its heading comes into view above the cursor.
	sendKeys(t, m, "G")
	for tbl.cursor > 40 {
		sendKeys(t, m, "k")
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "▸ experience") {
		t.Errorf("the group heading above the cursor is not shown:\n%s", v)
	}
	// Shrinking the height keeps the cursor on screen.
	m.SetSize(58, 6)
	line := tbl.selectable[tbl.cursor]
	if line < tbl.offset || line >= tbl.offset+tbl.visible {
		t.Errorf("after a resize the cursor row %d is off screen (offset %d, %d rows)", line, tbl.offset, tbl.visible)
	}
}

func TestMouse(t *testing.T) {
	m := newViewer(t, readFull(t), 118, 30)
	bar := uitest.Plain(uitest.View(t, m))
	x := strings.Index(bar, "Reranked")
	if x < 0 {
		t.Fatal("no Reranked tab")
	}
	x = len([]rune(bar[:x])) // the bar is one line of single-width runes
	m.Update(uitest.Click(x+1, 0))
	if sectionKey(m) != "reranked" {
		t.Fatalf("click on the Reranked tab: %s", sectionKey(m))
	}
	top, _ := m.chrome()
	m.Update(uitest.Click(10, top+2))
	if id, _ := m.Selected(); id != "m-regulars" {
		t.Errorf("click on the third row: %q", id)
	}
	m.Update(uitest.Click(10, top+20))
	m.Update(tea.MouseClickMsg{X: 10, Y: top, Button: tea.MouseRight})
	if id, _ := m.Selected(); id != "m-regulars" {
		t.Errorf("clicks below the rows or with another button moved the cursor: %q", id)
	}
	m.Update(uitest.Wheel("right", 0, 0))
	if sectionKey(m) != "phases" {
		t.Errorf("wheel right: %s", sectionKey(m))
	}

	// The wheel scrolls without moving the cursor.
	d := newViewer(t, string(demoTrace(t)), 58, 12)
	tbl := &d.current().tbl
	d.Update(uitest.Wheel("down", 0, 0))
	d.Update(uitest.Wheel("down", 0, 0))
	if tbl.offset != 6 || tbl.cursor != 0 {
		t.Errorf("wheel down twice: offset %d cursor %d", tbl.offset, tbl.cursor)
	}
	d.Update(uitest.Wheel("up", 0, 0))
	if tbl.offset != 3 {
		t.Errorf("wheel up: offset %d", tbl.offset)
	}
	// A click on a group heading leaves the cursor where it was.
	d.Update(uitest.Wheel("up", 0, 0))
	top, _ = d.chrome()
	d.Update(uitest.Click(3, top))
	if tbl.cursor != 0 {
		t.Errorf("click on a heading: cursor %d", tbl.cursor)
	}
}

func TestNewTraceKeepsTheSection(t *testing.T) {
	m := newViewer(t, readFull(t), 118, 30)
	sendKeys(t, m, "h", "h", "j") // reranked
	m.SetTrace(demoTrace(t))
	if sectionKey(m) != "reranked" || m.current().tbl.cursor != 0 {
		t.Errorf("section %s cursor %d", sectionKey(m), m.current().tbl.cursor)
	}
	m.SetTrace([]byte(`[]`))
	m.SetTrace([]byte(`{"retrieval_results":[{"method_name":"vector","results":[]}]}`))
	if sectionKey(m) != "lane:semantic" {
		t.Errorf("after an unreadable trace: %s", sectionKey(m))
	}
}

func TestHelp(t *testing.T) {
	m := New(uitest.NewCommon(t, nil))
	for _, b := range m.ShortHelp() {
		if b.Enabled() {
			t.Errorf("%s enabled without a trace", b.Help().Key)
		}
	}
	m.SetTrace([]byte(readFull(t)))
	for _, group := range m.FullHelp() {
		for _, b := range group {
			if !b.Enabled() || len(b.Keys()) == 0 || b.Help().Desc == "" {
				t.Errorf("binding %+v", b.Help())
			}
		}
	}
	if !key.Matches(uitest.Key("]"), m.keys.Trace.NextSection) || !key.Matches(uitest.Key("["), m.keys.Trace.PrevSection) {
		t.Error("[ and ] do not switch sections")
	}
	// One row: moving is pointless, so the row keys leave the help; the pane's own
	// keymap is untouched.
	m.SetTrace([]byte(`{"reranked":[{"node_id":"a"}]}`))
	sendKeys(t, m, "h", "h")
	if m.keys.List.Down.Enabled() {
		t.Error("down enabled with one row")
	}
	if !m.c.Keys.List.Down.Enabled() {
		t.Error("the shared keymap was changed")
	}
}

// Spans stand in for Render on every frame; they must draw exactly what Render does.
func TestSpansMatchRender(t *testing.T) {
	const text = " 12 好きな店 🍣 text  "
	for _, dark := range []bool{true, false} {
		st := styles.New(dark)
		for i, s := range []lipgloss.Style{st.Muted, st.Subtle, st.Bold, st.Section, st.Accent, st.Success,
			st.Error, st.World, st.Experience, st.Observation, st.Selected} {
			var b strings.Builder
			spanOf(s).wrap(&b, text)
			if got, want := b.String(), s.Render(text); got != want {
				t.Errorf("style %d (dark %v): span %q, Render %q", i, dark, got, want)
			}
		}
	}
}

// A theme change restyles the same content.
func TestThemeChange(t *testing.T) {
	m := newViewer(t, readFull(t), 118, 30)
	dark := drawn(t, m, 118, 30)
	m.c.Styles = styles.New(false)
	m.SetStyles(m.c.Styles)
	light := drawn(t, m, 118, 30)
	if dark == light || uitest.Plain(dark) != uitest.Plain(light) {
		t.Error("the theme change did not restyle the same content")
	}
}
