package entities

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

const alex = uitest.DemoBank

func TestEntitiesListAndDetail(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	if !m.loaded || len(m.rows) == 0 || m.rows[0].CanonicalName != "Alex Moreno" {
		t.Fatalf("rows = %d, first %+v", len(m.rows), m.rows)
	}
	for i := 1; i < len(m.rows); i++ {
		if m.rows[i].MentionCount > m.rows[i-1].MentionCount {
			t.Fatalf("not by mention count at %d", i)
		}
	}
	if m.det.id != m.rows[0].ID || len(m.det.mems) == 0 {
		t.Fatalf("detail = %q with %d memories", m.det.id, len(m.det.mems))
	}
	// Every linked memory names the entity: the list is filtered by entity_id.
	for _, mem := range m.det.mems {
		if !strings.Contains(strings.Join(mem.Entities, ","), "Alex Moreno") {
			t.Fatalf("memory %s is not linked to Alex Moreno: %v", mem.ID, mem.Entities)
		}
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"Alex Moreno", "Linked memories", "first seen", "53 entities"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q", want)
		}
	}
	h.Keys("j")
	if m.det.id != m.rows[1].ID {
		t.Fatalf("detail did not follow the cursor")
	}
}

func TestEntitiesPaging(t *testing.T) {
	h, m := manyEntities(t, 250)
	if len(m.rows) != pageSize || m.total != 250 {
		t.Fatalf("first page: %d of %d", len(m.rows), m.total)
	}
	h.Keys("G") // the bottom: the next page loads
	if len(m.rows) != min(2*pageSize, m.total) {
		t.Fatalf("after G: %d of %d", len(m.rows), m.total)
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "200 of 250") {
		t.Errorf("count not shown:\n%s", v)
	}
}

// The count agrees with its number: a bank of one entity does not say "1 entities".
func TestEntitiesCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{1, "1 entity"}, {2, "2 entities"}} {
		_, m := manyEntities(t, tc.n)
		if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, tc.want+"\n") && !strings.Contains(v, tc.want+" ") {
			t.Errorf("%d entities: the header does not say %q:\n%s", tc.n, tc.want, v)
		}
	}
}

// An answer for an entity no longer selected is dropped. The router hands back the
// loads here, to run them out of order.
func TestEntitiesDetailDropsStaleAnswers(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	toSecond := h.R.Send(common.PaneEntities, uitest.Key("j")) // the second entity's detail, slow
	toFirst := h.R.Send(common.PaneEntities, uitest.Key("k"))  // back to the first before it answers
	h.Send(uitest.Run(t, toSecond)...)
	if m.det.id != m.rows[0].ID || m.det.mems != nil {
		t.Fatalf("a stale answer was taken: %q, %d memories", m.det.id, len(m.det.mems))
	}
	h.Send(uitest.Run(t, toFirst)...)
	if m.det.entity == nil || m.det.entity.ID != m.rows[0].ID || len(m.det.mems) == 0 {
		t.Fatalf("the current answer was not taken")
	}
	// A page for another bank is dropped too.
	n := len(m.rows)
	h.Deliver(pageMsg{seq: m.seq, bank: "other", list: &client.EntityList{}})
	if len(m.rows) != n {
		t.Fatal("a page of another bank was taken")
	}
}

func TestEntitiesQuickFilter(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	h.Keys("/", "j", "o", "r")
	if !m.Capturing() || len(m.visible) == 0 || len(m.visible) >= len(m.rows) {
		t.Fatalf("filter: %d of %d", len(m.visible), len(m.rows))
	}
	for _, i := range m.visible {
		if !strings.Contains(strings.ToLower(m.rows[i].CanonicalName), "jor") {
			t.Fatalf("%q passed the filter", m.rows[i].CanonicalName)
		}
	}
	if m.det.id != m.selected().ID {
		t.Fatal("detail does not follow the filter")
	}
	h.Keys("enter")
	if m.Capturing() || m.filter.Value() != "jor" {
		t.Fatal("enter should keep the filter and leave the box")
	}
	h.Keys("esc")
	if len(m.visible) != len(m.rows) {
		t.Fatal("esc should clear the filter")
	}
}

func TestEntitiesJumpsAndOpens(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	h.Keys("m")
	want := common.ShowPaneMsg{ID: common.PaneMemories, Then: common.ShowMemoriesMsg{
		BankID: alex, EntityID: m.rows[0].ID, EntityName: "Alex Moreno"}}
	if len(h.Shown) != 1 || !reflect.DeepEqual(h.Shown[0], want) {
		t.Fatalf("m sent %#v", h.Shown)
	}
	h.Keys("enter") // into the linked memories
	if m.zone != zoneDetail {
		t.Fatal("enter should move into the detail")
	}
	h.Keys("j", "enter")
	d := uitest.Front[*components.MemoryDialog](h)
	// The dialog loads the memory itself, as it opens.
	if d.Loading() || d.Memory() == nil || d.Memory().ID != m.det.mems[1].ID {
		t.Fatalf("the memory dialog shows %+v", d.Memory())
	}
	h.Keys("esc") // closes the memory
	if h.Front() != nil || m.zone != zoneDetail {
		t.Fatalf("esc: front %T, zone %d", h.Front(), m.zone)
	}
	h.Keys("esc")
	if m.zone != zoneList {
		t.Fatal("esc should go back to the list")
	}
}

func TestEntitiesShowEntity(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities), uitest.Bank("research-agent"), uitest.Unfocused())
	l, err := h.C.Client.ListEntities(t.Context(), alex, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	target := l.Items[3]
	h.Deliver(common.ShowEntityMsg{BankID: alex, EntityID: target.ID})
	if m.bank != alex || m.selected() == nil || m.selected().ID != target.ID || m.zone != zoneDetail {
		t.Fatalf("ShowEntityMsg: bank %q, selected %+v, zone %d", m.bank, m.selected(), m.zone)
	}
	if m.det.entity == nil || m.det.entity.ID != target.ID {
		t.Fatal("the entity's detail did not load")
	}
}

// A palette action reaches the pane that offered it.
func TestEntitiesPaletteActions(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	acts := m.Actions()
	if len(acts) != 2 {
		t.Fatalf("actions %+v", acts)
	}
	h.Deliver(acts[0].Msg) // the entity's memories
	if len(h.Shown) != 1 || h.Shown[0].ID != common.PaneMemories {
		t.Fatalf("shown %+v", h.Shown)
	}
	h.Deliver(acts[1].Msg) // the tags
	if !m.showTags || len(m.tags.rows) == 0 {
		t.Fatal("the action did not show the tags")
	}
}

// manyEntities hosts the entities pane, shown in a 120x40 terminal, on a bank "big"
// of n entities, which its server pages the way the real server pages them.
func manyEntities(t *testing.T, n int) (*uitest.Host, *Model) {
	t.Helper()
	all := make([]client.Entity, n)
	for i := range all {
		all[i] = client.Entity{ID: fmt.Sprintf("e-%04d", i), CanonicalName: fmt.Sprintf("Entity %d", i),
			MentionCount: n - i, FirstSeen: client.Time{Time: uitest.Now.AddDate(0, -3, 0)},
			LastSeen: client.Time{Time: uitest.Now.Add(-time.Duration(i) * time.Hour)}}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/banks/big/entities") {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"items":[],"total":0}`))
			return
		}
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		offset, _ := strconv.Atoi(r.URL.Query().Get("offset"))
		end := min(offset+limit, n)
		page := client.EntityList{Items: all[min(offset, n):end], Page: client.Page{Total: n, Limit: limit, Offset: offset}}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(page)
	}))
	t.Cleanup(srv.Close)
	cl, err := client.New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	c := uitest.NewCommon(t, nil)
	c.Client = cl
	m := New(c)
	return uitest.Start(t, c, m, uitest.ID(common.PaneEntities), uitest.Bank("big")), m
}
