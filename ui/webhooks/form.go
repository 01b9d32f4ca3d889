package webhooks

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// eventTypes are the events the server sends, in the order the form lists them. The
// server stores any string; the form offers only these.
var eventTypes = []string{client.EventRetainCompleted, client.EventConsolidationCompleted, client.EventMemoryDefenseTriggered}

// savedMsg reports a webhook created or changed through the form.
type savedMsg struct {
	bank, id, name string
	created        bool
	secret         bool // a signing secret was set (never its value)
}

// check is a form field that is on or off: an event type, or the enabled switch.
type check struct {
	c       *common.Common
	label   string
	note    string // muted after the label
	names   []string
	on      bool
	focused bool
	err     string
	width   int
}

var _ components.Field = (*check)(nil)

func newCheck(c *common.Common, label, note string, on bool, names ...string) *check {
	return &check{c: c, label: label, note: note, on: on, names: names}
}

func (f *check) Accepts(name string) bool { return slices.Contains(f.names, name) }
func (f *check) Focus() tea.Cmd           { f.focused = true; return nil }
func (f *check) Blur()                    { f.focused = false }
func (f *check) SetWidth(width int)       { f.width = width }
func (f *check) SetStyles(*styles.Styles) {}
func (f *check) SetError(msg string)      { f.err = sanitize.Line(msg) }
func (f *check) Error() string            { return f.err }
func (f *check) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok && f.focused && key.Matches(k, f.c.Keys.Webhooks.Check) {
		f.on, f.err = !f.on, ""
	}
	return nil
}

// View draws the box, the label and its note, and the error under them.
func (f *check) View() string {
	st := f.c.Styles
	marker, box := "  ", "[ ] "
	if f.focused {
		marker = st.Accent.Render("› ")
	}
	if f.on {
		box = "[x] "
	}
	line := marker + st.Text.Render(box+f.label)
	if f.note != "" {
		line += st.Muted.Render("  " + f.note)
	}
	line = components.Fit(line, max(f.width, 1))
	if f.err == "" {
		return line
	}
	return line + "\n" + st.Error.Render(components.Fit("  "+f.err, max(f.width, 1)))
}

// openForm opens the form for a new webhook (h nil) or for h; nothing under --read-only.
// The secret is asked for on create only, masked as it is typed.
func (m *Model) openForm(h *client.Webhook) tea.Cmd {
	if m.c.ReadOnly || m.bank == "" {
		return nil
	}
	url := components.NewTextField(m.c, "URL", "https://example.com/hooks/hindsight", "url")
	fields := []components.Field{url}
	var secret *components.TextField
	title, op, verb := "New webhook", "create webhook", "create"
	chosen := []string{client.EventConsolidationCompleted} // the server's default
	enabled := true
	if h == nil {
		secret = components.NewTextField(m.c, "Signing secret (optional; never shown again)", "HMAC-SHA256 key", "secret")
		secret.SetMasked()
		fields = append(fields, secret)
	} else {
		url.SetValue(sanitize.Line(h.URL))
		title, op, verb = "Edit webhook "+components.Truncate(sanitize.Line(h.URL), 40), "edit webhook", "save"
		chosen, enabled = h.EventTypes, h.Enabled
	}
	fields = append(fields, components.NewHeading(m.c, "Events (space ticks)"))
	var events []*check
	for _, t := range eventTypes {
		events = append(events, newCheck(m.c, t, "", slices.Contains(chosen, t), "event_types"))
	}
	for _, t := range chosen { // a type the server took but does not send
		if !slices.Contains(eventTypes, t) {
			events = append(events, newCheck(m.c, sanitize.Line(t), "not an event the server sends", true, "event_types"))
		}
	}
	for _, e := range events {
		fields = append(fields, e)
	}
	on := newCheck(m.c, "Enabled", "deliveries are sent", enabled, "enabled")
	fields = append(fields, components.NewHeading(m.c, "Delivery"), on)
	hc := client.WebhookHTTPConfig{Method: "POST", TimeoutSeconds: defaultTimeout}
	if h != nil {
		hc = h.HTTPConfig
	}
	get := newCheck(m.c, "Send with GET", "sends no body", strings.EqualFold(hc.Method, "GET"), "http_config.method")
	timeout := components.NewTextField(m.c, "Timeout (seconds)", strconv.Itoa(defaultTimeout), "http_config.timeout_seconds")
	if hc.TimeoutSeconds > 0 {
		timeout.SetValue(strconv.Itoa(hc.TimeoutSeconds))
	}
	headers := components.NewEditorField(m.c, "Headers", "Name=value, one per line", 3, "http_config.headers")
	headers.SetValue(components.FormatKeyValues(hc.Headers))
	params := components.NewEditorField(m.c, "Query parameters", "key=value, one per line", 3, "http_config.params")
	params.SetValue(components.FormatKeyValues(hc.Params))
	fields = append(fields, get, timeout, headers, params)

	bank, cl := m.bank, m.c.Client
	submit := func() (components.Request, error) {
		bad := components.Invalid{}
		u := strings.TrimSpace(url.Value())
		if u == "" {
			bad["url"] = "the address to send events to (http or https)"
		}
		var types []string
		for _, e := range events {
			if e.on {
				types = append(types, e.label)
			}
		}
		if len(types) == 0 {
			bad["event_types"] = "tick at least one event"
		}
		cfg, cfgBad := httpConfig(get.on, timeout.Value(), headers.Value(), params.Value())
		maps.Copy(bad, cfgBad)
		if len(bad) > 0 {
			return nil, bad
		}
		en := on.on
		if h == nil {
			s := secret.Value()
			return func(ctx context.Context) (tea.Cmd, error) {
				out, err := cl.CreateWebhook(ctx, bank, client.CreateWebhookRequest{URL: u, Secret: s, EventTypes: types, Enabled: &en, HTTPConfig: &cfg})
				if err != nil {
					return nil, underURL(err)
				}
				return common.Emit(savedMsg{bank: bank, id: out.ID, name: common.ItemName(out.URL, out.ID), created: true, secret: s != ""}), nil
			}, nil
		}
		id := h.ID
		return func(ctx context.Context) (tea.Cmd, error) {
			out, err := cl.UpdateWebhook(ctx, bank, id, client.UpdateWebhookRequest{URL: &u, EventTypes: &types, Enabled: &en, HTTPConfig: &cfg})
			if err != nil {
				return nil, underURL(err)
			}
			return common.Emit(savedMsg{bank: bank, id: out.ID, name: common.ItemName(out.URL, out.ID)}), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, title, op, verb, submit, fields...))
}

// defaultTimeout is the server's delivery timeout when none is given, in seconds.
const defaultTimeout = 30

// httpConfig reads the form's delivery settings. The whole config is always sent: on
// an edit the server replaces it, so what the form shows is what is kept.
func httpConfig(get bool, timeout, headers, params string) (client.WebhookHTTPConfig, components.Invalid) {
	bad := components.Invalid{}
	cfg := client.WebhookHTTPConfig{Method: "POST", TimeoutSeconds: defaultTimeout}
	if get {
		cfg.Method = "GET"
	}
	if t := strings.TrimSpace(timeout); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 {
			bad["http_config.timeout_seconds"] = "a whole number of seconds, 1 or more"
		}
		cfg.TimeoutSeconds = n
	}
	var err error
	if cfg.Headers, err = components.ParseKeyValues(headers); err != nil {
		bad["http_config.headers"] = err.Error()
	}
	if cfg.Params, err = components.ParseKeyValues(params); err != nil {
		bad["http_config.params"] = err.Error()
	}
	return cfg, bad
}

// underURL files the server's 400 under the URL field: the only body the routes refuse
// with a 400 is a URL (not http(s), or a private or loopback address).
func underURL(err error) error {
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.StatusCode != 400 || len(ae.Fields) > 0 || ae.Detail == "" {
		return err
	}
	cp := *ae
	cp.Fields = []client.FieldError{{Type: "value_error", Loc: []string{"body", "url"}, Msg: ae.Detail}}
	return &cp
}

// onSaved lists the webhooks again with the cursor on the one saved, and says so. A
// secret is mentioned, never shown: the server does not return it.
func (m *Model) onSaved(msg savedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	text := "Saved webhook " + msg.name
	if msg.created {
		text = "Created webhook " + msg.name
		if msg.secret {
			text += "; its signing secret is kept by the server and not shown again"
		}
	}
	m.keepName = msg.name
	return tea.Batch(common.Toast(text), m.load(msg.id))
}
