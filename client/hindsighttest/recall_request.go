package hindsighttest

import (
	"encoding/json"
	"slices"
	"strings"
	"time"
)

// recallKeys are the RecallRequest fields; anything else goes to X-Ignored-Params.
var recallKeys = []string{
	"query", "types", "prefer_observations", "budget", "max_tokens", "trace", "query_timestamp",
	"include", "tags", "tags_match", "tag_groups", "min_scores", "temporal_window",
}

// recallRequest is a validated RecallRequest.
type recallRequest struct {
	query              string
	types              []string // as sent; nil when absent or null
	preferObservations bool
	budget             string
	maxTokens          int
	trace              bool
	queryTimestamp     *string
	tags               []string
	tagsMatch          string
	tagGroups          []tagGroup
	minScores          minScores
	window             *timeWindow

	includeEntities    bool
	entityMaxTokens    int
	includeChunks      bool
	chunkMaxTokens     int
	includeSourceFacts bool
	sourceMaxTokens    int
	sourceMaxPerObs    int
}

// parseRecallRequest validates a recall body the way FastAPI/Pydantic would, returning
// every field error at once (the model-level tags/tag_groups check runs only when the
// fields themselves are valid, as in Pydantic).
func parseRecallRequest(obj map[string]json.RawMessage) (*recallRequest, []validationError) {
	f := &pydanticFields{obj: obj}
	req := &recallRequest{
		includeEntities: true, entityMaxTokens: 500,
		chunkMaxTokens: 8192, sourceMaxTokens: 4096, sourceMaxPerObs: -1,
	}
	if raw, ok := obj["query"]; !ok {
		f.errs = append(f.errs, missingField("body", "query"))
	} else if q, ok := f.stringValue(raw, "body", "query"); ok {
		if !hasWordChar(q) {
			f.errs = append(f.errs, valueError("query must contain at least one word character after normalization", q, "body", "query"))
		}
		req.query = q
	}
	req.types = f.stringList(obj["types"], "body", "types")
	req.preferObservations = f.boolField(false, "body", "prefer_observations")
	req.budget = f.choice(obj["budget"], "mid", "enum", budgetChoices, "body", "budget")
	req.maxTokens = f.intField(4096, "body", "max_tokens")
	req.trace = f.boolField(false, "body", "trace")
	req.queryTimestamp = f.optString("query_timestamp")
	req.tags = f.stringList(obj["tags"], "body", "tags")
	req.tagsMatch = f.choice(obj["tags_match"], "any", "literal_error", tagModes, "body", "tags_match")
	req.tagGroups = parseTagGroups(f, obj["tag_groups"], "body", "tag_groups")
	parseInclude(f, req)
	if ms, _ := f.object(obj["min_scores"], "MinScores", "body", "min_scores"); ms != nil {
		req.minScores = minScores{
			Semantic: f.optFloat(ms["semantic"], "body", "min_scores", "semantic"),
			Keyword:  f.optFloat(ms["keyword"], "body", "min_scores", "keyword"),
			Reranker: f.optFloat(ms["reranker"], "body", "min_scores", "reranker"),
			Final:    f.optFloat(ms["final"], "body", "min_scores", "final"),
		}
	}
	req.window = parseTemporalWindow(f, obj["temporal_window"])
	if len(f.errs) == 0 && f.present("tags") && f.present("tag_groups") {
		f.errs = append(f.errs, valueError("'tags' and 'tag_groups' are mutually exclusive. Use 'tag_groups' for compound filtering.",
			rawObject(obj), "body"))
	}
	return req, f.errs
}

// parseInclude reads IncludeOptions. entities is on unless sent as null; chunks and
// source_facts are off unless sent as an object ({} enables them with defaults).
func parseInclude(f *pydanticFields, req *recallRequest) {
	raw, sent := f.obj["include"]
	if !sent {
		return
	}
	if isJSONNull(raw) {
		f.fail("model_type", "Input should be a valid dictionary or instance of IncludeOptions", nil,
			map[string]any{"class_name": "IncludeOptions"}, "body", "include")
		return
	}
	inc, ok := f.object(raw, "IncludeOptions", "body", "include")
	if !ok {
		return
	}
	if e, sent := inc["entities"]; sent {
		opts, ok := f.object(e, "EntityIncludeOptions", "body", "include", "entities")
		req.includeEntities = ok && opts != nil
		if opts != nil {
			req.entityMaxTokens = f.subInt(opts, "max_tokens", 500, "body", "include", "entities", "max_tokens")
		}
	}
	if c, ok := f.object(inc["chunks"], "ChunkIncludeOptions", "body", "include", "chunks"); ok && c != nil {
		req.includeChunks = true
		req.chunkMaxTokens = f.subInt(c, "max_tokens", 8192, "body", "include", "chunks", "max_tokens")
	}
	if sf, ok := f.object(inc["source_facts"], "SourceFactsIncludeOptions", "body", "include", "source_facts"); ok && sf != nil {
		req.includeSourceFacts = true
		req.sourceMaxTokens = f.subInt(sf, "max_tokens", 4096, "body", "include", "source_facts", "max_tokens")
		req.sourceMaxPerObs = f.subInt(sf, "max_tokens_per_observation", -1, "body", "include", "source_facts", "max_tokens_per_observation")
	}
}

// subInt reads an int field of a nested object.
func (f *pydanticFields) subInt(obj map[string]json.RawMessage, key string, def int, loc ...any) int {
	raw, ok := obj[key]
	if !ok {
		return def
	}
	return f.intValue(raw, def, loc...)
}

// parseTagGroups reads tag_groups: a list of leaf {tags, match} or {and}, {or}, {not}.
func parseTagGroups(f *pydanticFields, raw json.RawMessage, loc ...any) []tagGroup {
	if raw == nil || isJSONNull(raw) {
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		f.fail("list_type", "Input should be a valid list", rawValue(raw), nil, loc...)
		return nil
	}
	out := make([]tagGroup, 0, len(items))
	for i, it := range items {
		if g, ok := parseTagGroup(f, it, appendLoc(loc, i)...); ok {
			out = append(out, g)
		}
	}
	return out
}

func parseTagGroup(f *pydanticFields, raw json.RawMessage, loc ...any) (tagGroup, bool) {
	obj, ok := f.object(raw, "TagGroupLeaf", loc...)
	if !ok {
		return tagGroup{}, false
	}
	if obj == nil {
		f.fail("model_type", "Input should be a valid dictionary or instance of TagGroupLeaf", nil,
			map[string]any{"class_name": "TagGroupLeaf"}, loc...)
		return tagGroup{}, false
	}
	before := len(f.errs)
	var g tagGroup
	switch {
	case obj["tags"] != nil:
		g.Tags = f.stringList(obj["tags"], appendLoc(loc, "tags")...)
		if g.Tags == nil {
			g.Tags = []string{}
		}
		g.Match = f.choice(obj["match"], "any_strict", "literal_error", tagModes, appendLoc(loc, "match")...)
	case obj["and"] != nil:
		g.And = parseTagGroups(f, obj["and"], appendLoc(loc, "and")...)
	case obj["or"] != nil:
		g.Or = parseTagGroups(f, obj["or"], appendLoc(loc, "or")...)
	case obj["not"] != nil:
		if sub, ok := parseTagGroup(f, obj["not"], appendLoc(loc, "not")...); ok {
			g.Not = &sub
		}
	default:
		f.errs = append(f.errs, validationError{Type: "missing", Loc: appendLoc(loc, "tags"), Msg: "Field required", Input: rawObject(obj)})
	}
	return g, len(f.errs) == before
}

// parseTemporalWindow reads {start, end}; naive datetimes are UTC, and end before
// start is the model validator's ValueError.
func parseTemporalWindow(f *pydanticFields, raw json.RawMessage) *timeWindow {
	obj, ok := f.object(raw, "TemporalWindow", "body", "temporal_window")
	if !ok || obj == nil {
		return nil
	}
	before := len(f.errs)
	start := f.datetime(obj, "start")
	end := f.datetime(obj, "end")
	if len(f.errs) != before {
		return nil
	}
	if end.Before(start) {
		f.errs = append(f.errs, valueError("temporal_window.end must not be earlier than temporal_window.start",
			rawObject(obj), "body", "temporal_window"))
		return nil
	}
	return &timeWindow{Start: start, End: end}
}

func (f *pydanticFields) datetime(obj map[string]json.RawMessage, key string) time.Time {
	loc := []any{"body", "temporal_window", key}
	raw, ok := obj[key]
	if !ok {
		f.errs = append(f.errs, validationError{Type: "missing", Loc: loc, Msg: "Field required", Input: rawObject(obj)})
		return time.Time{}
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil || isJSONNull(raw) {
		f.fail("datetime_type", "Input should be a valid datetime", rawValue(raw), nil, loc...)
		return time.Time{}
	}
	t, err := parseISO(s)
	if err != nil {
		reason := "invalid character in year"
		if len(strings.TrimSpace(s)) < 10 {
			reason = "input is too short"
		}
		f.fail("datetime_from_date_parsing", "Input should be a valid datetime or date, "+reason, s,
			map[string]any{"error": reason}, loc...)
	}
	return t
}

// rawObject decodes an object's fields for an error's "input".
func rawObject(obj map[string]json.RawMessage) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		out[k] = rawValue(v)
	}
	return out
}

func appendLoc(loc []any, more ...any) []any {
	return append(append(make([]any, 0, len(loc)+len(more)), loc...), more...)
}

// resolveFactTypes applies recall's type rules: absent or [] means all, "opinion" is a
// removed type that is silently dropped (nothing left means no results), and anything
// else unknown yields the engine's 422 message, which is raised after authentication.
func resolveFactTypes(types []string) (resolved []string, invalidMsg string) {
	if len(types) == 0 {
		return allFactTypes, ""
	}
	var invalid []string
	for _, t := range types {
		switch t {
		case "opinion":
		case "world", "experience", "observation":
			if !slices.Contains(resolved, t) {
				resolved = append(resolved, t)
			}
		default:
			if !slices.Contains(invalid, t) {
				invalid = append(invalid, t)
			}
		}
	}
	if len(invalid) > 0 {
		slices.Sort(invalid)
		return nil, "Invalid fact type(s): " + strings.Join(invalid, ", ") + ". Must be one of: experience, observation, world"
	}
	return resolved, ""
}
