package timeline

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// The chart reads without colour: its plain text has the block columns, the counts
// on the axis and the ▲ under the selected column, whose range the last line names.
func TestChartReadsWithoutColour(t *testing.T) {
	m, _ := uitest.Demo(t, New, uitest.Terminal(120, 40))
	busiest(t, m)
	v := view(t, m)
	lines := strings.Split(v, "\n")
	marker := -1
	for i, l := range lines {
		if strings.Contains(l, "▲") && !strings.HasPrefix(l, "▲") {
			marker = i
		}
	}
	if marker < 0 {
		t.Fatalf("no ▲ marker:\n%s", v)
	}
	g := layout(len(m.cols), m.cols[m.cursor].total(), m.width)
	col := []rune(lines[marker])
	at := g.x(m.cursor) + g.colW/2
	if len(col) <= at || col[at] != '▲' {
		t.Errorf("▲ at %d, want under column %d:\n%s", strings.IndexRune(lines[marker], '▲'), at, v)
	}
	// The selected column is the tallest: its glyph is in the top row.
	top := []rune(lines[marker-m.chartRows()-1])
	if top[g.x(m.cursor)] == ' ' {
		t.Errorf("the busiest column does not reach the top row:\n%s", v)
	}
	want := "▲ " + rangeLabel(m.cols[m.cursor], "day") + ": "
	if !strings.Contains(v, want) || !strings.Contains(v, "busiest") || !strings.Contains(v, "0└") {
		t.Errorf("want %q, the busiest bucket and the 0 axis:\n%s", want, v)
	}
}

// [ ] and f change the period and field the series is asked for, and the header says
// which; unknown answers show the period the server used.
func TestPeriodAndField(t *testing.T) {
	var rec uitest.Recorder
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	h.Keys("]")
	h.Keys("f")
	h.Keys("[", "[", "[", "[")
	reqs := rec.Matching("GET", "/stats/memories-timeseries")
	var got []string
	for _, r := range reqs {
		q, _ := url.ParseQuery(r.Query)
		got = append(got, q.Get("period")+"/"+q.Get("time_field"))
	}
	want := "7d/created_at 30d/created_at 30d/mentioned_at 7d/mentioned_at 1d/mentioned_at 12h/mentioned_at 1h/mentioned_at"
	if strings.Join(got, " ") != want {
		t.Errorf("requests %v, want %s", got, want)
	}
	if v := view(t, m); !strings.Contains(v, "Timeline · 1h · by mentioned_at") || len(m.series.Buckets) != 60 {
		t.Errorf("header or buckets (%d):\n%s", len(m.series.Buckets), v)
	}
	h.Keys("[")
	if m.period != client.Period90d {
		t.Errorf("[ from 1h wraps to %s", m.period)
	}
}

// A period with more buckets than the pane has columns adds adjacent buckets up, and
// the header says so.
func TestGroupsBucketsToFit(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Terminal(60, 20))
	h.Keys("[")
	h.Keys("[")
	h.Keys("[") // 1h: 60 minute buckets
	if m.period != client.Period1h || m.per < 2 || len(m.cols)*m.per < 60 {
		t.Fatalf("1h in %d columns: %d columns of %d", m.width, len(m.cols), m.per)
	}
	if v := view(t, m); !strings.Contains(v, "minutes a column") {
		t.Errorf("no grouping note:\n%s", v)
	}
	last := m.series.Buckets[len(m.series.Buckets)-1].Time.UTC()
	if c := m.cols[len(m.cols)-1]; !c.contains(last) {
		t.Errorf("the last column %v–%v misses the current bucket %v", c.start, c.end, last)
	}
	sum := 0
	for _, c := range m.cols {
		sum += c.total()
	}
	if sum != m.seriesTop() {
		t.Errorf("columns hold %d memories, the series %d", sum, m.seriesTop())
	}
}

// r and a period change keep the selected bucket by its time, not its position.
func TestReloadKeepsBucketByTime(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cursor = 2
	day := m.cols[2].start
	h.Keys("]") // 30d: the same day is another column
	if c := m.selected(); c == nil || !c.contains(day) || m.cursor == 2 {
		t.Fatalf("after 30d the cursor is on %d (%+v), want the column of %v", m.cursor, c, day)
	}
	h.Keys("r")
	if c := m.selected(); c == nil || !c.contains(day) {
		t.Errorf("r moved the cursor to %+v", c)
	}
}

// An answer to a request the user has moved on from is dropped.
func TestStaleAnswerDropped(t *testing.T) {
	m, h := uitest.Demo(t, New)
	before := m.series
	h.Send(seriesMsg{seq: m.seq - 1, bank: m.bank, series: &client.MemoriesTimeseries{Period: "1h"}})
	h.Send(seriesMsg{seq: m.seq, bank: "other", series: &client.MemoriesTimeseries{Period: "1h"}})
	if m.series != before {
		t.Errorf("a stale answer replaced the series: %+v", m.series)
	}
	m.list = list{open: true, seq: 5}
	h.Send(rowsMsg{seq: 4, bank: m.bank, graph: &client.MemoryGraph{TotalUnits: 9}})
	if m.list.total != 0 {
		t.Errorf("a stale list answer was taken")
	}
}

// esc while the series loads cancels it: the spinner stops and its answer is dropped.
func TestEscCancels(t *testing.T) {
	m, h := uitest.Demo(t, New)
	cmd := m.reload()
	if !m.loading {
		t.Fatal("not loading")
	}
	h.Keys("esc")
	if m.loading {
		t.Fatal("esc left it loading")
	}
	h.Do(cmd)
	if m.loading || m.err != nil {
		t.Errorf("the cancelled answer was taken: %v", m.err)
	}
}

// enter lists the memories retained in the selected bucket, oldest first, each
// inside its range; enter on one opens the memory inspector; esc goes back.
func TestBucketMemoriesAndInspector(t *testing.T) {
	m, h := uitest.Demo(t, New)
	busiest(t, m)
	c := m.cols[m.cursor]
	h.Keys("enter")
	if !m.list.open || len(m.list.rows) != c.total() {
		t.Fatalf("listed %d memories, the bucket has %d", len(m.list.rows), c.total())
	}
	for i, at := range m.list.times {
		if !c.contains(at) || (i > 0 && at.Before(m.list.times[i-1])) {
			t.Errorf("row %d at %v, bucket %v–%v", i, at, c.start, c.end)
		}
	}
	v := view(t, m)
	if !strings.Contains(v, "Retained "+rangeLabel(c, "day")) || !strings.Contains(v, "▸ ") ||
		strings.Contains(v, "truncated") {
		t.Errorf("list view:\n%s", v)
	}
	h.Keys("j", "enter")
	d, ok := h.Front().(*components.MemoryDialog)
	if !ok || d.Memory() == nil || d.Memory().ID != m.list.rows[1].ID {
		t.Fatalf("front dialog %T, want the inspector on %s", h.Front(), m.list.rows[1].ID)
	}
	h.Keys("esc") // closes the inspector
	h.Keys("esc")
	if m.list.open {
		t.Error("esc did not go back to the chart")
	}
}

// A bank with more memories than the list searches says the list may be incomplete.
func TestListSaysTruncated(t *testing.T) {
	m, h := uitest.Demo(t, New)
	busiest(t, m)
	h.Keys("enter")
	m.list.total = m.list.scanned + 500
	if v := view(t, m); !strings.Contains(v, "truncated: searched the newest") {
		t.Errorf("no truncation note:\n%s", v)
	}
}

// Server text is sanitized in the list: a control sequence shows as ␛, never raw.
func TestListSanitizes(t *testing.T) {
	m, h := uitest.Demo(t, New)
	if _, err := h.C.Client.Retain(t.Context(), m.bank, client.RetainRequest{Items: []client.MemoryItem{
		{Content: "Alex paints \x1b[31mred\x1b[0m walls on weekends."}}}); err != nil {
		t.Fatal(err)
	}
	h.Keys("r", "G", "enter")
	raw := uitest.View(t, m)
	if !strings.Contains(view(t, m), "␛[31mred") || strings.Contains(raw, "\x1b[31mred") {
		t.Errorf("unsanitized list:\n%s", view(t, m))
	}
}

// A bank switch starts afresh on the new bank, newest bucket selected.
func TestBankSwitch(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cursor = 0
	h.SelectBank("team-platform")
	if m.series == nil || m.series.BankID != "team-platform" || m.cursor != len(m.cols)-1 {
		t.Errorf("after the switch: %+v cursor %d", m.series, m.cursor)
	}
}

// rowTime falls back to created_at per row, as the series does.
func TestRowTimeFallsBack(t *testing.T) {
	created := time.Date(2026, 11, 20, 1, 0, 0, 0, time.UTC)
	said := time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC)
	r := client.GraphRow{CreatedAt: client.Time{Time: created}, MentionedAt: client.Time{Time: said}}
	if !rowTime(r, client.TimeFieldMentionedAt).Equal(said) || !rowTime(r, client.TimeFieldOccurredStart).Equal(created) ||
		!rowTime(r, client.TimeFieldCreatedAt).Equal(created) {
		t.Error("rowTime")
	}
}

// Palette actions do what their keys do.
func TestActions(t *testing.T) {
	m, h := uitest.Demo(t, New)
	if len(m.Actions()) != 3 {
		t.Fatalf("actions %+v", m.Actions())
	}
	h.Deliver(common.ActionMsg{Kind: actField})
	if m.field != client.TimeFieldMentionedAt || m.series.TimeField != client.TimeFieldMentionedAt {
		t.Errorf("field %s / %s", m.field, m.series.TimeField)
	}
}

// On the current bucket, a period change stays on the current bucket.
func TestNewestStaysNewest(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("[") // 1d: the day's start is an hour bucket 9 hours back
	if m.cursor != len(m.cols)-1 {
		t.Errorf("cursor %d of %d", m.cursor, len(m.cols))
	}
}

// enter on an empty bucket lists nothing: there is nothing to list.
func TestEmptyBucketDoesNotOpen(t *testing.T) {
	m, h := uitest.Demo(t, New)
	for i, c := range m.cols {
		if c.total() == 0 {
			m.cursor = i
			break
		}
	}
	if m.cols[m.cursor].total() != 0 {
		t.Skip("no empty bucket in the demo week")
	}
	h.Keys("enter")
	if m.list.open {
		t.Error("an empty bucket opened a list")
	}
}

// A narrower pane adds more buckets up per column and keeps the selected bucket.
func TestResizeRegroups(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("]", "]") // 90d
	busiest(t, m)
	at, per := m.cols[m.cursor].start, m.per
	m.SetSize(30, 20)
	if m.per <= per || len(m.cols) > maxColumns(m.seriesTop(), 30) {
		t.Fatalf("at 30 columns: %d columns of %d (was %d)", len(m.cols), m.per, per)
	}
	if !m.cols[m.cursor].contains(at) {
		t.Errorf("the selection moved off %v", at)
	}
	uitest.CheckBox(t, uitest.View(t, m), 30, 20)
}
