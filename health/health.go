// Package health checks one memory bank for the problems that make it quietly worse
// over time: facts that never become observations, consolidation that fails loudly or
// silently, observation scopes that learn one rule many times, near-duplicate
// observations, documents that produced nothing, entities that look like two things
// merged, mental models that are stale or cite retracted memories, recent failed
// operations, and an LLM the bank cannot reach.
//
// Each check reads the bank through the client only, makes a bounded number of requests
// (its doc comment states the bound), and ends ok, warn, fail or skip with a one-line
// summary that carries the evidence, a one-line fix, and the evidence itself as data for
// a UI to expand. `hindsight-tui doctor --bank` prints them.
package health

import (
	"context"
	"slices"
	"time"

	"hindsight-tui/client"
)

// Status is a check's outcome.
type Status string

// Outcomes. Warn is a problem worth a look that loses nothing by waiting; Fail is one
// that keeps losing or hiding knowledge until someone acts; Skip means the check did not
// run (not asked for, a feature the server has off, or a request that got no answer),
// so it proves nothing either way.
const (
	OK   Status = "ok"
	Warn Status = "warn"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Check identifiers, in report order. They are stable: scripts match on them.
const (
	StrandedFacts          = "stranded_facts"
	FailedConsolidation    = "failed_consolidation"
	ConsolidationLLMErrors = "consolidation_llm_errors"
	ObservationScopes      = "observation_scopes"
	DuplicateObservations  = "duplicate_observations"
	EmptyDocuments         = "empty_documents"
	EntityMerges           = "entity_merges"
	StaleModels            = "stale_models"
	FailedOperations       = "failed_operations"
	LLMProbe               = "llm_probe"
)

// Check is one check's result.
type Check struct {
	ID       string   `json:"id"`
	Status   Status   `json:"status"`
	Summary  string   `json:"summary"`       // one line: the finding, with counts and names
	Fix      string   `json:"fix,omitempty"` // one line: what to do; empty when there is nothing to do
	Evidence Evidence `json:"evidence"`
}

// BankReport is every check of one bank, in the order of the identifiers above.
type BankReport struct {
	BankID string  `json:"bank_id"`
	Checks []Check `json:"checks"`
}

// Worst is the most serious status in the report: fail over warn over ok; skip counts
// for nothing, since it proves nothing.
func (r BankReport) Worst() Status {
	worst := OK
	for _, c := range r.Checks {
		switch {
		case c.Status == Fail:
			return Fail
		case c.Status == Warn:
			worst = Warn
		}
	}
	return worst
}

// Failing are the identifiers of the checks that failed, in report order: what a UI
// names when it says a bank is unhealthy.
func (r BankReport) Failing() []string {
	var ids []string
	for _, c := range r.Checks {
		if c.Status == Fail {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// Options tune a run. The zero value runs every check except the LLM probe, with the
// default per-request timeout.
type Options struct {
	// Timeout bounds each request (not the whole run); 0 means DefaultTimeout.
	Timeout time.Duration
	// ProbeLLM runs the bank LLM probe, which costs a real (small) LLM call per
	// configured provider; without it llm_probe is skipped.
	ProbeLLM bool
	// Only, when set, runs just the checks with these identifiers (in report order);
	// the report then holds only those. QuickChecks is a cheap set for a glance.
	Only []string
}

// QuickChecks are the checks that cost few requests whatever the bank's size, and that fail
// rather than warn: a UI can run them whenever a bank is selected, to mark a failing
// bank before the full run. Together they make at most 9 requests (stats 1,
// stranded_facts ≤4 more, failed_consolidation ≤1, consolidation_llm_errors 1,
// failed_operations ≤2), against up to about 330 for a full run (≤50 recalls for
// duplicate_observations, ≤260 for stale_models).
func QuickChecks() []string {
	return []string{StrandedFacts, FailedConsolidation, ConsolidationLLMErrors, FailedOperations}
}

// DefaultTimeout is the per-request timeout when Options leaves it at zero.
const DefaultTimeout = 30 * time.Second

// Run checks bankID. It never fails as a whole: a request that fails turns only the
// check that needed it into skip (no answer, or a feature the server has off) or fail
// (the server answered with an error), with the client's sentence for the error.
// Checks run one after another, so a bank is never hit with parallel requests.
func Run(ctx context.Context, c *client.Client, bankID string, opts Options) BankReport {
	r := &run{ctx: ctx, c: c, bank: bankID, timeout: opts.Timeout, opts: opts}
	if r.timeout <= 0 {
		r.timeout = DefaultTimeout
	}
	report := BankReport{BankID: bankID}
	for _, check := range checks() {
		if opts.Only != nil && !slices.Contains(opts.Only, check.id) {
			continue
		}
		report.Checks = append(report.Checks, check.run(r))
	}
	return report
}

// checkFunc is one check: its identifier and the function that runs it.
type checkFunc struct {
	id  string
	run func(*run) Check
}

// checks are every check, in report order.
func checks() []checkFunc {
	return []checkFunc{
		{StrandedFacts, strandedFacts}, {FailedConsolidation, failedConsolidation},
		{ConsolidationLLMErrors, consolidationLLMErrors}, {ObservationScopes, observationScopes},
		{DuplicateObservations, duplicateObservations}, {EmptyDocuments, emptyDocuments},
		{EntityMerges, entityMerges}, {StaleModels, staleModels},
		{FailedOperations, failedOperations}, {LLMProbe, llmProbe},
	}
}

// run is one bank's checks in progress: the client, the limits, and what more than one
// check reads, fetched once.
type run struct {
	ctx     context.Context
	c       *client.Client
	bank    string
	timeout time.Duration
	opts    Options

	stats        memo[*client.BankStats]
	observations memo[*client.MemoryList]
}

// memo holds a value fetched at most once.
type memo[T any] struct {
	done bool
	v    T
	err  error
}

func (m *memo[T]) get(f func() (T, error)) (T, error) {
	if !m.done {
		m.v, m.err = f()
		m.done = true
	}
	return m.v, m.err
}

// call runs one request with the per-request timeout.
func call[T any](r *run, f func(ctx context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(r.ctx, r.timeout)
	defer cancel()
	return f(ctx)
}

// bankStats is the bank's counters, shared by the consolidation checks: 1 request.
func (r *run) bankStats() (*client.BankStats, error) {
	return r.stats.get(func() (*client.BankStats, error) {
		return call(r, func(ctx context.Context) (*client.BankStats, error) { return r.c.BankStats(ctx, r.bank, false) })
	})
}

// observationPageSize is how many observations observation_scopes and
// duplicate_observations read, newest first, in the one page they share.
const observationPageSize = 200

// observationPage is the newest observations: 1 request, shared.
func (r *run) observationPage() (*client.MemoryList, error) {
	return r.observations.get(func() (*client.MemoryList, error) {
		return call(r, func(ctx context.Context) (*client.MemoryList, error) {
			return r.c.ListMemories(ctx, r.bank, client.ListMemoriesParams{Type: client.FactObservation, Limit: observationPageSize})
		})
	})
}

// errorCheck is the result of a check whose request failed: skip when it proves
// nothing about the bank (no answer, cancelled, or a 404 from a feature the server has
// off), fail when the server answered with an error, which is worth looking into.
func (r *run) errorCheck(id string, err error) Check {
	msg := client.Describe(err, r.c.BaseURL())
	if kind, ok := client.NetKind(err); ok {
		fix := ""
		if kind == client.NetTimeout {
			fix = "allow longer with --timeout (now " + r.timeout.String() + "), or check the server's load"
		}
		return Check{ID: id, Status: Skip, Summary: "not checked: " + msg, Fix: fix}
	}
	if client.IsNotFound(err) {
		return Check{ID: id, Status: Skip, Summary: "not checked: " + msg}
	}
	return Check{ID: id, Status: Fail, Summary: "could not check: " + msg, Fix: "the server's logs say why the request failed"}
}
