package entities

import (
	"reflect"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

func TestTagsListByCount(t *testing.T) {
	tg, _ := uitest.Demo(t, NewTags)
	if len(tg.rows) == 0 || tg.rows[0].Tag != "source:chat" {
		t.Fatalf("rows = %+v", tg.rows)
	}
	for i := 1; i < len(tg.rows); i++ {
		if tg.rows[i].Count > tg.rows[i-1].Count {
			t.Fatalf("not by count at %d", i)
		}
	}
	if v := uitest.Plain(uitest.View(t, tg)); !strings.Contains(v, "source:chat") || !strings.Contains(v, "█") {
		t.Fatalf("view:\n%s", v)
	}
}

func TestTagsSearchWildcards(t *testing.T) {
	tg, h := uitest.Demo(t, NewTags)
	h.Keys("/")
	h.Type("source:*")
	if !tg.Capturing() || tg.q != "source:*" || len(tg.rows) == 0 {
		t.Fatalf("q %q, %d rows", tg.q, len(tg.rows))
	}
	for _, r := range tg.rows {
		if !strings.HasPrefix(r.Tag, "source:") {
			t.Fatalf("%q does not match source:*", r.Tag)
		}
	}
	// The pattern is anchored: without a * a part of a tag matches nothing, and the
	// pane says how to widen it.
	for range len("source:*") {
		h.Keys("backspace")
	}
	h.Type("tokyo")
	if v := uitest.Plain(uitest.View(t, tg)); len(tg.rows) != 0 || !strings.Contains(v, "*tokyo*") {
		t.Fatalf("tokyo: %+v\n%s", tg.rows, v)
	}
	for range len("tokyo") {
		h.Keys("backspace")
	}
	h.Type("*tokyo*")
	if len(tg.rows) == 0 || !strings.Contains(tg.rows[0].Tag, "tokyo") {
		t.Fatalf("*tokyo*: %+v", tg.rows)
	}
	h.Keys("enter")
	if tg.Capturing() || tg.search.Value() != "*tokyo*" {
		t.Fatal("enter should keep the search")
	}
	h.Keys("esc")
	if tg.q != "" || len(tg.rows) < 5 {
		t.Fatal("esc should clear the search")
	}
}

// The answer to an older search is dropped. The router hands back the searches here,
// to run them out of order.
func TestTagsDropStaleAnswers(t *testing.T) {
	tg, h := uitest.Demo(t, NewTags)
	h.Keys("/")
	h.Type("source:")
	old := h.R.Send("pane", uitest.Key("*")) // "source:*", slow
	for range len("source:*") {
		h.Keys("backspace")
	}
	h.Type("trip:")
	cur := h.R.Send("pane", uitest.Key("*")) // "trip:*", the search in force
	h.Send(uitest.Run(t, old)...)
	if tg.loaded {
		t.Fatal("the answer to an older search was taken")
	}
	h.Send(uitest.Run(t, cur)...)
	if len(tg.rows) == 0 || !strings.HasPrefix(tg.rows[0].Tag, "trip:") {
		t.Fatalf("rows = %+v", tg.rows)
	}
}

func TestTagsJumps(t *testing.T) {
	tg, h := uitest.Demo(t, NewTags)
	h.Keys("j")
	tag := tg.rows[1].Tag
	h.Keys("enter")
	want := common.ShowPaneMsg{ID: common.PaneMemories, Then: common.ShowMemoriesMsg{
		BankID: alex, Tags: []string{tag}, TagsMatch: client.TagsAnyStrict}}
	if len(h.Shown) != 1 || !reflect.DeepEqual(h.Shown[0], want) {
		t.Fatalf("enter sent %#v", h.Shown)
	}
	h.Keys("R")
	want = common.ShowPaneMsg{ID: common.PaneRecall, Then: common.RecallScopedMsg{
		BankID: alex, Tags: []string{tag}, TagsMatch: client.TagsAnyStrict}}
	if len(h.Shown) != 2 || !reflect.DeepEqual(h.Shown[1], want) {
		t.Fatalf("R sent %#v", h.Shown)
	}
	acts := tg.Actions()
	if len(acts) != 2 {
		t.Fatalf("actions = %+v", acts)
	}
	h.Deliver(acts[1].Msg)
	if len(h.Shown) != 3 || !reflect.DeepEqual(h.Shown[2], want) {
		t.Fatalf("palette action sent %#v", h.Shown)
	}
}

func TestEntitiesTabTogglesTags(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	h.Keys("t")
	if v := uitest.Plain(uitest.View(t, m)); !m.showTags || len(m.tags.rows) == 0 || !strings.Contains(v, "source:chat") {
		t.Fatalf("t should show the loaded tags:\n%s", v)
	}
	// While the search box has the keys, t is text.
	h.Keys("/", "t")
	if !m.showTags || !m.Capturing() || m.tags.search.Value() != "t" {
		t.Fatal("t in the search box should be typed")
	}
	h.Keys("esc", "R")
	if !m.showTags || len(m.Actions()) != 3 {
		t.Fatalf("actions in the tags view: %+v", m.Actions())
	}
	// The tags' palette actions reach the tags through the entities pane.
	n := len(h.Shown)
	h.Deliver(m.Actions()[1].Msg)
	if len(h.Shown) != n+1 || h.Shown[n].ID != common.PaneRecall {
		t.Fatalf("the tags' palette action sent %+v", h.Shown[n:])
	}
	h.Keys("t")
	if v := uitest.Plain(uitest.View(t, m)); m.showTags || !strings.Contains(v, "Alex Moreno") {
		t.Fatal("t should go back to the entities")
	}
	// A link to an entity brings the entities back.
	h.Keys("t")
	h.Deliver(common.ShowEntityMsg{BankID: alex, EntityID: m.rows[2].ID})
	if m.showTags || m.selected().ID != m.rows[2].ID {
		t.Fatal("ShowEntityMsg should show the entity")
	}
}

// Once shown, the tags follow the bank: selecting another bank lists its tags.
func TestTagsFollowTheBank(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	h.Keys("t")
	before := append([]client.TagCount(nil), m.tags.rows...)
	h.SelectBank("writer-agent")
	if m.tags.bank != "writer-agent" || m.tags.loading || !m.tags.loaded {
		t.Fatalf("tags of %q: loading=%v loaded=%v", m.tags.bank, m.tags.loading, m.tags.loaded)
	}
	if len(m.tags.rows) == 0 || reflect.DeepEqual(m.tags.rows, before) {
		t.Errorf("the tags shown are still %+v", m.tags.rows)
	}
	if v := uitest.Plain(uitest.View(t, m)); strings.Contains(v, "searching…") {
		t.Errorf("the tags never loaded:\n%s", v)
	}
}
