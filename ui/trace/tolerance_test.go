package trace

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"hindsight-tui/ui/uitest"
)

// allViews returns the plain view of every section at w x h, checking each frame.
func allViews(t testing.TB, m *Model, w, h int) []string {
	t.Helper()
	m.SetSize(w, h)
	var out []string
	for range max(len(m.sections), 1) {
		out = append(out, uitest.Plain(drawn(t, m, w, h)))
		sendKeys(t, m, "l", "j", "G", "k", "pgup", "g")
		drawn(t, m, w, h)
	}
	return out
}

func TestOddTraces(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		// shows must appear in some section's view; summary is the expected Summary.
		shows   []string
		summary string
	}{
		{"empty object", `{}`, []string{"not in this trace", "phase timings not in this trace"}, "trace: nothing recognisable"},
		{"every section null", `{"query":null,"retrieval_results":null,"rrf_merged":null,"reranked":null,"summary":null}`,
			[]string{"not in this trace"}, "trace: nothing recognisable"},
		{"sections of the wrong type", `{"retrieval_results":"oops","rrf_merged":7,"reranked":{"a":1},"summary":[1,2]}`,
			[]string{"unreadable in this trace (a string where a list was expected)", "unreadable in this trace (a number where a list was expected)",
				"unreadable in this trace (an object where a list was expected)",
				"summary unreadable in this trace (a list where an object was expected)"}, "trace: nothing recognisable"},
		{"only fused", `{"rrf_merged":[{"node_id":"n1","text":"only fused","rrf_score":0.5,"final_rrf_rank":1,"source_ranks":{"vector":3}}]}`,
			[]string{"only fused", "vector", "semantic", "not in this trace"}, "1 candidate"},
		{"items that are not objects", `{"retrieval_results":[1,"x",null,{"method_name":"bm25","results":[2,{"rank":1,"node_id":"a","text":"kept"}]}],
			"reranked":[true,{"rerank_rank":1,"rrf_rank":4,"text":"moved"}]}`,
			[]string{"kept", "1 unreadable skipped", "↑3", "moved"}, "1 lane (bm25) · 1 candidate"},
		{"fields of surprising types", `{"retrieval_results":[{"method_name":"semantic","fact_type":5,"duration_seconds":"0.5",
			"metadata":{"limit":[1,2],"nested":{"a":{"b":1}}},"results":[{"rank":"2","node_id":17,"text":{"no":"text"},
			"event_date":12345,"score":"high","score_name":["x"],"fact_type":null}]}],
			"rrf_merged":[{"node_id":null,"text":"fused","rrf_score":"0.25","source_ranks":[1,2],"final_rrf_rank":"one"}],
			"summary":{"total_duration_seconds":"fast","phase_metrics":[{"phase_name":null,"duration_seconds":null,"details":"busy"}]}}`,
			[]string{"17", "limit=[2] nested={a={…}}", "12345", "fused", "(unnamed)", "500.00 ms", "5 "},
			"1 lane (semantic) · 1 candidate"},
		{"retrieval results keyed by method", `{"retrieval_results":{"graph":{"results":[{"rank":1,"node_id":"g","text":"from graph"}]},
			"temporal":[{"rank":1,"node_id":"t","text":"bare list"}],"junk":3}}`,
			[]string{"from graph", "bare list"}, "2 lanes (graph, temporal) · 2 candidates"},
		{"unknown lane and extras", `{"retrieval_results":[{"method_name":"Vector_Rank","results":[{"rank":1,"node_id":"v","text":"vector hit"}],"extra":{}}],
			"new_section":{"x":1},"summary":{"phase_metrics":[],"total_duration_seconds":0}}`,
			[]string{"vector hit", "no phases", "0.00 ms total"}, "1 lane (vector) · 1 candidate · 0.00 ms"},
		{"huge embedding and empty lists", `{"query":{"query_embedding":[` + strings.Repeat("0.1,", 3000) + `0.1]},
			"retrieval_results":[],"rrf_merged":[],"reranked":[]}`,
			[]string{"no candidates", "no results"}, "0 candidates"},
		{"lane without results", `{"retrieval_results":[{"method_name":"semantic","fact_type":"world"},{"method_name":"semantic","fact_type":"experience","results":"no"}]}`,
			[]string{"results not in this trace", "results unreadable in this trace (a string where a list was expected)"}, "1 lane (semantic)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newViewer(t, tt.raw, 80, 12)
			if m.problem != "" {
				t.Fatalf("problem %q for an object trace", m.problem)
			}
			var all strings.Builder
			for _, sz := range [][2]int{{80, 12}, {118, 30}} {
				for _, v := range allViews(t, m, sz[0], sz[1]) {
					all.WriteString(v + "\n")
				}
			}
			for _, s := range tt.shows {
				if !strings.Contains(all.String(), s) {
					t.Errorf("no %q in:\n%s", s, all.String())
				}
			}
			if m.Summary() != tt.summary {
				t.Errorf("Summary = %q, want %q", m.Summary(), tt.summary)
			}
		})
	}
}

func TestNotAnObject(t *testing.T) {
	tests := []struct{ raw, line, summary string }{
		{``, "The server sent no trace for this recall.", "no trace"},
		{`null`, "The server sent no trace for this recall.", "no trace"},
		{`[1,2,3]`, "The trace is a list, not a JSON object: nothing to show.", "trace unreadable"},
		{`"trace"`, "The trace is a string, not a JSON object", "trace unreadable"},
		{`42`, "The trace is a number, not a JSON object", "trace unreadable"},
		{`true`, "The trace is a boolean, not a JSON object", "trace unreadable"},
		{`{"summary": `, "The trace is not valid JSON: nothing to show.", "trace unreadable"},
	}
	for _, tt := range tests {
		m := newViewer(t, tt.raw, 118, 5)
		v := drawn(t, m, 118, 5)
		first, _, _ := strings.Cut(uitest.Plain(v), "\n")
		if !strings.HasPrefix(first, tt.line) {
			t.Errorf("%q: first line %q, want %q", tt.raw, first, tt.line)
		}
		if strings.TrimSpace(strings.TrimPrefix(uitest.Plain(v), first)) != "" {
			t.Errorf("%q: more than one line:\n%s", tt.raw, uitest.Plain(v))
		}
		if m.Summary() != tt.summary {
			t.Errorf("%q: Summary %q", tt.raw, m.Summary())
		}
		if id, ok := m.Selected(); ok {
			t.Errorf("%q: Selected %q", tt.raw, id)
		}
		sendKeys(t, m, "l", "j", "G")
		m.Update(nil)
		drawn(t, m, 118, 5)
		allViews(t, m, 20, 3)
	}
}

func TestSanitizesTraceText(t *testing.T) {
	// sgr matches the colour sequences our own styles produce; anything else left in a
	// view would have come from the trace.
	sgr := regexp.MustCompile("\x1b\\[[0-9;:]*m")
	evil := "\x1b[31mred\x1b[0m\x1b]0;pwned\x07\x1b[2J\x1b]52;c;c2VjcmV0\x1b\\\u202eok\r\nnext\x00\x9b"
	raw := fmt.Sprintf(`{"retrieval_results":[{"method_name":%[1]s,"fact_type":%[1]s,"metadata":{%[1]s:%[1]s},
		"results":[{"rank":1,"node_id":"n","text":%[1]s,"score":1,"score_name":%[1]s,"event_date":%[1]s}]}],
		"rrf_merged":[{"node_id":"n","text":%[1]s,"source_ranks":{%[1]s:1}}],
		"reranked":[{"node_id":"n","text":%[1]s}],
		"summary":{"phase_metrics":[{"phase_name":%[1]s,"duration_seconds":0.1,"details":{%[1]s:%[1]s}}]}}`, jsonString(evil))
	m := newViewer(t, raw, 118, 12)
	if m.problem != "" {
		t.Fatal(m.problem)
	}
	seen := false
	for range m.sections {
		v := drawn(t, m, 118, 12)
		rest := sgr.ReplaceAllString(v, "")
		for _, r := range rest {
			if r == 0x1b || r == 0x9b || r == 0x07 || r == '\r' || r == 0 || r == '\u202e' {
				t.Fatalf("control %U reached the screen:\n%q", r, rest)
			}
		}
		seen = seen || strings.Contains(rest, "red")
		sendKeys(t, m, "l")
	}
	if !seen {
		t.Error("the sanitized text itself is not shown")
	}
	if strings.ContainsAny(m.Summary(), "\x1b\x07\r\n") {
		t.Errorf("Summary %q", m.Summary())
	}
}

// jsonString encodes s as a JSON string literal, escaping control characters.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == '\u202e':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Every size from nothing up must give a frame of exactly that size, and no panic.
func TestEverySize(t *testing.T) {
	traces := map[string]string{"full": readFull(t), "empty": `{}`, "list": `[]`}
	for name, raw := range traces {
		t.Run(name, func(t *testing.T) {
			m := newViewer(t, raw, 0, 0)
			drawn(t, m, 0, 0)
			for w := range 61 {
				for h := 0; h <= 9; h++ {
					for i := range max(len(m.sections), 1) {
						m.SetSize(w, h)
						sendKeys(t, m, "j", "j")
						if i == 0 {
							drawn(t, m, w, h) // the purity check costs more than the frame
						} else {
							checkSize(t, m.View(), w, h)
						}
						sendKeys(t, m, "l")
					}
				}
			}
		})
	}
}
