package explain

import (
	"fmt"
	"slices"
	"strings"

	"hindsight-tui/client"
)

// Input is everything the explainer reads about one recall. Explain gathers it over
// HTTP; tests and benchmarks build it directly.
type Input struct {
	BankID  string
	Request client.RecallRequest // as the user sent it
	// Results and Trace are the recall of Request with the trace on.
	Results []client.RecallResult
	Trace   *Trace
	// Memories holds GET memory for each expected id; an absent or nil entry is a 404.
	Memories map[string]*client.Memory
	// Unfloored is the trace of Request without min_scores.reranker/final, fetched
	// only when a memory was fused but not reranked under those floors.
	Unfloored *Trace
	// Sources lists source memory ids of observations that were ranked within the cut
	// but not returned (returned ones carry theirs), for prefer_observations.
	Sources map[string][]string
}

// allTypes are the fact types recall searches when none are requested.
var allTypes = []string{client.FactWorld, client.FactExperience, client.FactObservation}

// analysis is one recall prepared for questions about many memories: each list is
// indexed once, so a verdict costs lookups, not scans.
type analysis struct {
	in         Input
	types      []string
	prefer     bool
	cut        int // 0: the trace does not say
	maxTokens  int
	resultRank map[string]int
	citedBy    map[string]string // raw fact -> the observation that replaced it
	kept       []Reranked        // the reranked list after prefer_observations
	keptPos    map[string]int    // 1-based position in kept
	tokens     []int             // tokens[i]: estimated tokens of kept[:i]
}

// Analyze explains each id against one recall, in the order given.
func Analyze(in Input, ids []string) []Verdict {
	a := newAnalysis(in)
	out := make([]Verdict, 0, len(ids))
	for _, id := range ids {
		out = append(out, a.verdict(id))
	}
	return out
}

func newAnalysis(in Input) *analysis {
	if in.Trace == nil {
		in.Trace = &Trace{}
	}
	a := &analysis{in: in, types: effectiveTypes(in.Request.Types), cut: in.Trace.Cut(),
		maxTokens: 4096, resultRank: make(map[string]int, len(in.Results)), citedBy: map[string]string{}}
	if in.Request.MaxTokens != nil {
		a.maxTokens = *in.Request.MaxTokens
	}
	a.prefer = in.Request.PreferObservations && slices.Contains(a.types, client.FactObservation) &&
		(slices.Contains(a.types, client.FactWorld) || slices.Contains(a.types, client.FactExperience))
	sources := map[string][]string{}
	for i, r := range in.Results {
		if _, dup := a.resultRank[r.ID]; !dup {
			a.resultRank[r.ID] = i + 1
		}
		if r.Type == client.FactObservation {
			sources[r.ID] = r.SourceFactIDs
		}
	}
	for id, s := range in.Sources {
		if _, ok := sources[id]; !ok {
			sources[id] = s
		}
	}
	tr := in.Trace
	window := tr.Reranked
	if a.cut > 0 {
		window = window[:min(len(window), a.cut)]
	}
	if a.prefer {
		for _, r := range window {
			if tr.FactTypeOf(r.NodeID) != client.FactObservation {
				continue
			}
			for _, src := range sources[r.NodeID] {
				if _, ok := a.citedBy[src]; !ok {
					a.citedBy[src] = r.NodeID
				}
			}
		}
	}
	a.kept = make([]Reranked, 0, len(tr.Reranked))
	a.keptPos = make(map[string]int, len(tr.Reranked))
	a.tokens = make([]int, 1, len(tr.Reranked)+1)
	for _, r := range tr.Reranked {
		if a.superseded(r.NodeID, tr.FactTypeOf(r.NodeID)) {
			continue
		}
		a.kept = append(a.kept, r)
		a.keptPos[r.NodeID] = len(a.kept)
		a.tokens = append(a.tokens, a.tokens[len(a.tokens)-1]+EstimateTokens(r.Text))
	}
	return a
}

// superseded: prefer_observations drops a raw fact that an observation within the cut
// cites.
func (a *analysis) superseded(id, factType string) bool {
	if !a.prefer || (factType != client.FactWorld && factType != client.FactExperience) {
		return false
	}
	_, ok := a.citedBy[id]
	return ok
}

// effectiveTypes is what recall searches: the requested types without "opinion" (the
// server drops it silently), or all three when none are requested.
func effectiveTypes(types []string) []string {
	if len(types) == 0 {
		return slices.Clone(allTypes)
	}
	var out []string
	for _, t := range types {
		if slices.Contains(allTypes, t) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// EstimateTokens approximates the server's token count of a text (tiktoken cl100k) at
// four bytes a token, rounded up: exact for the test server, close for English.
func EstimateTokens(text string) int { return (len(text) + 3) / 4 }

// verdict walks the stages in the server's order and stops at the first that drops id.
func (a *analysis) verdict(id string) Verdict {
	tr := a.in.Trace
	v := Verdict{MemoryID: id, Memory: a.in.Memories[id], Lanes: tr.LanesOf(id)}
	if f, ok := tr.FusedOf(id); ok {
		v.FusedRank = f.Rank
	}
	if r, _, ok := tr.RerankedOf(id); ok {
		v.RerankedRank = r.Rank
		if b, ok := BreakdownOf(r); ok {
			v.Score = &b
		}
	}
	if rank, ok := a.resultRank[id]; ok {
		return a.recalled(v, rank)
	}
	m := v.Memory
	switch {
	case m == nil:
		v.Stage, v.Summary = StageMissing, fmt.Sprintf("bank %s has no memory with this id (GET memory answers 404)", a.in.BankID)
		v.Fix = Fix{Hint: "nothing in the request can return it: check the id and the bank, or retain it again"}
		return v
	case m.State == "invalidated":
		return a.invalidated(v, m)
	case m.FactType != "" && !slices.Contains(a.types, m.FactType):
		return a.wrongType(v, m)
	}
	if ok, rule, fix := tagsVerdict(m.Tags, a.in.Request); !ok {
		v.Stage, v.Summary, v.Fix = StageTags, rule, fix
		v.Evidence = []string{a.scopeLine()}
		return v
	}
	switch {
	case v.FusedRank == 0:
		return a.notFound(v, m)
	case v.RerankedRank == 0:
		return a.notReranked(v)
	case a.superseded(id, m.FactType):
		return a.replaced(v)
	case a.cut > 0 && a.keptPos[id] > a.cut:
		return a.belowCut(v)
	}
	return a.tokenCut(v)
}

func (a *analysis) recalled(v Verdict, rank int) Verdict {
	v.Stage, v.Rank = StageRecalled, rank
	v.Summary = fmt.Sprintf("recalled at rank %d of %d", rank, len(a.in.Results))
	v.Evidence = a.rankedEvidence(v, a.in.Trace)
	return v
}

func (a *analysis) invalidated(v Verdict, m *client.Memory) Verdict {
	v.Stage = StageInvalidated
	v.Summary = "it was invalidated, and recall skips invalidated memories"
	if !m.InvalidatedAt.IsZero() {
		v.Summary = fmt.Sprintf("it was invalidated on %s, and recall skips invalidated memories", m.InvalidatedAt.UTC().Format("2006-01-02"))
	}
	if m.InvalidationReason != "" {
		v.Evidence = append(v.Evidence, "reason given: "+m.InvalidationReason)
	}
	v.Fix = Fix{Hint: "no request parameter returns it: restore it (mark it valid again) if it still holds"}
	return v
}

func (a *analysis) wrongType(v Verdict, m *client.Memory) Verdict {
	v.Stage = StageType
	v.Summary = fmt.Sprintf("it is %s %s memory, and the request searches %s only", article(m.FactType), m.FactType, strings.Join(a.types, ", "))
	if len(a.types) == 0 {
		v.Summary = fmt.Sprintf("it is %s %s memory, and the request names no searchable type (opinion is ignored)", article(m.FactType), m.FactType)
	}
	changed := cloneRequest(a.in.Request)
	changed.Types = nil
	for _, t := range allTypes {
		if slices.Contains(a.types, t) || t == m.FactType {
			changed.Types = append(changed.Types, t)
		}
	}
	v.Fix = Fix{Label: "add type " + m.FactType, Request: &changed}
	return v
}

func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// scopeLine describes the request's tag filter.
func (a *analysis) scopeLine() string {
	s := scopeOf(a.in.Request)
	if len(s.groups) > 0 {
		return fmt.Sprintf("the request filters by %d tag group(s)", len(s.groups))
	}
	if len(s.tags) == 0 {
		return "the request filters by tags_match " + s.mode + " with no tags"
	}
	return fmt.Sprintf("the request filters by tags %s with tags_match %s", tagList(s.tags), s.mode)
}
