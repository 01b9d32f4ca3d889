package entities

import (
	"reflect"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// typeText types s into pane one key at a time.
func typeText(t *testing.T, pane common.Pane, s string) {
	t.Helper()
	for _, r := range s {
		drive(t, pane, press(string(r)))
	}
}

func TestTagsListByCount(t *testing.T) {
	c := newCommon(t, demoServer(t))
	tg := NewTags(c)
	focus(t, tg, alex, 120, 40)
	if len(tg.rows) == 0 || tg.rows[0].Tag != "source:chat" {
		t.Fatalf("rows = %+v", tg.rows)
	}
	for i := 1; i < len(tg.rows); i++ {
		if tg.rows[i].Count > tg.rows[i-1].Count {
			t.Fatalf("not by count at %d", i)
		}
	}
	if v := plain(tg.View()); !strings.Contains(v, "source:chat") || !strings.Contains(v, "█") {
		t.Fatalf("view:\n%s", v)
	}
}

func TestTagsSearchWildcards(t *testing.T) {
	c := newCommon(t, demoServer(t))
	tg := NewTags(c)
	focus(t, tg, alex, 120, 40)
	drive(t, tg, press("/"))
	typeText(t, tg, "source:*")
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
		drive(t, tg, press("backspace"))
	}
	typeText(t, tg, "tokyo")
	if len(tg.rows) != 0 || !strings.Contains(plain(tg.View()), "*tokyo*") {
		t.Fatalf("tokyo: %+v\n%s", tg.rows, plain(tg.View()))
	}
	for range len("tokyo") {
		drive(t, tg, press("backspace"))
	}
	typeText(t, tg, "*tokyo*")
	if len(tg.rows) == 0 || !strings.Contains(tg.rows[0].Tag, "tokyo") {
		t.Fatalf("*tokyo*: %+v", tg.rows)
	}
	drive(t, tg, press("enter"))
	if tg.Capturing() || tg.search.Value() != "*tokyo*" {
		t.Fatal("enter should keep the search")
	}
	drive(t, tg, press("esc"))
	if tg.q != "" || len(tg.rows) < 5 {
		t.Fatal("esc should clear the search")
	}
}

func TestTagsDropStaleAnswers(t *testing.T) {
	c := newCommon(t, demoServer(t))
	tg := NewTags(c)
	focus(t, tg, alex, 120, 40)
	tg.search.SetValue("source:*")
	old := tg.reload()
	tg.search.SetValue("trip:*")
	cur := tg.reload()
	for _, msg := range run(t, old) {
		tg.Update(msg)
	}
	if tg.loaded {
		t.Fatal("the answer to an older search was taken")
	}
	for _, msg := range run(t, cur) {
		tg.Update(msg)
	}
	if len(tg.rows) == 0 || !strings.HasPrefix(tg.rows[0].Tag, "trip:") {
		t.Fatalf("rows = %+v", tg.rows)
	}
}

func TestTagsJumps(t *testing.T) {
	c := newCommon(t, demoServer(t))
	tg := NewTags(c)
	focus(t, tg, alex, 120, 40)
	drive(t, tg, press("j"))
	tag := tg.rows[1].Tag
	out := drive(t, tg, press("enter"))
	want := common.ShowPaneMsg{ID: common.PaneMemories, Then: common.ShowMemoriesMsg{
		BankID: alex, Tags: []string{tag}, TagsMatch: client.TagsAnyStrict}}
	if len(out) != 1 || !reflect.DeepEqual(out[0], want) {
		t.Fatalf("enter sent %#v", out)
	}
	out = drive(t, tg, press("R"))
	want = common.ShowPaneMsg{ID: common.PaneRecall, Then: common.RecallScopedMsg{
		BankID: alex, Tags: []string{tag}, TagsMatch: client.TagsAnyStrict}}
	if len(out) != 1 || !reflect.DeepEqual(out[0], want) {
		t.Fatalf("R sent %#v", out)
	}
	acts := tg.Actions()
	if len(acts) != 2 {
		t.Fatalf("actions = %+v", acts)
	}
	if out := drive(t, tg, acts[1].Msg); len(out) != 1 || !reflect.DeepEqual(out[0], want) {
		t.Fatalf("palette action sent %#v", out)
	}
}

func TestEntitiesTabTogglesTags(t *testing.T) {
	c := newCommon(t, demoServer(t))
	m := New(c)
	focus(t, m, alex, 120, 40)
	keys(t, m, "t")
	if !m.showTags || len(m.tags.rows) == 0 || !strings.Contains(plain(m.View()), "source:chat") {
		t.Fatalf("t should show the loaded tags:\n%s", plain(m.View()))
	}
	// While the search box has the keys, t is text.
	keys(t, m, "/", "t")
	if !m.showTags || !m.Capturing() || m.tags.search.Value() != "t" {
		t.Fatal("t in the search box should be typed")
	}
	keys(t, m, "esc", "R")
	if m.showTags != true || len(m.Actions()) != 3 {
		t.Fatalf("actions in the tags view: %+v", m.Actions())
	}
	keys(t, m, "t")
	if m.showTags || !strings.Contains(plain(m.View()), "Alex Moreno") {
		t.Fatal("t should go back to the entities")
	}
	// A link to an entity brings the entities back.
	keys(t, m, "t")
	drive(t, m, common.ShowEntityMsg{BankID: alex, EntityID: m.rows[2].ID})
	if m.showTags || m.selected().ID != m.rows[2].ID {
		t.Fatal("ShowEntityMsg should show the entity")
	}
}
