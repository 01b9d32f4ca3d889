package models

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// on puts the cursor on model id.
func on(t *testing.T, m *Model, id string) {
	t.Helper()
	i := slices.Index(ids(m), id)
	if i < 0 {
		t.Fatalf("model %s not listed: %v", id, ids(m))
	}
	m.cursor = i
}

// view is the pane's plain text.
func view(t *testing.T, m *Model) string { t.Helper(); return ansi.Strip(uitest.View(t, m)) }

// lastToast is the newest toast, or "".
func lastToast(r *uitest.Host) string {
	if len(r.Toasts) == 0 {
		return ""
	}
	return r.Toasts[len(r.Toasts)-1]
}

// TestRefreshFollowsItsOperation: F queues a refresh, announces its operation, marks the
// row while it runs and polls until it ends, then says the outcome in words and shows
// the new content; a second refresh of the same content says "content unchanged".
func TestRefreshFollowsItsOperation(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(time.Hour))
	m, r := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank("team-platform"))
	on(t, m, "service-ownership")
	r.Keys("F")
	if len(r.Started) != 1 || r.Started[0].Kind != "refresh_mental_model" {
		t.Fatalf("operations started: %+v", r.Started)
	}
	if v := view(t, m); !strings.Contains(v, "refreshing…") {
		t.Fatalf("the row does not say it is refreshing:\n%s", v)
	}
	r.Keys("F")
	if !strings.Contains(lastToast(r), "Already refreshing") || len(r.Started) != 1 {
		t.Errorf("a second F while one runs: %q, %d started", lastToast(r), len(r.Started))
	}
	if r.Fire(nil) == 0 {
		t.Fatal("no poll timer while the operation is pending")
	}
	if len(m.follow) != 1 {
		t.Fatal("the pending operation is no longer followed")
	}
	srv.CompleteOperations()
	r.Fire(nil)
	if len(m.follow) != 0 || !strings.Contains(lastToast(r), "content updated") {
		t.Fatalf("after completion: following %v, toast %q", m.follow, lastToast(r))
	}
	r.Keys("enter")
	if v := view(t, m); !strings.Contains(v, "Last refresh: content updated.") {
		t.Errorf("the detail does not say how the refresh ended:\n%s", v)
	}
	r.Keys("F")
	srv.CompleteOperations()
	r.Fire(nil)
	if !strings.Contains(lastToast(r), "content unchanged") {
		t.Errorf("a refresh with nothing new: %q", lastToast(r))
	}
	if n := len(m.det.history); n < 2 {
		t.Errorf("two refreshes, %d versions in the history", n)
	}
}

// TestRefreshFailureSaysWhy: a model whose scope holds no memory fails with an empty
// candidate, and both the toast and the detail say so.
func TestRefreshFailureSaysWhy(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	ctx := context.Background()
	if _, err := r.C.Client.CreateMentalModel(ctx, "team-platform", client.CreateMentalModelRequest{
		ID: "nothing-in-scope", Name: "Nothing in scope", SourceQuery: "what about it?", Tags: []string{"no-such-tag"}}); err != nil {
		t.Fatal(err)
	}
	r.Keys("r")
	on(t, m, "nothing-in-scope")
	r.Keys("enter", "F")
	r.Fire(nil)
	if !strings.Contains(lastToast(r), "refresh failed: empty candidate") {
		t.Fatalf("toast %q", lastToast(r))
	}
	if v := view(t, m); !strings.Contains(v, "Last refresh: refresh failed: empty candidate") {
		t.Errorf("the detail does not say the refresh failed:\n%s", v)
	}
}

// TestFormCreatesWithCron: n opens the form; a bad cron says so under the field and
// keeps the form open with everything typed; a good one previews three firings, and
// the new model is created with its trigger and its first refresh followed.
func TestFormCreatesWithCron(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	r.Keys("n")
	f, ok := r.Front().(*components.Form)
	if !ok {
		t.Fatalf("n opened %T", r.Front())
	}
	r.Type("Weekly on-call summary")
	r.Keys("tab")
	r.Type("Who was on call this week and what happened?")
	r.Keys("tab", "tab", "tab")
	r.Type("61 * * * *")
	if v := ansi.Strip(f.View()); !strings.Contains(v, "✗ not a cron") {
		t.Fatalf("a bad cron is not flagged as typed:\n%s", v)
	}
	r.Keys("enter")
	if r.Front() != f || !strings.Contains(ansi.Strip(f.View()), "five-field cron") {
		t.Fatalf("a bad cron was submitted:\n%s", ansi.Strip(f.View()))
	}
	for range len("61 * * * *") {
		r.Keys("backspace")
	}
	r.Type("0 9 * * 1")
	v := ansi.Strip(f.View())
	if strings.Count(v, "fires ") != 3 || !strings.Contains(v, "fires Mon 2026-12-07 09:00 UTC") {
		t.Fatalf("the preview does not show the next three firings from now:\n%s", v)
	}
	r.Keys("enter")
	if r.Front() != nil {
		t.Fatalf("the form stayed open: %s", f.Err())
	}
	var created *client.MentalModel
	for i := range m.list.items {
		if m.list.items[i].Name == "Weekly on-call summary" {
			created = &m.list.items[i]
		}
	}
	if created == nil || created.Trigger == nil || created.Trigger.RefreshCron != "0 9 * * 1" {
		t.Fatalf("created %+v", created)
	}
	if m.selected().ID != created.ID {
		t.Errorf("the cursor is on %s, not the new model", m.selected().ID)
	}
	if len(r.Started) != 1 {
		t.Errorf("the first refresh is not followed: %+v", r.Started)
	}
}

// TestEditKeepsTheTrigger: PATCH replaces the whole trigger, so an edit sends back the
// trigger fields the form does not show.
func TestEditKeepsTheTrigger(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	ctx := context.Background()
	yes := true
	if _, err := r.C.Client.CreateMentalModel(ctx, "team-platform", client.CreateMentalModelRequest{
		ID: "kept-trigger", Name: "Kept trigger", SourceQuery: "q?",
		Trigger: &client.MentalModelTrigger{FactTypes: []string{"world"}, KeepTrace: &yes, Mode: "delta"}}); err != nil {
		t.Fatal(err)
	}
	r.Keys("r")
	on(t, m, "kept-trigger")
	r.Keys("e")
	r.Type(" v2")
	r.Keys("enter")
	if r.Front() != nil {
		t.Fatal("the edit was not saved")
	}
	got, err := r.C.Client.GetMentalModel(ctx, "team-platform", "kept-trigger", client.DetailContent)
	if err != nil {
		t.Fatal(err)
	}
	tr := got.Trigger
	if got.Name != "Kept trigger v2" || tr == nil || !slices.Equal(tr.FactTypes, []string{"world"}) || tr.KeepTrace == nil || !*tr.KeepTrace || tr.Mode != "delta" {
		t.Errorf("after the edit: %q %+v", got.Name, tr)
	}
}

// TestDeleteAndClearConfirm: D and X ask first, naming the model; esc cancels, enter acts.
func TestDeleteAndClearConfirm(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	on(t, m, "service-ownership")
	name := m.selected().Name
	r.Keys("X")
	c, ok := r.Front().(*components.Confirm)
	if !ok || !strings.Contains(ansi.Strip(c.View()), name) {
		t.Fatalf("X: %T", r.Front())
	}
	r.Keys("enter")
	got, err := r.C.Client.GetMentalModel(context.Background(), "team-platform", "service-ownership", client.DetailContent)
	if err != nil || got.Content != "" {
		t.Fatalf("after clear: %v %q", err, got.Content)
	}
	row := m.cursor
	r.Keys("D")
	c, ok = r.Front().(*components.Confirm)
	if !ok || !strings.Contains(ansi.Strip(c.View()), name) || !strings.Contains(ansi.Strip(c.View()), "service-ownership") {
		t.Fatalf("D: %T", r.Front())
	}
	r.Keys("esc")
	if !slices.Contains(ids(m), "service-ownership") {
		t.Fatal("esc deleted it")
	}
	r.Keys("D", "enter")
	if slices.Contains(ids(m), "service-ownership") {
		t.Fatalf("still listed: %v", ids(m))
	}
	if m.cursor != min(row, len(m.visible)-1) {
		t.Errorf("cursor %d, want the deleted model's row %d", m.cursor, row)
	}
}

// TestReadOnlyHasNoWrites: with --read-only none of the writes act or show in help.
func TestReadOnlyHasNoWrites(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"), uitest.ReadOnly())
	for _, k := range []string{"n", "e", "D", "F", "d", "X"} {
		r.Keys(k)
		if r.Front() != nil || m.dry.active || len(m.follow) > 0 {
			t.Fatalf("%s acted in read-only mode", k)
		}
	}
	r.Keys("enter")
	for _, b := range append(m.ShortHelp(), slices.Concat(m.FullHelp()...)...) {
		if b.Enabled() && strings.ContainsAny(b.Help().Key, "neDFdX") && len(b.Help().Key) == 1 {
			t.Errorf("read-only help lists %q %q", b.Help().Key, b.Help().Desc)
		}
	}
}

// TestDryRunShowsWhatItWouldWrite: d asks the server for a dry run and shows the
// verdict, the facts retrieved and used, and the diff; nothing is stored, and F from
// there refreshes for real.
func TestDryRunShowsWhatItWouldWrite(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	on(t, m, "service-ownership")
	before := m.selected().Content
	r.Keys("d")
	v := view(t, m)
	for _, want := range []string{"Dry-run refresh of", "Nothing was stored", "Facts: retrieved", "used", "Mode: requested"} {
		if !strings.Contains(v, want) {
			t.Errorf("the dry run lacks %q:\n%s", want, v)
		}
	}
	if m.dry.res == nil || (m.dry.res.Diff != "" && !slices.ContainsFunc(m.dry.lines, func(l string) bool { return strings.HasPrefix(ansi.Strip(l), "@@") })) {
		t.Errorf("the server's diff is not drawn")
	}
	got, _ := r.C.Client.GetMentalModel(context.Background(), "team-platform", "service-ownership", client.DetailContent)
	if got.Content != before {
		t.Error("the dry run changed the content")
	}
	r.Keys("F")
	if m.dry.active || len(r.Started) != 1 {
		t.Errorf("F from the dry run: active %v, started %v", m.dry.active, r.Started)
	}
	r.Keys("d", "esc")
	if m.dry.active || m.open {
		t.Error("esc leaves the dry run for the list it came from")
	}
}

// TestVersionDiff: = shows the version in view against the one before it, content and
// cited memories; m marks another version as the other side.
func TestVersionDiff(t *testing.T) {
	m, r := uitest.Demo(t, New)
	on(t, m, "alex-travel-profile")
	r.Keys("enter", "=")
	v := ansi.Strip(strings.Join(m.det.lines, "\n"))
	if !strings.Contains(v, "Diff replaced") || !strings.Contains(v, "→ current") || !strings.Contains(v, "Cited memories") {
		t.Fatalf("no diff of the current content against the last replaced:\n%s", v)
	}
	if !slices.ContainsFunc(m.det.lines, func(l string) bool {
		s := ansi.Strip(l)
		return strings.HasPrefix(s, "+ ") || strings.HasPrefix(s, "- ")
	}) {
		t.Error("the diff has no added or removed line")
	}
	r.Keys("m", "[", "[")
	older, newer, ok := m.det.diffSides()
	if !ok || older != 1 || newer != -1 {
		t.Errorf("marked current, viewing version 1: sides %d %d %v", older, newer, ok)
	}
	r.Keys("]", "]", "m", "[", "[", "[") // m on the marked version unmarks it
	if m.det.mark != noMark || m.det.version != 2 {
		t.Fatalf("mark %d, version %d", m.det.mark, m.det.version)
	}
	if _, _, ok := m.det.diffSides(); ok {
		t.Error("the oldest version with nothing marked has nothing to diff")
	}
	if v := ansi.Strip(strings.Join(m.det.lines, "\n")); !strings.Contains(v, "oldest version") {
		t.Errorf("the oldest version does not say why there is no diff:\n%s", v)
	}
}

// TestInLocal: the local time shows only where it differs from UTC.
func TestInLocal(t *testing.T) {
	at := time.Date(2026, 12, 8, 6, 0, 0, 0, time.UTC)
	if s := inLocal(at, at); s != "" {
		t.Errorf("UTC: %q", s)
	}
	tokyo := time.FixedZone("JST", 9*3600)
	if s := inLocal(at, at.In(tokyo)); s != " (15:00 JST local)" {
		t.Errorf("Tokyo: %q", s)
	}
}

// TestActions: the palette offers the writes on the selected model only without
// --read-only, and running one acts like its key.
func TestActions(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	on(t, m, "service-ownership")
	var dry *common.Action
	for _, a := range m.Actions() {
		if strings.HasPrefix(a.Name, "Dry-run refresh of") && strings.Contains(a.Name, "Service ownership") {
			dry = &a
		}
	}
	if dry == nil {
		t.Fatalf("no dry-run action in %+v", m.Actions())
	}
	r.Deliver(dry.Msg)
	if !m.dry.active || m.dry.id != "service-ownership" {
		t.Fatal("the palette's dry run did nothing")
	}
	ro, _ := uitest.Demo(t, New, uitest.ReadOnly())
	if acts := ro.Actions(); len(acts) != 1 || acts[0].Key != "r" {
		t.Fatalf("read-only actions = %+v", acts)
	}
}
