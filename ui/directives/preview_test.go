package directives

import (
	"context"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// previewed are the ids the preview says a reflect applies, in its order.
func previewed(m *Model) []string {
	var out []string
	for _, v := range m.pv.verdicts {
		if v.Order > 0 {
			out = append(out, v.Directive.ID)
		}
	}
	return out
}

// addDirectives gives the demo bank tagged directives of every shape the rule tells
// apart, and lists them again.
func addDirectives(t *testing.T, h *uitest.Host) {
	t.Helper()
	off := false
	for _, d := range []client.CreateDirectiveRequest{
		{Name: "Trips", Content: "Trips rule.", Priority: 5, Tags: []string{"travel"}},
		{Name: "Work trips", Content: "Work trips rule.", Priority: 4, Tags: []string{"travel", "work"}},
		{Name: "Office", Content: "Office rule.", Priority: 6, Tags: []string{"work"}},
		{Name: "Old travel", Content: "Old rule.", Priority: 7, Tags: []string{"travel"}, IsActive: &off},
		{Name: "Also ten", Content: "Ties on priority.", Priority: 10},
	} {
		if _, err := h.C.Client.CreateDirective(context.Background(), uitest.DemoBank, d); err != nil {
			t.Fatal(err)
		}
	}
	h.Keys("r")
}

// The preview shows what the stand-in's reflect applies, in the same order, for
// several reflects: each is set up with the preview's keys (tags typed, M for the
// match mode, A for apply_all_directives) and then asked for real.
func TestPreviewMatchesReflect(t *testing.T) {
	for _, tc := range []struct {
		name string
		tags []string
		mode string
		all  bool
		want []string // the names applied, in order
	}{
		{name: "no tags", want: []string{"Also ten", "No early meetings", "Peanut check"}},
		{name: "travel any", tags: []string{"travel"}, mode: client.TagsAny,
			want: []string{"Also ten", "No early meetings", "Peanut check", "Trips", "Work trips"}},
		{name: "travel+work all", tags: []string{"travel", "work"}, mode: client.TagsAll,
			want: []string{"Also ten", "No early meetings", "Peanut check", "Work trips"}},
		{name: "work exact", tags: []string{"work"}, mode: client.TagsExact,
			want: []string{"Also ten", "No early meetings", "Peanut check", "Office"}},
		{name: "work+travel any_strict", tags: []string{"work", "travel"}, mode: client.TagsAnyStrict,
			want: []string{"Also ten", "No early meetings", "Peanut check", "Office", "Trips", "Work trips"}},
		{name: "home", tags: []string{"home"}, want: []string{"Also ten", "No early meetings", "Peanut check"}},
		{name: "apply all", tags: []string{"home"}, all: true,
			want: []string{"Also ten", "No early meetings", "Peanut check", "Office", "Trips", "Work trips"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, h := uitest.Demo(t, New)
			addDirectives(t, h)
			h.Keys("p")
			for _, tag := range tc.tags {
				h.Type(tag)
				h.Keys("enter")
			}
			h.Keys("esc")
			for m.pv.mode != tc.mode && tc.mode != "" {
				h.Keys("M")
			}
			if tc.all {
				h.Keys("A")
			}
			if !slices.Equal(m.pv.tags.Tags(), tc.tags) && len(tc.tags) > 0 {
				t.Fatalf("tags %q", m.pv.tags.Tags())
			}
			resp, err := h.C.Client.Reflect(context.Background(), uitest.DemoBank, client.ReflectRequest{
				Query: "what should I keep in mind?", Tags: tc.tags, TagsMatch: tc.mode, ApplyAllDirectives: tc.all,
				Include: &client.ReflectInclude{Facts: client.IncludeFacts()}})
			if err != nil {
				t.Fatal(err)
			}
			var got, gotNames []string
			for _, d := range resp.BasedOn.Directives {
				got = append(got, d.ID)
				gotNames = append(gotNames, d.Name)
			}
			if !slices.Equal(gotNames, tc.want) {
				t.Errorf("reflect applied %q, want %q", gotNames, tc.want)
			}
			if p := previewed(m); !slices.Equal(p, got) {
				t.Errorf("the preview applies %v, reflect %v (%q)", p, got, gotNames)
			}
		})
	}
}

// Each left-out directive says why, and the count says how many apply.
func TestPreviewSaysWhyNot(t *testing.T) {
	m, h := uitest.Demo(t, New)
	addDirectives(t, h)
	h.Keys("p")
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"3 of 8 directives apply", "only global (untagged) directives apply",
		"✗ inactive", "✗ tagged; reflect has no tags", "✓ Ties on priority."} {
		if !strings.Contains(v, want) {
			t.Errorf("no tags: the preview lacks %q:\n%s", want, v)
		}
	}
	h.Type("travel")
	h.Keys("enter")
	h.Type("work")
	h.Keys("enter", "esc", "M") // all
	v = uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"4 of 8 directives apply", "tag mismatch: lacks work", "all: global ones, and tagged ones holding every tag"} {
		if !strings.Contains(v, want) {
			t.Errorf("travel+work all: the preview lacks %q:\n%s", want, v)
		}
	}
	if m.Capturing() {
		t.Fatal("esc did not leave the tags")
	}
	h.Keys("t")
	if !m.Capturing() {
		t.Fatal("t does not edit the tags")
	}
	h.Keys("esc", "esc")
	if m.pv.open || !strings.Contains(uitest.Plain(uitest.View(t, m)), "prio↓") {
		t.Fatal("esc did not close the preview")
	}
}

// space in the preview switches the directive under the cursor, and the preview
// moves it at once: switched on, a tagged directive that matches joins the applied.
func TestPreviewToggle(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("p")
	h.Type("source:chat")
	h.Keys("enter", "esc", "G")
	if d := m.selected(); d == nil || d.Name != "Quiet Sunday mornings" {
		t.Fatalf("G selected %+v", m.selected())
	}
	if len(previewed(m)) != 2 {
		t.Fatalf("applied %v", previewed(m))
	}
	h.Keys("space")
	if p := previewed(m); len(p) != 3 || p[2] != m.selected().ID {
		t.Fatalf("after switching it on the preview applies %v", p)
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "3 of 3 directives apply") {
		t.Fatalf("the count did not follow:\n%s", v)
	}
	ro, rh := uitest.Demo(t, New, uitest.ReadOnly())
	rh.Keys("p", "esc", "G", "space")
	if ro.rows[2].IsActive || len(rh.Toasts) != 0 {
		t.Fatal("read-only: space switched a directive in the preview")
	}
}
