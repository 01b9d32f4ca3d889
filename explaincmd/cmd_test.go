package explaincmd

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/demo"
)

var seedEpoch = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

type ran struct {
	code           int
	stdout, stderr string
}

// run parses args as main does for why/check (with --bank standing in for the common
// flags) and runs the command against what --demo serves, on a fixed clock, or against
// serverURL when it is set.
func run(t *testing.T, serverURL string, args ...string) ran {
	t.Helper()
	cmd := args[0]
	var o Options
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.Bank, "bank", "", "")
	o.Bind(fs, cmd)
	rest, err := Parse(fs, args[1:])
	if err == nil {
		err = o.Validate(cmd, rest)
	}
	if err != nil {
		return ran{code: ExitError, stderr: err.Error()}
	}
	connect := func() (API, func(), error) {
		release := func() {}
		if serverURL == "" {
			srv := hindsighttest.NewServer(append(demo.Options(), hindsighttest.WithClock(func() time.Time { return seedEpoch }))...)
			serverURL, release = srv.URL(), srv.Close
		}
		c, err := client.New(serverURL)
		return WithTimeout(c, 10*time.Second), release, err
	}
	var out, errOut bytes.Buffer
	code := Run(context.Background(), cmd, o, connect, &out, &errOut)
	return ran{code, out.String(), errOut.String()}
}

func (r ran) want(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
}

// whyArgs is a seeded case's request as why's flags.
func whyArgs(t *testing.T, c hindsighttest.ExplainCase) []string {
	t.Helper()
	var r client.RecallRequest
	if err := json.Unmarshal(c.Request, &r); err != nil {
		t.Fatal(err)
	}
	args := []string{"why", "--bank", c.BankID, "--query", r.Query, "--expect", c.MemoryID}
	if len(r.Types) > 0 {
		args = append(args, "--types", strings.Join(r.Types, ","))
	}
	if len(r.Tags) > 0 {
		args = append(args, "--tags", strings.Join(r.Tags, ","))
	}
	if r.TagsMatch != "" {
		args = append(args, "--tags-match", r.TagsMatch)
	}
	if r.Budget != "" {
		args = append(args, "--budget", r.Budget)
	}
	if r.MaxTokens != nil {
		args = append(args, "--max-tokens", fmt.Sprint(*r.MaxTokens))
	}
	if r.PreferObservations {
		args = append(args, "--prefer-observations")
	}
	if ms := r.MinScores; ms != nil && ms.Reranker != nil {
		args = append(args, "--min-scores", fmt.Sprintf("reranker=%g", *ms.Reranker))
	}
	return args
}

func seededCases(t *testing.T) []hindsighttest.ExplainCase {
	t.Helper()
	cases, err := hindsighttest.ExplainCases()
	if err != nil {
		t.Fatal(err)
	}
	return cases
}
