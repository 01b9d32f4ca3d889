package components

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// demoCommon is testCommon with a client of a demo server.
func demoCommon(t *testing.T) *common.Common {
	t.Helper()
	return uitest.NewCommon(t, uitest.DemoServer(t))
}

// deliver hands the input every message cmd leads to.
func deliver(t *testing.T, ti *TagInput, cmd tea.Cmd) {
	t.Helper()
	for _, msg := range uitest.Run(t, cmd) {
		deliver(t, ti, ti.Update(msg))
	}
}

// typeTags types s into a focused tag input and returns whether the chips changed.
func typeTags(t *testing.T, ti *TagInput, keys ...string) bool {
	t.Helper()
	changed := false
	for _, k := range keys {
		handled, ch, cmd := ti.HandleKey(uitest.Key(k))
		if !handled {
			t.Fatalf("key %q not handled", k)
		}
		changed = changed || ch
		deliver(t, ti, cmd)
	}
	return changed
}

func letters(s string) []string { return strings.Split(s, "") }

func TestTagInputCompletesAndAddsChips(t *testing.T) {
	ti := NewTagInput(demoCommon(t))
	ti.SetBank("user-alex-prefs")
	deliver(t, ti, ti.Focus())
	known := ti.Known()
	if len(known) == 0 || known[0].Tag != "source:chat" || known[0].Count == 0 {
		t.Fatalf("tags not loaded most used first: %v", known)
	}
	if c := ti.Completions(); len(c) == 0 || c[0].Tag != "source:chat" {
		t.Errorf("with nothing typed the most used tags complete: %v", c)
	}

	// Case-insensitive, prefix matches first, then substring matches.
	typeTags(t, ti, letters("TOKYO")...)
	if c := ti.Completions(); len(c) != 1 || c[0].Tag != "trip:tokyo-2026" {
		t.Fatalf("completions for TOKYO: %v", c)
	}
	if !typeTags(t, ti, "enter") || !slices.Equal(ti.Tags(), []string{"trip:tokyo-2026"}) {
		t.Fatalf("enter added %v", ti.Tags())
	}
	if ti.Value() != "" {
		t.Errorf("the box kept %q", ti.Value())
	}
	// The added chip is no longer offered; down picks the second completion; tab adds.
	typeTags(t, ti, letters("source")...)
	comps := ti.Completions()
	if len(comps) < 2 {
		t.Fatalf("completions for source: %v", comps)
	}
	typeTags(t, ti, "down", "tab")
	if got := ti.Tags(); !slices.Equal(got, []string{"trip:tokyo-2026", comps[1].Tag}) {
		t.Fatalf("down+tab added %v, want %s", got, comps[1].Tag)
	}
	// A tag typed exactly wins over the highlighted completion; a duplicate is ignored.
	typeTags(t, ti, letters("home")...)
	typeTags(t, ti, "enter")
	if ch := typeTags(t, ti, append(letters("home"), "enter")...); ch {
		t.Error("a duplicate chip changed the tags")
	}
	if got := ti.Tags(); len(got) != 3 || got[2] != "home" {
		t.Fatalf("tags %v", got)
	}
	// An unknown tag is added as typed (tags are plain strings; it may exist elsewhere).
	typeTags(t, ti, append(letters("zz-new"), "enter")...)
	// Backspace in the empty box removes the last chip.
	if !typeTags(t, ti, "backspace") || slices.Contains(ti.Tags(), "zz-new") {
		t.Errorf("backspace left %v", ti.Tags())
	}
	// Keys the owner moves with are not taken.
	for _, k := range []string{"enter", "tab", "shift+tab", "esc"} {
		if handled, _, _ := ti.HandleKey(uitest.Key(k)); handled {
			t.Errorf("%s with an empty box was taken", k)
		}
	}
	ti.Blur()
	if handled, _, _ := ti.HandleKey(uitest.Key("a")); handled {
		t.Error("a blurred input took a key")
	}
}

func TestTagInputCompletesOnTheServerForLargeBanks(t *testing.T) {
	ti := NewTagInput(demoCommon(t))
	ti.Delay = 0
	ti.SetBank("user-alex-prefs")
	_ = ti.Focus()
	// The first page holds only part of the bank's tags: completion must ask the server.
	ti.Update(tagsLoadedMsg{owner: ti, bank: "user-alex-prefs",
		items: []client.TagCount{{Tag: "source:chat", Count: 39}}, total: 5000})
	typeTags(t, ti, letters("tokyo")...)
	if !slices.ContainsFunc(ti.Completions(), func(c client.TagCount) bool { return c.Tag == "trip:tokyo-2026" }) {
		t.Fatalf("server-side completion did not find trip:tokyo-2026: %v", ti.Completions())
	}
	if cmd := ti.load("*tokyo*"); cmd != nil {
		t.Error("a pattern already answered was asked again")
	}
}

func TestTagInputLoadErrorIsLoggedAndRetried(t *testing.T) {
	c := demoCommon(t)
	bad, _ := client.New("http://127.0.0.1:1")
	c.Client = bad
	ti := NewTagInput(c)
	ti.SetBank("b")
	var logged []common.ErrorMsg
	for _, msg := range uitest.Run(t, ti.Focus()) {
		for _, out := range uitest.Run(t, ti.Update(msg)) {
			if e, ok := out.(common.ErrorMsg); ok {
				logged = append(logged, e)
			}
		}
	}
	if len(logged) != 1 || ti.Err() == nil {
		t.Fatalf("logged %v, err %v", logged, ti.Err())
	}
	if lines := ti.CompletionLines(40, 3); len(lines) != 1 || !strings.Contains(ansi.Strip(lines[0]), "tags:") {
		t.Errorf("completion lines %q", lines)
	}
	ti.Blur()
	if ti.Focus() == nil {
		t.Error("focusing again does not retry the load")
	}
}

func TestTagInputView(t *testing.T) {
	ti := NewTagInput(testCommon(t))
	ti.SetWidth(20)
	if got := ansi.Strip(ti.View()); got != "none" {
		t.Errorf("empty view %q", got)
	}
	ti.SetTags([]string{"alpha", "beta", "gamma", "delta", "\x1b[31mred\x1b[0m", "好きな店"})
	for _, w := range []int{12, 20, 40} {
		ti.SetWidth(w)
		v := ti.View()
		if ansi.StringWidth(v) > w {
			t.Errorf("view %q is wider than %d", ansi.Strip(v), w)
		}
		if strings.Contains(v, "\x1b[31m") {
			t.Error("a tag's escape sequence reached the screen")
		}
	}
	ti.SetWidth(20)
	if got := ansi.Strip(ti.View()); !strings.HasPrefix(got, "+") || !strings.Contains(got, "好きな店") {
		t.Errorf("narrow view %q should count hidden chips and keep the newest", got)
	}
}
