package checks

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"hindsight-tui/client"
)

// CaseFrom is the case that repeats a recall request on a bank and expects the given
// memories back. What a case cannot hold (the trace switch, include options) is left
// out: a check asks only which memories come back.
func CaseFrom(name, bank string, req client.RecallRequest, expect []Target) Case {
	return Case{Name: name, Bank: bank, Query: req.Query, Types: req.Types, Budget: req.Budget,
		MaxTokens: req.MaxTokens, Tags: req.Tags, TagsMatch: req.TagsMatch, TagGroups: req.TagGroups,
		PreferObservations: req.PreferObservations, MinScores: req.MinScores,
		QueryTimestamp: req.QueryTimestamp, TemporalWindow: req.TemporalWindow, Expect: expect}
}

// AppendCase adds c to a suite file's content (nil or blank for a new file) and
// returns the new content, which Parse accepts. The cases already there are kept as
// written, byte for byte apart from indentation, and so are the file's other fields;
// a file that does not parse as a suite is refused, never overwritten. name is used
// in errors.
func AppendCase(name string, existing []byte, c Case) ([]byte, error) {
	if c.Bank == "" {
		return nil, errors.New("the case names no bank")
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(existing)) == 0 {
		doc, err := json.MarshalIndent(struct {
			About string            `json:"about"`
			Cases []json.RawMessage `json:"cases"`
		}{"Recall checks: hindsight-tui check FILE runs them.", []json.RawMessage{raw}}, "", "  ")
		return finish(name, doc, err)
	}
	if _, err := Parse(name, existing); err != nil {
		return nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(existing, &top); err != nil {
		return nil, err
	}
	var cases []json.RawMessage
	if err := json.Unmarshal(top["cases"], &cases); err != nil {
		return nil, err
	}
	cases = append(cases, raw)
	if top["cases"], err = json.Marshal(cases); err != nil {
		return nil, err
	}
	doc, err := json.MarshalIndent(top, "", "  ")
	return finish(name, doc, err)
}

// finish checks that what AppendCase wrote reads back as a suite.
func finish(name string, doc []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	doc = append(doc, '\n')
	if _, err := Parse(name, doc); err != nil {
		return nil, errors.New("the case would not read back: " + strings.TrimPrefix(err.Error(), name+": "))
	}
	return doc, nil
}
