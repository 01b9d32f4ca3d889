// Package doctor implements `hindsight-tui doctor`: non-interactive diagnostics that say,
// one line per check, whether hindsight-tui can work with the configured server and, when
// it cannot, why and what to do about it. It is the first thing to run when the explorer
// shows an error, and it is safe to paste into a bug report: it says whether an API key
// is set, never what it is.
package doctor

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"hindsight-tui/client"
	"hindsight-tui/config"
	"hindsight-tui/sanitize"
)

// Status is the outcome of one check.
type Status int

// Outcomes. A skipped check could not run because an earlier one failed; it still makes
// the report fail, since nothing was proven.
const (
	Pass Status = iota
	Fail
	Skip
)

// Glyph is the mark printed before a check's name.
func (s Status) Glyph() string {
	switch s {
	case Pass:
		return "✓"
	case Fail:
		return "✗"
	}
	return "-"
}

// Check is one line of the report.
type Check struct {
	Name   string
	Status Status
	Detail string // one line: the finding, or the reason and what to do
}

// Report is the ordered result of every check.
type Report struct {
	Checks []Check
}

// OK reports whether every check passed.
func (r Report) OK() bool {
	for _, c := range r.Checks {
		if c.Status != Pass {
			return false
		}
	}
	return len(r.Checks) > 0
}

// ExitCode is 0 only when every check passed, so scripts can gate on `doctor`.
func (r Report) ExitCode() int {
	if r.OK() {
		return 0
	}
	return 1
}

// WriteTo prints one aligned line per check.
func (r Report) WriteTo(w io.Writer) (int64, error) {
	width := 0
	for _, c := range r.Checks {
		width = max(width, utf8.RuneCountInString(c.Name))
	}
	var b strings.Builder
	for _, c := range r.Checks {
		pad := strings.Repeat(" ", width-utf8.RuneCountInString(c.Name))
		fmt.Fprintf(&b, "%s %s%s  %s\n", c.Status.Glyph(), c.Name, pad, sanitize.Line(c.Detail))
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// Check names, in report order.
const (
	CheckConfig   = "configuration"
	CheckURL      = "server URL"
	CheckKey      = "API key"
	CheckVersion  = "server version"
	CheckFeatures = "features"
	CheckHealth   = "health"
	CheckAuth     = "authentication"
	CheckBanks    = "banks"
)

// ConfigFailure is the report when the configuration itself could not be resolved (a
// missing profile, a URL that is not http(s)): nothing else can be checked.
func ConfigFailure(err error) Report {
	return Report{Checks: []Check{{Name: CheckConfig, Status: Fail, Detail: err.Error()}}}
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
	return Report{Checks: d.checks}
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
}

func (d *diagnosis) add(name string, s Status, detail string) {
	d.checks = append(d.checks, Check{Name: name, Status: s, Detail: detail})
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
		if kind == client.NetCanceled {
			d.unreachable = "cancelled"
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
