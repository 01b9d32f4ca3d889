package hindsighttest

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"
)

// auditEntry is one row of a bank's audit log: an HTTP call the bank received, or a
// worker task run for it ("system" transport).
type auditEntry struct {
	id        string
	action    string
	transport string // http | system | mcp
	bankID    string
	startedAt time.Time
	endedAt   *time.Time
	request   any // JSON-ready value; nil is null
	response  any // nil when the handler failed
	metadata  map[string]any
	seq       int // recording order, to break ties between equal start times
	// replay, for seeded history, computes the response when the log is first read
	// (running seeded recalls at start-up would slow every demo server down).
	replay func() any
}

// addAudit appends e to its bank's audit log, stamping its id and order.
func (s *Server) addAudit(e *auditEntry) {
	a := s.activity()
	a.auditSeq++
	e.seq = a.auditSeq
	if e.id == "" {
		e.id = newUUID()
	}
	if e.metadata == nil {
		e.metadata = map[string]any{}
	}
	a.audit[e.bankID] = append(a.audit[e.bankID], e)
}

// auditItem is AuditLogEntry; the list keeps nulls.
type auditItem struct {
	ID         string         `json:"id"`
	Action     string         `json:"action"`
	Transport  string         `json:"transport"`
	BankID     *string        `json:"bank_id"`
	StartedAt  *string        `json:"started_at"`
	EndedAt    *string        `json:"ended_at"`
	DurationMS *int64         `json:"duration_ms"`
	Request    any            `json:"request"`
	Response   any            `json:"response"`
	Metadata   map[string]any `json:"metadata"`
}

func auditItemOf(e *auditEntry) auditItem {
	it := auditItem{ID: e.id, Action: e.action, Transport: e.transport, BankID: strPtr(e.bankID),
		StartedAt: isoPtr(&e.startedAt), EndedAt: isoPtr(e.endedAt), Request: e.request, Response: e.response,
		Metadata: e.metadata}
	if e.endedAt != nil {
		ms := e.endedAt.Sub(e.startedAt).Milliseconds()
		it.DurationMS = &ms
	}
	return it
}

// parseAuditDate reads a start_date/end_date filter the way the handler does, with
// Python's datetime.fromisoformat after replacing "Z"; the error text is Python's.
func parseAuditDate(raw string) (time.Time, error) {
	v := strings.ReplaceAll(raw, "Z", "+00:00")
	t, err := parseISO(v)
	if err != nil || strings.TrimSpace(v) != v {
		return time.Time{}, detailf("Invalid isoformat string: '%s'", v)
	}
	return t, nil
}

// handleListAuditLogs serves GET …/audit-logs: newest first, nulls kept.
func (s *Server) handleListAuditLogs(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "action", "transport", "start_date", "end_date", "limit", "offset")
	action, _ := q.str("action")
	transport, _ := q.str("transport")
	rawStart, _ := q.str("start_date")
	rawEnd, _ := q.str("end_date")
	limit := q.integer("limit", 50, 1, 500)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() {
		return
	}
	// The dates are parsed in the handler before the engine call, so a bad one is a
	// 500 even without a valid key.
	var start, end *time.Time
	for _, d := range []struct {
		raw string
		out **time.Time
	}{{rawStart, &start}, {rawEnd, &end}} {
		if d.raw == "" {
			continue
		}
		t, err := parseAuditDate(d.raw)
		if err != nil {
			writeDetail(w, http.StatusInternalServerError, err.Error())
			return
		}
		*d.out = &t
	}
	if !s.authorized(w, r) || !s.bankExists(w, bankID) {
		return
	}
	var rows []*auditEntry
	for _, e := range s.activity().audit[bankID] {
		if (action != "" && e.action != action) || (transport != "" && e.transport != transport) ||
			(start != nil && e.startedAt.Before(*start)) || (end != nil && !e.startedAt.Before(*end)) {
			continue
		}
		rows = append(rows, e)
	}
	sortAudit(rows)
	lo, hi := page(len(rows), limit, offset)
	items := make([]auditItem, 0, hi-lo)
	for _, e := range rows[lo:hi] {
		if e.replay != nil {
			e.response, e.replay = e.replay(), nil
		}
		items = append(items, auditItemOf(e))
	}
	writeJSON(w, http.StatusOK, map[string]any{"bank_id": bankID, "total": len(rows), "limit": limit,
		"offset": offset, "items": items})
}

// sortAudit orders newest first; entries started at the same instant keep the
// reverse of their recording order.
func sortAudit(rows []*auditEntry) {
	sort.Slice(rows, func(i, j int) bool {
		if !rows[i].startedAt.Equal(rows[j].startedAt) {
			return rows[i].startedAt.After(rows[j].startedAt)
		}
		return rows[i].seq > rows[j].seq
	})
}

// bankExists answers 404 "Bank '<id>' not found" for a missing bank, as the audit and
// trace routes do.
func (s *Server) bankExists(w http.ResponseWriter, bankID string) bool {
	if s.store.banks[bankID] != nil {
		return true
	}
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("Bank '%s' not found", bankID))
	return false
}

// statsWindow is the look-back of a stats period: 1d, 30d, anything else 7 days (the
// period itself is echoed as sent).
func statsWindow(period string) time.Duration {
	switch period {
	case "1d":
		return 24 * time.Hour
	case "30d":
		return 30 * 24 * time.Hour
	}
	return 7 * 24 * time.Hour
}

// handleAuditLogStats serves GET …/audit-logs/stats: per-day action counts over the
// period, ascending and sparse (days without entries are absent).
func (s *Server) handleAuditLogStats(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "action", "period")
	action, _ := q.str("action")
	period, ok := q.str("period")
	if !ok {
		period = "7d"
	}
	if q.invalid() || !s.authorized(w, r) || !s.bankExists(w, bankID) {
		return
	}
	now := s.now()
	start := now.Add(-statsWindow(period))
	byDay := map[time.Time]map[string]int{}
	for _, e := range s.activity().audit[bankID] {
		if e.startedAt.Before(start) || (action != "" && e.action != action) {
			continue
		}
		day := e.startedAt.UTC().Truncate(24 * time.Hour)
		if byDay[day] == nil {
			byDay[day] = map[string]int{}
		}
		byDay[day][e.action]++
	}
	days := make([]time.Time, 0, len(byDay))
	for d := range byDay {
		days = append(days, d)
	}
	sort.Slice(days, func(i, j int) bool { return days[i].Before(days[j]) })
	buckets := make([]map[string]any, 0, len(days))
	for _, d := range days {
		total := 0
		for _, n := range byDay[d] {
			total += n
		}
		buckets = append(buckets, map[string]any{"time": isoTime(d), "actions": byDay[d], "total": total})
	}
	writeJSON(w, http.StatusOK, map[string]any{"bank_id": bankID, "period": period, "trunc": "day",
		"start": isoTime(start), "buckets": buckets})
}
