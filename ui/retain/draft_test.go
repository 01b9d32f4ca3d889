package retain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/drafts"
	"hindsight-tui/ui/uitest"
)

func TestDraftPath(t *testing.T) {
	dir := t.TempDir()
	c := &common.Common{StateDir: dir, BaseURL: "https://user:secret@Hindsight.example.com:8888/api/?x=1#frag"}
	p := draftPath(c, "bank-a")
	if filepath.Dir(p) != filepath.Join(dir, "drafts") || !strings.HasSuffix(p, ".json") {
		t.Fatalf("path %s", p)
	}
	for _, s := range []string{"secret", "user", "example", "bank-a"} {
		if strings.Contains(p, s) {
			t.Errorf("the file name shows %q: %s", s, p)
		}
	}
	same := &common.Common{StateDir: dir, BaseURL: "https://hindsight.example.com:8888/api"}
	if draftPath(same, "bank-a") != p {
		t.Error("the user information, query and trailing slash must not change the draft's name")
	}
	if draftPath(c, "bank-b") == p {
		t.Error("each bank has its own draft")
	}
	if draftPath(&common.Common{StateDir: dir, BaseURL: "https://other.example.com"}, "bank-a") == p {
		t.Error("each server has its own drafts")
	}
	d1 := draftPath(&common.Common{StateDir: dir, Demo: true, BaseURL: "http://127.0.0.1:40001"}, "bank-a")
	d2 := draftPath(&common.Common{StateDir: dir, Demo: true, BaseURL: "http://127.0.0.1:40002"}, "bank-a")
	if d1 != d2 {
		t.Error("the demo's drafts must survive its changing port")
	}
	if draftPath(&common.Common{}, "bank-a") != "" || draftPath(c, "") != "" {
		t.Error("no state directory or no bank: no draft")
	}
}

func TestSaveLoadRemoveDraft(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	path := filepath.Join(dir, "drafts", "x.json")
	d := draft{Version: draftVersion, Bank: "b", SavedAt: uitest.Now, Values: values{Content: "hello", Tags: []string{"t"}}}
	if err := drafts.Save(path, d); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("draft mode %v %v", fi.Mode(), err)
	}
	di, _ := os.Stat(filepath.Dir(path))
	if di.Mode().Perm() != 0o700 {
		t.Errorf("drafts dir mode %v", di.Mode())
	}
	if err := drafts.Save(path, d); err != nil { // replacing works, and leaves no temporary file
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	got, ok, err := loadDraft(path)
	if err != nil || !ok || !got.Values.equal(d.Values) || got.Bank != "b" || !got.SavedAt.Equal(uitest.Now) {
		t.Fatalf("load: %+v %v %v", got, ok, err)
	}
	if err := drafts.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := loadDraft(path); ok || err != nil {
		t.Fatalf("after remove: %v %v", ok, err)
	}
	if err := drafts.Remove(path); err != nil {
		t.Fatalf("removing twice: %v", err)
	}

	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := loadDraft(path); ok || err == nil || !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("corrupt draft: %v %v", ok, err)
	}
	if _, err := os.Stat(strings.TrimSuffix(path, ".json") + ".corrupt.json"); err != nil {
		t.Errorf("a corrupt draft is kept aside: %v", err)
	}
}

// keepingDrafts builds panes that keep their drafts in dir, as the app does in its
// state directory.
func keepingDrafts(dir string) func(*common.Common) *Model {
	return func(c *common.Common) *Model {
		c.StateDir = dir
		return New(c)
	}
}

func readDraftFile(t *testing.T, c *common.Common, bank string) (draft, bool) {
	t.Helper()
	d, ok, err := loadDraft(draftPath(c, bank))
	if err != nil {
		t.Fatal(err)
	}
	return d, ok
}

// TestDraftAutosaveAndRestore: typing schedules a save for when typing pauses (only the
// latest pause writes), the draft never holds the URL, and a new session restores it.
func TestDraftAutosaveAndRestore(t *testing.T) {
	srv := uitest.DemoServer(t)
	dir := t.TempDir()
	m, r := uitest.Demo(t, keepingDrafts(dir), uitest.OnServer(srv))
	c := r.C
	r.Type("Alex moved to Lisbon.")
	if _, ok := readDraftFile(t, c, "user-alex-prefs"); ok {
		t.Fatal("nothing is written before typing pauses")
	}
	if n := len(r.Timers()); n != len("Alex moved to Lisbon.") {
		t.Fatalf("%d autosave timers", n)
	}
	first := r.Timers()[0].Msg
	r.Fire(func(msg tea.Msg) bool { return msg == first })
	if _, ok := readDraftFile(t, c, "user-alex-prefs"); ok {
		t.Fatal("a stale pause must not save")
	}
	fill(r, m, values{Context: "chat", Tags: []string{"move"}, Metadata: "source=chat", Async: true})
	r.Type("") // nothing
	focusField(r, m, fTags)
	r.Type("half-typed")
	r.Fire(uitest.Is[draftDueMsg])
	d, ok := readDraftFile(t, c, "user-alex-prefs")
	want := values{Content: "Alex moved to Lisbon.", Context: "chat", Tags: []string{"move"}, TagText: "half-typed",
		Metadata: "source=chat", Async: true}
	if !ok || !d.Values.equal(want) || d.Bank != "user-alex-prefs" {
		t.Fatalf("draft %+v", d)
	}
	raw, _ := os.ReadFile(draftPath(c, "user-alex-prefs"))
	if strings.Contains(string(raw), srv.URL()) || strings.Contains(string(raw), uitest.GoldenURL) {
		t.Error("the draft holds the server URL")
	}
	if note, _ := m.draftStatus(m.cur); note != "draft saved just now" {
		t.Errorf("header note %q", note)
	}

	// A restart: a new pane on the same state directory.
	m2, r2 := uitest.Demo(t, keepingDrafts(dir), uitest.OnServer(srv))
	if got := m2.cur.form.values(); !got.equal(want) {
		t.Fatalf("restored %+v", got)
	}
	if note, _ := m2.draftStatus(m2.cur); note != "restored the draft saved just now" {
		t.Errorf("header note %q", note)
	}
	// Restoring is not an edit: nothing to write until the user types.
	if len(r2.Timers()) != 0 {
		t.Errorf("timers after restore: %v", r2.Timers())
	}
}

// TestDraftKeptOnFailure: a submit the server fails leaves the form and the draft exactly
// as typed, even after a restart.
func TestDraftKeptOnFailure(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithFault(hindsighttest.Fault{Method: "POST",
		Path: "/v1/default/banks/user-alex-prefs/memories", Status: 500, Body: `{"detail":"extraction backend down"}`}))
	dir := t.TempDir()
	m, r := uitest.Demo(t, keepingDrafts(dir), uitest.OnServer(srv))
	c := r.C
	v := values{Content: "Alex moved to Lisbon.", Tags: []string{"move"}, Metadata: "source=chat"}
	fill(r, m, v)
	r.Keys("ctrl+s") // writes the draft at once, without waiting for the pause
	if got := m.cur.form.values(); !got.equal(v) {
		t.Fatalf("form changed: %+v", got)
	}
	if len(r.Errors) != 1 || !strings.Contains(m.c.Describe(r.Errors[0].Err), "extraction backend down") {
		t.Fatalf("errors %v", r.Errors)
	}
	if m.zone != zoneForm {
		t.Error("the keys go back to the form")
	}
	d, ok := readDraftFile(t, c, "user-alex-prefs")
	if !ok || !d.Values.equal(v) || d.Pending != nil {
		t.Fatalf("draft after failure: %+v %v", d, ok)
	}
	view := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"extraction backend down", "nothing was stored; the form and its draft are as you left them"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	m2, _ := uitest.Demo(t, keepingDrafts(dir), uitest.OnServer(srv))
	if got := m2.cur.form.values(); !got.equal(v) {
		t.Fatalf("restored %+v", got)
	}
}

// TestDraftRemovedOnSuccess: a sync retain the server confirmed removes the draft and
// empties the form (keeping the async choice).
func TestDraftRemovedOnSuccess(t *testing.T) {
	m, r := uitest.Demo(t, keepingDrafts(t.TempDir()))
	c := r.C
	fill(r, m, values{Content: "Alex moved to Lisbon."})
	r.Fire(uitest.Is[draftDueMsg])
	if _, ok := readDraftFile(t, c, "user-alex-prefs"); !ok {
		t.Fatal("no draft before the submit")
	}
	r.Keys("ctrl+s")
	if _, ok := readDraftFile(t, c, "user-alex-prefs"); ok {
		t.Fatal("the draft outlived a confirmed retain")
	}
	if !m.cur.form.values().empty() {
		t.Errorf("form not emptied: %+v", m.cur.form.values())
	}
	if len(r.Toasts) == 0 || r.Toasts[len(r.Toasts)-1] != "retained 1 item into user-alex-prefs" {
		t.Errorf("toasts %v", r.Toasts)
	}
}

// TestDraftPendingAsync: an accepted async retain keeps its draft, marked with the
// operation, until the operation completes, across a restart.
func TestDraftPendingAsync(t *testing.T) {
	clk := uitest.NewClock()
	srv := uitest.DemoServer(t, hindsighttest.WithClock(clk.Now), hindsighttest.WithAsyncDelay(10e9))
	dir := t.TempDir()
	m, r := uitest.Demo(t, keepingDrafts(dir), uitest.OnServer(srv))
	m.newID = pinnedID
	c := r.C
	v := values{Content: "Alex moved to Lisbon.", Async: true}
	fill(r, m, v)
	r.Keys("ctrl+s")
	if len(r.Started) != 1 || r.Started[0].BankID != "user-alex-prefs" || r.Started[0].OperationID == "" {
		t.Fatalf("operation started %v", r.Started)
	}
	d, ok := readDraftFile(t, c, "user-alex-prefs")
	if !ok || !d.Values.equal(v) || d.Pending == nil || d.Pending.OperationID != r.Started[0].OperationID || d.Pending.DocumentID != testDocID {
		t.Fatalf("draft while the operation runs: %+v", d)
	}
	if !m.cur.locked() || m.Capturing() {
		t.Error("the form waits for the operation")
	}

	// Quit and start again: the new session follows the operation.
	m2, r2 := uitest.Demo(t, keepingDrafts(dir), uitest.OnServer(srv))
	if m2.cur.sub == nil || !m2.cur.sub.follow.active || !m2.cur.locked() {
		t.Fatalf("not following after restart: %+v", m2.cur.sub)
	}
	r2.Fire(uitest.Is[pollDueMsg])
	if _, ok := readDraftFile(t, c, "user-alex-prefs"); !ok {
		t.Fatal("removed before the operation completed")
	}
	clk.Advance(11e9)
	r2.Fire(uitest.Is[pollDueMsg])
	if m2.cur.sub.follow.status != "completed" {
		t.Fatalf("status %s", m2.cur.sub.follow.status)
	}
	if _, ok := readDraftFile(t, c, "user-alex-prefs"); ok {
		t.Fatal("the draft outlived the completed operation")
	}
	if !m2.cur.form.values().empty() {
		t.Errorf("form not emptied: %+v", m2.cur.form.values())
	}
}

// TestDraftWrittenWhileTypingGoesOn: typing that never pauses for the autosave delay
// still reaches the disk once the oldest unsaved change is autosaveMaxWait old.
func TestDraftWrittenWhileTypingGoesOn(t *testing.T) {
	clk := uitest.NewClock()
	dir := t.TempDir()
	m, r := uitest.Demo(t, func(c *common.Common) *Model {
		c.Now = clk.Now
		return keepingDrafts(dir)(c)
	})
	typed := ""
	for _, ch := range "Alex types without a pause" {
		r.Type(string(ch))
		typed += string(ch)
		d, ok := readDraftFile(t, r.C, "user-alex-prefs")
		if elapsed := clk.Now().Sub(uitest.Now); elapsed < autosaveMaxWait {
			if ok {
				t.Fatalf("written after %s, before the wait is up", elapsed)
			}
		} else {
			if !ok || d.Values.Content != typed {
				t.Fatalf("after %s of typing the draft is %+v (on disk: %v), want %q", elapsed, d.Values, ok, typed)
			}
			break
		}
		clk.Advance(autosaveDelay / 2)
	}
	if m.cur.dirtySince != (time.Time{}) {
		t.Error("the burst starts again after a write")
	}
}

// TestFinalSaveWritesWhatTheTimerWouldHave: the save run on the way out writes every
// bank's unsaved form at once, and nothing for a form already on disk.
func TestFinalSaveWritesWhatTheTimerWouldHave(t *testing.T) {
	dir := t.TempDir()
	m, r := uitest.Demo(t, keepingDrafts(dir))
	if err := m.FinalSave()(); err != nil {
		t.Fatal(err)
	}
	if _, ok := readDraftFile(t, r.C, "user-alex-prefs"); ok {
		t.Fatal("an untouched form wrote a draft")
	}
	r.Type("Alex quit at once.")
	if err := m.FinalSave()(); err != nil {
		t.Fatal(err)
	}
	if d, ok := readDraftFile(t, r.C, "user-alex-prefs"); !ok || d.Values.Content != "Alex quit at once." {
		t.Fatalf("draft %+v %v", d, ok)
	}
	// A drafts folder that cannot be written is an error to report, not silence.
	dir2 := filepath.Join(dir, drafts.DirName)
	if err := os.RemoveAll(dir2); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir2, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	r.Type(" More.")
	if err := m.FinalSave()(); err == nil || !strings.Contains(err.Error(), "user-alex-prefs") {
		t.Errorf("a failed write reported as %v", err)
	}
}
