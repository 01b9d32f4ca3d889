package retain

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/keymap"
	"hindsight-tui/ui/uitest"
)

// helpDescs is every description in the pane's full help.
func helpDescs(m *Model) map[string]string {
	out := map[string]string{}
	for _, g := range m.FullHelp() {
		for _, b := range g {
			out[b.Help().Desc] = b.Help().Key
		}
	}
	return out
}

// TestEditorKeysInHelp: the editor's keys are in the help where it takes the typing,
// less the chords the pane takes first; not on other fields, nor in read-only mode.
func TestEditorKeysInHelp(t *testing.T) {
	km := keymap.Default()
	r := km.Retain
	chords := struct{ Submit, Editor, LoadFile, Batch key.Binding }{r.Submit, r.Editor, r.LoadFile, r.Batch}
	if problems := keymap.Check(editorKeys(km), chords); len(problems) > 0 {
		t.Errorf("the content editor's keys: %v", problems)
	}

	m, h := uitest.Demo(t, New)
	help := helpDescs(m)
	for _, want := range []string{"undo", "redo", "word forward", "new line", "line end"} {
		if help[want] == "" {
			t.Errorf("help in the content lacks %q: %v", want, help)
		}
	}
	for _, b := range m.cur.form.content.KeyMap().FullHelp() {
		for _, k := range b {
			for _, s := range k.Keys() {
				if s == "ctrl+e" || s == "ctrl+b" {
					t.Errorf("%s is offered as %q, but the pane takes it first", s, k.Help().Desc)
				}
			}
		}
	}
	h.Keys("esc") // outside the fields, e goes back to the content: its keys stay listed
	if helpDescs(m)["undo"] == "" {
		t.Error("help outside the fields lacks the editor's keys")
	}
	focusField(h, m, fTags)
	if helpDescs(m)["undo"] != "" {
		t.Error("the editor's keys are listed on the tags field")
	}
	focusField(h, m, fMetadata)
	if helpDescs(m)["undo"] == "" {
		t.Error("help in the metadata lacks the editor's keys")
	}

	ro, _ := uitest.Demo(t, New, uitest.ReadOnly())
	if helpDescs(ro)["undo"] != "" {
		t.Error("read-only help lists the editor's keys")
	}
}

// TestMetadataGrows with its lines up to metadataMaxRows, then scrolls with the
// cursor; up and down move through it and leave it at its edges.
func TestMetadataGrows(t *testing.T) {
	m, h := uitest.Demo(t, New)
	focusField(h, m, fMetadata)
	rows := func() int {
		n := 0
		for _, l := range strings.Split(uitest.Plain(uitest.View(t, m)), "\n") {
			if strings.HasPrefix(l, "Metadata     ┃") || strings.HasPrefix(l, "             ┃") {
				n++
			}
		}
		return n
	}
	if rows() != 1 {
		t.Fatalf("empty metadata takes %d rows", rows())
	}
	h.Type("a=1\nb=2\nc=3\nd=4\ne=5\nf=6")
	if rows() != metadataMaxRows {
		t.Fatalf("six lines take %d rows", rows())
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "┃ f=6") || strings.Contains(v, "┃ a=1") {
		t.Fatalf("the view does not follow the cursor:\n%s", v)
	}
	h.Keys("up", "up", "up", "up", "up")
	if m.cur.form.focus != fMetadata {
		t.Fatal("up inside the metadata left it")
	}
	h.Keys("up")
	if m.cur.form.focus != fTags {
		t.Fatalf("up on its first row: field %d", m.cur.form.focus)
	}
	if m.cur.form.values().Metadata != "a=1\nb=2\nc=3\nd=4\ne=5\nf=6" {
		t.Fatalf("metadata %q", m.cur.form.values().Metadata)
	}
}
