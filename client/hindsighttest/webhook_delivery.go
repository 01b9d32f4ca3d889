package hindsighttest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Deliveries are simulated, never sent. An event queues one webhook_delivery
// operation per enabled webhook of the bank that subscribes to it; the operation runs
// on the server clock like any other and "sends" to a pretend receiver that answers
// by the URL, so tests can steer outcomes:
//
//   - a host under .invalid cannot be reached: a connection error, retried;
//   - "localhost" names resolve to loopback, which the guard refuses: failed at once;
//   - a path segment "status/<code>" answers that HTTP status (2xx succeeds, anything
//     else is retried);
//   - any other URL answers 200.
//
// A failed attempt is retried 5 s, 5 min, 30 min, 2 h and 5 h after the previous one,
// then the delivery fails, as webhooks/manager.py schedules them.
var deliveryRetryDelays = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour}

// retryLater is an attempt that failed but will be tried again at a given time.
type retryLater struct {
	at  time.Time
	msg string
}

func (e *retryLater) Error() string { return e.msg }

// webhookEvent is the body a delivery carries (WebhookEvent, nulls dropped).
type webhookEvent struct {
	Event       string `json:"event"`
	BankID      string `json:"bank_id"`
	OperationID string `json:"operation_id"`
	Status      string `json:"status"`
	Timestamp   string `json:"timestamp"`
	Data        any    `json:"data"`
}

// retainEventData is RetainEventData; memory_unit_count only with a document.
type retainEventData struct {
	DocumentID      *string   `json:"document_id,omitempty"`
	Tags            *[]string `json:"tags,omitempty"`
	MemoryUnitCount *int      `json:"memory_unit_count,omitempty"`
}

// consolidationEventData is ConsolidationEventData.
type consolidationEventData struct {
	ObservationsCreated *int    `json:"observations_created,omitempty"`
	ObservationsUpdated *int    `json:"observations_updated,omitempty"`
	ObservationsDeleted *int    `json:"observations_deleted,omitempty"`
	ErrorMessage        *string `json:"error_message,omitempty"`
}

// pydanticTime renders a UTC time as Pydantic's JSON mode does ("…Z").
func pydanticTime(t time.Time) string {
	t = t.UTC()
	if t.Nanosecond()/1000 != 0 {
		return t.Format("2006-01-02T15:04:05.000000") + "Z"
	}
	return t.Format("2006-01-02T15:04:05") + "Z"
}

// fireWebhookEvent queues a delivery of event to every enabled webhook of the bank
// that subscribes to it.
func (s *Server) fireWebhookEvent(bankID, event, opID, status string, data any, now time.Time) {
	b := s.store.banks[bankID]
	if b == nil {
		return
	}
	body, _ := json.Marshal(webhookEvent{Event: event, BankID: bankID, OperationID: opID, Status: status,
		Timestamp: pydanticTime(now), Data: data})
	for _, h := range s.activity().webhooks[b] {
		if !h.enabled || !containsString(h.eventTypes, event) {
			continue
		}
		s.queueDelivery(h, event, string(body), now)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// queueDelivery creates the webhook_delivery operation for one webhook; its payload is
// the worker task, secret included (GET operation with include_payload shows it).
func (s *Server) queueDelivery(h *webhook, event, body string, now time.Time) *operation {
	op := s.newOperation(h.bankID, "webhook_delivery", now, nil)
	// A delivery is one quick attempt: it goes from pending to done without a visible
	// processing stage or progress.
	op.startAt = op.dueAt
	var secret any
	if h.secret != nil {
		secret = *h.secret
	}
	op.payload = map[string]any{
		"type": "webhook_delivery", "operation_id": op.id, "bank_id": h.bankID, "url": h.url, "secret": secret,
		"event_type": event, "payload": body, "webhook_id": h.id, "http_config": h.httpConfig,
	}
	op.apply = s.deliveryAttempt(op)
	return op
}

// deliveryAttempt is the work of a delivery operation: one attempt, recorded in the
// operation's result metadata, ending in success, a scheduled retry or failure.
func (s *Server) deliveryAttempt(op *operation) func(time.Time) error {
	return func(now time.Time) error {
		target, _ := op.payload["url"].(string)
		res := pretendReceiver(target)
		var status any
		if res.status != 0 {
			status = res.status
		}
		op.resultMeta = map[string]any{"last_status_code": status, "last_response_body": res.body,
			"last_attempt_at": isoTime(now)}
		switch {
		case res.err == "":
			return nil
		case res.blocked || op.retryCount >= len(deliveryRetryDelays):
			return detailError(res.class + ": " + res.err)
		}
		return &retryLater{at: now.Add(deliveryRetryDelays[op.retryCount]), msg: res.err}
	}
}

// receiverAnswer is what the pretend receiver did with an attempt.
type receiverAnswer struct {
	status  int    // HTTP status, 0 when no response
	body    string // response text
	class   string // exception class on failure
	err     string // exception text on failure; "" for success
	blocked bool   // refused by the SSRF guard: never retried
}

var statusSegment = regexp.MustCompile(`(?:^|/)status/(\d{3})(?:/|$)`)

// pretendReceiver decides an attempt's outcome from the URL alone.
func pretendReceiver(raw string) receiverAnswer {
	u, err := url.Parse(raw)
	if err != nil {
		return receiverAnswer{class: "WebhookURLError", err: "Invalid webhook URL", blocked: true}
	}
	host := strings.ToLower(u.Hostname())
	if addr, err := netip.ParseAddr(host); err == nil && ipBlocked(addr) {
		return receiverAnswer{class: "WebhookURLError", err: fmt.Sprintf("Webhook host '%s' targets a disallowed address", host), blocked: true}
	}
	if resolvesToLoopback(host) {
		return receiverAnswer{class: "WebhookURLError",
			err: fmt.Sprintf("Webhook host '%s' resolved to disallowed address 127.0.0.1", host), blocked: true}
	}
	if host == "invalid" || strings.HasSuffix(host, ".invalid") {
		return receiverAnswer{class: "ConnectError", err: "[Errno -2] Name or service not known"}
	}
	code := http.StatusOK
	if m := statusSegment.FindStringSubmatch(u.Path); m != nil {
		code, _ = strconv.Atoi(m[1])
	}
	text := http.StatusText(code)
	if code >= 200 && code < 300 {
		return receiverAnswer{status: code, body: "ok"}
	}
	kind := "Server error"
	switch {
	case code < 400:
		kind = "Redirect response"
	case code < 500:
		kind = "Client error"
	}
	return receiverAnswer{status: code, body: text, class: "HTTPStatusError", err: fmt.Sprintf(
		"%s '%d %s' for url '%s'\nFor more information check: https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/%d",
		kind, code, text, raw, code)}
}

// deliveryItem is WebhookDeliveryResponse (nulls kept). Its timestamps are Postgres
// text, except last_attempt_at, which the worker stores as ISO in the metadata.
type deliveryItem struct {
	ID                 string  `json:"id"`
	WebhookID          *string `json:"webhook_id"`
	URL                string  `json:"url"`
	EventType          string  `json:"event_type"`
	Status             string  `json:"status"`
	Attempts           int     `json:"attempts"`
	NextRetryAt        *string `json:"next_retry_at"`
	LastError          *string `json:"last_error"`
	LastResponseStatus any     `json:"last_response_status"`
	LastResponseBody   *string `json:"last_response_body"`
	LastAttemptAt      any     `json:"last_attempt_at"`
	CreatedAt          *string `json:"created_at"`
	UpdatedAt          *string `json:"updated_at"`
}

func deliveryItemOf(op *operation) deliveryItem {
	str := func(k string) string { v, _ := op.payload[k].(string); return v }
	created, updated := pgTime(op.createdAt), pgTime(op.updatedAt)
	it := deliveryItem{ID: op.id, WebhookID: strPtr(str("webhook_id")), URL: str("url"), EventType: str("event_type"),
		Status: op.status, Attempts: op.retryCount + 1, LastError: strPtr(op.errorMessage),
		LastResponseStatus: op.resultMeta["last_status_code"], LastAttemptAt: op.resultMeta["last_attempt_at"],
		CreatedAt: &created, UpdatedAt: &updated}
	if op.nextRetryAt != nil {
		next := pgTime(*op.nextRetryAt)
		it.NextRetryAt = &next
	}
	return it
}

// handleListDeliveries serves GET …/webhooks/{id}/deliveries: newest first, paged by
// a cursor that is the last item's created_at; the next page holds deliveries created
// strictly before it.
func (s *Server) handleListDeliveries(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r, "limit", "cursor")
	limit := q.integer("limit", 50, -1<<31, 200)
	cursor, _ := q.str("cursor")
	if q.invalid() {
		return
	}
	id, ok := webhookID(w, p)
	if !ok || !s.authorized(w, r) {
		return
	}
	bankID := p["bank_id"]
	if s.findWebhook(bankID, id) == nil {
		writeDetail(w, http.StatusNotFound, "Webhook not found")
		return
	}
	var before *time.Time
	if cursor != "" {
		t, ok := parsePGTime(cursor)
		if !ok {
			writeDetail(w, http.StatusInternalServerError,
				fmt.Sprintf("invalid input syntax for type timestamp with time zone: \"%s\"", cursor))
			return
		}
		before = &t
	}
	if limit+1 < 0 {
		writeDetail(w, http.StatusInternalServerError, "LIMIT must not be negative")
		return
	}
	var rows []*operation
	for _, op := range s.store.operations {
		if op.bankID != bankID || op.opType != "webhook_delivery" || op.payload["webhook_id"] != id ||
			(before != nil && !op.createdAt.Before(*before)) {
			continue
		}
		rows = append(rows, op)
	}
	sortOperations(rows)
	rows = rows[:min(len(rows), limit+1)]
	hasMore := len(rows) > limit
	pageRows := rows[:max(0, min(limit, len(rows)))]
	items := make([]deliveryItem, 0, len(pageRows))
	for _, op := range pageRows {
		items = append(items, deliveryItemOf(op))
	}
	var next *string
	if hasMore && len(pageRows) > 0 {
		c := pgTime(pageRows[len(pageRows)-1].createdAt)
		next = &c
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "next_cursor": next})
}
