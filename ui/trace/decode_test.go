package trace

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func readFull(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/full.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sectionByKey returns the section with the key, failing the test when there is none.
func sectionByKey(t testing.TB, m *Model, key string) *section {
	t.Helper()
	for _, s := range m.sections {
		if s.key == key {
			return s
		}
	}
	t.Fatalf("no section %q", key)
	return nil
}

// dataRows counts the rows of a section the cursor can visit.
func dataRows(s *section) int { return len(s.tbl.selectable) }

func TestDemoServerTrace(t *testing.T) {
	raw := demoTrace(t)
	var top map[string]any
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatal(err)
	}
	m := newViewer(t, string(raw), 118, 30)
	if m.problem != "" {
		t.Fatalf("problem: %s", m.problem)
	}
	var keys []string
	for _, s := range m.sections {
		keys = append(keys, s.key)
	}
	if got := strings.Join(keys, " "); got != "lane:semantic lane:bm25 lane:graph lane:temporal fused reranked phases" {
		t.Fatalf("sections: %s", got)
	}
	// The demo runs every lane once per fact type; the lane tab groups them.
	sem := sectionByKey(t, m, "lane:semantic")
	lanes := top["retrieval_results"].([]any)
	want, groups := 0, 0
	for _, l := range lanes {
		l := l.(map[string]any)
		if l["method_name"] == "semantic" {
			want += len(l["results"].([]any))
			groups++
		}
	}
	if dataRows(sem) != want || len(sem.tbl.rows) != want+groups {
		t.Errorf("semantic: %d rows (%d total), want %d + %d group headings", dataRows(sem), len(sem.tbl.rows), want, groups)
	}
	if sem.tbl.cols[1].title != "similarity" {
		t.Errorf("score column = %q, want the trace's score_name", sem.tbl.cols[1].title)
	}
	if tmp := sectionByKey(t, m, "lane:temporal"); !tmp.absent || tmp.missing != notInTrace {
		t.Errorf("temporal: absent %v missing %q", tmp.absent, tmp.missing)
	}
	fused := sectionByKey(t, m, "fused")
	if n := len(top["rrf_merged"].([]any)); dataRows(fused) != n {
		t.Errorf("fused rows %d, want %d", dataRows(fused), n)
	}
	// source_ranks keys come as "semantic_rank": they still land in the lane columns.
	first := top["rrf_merged"].([]any)[0].(map[string]any)
	src := first["source_ranks"].(map[string]any)
	row := fused.tbl.rows[0]
	for i, c := range fused.tbl.cols {
		if v, ok := src[c.title+"_rank"]; ok {
			if got := strings.TrimSpace(row.cells[i].text); got != fmtNumber(v.(float64)) {
				t.Errorf("fused %s rank = %q, want %v", c.title, got, v)
			}
		}
	}
	if n := len(top["reranked"].([]any)); dataRows(sectionByKey(t, m, "reranked")) != n {
		t.Errorf("reranked rows %d, want %d", dataRows(sectionByKey(t, m, "reranked")), n)
	}
	phases := top["summary"].(map[string]any)["phase_metrics"].([]any)
	if dataRows(sectionByKey(t, m, "phases")) != len(phases) {
		t.Errorf("phases %d, want %d", dataRows(sectionByKey(t, m, "phases")), len(phases))
	}
	if got, want := m.Summary(), "3 lanes (semantic, bm25, graph) · 79 candidates · 2.46 ms"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	id, ok := m.Selected()
	hit := lanes[0].(map[string]any)["results"].([]any)[0].(map[string]any)
	if !ok || id != hit["node_id"] {
		t.Errorf("Selected = %q %v, want the first semantic hit %v", id, ok, hit["node_id"])
	}
}

func TestFullTrace(t *testing.T) {
	m := newViewer(t, readFull(t), 118, 30)
	if got, want := m.Summary(), "4 lanes (semantic, bm25, graph, temporal) · 5 candidates · 123.40 ms"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	for _, s := range m.sections {
		if s.absent || s.missing != "" {
			t.Errorf("%s: absent %v %q", s.key, s.absent, s.missing)
		}
	}
	// One entry: no group heading, its fact type and metadata go to the header line.
	tmp := sectionByKey(t, m, "lane:temporal")
	if len(tmp.tbl.rows) != 2 || tmp.tbl.rows[0].group {
		t.Errorf("temporal rows %+v", tmp.tbl.rows)
	}
	if !strings.Contains(tmp.info, "world · 1.50 ms · budget=300 constraint={end=2026-06-30T23:59:59+00:00") {
		t.Errorf("temporal info %q", tmp.info)
	}
	sem := sectionByKey(t, m, "lane:semantic")
	if !sem.tbl.rows[0].group || !sem.tbl.rows[4].group || dataRows(sem) != 5 {
		t.Errorf("semantic groups: %d rows", len(sem.tbl.rows))
	}
	if !strings.Contains(sem.info, "5 results · 2 fact types · 22.40 ms") {
		t.Errorf("semantic info %q", sem.info)
	}
	// A missing event_date is a dash, not a blank or "null".
	if got := sem.tbl.rows[3].cells[4].text; got != dash {
		t.Errorf("null event date = %q", got)
	}
	fused := sectionByKey(t, m, "fused")
	var titles []string
	for _, c := range fused.tbl.cols {
		titles = append(titles, c.title)
	}
	if got := strings.Join(titles, ","); got != "#,rrf score,semantic,bm25,graph,temporal,text" {
		t.Errorf("fused columns %s", got)
	}
	rr := sectionByKey(t, m, "reranked")
	var moves []string
	for _, r := range rr.tbl.rows {
		moves = append(moves, r.cells[1].text)
	}
	// The fourth row has no rank_change: it is derived from rrf_rank - rerank_rank.
	if got := strings.Join(moves, " "); got != "↑3 ↓1 = ↓2 =" {
		t.Errorf("moves %s", got)
	}
	if rr.tbl.rows[0].cells[1].tone != toneSuccess || rr.tbl.rows[1].cells[1].tone != toneError || rr.tbl.rows[2].cells[1].tone != toneMuted {
		t.Error("rank change tones")
	}
	ph := sectionByKey(t, m, "phases")
	if !strings.Contains(ph.info, "6 phases · 123.40 ms total · 4 results returned · 5 nodes visited") {
		t.Errorf("phases info %q", ph.info)
	}
	diag := ph.tbl.rows[2]
	if diag.cells[0].tone != toneMuted || !strings.Contains(diag.cells[3].text, "diagnostic") {
		t.Errorf("diagnostic phase %+v", diag)
	}
	if got := ph.tbl.rows[4].cells[3].text; got != "candidates_reranked=5 model={device=cpu name=ms-marco} reranker_type=cross-encoder" {
		t.Errorf("details %q", got)
	}
	if got := strings.TrimSpace(ph.tbl.rows[4].cells[2].text); got != "█████" {
		t.Errorf("reranking bar %q (61.7 of 123.4 ms is half of 10 cells)", got)
	}
}

func TestBar(t *testing.T) {
	for _, tt := range []struct {
		frac float64
		want string
	}{
		{0, "          "}, {1, "██████████"}, {0.5, "█████     "}, {0.0001, "▏         "},
		{0.05, "▌         "}, {0.0625, "▋         "}, {2, "██████████"}, {-1, "          "},
	} {
		if got := bar(tt.frac, 10); got != tt.want {
			t.Errorf("bar(%v) = %q, want %q", tt.frac, got, tt.want)
		}
	}
}

func TestValueReaders(t *testing.T) {
	if n := asNum("3"); !n.ok || n.v != 3 {
		t.Errorf("numeric string: %+v", n)
	}
	for _, v := range []any{"x", "NaN", "Inf", nil, true, []any{}, map[string]any{}} {
		if asNum(v).ok {
			t.Errorf("asNum(%#v) is a number", v)
		}
	}
	if got := asText(42.5); got != "42.5" {
		t.Errorf("asText(42.5) = %q", got)
	}
	if got := asText(map[string]any{"a": 1.0}); got != "" {
		t.Errorf("asText(object) = %q", got)
	}
	if got := fmtDate("2026-06-11T15:35:00+00:00"); got != "2026-06-11" {
		t.Errorf("fmtDate = %q", got)
	}
	if got := fmtDate("last spring"); got != "last spring" {
		t.Errorf("fmtDate(free text) = %q", got)
	}
	if got := fmtScore(num{v: 1234567, ok: true}); got != "1.23e+06" {
		t.Errorf("fmtScore(big) = %q", got)
	}
	if got := fmtDuration(12.5); got != "12.50 s" {
		t.Errorf("fmtDuration = %q", got)
	}
	if got := laneName(" Semantic_rank "); got != "semantic" {
		t.Errorf("laneName = %q", got)
	}
}

func TestVisited(t *testing.T) {
	for raw, want := range map[string]int{
		`{"summary":{"total_nodes_visited":58}}`:   58,
		`{"summary":{"total_nodes_visited":"12"}}`: 12,
		`{"summary":{}}`: -1,
		`[1,2]`:          -1,
		``:               -1,
	} {
		n, ok := Visited(json.RawMessage(raw))
		if !ok {
			n = -1
		}
		if n != want {
			t.Errorf("Visited(%s) = %d, %v; want %d", raw, n, ok, want)
		}
	}
}
