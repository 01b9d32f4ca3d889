package hindsighttest

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// seedWebhook registers a seeded webhook and its deliveries. Deliveries are
// webhook_delivery operations like live ones; a pending one waits for its next retry
// and then follows the same rules.
func (s *Server) seedWebhook(sh SeedWebhook, at func(string) (time.Time, error)) error {
	b := s.store.banks[sh.BankID]
	if b == nil {
		return fmt.Errorf("unknown bank %q", sh.BankID)
	}
	created, err := at(sh.CreatedAt)
	if err != nil {
		return err
	}
	updated := created
	if sh.UpdatedAt != "" {
		if updated, err = at(sh.UpdatedAt); err != nil {
			return err
		}
	}
	h := &webhook{id: derivedID(b.id, "webhook", sh.Key), bankID: b.id, url: sh.URL, eventTypes: sh.EventTypes,
		enabled: !sh.Disabled, httpConfig: defaultHTTPConfig(), createdAt: created, updatedAt: updated}
	if sh.Secret != "" {
		secret := sh.Secret
		h.secret = &secret
	}
	if sh.HTTPConfig != nil {
		h.httpConfig = *sh.HTTPConfig
	}
	a := s.activity()
	a.webhooks[b] = append(a.webhooks[b], h)
	for _, sd := range sh.Deliveries {
		if err := s.seedDelivery(h, sd, at); err != nil {
			return fmt.Errorf("delivery %q: %w", sd.Key, err)
		}
	}
	return nil
}

func (s *Server) seedDelivery(h *webhook, sd SeedDelivery, at func(string) (time.Time, error)) error {
	created, err := at(sd.CreatedAt)
	if err != nil {
		return err
	}
	last, err := at(sd.LastAttemptAt)
	if err != nil {
		return err
	}
	if sd.Attempts < 1 || sd.Attempts > len(deliveryRetryDelays)+1 {
		return fmt.Errorf("attempts %d out of range", sd.Attempts)
	}
	// The event reports a seeded operation, or a synchronous retain (a hex id).
	eventOp := strings.ReplaceAll(derivedID(h.bankID, "event", sd.EventType, sd.CreatedAt), "-", "")
	if sd.EventOpKey != "" {
		eventOp = derivedID(h.bankID, "operation", sd.EventOpKey)
	}
	data := map[string]any{}
	for k, v := range sd.Data {
		data[k] = v
	}
	if doc, ok := data["document_id"].(string); ok && sd.EventType == "retain.completed" {
		n := 0
		for _, c := range docMemoryCounts(s.store.banks[h.bankID])[doc] {
			n += c
		}
		data["memory_unit_count"] = n
	}
	status := sd.EventStatus
	if status == "" {
		status = "completed"
	}
	body, _ := json.Marshal(webhookEvent{Event: sd.EventType, BankID: h.bankID, OperationID: eventOp, Status: status,
		Timestamp: pydanticTime(created), Data: data})
	op := &operation{id: derivedID(h.bankID, "delivery", h.id, sd.Key), bankID: h.bankID, opType: "webhook_delivery",
		status: sd.Status, createdAt: created, updatedAt: last, retryCount: sd.Attempts - 1, errorMessage: sd.LastError}
	var code any
	if sd.LastStatus != 0 {
		code = sd.LastStatus
	}
	op.resultMeta = map[string]any{"last_status_code": code, "last_response_body": "", "last_attempt_at": isoTime(last)}
	var secret any
	if h.secret != nil {
		secret = *h.secret
	}
	op.payload = map[string]any{
		"type": "webhook_delivery", "operation_id": op.id, "bank_id": h.bankID, "url": h.url, "secret": secret,
		"event_type": sd.EventType, "payload": string(body), "webhook_id": h.id, "http_config": h.httpConfig,
	}
	op.apply = s.deliveryAttempt(op)
	if sd.NextRetryAt != "" {
		next, err := at(sd.NextRetryAt)
		if err != nil {
			return err
		}
		op.nextRetryAt = &next
	}
	switch sd.Status {
	case "pending":
		if op.nextRetryAt == nil {
			return fmt.Errorf("a pending delivery needs next_retry_at")
		}
		op.startAt, op.dueAt = *op.nextRetryAt, *op.nextRetryAt
		s.queue = append(s.queue, op)
	case "completed", "failed", "cancelled":
		op.completedAt = timePtr(last)
	default:
		return fmt.Errorf("unknown status %q", sd.Status)
	}
	s.store.operations[op.id] = op
	return nil
}
