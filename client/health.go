package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

// Health is GET /health: Status is "healthy" or "unhealthy"; Raw keeps every other
// counter the server reports (database pool figures differ between versions).
type Health struct {
	Status   string                     `json:"status"`
	Database string                     `json:"database"`
	Reason   string                     `json:"reason"`
	Error    string                     `json:"error"`
	Raw      map[string]json.RawMessage `json:"-"`
}

// Health asks whether the server and its database are up. It needs no API key, so a
// healthy answer says nothing about whether the key is right.
func (c *Client) Health(ctx context.Context) (*Health, error) {
	var raw map[string]json.RawMessage
	err := c.do(ctx, "GET", "/health", nil, nil, &raw)
	if err != nil {
		// 503 still carries a health body worth showing.
		if ae, ok := err.(*APIError); ok && ae.StatusCode == 503 {
			return &Health{Status: "unhealthy", Error: ae.Detail}, err
		}
		return nil, err
	}
	h := &Health{Raw: raw}
	b, _ := json.Marshal(raw)
	_ = json.Unmarshal(b, h)
	return h, nil
}

// Version is GET /version: the API version and which optional features are on.
type Version struct {
	APIVersion string          `json:"api_version"`
	Features   map[string]bool `json:"features"`
}

// Feature names reported by /version that change what the UI offers.
const (
	FeatureObservations   = "observations"
	FeatureBankConfigAPI  = "bank_config_api"
	FeatureFileUploadAPI  = "file_upload_api"
	FeatureWorker         = "worker"
	FeatureMCP            = "mcp"
	FeatureAuditLog       = "audit_log"
	FeatureLLMTrace       = "llm_trace"
	FeatureStoreDocText   = "store_document_text"
	FeatureBankLLMHealth  = "bank_llm_health"
	FeatureDocumentExport = "document_export_api"
	FeatureDocumentImport = "document_import_api"
)

// Version reports the server version and feature flags (no API key needed).
func (c *Client) Version(ctx context.Context) (*Version, error) {
	var v Version
	if err := c.do(ctx, "GET", "/version", nil, nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// Enabled reports whether feature is on; features the server does not mention count as on,
// since older servers report fewer flags.
func (v *Version) Enabled(feature string) bool {
	on, ok := v.Features[feature]
	return !ok || on
}

// ErrNoServerTime is ServerTime's error when the server's answer has no usable Date
// header.
var ErrNoServerTime = errors.New("the server sent no Date header")

// ServerTime reads the server's clock from the Date header of GET /version (one cheap
// request, no API key needed), to second precision. Questions such as "what failed in
// the last 24 hours" are about the server's day, not this machine's: the two clocks can
// disagree, and a test server's clock may be pinned anywhere.
func (c *Client) ServerTime(ctx context.Context) (time.Time, error) {
	h, err := c.send(ctx, "GET", "/version", nil, nil, nil)
	if err != nil {
		return time.Time{}, err
	}
	t, err := http.ParseTime(h.Get("Date"))
	if err != nil {
		return time.Time{}, ErrNoServerTime
	}
	return t.UTC(), nil
}
