package health

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"hindsight-tui/client"
)

// Evidence is what a check found, as data: ids to open, names and counts to show. Only
// the fields of the check's kind are set. Texts are the server's, unsanitized: whoever
// draws them sanitizes them, as for any text from a bank.
type Evidence struct {
	Facts      []Fact          `json:"facts,omitempty"`
	Scopes     []Scope         `json:"scopes,omitempty"`
	Copies     []Copy          `json:"copies,omitempty"`
	Duplicates []DuplicatePair `json:"duplicates,omitempty"`
	Merges     []Merge         `json:"merges,omitempty"`
	Documents  []Document      `json:"documents,omitempty"`
	Operations []Operation     `json:"operations,omitempty"`
	Models     []Model         `json:"models,omitempty"`
	LLMCalls   []LLMCall       `json:"llm_calls,omitempty"`
	Probe      []ProbeResult   `json:"probe,omitempty"`
}

// Fact is a memory unit (a world or experience fact, or an observation).
type Fact struct {
	ID         string    `json:"id"`
	Text       string    `json:"text"`
	Type       string    `json:"type"`
	Tags       []string  `json:"tags,omitempty"`
	DocumentID string    `json:"document_id,omitempty"`
	Sources    []string  `json:"sources,omitempty"` // an observation's source facts
	At         time.Time `json:"at,omitzero"`       // mentioned_at
}

func factOf(m client.Memory) Fact {
	return Fact{ID: m.ID, Text: m.Text, Type: m.FactType, Tags: m.Tags, DocumentID: m.DocumentID,
		Sources: m.SourceMemoryIDs, At: m.MentionedAt.Time}
}

// Scope is an observation scope (a tag set; none is the global scope) and how many
// observations it holds.
type Scope struct {
	Tags  []string `json:"tags"`
	Count int      `json:"count"`
}

// Copy is one observation text learned separately in several scopes.
type Copy struct {
	Text   string `json:"text"`
	Scopes int    `json:"scopes"`
}

// DuplicatePair is two observations of one scope that say nearly the same thing, built
// from different source facts.
type DuplicatePair struct {
	A, B       Fact
	Similarity float64 `json:"similarity"`
}

// Merge is an entity that looks like two things filed under one name: its co-occurring
// entities split into unconnected clusters once it is taken out of the co-occurrence
// graph (Clusters hold entity names, sorted), and some of its facts never name it.
type Merge struct {
	EntityID string     `json:"entity_id"`
	Name     string     `json:"name"`
	Clusters [][]string `json:"clusters"`
	Unnamed  []Fact     `json:"unnamed,omitempty"`
}

// Document is a source document.
type Document struct {
	ID         string    `json:"id"`
	CreatedAt  time.Time `json:"created_at,omitzero"`
	TextLength int       `json:"text_length"`
}

// Operation is a background operation.
type Operation struct {
	ID     string    `json:"id"`
	Type   string    `json:"type"`
	Status string    `json:"status"`
	Error  string    `json:"error,omitempty"`
	At     time.Time `json:"at,omitzero"` // updated_at: when it last changed (failed)
}

// Model is a mental model with what is wrong with it.
type Model struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Stale bool   `json:"stale"`
	// Invalidated and Missing are cited memories that were retracted or no longer exist.
	Invalidated []string `json:"invalidated,omitempty"`
	Missing     []string `json:"missing,omitempty"`
}

// LLMCall is one recorded LLM call.
type LLMCall struct {
	ID       string    `json:"id"`
	Provider string    `json:"provider,omitempty"`
	Model    string    `json:"model,omitempty"`
	Error    string    `json:"error,omitempty"`
	At       time.Time `json:"at,omitzero"`
}

// ProbeResult is the LLM probe of one operation.
type ProbeResult struct {
	Operation string   `json:"operation"`
	OK        bool     `json:"ok"`
	Status    string   `json:"status"`
	LatencyMS *float64 `json:"latency_ms,omitempty"`
}

// plural is "1 fact", "3 facts", "2 entities".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if stem, ok := strings.CutSuffix(word, "y"); ok && !strings.ContainsAny(stem[len(stem)-1:], "aeiou") {
		return fmt.Sprintf("%d %sies", n, stem)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// nameList joins up to show names, then says how many more there are.
func nameList(names []string, show int) string {
	if len(names) <= show {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:show], ", "), len(names)-show)
}

// quote shows a server text in a summary: on one line, cut to max runes, quoted.
func quote(s string, max int) string { return `"` + cut(s, max) + `"` }

// cut puts a server text on one line and cuts it to max runes, marking the cut.
func cut(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		s = strings.TrimSpace(string(r[:max-1])) + "…"
	}
	return s
}

// bankPath is the API path of the bank, for fixes that name a request.
func (r *run) bankPath(segs ...string) string {
	return "/v1/default/banks/" + strings.Join(append([]string{r.bank}, segs...), "/")
}
