package tail

import (
	"context"
	"encoding/json"
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// What one poll asks, per bank: the newest pageSize operations (created_at DESC), the
// newest pageSize audit entries (started_at DESC) and the newest pageSize failed LLM
// requests (status=error, newest first). With all banks on, the first maxBanks banks
// of the bank list are polled: at most 1 + 3×maxBanks = 25 requests per poll, one
// after another. LLM requests are not asked of a server with llm_trace off.
const (
	pageSize = 50
	maxBanks = 8
)

// detailMax bounds the JSON an event keeps for its detail, so that 10,000 held
// events stay within a few megabytes whatever the server returns (a recall's audited
// response holds every result).
const detailMax = 2048

// source is what a poll needs, copied out of the model before the command runs.
type source struct {
	cl    *client.Client
	banks []string // the bank, or "" with all set
	all   bool
	llms  bool // the server has LLM traces on
}

// fetch makes one poll's requests and turns the answers into events. A failed request
// costs its own events only; the first error is reported.
func fetch(ctx context.Context, s source) (evs []Event, banks int, err error) {
	keep := func(e error) {
		if err == nil {
			err = e
		}
	}
	banksList := s.banks
	if s.all {
		bl, e := s.cl.ListBanks(ctx, client.ListBanksParams{Limit: maxBanks})
		if e != nil {
			return nil, 0, e
		}
		banksList = nil
		for _, b := range bl.Banks {
			banksList = append(banksList, b.BankID)
		}
		banks = bl.Total
	}
	for _, bank := range banksList {
		if ctx.Err() != nil {
			return evs, banks, ctx.Err()
		}
		if ops, e := s.cl.ListOperations(ctx, bank, client.ListOperationsParams{Limit: pageSize}); e != nil {
			keep(e)
		} else {
			for i := range ops.Operations {
				evs = append(evs, operationEvent(bank, &ops.Operations[i]))
			}
		}
		if al, e := s.cl.ListAuditLogs(ctx, bank, client.ListAuditLogsParams{Limit: pageSize}); e != nil {
			keep(e)
		} else {
			for i := range al.Items {
				evs = append(evs, auditEvent(&al.Items[i]))
			}
		}
		if s.llms {
			lr, e := s.cl.ListLLMRequests(ctx, bank, client.ListLLMRequestsParams{Status: client.LLMStatusError, Limit: pageSize})
			if e != nil {
				keep(e)
			} else {
				for i := range lr.Items {
					evs = append(evs, llmEvent(bank, &lr.Items[i]))
				}
			}
		}
	}
	return evs, banks, err
}

// operationEvent is an operation at its latest change: finished at updated_at,
// otherwise when it was created.
func operationEvent(bank string, o *client.Operation) Event {
	at := o.CreatedAt.Time
	finished := false
	switch o.Status {
	case client.StatusCompleted, client.StatusFailed, client.StatusCancelled:
		finished = true
		if !o.UpdatedAt.IsZero() {
			at = o.UpdatedAt.Time
		}
	}
	text := "created"
	if finished {
		text = "finished"
	}
	if o.ItemsCount > 0 {
		text += " · " + common.Plural(o.ItemsCount, "item", "items")
	}
	if o.Filename != "" {
		text += " · " + o.Filename
	}
	if o.ErrorMessage != "" {
		text += " · " + o.ErrorMessage
	}
	return Event{Kind: KindOperation, ID: o.ID, Bank: line(bank), At: at, What: line(o.TaskType), Status: line(o.Status),
		Text: line(text), Bad: o.Status == client.StatusFailed, Detail: detail(o)}
}

// auditEvent is an audited call: its action and transport, and for recall and
// reflect the query text of the request.
func auditEvent(a *client.AuditLogEntry) Event {
	status := components.AuditStatus(a)
	text := a.Transport
	q, items := components.AuditRequest(a.Request)
	if q != "" {
		text += " · “" + q + "”"
	}
	if items > 0 {
		text += " · " + common.Plural(items, "item", "items")
	}
	return Event{Kind: KindAudit, ID: a.ID, Bank: line(a.BankID), At: a.StartedAt.Time, What: line(a.Action),
		Status: status, Text: line(text), Bad: status == components.AuditFailed, Detail: detail(a)}
}

// llmEvent is a failed LLM request: which call and what went wrong.
func llmEvent(bank string, r *client.LLMRequest) Event {
	what := r.Operation
	if r.Scope != "" && r.Scope != r.Operation {
		what += "/" + r.Scope
	}
	text := r.Provider
	if r.Model != "" {
		text += " " + r.Model
	}
	if r.Error != "" {
		text += " · " + r.Error
	}
	if r.BankID != "" {
		bank = r.BankID
	}
	return Event{Kind: KindLLMError, ID: r.ID, Bank: line(bank), At: r.StartedAt.Time, What: line(what), Status: line(r.Status),
		Text: line(strings.TrimSpace(text)), Bad: true, Run: r.TraceID, Detail: detail(r)}
}

// line is untrusted text made one safe line, cut to what a row can ever show.
func line(s string) string { return sanitize.Line(components.Head(s, 512)) }

// detail is v as indented JSON, sanitized, cut at detailMax bytes.
func detail(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return ""
	}
	s := string(b)
	if len(s) > detailMax {
		s = components.Head(s, detailMax) + "\n… (cut: the first 2 KiB are kept)"
	}
	return sanitize.Text(s)
}
