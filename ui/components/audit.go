package components

import (
	"encoding/json"

	"hindsight-tui/client"
)

// What an audit entry says in a row, shared by the live tail and the audit log pane so
// the two read an entry the same way.

// Audit entry states, as AuditStatus names them.
const (
	AuditOK      = "ok"
	AuditRunning = "running"
	AuditFailed  = "failed"
)

// AuditStatus is an audited call's state: running while it has no duration, failed
// when it ended without a response, ok otherwise.
func AuditStatus(a *client.AuditLogEntry) string {
	switch {
	case a.DurationMS == nil:
		return AuditRunning
	case a.Failed():
		return AuditFailed
	}
	return AuditOK
}

// AuditRequest is what a row says of an audited request: the query of a recall or
// reflect, the number of items of a retain. The query is as the server recorded it:
// untrusted, to sanitize before it is shown.
func AuditRequest(raw json.RawMessage) (query string, items int) {
	var r struct {
		Query string            `json:"query"`
		Items []json.RawMessage `json:"items"`
	}
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &r) != nil {
		return "", 0
	}
	return r.Query, len(r.Items)
}
