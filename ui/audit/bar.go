package audit

import (
	"fmt"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// filters are what the list asks the server for; empty ones are not sent. since and
// until are typed dates, read by common.ParseWhen when the list is asked for.
type filters struct {
	action, transport, since, until string
}

// actions are the audited actions most worth narrowing to, in the filter's cycle:
// what agents call first, then the writes people look for.
var actions = []string{"", "recall", "reflect", "retain", "file_retain", "update_memory", "clear_memories",
	"update_bank_config", "consolidation", "refresh_mental_model", "batch_retain", "webhook_delivery",
	"create_webhook", "update_webhook", "delete_webhook", "delete_document", "delete_bank"}

// cycleItems is how many of the bar's items (the first ones) are choices, which list
// again as soon as they change.
const cycleItems = 2

// params turns the filters into the list request; an unreadable date is an error
// that names it.
func (f filters) params(now time.Time) (client.ListAuditLogsParams, error) {
	p := client.ListAuditLogsParams{Action: f.action, Transport: f.transport}
	for _, d := range []struct {
		name, text string
		out        *time.Time
	}{{"from", f.since, &p.StartDate}, {"to", f.until, &p.EndDate}} {
		if s := strings.TrimSpace(d.text); s != "" {
			_, t, err := common.ParseWhen(s, now)
			if err != nil {
				return p, fmt.Errorf("%s: %w", d.name, err)
			}
			*d.out = t
		}
	}
	if !p.StartDate.IsZero() && !p.EndDate.IsZero() && !p.EndDate.After(p.StartDate) {
		return p, fmt.Errorf("the range ends before it starts")
	}
	return p, nil
}

// newBar is the filter bar over the list's filters.
func newBar(c *common.Common) *components.FilterBar[filters] {
	o := c.Keys.Audit
	keys := components.FilterBarKeys{Next: o.Bar.NextItem, Prev: o.Bar.PrevItem, Toggle: o.Bar.Toggle, Leave: o.Bar.Leave}
	when := "now, 2026-11-20, 2026-11-20 10:30 or RFC 3339; no offset means UTC"
	return components.NewFilterBar(c, keys, []string{"enter list"},
		components.FilterItem[filters]{Kind: components.FilterCycle, Group: "action", Label: "action", Help: "entries of one action",
			Values: actions, Text: func(f *filters) *string { return &f.action }},
		components.FilterItem[filters]{Kind: components.FilterCycle, Group: "transport", Label: "transport",
			Help:   "how the call came: http, mcp, or the server's own worker (system)",
			Values: []string{"", client.TransportHTTP, client.TransportMCP, client.TransportSystem}, Text: func(f *filters) *string { return &f.transport }},
		components.FilterItem[filters]{Kind: components.FilterText, Group: "time", Label: "from", Help: "started at or after: " + when,
			Hint: "from", Text: func(f *filters) *string { return &f.since }},
		components.FilterItem[filters]{Kind: components.FilterText, Label: "to", Prefix: "→ ", Help: "started before: " + when,
			Hint: "to", Text: func(f *filters) *string { return &f.until }},
	)
}
