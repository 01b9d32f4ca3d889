package client

import (
	"context"
	"encoding/json"
	"time"
)

// Webhook event types the server knows.
const (
	EventRetainCompleted        = "retain.completed"
	EventConsolidationCompleted = "consolidation.completed"
	EventMemoryDefenseTriggered = "memory_defense.triggered"
)

// TextTime is a timestamp that may come in Postgres text form ("2026-01-15
// 10:30:00.123456+00"), as webhook and delivery timestamps do, or in any form Time
// reads. null, "" and unreadable text decode to the zero time; Raw keeps the text.
type TextTime struct {
	time.Time
	Raw string
}

// postgresLayouts are the forms Postgres renders a timestamptz cast to text in.
var postgresLayouts = []string{"2006-01-02 15:04:05.999999999Z07", "2006-01-02 15:04:05.999999999Z07:00"}

// UnmarshalJSON implements json.Unmarshaler.
func (t *TextTime) UnmarshalJSON(b []byte) error {
	var base Time
	if err := base.UnmarshalJSON(b); err != nil {
		return err
	}
	*t = TextTime(base)
	if !t.IsZero() || t.Raw == "" {
		return nil
	}
	for _, layout := range postgresLayouts {
		if parsed, err := time.Parse(layout, t.Raw); err == nil {
			t.Time = parsed
			return nil
		}
	}
	return nil
}

// MarshalJSON keeps what the server sent, or null when nothing was.
func (t TextTime) MarshalJSON() ([]byte, error) { return Time(t).MarshalJSON() }

// WebhookHTTPConfig says how deliveries are sent. On create, zero values take the
// server's defaults (POST, 30 s, no headers or params); on update the config is
// replaced whole.
type WebhookHTTPConfig struct {
	Method         string            `json:"method,omitempty"` // GET or POST
	TimeoutSeconds int               `json:"timeout_seconds,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	Params         map[string]string `json:"params,omitempty"`
}

// Webhook is an endpoint a bank notifies of events. The server never returns the
// signing secret.
type Webhook struct {
	ID         string            `json:"id"`
	BankID     string            `json:"bank_id"`
	URL        string            `json:"url"`
	EventTypes []string          `json:"event_types"`
	Enabled    bool              `json:"enabled"`
	HTTPConfig WebhookHTTPConfig `json:"http_config"`
	CreatedAt  TextTime          `json:"created_at"`
	UpdatedAt  TextTime          `json:"updated_at"`
}

// CreateWebhookRequest registers a webhook. Only URL is required; EventTypes nil
// means the server default (consolidation.completed only).
type CreateWebhookRequest struct {
	URL        string             `json:"url"`
	Secret     string             `json:"secret,omitempty"` // HMAC-SHA256 signing secret
	EventTypes []string           `json:"event_types,omitempty"`
	Enabled    *bool              `json:"enabled,omitempty"`
	HTTPConfig *WebhookHTTPConfig `json:"http_config,omitempty"`
}

// CreateWebhook registers a webhook (creating the bank if needed). A URL that is not
// http(s), or points at a private or loopback address, is a 400.
func (c *Client) CreateWebhook(ctx context.Context, bankID string, r CreateWebhookRequest) (*Webhook, error) {
	var out Webhook
	if err := c.do(ctx, "POST", bankPath(bankID, "webhooks"), nil, r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListWebhooks returns a bank's webhooks, oldest first.
func (c *Client) ListWebhooks(ctx context.Context, bankID string) ([]Webhook, error) {
	var out struct {
		Items []Webhook `json:"items"`
	}
	if err := c.do(ctx, "GET", bankPath(bankID, "webhooks"), nil, nil, &out); err != nil {
		return nil, err
	}
	return out.Items, nil
}

// UpdateWebhookRequest changes the fields that are set; at least one must be.
// ClearSecret removes the signing secret (it wins over Secret).
type UpdateWebhookRequest struct {
	URL         *string
	Secret      *string
	ClearSecret bool
	EventTypes  *[]string
	Enabled     *bool
	HTTPConfig  *WebhookHTTPConfig // replaces the whole config
}

// MarshalJSON sends only the fields set, and "secret": null to clear the secret.
func (u UpdateWebhookRequest) MarshalJSON() ([]byte, error) {
	m := map[string]any{}
	if u.URL != nil {
		m["url"] = *u.URL
	}
	if u.Secret != nil {
		m["secret"] = *u.Secret
	}
	if u.ClearSecret {
		m["secret"] = nil
	}
	if u.EventTypes != nil {
		m["event_types"] = *u.EventTypes
	}
	if u.Enabled != nil {
		m["enabled"] = *u.Enabled
	}
	if u.HTTPConfig != nil {
		m["http_config"] = u.HTTPConfig
	}
	return json.Marshal(m)
}

// UpdateWebhook changes a webhook. An update that sets nothing is a 422, an unknown
// id a 404 and a malformed one a 500 (the server does not check it).
func (c *Client) UpdateWebhook(ctx context.Context, bankID, webhookID string, u UpdateWebhookRequest) (*Webhook, error) {
	var out Webhook
	if err := c.do(ctx, "PATCH", bankPath(bankID, "webhooks", esc(webhookID)), nil, u, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteWebhook removes a webhook; its past deliveries stay in the operations list.
func (c *Client) DeleteWebhook(ctx context.Context, bankID, webhookID string) error {
	return c.do(ctx, "DELETE", bankPath(bankID, "webhooks", esc(webhookID)), nil, nil, nil)
}

// WebhookDelivery is one event sent (or being sent) to a webhook: an operation of type
// webhook_delivery. Attempts counts the attempt in progress or scheduled; a pending
// delivery with attempts > 1 is waiting for NextRetryAt.
type WebhookDelivery struct {
	ID                 string   `json:"id"` // the operation id
	WebhookID          string   `json:"webhook_id"`
	URL                string   `json:"url"`
	EventType          string   `json:"event_type"`
	Status             string   `json:"status"` // pending, processing, completed, failed, cancelled
	Attempts           int      `json:"attempts"`
	NextRetryAt        TextTime `json:"next_retry_at"`
	LastError          string   `json:"last_error"`
	LastResponseStatus *int     `json:"last_response_status"`
	LastResponseBody   *string  `json:"last_response_body"` // withheld unless the server exposes it
	LastAttemptAt      TextTime `json:"last_attempt_at"`
	CreatedAt          TextTime `json:"created_at"`
	UpdatedAt          TextTime `json:"updated_at"`
}

// WebhookDeliveryPage is a page of deliveries, newest first. NextCursor is "" on the
// last page.
type WebhookDeliveryPage struct {
	Items      []WebhookDelivery `json:"items"`
	NextCursor string            `json:"next_cursor"`
}

// ListWebhookDeliveries pages through a webhook's deliveries: limit ≤ 200 (0 = server
// default, 50), cursor = the previous page's NextCursor ("" for the first page).
func (c *Client) ListWebhookDeliveries(ctx context.Context, bankID, webhookID string, limit int, cursor string) (*WebhookDeliveryPage, error) {
	q := query{}
	q.num("limit", limit)
	q.str("cursor", cursor)
	var out WebhookDeliveryPage
	if err := c.do(ctx, "GET", bankPath(bankID, "webhooks", esc(webhookID), "deliveries"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
