package client_test

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// These tests run the client against the in-memory server over real HTTP, showing that
// the semantics the UI explains (tag matching, the max_tokens cut, async progress,
// operation state rules, error shapes) arrive decoded as the UI needs them.

func tagSeed() *hindsighttest.Seed {
	mem := func(key, text string, tags ...string) hindsighttest.SeedMemory {
		return hindsighttest.SeedMemory{Key: key, Text: text, FactType: "world", MentionedAt: "2026-10-01T10:00:00Z", Tags: tags}
	}
	return &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{
		BankID: "tags", Name: "Tag semantics", CreatedAt: "2026-09-01T00:00:00Z",
		Disposition: hindsighttest.SeedDisposition{Skepticism: 3, Literalism: 3, Empathy: 3},
		Memories: []hindsighttest.SeedMemory{
			mem("a", "coffee order for team alpha", "a"),
			mem("ab", "coffee order shared by alpha and beta", "a", "b"),
			mem("b", "coffee order for team beta", "b"),
			mem("c", "coffee order for team gamma", "c"),
			mem("none", "coffee order nobody tagged"),
		},
	}}}
}

// newClient is a client of srv with opts.
func newClient(t *testing.T, srv *hindsighttest.Server, opts ...client.Option) *client.Client {
	t.Helper()
	c, err := client.New(srv.URL(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// epoch is the seed epoch: where serveAt's clock starts, and the fixed clock of the
// activity tests.
var epoch = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// server starts a test server with opts, closed when the test ends.
func server(t *testing.T, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	srv := hindsighttest.NewServer(opts...)
	t.Cleanup(srv.Close)
	return srv
}

// serve is a client of a new server with opts.
func serve(t *testing.T, opts ...hindsighttest.Option) *client.Client {
	t.Helper()
	return newClient(t, server(t, opts...))
}

// serveAt is serve on a clock the test moves by hand, starting at the epoch.
func serveAt(t *testing.T, opts ...hindsighttest.Option) (*client.Client, *hindsighttest.Clock) {
	t.Helper()
	clock := hindsighttest.NewClock(epoch)
	return serve(t, append(opts, hindsighttest.WithClock(clock.Now))...), clock
}

func texts(rs []client.RecallResult) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Text)
	}
	sort.Strings(out)
	return out
}

func TestTagMatchModes(t *testing.T) {
	c := serve(t, hindsighttest.WithSeed(tagSeed()))
	key := map[string]string{}
	for _, m := range tagSeed().Banks[0].Memories {
		key[m.Text] = m.Key
	}
	tests := []struct {
		mode string
		tags []string
		want string
	}{
		{client.TagsAny, []string{"a"}, "a ab none"},
		{client.TagsAll, []string{"a", "b"}, "ab none"},
		{client.TagsAnyStrict, []string{"a"}, "a ab"},
		{client.TagsAllStrict, []string{"a", "b"}, "ab"},
		{client.TagsExact, []string{"b", "a"}, "ab"},
		{client.TagsExact, []string{"a"}, "a"},
		{client.TagsExact, nil, "none"},
		{client.TagsAnyStrict, nil, "a ab b c none"},
	}
	for _, tt := range tests {
		name := tt.mode + "[" + strings.Join(tt.tags, ",") + "]"
		t.Run(name, func(t *testing.T) {
			for _, via := range []string{"recall", "list"} {
				var keys []string
				if via == "recall" {
					r, err := c.Recall(context.Background(), "tags", client.RecallRequest{Query: "coffee order", Tags: tt.tags, TagsMatch: tt.mode})
					if err != nil {
						t.Fatal(err)
					}
					for _, txt := range texts(r.Results) {
						keys = append(keys, key[txt])
					}
				} else {
					l, err := c.ListMemories(context.Background(), "tags", client.ListMemoriesParams{Tags: tt.tags, TagsMatch: tt.mode})
					if err != nil {
						t.Fatal(err)
					}
					for _, m := range l.Items {
						keys = append(keys, key[m.Text])
					}
				}
				sort.Strings(keys)
				if got := strings.Join(keys, " "); got != tt.want {
					t.Errorf("%s: got %q, want %q", via, got, tt.want)
				}
			}
		})
	}
}

func TestRecallMaxTokensCut(t *testing.T) {
	long := strings.Repeat("The deploy rollback of the payments service took forty minutes. ", 6)
	seed := &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{
		BankID: "cut", Name: "cut", CreatedAt: "2026-09-01T00:00:00Z",
		Disposition: hindsighttest.SeedDisposition{Skepticism: 3, Literalism: 3, Empathy: 3},
		Memories: []hindsighttest.SeedMemory{
			{Key: "long", Text: long, FactType: "world", MentionedAt: "2026-10-01T10:00:00Z"},
			{Key: "s1", Text: "A deploy rollback was discussed.", FactType: "world", MentionedAt: "2026-10-02T10:00:00Z"},
			{Key: "s2", Text: "Rollback of deploy 41 worked.", FactType: "world", MentionedAt: "2026-10-03T10:00:00Z"},
			{Key: "s3", Text: "Deploy freeze on Friday; rollback plan ready.", FactType: "experience", MentionedAt: "2026-10-04T10:00:00Z"},
			{Key: "s4", Text: "Deploy.", FactType: "world", MentionedAt: "2026-10-05T10:00:00Z"},
		},
	}}}
	c := serve(t, hindsighttest.WithSeed(seed))
	ctx := t.Context()
	full, err := c.Recall(ctx, "cut", client.RecallRequest{Query: "deploy rollback", MaxTokens: client.Ptr(100000)})
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Results) != 5 {
		t.Fatalf("uncut recall returned %d results", len(full.Results))
	}
	tokens := func(s string) int { return (len(s) + 3) / 4 }
	// Find the long memory's rank and cut just before it: a later short result would
	// still fit, but the server stops at the first overflow and does not back-fill.
	longAt := -1
	budget := 0
	for i, r := range full.Results {
		if r.Text == long {
			longAt = i
			break
		}
		budget += tokens(r.Text)
	}
	if longAt < 0 || longAt == len(full.Results)-1 {
		t.Fatalf("the long memory ranked %d of %d; the test needs a result after it", longAt, len(full.Results))
	}
	budget += tokens(long) - 1
	cut, err := c.Recall(ctx, "cut", client.RecallRequest{Query: "deploy rollback", MaxTokens: client.Ptr(budget)})
	if err != nil {
		t.Fatal(err)
	}
	if len(cut.Results) != longAt {
		t.Errorf("max_tokens %d kept %d results, want the %d ranked before the long one", budget, len(cut.Results), longAt)
	}
	for i, r := range cut.Results {
		if r.ID != full.Results[i].ID {
			t.Errorf("cut changed the order at %d", i)
		}
	}
	zero, err := c.Recall(ctx, "cut", client.RecallRequest{Query: "deploy rollback", MaxTokens: client.Ptr(0)})
	if err != nil || len(zero.Results) != 0 {
		t.Errorf("max_tokens 0: %v results, err %v", len(zero.Results), err)
	}
	for _, r := range full.Results {
		if r.Scores == nil {
			t.Errorf("result without scores: %+v", r)
		}
	}
}

func TestAsyncRetainProgress(t *testing.T) {
	c, clock := serveAt(t, hindsighttest.WithAsyncDelay(10*time.Second))
	ctx := t.Context()
	res, err := c.Retain(ctx, "async", client.RetainRequest{Async: true, Items: []client.MemoryItem{
		{Content: "Priya owns the payments service. She is on call this week.", Tags: []string{"team:payments"}}}})
	if err != nil {
		t.Fatal(err)
	}
	status := func() *client.OperationStatus {
		t.Helper()
		op, err := c.GetOperation(ctx, "async", res.OperationID, false)
		if err != nil {
			t.Fatal(err)
		}
		return op
	}
	count := func() int {
		l, err := c.ListMemories(ctx, "async", client.ListMemoriesParams{})
		if err != nil {
			t.Fatal(err)
		}
		return l.Total
	}
	if op := status(); op.Status != client.StatusPending || op.OperationType != "batch_retain" {
		t.Fatalf("just submitted: %+v", op)
	}
	if n := count(); n != 0 {
		t.Errorf("memories visible before the operation finished: %d", n)
	}
	clock.Advance(6 * time.Second)
	if op := status(); op.Status != client.StatusProcessing || op.Progress == nil || op.Progress.Stage == "" {
		t.Errorf("midway: %+v", op)
	}
	clock.Advance(5 * time.Second)
	op := status()
	if op.Status != client.StatusCompleted || !op.Done() || len(op.ChildOperations) == 0 {
		t.Errorf("after the delay: %+v", op)
	}
	if n := count(); n == 0 {
		t.Error("memories not stored after completion")
	}
}

func TestOperationStateRules(t *testing.T) {
	c, clock := serveAt(t, hindsighttest.WithAsyncDelay(time.Minute))
	ctx := t.Context()
	submit := func() string {
		res, err := c.Retain(ctx, "ops", client.RetainRequest{Async: true, Items: []client.MemoryItem{{Content: "Ship on Fridays only after 2pm."}}})
		if err != nil {
			t.Fatal(err)
		}
		return res.OperationID
	}
	// try does action on the operation id and fails, saying what, unless the server
	// refuses it with status want, or (want 0) it succeeds.
	try := func(what string, action func(context.Context, string, string) (*client.OperationActionResult, error), id string, want int) error {
		t.Helper()
		_, err := action(ctx, "ops", id)
		switch {
		case want == 0 && err != nil:
			t.Errorf("%s: %v", what, err)
		case want != 0 && client.StatusCode(err) != want:
			t.Errorf("%s: %v, want %d", what, err, want)
		}
		return err
	}
	pending := submit()
	try("retry pending", c.RetryOperation, pending, 409)
	try("delete pending", c.DeleteOperation, pending, 409)
	try("cancel pending", c.CancelOperation, pending, 0)
	if err := try("cancel cancelled", c.CancelOperation, pending, 409); err != nil && !strings.Contains(err.Error(), "cancelled") {
		t.Errorf("cancel cancelled: %v, want 409 naming the status", err)
	}
	try("retry cancelled", c.RetryOperation, pending, 0)
	clock.Advance(2 * time.Minute)
	if op, _ := c.GetOperation(ctx, "ops", pending, false); op == nil || op.Status != client.StatusCompleted {
		t.Fatalf("retried operation did not complete: %+v", op)
	}
	try("cancel completed", c.CancelOperation, pending, 409)
	try("retry completed", c.RetryOperation, pending, 409)
	try("delete completed", c.DeleteOperation, pending, 0)
	try("cancel deleted", c.CancelOperation, pending, 404)
	try("malformed id", c.CancelOperation, "nope", 400)
}

func TestServerErrorShapesDecoded(t *testing.T) {
	srv := server(t)
	c := newClient(t, srv)
	ctx := t.Context()

	_, err := c.Recall(ctx, "b", client.RecallRequest{Query: "x", Budget: "huge"})
	ae, ok := err.(*client.APIError)
	if !ok || ae.StatusCode != 422 || len(ae.Fields) != 1 || ae.Fields[0].Field() != "budget" || ae.Fields[0].Type != "enum" {
		t.Errorf("list-shaped 422: %#v", err)
	}
	_, err = c.Recall(ctx, "b", client.RecallRequest{Query: "x", Types: []string{"opinion", "fact"}})
	if ae, ok = err.(*client.APIError); !ok || ae.StatusCode != 422 || len(ae.Fields) != 0 || !strings.Contains(ae.Detail, "Invalid fact type") {
		t.Errorf("string-detail 422: %#v", err)
	}
	_, err = c.GetBankProfile(ctx, "missing")
	if ae, ok = err.(*client.APIError); !ok || ae.StatusCode != 404 || ae.Detail != "Bank 'missing' not found" {
		t.Errorf("404: %#v", err)
	}
	srv.SetFault(hindsighttest.Fault{Method: "POST", Path: "/v1/default/banks/b/memories", Status: 422,
		Body: `{"detail":{"violations":[{"index":0,"detector":"secrets","message":"looks like an API key"}]}}`, Times: 1})
	_, err = c.Retain(ctx, "b", client.RetainRequest{Items: []client.MemoryItem{{Content: "sk-live-123"}}})
	if ae, ok = err.(*client.APIError); !ok || len(ae.Violations) != 1 || ae.Violations[0].Detector != "secrets" {
		t.Errorf("object-shaped 422: %#v", err)
	}
	srv.SetFault(hindsighttest.Fault{Path: "/version", Drop: true, Times: 1})
	_, err = c.Version(ctx)
	if k, ok := client.NetKind(err); !ok || k != client.NetClosed {
		t.Errorf("dropped connection: %v", err)
	}
	if _, err := c.Version(ctx); err != nil {
		t.Errorf("fault with Times 1 did not clear: %v", err)
	}
}

// TestServerTime reads the server's clock, not this machine's: the test server's is
// pinned years away from now, and follows when it is stepped.
func TestServerTime(t *testing.T) {
	clock := hindsighttest.NewClock(time.Date(2031, 2, 3, 4, 5, 6, 700, time.UTC))
	srv := hindsighttest.NewServer(hindsighttest.WithClock(clock.Now))
	defer srv.Close()
	c := newClient(t, srv)
	got, err := c.ServerTime(context.Background())
	if err != nil || !got.Equal(time.Date(2031, 2, 3, 4, 5, 6, 0, time.UTC)) {
		t.Fatalf("ServerTime = %v, %v", got, err)
	}
	clock.Advance(25 * time.Hour)
	if got, _ := c.ServerTime(context.Background()); !got.Equal(time.Date(2031, 2, 4, 5, 5, 6, 0, time.UTC)) {
		t.Errorf("after a step: %v", got)
	}
}
