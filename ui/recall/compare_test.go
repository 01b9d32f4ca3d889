package recall

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// scored is a result list with these ids, each with text "text of <id>", final score
// <score>, in rank order.
func scored(pairs ...any) []client.RecallResult {
	var out []client.RecallResult
	for i := 0; i+1 < len(pairs); i += 2 {
		id, sc := pairs[i].(string), pairs[i+1].(float64)
		out = append(out, client.RecallResult{ID: id, Text: "text of " + id, Type: client.FactWorld,
			Scores: &client.Scores{Final: sc}})
	}
	return out
}

// compareLines are the comparison's rows as the view draws them, by memory text, with
// the gutter and the padding trimmed.
func compareLines(t *testing.T, m *Model) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, l := range strings.Split(uitest.Plain(uitest.View(t, m)), "\n") {
		if i := strings.Index(l, "text of "); i >= 0 {
			id := strings.Fields(l[i+len("text of "):])[0]
			out[id] = strings.Join(strings.Fields(strings.TrimPrefix(l, "▌")), " ")
		}
	}
	return out
}

// TestCompareRanksAndMoves: the merged list has one row per memory of A∪B, in B's
// order then the ones A alone had, each with both ranks, its move and both scores; an
// answer a newer run superseded is dropped.
func TestCompareRanksAndMoves(t *testing.T) {
	m, h := uitest.Demo(t, New)
	query(h, m, "coffee")
	m.res = newResultSet(m.c, m.res.req, &client.RecallResponse{Results: scored("a", .9, "b", .8, "c", .7, "d", .6)}, 0)
	h.Keys("b")
	if !m.cmp.editing || m.zone != zoneBar {
		t.Fatalf("b did not open the bar on B: editing %v zone %v", m.cmp.editing, m.zone)
	}
	run := h.Hold("esc") // B's recall, held
	if !m.cmp.show || !m.cmp.running {
		t.Fatal("esc did not run B")
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "running B…") {
		t.Errorf("no sign that B runs:\n%s", v)
	}
	bRes := scored("a", .95, "c", .85, "x", .5, "b", .4)
	stale := compareDoneMsg{seq: m.cmp.seq - 1, bank: m.bank, req: m.res.req, resp: &client.RecallResponse{Results: scored("z", 1.0)}}
	h.Deliver(stale)
	if m.cmp.b != nil || !m.cmp.running {
		t.Fatal("a stale answer was taken")
	}
	h.Deliver(compareDoneMsg{seq: m.cmp.seq, bank: m.bank, req: m.res.req, resp: &client.RecallResponse{Results: bRes}})
	_ = run
	got := compareLines(t, m)
	want := map[string]string{
		"a": "1 1 = 0.900→0.950 world text of a",
		"c": "3 2 ↑1 0.700→0.850 world text of c",
		"x": "– 3 new – →0.500 world text of x",
		"b": "2 4 ↓2 0.800→0.400 world text of b",
		"d": "4 – gone 0.600→ – world text of d",
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("row %s: %q, want %q", id, got[id], w)
		}
	}
	var order []string
	for _, r := range m.cmp.rows {
		order = append(order, r.mv.ID)
	}
	if s := strings.Join(order, " "); s != "a c x b d" {
		t.Errorf("row order %q, want B's order then A's leftovers", s)
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, w := range []string{"A/B · B: the same request again", "1 new · 1 gone · 2 moved · 1 same",
		"total  A 4 results · " + common.Thousands(m.cmp.a.tokens) + " / 4,096 tokens   B 4 results"} {
		if !strings.Contains(v, w) {
			t.Errorf("the comparison lacks %q:\n%s", w, v)
		}
	}
	// The cursor moves over the merged rows and enter opens the selected memory.
	h.Keys("G")
	if r := m.cmp.selectedRow(); r == nil || r.mv.ID != "d" {
		t.Fatalf("G selects %+v", r)
	}
	if id, _, _, ok := m.Selection(); !ok || id != "d" {
		t.Errorf("y would copy %q %v", id, ok)
	}
	h.Keys("enter")
	if d := uitest.Front[*components.MemoryDialog](h); d == nil {
		t.Fatal("enter opened no inspector")
	}
}

// startB searches q, keeps the answer as A, sets B's filters with edit and runs B.
func startB(t *testing.T, h *uitest.Host, m *Model, q string, edit func(f *filters)) {
	t.Helper()
	query(h, m, q)
	h.Keys("b")
	if edit != nil {
		edit(&m.cmp.bFilters)
		h.Do(m.bar.Sync())
	}
	h.Keys("esc")
	if m.cmp.b == nil {
		t.Fatalf("B did not answer: err %v, errors %v", m.cmp.err, h.Errors)
	}
}

// TestCompareRunsBWithItsOwnFilters: B's filters are edited in the bar (keys), run
// with A's query, and named in the header; the pane's own filters stay A's, and esc
// goes back to A's results with the bar on them.
func TestCompareRunsBWithItsOwnFilters(t *testing.T) {
	m, h := uitest.Demo(t, New)
	query(h, m, "coffee")
	a := m.res
	h.Keys("b", "space") // world on, in B's filters
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "editing B's filters") {
		t.Errorf("the bar does not say it edits B:\n%s", v)
	}
	for m.bar.Cursor() != int(iBudget) {
		h.Keys("tab")
	}
	h.Keys("space") // budget high
	h.Keys("esc")
	if m.cmp.b == nil {
		t.Fatalf("B did not run: %v", m.cmp.err)
	}
	if got := m.cmp.b.req; got.Query != "coffee" || !slices.Equal(got.Types, []string{client.FactWorld}) || got.Budget != client.BudgetHigh {
		t.Errorf("B ran %+v", got)
	}
	if m.cmp.a != a || m.cur.filters.types != [3]bool{} || m.cur.filters.budget != "" {
		t.Errorf("editing B changed A or the pane's filters: %+v", m.cur.filters)
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "A/B · B: types world · budget high") {
		t.Errorf("the header does not say what B changes:\n%s", v)
	}
	for _, r := range m.cmp.rows {
		if r.b != nil && r.b.res.Type != client.FactWorld {
			t.Errorf("B has a %s result", r.b.res.Type)
		}
		if r.b == nil && r.mv.Change() != "gone" || r.a == nil && r.mv.Change() != "new" {
			t.Errorf("row %s: %q with a %v b %v", r.mv.ID, r.mv.Change(), r.a != nil, r.b != nil)
		}
	}
	if help := helpText(m); !strings.Contains(help, "w write markdown") || !strings.Contains(help, "r rerun B") ||
		!strings.Contains(help, "b edit B") || strings.Contains(help, "t results/trace") {
		t.Errorf("comparison help %q", help)
	}
	h.Deliver(action(t, m, "Run B again (A/B comparison)"))
	if m.cmp.b == nil || m.cmp.running {
		t.Fatal("the palette's run B did not answer")
	}
	h.Keys("esc")
	if m.cmp.show || m.cmp.a != nil || m.res != a {
		t.Fatal("esc did not go back to A's results")
	}
	action(t, m, "Compare A/B: keep these results as A, edit B's filters")
	if help := helpText(m); !strings.Contains(help, "b compare A/B") {
		t.Errorf("results help %q", help)
	}
	// The bar edits the pane's filters again (its cursor stayed on budget).
	h.Keys("f")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "enter search · esc done") || strings.Contains(v, "runs B") {
		t.Errorf("the bar still speaks of B:\n%s", v)
	}
	h.Keys("space", "esc")
	if m.cur.filters.budget != client.BudgetHigh {
		t.Errorf("the bar did not go back to the pane's filters: %+v", m.cur.filters)
	}
}

// TestCompareBeforeAndAfterCuration: B is A's request again; a memory invalidated from
// the inspector meanwhile is flagged, and r runs B again, which shows it gone.
func TestCompareBeforeAndAfterCuration(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cur.filters.types = [3]bool{true, true, false}
	startB(t, h, m, "aisle seat", nil)
	for _, r := range m.cmp.rows {
		if r.mv.Change() != "=" {
			t.Fatalf("the same request twice moved %s: %q", r.mv.ID, r.mv.Change())
		}
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "B: the same request again") {
		t.Errorf("header:\n%s", v)
	}
	id := m.cmp.rows[0].mv.ID
	h.Keys("enter")
	uitest.Front[*components.MemoryDialog](h)
	h.Keys("x")
	h.Type("no longer true")
	h.Keys("enter", "esc")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "1 memory written since B ran · r runs B again") {
		t.Errorf("the comparison does not flag the write:\n%s", v)
	}
	h.Keys("r")
	if m.cmp.changed != nil {
		t.Error("the flag stayed after B ran again")
	}
	i := slices.IndexFunc(m.cmp.rows, func(r cmpRow) bool { return r.mv.ID == id })
	if i < 0 || m.cmp.rows[i].mv.Change() != "gone" || m.cmp.rows[i].mv.From != 1 {
		t.Fatalf("the invalidated memory after r: %+v", m.cmp.rows)
	}
	if d := m.cmp.diff; len(d.Left) != 1 || len(d.Entered) > 1 {
		t.Errorf("diff %+v", d)
	}
}

// TestCompareCancelAndBankSwitch: esc cancels B in flight (its late answer is dropped),
// and a bank switch forgets the comparison.
func TestCompareCancelAndBankSwitch(t *testing.T) {
	m, h := uitest.Demo(t, New)
	query(h, m, "coffee")
	h.Keys("b")
	run := h.Hold("esc")
	h.Keys("esc")
	if m.cmp.running || !m.cmp.show || h.Toasts[len(h.Toasts)-1] != "B cancelled" {
		t.Fatalf("esc did not cancel B: running %v toasts %v", m.cmp.running, h.Toasts)
	}
	h.Do(run)
	if m.cmp.b != nil {
		t.Fatal("the cancelled answer was taken")
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "B has not run.") {
		t.Errorf("view after cancel:\n%s", v)
	}
	h.Keys("r")
	if m.cmp.b == nil {
		t.Fatal("r did not run B")
	}
	h.SelectBank("team-platform")
	if m.cmp.show || m.cmp.a != nil {
		t.Error("the comparison survived a bank switch")
	}
}

// TestCompareMarkdown: w writes the comparison through the save dialog: the bank, the
// query, both parameter sets and the merged table, private, with no escape character.
func TestCompareMarkdown(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	m, h := uitest.Demo(t, New)
	startB(t, h, m, "coffee", func(f *filters) { f.budget = client.BudgetLow; f.maxTokens = "300" })
	h.Keys("w")
	form := uitest.Front[*components.Form](h)
	field := form.Fields()[0].(*components.TextField)
	name := "hindsight-recall-ab-user-alex-prefs-" + m.c.Now().Format("20060102-1504") + ".md"
	if field.Value() != "./"+name {
		t.Fatalf("default path %q", field.Value())
	}
	h.Keys("enter")
	path := filepath.Join(dir, name)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatalf("no file: %v (toasts %v)", err, h.Toasts)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %o", fi.Mode().Perm())
	}
	b, _ := os.ReadFile(path)
	doc := string(b)
	first, last := m.cmp.rows[0], m.cmp.rows[len(m.cmp.rows)-1]
	for _, want := range []string{
		"# Recall A/B comparison: user-alex-prefs\n",
		"**Query** `coffee`",
		"B changes: budget low, max_tokens 300.",
		"| parameter | A | B |",
		"| budget | mid (default) | low |",
		"| max_tokens | 4,096 (default) | 300 |",
		"| types | all (default) | all (default) |",
		"- A: " + common.Plural(len(m.cmp.a.rows), "result", "results") + ", " + common.Thousands(m.cmp.a.tokens) + " of 4,096 tokens",
		"- B: " + common.Plural(len(m.cmp.b.rows), "result", "results") + ", " + common.Thousands(m.cmp.b.tokens) + " of 300 tokens",
		"| A | B | move | final A | final B | type | memory | id |",
		"| " + itoaRank(first.mv.From) + " | 1 | " + first.mv.Change() + " | ",
		" | " + last.mv.ID + " |\n",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the markdown lacks %q:\n%s", want, doc)
		}
	}
	if n := len(regexp.MustCompile(`(?m)^\| (\d+|–) \| (\d+|–) \| `).FindAllString(doc, -1)); n != len(m.cmp.rows) {
		t.Errorf("the table has %d rows, the comparison %d", n, len(m.cmp.rows))
	}
	if regexp.MustCompile(`\x1b`).MatchString(doc) {
		t.Error("the markdown contains an escape character")
	}
}

// itoaRank is a rank as the markdown writes it.
func itoaRank(r int) string { return strings.TrimSpace(rankCell(r, 1)) }

// TestRequestChanges names what B changes of A.
func TestRequestChanges(t *testing.T) {
	n := 300
	a := client.RecallRequest{Query: "q", Types: []string{"world"}, Tags: []string{"x"}}
	b := client.RecallRequest{Query: "q", Types: []string{"experience"}, Tags: []string{"x"}, Budget: "high", MaxTokens: &n, Trace: true}
	if got := strings.Join(requestChanges(a, b), " · "); got != "types +experience −world · budget high · max_tokens 300 · trace on" {
		t.Errorf("changes %q", got)
	}
	if got := requestChanges(b, a); strings.Join(got, " · ") != "types +world −experience · budget mid · max_tokens 4,096 · trace off" {
		t.Errorf("back to defaults: %q", got)
	}
	if got := requestChanges(client.RecallRequest{}, client.RecallRequest{Types: []string{"world"}}); len(got) != 1 || got[0] != "types world" {
		t.Errorf("from all types: %q", got)
	}
	if got := requestChanges(a, a); got != nil {
		t.Errorf("same request: %q", got)
	}
}

// TestCompareInvalidB: B's filters with a mistake are marked in the bar and B does not
// run until it is fixed; the pane's own filters stay valid meanwhile.
func TestCompareInvalidB(t *testing.T) {
	m, h := uitest.Demo(t, New)
	query(h, m, "coffee")
	h.Keys("b")
	for m.bar.Cursor() != int(iMaxTokens) {
		h.Keys("tab")
	}
	h.Type("lots")
	h.Keys("esc")
	if m.cmp.show || m.cmp.running || !m.cmp.editing {
		t.Fatalf("B ran with a bad max_tokens: show %v running %v", m.cmp.show, m.cmp.running)
	}
	if last := h.Toasts[len(h.Toasts)-1]; !strings.Contains(last, "fix B's filters first") {
		t.Errorf("toast %q", last)
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, `not a whole number: "lots"`) {
		t.Errorf("the bar does not mark the mistake:\n%s", v)
	}
	if len(m.invalid) > 0 {
		t.Errorf("B's mistake reached the pane's filters: %v", m.invalid)
	}
	for m.bar.Cursor() != int(iMaxTokens) {
		h.Keys("tab")
	}
	for range "lots" {
		h.Keys("backspace")
	}
	h.Type("500")
	h.Keys("esc")
	if m.cmp.b == nil || m.cmp.b.maxTokens != 500 {
		t.Fatalf("B did not run once fixed: %+v", m.cmp.b)
	}
}
