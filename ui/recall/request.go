package recall

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"hindsight-tui/client"
)

// fieldErrors are problems with the filters, keyed by the request field they concern
// ("max_tokens", "window", "min_scores.final", …): the same keys a server 422 maps to,
// so a local check and the server's complaint land on the same filter.
type fieldErrors map[string]string

// buildRequest turns the query and the filters into the request recall sends. It is
// pure: the pane, the tests and copy-as-code all use it, so what is shown, copied and
// sent cannot drift apart. Options left at their defaults are not sent. A request with
// errors must not be sent; the errors say which filter to fix.
func buildRequest(query string, f filters) (client.RecallRequest, fieldErrors) {
	errs := fieldErrors{}
	req := client.RecallRequest{Query: strings.TrimSpace(query)}
	if !hasWordChar(req.Query) {
		errs["query"] = "type a word to search for"
	}
	for i, on := range f.types {
		if on {
			req.Types = append(req.Types, factTypes()[i])
		}
	}
	req.Tags = slices.Clone(f.tags)
	req.TagsMatch = f.match
	req.Budget = f.budget
	req.Trace = f.trace
	req.PreferObservations = f.prefer
	if s := strings.TrimSpace(f.maxTokens); s != "" {
		n, err := parseCount(s)
		if err != nil {
			errs["max_tokens"] = err.Error()
		} else {
			req.MaxTokens = &n
		}
	}
	if s := strings.TrimSpace(f.timestamp); s != "" {
		if ts, _, err := parseWhen(s); err != nil {
			errs["query_timestamp"] = err.Error()
		} else {
			req.QueryTimestamp = ts
		}
	}
	req.TemporalWindow = buildWindow(f, errs)
	req.MinScores = buildMinScores(f, errs)
	if f.noEntities || f.chunks || f.sourceFacts {
		inc := &client.RecallInclude{NoEntities: f.noEntities}
		if f.chunks {
			inc.Chunks = &client.ChunksInclude{}
		}
		if f.sourceFacts {
			inc.SourceFacts = &client.SourceFactsInclude{}
		}
		req.Include = inc
	}
	if len(errs) == 0 {
		errs = nil
	}
	return req, errs
}

// buildWindow checks the temporal window: both ends or neither, each a time, the end
// not before the start.
func buildWindow(f filters, errs fieldErrors) *client.TemporalWindow {
	start, end := strings.TrimSpace(f.winStart), strings.TrimSpace(f.winEnd)
	if start == "" && end == "" {
		return nil
	}
	var w client.TemporalWindow
	var ts, te time.Time
	var err error
	switch {
	case start == "":
		errs["window.start"] = "a window needs a start"
	default:
		if w.Start, ts, err = parseWhen(start); err != nil {
			errs["window.start"] = err.Error()
		}
	}
	switch {
	case end == "":
		errs["window.end"] = "a window needs an end"
	default:
		if w.End, te, err = parseWhen(end); err != nil {
			errs["window.end"] = err.Error()
		}
	}
	if !ts.IsZero() && !te.IsZero() && te.Before(ts) {
		errs["window"] = "the window ends before it starts"
	}
	if errs["window.start"] != "" || errs["window.end"] != "" || errs["window"] != "" {
		return nil
	}
	return &w
}

// buildMinScores parses the score floors; none set sends no min_scores at all.
func buildMinScores(f filters, errs fieldErrors) *client.MinScores {
	var ms client.MinScores
	set := false
	targets := [4]**float64{&ms.Semantic, &ms.Keyword, &ms.Reranker, &ms.Final}
	for i, s := range f.minScores {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v != v { // NaN is not a floor
			errs["min_scores."+scoreNames()[i]] = "not a number: " + strconv.Quote(s)
			continue
		}
		*targets[i], set = &v, true
	}
	if !set {
		return nil
	}
	return &ms
}

// parseCount reads a whole number of tokens, allowing thousands separators ("4,096").
func parseCount(s string) (int, error) {
	clean := strings.NewReplacer(",", "", "_", "", " ", "").Replace(s)
	n, err := strconv.Atoi(clean)
	switch {
	case err != nil:
		return 0, fmt.Errorf("not a whole number: %q", s)
	case n < 0:
		return 0, errors.New("must be 0 or more")
	}
	return n, nil
}

// whenLayouts are the time forms the filters accept, besides RFC 3339. Values without
// an offset are UTC, which is how the server reads naive times.
func whenLayouts() []string {
	return []string{"2006-01-02", "2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02T15:04:05"}
}

// parseWhen reads a date or time as typed and returns it as sent: RFC 3339 text is
// kept as typed (its offset matters), the shorter forms become RFC 3339 in UTC, which
// both the server and the spec's date-time format accept.
func parseWhen(s string) (sent string, t time.Time, err error) {
	for _, layout := range []string{time.RFC3339Nano, time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return s, t, nil
		}
	}
	for _, layout := range whenLayouts() {
		if t, err := time.ParseInLocation(layout, s, time.UTC); err == nil {
			return t.Format(time.RFC3339), t, nil
		}
	}
	return "", time.Time{}, errors.New("not a date or time: use 2024-01-15, 2024-01-15 10:30 or RFC 3339")
}

// hasWordChar mirrors the server's check that a query has something to search for.
func hasWordChar(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return true
		}
	}
	return false
}
