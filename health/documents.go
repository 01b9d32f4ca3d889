package health

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hindsight-tui/client"
)

// empty_documents reads the documentPages × documentPageSize most recently updated
// documents and keeps documentSample of the empty ones as evidence.
const (
	documentPageSize = 500
	documentPages    = 2
	documentSample   = 20
)

// emptyDocuments finds documents that produced no facts (memory_unit_count 0): their
// text is stored, but recall, reflect and consolidation never see it. Extraction that
// found nothing worth keeping looks the same as extraction that went wrong (a scan
// without a text layer, a transcript the LLM could not handle), so it warns: someone
// should look, and nothing gets worse meanwhile.
//
// Requests: ≤2 documents pages of 500 (the 1,000 most recently updated documents).
func emptyDocuments(r *run) Check {
	const id = EmptyDocuments
	var ev Evidence
	var names []string
	empty, seen, total := 0, 0, 0
	for page := range documentPages {
		list, err := call(r, func(ctx context.Context) (*client.DocumentList, error) {
			return r.c.ListDocuments(ctx, r.bank, client.ListDocumentsParams{Limit: documentPageSize, Offset: page * documentPageSize})
		})
		if err != nil {
			return r.errorCheck(id, err)
		}
		total = list.Total
		for _, d := range list.Items {
			seen++
			if d.MemoryUnitCount > 0 {
				continue
			}
			empty++
			names = append(names, d.ID)
			if len(ev.Documents) < documentSample {
				ev.Documents = append(ev.Documents, Document{ID: d.ID, CreatedAt: d.CreatedAt.Time, TextLength: d.TextLength})
			}
		}
		if seen >= total || len(list.Items) < documentPageSize {
			break
		}
	}
	of := plural(total, "document")
	if seen < total {
		of = fmt.Sprintf("the %d most recently updated of %d documents", seen, total)
	}
	switch {
	case total == 0:
		return Check{ID: id, Status: OK, Summary: "no documents"}
	case empty == 0:
		return Check{ID: id, Status: OK, Summary: "every document produced facts (" + of + ")"}
	}
	return Check{ID: id, Status: Warn, Evidence: ev,
		Summary: fmt.Sprintf("%d of %s produced no facts: %s", empty, of, nameList(names, 3)),
		Fix:     "read them; reprocess the ones worth keeping (POST " + r.bankPath("documents", "ID", "reprocess") + "), delete the rest"}
}

// failed_operations looks back failedWindow and reads one page of failed operations.
const (
	failedWindow   = 24 * time.Hour
	operationsPage = 100
)

// failedOperations finds operations that failed in the last 24 hours (by when they last
// changed). "The last 24 hours" are the server's: its clock comes from the Date header
// of its answer (client.ServerTime), never from this machine, whose clock may be skewed
// and which, against a test or demo server with a pinned clock, lives in another time
// altogether. A server that sends no Date header is judged by the bank's newest
// operation instead (the 24 hours before its last activity). It fails: a failed retain
// lost a document, a failed consolidation or refresh left knowledge behind, and the
// server does not retry them any more.
//
// Requests: 1 clock read (GET /version) and 1 operations page of ≤100 (failed, newest
// first); with no Date header, 1 more operations page of 1.
func failedOperations(r *run) Check {
	const id = FailedOperations
	now, err := r.serverNow()
	if err != nil {
		return r.errorCheck(id, err)
	}
	list, err := call(r, func(ctx context.Context) (*client.OperationList, error) {
		return r.c.ListOperations(ctx, r.bank, client.ListOperationsParams{Status: client.StatusFailed, Limit: operationsPage})
	})
	if err != nil {
		return r.errorCheck(id, err)
	}
	since := now.Add(-failedWindow)
	var ev Evidence
	var types []string
	for _, op := range list.Operations {
		at := changedAt(op)
		if at.Before(since) {
			continue
		}
		ev.Operations = append(ev.Operations, Operation{ID: op.ID, Type: op.TaskType, Status: op.Status, Error: op.ErrorMessage, At: at})
		types = append(types, op.TaskType)
	}
	if len(ev.Operations) == 0 {
		summary := "no operations failed in the last 24 h"
		if list.Total > 0 {
			summary += fmt.Sprintf(" (%s, older)", plural(list.Total, "failed operation"))
		}
		return Check{ID: id, Status: OK, Summary: summary}
	}
	newest := ev.Operations[0]
	return Check{ID: id, Status: Fail, Evidence: ev,
		Summary: fmt.Sprintf("%s failed in the last 24 h: %s; newest: %s", plural(len(ev.Operations), "operation"),
			nameList(types, 4), quote(newest.Error, 70)),
		Fix: "read their errors (GET " + r.bankPath("operations", "ID") + "), fix the cause, then POST " +
			r.bankPath("operations", "ID", "retry")}
}

// changedAt is when an operation last changed (created_at when updated_at is absent).
func changedAt(op client.Operation) time.Time {
	if !op.UpdatedAt.IsZero() {
		return op.UpdatedAt.Time
	}
	return op.CreatedAt.Time
}

// serverNow is the server's clock (1 request), or, when the server sends no Date
// header, the bank's newest operation activity (1 more request; zero time for a bank
// without operations, which then has no failures to date either).
func (r *run) serverNow() (time.Time, error) {
	now, err := call(r, func(ctx context.Context) (time.Time, error) { return r.c.ServerTime(ctx) })
	if !errors.Is(err, client.ErrNoServerTime) {
		return now, err
	}
	list, err := call(r, func(ctx context.Context) (*client.OperationList, error) {
		return r.c.ListOperations(ctx, r.bank, client.ListOperationsParams{Limit: 1})
	})
	if err != nil || len(list.Operations) == 0 {
		return time.Time{}, err
	}
	return changedAt(list.Operations[0]), nil
}
