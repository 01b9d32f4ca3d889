package hindsighttest

import (
	"strings"
	"testing"
)

// TestExtractionModesMatchRetain: a dry run with a mode override finds what a retain
// stores once the bank is configured with that mode, and the modes differ.
func TestExtractionModesMatchRetain(t *testing.T) {
	content := "Alice Chen joined on 2026-03-02. I set up her laptop.\n\nThe offsite ran from 2026-04-10 to 2026-04-12."
	byMode := map[string][]string{}
	for _, mode := range []string{"concise", "verbose", "verbatim", "chunks"} {
		t.Run(mode, func(t *testing.T) {
			srv := newTestServer(t, WithSeed(smallSeed()))
			dry := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/memories/dry-run-extract",
				map[string]any{"content": content, "retain_extraction_mode": mode}), 200).obj(t)
			got := factsOf(t, dry)
			byMode[mode] = got
			mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/team/config",
				map[string]any{"updates": map[string]any{"retain_extraction_mode": mode}}), 200)
			mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/memories", map[string]any{"items": []any{
				map[string]any{"content": content, "document_id": "probe"}}}), 200)
			list := getObj(t, srv, "/v1/default/banks/team/memories/list?document_id=probe")["items"].([]any)
			facts := dry["facts"].([]any)
			if len(list) != len(facts) {
				t.Fatalf("dry run %d facts, retain stored %d", len(facts), len(list))
			}
			stored := map[string]map[string]any{}
			for _, it := range list {
				m := it.(map[string]any)
				stored[m["text"].(string)] = m
			}
			for _, it := range facts {
				f := it.(map[string]any)
				m := stored[f["text"].(string)]
				if m == nil || m["fact_type"] != f["fact_type"] || m["occurred_start"] != f["occurred_start"] || m["occurred_end"] != f["occurred_end"] {
					t.Errorf("fact %v stored as %v", f, m)
				}
			}
		})
	}
	if len(byMode["concise"]) != 3 || len(byMode["verbatim"]) != 1 || len(byMode["chunks"]) != 1 {
		t.Errorf("modes: %v", byMode)
	}
	if !strings.HasSuffix(byMode["chunks"][0], "[]") || strings.HasSuffix(byMode["verbatim"][0], "[]") {
		t.Errorf("the chunks mode finds no entities, verbatim does: %v", byMode)
	}
}

func TestOccurredRange(t *testing.T) {
	for text, want := range map[string]string{
		"The offsite ran from 2026-04-12 to 2026-04-10.": "2026-04-10T00:00:00+00:00 2026-04-12T23:59:59+00:00",
		"Shipped on 2026-03-02.":                         "2026-03-02T00:00:00+00:00 2026-03-02T23:59:59+00:00",
		"No date here, version 2026-13-40.":              "",
		"Nothing.":                                       "",
	} {
		s, e := occurredRange(text)
		got := ""
		if s != nil {
			got = isoTime(*s) + " " + isoTime(*e)
		}
		if got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}
