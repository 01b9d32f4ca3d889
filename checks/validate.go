package checks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode"

	"hindsight-tui/client"
)

// caseWire is a case as the file holds it: targets stay raw so that each one's error
// can name its index.
type caseWire struct {
	Case
	Expect []json.RawMessage `json:"expect"`
	Forbid []json.RawMessage `json:"forbid"`
}

func parseCase(raw json.RawMessage) (Case, *FileError) {
	var name struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(raw, &name) // for the error message only; the strict pass reports problems
	fail := func(field, format string, args ...any) (Case, *FileError) {
		return Case{}, &FileError{CaseName: name.Name, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	var w caseWire
	if err := strictDecode(raw, &w); err != nil {
		field, msg := fieldProblem(err, raw)
		return fail(field, "%s", msg)
	}
	c := w.Case
	if strings.TrimSpace(c.Query) == "" || !strings.ContainsFunc(c.Query, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return fail("query", "a query with at least one word is required")
	}
	for i, t := range c.Types {
		if !slices.Contains([]string{client.FactWorld, client.FactExperience, client.FactObservation}, t) {
			return fail(fmt.Sprintf("types[%d]", i), "%q is not a fact type (want world, experience or observation)", t)
		}
	}
	if c.Budget != "" && !slices.Contains([]string{client.BudgetLow, client.BudgetMid, client.BudgetHigh}, c.Budget) {
		return fail("budget", "%q is not a budget (want low, mid or high)", c.Budget)
	}
	if c.TagsMatch != "" && !slices.Contains(tagModes, c.TagsMatch) {
		return fail("tags_match", "%q is not a tag match mode (want %s)", c.TagsMatch, strings.Join(tagModes, ", "))
	}
	if len(c.Tags) > 0 && len(c.TagGroups) > 0 {
		return fail("tag_groups", "tags and tag_groups cannot both be set (the server refuses it)")
	}
	if c.MaxTokens != nil && *c.MaxTokens < 0 {
		return fail("max_tokens", "must be 0 or more, got %d", *c.MaxTokens)
	}
	if f, msg := checkScores(c.MinScores); msg != "" {
		return fail(f, "%s", msg)
	}
	if c.QueryTimestamp != "" {
		if _, ok := client.ParseTime(c.QueryTimestamp); !ok {
			return fail("query_timestamp", "%q is not an ISO 8601 date or time", c.QueryTimestamp)
		}
	}
	if f, msg := checkWindow(c.TemporalWindow); msg != "" {
		return fail(f, "%s", msg)
	}
	var err *FileError
	if c.Expect, err = parseTargets(w.Expect, "expect", true); err != nil {
		err.CaseName = name.Name
		return Case{}, err
	}
	if c.Forbid, err = parseTargets(w.Forbid, "forbid", false); err != nil {
		err.CaseName = name.Name
		return Case{}, err
	}
	if len(c.Expect)+len(c.Forbid) == 0 {
		return fail("", "the case checks nothing: give it expect or forbid")
	}
	return c, nil
}

var tagModes = []string{client.TagsAny, client.TagsAll, client.TagsAnyStrict, client.TagsAllStrict, client.TagsExact}

func checkScores(ms *client.MinScores) (string, string) {
	if ms == nil {
		return "", ""
	}
	for _, f := range []struct {
		name string
		v    *float64
	}{{"semantic", ms.Semantic}, {"keyword", ms.Keyword}, {"reranker", ms.Reranker}, {"final", ms.Final}} {
		if f.v != nil && (math.IsNaN(*f.v) || math.IsInf(*f.v, 0)) {
			return "min_scores." + f.name, "must be a number"
		}
	}
	return "", ""
}

func checkWindow(w *client.TemporalWindow) (string, string) {
	if w == nil {
		return "", ""
	}
	start, ok := client.ParseTime(w.Start)
	if !ok {
		return "temporal_window.start", fmt.Sprintf("%q is not an ISO 8601 date or time", w.Start)
	}
	end, ok := client.ParseTime(w.End)
	if !ok {
		return "temporal_window.end", fmt.Sprintf("%q is not an ISO 8601 date or time", w.End)
	}
	if end.Before(start) {
		return "temporal_window.end", "ends before it starts"
	}
	return "", ""
}

// parseTargets reads expect or forbid: each entry a string (id or text fragment) or
// an object with exactly one of id and text.
func parseTargets(raws []json.RawMessage, field string, ranked bool) ([]Target, *FileError) {
	out := make([]Target, 0, len(raws))
	for i, raw := range raws {
		at := fmt.Sprintf("%s[%d]", field, i)
		var t Target
		var s string
		if err := json.Unmarshal(raw, &s); err == nil {
			if t = ParseTarget(s); t.Text == "" && t.ID == "" {
				return nil, &FileError{Field: at, Msg: "an empty target: give a memory id or a fragment of its text"}
			}
			out = append(out, t)
			continue
		}
		if err := strictDecode(raw, &t); err != nil {
			f, msg := fieldProblem(err, raw)
			if f != "" {
				at += "." + f
			}
			return nil, &FileError{Field: at, Msg: msg + " (want a string, or an object with id or text)"}
		}
		t.ID, t.Text = strings.TrimSpace(t.ID), strings.TrimSpace(t.Text)
		switch {
		case (t.ID == "") == (t.Text == ""):
			return nil, &FileError{Field: at, Msg: "give exactly one of id and text"}
		case t.ID != "" && !IsID(t.ID):
			return nil, &FileError{Field: at + ".id", Msg: fmt.Sprintf("%q is not a memory id (a UUID); use text for a fragment", t.ID)}
		case t.WithinRank < 0 || (ranked && t.WithinRank == 0 && bytes.Contains(raw, []byte(`"within_rank"`))):
			return nil, &FileError{Field: at + ".within_rank", Msg: fmt.Sprintf("must be 1 or more, got %d", t.WithinRank)}
		case !ranked && t.WithinRank != 0:
			return nil, &FileError{Field: at + ".within_rank", Msg: "only expectations have a rank; a forbidden memory must not come back at all"}
		}
		t.ID = strings.ToLower(t.ID)
		out = append(out, t)
	}
	return out, nil
}

// strictDecode decodes one JSON value into v, refusing unknown fields and trailing data.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// fieldProblem turns a decoding error into the field it concerns and a sentence.
func fieldProblem(err error, data []byte) (string, string) {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// Fields of the embedded Case come as "Case.max_tokens".
		return strings.TrimPrefix(te.Field, "Case."), fmt.Sprintf("want %s, got a JSON %s", kindOf(te.Type.Kind().String()), te.Value)
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return strings.Trim(f, `"`), "not a field of a case (see docs/checks.md for the fields)"
	}
	return "", jsonProblem(err, data)
}

func kindOf(k string) string {
	switch k {
	case "string":
		return "a string"
	case "slice":
		return "a list"
	case "struct", "ptr", "map":
		return "an object"
	case "bool":
		return "true or false"
	}
	return "a number"
}

// jsonProblem locates a syntax error by line and column.
func jsonProblem(err error, data []byte) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := 1, 1
		for _, b := range data[:max(0, min(int(se.Offset)-1, len(data)))] {
			if b == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return fmt.Sprintf("line %d, column %d: %v", line, col, se)
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Sprintf("unknown field %s (a suite has about, bank and cases)", f)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: want %s, got a JSON %s", te.Field, kindOf(te.Type.Kind().String()), te.Value)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || err.Error() == "EOF" {
		return "the file ends before its JSON does"
	}
	return err.Error()
}
