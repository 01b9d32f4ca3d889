// Package checks runs recall check suites: a JSON file of cases, each a recall
// request with the memories it must return (optionally within a rank) and those it
// must not. A failing expectation comes with the explainer's verdict (package
// explain), so a suite in CI says not only that a memory went missing but where and
// why. The file format is documented in docs/checks.md.
package checks

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"hindsight-tui/client"
)

// Suite is a check file.
type Suite struct {
	// About is free text for the reader of the file; it is not used.
	About string `json:"about,omitempty"`
	// Bank is the default bank of every case that names none.
	Bank  string `json:"bank,omitempty"`
	Cases []Case `json:"cases"`
}

// Case is one recall and what it must (Expect) and must not (Forbid) return. The
// recall parameters have the names and meaning of the RecallRequest body.
type Case struct {
	Name               string                 `json:"name,omitempty"`
	Bank               string                 `json:"bank,omitempty"`
	Query              string                 `json:"query"`
	Types              []string               `json:"types,omitempty"`
	Budget             string                 `json:"budget,omitempty"`
	MaxTokens          *int                   `json:"max_tokens,omitempty"`
	Tags               []string               `json:"tags,omitempty"`
	TagsMatch          string                 `json:"tags_match,omitempty"`
	TagGroups          []client.TagGroup      `json:"tag_groups,omitempty"`
	PreferObservations bool                   `json:"prefer_observations,omitempty"`
	MinScores          *client.MinScores      `json:"min_scores,omitempty"`
	QueryTimestamp     string                 `json:"query_timestamp,omitempty"`
	TemporalWindow     *client.TemporalWindow `json:"temporal_window,omitempty"`
	Expect             []Target               `json:"expect,omitempty"`
	Forbid             []Target               `json:"forbid,omitempty"`
}

// Request is the case's recall request.
func (c Case) Request() client.RecallRequest {
	return client.RecallRequest{Query: c.Query, Types: c.Types, Budget: c.Budget, MaxTokens: c.MaxTokens,
		Tags: c.Tags, TagsMatch: c.TagsMatch, TagGroups: c.TagGroups, PreferObservations: c.PreferObservations,
		MinScores: c.MinScores, QueryTimestamp: c.QueryTimestamp, TemporalWindow: c.TemporalWindow}
}

// Target names a memory by id, or by a fragment of its text that the server resolves
// within the case's bank. In the file it is either a string (a UUID is an id, anything
// else a text fragment) or an object {"id"|"text", "within_rank"}.
type Target struct {
	ID   string `json:"id,omitempty"`
	Text string `json:"text,omitempty"`
	// WithinRank, on an expectation, is the lowest rank that passes (1 = first); 0
	// means any rank.
	WithinRank int `json:"within_rank,omitempty"`
}

// String is how a report names the target.
func (t Target) String() string {
	if t.ID != "" {
		return t.ID
	}
	return fmt.Sprintf("%q", t.Text)
}

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// IsID reports whether s is a memory id (a UUID) rather than a text fragment.
func IsID(s string) bool { return uuidRE.MatchString(s) }

// ParseTarget reads a command-line target: a memory id, or else a text fragment.
func ParseTarget(s string) Target {
	s = strings.TrimSpace(s)
	if IsID(s) {
		return Target{ID: strings.ToLower(s)}
	}
	return Target{Text: s}
}

// FileError is a problem with a suite file, located as precisely as the file allows:
// the case (by index and name) and the field.
type FileError struct {
	File     string
	Case     int // 1-based; 0 when the problem is outside any case
	CaseName string
	Field    string // e.g. "expect[2].within_rank"; "" when the problem is the case itself
	Msg      string
}

func (e *FileError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Case > 0 {
		fmt.Fprintf(&b, ": case %d", e.Case)
		if e.CaseName != "" {
			fmt.Fprintf(&b, " (%q)", e.CaseName)
		}
	}
	if e.Field != "" {
		b.WriteString(": " + e.Field)
	}
	return b.String() + ": " + e.Msg
}

// Parse reads and validates a suite file; name is used in errors. It accepts only the
// documented fields, so a misspelt parameter is an error, not a silently broader check.
func Parse(name string, data []byte) (*Suite, error) {
	var top struct {
		About string            `json:"about"`
		Bank  string            `json:"bank"`
		Cases []json.RawMessage `json:"cases"`
	}
	if err := strictDecode(data, &top); err != nil {
		return nil, &FileError{File: name, Msg: jsonProblem(err, data)}
	}
	if len(top.Cases) == 0 {
		return nil, &FileError{File: name, Field: "cases", Msg: "the file has no cases"}
	}
	s := &Suite{About: top.About, Bank: top.Bank, Cases: make([]Case, 0, len(top.Cases))}
	for i, raw := range top.Cases {
		c, err := parseCase(raw)
		if err != nil {
			err.File, err.Case = name, i+1
			return nil, err
		}
		if c.Bank == "" && s.Bank == "" {
			return nil, &FileError{File: name, Case: i + 1, CaseName: c.Name, Field: "bank", Msg: "no bank: set it on the case or at the top of the file"}
		}
		if c.Name == "" {
			c.Name = fmt.Sprintf("case %d", i+1)
		}
		s.Cases = append(s.Cases, c)
	}
	return s, nil
}

// BankOf is the bank a case runs against.
func (s *Suite) BankOf(c Case) string {
	if c.Bank != "" {
		return c.Bank
	}
	return s.Bank
}
