package hindsighttest

import (
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"testing"
	"time"
)

// explainTable is the explainer's seeded cases, the same as seeddata/explain_cases.json
// (TestExplainCasesFileMatchesTable keeps the two in step): per stage, the memory of
// the explain-lab bank that drops out there, the request, and the change that brings
// it back.
var explainTable = []struct {
	stage, key string
	request    map[string]any
	bringBack  map[string]any
}{
	{StageMissing, "priya-frequent-flyer", map[string]any{"query": "What is Priya's frequent flyer number?"}, nil},
	{StageInvalidated, "priya-vegetarian", map[string]any{"query": "What does Priya eat?"}, nil},
	{StageType, "priya-lisbon-december-booking",
		map[string]any{"query": "What did I book for Priya's Lisbon trip?", "types": []any{"world"}},
		map[string]any{"types": []any{"world", "experience"}}},
	{StageTags, "fenna-london-exception",
		map[string]any{"query": "What is the hotel limit in London?", "tags": []any{"policy:travel"}, "tags_match": "any_strict"},
		map[string]any{"tags_match": "any"}},
	{StageRetrieval, "norway-january", map[string]any{"query": "What should I pack for Oslo?"}, nil},
	{StageMinScores, "priya-morning",
		map[string]any{"query": "When does Priya fly to Lisbon next?", "min_scores": map[string]any{"reranker": 0.5}},
		map[string]any{"min_scores": nil}},
	{StageBudget, "priya-tidewell-lead",
		map[string]any{"query": "Which trips are coming up?", "budget": "low", "max_tokens": 100000.0},
		map[string]any{"budget": "mid"}},
	{StageMaxTokens, "priya-lisbon-december-booking",
		map[string]any{"query": "When does Priya fly to Lisbon next?", "max_tokens": 40.0},
		map[string]any{"max_tokens": 4096.0}},
	{StageObservation, "priya-aisle",
		map[string]any{"query": "How does Priya like to fly?", "prefer_observations": true, "include": map[string]any{"source_facts": map[string]any{}}},
		map[string]any{"prefer_observations": false}},
	{StageRecalled, "priya-lisbon-december", map[string]any{"query": "When does Priya fly to Lisbon next?"}, nil},
}

func TestExplainCasesFileMatchesTable(t *testing.T) {
	cases, err := ExplainCases()
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != len(explainTable) {
		t.Fatalf("%d cases in the file, %d in the table", len(cases), len(explainTable))
	}
	keys := map[string]bool{}
	for _, m := range explainLabBank().Memories {
		keys[m.Key] = true
	}
	for i, want := range explainTable {
		c := cases[i]
		var req, back map[string]any
		mustUnmarshal(t, c.Request, &req)
		if len(c.BringBack) > 0 {
			mustUnmarshal(t, c.BringBack, &back)
		}
		if c.Stage != want.stage || c.SeedKey != want.key || c.BankID != explainLabID ||
			!reflect.DeepEqual(req, want.request) || !reflect.DeepEqual(back, want.bringBack) {
			t.Errorf("case %d (%s) differs from the table:\nfile  %s %s %s %s\ntable %v %v", i, c.Name, c.Stage, c.SeedKey, c.Request, c.BringBack, want.request, want.bringBack)
		}
		if c.MemoryID != derivedID(explainLabID, "memory", c.SeedKey) {
			t.Errorf("%s: memory_id %s is not the id of seed key %s", c.Name, c.MemoryID, c.SeedKey)
		}
		if keys[c.SeedKey] == (c.Stage == StageMissing) {
			t.Errorf("%s: seed key %q present = %v", c.Name, c.SeedKey, keys[c.SeedKey])
		}
	}
	var stages []string
	for _, c := range cases {
		stages = append(stages, c.Stage)
	}
	for _, s := range []string{StageMissing, StageInvalidated, StageType, StageTags, StageRetrieval, StageMinScores,
		StageBudget, StageMaxTokens, StageObservation, StageRecalled} {
		if !slices.Contains(stages, s) {
			t.Errorf("no case for stage %s", s)
		}
	}
}

// explainRecall is one recall of a case, with what the checks read.
type explainRecall struct {
	results []explainResult
	trace   wireTrace
}

type explainResult struct {
	ID            string   `json:"id"`
	Text          string   `json:"text"`
	Type          string   `json:"type"`
	SourceFactIDs []string `json:"source_fact_ids"`
}

func (r explainRecall) returned(id string) bool {
	return slices.ContainsFunc(r.results, func(x explainResult) bool { return x.ID == id })
}

func runExplainRecall(t *testing.T, s *Server, bank string, body json.RawMessage) explainRecall {
	t.Helper()
	var req map[string]any
	mustUnmarshal(t, body, &req)
	req["trace"] = true
	res := post(t, s, "/v1/default/banks/"+bank+"/memories/recall", req)
	if res.status != http.StatusOK {
		t.Fatalf("recall %s: %d %s", body, res.status, res.body)
	}
	var out explainRecall
	var decoded struct {
		Results json.RawMessage `json:"results"`
	}
	mustUnmarshal(t, res.body, &decoded)
	mustUnmarshal(t, decoded.Results, &out.results)
	out.trace = decodeTrace(t, res.body)
	return out
}

// storedMemory is what GET …/memories/{id} says about a pinned memory.
type storedMemory struct {
	status int
	Type   string   `json:"type"`
	Text   string   `json:"text"`
	Tags   []string `json:"tags"`
	State  string   `json:"state"`
}

func getMemory(t *testing.T, s *Server, bank, id string) storedMemory {
	t.Helper()
	resp, err := http.Get(s.URL() + "/v1/default/banks/" + bank + "/memories/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	m := storedMemory{status: resp.StatusCode}
	if resp.StatusCode == http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// Each case's memory drops out at its stage, and the response and trace show why;
// where a request change can bring it back, it does.
func TestExplainCases(t *testing.T) {
	cases, err := ExplainCases()
	if err != nil {
		t.Fatal(err)
	}
	// The demo moves seed dates along with the clock, so the cases hold on any day.
	later := testEpoch.AddDate(1, 2, 3).Add(7*time.Hour + 13*time.Minute + 29*time.Second)
	for _, now := range []time.Time{testEpoch, later} {
		s := NewServer(WithDemoSeed(), WithExplainLab(), WithClock(func() time.Time { return now }))
		defer s.Close()
		for _, c := range cases {
			runExplainCase(t, s, c, now)
		}
	}
}

// runExplainCase runs one case on s as a subtest named after its stage and the day.
func runExplainCase(t *testing.T, s *Server, c ExplainCase, now time.Time) {
	t.Run(c.Stage+"@"+now.Format("2006-01-02"), func(t *testing.T) {
		run := runExplainRecall(t, s, c.BankID, c.Request)
		id := c.MemoryID
		if got := run.returned(id); got != (c.Stage == StageRecalled) {
			t.Fatalf("returned = %v", got)
		}
		checkExplainEvidence(t, s, c, run)
		back, ok, err := c.BroughtBack()
		if err != nil {
			t.Fatal(err)
		}
		if ok && !runExplainRecall(t, s, c.BankID, back).returned(id) {
			t.Errorf("%s does not bring the memory back", c.BringBack)
		}
		if !ok && slices.Contains([]string{StageType, StageTags, StageMinScores, StageBudget, StageMaxTokens, StageObservation}, c.Stage) {
			t.Errorf("a %s case should say which change brings the memory back", c.Stage)
		}
	})
}
