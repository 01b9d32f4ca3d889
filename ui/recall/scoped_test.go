package recall

import (
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// A tag's "recall scoped to it" sets the bank's tag chips and match mode, focuses the
// search box, and a query typed then is sent with them.
func TestRecallScopedFromATag(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank("research-agent"))
	h.Deliver(common.RecallScopedMsg{BankID: "user-alex-prefs", Tags: []string{"trip:tokyo-2026"}, TagsMatch: client.TagsAnyStrict})
	if m.bank != "user-alex-prefs" {
		t.Fatalf("bank = %q", m.bank)
	}
	f := m.cur.filters
	if !slices.Equal(f.tags, []string{"trip:tokyo-2026"}) || f.match != client.TagsAnyStrict {
		t.Fatalf("filters = %+v", f)
	}
	if !slices.Equal(m.bar.TagInput().Tags(), f.tags) {
		t.Fatalf("chips = %v", m.bar.TagInput().Tags())
	}
	if m.zone != zoneSearch || !m.Capturing() {
		t.Fatal("the search box should have the keys")
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "trip:tokyo-2026") || !strings.Contains(v, "any_strict") {
		t.Fatalf("the chip and the match mode are not shown:\n%s", v)
	}
	// Another bank's filters stay as they were.
	if len(m.state("research-agent").filters.tags) != 0 {
		t.Fatal("the scope leaked into another bank")
	}
}
