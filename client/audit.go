package client

import (
	"bytes"
	"context"
	"encoding/json"
	"time"
)

// Audit transports: how an audited call reached the server.
const (
	TransportHTTP   = "http"
	TransportSystem = "system" // a worker task (async retain, consolidation, webhook delivery, ...)
	TransportMCP    = "mcp"
)

// AuditLogEntry is one audited call. Request is the request model as the server saw it
// (defaults filled in; null for routes without a body, and for a system row it is the
// task payload, which can hold secrets); Response is the full response, or null when
// the call failed.
type AuditLogEntry struct {
	ID         string                     `json:"id"`
	Action     string                     `json:"action"` // recall, retain, reflect, update_memory, batch_retain, ...
	Transport  string                     `json:"transport"`
	BankID     string                     `json:"bank_id"`
	StartedAt  Time                       `json:"started_at"`
	EndedAt    Time                       `json:"ended_at"`
	DurationMS *int64                     `json:"duration_ms"` // nil while a call has not ended
	Request    json.RawMessage            `json:"request"`
	Response   json.RawMessage            `json:"response"`
	Metadata   map[string]json.RawMessage `json:"metadata"`
}

// Failed reports whether the call ended without a response: the handler raised (HTTP)
// or the task failed or will be retried (system).
func (e AuditLogEntry) Failed() bool { return isNull(e.Response) }

// HasRequest reports whether the call had a request body (or task payload) recorded.
func (e AuditLogEntry) HasRequest() bool { return !isNull(e.Request) }

func isNull(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) == 0 || bytes.Equal(raw, []byte("null"))
}

// AuditLogList is a page of a bank's audit log, newest first.
type AuditLogList struct {
	BankID string          `json:"bank_id"`
	Items  []AuditLogEntry `json:"items"`
	Page
}

// ListAuditLogsParams filters the audit log. Zero values are not sent.
type ListAuditLogsParams struct {
	Action    string
	Transport string    // TransportHTTP, TransportSystem or TransportMCP
	StartDate time.Time // started at or after
	EndDate   time.Time // started before
	Limit     int       // 1–500; 0 = server default (50)
	Offset    int
}

// ListAuditLogs pages through a bank's audit log. Auditing is off unless the bank's
// audit_log_enabled config key (or the server) turns it on; a missing bank is a 404.
func (c *Client) ListAuditLogs(ctx context.Context, bankID string, p ListAuditLogsParams) (*AuditLogList, error) {
	q := query{}
	q.str("action", p.Action)
	q.str("transport", p.Transport)
	q.str("start_date", isoParam(p.StartDate))
	q.str("end_date", isoParam(p.EndDate))
	q.num("limit", p.Limit)
	q.num("offset", p.Offset)
	var out AuditLogList
	if err := c.do(ctx, "GET", bankPath(bankID, "audit-logs"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// isoParam renders a time filter in UTC ("" for the zero time).
func isoParam(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// AuditLogStats counts a bank's audited calls per day over a period.
type AuditLogStats struct {
	BankID  string           `json:"bank_id"`
	Period  string           `json:"period"` // as asked; anything but 1d and 30d covers 7 days
	Trunc   string           `json:"trunc"`  // always "day"
	Start   Time             `json:"start"`
	Buckets []AuditLogBucket `json:"buckets"` // ascending; days without calls are absent
}

// AuditLogBucket is one day of audited calls.
type AuditLogBucket struct {
	Time    Time           `json:"time"`
	Actions map[string]int `json:"actions"`
	Total   int            `json:"total"`
}

// AuditLogStats returns daily audit counts; action ("" = all) filters them, period is
// 1d, 7d (default, "") or 30d.
func (c *Client) AuditLogStats(ctx context.Context, bankID, action, period string) (*AuditLogStats, error) {
	q := query{}
	q.str("action", action)
	q.str("period", period)
	var out AuditLogStats
	if err := c.do(ctx, "GET", bankPath(bankID, "audit-logs", "stats"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
