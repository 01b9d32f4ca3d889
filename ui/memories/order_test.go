package memories

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/ui/uitest"
)

// TestDatesAreTheOrder: the server lists memories newest mentioned first, so the date
// column is the mention date, its title says so and carries the ↓, the title line
// says the order, and the dates shown never go up from one row to the next (the event
// date they showed before did, and looked unsorted).
func TestDatesAreTheOrder(t *testing.T) {
	m, _ := uitest.Demo(t, New, uitest.Terminal(120, 40))
	lines := strings.Split(ansi.Strip(uitest.View(t, m)), "\n")
	if !strings.Contains(lines[0], "newest mentioned first") {
		t.Errorf("title line does not say the order: %q", lines[0])
	}
	if !strings.Contains(lines[1], "MENTIONED↓") || strings.Contains(lines[1], "DATE") {
		t.Errorf("column titles: %q", lines[1])
	}
	prev, rows := "", 0
	loc := m.c.Now().Location()
	for i := 0; i < m.rowsHeight() && i < m.win.total; i++ {
		mem := m.win.item(i)
		if mem == nil {
			t.Fatalf("row %d is not loaded", i)
		}
		want := ""
		if !mem.MentionedAt.IsZero() {
			want = mem.MentionedAt.In(loc).Format("2006-01-02")
		}
		line := lines[headLines+i]
		if want != "" && !strings.Contains(line, " "+want+" ") {
			t.Errorf("row %d shows %q, not its mention date %s", i, line, want)
		}
		if want != "" && prev != "" && want > prev {
			t.Errorf("row %d: mentioned %s after a row mentioned %s: the list is not newest first", i, want, prev)
		}
		if want != "" {
			prev = want
		}
		rows++
	}
	if rows < 10 {
		t.Fatalf("only %d rows checked", rows)
	}
}

// TestOrderGivesWayToTheCount: in a narrow pane with a long filter the count stays and
// the order leaves the title line (the ↓ of the column title still says it).
func TestOrderGivesWayToTheCount(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Terminal(60, 20))
	h.Keys("s")
	h.Type("the")
	h.Keys("enter")
	top := strings.Split(ansi.Strip(uitest.View(t, m)), "\n")[0]
	if !strings.Contains(top, "memories") {
		t.Errorf("title line lost the count: %q", top)
	}
	h.Keys("R")
	top = strings.Split(ansi.Strip(uitest.View(t, m)), "\n")[0]
	if !strings.Contains(top, "newest mentioned first") {
		t.Errorf("title line at 60 columns: %q", top)
	}
}
