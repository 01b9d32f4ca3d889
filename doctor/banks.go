package doctor

import (
	"context"
	"fmt"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/config"
	"hindsight-tui/health"
)

// Options says what doctor checks beyond the server.
type Options struct {
	Banks    []string // check these banks, in this order (repeats are checked once)
	AllBanks bool     // check every bank on the server, in the server's list order
	ProbeLLM bool     // include the bank LLM probe, which costs a small LLM call per provider
}

// CheckBankExists is the identifier of the one check a bank that does not exist gets.
const CheckBankExists = "bank"

// banksPage is how many banks one list request asks for with --all-banks.
const banksPage = 100

// Run is the whole doctor: the server checks (Diagnose), then each bank's checks
// (package health), one bank after another. Banks are not checked when the server
// cannot be reached or the authenticated call failed: every bank check would fail the
// same way, and the server checks already say why.
func Run(ctx context.Context, cfg config.Config, c *client.Client, opts Options) Report {
	r := Diagnose(ctx, cfg, c)
	if len(opts.Banks) == 0 && !opts.AllBanks {
		return r
	}
	if reason := r.bankBlocker(); reason != "" {
		r.Checks = append(r.Checks, Check{Name: CheckBankChecks, ID: idOf(CheckBankChecks), Status: Skip, Detail: "skipped: " + reason})
		return r
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = config.DefaultTimeout
	}
	ids := unique(opts.Banks)
	if opts.AllBanks {
		var err error
		if ids, err = allBanks(ctx, c, timeout); err != nil {
			r.Checks = append(r.Checks, Check{Name: CheckBankChecks, ID: idOf(CheckBankChecks), Status: Fail,
				Detail: "could not list the banks: " + client.Describe(err, c.BaseURL()), Fix: serverFix(CheckBankChecks, err)})
			return r
		}
	}
	hopts := health.Options{Timeout: timeout, ProbeLLM: opts.ProbeLLM}
	for _, id := range ids {
		if !opts.AllBanks && !exists(ctx, c, id, timeout) {
			r.Banks = append(r.Banks, health.BankReport{BankID: id, Checks: []health.Check{{ID: CheckBankExists, Status: health.Fail,
				Summary: "there is no bank with this id on the server",
				Fix:     "check the id; doctor --all-banks checks every bank there is"}}})
			continue
		}
		r.Banks = append(r.Banks, health.Run(ctx, c, id, hopts))
	}
	return r
}

// bankBlocker says why banks cannot be checked, or "" when they can: only once the
// authenticated call worked.
func (r Report) bankBlocker() string {
	if r.Unreachable {
		return "the server cannot be reached"
	}
	for _, c := range r.Checks {
		if c.Name == CheckAuth && c.Status == Pass {
			return ""
		}
		if c.Name == CheckAuth && c.Status == Fail {
			return "the authenticated call failed"
		}
	}
	return "the server checks did not get that far"
}

// allBanks lists every bank id, a page of 100 per request.
func allBanks(ctx context.Context, c *client.Client, timeout time.Duration) ([]string, error) {
	var ids []string
	for {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		page, err := c.ListBanks(ctx, client.ListBanksParams{Limit: banksPage, Offset: len(ids)})
		cancel()
		if err != nil {
			return nil, fmt.Errorf("list banks: %w", err)
		}
		for _, b := range page.Banks {
			ids = append(ids, b.BankID)
		}
		if len(page.Banks) < banksPage || len(ids) >= page.Total {
			return ids, nil
		}
	}
}

// exists asks for the bank's profile, the one read that answers 404 for a bank that
// does not exist (the others answer as for an empty bank). Any other error counts as
// existing: the checks then report it themselves.
func exists(ctx context.Context, c *client.Client, id string, timeout time.Duration) bool {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	_, err := c.GetBankProfile(ctx, id)
	return !client.IsNotFound(err)
}

// unique drops repeated ids, keeping the first of each.
func unique(ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
