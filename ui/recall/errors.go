package recall

import (
	"errors"
	"net/http"
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
)

// serverFieldErrors maps a failed recall to the filters it concerns: a 422's locations
// (["body","budget"] → budget, ["body","temporal_window",…] → window), and the string
// details the server words itself ("Invalid fact type(s)" → types, a bad
// query_timestamp, a query too long). It returns nil when the error names no filter.
func (m *Model) serverFieldErrors(err error) fieldErrors {
	out := fieldErrors(m.bar.ServerErrors(err, fieldKey))
	var ae *client.APIError
	if out != nil || !errors.As(err, &ae) || len(ae.Fields) > 0 {
		return out
	}
	detail := sanitize.Line(ae.Detail)
	switch {
	case ae.StatusCode == http.StatusUnprocessableEntity && strings.HasPrefix(ae.Detail, "Invalid fact type"):
		return fieldErrors{"types": detail}
	case ae.StatusCode == http.StatusBadRequest && strings.Contains(ae.Detail, "query_timestamp"):
		return fieldErrors{"query_timestamp": detail}
	case ae.StatusCode == http.StatusBadRequest && strings.HasPrefix(ae.Detail, "Query too long"):
		return fieldErrors{"query": detail}
	}
	return nil
}

// fieldKey turns a 422 location (without "body") into the key of the filter that
// sets it: list indexes and option details collapse onto the filter ("tags.0" → tags,
// "include.chunks.max_tokens" → include.chunks, any part of the window → window).
func fieldKey(loc string) string {
	parts := strings.Split(loc, ".")
	switch parts[0] {
	case "temporal_window":
		if len(parts) > 1 && (parts[1] == "start" || parts[1] == "end") {
			return "window." + parts[1]
		}
		return "window"
	case "include", "min_scores":
		if len(parts) > 1 {
			return parts[0] + "." + parts[1]
		}
		return parts[0]
	case "tag_groups":
		return "tags"
	case "types", "tags", "tags_match", "budget", "max_tokens", "query_timestamp", "query",
		"prefer_observations", "trace":
		return parts[0]
	}
	return ""
}
