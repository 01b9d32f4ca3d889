package recall

import (
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// A replay (common.ReplayRecallMsg, p in the audit log) is the A/B comparison with
// the logged answer as A, named "then", and the same request sent again as B, named
// "now". B sends the logged request exactly as it was recorded (the defaults the
// server filled in included), not one rebuilt from the filter bar; r sends it again.
// The bar and the search box take the request's parameters, so b (edit B) and
// leaving the comparison start from them.

// replayNames label the two sides of a replay.
var replayNames = [2]string{"then", "now"}

// replayed takes a logged recall: the bank it ran in, its parameters, its answer as
// A, and sends it again as B.
func (m *Model) replayed(msg common.ReplayRecallMsg) tea.Cmd {
	if msg.BankID == "" || msg.Response == nil {
		return nil
	}
	var cmds []tea.Cmd
	if msg.BankID != m.bank {
		cmds = append(cmds, m.selectBank(msg.BankID))
	}
	cmds = append(cmds, m.endCompare())
	m.stop()
	m.typeSeq++
	m.search.SetValue(msg.Request.Query)
	m.search.CursorEnd()
	m.cur.filters = filtersOf(msg.Request)
	m.validate()
	a := newResultSet(m.c, msg.Request, msg.Response, msg.Took)
	m.res, m.err, m.serverErrs = a, nil, nil
	m.cursor, m.offset, m.showTrace, m.showExplain = 0, 0, false, false
	m.detail = detailState{}
	req := cloneRequest(msg.Request)
	m.cmp = compareState{seq: m.cmp.seq + 1, a: a, bFilters: m.cur.filters.clone(), names: replayNames,
		replay: &req, replayAt: msg.At}
	cmds = append(cmds, m.bar.Sync(), m.focusZone(zoneResults), m.runB())
	return tea.Batch(cmds...)
}

// cloneRequest is a copy of req that shares no slice with it.
func cloneRequest(req client.RecallRequest) client.RecallRequest {
	req.Types, req.Tags = slices.Clone(req.Types), slices.Clone(req.Tags)
	req.TagGroups = slices.Clone(req.TagGroups)
	return req
}

// filtersOf is the filter bar's state for a request: the inverse of buildRequest,
// leaving at "" what equals the server's default. What the bar cannot hold
// (tag_groups, entities' own max_tokens) only a replay's exact request keeps.
func filtersOf(req client.RecallRequest) filters {
	var f filters
	for i, t := range factTypes() {
		f.types[i] = slices.Contains(req.Types, t)
	}
	f.tags = slices.Clone(req.Tags)
	if req.TagsMatch != defaultMatch {
		f.match = req.TagsMatch
	}
	if req.Budget != defaultBudget {
		f.budget = req.Budget
	}
	if req.MaxTokens != nil && *req.MaxTokens != defaultMaxTokens {
		f.maxTokens = strconv.Itoa(*req.MaxTokens)
	}
	f.timestamp = req.QueryTimestamp
	if w := req.TemporalWindow; w != nil {
		f.winStart, f.winEnd = w.Start, w.End
	}
	if inc := req.Include; inc != nil {
		f.noEntities, f.chunks, f.sourceFacts = inc.NoEntities, inc.Chunks != nil, inc.SourceFacts != nil
	}
	f.prefer, f.trace = req.PreferObservations, req.Trace
	if ms := req.MinScores; ms != nil {
		for i, v := range []*float64{ms.Semantic, ms.Keyword, ms.Reranker, ms.Final} {
			if v != nil {
				f.minScores[i] = strconv.FormatFloat(*v, 'g', -1, 64)
			}
		}
	}
	return f
}

// sideNames are the comparison's two labels: A and B, or then and now in a replay.
func (s *compareState) sideNames() [2]string {
	if s.names[0] == "" {
		return [2]string{"A", "B"}
	}
	return s.names
}

// replayLine says what a replay's B is: the logged request, sent again.
func (s *compareState) replayLine() string {
	return "logged " + s.replayAt.UTC().Format("2006-01-02 15:04") + ", sent again now"
}
