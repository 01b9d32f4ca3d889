package hindsighttest

import "unicode/utf8"

// The optional parts of a recall response: prefer_observations, chunks, source facts
// and the entities map, each following the real engine's selection rules.

// preferObservations drops raw facts that an observation within the first window
// results consolidates, so the observation supersedes them; later results move up.
func preferObservations(ranked []rankedMemory, window int) ([]rankedMemory, int) {
	superseded := map[string]bool{}
	considered := 0
	for _, rm := range ranked[:min(len(ranked), window)] {
		if rm.mem.factType == "observation" {
			considered++
			for _, sid := range rm.mem.sourceIDs {
				superseded[sid] = true
			}
		}
	}
	if len(superseded) == 0 {
		return ranked, considered
	}
	out := make([]rankedMemory, 0, len(ranked))
	for _, rm := range ranked {
		if (rm.mem.factType == "world" || rm.mem.factType == "experience") && superseded[rm.mem.id] {
			continue
		}
		out = append(out, rm)
	}
	return out, considered
}

// selectChunks picks the chunks of the ranked results in relevance order (an
// observation contributes its sources' chunks at its own rank) until maxTokens; the
// chunk that overflows is cut to fit and marked truncated, and the scan stops there.
func (s *Server) selectChunks(b *bank, top []rankedMemory, maxTokens int) (map[string]chunkData, int) {
	if b == nil {
		return nil, 0
	}
	var order []string
	seen := map[string]bool{}
	add := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			order = append(order, id)
		}
	}
	for _, rm := range top {
		if rm.mem.chunkID != "" {
			add(rm.mem.chunkID)
			continue
		}
		if rm.mem.factType == "observation" {
			for _, sid := range rm.mem.sourceIDs {
				if src := b.memories[sid]; src != nil {
					add(src.chunkID)
				}
			}
		}
	}
	out := map[string]chunkData{}
	used := 0
	for _, id := range order {
		c := s.store.chunkIndex[id]
		if c == nil {
			continue
		}
		t := estimateTokens(c.text)
		if used+t > maxTokens {
			if remaining := maxTokens - used; remaining > 0 {
				out[id] = chunkData{ID: id, Text: cutToBytes(c.text, remaining*4), ChunkIndex: c.index, Truncated: true}
				used = maxTokens
			}
			break
		}
		out[id] = chunkData{ID: id, Text: c.text, ChunkIndex: c.index}
		used += t
	}
	if len(out) == 0 {
		return nil, used
	}
	return out, used
}

// cutToBytes cuts s to at most n bytes without splitting a UTF-8 sequence.
func cutToBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// sourceFacts resolves the sources of the observations among results and selects the
// ones that fit the budget, exactly as the real server spends it: per observation when
// maxPerObs >= 0, else one shared budget (negative = unlimited). truncated is set only
// when an advertised source was left out for budget.
func sourceFacts(b *bank, results []rankedMemory, maxTotal, maxPerObs int) (map[string]recallResult, map[string][]string, bool) {
	idsByObs := map[string][]string{}
	var obsOrder []string
	if b == nil {
		return nil, idsByObs, false
	}
	var ordered []string
	seenSrc := map[string]bool{}
	for _, rm := range results {
		if rm.mem.factType != "observation" {
			continue
		}
		ids := append([]string{}, rm.mem.sourceIDs...)
		idsByObs[rm.mem.id] = ids
		obsOrder = append(obsOrder, rm.mem.id)
		for _, sid := range ids {
			if !seenSrc[sid] {
				seenSrc[sid] = true
				ordered = append(ordered, sid)
			}
		}
	}
	textOf := func(id string) (string, bool) {
		m := b.memories[id]
		if !isValidMemory(m) {
			return "", false
		}
		return m.text, true
	}
	var selected []string
	taken, skipped := map[string]bool{}, map[string]bool{}
	take := func(id string) {
		if !taken[id] {
			taken[id] = true
			selected = append(selected, id)
		}
	}
	if maxPerObs >= 0 {
		for _, obs := range obsOrder {
			used := 0
			for _, sid := range idsByObs[obs] {
				text, ok := textOf(sid)
				if !ok {
					continue
				}
				if t := estimateTokens(text); used+t > maxPerObs {
					skipped[sid] = true
				} else {
					used += t
					take(sid)
				}
			}
		}
	} else {
		used := 0
		for _, sid := range ordered {
			text, ok := textOf(sid)
			if !ok {
				continue
			}
			if t := estimateTokens(text); maxTotal >= 0 && used+t > maxTotal {
				skipped[sid] = true
			} else {
				used += t
				take(sid)
			}
		}
	}
	truncated := false
	for sid := range skipped {
		if !taken[sid] {
			truncated = true
		}
	}
	if len(selected) == 0 {
		return nil, idsByObs, truncated
	}
	out := make(map[string]recallResult, len(selected))
	for _, sid := range selected {
		out[sid] = resultOf(b.memories[sid], false)
	}
	return out, idsByObs, truncated
}

// resultEntities is the top-level entities map: every entity of the returned results,
// keyed by canonical name.
func resultEntities(b *bank, results []rankedMemory) map[string]entityState {
	if b == nil {
		return nil
	}
	out := map[string]entityState{}
	for _, rm := range results {
		for _, id := range memoryEntityIDs(b, rm.mem) {
			e := b.entities[id]
			if e == nil {
				continue
			}
			if _, dup := out[e.canonicalName]; !dup {
				out[e.canonicalName] = entityState{EntityID: e.id, CanonicalName: e.canonicalName, Observations: []any{}}
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
