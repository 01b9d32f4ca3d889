package hindsighttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
)

// handleConsolidate serves POST …/consolidate. Without scopes it reuses the bank's
// pending (not yet processing) consolidation of the whole bank, answering
// deduplicated:true; with scopes (an empty list included) it always queues a new run.
// A missing bank is a 404, since the request queues work on it.
func (s *Server) handleConsolidate(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	scopes, scoped := parseConsolidationBody(q)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	if b == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Bank '%s' not found", bankID))
		return
	}
	now := s.now()
	if !scoped {
		if op := s.pendingUnscoped(bankID); op != nil {
			s.activate(op, now)
			writeJSON(w, http.StatusOK, map[string]any{"operation_id": op.id, "deduplicated": true})
			return
		}
	}
	op := s.queueConsolidation(b, scopes, now)
	writeJSON(w, http.StatusOK, map[string]any{"operation_id": op.id, "deduplicated": false})
}

// parseConsolidationBody reads the optional ConsolidationRequest: no body, a null body
// or a null observation_scopes mean the whole bank; scoped reports whether a list
// was given.
func parseConsolidationBody(q *request) (scopes [][]string, scoped bool) {
	raw, _ := io.ReadAll(http.MaxBytesReader(nil, q.r.Body, 16<<20))
	if t := bytes.TrimSpace(raw); len(t) == 0 || string(t) == "null" {
		return nil, false
	}
	q.r.Body = io.NopCloser(bytes.NewReader(raw))
	f := q.body(true, "observation_scopes")
	if f == nil || !f.has("observation_scopes") || f.null("observation_scopes") {
		return nil, false
	}
	var items []json.RawMessage
	if err := json.Unmarshal(f.obj["observation_scopes"], &items); err != nil {
		f.q.fail(validationError{Type: "list_type", Loc: f.at("observation_scopes"), Msg: "Input should be a valid list",
			Input: f.input("observation_scopes")})
		return nil, false
	}
	scopes = [][]string{}
	for i, item := range items {
		if string(bytes.TrimSpace(item)) == "null" {
			f.q.fail(validationError{Type: "list_type", Loc: append(f.at("observation_scopes"), i),
				Msg: "Input should be a valid list", Input: nil})
			continue
		}
		inner := &fields{obj: map[string]json.RawMessage{"v": item}, loc: f.at("observation_scopes"), q: q}
		before := len(q.errs)
		tags := inner.strList("v")
		for j := before; j < len(q.errs); j++ { // point errors at the item, not at "v"
			q.errs[j].Loc = fixScopeLoc(q.errs[j].Loc, i)
		}
		scopes = append(scopes, orEmpty(tags))
	}
	return scopes, true
}

// fixScopeLoc replaces the placeholder key of a nested list error by the item index.
func fixScopeLoc(loc []any, i int) []any {
	out := slices.Clone(loc)
	for k, v := range out {
		if v == "v" {
			out[k] = i
		}
	}
	return out
}

// handleRecoverConsolidation serves POST …/consolidation/recover: facts whose
// consolidation failed are made pending again; nothing is queued (with background
// consolidation on, the next run picks them up; see resetConsolidation).
func (s *Server) handleRecoverConsolidation(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	n := 0
	if b := s.store.banks[bankID]; b != nil {
		for _, m := range b.memories {
			if m.state != "valid" || m.factType == "observation" ||
				(m.consolidationFailedAt == nil && m.consolidation != "failed") {
				continue
			}
			m.consolidation, m.consolidatedAt, m.consolidationFailedAt = "pending", nil, nil
			n++
		}
		if n > 0 {
			b.rev++
			s.resetConsolidation(b)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"retried_count": n})
}

// resetConsolidation stands in for the real server's maintenance reconcile, which
// queues consolidation within minutes for a bank with unconsolidated facts: with
// background consolidation on (and the bank consolidating by itself) a run is queued
// at once.
func (s *Server) resetConsolidation(b *bank) {
	if s.autoConsolidation(b) && len(pendingFacts(b, nil)) > 0 {
		s.requestConsolidation(b, s.now())
	}
}

// observationScope is ObservationScope.
type observationScope struct {
	Tags  []string `json:"tags"`
	Count int      `json:"count"`
}

// handleObservationScopes serves GET …/observations/scopes: each distinct tag set of the
// bank's observations with how many live under it, most populous first, then by tags.
func (s *Server) handleObservationScopes(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	scopes := []observationScope{}
	if b := s.store.banks[bankID]; b != nil {
		byKey := map[string]int{}
		for _, m := range b.memories {
			if m.factType != "observation" || m.state != "valid" {
				continue
			}
			tags := sortedSet(m.tags)
			k := scopeKey(tags)
			if i, ok := byKey[k]; ok {
				scopes[i].Count++
				continue
			}
			byKey[k] = len(scopes)
			scopes = append(scopes, observationScope{Tags: orEmpty(tags), Count: 1})
		}
	}
	sort.Slice(scopes, func(i, j int) bool {
		if scopes[i].Count != scopes[j].Count {
			return scopes[i].Count > scopes[j].Count
		}
		return compareTagArrays(scopes[i].Tags, scopes[j].Tags) < 0
	})
	writeJSON(w, http.StatusOK, map[string]any{"scopes": scopes})
}

// compareTagArrays orders tag lists like Postgres orders text arrays: element by
// element, a prefix first.
func compareTagArrays(a, b []string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := strings.Compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}
