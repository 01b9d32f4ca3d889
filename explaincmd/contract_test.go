package explaincmd

import (
	"context"
	"flag"
	"io"
	"os"
	"testing"
	"time"

	"hindsight-tui/checks"
	"hindsight-tui/client"
	"hindsight-tui/client/contracttest"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/demo"
	"hindsight-tui/explain"
)

// Every request why and check send, and every response they read, is valid against
// Hindsight's OpenAPI document: the traced recalls (with source facts under
// prefer_observations), the recall without ranking floors, each tried fix, GET memory
// (found, missing, not an id, observations), and the memory list lookups of text
// fragments (valid, then invalidated).
func TestContract(t *testing.T) {
	doc := contracttest.Load(t)
	srv := hindsighttest.NewServer(append(demo.Options(), hindsighttest.WithClock(func() time.Time { return seedEpoch }))...)
	defer srv.Close()
	v := contracttest.New(t, doc, srv.URL())
	c, err := client.New(srv.URL(), client.WithHTTPClient(v.Client()))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, sc := range seededCases(t) {
		args := whyArgs(t, sc)
		var o Options
		fs := flag.NewFlagSet("why", flag.ContinueOnError)
		fs.StringVar(&o.Bank, "bank", "", "")
		o.Bind(fs, "why")
		if err := fs.Parse(args[1:]); err != nil {
			t.Fatal(err)
		}
		o.Expect = append(o.Expect, "TP 671", "a sentence nobody wrote", "Priya Nair is vegetarian")
		if code := Why(ctx, c, o, io.Discard, io.Discard); code != ExitFail && code != ExitPass {
			t.Errorf("%s: exit %d", sc.Stage, code)
		}
	}
	for _, file := range []string{"../examples/demo-checks.json", "testdata/failing-checks.json"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s, err := checks.Parse(file, data)
		if err != nil {
			t.Fatal(err)
		}
		if code := Check(ctx, c, file, s, false, io.Discard, io.Discard); code == ExitError {
			t.Errorf("%s: exit %d", file, code)
		}
	}
	// The rarer reads: an id that is no UUID, and the observations within the cut
	// when the one that replaced a fact was not returned.
	if _, err := explain.Explain(ctx, c, "explain-lab", client.RecallRequest{Query: "Lisbon"}, []string{"not-a-uuid"}); err != nil {
		t.Fatal(err)
	}
	rep, err := explain.Explain(ctx, c, "explain-lab", client.RecallRequest{Query: "How does Priya like to fly?", PreferObservations: true,
		MaxTokens: client.Ptr(40)}, []string{"ba9e34a8-ebca-5c3f-995a-8aa0fa85902c"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Requests <= 2 {
		t.Errorf("no observation was read: %d requests", rep.Requests)
	}
	if _, err := checks.Resolve(ctx, c, "explain-lab", checks.Target{Text: "Priya Nair"}); err == nil {
		t.Error("an ambiguous fragment resolved")
	}
	counts := v.Counts()
	if counts.Requests < 100 || counts.Responses < 100 {
		t.Errorf("validated only %d requests and %d responses", counts.Requests, counts.Responses)
	}
	v.Report(t)
}
