package hindsighttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"
)

// SeedActivity is audit history and webhooks for banks of the same seed.
type SeedActivity struct {
	Audit    []SeedAuditLog `json:"audit,omitempty"`
	Webhooks []SeedWebhook  `json:"webhooks,omitempty"`
}

// SeedAuditLog turns auditing on for a bank and gives it a recorded history.
type SeedAuditLog struct {
	BankID string          `json:"bank_id"`
	Calls  []SeedAuditCall `json:"calls"`
}

// SeedAuditCall is one recorded call. For recall and reflect with Replay set, the
// recorded response is what the bank answers to Request when the log is first read,
// so results point at memories that exist; other responses are given.
type SeedAuditCall struct {
	At           string         `json:"at"` // RFC 3339, shifted like every seed time
	DurationMS   int            `json:"duration_ms"`
	Action       string         `json:"action"`
	Transport    string         `json:"transport,omitempty"` // http (default) or system
	Request      map[string]any `json:"request,omitempty"`
	Response     map[string]any `json:"response,omitempty"`
	Replay       bool           `json:"replay,omitempty"`
	Failed       bool           `json:"failed,omitempty"`        // the handler raised: null response
	OperationKey string         `json:"operation_key,omitempty"` // a seeded operation, by key
}

// SeedWebhook is a registered webhook with its delivery history.
type SeedWebhook struct {
	Key        string             `json:"key"` // the id derives from bank and key
	BankID     string             `json:"bank_id"`
	URL        string             `json:"url"`
	Secret     string             `json:"secret,omitempty"`
	EventTypes []string           `json:"event_types"`
	Disabled   bool               `json:"disabled,omitempty"`
	HTTPConfig *webhookHTTPConfig `json:"http_config,omitempty"`
	CreatedAt  string             `json:"created_at"`
	UpdatedAt  string             `json:"updated_at,omitempty"`
	Deliveries []SeedDelivery     `json:"deliveries,omitempty"`
}

// SeedDelivery is one delivery of an event to the webhook. A pending one is retried
// at NextRetryAt on the server clock, by the same rules as live deliveries.
type SeedDelivery struct {
	Key           string         `json:"key"`
	EventType     string         `json:"event_type"`
	EventOpKey    string         `json:"event_operation_key,omitempty"` // the seeded operation the event reports
	EventStatus   string         `json:"event_status,omitempty"`        // default completed
	Data          map[string]any `json:"data,omitempty"`
	Status        string         `json:"status"`
	Attempts      int            `json:"attempts"`
	CreatedAt     string         `json:"created_at"`
	LastAttemptAt string         `json:"last_attempt_at"`
	NextRetryAt   string         `json:"next_retry_at,omitempty"`
	LastError     string         `json:"last_error,omitempty"`
	LastStatus    int            `json:"last_status,omitempty"`
}

// loadActivity applies the activity part of a seed; its banks must exist.
func (s *Server) loadActivity(a *SeedActivity, shift time.Duration) error {
	at := func(v string) (time.Time, error) {
		t, err := parseISO(v)
		return t.Add(shift), err
	}
	for _, log := range a.Audit {
		b := s.store.banks[log.BankID]
		if b == nil {
			return fmt.Errorf("seed audit: unknown bank %q", log.BankID)
		}
		b.configOverrides["audit_log_enabled"] = true
		for i, c := range log.Calls {
			started, err := at(c.At)
			if err != nil {
				return fmt.Errorf("seed audit %s call %d: %w", b.id, i, err)
			}
			if err := s.seedAuditCall(b, c, started); err != nil {
				return fmt.Errorf("seed audit %s call %d (%s): %w", b.id, i, c.Action, err)
			}
		}
	}
	for _, h := range a.Webhooks {
		if err := s.seedWebhook(h, at); err != nil {
			return fmt.Errorf("seed webhook %q: %w", h.Key, err)
		}
	}
	return nil
}

// seedAuditCall records one call of a seeded history.
func (s *Server) seedAuditCall(b *bank, c SeedAuditCall, started time.Time) error {
	ended := started.Add(time.Duration(c.DurationMS) * time.Millisecond)
	e := &auditEntry{action: c.Action, transport: c.Transport, bankID: b.id, startedAt: started, endedAt: &ended,
		id: derivedID(b.id, "audit", c.At, c.Action)}
	if e.transport == "" {
		e.transport = "http"
	}
	var req, resp model
	for i := range auditedRoutes {
		if auditedRoutes[i].action == c.Action {
			req, resp = auditedRoutes[i].request, auditedRoutes[i].response
		}
	}
	opID := ""
	if c.OperationKey != "" {
		opID = derivedID(b.id, "operation", c.OperationKey)
	}
	if e.transport == "system" {
		// A worker task: the request is its payload.
		p := map[string]any{"type": c.Action, "bank_id": b.id}
		for k, v := range c.Request {
			p[k] = v
		}
		if opID != "" {
			p["operation_id"] = opID
		}
		e.request = jsonValue(p)
	} else if c.Request != nil {
		e.request = req.dump(jsonValue(c.Request))
	}
	switch {
	case c.Failed:
	case c.Replay:
		if c.Action != "recall" && c.Action != "reflect" {
			return fmt.Errorf("cannot replay %s", c.Action)
		}
		e.replay = func() any {
			body, err := s.replay(b.id, c.Action, c.Request)
			if err != nil {
				return nil
			}
			return resp.dumpJSON(body)
		}
	case opID != "" && e.transport == "system":
		e.response = map[string]any{"status": "completed", "operation_id": opID}
	case opID != "":
		e.response = map[string]any{"operation_id": opID, "status": "queued"}
	case c.Response != nil:
		e.response = resp.dump(jsonValue(c.Response))
	}
	s.addAudit(e)
	return nil
}

// replay asks the seeded bank a recall or reflect question and returns the answer.
func (s *Server) replay(bankID, action string, request map[string]any) ([]byte, error) {
	path := map[string]string{"recall": "/memories/recall", "reflect": "/reflect"}[action]
	raw, _ := json.Marshal(request)
	r := httptest.NewRequest(http.MethodPost, "/v1/default/banks/"+bankID+path, bytes.NewReader(raw))
	r.Header.Set("Content-Type", "application/json")
	if s.apiKey != "" {
		r.Header.Set("Authorization", "Bearer "+s.apiKey)
	}
	w := httptest.NewRecorder()
	s.route(w, r)
	if w.Code != http.StatusOK {
		return nil, fmt.Errorf("replay answered %d: %s", w.Code, w.Body.String())
	}
	return w.Body.Bytes(), nil
}
