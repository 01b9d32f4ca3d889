package trace

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
)

// doc is what the viewer understood of one trace. Each section records whether it was
// there, so the view can tell "not in this trace" from "present but empty".
type doc struct {
	lanes    part[laneEntry]
	fused    part[fusedRow]
	reranked part[rerankRow]
	phases   part[phaseRow]
	summary  summaryInfo
}

// part is one list section of the trace: its readable items, how many items were
// skipped because they were not objects, and why the section is unusable, if it is.
type part[T any] struct {
	items   []T
	skipped int
	found   bool   // the key was present and not null
	problem string // set when the value had the wrong type
}

// laneEntry is one retrieval_results entry: one method over one fact type.
type laneEntry struct {
	method   string
	factType string
	duration num
	meta     string // compact key=value of metadata (limit, budget, …)
	hits     part[hitRow]
}

type hitRow struct {
	rank, score         num
	scoreName, factType string
	nodeID, text, date  string
}

type fusedRow struct {
	rank, score  num
	sources      map[string]num // lane name -> rank in that lane
	nodeID, text string
}

type rerankRow struct {
	rank, change, score, rrfRank num
	nodeID, text                 string
	// The parts of the score (score_components): the cross-encoder's, and the
	// recency, temporal and proof values the formula turns into multipliers.
	ce, recency, temporal, proof num
}

type phaseRow struct {
	name       string
	duration   num
	details    string
	diagnostic bool // overlaps other phases, so the server leaves it out of the total
}

type summaryInfo struct {
	found                    bool
	problem                  string // set when summary is not an object
	total, returned, visited num
}

// decode reads a trace. A trace that cannot be read at all returns a one-line reason;
// otherwise every section is read independently and oddities stay local to it.
func decode(raw json.RawMessage) (*doc, string) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil, "The server sent no trace for this recall."
	}
	top, ok := topLevel(trimmed)
	if !ok {
		if !json.Valid(trimmed) {
			return nil, "The trace is not valid JSON: nothing to show."
		}
		return nil, "The trace is " + kindOfJSON(trimmed[0]) + ", not a JSON object: nothing to show."
	}
	d := &doc{}
	d.lanes = readLanes(top.Lanes)
	d.fused = readList(top.Fused, readFused)
	d.reranked = readList(top.Reranked, readReranked)
	sv := top.Summary
	sum, sumOK := asMap(sv)
	d.phases = readList(sum["phase_metrics"], readPhase)
	switch {
	case sumOK:
		d.summary = summaryInfo{found: true, total: asNum(sum["total_duration_seconds"]),
			returned: asNum(sum["results_returned"]), visited: asNum(sum["total_nodes_visited"])}
	case sv != nil:
		d.summary.problem = kindOf(sv) + " where an object was expected"
	}
	return d, ""
}

// sections are the parts of a trace the viewer reads, still as plain JSON values.
type sections struct {
	Lanes    any `json:"retrieval_results"`
	Fused    any `json:"rrf_merged"`
	Reranked any `json:"reranked"`
	Summary  any `json:"summary"`
}

// topLevel decodes the sections from a trace object. The rest (the query with its
// embedding, visits, final_results) is most of a trace's bytes and is only skipped.
// It reports false when the trace is not a well-formed JSON object.
func topLevel(data []byte) (sections, bool) {
	var top sections
	if data[0] != '{' || json.Unmarshal(data, &top) != nil {
		return sections{}, false
	}
	return top, true
}

// kindOfJSON names the kind of a JSON text that is not an object, by its first byte.
func kindOfJSON(first byte) string {
	switch {
	case first == '[':
		return "a list"
	case first == '"':
		return "a string"
	case first == 't' || first == 'f':
		return "a boolean"
	}
	return "a number"
}

// readList reads a list section, skipping items that are not objects.
func readList[T any](v any, read func(map[string]any) T) part[T] {
	var p part[T]
	if v == nil {
		return p
	}
	p.found = true
	l, ok := asList(v)
	if !ok {
		p.problem = kindOf(v) + " where a list was expected"
		return p
	}
	p.items = make([]T, 0, len(l))
	for _, it := range l {
		m, ok := asMap(it)
		if !ok {
			p.skipped++
			continue
		}
		p.items = append(p.items, read(m))
	}
	return p
}

// readLanes reads retrieval_results. Besides the documented list it accepts an object
// keyed by method name, whose values are entries or bare result lists.
func readLanes(v any) part[laneEntry] {
	m, ok := asMap(v)
	if !ok {
		return readList(v, readLaneEntry)
	}
	p := part[laneEntry]{found: true}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		entry, isObj := asMap(m[k])
		if !isObj {
			if _, isList := asList(m[k]); !isList {
				p.skipped++
				continue
			}
			entry = map[string]any{"results": m[k]}
		}
		e := readLaneEntry(entry)
		if asText(entry["method_name"]) == "" {
			e.method = laneName(asText(k))
		}
		p.items = append(p.items, e)
	}
	return p
}

func readLaneEntry(m map[string]any) laneEntry {
	e := laneEntry{method: laneName(asText(m["method_name"])), factType: asText(m["fact_type"]),
		duration: asNum(m["duration_seconds"])}
	if meta, ok := asMap(m["metadata"]); ok {
		e.meta = compact(meta)
	}
	e.hits = readList(m["results"], readHit)
	return e
}

// laneName normalises a method name, so "Semantic" and "semantic_rank" (the key form
// rrf_merged's source_ranks uses) both name the semantic lane.
func laneName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimSuffix(s, "_rank")
	if s == "" {
		return "unknown"
	}
	return s
}

func readHit(m map[string]any) hitRow {
	return hitRow{rank: asNum(m["rank"]), score: asNum(m["score"]), scoreName: asText(m["score_name"]),
		factType: asText(m["fact_type"]), nodeID: asText(m["node_id"]), text: asText(m["text"]),
		date: fmtDate(m["event_date"])}
}

func readFused(m map[string]any) fusedRow {
	r := fusedRow{rank: asNum(m["final_rrf_rank"]), score: asNum(m["rrf_score"]),
		nodeID: asText(m["node_id"]), text: asText(m["text"])}
	if src, ok := asMap(m["source_ranks"]); ok {
		r.sources = make(map[string]num, len(src))
		for k, v := range src {
			if n := asNum(v); n.ok {
				r.sources[laneName(asText(k))] = n
			}
		}
	}
	return r
}

func readReranked(m map[string]any) rerankRow {
	r := rerankRow{rank: asNum(m["rerank_rank"]), change: asNum(m["rank_change"]), score: asNum(m["rerank_score"]),
		rrfRank: asNum(m["rrf_rank"]), nodeID: asText(m["node_id"]), text: asText(m["text"])}
	if c, ok := asMap(m["score_components"]); ok {
		r.ce, r.recency, r.temporal, r.proof = asNum(c["cross_encoder_score_normalized"]), asNum(c["recency"]),
			asNum(c["temporal"]), asNum(c["proof_norm"])
	}
	// rank_change is rrf_rank - rerank_rank; derive it when only the ranks were sent.
	if !r.change.ok && r.rank.ok && r.rrfRank.ok {
		r.change = num{v: r.rrfRank.v - r.rank.v, ok: true}
	}
	return r
}

func readPhase(m map[string]any) phaseRow {
	p := phaseRow{name: asText(m["phase_name"]), duration: asNum(m["duration_seconds"])}
	if p.name == "" {
		p.name = "(unnamed)"
	}
	if det, ok := asMap(m["details"]); ok {
		p.diagnostic = det["diagnostic"] == true
		delete(det, "diagnostic")
		p.details = compact(det)
	}
	return p
}

// Visited is how many memory nodes the recall visited, as the trace's summary says
// (total_nodes_visited); false when the trace has no such number. Only the summary is
// read, not the lanes and candidates a full decode builds.
func Visited(raw json.RawMessage) (int, bool) {
	var t struct {
		Summary map[string]any `json:"summary"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &t) != nil {
		return 0, false
	}
	n := asNum(t.Summary["total_nodes_visited"])
	if !n.ok {
		return 0, false
	}
	return int(n.v), true
}
