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
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

const alex = "user-alex-prefs"

func TestEntitiesListAndDetail(t *testing.T) {
	c := newCommon(t, demoServer(t))
	m := New(c)
	focus(t, m, alex, 120, 40)
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
	v := plain(m.View())
	for _, want := range []string{"Alex Moreno", "Linked memories", "first seen", "53 entities"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q", want)
		}
	}
	keys(t, m, "j")
	if m.det.id != m.rows[1].ID {
		t.Fatalf("detail did not follow the cursor")
	}
}

func TestEntitiesPaging(t *testing.T) {
	c := manyEntities(t, 250)
	m := New(c)
	focus(t, m, "big", 120, 40)
	if len(m.rows) != pageSize || m.total != 250 {
		t.Fatalf("first page: %d of %d", len(m.rows), m.total)
	}
	keys(t, m, "G") // the bottom: the next page loads
	if len(m.rows) != min(2*pageSize, m.total) {
		t.Fatalf("after G: %d of %d", len(m.rows), m.total)
	}
	if !strings.Contains(plain(m.View()), "200 of 250") {
		t.Errorf("count not shown:\n%s", plain(m.View()))
	}
}

func TestEntitiesDetailDropsStaleAnswers(t *testing.T) {
	c := newCommon(t, demoServer(t))
	m := New(c)
	focus(t, m, alex, 120, 40)
	first := m.loadDetail(m.rows[0].ID) // slow answer for the first entity
	m.cursor = 1
	second := m.syncDetail()
	for _, msg := range run(t, first) {
		m.Update(msg)
	}
	if m.det.id != m.rows[1].ID || m.det.mems != nil {
		t.Fatalf("a stale answer was taken: %q, %d memories", m.det.id, len(m.det.mems))
	}
	for _, msg := range run(t, second) {
		m.Update(msg)
	}
	if m.det.entity == nil || m.det.entity.ID != m.rows[1].ID || len(m.det.mems) == 0 {
		t.Fatalf("the current answer was not taken")
	}
	// A page for another bank is dropped too.
	stale := pageMsg{owner: m, seq: m.seq, bank: "other", list: &client.EntityList{}}
	n := len(m.rows)
	m.Update(stale)
	if len(m.rows) != n {
		t.Fatal("a page of another bank was taken")
	}
}

func TestEntitiesQuickFilter(t *testing.T) {
	c := newCommon(t, demoServer(t))
	m := New(c)
	focus(t, m, alex, 120, 40)
	keys(t, m, "/", "j", "o", "r")
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
	keys(t, m, "enter")
	if m.Capturing() || m.filter.Value() != "jor" {
		t.Fatal("enter should keep the filter and leave the box")
	}
	keys(t, m, "esc")
	if len(m.visible) != len(m.rows) {
		t.Fatal("esc should clear the filter")
	}
}

func TestEntitiesJumpsAndOpens(t *testing.T) {
	c := newCommon(t, demoServer(t))
	m := New(c)
	focus(t, m, alex, 120, 40)
	out := keys(t, m, "m")
	want := common.ShowPaneMsg{ID: common.PaneMemories, Then: common.ShowMemoriesMsg{
		BankID: alex, EntityID: m.rows[0].ID, EntityName: "Alex Moreno"}}
	if len(out) != 1 || !reflect.DeepEqual(out[0], want) {
		t.Fatalf("m sent %#v", out)
	}
	keys(t, m, "enter") // into the linked memories
	if m.zone != zoneDetail {
		t.Fatal("enter should move into the detail")
	}
	keys(t, m, "j")
	out = keys(t, m, "enter")
	if len(out) != 1 {
		t.Fatalf("enter sent %#v", out)
	}
	if _, ok := out[0].(common.OpenDialogMsg); !ok || m.dialog.d == nil {
		t.Fatalf("enter should open the memory: %#v", out[0])
	}
	keys(t, m, "esc")
	if m.zone != zoneList {
		t.Fatal("esc should go back to the list")
	}
}

func TestEntitiesShowEntity(t *testing.T) {
	c := newCommon(t, demoServer(t))
	m := New(c)
	m.SetSize(120, 40)
	drive(t, m, common.BankSelectedMsg{BankID: "research-agent"})
	l, err := c.Client.ListEntities(t.Context(), alex, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	target := l.Items[3]
	drive(t, m, common.ShowEntityMsg{BankID: alex, EntityID: target.ID})
	if m.bank != alex || m.selected() == nil || m.selected().ID != target.ID || m.zone != zoneDetail {
		t.Fatalf("ShowEntityMsg: bank %q, selected %+v, zone %d", m.bank, m.selected(), m.zone)
	}
	if m.det.entity == nil || m.det.entity.ID != target.ID {
		t.Fatal("the entity's detail did not load")
	}
}

// manyEntities is a client of a server whose bank "big" has n entities, paged the way
// the real server pages them.
func manyEntities(t testing.TB, n int) *common.Common {
	t.Helper()
	all := make([]client.Entity, n)
	for i := range all {
		all[i] = client.Entity{ID: fmt.Sprintf("e-%04d", i), CanonicalName: fmt.Sprintf("Entity %d", i),
			MentionCount: n - i, FirstSeen: client.Time{Time: testNow.AddDate(0, -3, 0)},
			LastSeen: client.Time{Time: testNow.Add(-time.Duration(i) * time.Hour)}}
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
	return &common.Common{Client: cl, Styles: styles.New(true), Keys: keymap.Default(), Now: fixedNow, Timeout: 10 * time.Second}
}
