package neighbourhood

import (
	"context"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/entities"
	"hindsight-tui/ui/memories"
	"hindsight-tui/ui/uitest"
)

// graphCalls is the requests of a hop: the memory and its graph scopes.
func graphCalls(rec *uitest.Recorder) int {
	return len(rec.Matching("GET", "/graph")) + len(memoryGets(rec))
}

// memoryGets is the single-memory requests.
func memoryGets(rec *uitest.Recorder) []uitest.Request {
	var out []uitest.Request
	for _, r := range rec.Matching("GET", "") {
		if strings.Contains(r.Path, "/memories/") {
			out = append(out, r)
		}
	}
	return out
}

// Without a memory the pane says how to get one.
func TestEmptySaysHow(t *testing.T) {
	m, _ := uitest.Demo(t, New)
	v := view(t, m)
	if !strings.Contains(v, "No memory yet. Press N on a memory in the Memories pane") {
		t.Errorf("view:\n%s", v)
	}
}

// N in the memory inspector brings the pane forward on that memory.
func TestFromInspector(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneNeighbourhood))
	id := memoryID(t, h.C.Client, centreText)
	h.Open(components.NewMemoryDialog(h.C, uitest.DemoBank, id))
	h.Keys("N")
	if len(h.Shown) != 1 || h.Shown[0].ID != common.PaneNeighbourhood || h.Front() != nil {
		t.Fatalf("shown %+v, front %v", h.Shown, h.Front())
	}
	if s := m.current(); s == nil || s.h.Centre.ID != id || len(m.trail) != 1 {
		t.Fatalf("trail %+v", m.trail)
	}
}

// N on a row of the memories list opens that memory's neighbourhood.
func TestFromMemoriesList(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	list := memories.New(c)
	h := uitest.Start(t, c, list, uitest.ID(common.PaneMemories))
	n := New(c)
	w, ht := uitest.PaneSize(120, 40)
	h.Add(common.PaneNeighbourhood, n, w, ht)
	h.SelectBank(uitest.DemoBank)
	h.Focus(common.PaneMemories)
	h.Keys("j", "N")
	if len(h.Shown) != 1 || h.Shown[0].ID != common.PaneNeighbourhood {
		t.Fatalf("shown %+v", h.Shown)
	}
	want := h.Shown[0].Then.(common.ShowNeighbourhoodMsg).MemoryID
	if s := n.current(); s == nil || s.h.Centre.ID != want || want == "" {
		t.Fatalf("centre %+v, want %q", s, want)
	}
}

// Two hops and two steps back: each hop asks at most maxRequests requests, the
// breadcrumb grows and shrinks, and walking back asks nothing (the steps are cached)
// and puts the cursor where it was.
func TestHopTwiceAndWalkBack(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	id := memoryID(t, h.C.Client, centreText)
	rec.Reset()
	h.Deliver(show(id))
	first := graphCalls(rec)
	if first < 2 || first > maxRequests || len(rec.All()) != first {
		t.Fatalf("first hop: %d requests %+v", first, rec.All())
	}
	if m.current().h.Requests != first {
		t.Errorf("counted %d requests, sent %d", m.current().h.Requests, first)
	}
	var centres []string
	for hop := range 2 {
		h.Keys("j")
		nb := m.selected()
		if nb == nil {
			t.Fatalf("hop %d: nothing selected", hop)
		}
		centres = append(centres, nb.ID)
		rec.Reset()
		h.Keys("enter")
		if n := len(rec.All()); n < 2 || n > maxRequests {
			t.Fatalf("hop %d: %d requests", hop+1, n)
		}
		if m.current().h.Centre.ID != nb.ID || len(m.trail) != hop+2 {
			t.Fatalf("hop %d: centre %s, trail %d", hop+1, m.current().h.Centre.ID, len(m.trail))
		}
	}
	v := view(t, m)
	if strings.Count(strings.SplitN(v, "\n", 2)[0], "›") != 2 {
		t.Errorf("breadcrumb of three steps:\n%s", v)
	}
	rec.Reset()
	h.Keys("backspace")
	if m.current().h.Centre.ID != centres[0] || m.current().cursor != 1 {
		t.Errorf("one back: centre %s cursor %d", m.current().h.Centre.ID, m.current().cursor)
	}
	h.Keys("esc")
	if m.current().h.Centre.ID != id || len(m.trail) != 1 || m.current().cursor != 1 {
		t.Errorf("two back: centre %s, trail %d", m.current().h.Centre.ID, len(m.trail))
	}
	if n := len(rec.All()); n != 0 {
		t.Errorf("walking back sent %d requests: %+v", n, rec.All())
	}
	h.Keys("esc") // at the start of the trail esc does nothing
	if len(m.trail) != 1 {
		t.Error("esc left the trail's first step")
	}
}

// Rows are grouped by link type in a fixed order and strongest first in a group;
// an entity row names the entities the two share.
func TestGroupsAndOrder(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Deliver(show(memoryID(t, h.C.Client, "The Tokyo trip (November 12")))
	s := m.current()
	if s == nil || len(s.h.Groups) < 2 {
		t.Fatalf("groups %+v", s)
	}
	last := -1
	for _, g := range s.h.Groups {
		if r := rank(g.LinkType); r < last {
			t.Errorf("group %s out of order", g.LinkType)
		} else {
			last = r
		}
		for i := 1; i < len(g.Rows); i++ {
			if g.Rows[i].Weight > g.Rows[i-1].Weight {
				t.Errorf("%s: row %d weighs more than the one before", g.LinkType, i)
			}
		}
		for _, r := range g.Rows {
			if r.ID == s.h.Centre.ID {
				t.Errorf("%s lists the centre", g.LinkType)
			}
			if (g.LinkType == client.LinkEntity) != (len(r.Entities) > 0) {
				t.Errorf("%s row %s entities %v", g.LinkType, r.ID, r.Entities)
			}
		}
	}
	v := view(t, m)
	for _, want := range []string{"semantic · ", "temporal · ", "entity · ", "█"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
}

// A scope with more memories than the limit is named in a truncation note.
func TestTruncationNote(t *testing.T) {
	srv := uitest.Server(t, hindsighttest.WithSyntheticMemories("big", 3000))
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank("big"))
	// A tagged memory: each synthetic tag is on hundreds of memories.
	l, err := h.C.Client.ListMemories(context.Background(), "big", client.ListMemoriesParams{Tags: []string{"source:slack"}, TagsMatch: "any_strict", Limit: 1})
	if err != nil || len(l.Items) == 0 {
		t.Fatal(err)
	}
	h.Deliver(common.ShowNeighbourhoodMsg{BankID: "big", MemoryID: l.Items[0].ID})
	s := m.current()
	if s == nil || len(s.h.Truncated) == 0 {
		t.Fatalf("not truncated: %+v", s)
	}
	if v := view(t, m); !strings.Contains(v, "⚠ truncated: ") {
		t.Errorf("view:\n%s", v)
	}
	// The demo centre's scopes all fit.
	m2, h2 := uitest.Demo(t, New)
	h2.Deliver(show(memoryID(t, h2.C.Client, centreText)))
	if v := view(t, m2); strings.Contains(v, "truncated") || len(m2.current().h.Truncated) != 0 {
		t.Errorf("demo centre truncated:\n%s", v)
	}
}

// i opens the selected neighbour in the shared inspector.
func TestInspectNeighbour(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Deliver(show(memoryID(t, h.C.Client, centreText)))
	nb := m.selected()
	h.Keys("i")
	d, ok := h.Front().(*components.MemoryDialog)
	if !ok || d.Memory() == nil || d.Memory().ID != nb.ID {
		t.Fatalf("front %T", h.Front())
	}
}

// esc stops a hop in flight, and a late answer is dropped.
func TestEscCancelsAndStaleDropped(t *testing.T) {
	m, h := uitest.Demo(t, New)
	id := memoryID(t, h.C.Client, centreText)
	h.Deliver(show(id))
	old := m.seq
	_ = m.load(m.selected().ID, loadHop)
	if !m.loading {
		t.Fatal("not loading")
	}
	h.Keys("esc")
	if m.loading || len(m.trail) != 1 {
		t.Fatalf("loading %v trail %d", m.loading, len(m.trail))
	}
	m.Update(hoodMsg{seq: old + 1, bank: uitest.DemoBank, kind: loadHop, h: &hood{Centre: &client.Memory{ID: "late"}}})
	m.Update(hoodMsg{seq: old, bank: uitest.DemoBank, kind: loadHop, h: &hood{Centre: &client.Memory{ID: "late"}}})
	if len(m.trail) != 1 || m.current().h.Centre.ID != id {
		t.Errorf("a stale answer changed the trail: %d", len(m.trail))
	}
}

// Another bank starts afresh.
func TestBankSwitchClears(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Deliver(show(memoryID(t, h.C.Client, centreText)))
	h.SelectBank("other")
	if len(m.trail) != 0 {
		t.Error("the trail survived a bank switch")
	}
}

// c on an entity lists the entities mentioned with it, by count, and enter opens one
// in the entities pane.
func TestCooccurringEntities(t *testing.T) {
	m, h := uitest.Demo(t, New)
	ents, err := h.C.Client.ListEntities(context.Background(), uitest.DemoBank, 100, 0)
	if err != nil || len(ents.Items) == 0 {
		t.Fatal(err)
	}
	e := ents.Items[0]
	h.Deliver(common.ShowCooccurrenceMsg{BankID: uitest.DemoBank, EntityID: e.ID, EntityName: e.CanonicalName})
	if m.cooc == nil || len(m.cooc.Partners) < 2 {
		t.Fatalf("cooc %+v", m.cooc)
	}
	for i, p := range m.cooc.Partners {
		if p.ID == e.ID {
			t.Error("the entity is its own partner")
		}
		if i > 0 && p.Count > m.cooc.Partners[i-1].Count {
			t.Errorf("partner %d counts more than the one before", i)
		}
	}
	if v := view(t, m); !strings.Contains(v, "Entities mentioned with "+e.CanonicalName) {
		t.Errorf("view:\n%s", v)
	}
	h.Keys("j", "enter")
	if len(h.Shown) != 1 || h.Shown[0].ID != common.PaneEntities ||
		h.Shown[0].Then.(common.ShowEntityMsg).EntityID != m.cooc.Partners[1].ID {
		t.Fatalf("shown %+v", h.Shown)
	}
	h.Keys("esc")
	if m.cooc != nil {
		t.Error("esc kept the entity view")
	}
}

// c on an entity of the entities pane brings this pane forward on its co-occurrences.
func TestFromEntitiesPane(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	h := uitest.Start(t, c, entities.New(c), uitest.ID(common.PaneEntities))
	n := New(c)
	w, ht := uitest.PaneSize(120, 40)
	h.Add(common.PaneNeighbourhood, n, w, ht)
	h.SelectBank(uitest.DemoBank)
	h.Focus(common.PaneEntities)
	h.Keys("c")
	if len(h.Shown) != 1 || h.Shown[0].ID != common.PaneNeighbourhood {
		t.Fatalf("shown %+v", h.Shown)
	}
	want := h.Shown[0].Then.(common.ShowCooccurrenceMsg)
	if n.cooc == nil || n.cooc.EntityID != want.EntityID || want.EntityID == "" || len(n.cooc.Partners) == 0 {
		t.Fatalf("cooc %+v, want %+v", n.cooc, want)
	}
}
