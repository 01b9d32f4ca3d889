package explaincmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"hindsight-tui/checks"
	"hindsight-tui/client"
	"hindsight-tui/sanitize"
)

// API is what the commands ask of a server; *client.Client has it.
type API = checks.API

// Connect opens the configured server (or starts the demo) and returns it with a
// function that releases it. main supplies it, so a check file is read and validated
// before any server is contacted.
type Connect func() (API, func(), error)

// Run runs cmd ("why" or "check") and returns its exit status.
func Run(ctx context.Context, cmd string, o Options, connect Connect, stdout, stderr io.Writer) int {
	var suite *checks.Suite
	if cmd == "check" {
		data, err := os.ReadFile(o.File)
		if err != nil {
			// Not the path: a file that does not exist may be a key typed by mistake.
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			fmt.Fprintln(stderr, "hindsight-tui: cannot read the suite file: "+sanitize.Line(err.Error()))
			return ExitError
		}
		if suite, err = checks.Parse(o.File, data); err != nil {
			fmt.Fprintln(stderr, "hindsight-tui: "+sanitize.Line(err.Error()))
			return ExitError
		}
	}
	api, release, err := connect()
	if err != nil {
		fmt.Fprintln(stderr, "hindsight-tui: "+sanitize.Line(err.Error()))
		return ExitError
	}
	defer release()
	if cmd == "check" {
		return Check(ctx, api, o.File, suite, o.JSON, stdout, stderr)
	}
	return Why(ctx, api, o, stdout, stderr)
}

// WithTimeout gives each request of api its own timeout d, as the explorer does.
func WithTimeout(api API, d time.Duration) API { return timed{api: api, d: d} }

type timed struct {
	api checks.API
	d   time.Duration
}

func (t timed) ctx(ctx context.Context) (context.Context, context.CancelFunc) {
	if t.d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, t.d)
}

func (t timed) Recall(ctx context.Context, bank string, r client.RecallRequest) (*client.RecallResponse, error) {
	ctx, cancel := t.ctx(ctx)
	defer cancel()
	return t.api.Recall(ctx, bank, r)
}

func (t timed) GetMemory(ctx context.Context, bank, id string) (*client.Memory, error) {
	ctx, cancel := t.ctx(ctx)
	defer cancel()
	return t.api.GetMemory(ctx, bank, id)
}

func (t timed) ListMemories(ctx context.Context, bank string, p client.ListMemoriesParams) (*client.MemoryList, error) {
	ctx, cancel := t.ctx(ctx)
	defer cancel()
	return t.api.ListMemories(ctx, bank, p)
}

func (t timed) BaseURL() string { return baseURL(t.api) }

// baseURL names the server in error messages, when the API can say.
func baseURL(api checks.API) string {
	if b, ok := api.(interface{ BaseURL() string }); ok {
		return b.BaseURL()
	}
	return ""
}

// describe is an error as one line a person can act on.
func describe(api checks.API, err error) string {
	var re *checks.ResolveError
	if errors.As(err, &re) {
		return re.Error()
	}
	return client.Describe(err, baseURL(api))
}
