package webhooks

import (
	"context"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// bank is the demo bank with webhooks: three, oldest first, each with deliveries.
const bank = "research-agent"

const (
	zapier    = "https://hooks.zapier.com/hooks/catch/1893041/3kq9zx/"
	relay     = "https://hooks.slack.com/services/T04LABRAG/B07HINDSIGHT/vQ3xk2Lr9demo"
	dashboard = "https://rag-dashboard.lab.invalid/api/hindsight-events"
)

func demo(t *testing.T, opts ...uitest.Option) (*Model, *uitest.Host) {
	t.Helper()
	return uitest.Demo(t, New, append([]uitest.Option{uitest.Bank(bank)}, opts...)...)
}

// urls are the listed webhooks' URLs, in order.
func urls(m *Model) []string {
	out := make([]string, len(m.rows))
	for i, h := range m.rows {
		out[i] = h.URL
	}
	return out
}

func serverHooks(t *testing.T, h *uitest.Host) []client.Webhook {
	t.Helper()
	l, err := h.C.Client.ListWebhooks(context.Background(), bank)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// The list holds every webhook oldest first, its events, whether it is enabled, and
// its newest delivery's status.
func TestList(t *testing.T) {
	m, _ := demo(t)
	if got := strings.Join(urls(m), " "); got != zapier+" "+relay+" "+dashboard {
		t.Fatalf("rows = %s", got)
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"2 enabled", "3 webhooks · oldest first", "▌ ○ https://hooks.zapier.com",
		"● https://rag-dashboard", "retain, consolidation", "✓ completed", "↻ retry in 1h", "✗ failed"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

// fieldText is the text of the form's i-th field, which must be a text field.
func fieldText(t *testing.T, f *components.Form, i int) *components.TextField {
	t.Helper()
	tf, ok := f.Fields()[i].(*components.TextField)
	if !ok {
		t.Fatalf("field %d is %T", i, f.Fields()[i])
	}
	return tf
}

// n creates a webhook: a private URL is refused by the server, the refusal shows under
// the URL field and the form keeps what was typed; fixed, it is created, listed with
// the cursor on it, and kept by the server with the chosen events.
func TestCreateRoundTrip(t *testing.T) {
	m, h := demo(t)
	h.Keys("n")
	f := uitest.Front[*components.Form](h)
	h.Type("http://192.168.1.20/hook")
	h.Keys("tab")
	h.Type("s3cret")
	h.Keys("tab", "space", "ctrl+s") // tick retain.completed beside the default
	if h.Front() == nil || f.Closed() {
		t.Fatal("the refused form closed")
	}
	u := fieldText(t, f, 0)
	if !strings.Contains(u.Error(), "private") || f.Err() != "" {
		t.Fatalf("the refusal is not under the URL field: field %q, form %q", u.Error(), f.Err())
	}
	if u.Value() != "http://192.168.1.20/hook" || fieldText(t, f, 1).Value() != "s3cret" || f.Focused() != 0 {
		t.Fatalf("the form lost what was typed: %q %q, focus %d", u.Value(), fieldText(t, f, 1).Value(), f.Focused())
	}
	if v := uitest.Plain(f.View()); !strings.Contains(v, "[x] retain.completed") || !strings.Contains(v, "[x] consolidation.completed") {
		t.Fatalf("the ticks were lost:\n%s", v)
	}
	if len(serverHooks(t, h)) != 3 {
		t.Fatal("a private URL was registered")
	}
	u.SetValue("https://hooks.example.com/in")
	h.Keys("ctrl+s")
	if h.Front() != nil {
		t.Fatalf("the form stayed open:\n%s", uitest.Plain(f.View()))
	}
	if len(m.rows) != 4 || m.selected().URL != "https://hooks.example.com/in" || !m.selected().Enabled {
		t.Fatalf("rows %q, cursor %d", urls(m), m.cursor)
	}
	got := serverHooks(t, h)[3]
	if strings.Join(got.EventTypes, ",") != "retain.completed,consolidation.completed" || !got.Enabled {
		t.Fatalf("server: %+v", got)
	}
	if len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "Created webhook") || !strings.Contains(h.Toasts[0], "not shown again") {
		t.Fatalf("toasts = %q", h.Toasts)
	}
}

// A form without an event is refused before anything is sent.
func TestCreateNeedsAnEvent(t *testing.T) {
	_, h := demo(t)
	h.Keys("n")
	f := uitest.Front[*components.Form](h)
	h.Type("https://hooks.example.com/in")
	h.Keys("tab", "tab", "tab", "space", "ctrl+s") // untick the default
	if h.Front() == nil || !strings.Contains(uitest.Plain(f.View()), "tick at least one event") {
		t.Fatalf("no event was accepted:\n%s", uitest.Plain(f.View()))
	}
	if len(serverHooks(t, h)) != 3 {
		t.Fatal("sent without an event")
	}
}

// The secret typed at creation never shows again: not in the form while typed, the
// list, the deliveries, the copied JSON, a toast, the error log, nor any message that
// reached the root; not after a refused create either.
func TestSecretNeverShown(t *testing.T) {
	const secret = "whsec-Q7-never-again"
	m, h := demo(t)
	var seen []string
	look := func() {
		seen = append(seen, uitest.View(t, m))
		if d := h.Front(); d != nil {
			seen = append(seen, d.View())
		}
		if _, _, j, ok := m.Selection(); ok {
			seen = append(seen, j)
		}
	}
	h.Keys("n")
	h.Type("http://127.0.0.1:9/hook")
	h.Keys("tab")
	h.Type(secret)
	look()
	h.Keys("ctrl+s") // refused: a loopback address
	look()
	fieldText(t, uitest.Front[*components.Form](h), 0).SetValue("https://hooks.example.com/signed")
	h.Keys("ctrl+s")
	look()
	h.Keys("e")
	look()
	h.Keys("esc", "enter")
	look()
	h.Keys("esc", "r")
	look()
	seen = append(seen, h.Toasts...)
	seen = append(seen, h.Clipboard...)
	for _, e := range h.Errors {
		seen = append(seen, fmt.Sprintf("%+v %v", e, e.Err))
	}
	for _, msg := range h.Up {
		seen = append(seen, fmt.Sprintf("%+v", msg))
	}
	if m.selected() == nil || m.selected().URL != "https://hooks.example.com/signed" || len(h.Errors) != 1 {
		t.Fatalf("not created: %q, errors %v", urls(m), h.Errors)
	}
	for _, s := range seen {
		if strings.Contains(s, secret) || strings.Contains(s, "whsec_demo_lab_relay") {
			t.Fatalf("the secret shows:\n%s", s)
		}
	}
	if !strings.Contains(strings.Join(seen, "\n"), "•••") {
		t.Fatal("the secret was not masked while typed")
	}
}

// e edits the selected webhook: switching the disabled one on is saved and shown.
func TestEdit(t *testing.T) {
	m, h := demo(t)
	h.Keys("e")
	f := uitest.Front[*components.Form](h)
	v := uitest.Plain(f.View())
	if !strings.Contains(v, "hooks.zapier.com") || strings.Contains(v, "secret") || !strings.Contains(v, "[ ] Enabled") {
		t.Fatalf("the form does not hold the webhook (or asks a secret):\n%s", v)
	}
	h.Keys("tab", "tab", "tab", "tab", "space", "ctrl+s") // url → 3 events → enabled
	if h.Front() != nil || m.cursor != 0 || !m.selected().Enabled {
		t.Fatalf("rows %+v, cursor %d", m.rows, m.cursor)
	}
	if got := serverHooks(t, h)[0]; !got.Enabled || got.URL != zapier || strings.Join(got.EventTypes, ",") != "retain.completed" {
		t.Fatalf("server: %+v", got)
	}
	if len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "Saved webhook") {
		t.Fatalf("toasts = %q", h.Toasts)
	}
}

// D asks, naming the webhook by URL and id, and enter deletes it.
func TestDeleteConfirm(t *testing.T) {
	m, h := demo(t)
	h.Keys("j")
	id := m.selected().ID
	h.Keys("D")
	d := uitest.Front[*components.Confirm](h)
	if v := strings.Join(strings.Fields(uitest.Plain(d.View())), ""); !strings.Contains(v, "hooks.slack.com") || !strings.Contains(v, id) {
		t.Fatalf("the confirmation does not name the webhook:\n%s", uitest.Plain(d.View()))
	}
	h.Keys("enter")
	if got := strings.Join(urls(m), " "); got != zapier+" "+dashboard || m.cursor != 1 {
		t.Fatalf("rows %s, cursor %d", got, m.cursor)
	}
	if len(serverHooks(t, h)) != 2 || len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "Deleted webhook") {
		t.Fatalf("toasts %q", h.Toasts)
	}
}

// Under --read-only n, e and D do nothing, send nothing, and neither the help nor the
// palette offers them.
func TestReadOnly(t *testing.T) {
	m, h := demo(t, uitest.ReadOnly())
	h.Keys("n", "e", "D")
	if h.Front() != nil || len(h.Toasts) != 0 {
		t.Fatalf("a write opened: %T, toasts %q", h.Front(), h.Toasts)
	}
	for _, g := range m.FullHelp() {
		for _, b := range g {
			if k := b.Help().Key; (k == "n" || k == "e" || k == "D") && b.Enabled() {
				t.Fatalf("the help offers %s under --read-only", k)
			}
		}
	}
	for _, a := range m.Actions() {
		if a.Key == "n" || a.Key == "e" || a.Key == "D" {
			t.Fatalf("the palette offers %q", a.Name)
		}
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "3 webhooks") {
		t.Fatal("read-only does not list")
	}
}

// enter shows the webhook's deliveries newest first, with status, attempts, next retry
// and last error; ] and [ page by the server's cursor, and esc goes back.
func TestDeliveriesPaging(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := demo(t, uitest.WithClient(rec.Option()))
	m.pageSize = 2
	h.Keys("j", "enter")
	d := m.dv
	if d == nil || len(d.items) != 2 || d.next == "" || d.items[0].Status != "pending" || d.items[0].Attempts != 5 {
		t.Fatalf("first page: %+v", d)
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"Deliveries to https://hooks.slack.com", "page 1 · 2 deliveries · ] more",
		"consolidation.completed", "↻ pending", "5×", "in 1h", "Server error '503", "next retry in 1h"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	first := d.items[0].ID
	h.Keys("]")
	second := []string{d.items[0].ID, d.items[1].ID}
	h.Keys("]")
	if d.page != 2 || len(d.items) != 1 || d.next != "" {
		t.Fatalf("last page: page %d, %d items, next %q", d.page, len(d.items), d.next)
	}
	h.Keys("]") // nothing after the last page
	h.Keys("[")
	if d.page != 1 || d.items[0].ID != second[0] || d.items[1].ID != second[1] {
		t.Fatalf("back a page: page %d, %+v", d.page, d.items)
	}
	h.Keys("[", "[")
	if d.page != 0 || d.items[0].ID != first {
		t.Fatalf("first page again: page %d", d.page)
	}
	var cursors []string
	for _, r := range rec.Matching("GET", "/deliveries") {
		if q, err := url.ParseQuery(r.Query); err == nil && q.Get("limit") == "2" {
			cursors = append(cursors, q.Get("cursor"))
		}
	}
	if len(cursors) != 5 || cursors[0] != "" || cursors[1] == "" || cursors[2] == "" || cursors[3] != cursors[1] || cursors[4] != "" {
		t.Fatalf("cursors sent: %q", cursors)
	}
	h.Keys("esc")
	if m.dv != nil || m.selected().URL != relay {
		t.Fatal("esc did not go back to the list on the webhook")
	}
}

// An answer the user has moved on from is dropped: an earlier list, another bank's,
// a deliveries page of an earlier request or of the list left since.
func TestStaleAnswerDropped(t *testing.T) {
	m, h := demo(t)
	cmd := h.Hold("r")
	if !m.loading {
		t.Fatal("r did not reload")
	}
	h.Deliver(listMsg{seq: m.seq - 1, bank: bank})
	h.Deliver(listMsg{seq: m.seq, bank: "another-bank"})
	h.Deliver(lastMsg{seq: m.seq - 1, bank: bank, id: m.rows[0].ID})
	if len(m.rows) != 3 || !m.loading {
		t.Fatalf("a stale answer was taken: rows %q, loading %v", urls(m), m.loading)
	}
	h.Do(cmd)
	if len(m.rows) != 3 || m.loading || m.last[m.rows[0].ID] == nil {
		t.Fatalf("the current answer: rows %q, loading %v", urls(m), m.loading)
	}

	h.Keys("j", "enter")
	d := m.dv
	hold := h.Hold("r")
	h.Deliver(deliveriesMsg{seq: d.seq - 1, bank: bank, id: d.hook.ID, p: &client.WebhookDeliveryPage{}})
	h.Deliver(deliveriesMsg{seq: d.seq, bank: bank, id: "another-webhook", p: &client.WebhookDeliveryPage{}})
	if len(d.items) != 5 || !d.loading {
		t.Fatalf("a stale page was taken: %d items", len(d.items))
	}
	h.Keys("esc")
	h.Do(hold) // answers a view that is gone
	if m.dv != nil {
		t.Fatal("a page answer reopened the deliveries")
	}
}

// r keeps the cursor on its webhook when others leave the list; when it leaves, the
// cursor keeps its row and a toast says so. r in the deliveries keeps the delivery.
func TestSelectionSurvivesReload(t *testing.T) {
	m, h := demo(t)
	h.Keys("G")
	id := m.selected().ID
	if err := h.C.Client.DeleteWebhook(context.Background(), bank, m.rows[0].ID); err != nil {
		t.Fatal(err)
	}
	h.Keys("r")
	if m.selected().ID != id || m.cursor != 1 {
		t.Fatalf("cursor %d on %q, want %s", m.cursor, urls(m), dashboard)
	}
	if err := h.C.Client.DeleteWebhook(context.Background(), bank, id); err != nil {
		t.Fatal(err)
	}
	h.Keys("r")
	if m.cursor != 0 || len(m.rows) != 1 || len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "no longer") {
		t.Fatalf("cursor %d, rows %q, toasts %q", m.cursor, urls(m), h.Toasts)
	}
	h.Keys("enter", "j", "j")
	keep := m.dv.selected().ID
	h.Keys("r")
	if m.dv.selected().ID != keep || m.dv.cursor != 2 {
		t.Fatalf("the deliveries' reload lost the cursor: %d", m.dv.cursor)
	}
}

// A failed list shows its error in place of the rows; a bank without webhooks says so.
func TestListErrorAndEmpty(t *testing.T) {
	m, _ := demo(t, uitest.Faults(hindsighttest.Fault{Method: "GET",
		Path: "/v1/default/banks/" + bank + "/webhooks", Status: 503, Body: `{"detail":"webhooks are resting"}`}))
	if v := uitest.Plain(uitest.View(t, m)); m.err == nil || !strings.Contains(v, "✗") || strings.Contains(v, "zapier") {
		t.Fatalf("the error is not shown in place:\n%s", v)
	}
	e, _ := uitest.Demo(t, New)
	if v := uitest.Plain(uitest.View(t, e)); !strings.Contains(v, "No webhooks") || !strings.Contains(v, "n adds one") {
		t.Fatalf("empty list:\n%s", v)
	}
}

// The palette's actions act like their keys.
func TestActions(t *testing.T) {
	m, h := demo(t)
	var open *common.Action
	for _, a := range m.Actions() {
		if strings.HasPrefix(a.Name, "Deliveries of webhook") {
			open = &a
		}
	}
	if open == nil {
		t.Fatalf("no deliveries action in %+v", m.Actions())
	}
	h.Deliver(open.Msg)
	if m.dv == nil || len(m.dv.items) != 1 {
		t.Fatal("the palette's deliveries did nothing")
	}
}

// An event type the server took but does not send (it does not check them) stays
// ticked in the edit form, marked, so saving does not drop it unasked.
func TestEditKeepsUnknownEvent(t *testing.T) {
	m, h := demo(t)
	if _, err := h.C.Client.CreateWebhook(context.Background(), bank, client.CreateWebhookRequest{
		URL: "https://hooks.example.com/odd", EventTypes: []string{"retain.completed", "bank.renamed"}}); err != nil {
		t.Fatal(err)
	}
	h.Keys("r", "G", "e")
	f := uitest.Front[*components.Form](h)
	if v := uitest.Plain(f.View()); !strings.Contains(v, "[x] bank.renamed") || !strings.Contains(v, "not an event the server sends") {
		t.Fatalf("the unknown event is not in the form:\n%s", v)
	}
	h.Keys("ctrl+s")
	if got := serverHooks(t, h)[3]; h.Front() != nil || strings.Join(got.EventTypes, ",") != "retain.completed,bank.renamed" {
		t.Fatalf("server: %+v", got)
	}
	if acts := m.Actions(); len(acts) != 5 {
		t.Fatalf("list actions: %+v", acts)
	}
	h.Keys("enter")
	for _, a := range m.Actions() {
		if a.Key == "e" || a.Key == "D" || a.Key == "n" {
			t.Fatalf("the deliveries offer %q", a.Name)
		}
	}
}

// formField is the form's field that takes the server field name.
func formField[F components.Field](t *testing.T, f *components.Form, name string) F {
	t.Helper()
	for _, x := range f.Fields() {
		if ff, ok := x.(F); ok && x.Accepts(name) {
			return ff
		}
	}
	t.Fatalf("no %s field", name)
	var zero F
	return zero
}

// The delivery settings (method, timeout, headers, query parameters) show in the edit
// form as stored and go back whole, since the server replaces them; a bad timeout or
// header line is refused under its field before anything is sent.
func TestHTTPSettingsRoundTrip(t *testing.T) {
	m, h := demo(t)
	stored := client.WebhookHTTPConfig{Method: "GET", TimeoutSeconds: 10,
		Headers: map[string]string{"X-Team": "ops", "Authorization": "Bearer a=b"}, Params: map[string]string{"src": "tui"}}
	if _, err := h.C.Client.CreateWebhook(context.Background(), bank, client.CreateWebhookRequest{
		URL: "https://hooks.example.com/get", HTTPConfig: &stored}); err != nil {
		t.Fatal(err)
	}
	h.Keys("r", "G", "e")
	f := uitest.Front[*components.Form](h)
	timeout := formField[*components.TextField](t, f, "http_config.timeout_seconds")
	headers := formField[*components.EditorField](t, f, "http_config.headers")
	if timeout.Value() != "10" || headers.Value() != "Authorization=Bearer a=b\nX-Team=ops" ||
		formField[*components.EditorField](t, f, "http_config.params").Value() != "src=tui" {
		t.Fatalf("the form does not hold the settings: timeout %q, headers %q", timeout.Value(), headers.Value())
	}
	h.Keys("ctrl+s")
	if got := serverHooks(t, h)[3].HTTPConfig; h.Front() != nil || !reflect.DeepEqual(got, stored) {
		t.Fatalf("an unchanged edit changed the settings: %+v", got)
	}

	h.Keys("e")
	f = uitest.Front[*components.Form](h)
	timeout = formField[*components.TextField](t, f, "http_config.timeout_seconds")
	headers = formField[*components.EditorField](t, f, "http_config.headers")
	timeout.SetValue("0")
	headers.SetValue("X-Team=ops\nnot a header")
	h.Keys("ctrl+s")
	if h.Front() == nil || timeout.Error() == "" || !strings.Contains(headers.Error(), `line 2: "not a header" is not key=value`) {
		t.Fatalf("bad settings were not refused: timeout %q, headers %q", timeout.Error(), headers.Error())
	}
	if got := serverHooks(t, h)[3].HTTPConfig; !reflect.DeepEqual(got, stored) {
		t.Fatalf("refused settings were sent: %+v", got)
	}
	timeout.SetValue("15")
	headers.SetValue("X-Team=ops")
	formField[*check](t, f, "http_config.method").on = false
	h.Keys("ctrl+s")
	want := client.WebhookHTTPConfig{Method: "POST", TimeoutSeconds: 15, Headers: map[string]string{"X-Team": "ops"}, Params: map[string]string{"src": "tui"}}
	if got := serverHooks(t, h)[3].HTTPConfig; h.Front() != nil || !reflect.DeepEqual(got, want) || m.selected().URL != "https://hooks.example.com/get" {
		t.Fatalf("server: %+v, want %+v", got, want)
	}
}
