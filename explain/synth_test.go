package explain

import (
	"fmt"

	"hindsight-tui/client"
)

// Synthetic recalls for the paths the seeded bank does not reach, and for the
// benchmark: a trace built directly, with n candidates of which the first reranked
// ones are returned.

// synthID names candidate i.
func synthID(i int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", i) }

func synthText(i int) string {
	return fmt.Sprintf("Memory %d: the team moved the billing service to Postgres after the spring review.", i)
}

// synthTrace: every candidate is found by the semantic lane at its index and fused and
// reranked in the same order, unless fused/reranked cut the lists short; lane limits
// are budget; candidates whose index is a multiple of obsEvery (if > 0) are
// observations citing the next candidate.
type synthSpec struct {
	n, budget, fused, reranked, obsEvery int
}

func (s synthSpec) build() (*Trace, map[string][]string) {
	tr := &Trace{Query: TraceQuery{Text: "billing Postgres", Budget: s.budget, MaxTokens: 4096}}
	sources := map[string][]string{}
	lanes := map[string]*Lane{}
	for _, ft := range allTypes {
		for _, m := range []string{"semantic", "bm25", "graph"} {
			l := Lane{Method: m, FactType: ft}
			l.Metadata.Limit = s.budget
			tr.Lanes = append(tr.Lanes, l)
		}
	}
	for i := range tr.Lanes {
		lanes[tr.Lanes[i].Method+"/"+tr.Lanes[i].FactType] = &tr.Lanes[i]
	}
	for i := range s.n {
		id, ft := synthID(i), client.FactWorld
		if s.obsEvery > 0 && i%s.obsEvery == 0 {
			ft = client.FactObservation
			sources[id] = []string{synthID(i + 1)}
		}
		for _, m := range []string{"semantic", "bm25"} {
			l := lanes[m+"/"+ft]
			if len(l.Results) < s.budget {
				l.Results = append(l.Results, LaneHit{Rank: len(l.Results) + 1, NodeID: id, FactType: ft, Score: 1 / float64(i+1)})
			}
		}
		if i < s.fused {
			tr.Fused = append(tr.Fused, Fused{NodeID: id, RRFScore: 1 / float64(60+i), Rank: i + 1,
				SourceRanks: map[string]int{"semantic_rank": i + 1}})
		}
		if i < s.reranked {
			ce := 0.99 - float64(i)/float64(2*s.n)
			tr.Reranked = append(tr.Reranked, Reranked{NodeID: id, Text: synthText(i), Score: ce * 1.1 * 0.98, Rank: i + 1, RRFRank: i + 1,
				Components: map[string]float64{"cross_encoder_score_normalized": ce, "recency": 1, "temporal": 0.4, "proof_norm": 0.5}})
		}
	}
	return tr, sources
}

// synthInput is a recall of the synthetic trace that returned the first `returned`
// kept candidates, with a memory for each id in mems.
func synthInput(tr *Trace, req client.RecallRequest, returned int, mems ...*client.Memory) Input {
	in := Input{BankID: "synthetic", Request: req, Trace: tr, Memories: map[string]*client.Memory{}}
	for _, r := range tr.Reranked[:min(returned, len(tr.Reranked))] {
		in.Results = append(in.Results, client.RecallResult{ID: r.NodeID, Text: r.Text, Type: tr.FactTypeOf(r.NodeID)})
	}
	for _, m := range mems {
		in.Memories[m.ID] = m
	}
	return in
}

func synthMemory(i int) *client.Memory {
	return &client.Memory{ID: synthID(i), Text: synthText(i), FactType: client.FactWorld, State: "valid"}
}
