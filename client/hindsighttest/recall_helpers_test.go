package hindsighttest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
)

func intp(i int) *int { return &i }

// Texts of the seed memories the tests look for.
const (
	tAlice  = "Alice leads the Phoenix project at Acme."
	tLaunch = "The Phoenix launch was moved to April 2024."
	tAdvice = "I recommended that Alice split the Phoenix launch into two phases."
	tObs    = "Alice is the driving force behind Phoenix and its April launch."
	tDinner = "The team celebrated the Phoenix beta release with a dinner."
	tLeft   = "Alice left Acme and the Phoenix project."
)

// recallSeed is a small team bank with tagged, untagged, observation and invalidated
// memories, a document with chunks, a mental model and directives.
func recallSeed() *Seed {
	return &Seed{Banks: []SeedBank{{
		BankID:    "team",
		Name:      "Team",
		CreatedAt: "2026-01-01T00:00:00Z",
		Documents: []SeedDocument{{
			ID: "standup-0301", CreatedAt: "2026-09-01T09:00:00Z", Tags: []string{"work"},
			Chunks: []string{
				"Standup notes. Alice leads the Phoenix project at Acme and reported good progress.",
				"Later in the standup the Phoenix launch was moved to April because of testing.",
			},
		}},
		Memories: []SeedMemory{
			{Key: "m1", Text: "Alice leads the Phoenix project at Acme.", FactType: "world", Context: "standup",
				MentionedAt: "2026-09-01T09:00:00Z", Tags: []string{"work"},
				Entities:   []SeedEntity{{Name: "Alice", Type: "PERSON"}, {Name: "Phoenix", Type: "PRODUCT"}},
				DocumentID: "standup-0301", ChunkIndex: intp(0)},
			{Key: "m2", Text: "The Phoenix launch was moved to April 2024.", FactType: "world",
				MentionedAt: "2026-09-05T10:00:00Z", OccurredStart: "2026-10-01T00:00:00Z", OccurredEnd: "2026-10-30T00:00:00Z",
				Tags: []string{"work", "phoenix"}, Entities: []SeedEntity{{Name: "Phoenix", Type: "PRODUCT"}},
				DocumentID: "standup-0301", ChunkIndex: intp(1)},
			{Key: "m3", Text: "I recommended that Alice split the Phoenix launch into two phases.", FactType: "experience",
				MentionedAt: "2026-09-06T15:00:00Z",
				Entities:    []SeedEntity{{Name: "Alice", Type: "PERSON"}, {Name: "Phoenix", Type: "PRODUCT"}}},
			{Key: "m4", Text: "Bob prefers tea over coffee.", FactType: "world", MentionedAt: "2025-06-01T08:00:00Z",
				Tags: []string{"personal"}, Entities: []SeedEntity{{Name: "Bob", Type: "PERSON"}}},
			{Key: "m5", Text: "Carol joined Acme as a designer in January.", FactType: "world",
				MentionedAt: "2026-01-15T09:00:00Z", Tags: []string{"work", "hr"}},
			{Key: "m6", Text: "Alice is the driving force behind Phoenix and its April launch.", FactType: "observation",
				MentionedAt: "2026-09-06T16:00:00Z", Tags: []string{"work"}, Sources: []string{"m1", "m2"}, ProofCount: 2},
			{Key: "m7", Text: "Alice left Acme and the Phoenix project.", FactType: "world", MentionedAt: "2026-10-01T09:00:00Z",
				Tags: []string{"work"}, Invalidated: true, InvalidationReason: "wrong"},
			{Key: "m8", Text: "The team celebrated the Phoenix beta release with a dinner.", FactType: "world",
				MentionedAt: "2026-08-20T19:00:00Z", Tags: []string{"work", "phoenix"}},
			{Key: "q1", Text: "Quarterly review meeting notes were shared.", FactType: "world", MentionedAt: "2023-01-10T10:00:00Z"},
			{Key: "q2", Text: "Quarterly review meeting notes were shared.", FactType: "world", MentionedAt: "2026-11-20T10:00:00Z"},
		},
		Models: []SeedMentalModel{{
			ID: "phoenix-status", Name: "Phoenix status", SourceQuery: "What is the status of Phoenix?",
			Content:   "## Phoenix\n\nPhoenix launches in April 2024 under Alice's lead. Testing is the main risk.",
			Tags:      []string{"work"},
			MaxTokens: 2048, LastRefreshedAt: "2026-09-07T00:00:00Z",
		}},
		Directives: []SeedDirective{
			{Name: "Be concise", Content: "Answer in at most three sentences.", Priority: 5, IsActive: true},
			{Name: "Cite dates", Content: "Always mention when things happened.", Priority: 3, IsActive: true, Tags: []string{"work"}},
			{Name: "Personal tone", Content: "Be warm.", Priority: 1, IsActive: true, Tags: []string{"personal"}},
			{Name: "Retired rule", Content: "Never used.", Priority: 9, IsActive: false},
		},
	}}}
}

// newRecallServer is a test server holding recallSeed.
func newRecallServer(t testing.TB, opts ...Option) *Server {
	t.Helper()
	return newTestServer(t, append([]Option{WithSeed(recallSeed())}, opts...)...)
}

// wireResult is the subset of RecallResult the tests read.
type wireResult struct {
	ID            string            `json:"id"`
	Text          string            `json:"text"`
	Type          string            `json:"type"`
	Entities      []string          `json:"entities"`
	Tags          []string          `json:"tags"`
	ChunkID       string            `json:"chunk_id"`
	SourceFactIDs []string          `json:"source_fact_ids"`
	Metadata      map[string]string `json:"metadata"`
	Scores        *struct {
		Final    float64  `json:"final"`
		Reranker *float64 `json:"reranker"`
		Semantic *float64 `json:"semantic"`
		Keyword  *float64 `json:"keyword"`
	} `json:"scores"`
}

type wireRecall struct {
	Results  []wireResult               `json:"results"`
	Entities map[string]json.RawMessage `json:"entities"`
	Chunks   map[string]struct {
		ID         string `json:"id"`
		Text       string `json:"text"`
		ChunkIndex int    `json:"chunk_index"`
		Truncated  bool   `json:"truncated"`
	} `json:"chunks"`
	SourceFacts          map[string]wireResult `json:"source_facts"`
	SourceFactsTruncated *bool                 `json:"source_facts_truncated"`
	Trace                map[string]any        `json:"trace"`
}

const recallPath = "/v1/default/banks/team/memories/recall"

// recall posts a recall request that must succeed and decodes the answer.
func recall(t testing.TB, s *Server, body map[string]any) (wireRecall, []byte) {
	t.Helper()
	res := post(t, s, recallPath, body)
	if res.status != http.StatusOK {
		t.Fatalf("recall %v: status %d: %s", body, res.status, res.body)
	}
	var out wireRecall
	if err := json.Unmarshal(res.body, &out); err != nil {
		t.Fatalf("decode recall: %v: %s", err, res.body)
	}
	return out, res.body
}

func texts(rs []wireResult) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Text
	}
	return out
}

func hasText(rs []wireResult, text string) bool {
	for _, r := range rs {
		if r.Text == text {
			return true
		}
	}
	return false
}

// detail decodes an error body's detail, as a string or as the 422 list.
func detail(t testing.TB, body []byte) (string, []validationError) {
	t.Helper()
	var env struct {
		Detail json.RawMessage `json:"detail"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatalf("decode error body: %v: %s", err, body)
	}
	var s string
	if json.Unmarshal(env.Detail, &s) == nil {
		return s, nil
	}
	var list []validationError
	if err := json.Unmarshal(env.Detail, &list); err != nil {
		t.Fatalf("detail is neither string nor list: %s", body)
	}
	return "", list
}

func must422(t testing.TB, res reply, typ string, loc ...any) validationError {
	t.Helper()
	if res.status != http.StatusUnprocessableEntity {
		t.Fatalf("status = %d, want 422: %s", res.status, res.body)
	}
	_, list := detail(t, res.body)
	for _, e := range list {
		if e.Type == typ && fmt.Sprint(e.Loc...) == fmt.Sprint(loc...) {
			return e
		}
	}
	t.Fatalf("no %s error at %v in %s", typ, loc, res.body)
	return validationError{}
}

func mustUnmarshal(t testing.TB, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("decode: %v: %s", err, data)
	}
}
