package explain

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"hindsight-tui/client"
)

// API is what the explainer asks of a Hindsight server; *client.Client has it.
type API interface {
	Recall(ctx context.Context, bankID string, r client.RecallRequest) (*client.RecallResponse, error)
	GetMemory(ctx context.Context, bankID, memoryID string) (*client.Memory, error)
}

// MaxSourceLookups bounds the observations Explain reads (GET memory) to learn which
// facts they cite, when prefer_observations is on and a returned observation's
// source_fact_ids do not already say.
const MaxSourceLookups = 20

// Report is one explained recall.
type Report struct {
	BankID   string
	Request  client.RecallRequest  // as the user sent it
	Results  []client.RecallResult // what it returned (traced run; same ranking)
	Trace    *Trace
	Verdicts []Verdict // one per expected id, in the order given
	// Requests counts the HTTP requests explaining took: one traced recall, one GET
	// per distinct expected id, at most one recall without the ranking floors, and at
	// most MaxSourceLookups reads of observations.
	Requests int
}

// Explain recalls req with the trace on, reads each expected memory, and names where
// each one dropped out. It adds only what does not rank: trace, and source facts
// under prefer_observations.
func Explain(ctx context.Context, api API, bankID string, req client.RecallRequest, ids []string) (*Report, error) {
	rep := &Report{BankID: bankID, Request: req}
	traced := tracedRequest(req)
	resp, err := api.Recall(ctx, bankID, traced)
	rep.Requests++
	if err != nil {
		return nil, fmt.Errorf("recall: %w", err)
	}
	tr, err := DecodeTrace(resp.Trace)
	if err != nil {
		return nil, err
	}
	rep.Results, rep.Trace = resp.Results, tr
	in := Input{BankID: bankID, Request: req, Results: resp.Results, Trace: tr, Memories: map[string]*client.Memory{}}
	for _, id := range ids {
		if _, done := in.Memories[id]; done {
			continue
		}
		m, err := api.GetMemory(ctx, bankID, id)
		rep.Requests++
		if err != nil && !isAbsent(err) {
			return nil, fmt.Errorf("read memory %s: %w", id, err)
		}
		in.Memories[id] = m // nil when absent
	}
	if needsUnfloored(in, ids) {
		unfloored := traced
		ms := *req.MinScores
		ms.Reranker, ms.Final = nil, nil
		unfloored.MinScores = &ms
		resp, err := api.Recall(ctx, bankID, unfloored)
		rep.Requests++
		if err != nil {
			return nil, fmt.Errorf("recall without the ranking floors: %w", err)
		}
		if in.Unfloored, err = DecodeTrace(resp.Trace); err != nil {
			return nil, err
		}
	}
	for _, obs := range observationsToRead(in, ids) {
		m, err := api.GetMemory(ctx, bankID, obs)
		rep.Requests++
		if err != nil && !isAbsent(err) {
			return nil, fmt.Errorf("read observation %s: %w", obs, err)
		}
		if in.Sources == nil {
			in.Sources = map[string][]string{}
		}
		if m != nil {
			in.Sources[obs] = m.SourceMemoryIDs
		}
	}
	rep.Verdicts = Analyze(in, ids)
	return rep, nil
}

// tracedRequest is req with the trace on and, under prefer_observations, the source
// facts of returned observations (the only way a response says which facts an
// observation replaced). Neither changes the ranking.
func tracedRequest(req client.RecallRequest) client.RecallRequest {
	t := cloneRequest(req)
	t.Trace = true
	if t.PreferObservations {
		if t.Include == nil {
			t.Include = &client.RecallInclude{}
		}
		if t.Include.SourceFacts == nil {
			t.Include.SourceFacts = &client.SourceFactsInclude{}
		}
	}
	return t
}

// isAbsent: the server has no such memory (404), or the id cannot name one (400).
func isAbsent(err error) bool {
	var ae *client.APIError
	return errors.As(err, &ae) && (ae.StatusCode == http.StatusNotFound || ae.StatusCode == http.StatusBadRequest)
}

// needsUnfloored: a reranker/final floor is set and an expected memory was fused but
// not reranked, so only a recall without those floors shows its scores.
func needsUnfloored(in Input, ids []string) bool {
	ms := in.Request.MinScores
	if ms == nil || (ms.Reranker == nil && ms.Final == nil) {
		return false
	}
	return slices.ContainsFunc(ids, func(id string) bool {
		_, fused := in.Trace.FusedOf(id)
		_, _, reranked := in.Trace.RerankedOf(id)
		return fused && !reranked
	})
}

// observationsToRead lists the observations within the cut whose sources the results
// do not give, when an expected fact was reranked but neither returned nor cited by a
// returned observation: one of them may have replaced it. Best ranked first, at most
// MaxSourceLookups.
func observationsToRead(in Input, ids []string) []string {
	a := newAnalysis(in)
	if !a.prefer {
		return nil
	}
	pending := slices.ContainsFunc(ids, func(id string) bool {
		m := in.Memories[id]
		_, _, reranked := in.Trace.RerankedOf(id)
		_, returned := a.resultRank[id]
		_, cited := a.citedBy[id]
		return m != nil && reranked && !returned && !cited &&
			(m.FactType == client.FactWorld || m.FactType == client.FactExperience)
	})
	if !pending {
		return nil
	}
	var out []string
	window := in.Trace.Reranked
	if a.cut > 0 {
		window = window[:min(len(window), a.cut)]
	}
	for _, r := range window {
		if len(out) == MaxSourceLookups {
			break
		}
		if _, returned := a.resultRank[r.NodeID]; !returned && in.Trace.FactTypeOf(r.NodeID) == client.FactObservation {
			out = append(out, r.NodeID)
		}
	}
	return out
}

// Breakdown is the score breakdown of any reranked candidate of the report's recall,
// results included.
func (r *Report) Breakdown(id string) (Breakdown, bool) {
	rr, _, ok := r.Trace.RerankedOf(id)
	if !ok {
		return Breakdown{}, false
	}
	return BreakdownOf(rr)
}
