// Package doctor implements `hindsight-tui doctor`: non-interactive diagnostics that say,
// one line per check, whether hindsight-tui can work with the configured server and, when
// it cannot, why and what to do about it; then, for the banks asked for, whether each
// bank is healthy (package health). It is the first thing to run when the explorer
// shows an error, and it is safe to paste into a bug report: it says whether an API key
// is set, never what it is.
package doctor

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/config"
	"hindsight-tui/health"
)

// Status is the outcome of one check.
type Status int

// Outcomes. A skipped check could not run because an earlier one failed (which already
// fails the report) or was not asked for. A server check never warns; bank checks do.
const (
	Pass Status = iota
	Fail
	Skip
	Warn
)

// Glyph is the mark printed before a server check's name.
func (s Status) Glyph() string {
	switch s {
	case Pass:
		return "✓"
	case Fail:
		return "✗"
	case Warn:
		return "!"
	}
	return "-"
}

// Word is the status as --json and the bank lines spell it.
func (s Status) Word() string {
	switch s {
	case Pass:
		return "ok"
	case Fail:
		return "fail"
	case Warn:
		return "warn"
	}
	return "skip"
}

// Check is one line of the report.
type Check struct {
	Name   string // the human label printed in the text report
	ID     string // the stable identifier --json prints
	Status Status
	Detail string // one line: the finding, or the reason and what to do
	Fix    string // one line, for --json: what to do when the check did not pass
}

// Report is the ordered result of every check: the server's, then each bank's.
type Report struct {
	Checks []Check
	Banks  []health.BankReport
	// Unreachable is set when the server did not answer at all.
	Unreachable bool
}

// OK reports whether nothing failed: warnings and skips do not fail a report, but a
// report with no checks at all proves nothing and does not pass.
func (r Report) OK() bool {
	for _, c := range r.Checks {
		if c.Status == Fail {
			return false
		}
	}
	for _, b := range r.Banks {
		if b.Worst() == health.Fail {
			return false
		}
	}
	return len(r.Checks) > 0
}

// Exit statuses, so scripts can gate on `doctor`.
const (
	ExitOK          = 0 // no check failed (warnings and skips allowed)
	ExitFailed      = 1 // a check failed
	ExitUnreachable = 2 // the server did not answer
)

// ExitCode is ExitUnreachable when the server did not answer, else ExitFailed when a
// check failed, else ExitOK.
func (r Report) ExitCode() int {
	switch {
	case r.Unreachable:
		return ExitUnreachable
	case !r.OK():
		return ExitFailed
	}
	return ExitOK
}

// Check names (the text report's labels), in report order.
const (
	CheckConfig     = "configuration"
	CheckURL        = "server URL"
	CheckKey        = "API key"
	CheckVersion    = "server version"
	CheckFeatures   = "features"
	CheckHealth     = "health"
	CheckAuth       = "authentication"
	CheckBanks      = "banks"
	CheckBankChecks = "bank checks" // only when banks were asked for and could not be checked
)

// idOf is the stable identifier of a check name.
func idOf(name string) string {
	switch name {
	case CheckURL:
		return "server_url"
	case CheckKey:
		return "api_key"
	case CheckVersion:
		return "server_version"
	case CheckBankChecks:
		return "bank_checks"
	}
	return name // configuration, features, health, authentication, banks
}

// ConfigFailure is the report when the configuration itself could not be resolved (a
// missing profile, a URL that is not http(s)): nothing else can be checked.
func ConfigFailure(err error) Report {
	return Report{Checks: []Check{{Name: CheckConfig, ID: idOf(CheckConfig), Status: Fail, Detail: err.Error(),
		Fix: "correct the setting named above; hindsight-tui -h says where settings come from"}}}
}

// Diagnose runs every check against the server c talks to; cfg says where the settings
// came from. Each request gets cfg.Timeout (config.DefaultTimeout when zero).
func Diagnose(ctx context.Context, cfg config.Config, c *client.Client) Report {
	d := diagnosis{ctx: ctx, cfg: cfg, c: c, timeout: cfg.Timeout}
	if d.timeout <= 0 {
		d.timeout = config.DefaultTimeout
	}
	d.add(CheckURL, Pass, fmt.Sprintf("%s (%s)", c.BaseURL(), cfg.URLSource))
	if cfg.APIKey.IsSet() {
		d.add(CheckKey, Pass, "set ("+cfg.KeySource+")")
	} else {
		d.add(CheckKey, Pass, "not set (fine for a server without authentication)")
	}
	d.version()
	d.health()
	d.banks()
	return Report{Checks: d.checks, Unreachable: d.noAnswer}
}

type diagnosis struct {
	ctx     context.Context
	cfg     config.Config
	c       *client.Client
	timeout time.Duration
	checks  []Check
	// unreachable is set once a request got no answer at all (or was cancelled); later
	// checks are skipped rather than repeating the same failure.
	unreachable string
	noAnswer    bool // the server did not answer (not merely a cancelled request)
}

func (d *diagnosis) add(name string, s Status, detail string) {
	d.checks = append(d.checks, Check{Name: name, ID: idOf(name), Status: s, Detail: detail})
}

// call runs one request with the per-request timeout; it reports false (after adding
// a skipped line) when an earlier check found the server unreachable.
func (d *diagnosis) call(name string, f func(ctx context.Context) error) (ran bool, err error) {
	if d.unreachable != "" {
		d.add(name, Skip, "skipped: "+d.unreachable)
		return false, nil
	}
	ctx, cancel := context.WithTimeout(d.ctx, d.timeout)
	defer cancel()
	err = f(ctx)
	if kind, ok := client.NetKind(err); ok {
		d.unreachable = "no answer from the server"
		d.noAnswer = true
		if kind == client.NetCanceled {
			d.unreachable = "cancelled"
			d.noAnswer = false
		}
	}
	return true, err
}

func (d *diagnosis) fail(name string, err error) {
	msg := client.Describe(err, d.c.BaseURL())
	if kind, ok := client.NetKind(err); ok && kind == client.NetTimeout {
		msg = strings.TrimSuffix(msg, ".") + fmt.Sprintf(" (limit %s).", d.timeout)
	}
	d.add(name, Fail, msg)
	d.checks[len(d.checks)-1].Fix = serverFix(name, err)
}

// serverFix is a failed server check's fix, for --json (the text report's sentence
// already says it).
func serverFix(name string, err error) string {
	if _, ok := client.NetKind(err); ok {
		return "start the server, or point hindsight-tui at it with --url, HINDSIGHT_API_URL or -p; allow longer with --timeout"
	}
	switch {
	case client.IsUnauthorized(err):
		return "set HINDSIGHT_API_KEY (or api_key in the profile) to a key the server accepts"
	case name == CheckHealth:
		return "check the server's database and logs"
	}
	return "check that the URL points at a Hindsight API server, and read the server's logs"
}

func (d *diagnosis) version() {
	var v *client.Version
	ran, err := d.call(CheckVersion, func(ctx context.Context) (err error) {
		v, err = d.c.Version(ctx)
		return err
	})
	switch {
	case !ran:
		d.add(CheckFeatures, Skip, "skipped: "+d.unreachable)
		return
	case err != nil:
		d.fail(CheckVersion, err)
		reason := d.unreachable
		if reason == "" {
			reason = "the server did not report its version"
		}
		d.add(CheckFeatures, Skip, "skipped: "+reason)
		return
	}
	d.add(CheckVersion, Pass, "Hindsight API "+v.APIVersion)
	d.add(CheckFeatures, Pass, features(v.Features))
}

// features lists flags as "on: a, b; off: c", sorted, so the line is stable.
func features(flags map[string]bool) string {
	var on, off []string
	for name, enabled := range flags {
		if enabled {
			on = append(on, name)
		} else {
			off = append(off, name)
		}
	}
	sort.Strings(on)
	sort.Strings(off)
	if len(on)+len(off) == 0 {
		return "none reported"
	}
	parts := []string{}
	if len(on) > 0 {
		parts = append(parts, "on: "+strings.Join(on, ", "))
	}
	if len(off) > 0 {
		parts = append(parts, "off: "+strings.Join(off, ", "))
	}
	return strings.Join(parts, "; ")
}

func (d *diagnosis) health() {
	var h *client.Health
	ran, err := d.call(CheckHealth, func(ctx context.Context) (err error) {
		h, err = d.c.Health(ctx)
		return err
	})
	switch {
	case !ran:
	case err != nil:
		d.fail(CheckHealth, err)
	case h.Status != "healthy":
		d.add(CheckHealth, Fail, "the server reports "+strings.TrimSpace(h.Status+" "+h.Reason+" "+h.Error)+
			"; check its database and logs.")
		d.checks[len(d.checks)-1].Fix = "check the server's database and logs"
	default:
		detail := "healthy"
		if h.Database != "" {
			detail += " (database " + h.Database + ")"
		}
		d.add(CheckHealth, Pass, detail)
	}
}

func (d *diagnosis) banks() {
	var list *client.BankList
	ran, err := d.call(CheckAuth, func(ctx context.Context) (err error) {
		list, err = d.c.ListBanks(ctx, client.ListBanksParams{Limit: 1})
		return err
	})
	switch {
	case !ran:
		d.add(CheckBanks, Skip, "skipped: "+d.unreachable)
		return
	case err != nil:
		d.fail(CheckAuth, err)
	default:
		how := "without a key"
		if d.cfg.APIKey.IsSet() {
			how = "with the API key"
		}
		d.add(CheckAuth, Pass, "GET /v1/default/banks?limit=1 works "+how)
		d.add(CheckBanks, Pass, plural(list.Total, "bank"))
		return
	}
	d.add(CheckBanks, Skip, "skipped: the authenticated call failed")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
