package recall

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestActOnAResultFromTheInspector: a recall result opens in the memory inspector,
// which edits (with the preview), invalidates with a reason and restores it with the
// memories pane's keys, each confirmation naming the memory, and shows the memory as
// it is after each write.
func TestActOnAResultFromTheInspector(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cur.filters.types = [3]bool{true, true, false}
	query(h, m, "aisle seat")
	if len(m.res.rows) == 0 {
		t.Fatal("no results")
	}
	h.Keys("enter")
	d := uitest.Front[*components.MemoryDialog](h)
	mem := *d.Memory()
	name := common.ItemName(mem.Text, mem.ID)
	if help := strings.Join(d.Help(), " · "); !strings.Contains(help, "E edit · x invalidate") || strings.Contains(help, "u restore") {
		t.Errorf("inspector help %q", help)
	}

	h.Keys("E", "ctrl+e")
	h.Type(" Always.")
	h.Keys("ctrl+s")
	conf := uitest.Front[*components.Confirm](h)
	if v := uitest.Plain(uitest.View(t, conf)); !strings.Contains(v, "Save these changes to “") || !strings.Contains(v, mem.ID[:8]) {
		t.Errorf("the preview does not name the memory:\n%s", v)
	}
	h.Keys("enter")
	if uitest.Front[*components.MemoryDialog](h) != d || d.Memory().Text != mem.Text+" Always." {
		t.Fatalf("after the edit the inspector shows %q", d.Memory().Text)
	}

	h.Keys("x")
	conf = uitest.Front[*components.Confirm](h)
	if v := uitest.Plain(uitest.View(t, conf)); !strings.Contains(v, "invalidate “") || !strings.Contains(v, mem.ID[:8]) {
		t.Errorf("the confirmation does not name the memory:\n%s", v)
	}
	h.Type("moved to the window seat")
	h.Keys("enter")
	got, err := h.C.Client.GetMemory(t.Context(), uitest.DemoBank, mem.ID)
	if err != nil || got.State != "invalidated" || got.InvalidationReason != "moved to the window seat" {
		t.Fatalf("stored %+v, %v", got, err)
	}
	if d.Memory().State != "invalidated" || !strings.Contains(strings.Join(d.Help(), " · "), "u restore") {
		t.Errorf("inspector state %q, help %q", d.Memory().State, d.Help())
	}
	h.Keys("u")
	if v := uitest.Plain(uitest.View(t, uitest.Front[*components.Confirm](h))); !strings.Contains(v, "restore "+name[:12]) {
		t.Errorf("restore confirmation:\n%s", v)
	}
	h.Keys("enter")
	if got, _ := h.C.Client.GetMemory(t.Context(), uitest.DemoBank, mem.ID); got.State == "invalidated" {
		t.Error("u did not restore the memory")
	}
	if d.Memory().State == "invalidated" {
		t.Error("the inspector still shows the memory invalidated")
	}
	// Back in the results, the list says it shows the memory as it was recalled, and
	// the key it names searches again.
	h.Keys("esc")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "1 result written since this search (shown as recalled) · r searches again") {
		t.Errorf("results after the writes:\n%s", v)
	}
	h.Keys("r")
	if v := uitest.Plain(uitest.View(t, m)); strings.Contains(v, "written since this search") {
		t.Errorf("r did not search again:\n%s", v)
	}
}

// TestInspectorIsReadOnlyWhereItMustBe: observations say why they cannot be written,
// and --read-only takes the write keys away.
func TestInspectorIsReadOnlyWhereItMustBe(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cur.filters.types = [3]bool{false, false, true}
	query(h, m, "coffee")
	h.Keys("enter")
	d := uitest.Front[*components.MemoryDialog](h)
	n := len(h.Toasts)
	h.Keys("E")
	if uitest.Front[*components.MemoryDialog](h) != d || len(h.Toasts) != n+1 || !strings.Contains(h.Toasts[n], "observations are read-only") {
		t.Errorf("E on an observation: front %T, toasts %v", h.Front(), h.Toasts[n:])
	}
	if help := strings.Join(d.Help(), " · "); strings.Contains(help, "E edit") {
		t.Errorf("observation help offers edit: %q", help)
	}

	m, h = uitest.Demo(t, New, uitest.ReadOnly())
	m.cur.filters.types = [3]bool{true, true, false}
	query(h, m, "aisle seat")
	h.Keys("enter")
	d = uitest.Front[*components.MemoryDialog](h)
	h.Keys("E", "x")
	if uitest.Front[*components.MemoryDialog](h) != d || strings.Contains(strings.Join(d.Help(), " "), "edit") {
		t.Errorf("read-only: front %T, help %q", h.Front(), d.Help())
	}
	if d.Memory().FactType == client.FactObservation {
		t.Fatal("picked an observation")
	}
}
