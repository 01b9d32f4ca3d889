package explain_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/explain"
)

// seedEpoch is when the demo seed is dated; the seed moves with the clock, so the
// cases must hold on any day (the second day checks that).
var seedEpoch = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func demoClient(t testing.TB, now time.Time) *client.Client {
	t.Helper()
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed(), hindsighttest.WithExplainLab(), hindsighttest.WithClock(func() time.Time { return now }))
	t.Cleanup(srv.Close)
	c, err := client.New(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func decodeRequest(t testing.TB, raw json.RawMessage) client.RecallRequest {
	t.Helper()
	var r client.RecallRequest
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("request %s: %v", raw, err)
	}
	return r
}

// Every seeded case is named at its stage; where a parameter can help, the offered
// change brings the memory back when tried, and where none can, the verdict says what
// would.
func TestSeededCases(t *testing.T) {
	cases, err := hindsighttest.ExplainCases()
	if err != nil {
		t.Fatal(err)
	}
	later := seedEpoch.AddDate(1, 2, 3).Add(7*time.Hour + 13*time.Minute)
	for _, now := range []time.Time{seedEpoch, later} {
		c := demoClient(t, now)
		for _, tc := range cases {
			t.Run(tc.Stage+"@"+now.Format("2006-01-02"), func(t *testing.T) {
				checkSeededCase(t, c, tc)
			})
		}
	}
}

func checkSeededCase(t *testing.T, c *client.Client, tc hindsighttest.ExplainCase) {
	ctx := context.Background()
	req := decodeRequest(t, tc.Request)
	rep, err := explain.Explain(ctx, c, tc.BankID, req, []string{tc.MemoryID})
	if err != nil {
		t.Fatal(err)
	}
	v := rep.Verdicts[0]
	if string(v.Stage) != tc.Stage {
		t.Fatalf("stage %s, want %s: %s %q", v.Stage, tc.Stage, v.Summary, v.Evidence)
	}
	if v.Summary == "" || v.Recalled() != (tc.Stage == "recalled") {
		t.Errorf("summary %q, recalled %v", v.Summary, v.Recalled())
	}
	if rep.Requests > 3 {
		t.Errorf("%d requests to explain one memory", rep.Requests)
	}
	switch {
	case v.Recalled():
		if v.Rank != 1 || v.Score == nil {
			t.Errorf("rank %d, score %v", v.Rank, v.Score)
		}
	case len(tc.BringBack) > 0:
		if v.Fix.Request == nil || v.Fix.Label == "" {
			t.Fatalf("no parameter fix for a %s case: %+v", tc.Stage, v.Fix)
		}
		out, err := explain.Retry(ctx, c, tc.BankID, rep.Results, v)
		if err != nil {
			t.Fatal(err)
		}
		if !out.Back {
			t.Errorf("fix %q does not bring it back (%s)", v.Fix.Label, out.Diff.Summary())
		}
		if a, b := mustJSON(t, *v.Fix.Request), mustJSON(t, rep.Request); a == b || b != mustJSON(t, req) {
			t.Errorf("the fix %s leaves the request as it was, or changed it in place: %s", a, b)
		}
	default:
		if v.Fix.Request != nil || v.Fix.Hint == "" {
			t.Errorf("a %s case should say what would help, not offer a parameter: %+v", tc.Stage, v.Fix)
		}
	}
	want := map[string]string{ // a word of the evidence each stage must show
		"missing": "404", "invalidated": "Priya eats fish", "type": "experience", "tags": "any_strict excludes untagged",
		"retrieval": "Norway", "min_scores": "min_scores.reranker 0.5", "budget": "cut at 200", "max_tokens": "max_tokens 40",
		"observation": "Priya reliably takes the earliest flight", "recalled": "final ",
	}[tc.Stage]
	if all := v.Summary + " " + strings.Join(v.Evidence, " ") + " " + v.Fix.Hint; !strings.Contains(all, want) {
		t.Errorf("the explanation does not show %q:\n%s", want, all)
	}
}

// The fix labels read as the issue describes them.
func TestSeededFixLabels(t *testing.T) {
	c := demoClient(t, seedEpoch)
	cases, err := hindsighttest.ExplainCases()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"type": "add type experience", "tags": "tags_match any", "min_scores": "lower min_scores.reranker to 0.",
		"budget": "budget mid", "max_tokens": "max_tokens 100", "observation": "prefer_observations off"}
	for _, tc := range cases {
		w, ok := want[tc.Stage]
		if !ok {
			continue
		}
		rep, err := explain.Explain(context.Background(), c, tc.BankID, decodeRequest(t, tc.Request), []string{tc.MemoryID})
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.Verdicts[0].Fix.Label; !strings.HasPrefix(got, w) {
			t.Errorf("%s: fix %q, want %q", tc.Stage, got, w)
		}
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Under prefer_observations, when the observation that replaced a fact was itself cut
// by max_tokens, the results do not say what it cites: the explainer reads the
// observations within the cut (bounded) and still names the stage.
func TestObservationNotReturned(t *testing.T) {
	c := demoClient(t, seedEpoch)
	const aisle = "ba9e34a8-ebca-5c3f-995a-8aa0fa85902c"
	req := client.RecallRequest{Query: "How does Priya like to fly?", PreferObservations: true, MaxTokens: client.Ptr(40)}
	rep, err := explain.Explain(context.Background(), c, "explain-lab", req, []string{aisle})
	if err != nil {
		t.Fatal(err)
	}
	v := rep.Verdicts[0]
	if v.Stage != explain.StageObservation || !strings.Contains(v.Summary, "Priya reliably takes the earliest flight") ||
		strings.Contains(v.Summary, "returned at rank") {
		t.Errorf("%s: %s", v.Stage, v.Summary)
	}
	if n := rep.Requests; n <= 2 || n > 2+explain.MaxSourceLookups {
		t.Errorf("%d requests", n)
	}
}
