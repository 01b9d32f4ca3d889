package hindsighttest

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"time"
)

// webhook is a registered endpoint of a bank.
type webhook struct {
	id         string
	bankID     string
	url        string
	secret     *string
	eventTypes []string
	enabled    bool
	httpConfig webhookHTTPConfig
	createdAt  time.Time
	updatedAt  time.Time
}

// webhookHTTPConfig is WebhookHttpConfig: how deliveries are sent.
type webhookHTTPConfig struct {
	Method         string            `json:"method"`
	TimeoutSeconds int               `json:"timeout_seconds"`
	Headers        map[string]string `json:"headers"`
	Params         map[string]string `json:"params"`
}

func defaultHTTPConfig() webhookHTTPConfig {
	return webhookHTTPConfig{Method: "POST", TimeoutSeconds: 30, Headers: map[string]string{}, Params: map[string]string{}}
}

// webhookItem is WebhookResponse (nulls kept). The secret is never returned, and the
// timestamps are Postgres text, not ISO.
type webhookItem struct {
	ID         string            `json:"id"`
	BankID     *string           `json:"bank_id"`
	URL        string            `json:"url"`
	Secret     *string           `json:"secret"`
	EventTypes []string          `json:"event_types"`
	Enabled    bool              `json:"enabled"`
	HTTPConfig webhookHTTPConfig `json:"http_config"`
	CreatedAt  *string           `json:"created_at"`
	UpdatedAt  *string           `json:"updated_at"`
}

func webhookItemOf(h *webhook) webhookItem {
	created, updated := pgTime(h.createdAt), pgTime(h.updatedAt)
	return webhookItem{ID: h.id, BankID: strPtr(h.bankID), URL: h.url, EventTypes: orEmpty(h.eventTypes),
		Enabled: h.enabled, HTTPConfig: h.httpConfig, CreatedAt: &created, UpdatedAt: &updated}
}

// pgTime renders t as a Postgres timestamptz cast to text in a UTC session:
// "2026-01-15 10:30:00.123456+00", fractional seconds without trailing zeros.
func pgTime(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.999999") + "+00"
}

// parsePGTime reads a timestamp the way Postgres casts text to timestamptz: its own
// text form or ISO 8601.
func parsePGTime(s string) (time.Time, bool) {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999Z07", "2006-01-02 15:04:05.999999999Z07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	t, err := parseISO(s)
	return t, err == nil
}

// webhookFields are the validated fields of a create or update body; each pointer is
// nil when the key was not sent (sent-as-null is recorded in nulls).
type webhookFields struct {
	url        *string
	secret     *string
	eventTypes []string
	enabled    *bool
	httpConfig *webhookHTTPConfig
	sent       map[string]bool
	nulls      map[string]bool
}

// parseWebhookBody validates CreateWebhookRequest / UpdateWebhookRequest.
func parseWebhookBody(q *request, create bool) *webhookFields {
	f := q.body(false, "url", "secret", "event_types", "enabled", "http_config")
	if f == nil {
		return nil
	}
	wf := &webhookFields{sent: map[string]bool{}, nulls: map[string]bool{}}
	for _, k := range []string{"url", "secret", "event_types", "enabled", "http_config"} {
		wf.sent[k], wf.nulls[k] = f.has(k), f.null(k)
	}
	if create {
		wf.url = strOrNil(f.reqStr("url"), f.has("url") && !f.null("url"))
		// Fields with a non-null default reject an explicit null.
		for _, c := range [][3]string{
			{"event_types", "list_type", "Input should be a valid list"},
			{"enabled", "bool_type", "Input should be a valid boolean"},
			{"http_config", "model_type", "Input should be a valid dictionary or instance of WebhookHttpConfig"},
		} {
			if f.null(c[0]) {
				q.fail(validationError{Type: c[1], Loc: f.at(c[0]), Msg: c[2], Input: nil})
			}
		}
	} else {
		wf.url = f.str("url")
	}
	wf.secret = f.str("secret")
	wf.eventTypes = f.strList("event_types")
	wf.enabled = f.boolean("enabled")
	if hc := f.object("http_config"); hc != nil {
		wf.httpConfig = parseHTTPConfig(hc)
	}
	return wf
}

func strOrNil(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// parseHTTPConfig validates WebhookHttpConfig; unknown keys are ignored.
func parseHTTPConfig(f *fields) *webhookHTTPConfig {
	hc := defaultHTTPConfig()
	if v := f.str("method"); v != nil {
		hc.Method = *v
	}
	if v := f.integer("timeout_seconds", -1<<31, noMax); v != nil {
		hc.TimeoutSeconds = *v
	}
	for _, key := range []string{"headers", "params"} {
		obj := f.object(key)
		if obj == nil {
			continue
		}
		m := map[string]string{}
		for k := range obj.obj {
			if v := obj.str(k); v != nil {
				m[k] = *v
			} else if obj.null(k) {
				f.q.fail(validationError{Type: "string_type", Loc: obj.at(k), Msg: "Input should be a valid string", Input: nil})
			}
		}
		if key == "headers" {
			hc.Headers = m
		} else {
			hc.Params = m
		}
	}
	return &hc
}

// handleCreateWebhook serves POST …/webhooks: 201; the URL is checked before the key,
// and the bank is created if missing.
func (s *Server) handleCreateWebhook(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	wf := parseWebhookBody(q, true)
	if q.invalid() {
		return
	}
	if err := validateWebhookURL(*wf.url); err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	if !s.authorized(w, r) {
		return
	}
	now := s.now()
	b := s.ensureBank(bankID)
	h := &webhook{id: newUUID(), bankID: bankID, url: *wf.url, secret: wf.secret, enabled: true,
		eventTypes: []string{"consolidation.completed"}, httpConfig: defaultHTTPConfig(), createdAt: now, updatedAt: now}
	if wf.sent["event_types"] {
		h.eventTypes = wf.eventTypes
	}
	if wf.enabled != nil {
		h.enabled = *wf.enabled
	}
	if wf.httpConfig != nil {
		h.httpConfig = *wf.httpConfig
	}
	a := s.activity()
	a.webhooks[b] = append(a.webhooks[b], h)
	writeJSON(w, http.StatusCreated, webhookItemOf(h))
}

// handleListWebhooks serves GET …/webhooks: oldest first, no paging.
func (s *Server) handleListWebhooks(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	items := []webhookItem{}
	if b := s.store.banks[bankID]; b != nil {
		hooks := slices.Clone(s.activity().webhooks[b])
		sort.SliceStable(hooks, func(i, j int) bool { return hooks[i].createdAt.Before(hooks[j].createdAt) })
		for _, h := range hooks {
			items = append(items, webhookItemOf(h))
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}

// webhookID parses the path id like uuid.UUID(); a malformed one is an unhandled
// ValueError on the real server, so a 500.
func webhookID(w http.ResponseWriter, p pathParams) (string, bool) {
	id, ok := canonicalUUID(p["webhook_id"])
	if !ok {
		writeDetail(w, http.StatusInternalServerError, "badly formed hexadecimal UUID string")
	}
	return id, ok
}

// findWebhook returns the bank's webhook with id, or nil.
func (s *Server) findWebhook(bankID, id string) *webhook {
	b := s.store.banks[bankID]
	if b == nil {
		return nil
	}
	for _, h := range s.activity().webhooks[b] {
		if h.id == id {
			return h
		}
	}
	return nil
}

// handleUpdateWebhook serves PATCH …/webhooks/{id}: only sent keys change, "secret":
// null clears it, http_config is replaced whole. The real handler builds its UPDATE
// before authenticating, so the id, URL and "nothing to update" checks come first.
func (s *Server) handleUpdateWebhook(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r)
	wf := parseWebhookBody(q, false)
	if q.invalid() {
		return
	}
	id, ok := webhookID(w, p)
	if !ok {
		return
	}
	if wf.url != nil {
		if err := validateWebhookURL(*wf.url); err != nil {
			writeDetail(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	if wf.sent["http_config"] && wf.nulls["http_config"] {
		writeDetail(w, http.StatusInternalServerError, "'NoneType' object has no attribute 'model_dump_json'")
		return
	}
	if len(wf.sentKeys()) == 0 {
		writeDetail(w, http.StatusUnprocessableEntity, "No fields provided to update")
		return
	}
	if !s.authorized(w, r) {
		return
	}
	h := s.findWebhook(p["bank_id"], id)
	if h == nil {
		writeDetail(w, http.StatusNotFound, "Webhook not found")
		return
	}
	for _, col := range []string{"url", "event_types", "enabled"} {
		if wf.sent[col] && wf.nulls[col] {
			writeDetail(w, http.StatusInternalServerError, fmt.Sprintf(
				"null value in column \"%s\" of relation \"webhooks\" violates not-null constraint", col))
			return
		}
	}
	wf.apply(h)
	h.updatedAt = s.now()
	writeJSON(w, http.StatusOK, webhookItemOf(h))
}

func (wf *webhookFields) sentKeys() []string {
	var keys []string
	for k, sent := range wf.sent {
		if sent {
			keys = append(keys, k)
		}
	}
	return keys
}

// apply writes the sent fields onto h.
func (wf *webhookFields) apply(h *webhook) {
	if wf.url != nil {
		h.url = *wf.url
	}
	if wf.sent["secret"] {
		h.secret = wf.secret
	}
	if wf.sent["event_types"] {
		h.eventTypes = wf.eventTypes
	}
	if wf.enabled != nil {
		h.enabled = *wf.enabled
	}
	if wf.httpConfig != nil {
		h.httpConfig = *wf.httpConfig
	}
}

// handleDeleteWebhook serves DELETE …/webhooks/{id}.
func (s *Server) handleDeleteWebhook(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	id, ok := webhookID(w, p)
	if !ok || !s.authorized(w, r) {
		return
	}
	b := s.store.banks[p["bank_id"]]
	h := s.findWebhook(p["bank_id"], id)
	if h == nil {
		writeDetail(w, http.StatusNotFound, "Webhook not found")
		return
	}
	a := s.activity()
	kept := a.webhooks[b][:0]
	for _, x := range a.webhooks[b] {
		if x != h {
			kept = append(kept, x)
		}
	}
	a.webhooks[b] = kept
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}
