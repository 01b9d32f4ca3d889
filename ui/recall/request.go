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
	"hindsight-tui/ui/common"
)

// fieldErrors are problems with the filters, keyed by the request field they concern
// ("max_tokens", "window", "min_scores.final", …): the same keys a server 422 maps to,
// so a local check and the server's complaint land on the same filter.
type fieldErrors map[string]string

// buildRequest turns the query and the filters into the request recall sends. It is
// pure: the pane, the tests and copy-as-code all use it, so what is shown, copied and
// sent cannot drift apart. Options left at their defaults are not sent; dates are read
// by common.ParseWhen, "now" at now. A request with errors must not be sent; the errors
// say which filter to fix.
func buildRequest(query string, f filters, now time.Time) (client.RecallRequest, fieldErrors) {
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
		if ts, _, err := common.ParseWhen(s, now); err != nil {
			errs["query_timestamp"] = err.Error()
		} else {
			req.QueryTimestamp = ts
		}
	}
	req.TemporalWindow = buildWindow(f, now, errs)
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
func buildWindow(f filters, now time.Time, errs fieldErrors) *client.TemporalWindow {
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
		if w.Start, ts, err = common.ParseWhen(start, now); err != nil {
			errs["window.start"] = err.Error()
		}
	}
	switch {
	case end == "":
		errs["window.end"] = "a window needs an end"
	default:
		if w.End, te, err = common.ParseWhen(end, now); err != nil {
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

// hasWordChar mirrors the server's check that a query has something to search for.
func hasWordChar(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return true
		}
	}
	return false
}
