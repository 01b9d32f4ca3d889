package knowledge

import (
	"context"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// tree is the bank's tree as the server has it now.
func tree(t *testing.T, h *uitest.Host) *client.KnowledgeTree {
	t.Helper()
	tr, err := h.C.Client.KnowledgeTree(context.Background(), demoBank)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// The tree loads unfolded, each page with the server's staleness, the folder with
// what it holds.
func TestTreeLoads(t *testing.T) {
	m, _ := uitest.Demo(t, New, uitest.Bank(demoBank))
	if got := strings.Join(names(m), ", "); got != "On-call handbook, Runbooks, Certificate renewal, pg-ledger connections" {
		t.Fatalf("rows %s", got)
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"3 pages · 1 folder · 1 stale", "• On-call handbook", "stale", "▾ Runbooks/", "fresh",
		"Query: How does on-call work on the platform team?", "written after the newest one its last refresh saw"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

// enter and space fold and unfold a folder, ← and h fold it or go up to it, → and l
// unfold it or step into it; on a page → opens it.
func TestFolding(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	h.Keys("j", "enter")
	if len(m.tree.rows) != 2 || m.selectedRow().node.Name != "Runbooks" {
		t.Fatalf("enter did not fold: %q", names(m))
	}
	h.Keys("space")
	if len(m.tree.rows) != 4 {
		t.Fatalf("space did not unfold: %q", names(m))
	}
	h.Keys("left")
	if len(m.tree.rows) != 2 {
		t.Fatalf("← did not fold: %q", names(m))
	}
	h.Keys("l")
	if len(m.tree.rows) != 4 || m.selectedRow().node.Name != "Runbooks" {
		t.Fatalf("l did not unfold: %q", names(m))
	}
	h.Keys("right")
	if m.selectedRow().node.Name != "Certificate renewal" {
		t.Fatalf("→ on an unfolded folder steps into it, cursor on %q", m.selectedRow().node.Name)
	}
	h.Keys("h")
	if m.selectedRow().node.Name != "Runbooks" || len(m.tree.rows) != 4 {
		t.Fatalf("h on a page goes to its folder: on %q, rows %q", m.selectedRow().node.Name, names(m))
	}
	h.Keys("j", "l")
	if m.view != viewPage || m.page.page == nil || m.page.page.Name != "Certificate renewal" {
		t.Fatalf("l on a page opens it: view %v, page %+v", m.view, m.page.page)
	}
}

// r keeps the cursor on its node when the tree changed around it, and unfolds the
// folder it is in; a node that is gone leaves the cursor on its row with a notice.
func TestSelectionSurvivesReload(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	h.Keys("G")
	id := m.selectedRow().node.ID // pg-ledger connections, in Runbooks
	folder := m.selectedRow().node.ParentID
	if _, err := h.C.Client.CreateKnowledgeFolder(context.Background(), demoBank, "Archive", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := h.C.Client.CreateKnowledgePage(context.Background(), demoBank,
		client.CreateKnowledgePageRequest{Name: "Alerts", SourceQuery: "Which alerts page us?", ParentID: folder}); err != nil {
		t.Fatal(err)
	}
	h.Keys("r")
	if got := m.selectedRow().node.ID; got != id || m.tree.cursor != 5 {
		t.Fatalf("cursor %d on %s, want row 5 on %s: %q", m.tree.cursor, got, id, names(m))
	}
	if err := h.C.Client.DeleteKnowledgeNode(context.Background(), demoBank, id); err != nil {
		t.Fatal(err)
	}
	h.Keys("r")
	if m.tree.cursor != 4 || len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "no longer") {
		t.Fatalf("cursor %d, rows %q, toasts %q", m.tree.cursor, names(m), h.Toasts)
	}
}

// / searches the pages on the server; enter opens one, esc goes back to the results
// and then to the tree.
func TestSearch(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank), uitest.WithClient(rec.Option()))
	h.Keys("/")
	if !m.Capturing() {
		t.Fatal("the search box does not capture typing")
	}
	h.Type("pgbouncer connections")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "/ pgbouncer connections") {
		t.Fatalf("the search box does not show while typing:\n%s", v)
	}
	h.Keys("enter")
	if m.Capturing() || m.view != viewSearch || len(m.search.results) == 0 {
		t.Fatalf("view %v, results %+v", m.view, m.search.results)
	}
	if got := rec.Matching("GET", "/knowledge-base/search"); len(got) != 1 || !strings.Contains(got[0].Query, "q=pgbouncer+connections") {
		t.Fatalf("search requests %+v", got)
	}
	if m.search.results[0].Name != "pg-ledger connections" {
		t.Fatalf("best result %q", m.search.results[0].Name)
	}
	h.Keys("enter")
	if m.view != viewPage || m.page.page == nil || m.page.page.Name != "pg-ledger connections" {
		t.Fatalf("enter did not open the result: %v %+v", m.view, m.page.page)
	}
	h.Keys("esc")
	if m.view != viewSearch {
		t.Fatalf("esc from the page goes back to the results, view %v", m.view)
	}
	h.Keys("esc")
	if m.view != viewTree || m.search.query != "" {
		t.Fatalf("esc from the results goes back to the tree, view %v", m.view)
	}
	h.Keys("/")
	h.Type("zzzqqq\n")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "No page matches zzzqqq.") {
		t.Fatalf("no-match view:\n%s", v)
	}
}

// The page view draws the body as markdown once per version and width, and scrolls.
func TestPageView(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank), uitest.Terminal(60, 20))
	h.Keys("j", "j", "enter")
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"Certificate renewal", "In: Runbooks", "type runbook", "Fresh:", "Tags: team:platform",
		"Source query: How do we keep internal certificates"} {
		if !strings.Contains(v, want) {
			t.Errorf("page lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "## Certificate renewal") || strings.Contains(v, "title:") {
		t.Errorf("the markdown is shown raw:\n%s", v)
	}
	renders := m.md.Renders()
	h.Keys("j", "j")
	if m.page.scroll != 2 || m.md.Renders() != renders {
		t.Fatalf("scroll %d, renders %d -> %d: scrolling must not render again", m.page.scroll, renders, m.md.Renders())
	}
	h.Keys("G")
	if m.page.scroll != max(len(m.page.lines)-(m.height-1), 0) {
		t.Fatalf("G scrolled to %d of %d lines", m.page.scroll, len(m.page.lines))
	}
	m.SetSize(50, 18)
	if m.md.Renders() != renders+1 {
		t.Fatalf("a new width renders once: %d -> %d", renders, m.md.Renders())
	}
	h.Keys("esc")
	if m.view != viewTree || m.selectedRow().node.Name != "Certificate renewal" {
		t.Fatal("esc goes back to the tree, on the page")
	}
}

// N creates a folder in the current folder and n a page; the tree reloads with the
// cursor on the new node, and the page's first refresh is announced.
func TestCreate(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	h.Keys("j", "N")
	if v := uitest.Plain(uitest.Front[*components.Form](h).View()); !strings.Contains(v, "New folder in folder Runbooks") {
		t.Fatalf("the form does not say where:\n%s", v)
	}
	h.Type("Databases")
	h.Keys("ctrl+s")
	r := m.selectedRow()
	if h.Front() != nil || r == nil || r.node.Name != "Databases" || r.depth != 1 {
		t.Fatalf("rows %q, cursor %d", names(m), m.tree.cursor)
	}
	h.Keys("n")
	h.Type("Failover")
	h.Keys("ctrl+s")
	if f := uitest.Front[*components.Form](h); !strings.Contains(uitest.Plain(f.View()), "ask the question the page answers") {
		t.Fatalf("a page without a source query was accepted:\n%s", uitest.Plain(f.View()))
	}
	// The form put the focus on the field to fix.
	h.Type("How do we fail pg-ledger over?")
	h.Keys("tab")
	h.Type("team:platform, type:runbook")
	h.Keys("ctrl+s")
	r = m.selectedRow()
	if h.Front() != nil || r == nil || r.node.Name != "Failover" || r.depth != 2 || r.node.Description != "How do we fail pg-ledger over?" {
		t.Fatalf("rows %q, cursor %d", names(m), m.tree.cursor)
	}
	if ops := uitest.Messages[common.OperationStartedMsg](h); len(ops) != 1 || ops[0].Kind != "refresh_mental_model" {
		t.Fatalf("operations started: %+v", ops)
	}
	if len(h.Toasts) != 2 || !strings.Contains(h.Toasts[1], "Created page") {
		t.Fatalf("toasts %q", h.Toasts)
	}
	// A second page of that name in that folder: the server's 409 shows in the form.
	h.Keys("n")
	h.Type("failover")
	h.Keys("tab")
	h.Type("q")
	h.Keys("ctrl+s")
	if f := uitest.Front[*components.Form](h); !strings.Contains(uitest.Plain(f.View()), "already exists in this folder") {
		t.Fatalf("the clash is not shown:\n%s", uitest.Plain(f.View()))
	}
}

// e renames the node on the server and in the tree, the cursor following it.
func TestRename(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	h.Keys("e")
	for range len("On-call handbook") {
		h.Keys("backspace")
	}
	h.Type("Zebra handbook")
	h.Keys("ctrl+s")
	r := m.selectedRow()
	if h.Front() != nil || r.node.Name != "Zebra handbook" || m.tree.cursor != 3 {
		t.Fatalf("rows %q, cursor %d", names(m), m.tree.cursor)
	}
	if got := tree(t, h).Roots[1].Name; got != "Zebra handbook" {
		t.Fatalf("server root %q", got)
	}
}

// m picks a folder for the node: not itself nor a folder inside it; enter moves it
// there, the top level being the row above the tree.
func TestMove(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	h.Keys("m")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "Move “On-call handbook”") || !strings.Contains(v, "⌂ top level") {
		t.Fatalf("move mode:\n%s", v)
	}
	h.Keys("j", "enter") // onto the page itself: a page holds nothing
	if m.moving == "" || !strings.Contains(h.Toasts[len(h.Toasts)-1], "pick a folder") {
		t.Fatalf("moved onto a page: moving %q, toasts %q", m.moving, h.Toasts)
	}
	h.Keys("j", "enter")
	r := m.selectedRow()
	if m.moving != "" || r.node.Name != "On-call handbook" || r.depth != 1 {
		t.Fatalf("rows %q, cursor %d", names(m), m.tree.cursor)
	}
	if roots := tree(t, h).Roots; len(roots) != 1 || len(roots[0].Children) != 3 {
		t.Fatalf("server tree %+v", roots)
	}
	// A folder cannot go into itself; the top level takes it back out.
	h.Keys("g", "m", "j", "enter")
	if m.moving == "" || !strings.Contains(h.Toasts[len(h.Toasts)-1], "cannot move into itself") {
		t.Fatalf("a folder moved into itself: toasts %q", h.Toasts)
	}
	h.Keys("esc", "j", "j", "m", "g", "enter")
	if roots := tree(t, h).Roots; len(roots) != 2 || m.selectedRow().node.Name != "On-call handbook" || m.selectedRow().depth != 0 {
		t.Fatalf("moving back to the top level: %+v, rows %q", roots, names(m))
	}
}

// D asks, naming the node and, for a folder, what goes with it; enter deletes it.
func TestDelete(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	h.Keys("j", "D")
	v := uitest.Plain(uitest.Front[*components.Confirm](h).View())
	if words := strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " "); !strings.Contains(words, "Runbooks") || !strings.Contains(words, "2 pages") {
		t.Fatalf("the confirmation does not say what goes:\n%s", v)
	}
	h.Keys("esc", "k", "D")
	if v := uitest.Plain(uitest.Front[*components.Confirm](h).View()); !strings.Contains(v, "On-call handbook") {
		t.Fatalf("the confirmation does not name the page:\n%s", v)
	}
	h.Keys("enter")
	if got := strings.Join(names(m), ", "); got != "Runbooks, Certificate renewal, pg-ledger connections" || m.tree.cursor != 0 {
		t.Fatalf("rows %s, cursor %d", got, m.tree.cursor)
	}
	if len(tree(t, h).Roots) != 1 || len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "Deleted") {
		t.Fatalf("server tree or toasts %q", h.Toasts)
	}
}

// Under --read-only no write starts, neither key nor help nor palette offers one,
// and export (which writes only local files) stays.
func TestReadOnly(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank), uitest.ReadOnly())
	h.Keys("n", "N", "e", "m", "D")
	if h.Front() != nil || m.moving != "" {
		t.Fatalf("read-only opened %T, moving %q", h.Front(), m.moving)
	}
	writes := map[string]bool{"n": true, "N": true, "e": true, "m": true, "D": true}
	for _, g := range m.FullHelp() {
		for _, b := range g {
			if writes[b.Help().Key] && b.Enabled() {
				t.Errorf("the help offers %s under --read-only", b.Help().Key)
			}
		}
	}
	for _, a := range m.Actions() {
		if writes[a.Key] {
			t.Errorf("the palette offers %q under --read-only", a.Name)
		}
	}
	if v := uitest.Plain(uitest.View(t, m)); strings.Contains(v, "n adds") {
		t.Errorf("the view suggests a write:\n%s", v)
	}
	h.Keys("E")
	if uitest.Front[*components.Form](h) == nil {
		t.Fatal("export is not offered under --read-only")
	}
}

// An answer to a superseded tree, search or page request is dropped.
func TestStaleAnswersDropped(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	before := slices.Clone(names(m))
	other := &client.KnowledgeTree{Roots: []client.KnowledgeNode{{ID: "kp-stale", Kind: client.NodePage, Name: "stale"}}}
	h.Deliver(treeMsg{bank: demoBank, seq: m.tree.seq - 1, tree: other})
	h.Deliver(treeMsg{bank: "another-bank", seq: m.tree.seq, tree: other})
	if !slices.Equal(before, names(m)) {
		t.Fatalf("stale tree taken: %q", names(m))
	}
	h.Keys("/")
	h.Type("certificate\n")
	h.Deliver(searchMsg{bank: demoBank, seq: m.search.seq - 1, res: &client.KnowledgeSearchResults{}})
	if len(m.search.results) != 1 {
		t.Fatalf("stale search taken: %+v", m.search.results)
	}
	h.Keys("enter")
	h.Deliver(pageMsg{bank: demoBank, seq: m.page.seq - 1, page: &client.KnowledgePage{ID: "kp-stale", Name: "stale"}})
	if m.page.page.Name != "Certificate renewal" {
		t.Fatalf("stale page taken: %+v", m.page.page)
	}
	// A reload held in flight still lands.
	h.Keys("esc", "esc")
	cmd := h.Hold("r")
	h.Deliver(treeMsg{bank: demoBank, seq: m.tree.seq - 1, tree: other})
	h.Do(cmd)
	if !slices.Equal(before, names(m)) || m.tree.busy {
		t.Fatalf("the current answer: %q, busy %v", names(m), m.tree.busy)
	}
}

// A failed load says so where the tree, the results or the page would be.
func TestErrorsInPlace(t *testing.T) {
	base := "/v1/default/banks/" + demoBank + "/knowledge-base/"
	m, _ := uitest.Demo(t, New, uitest.Bank(demoBank), uitest.Faults(hindsighttest.Fault{
		Method: "GET", Path: base + "tree", Status: 503, Body: `{"detail":"tree is resting"}`}))
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "✗ Could not load the knowledge base") {
		t.Errorf("tree error not shown:\n%s", v)
	}
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank), uitest.Faults(
		hindsighttest.Fault{Method: "GET", Path: base + "search", Status: 500, Body: `{"detail":"boom"}`},
		hindsighttest.Fault{Method: "GET", Path: base + "pages/kp-9ec314501ff85b418a54d85dfc0899b3", Status: 500, Body: `{"detail":"boom"}`}))
	h.Keys("/")
	h.Type("x\n")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "✗ Could not search") {
		t.Errorf("search error not shown:\n%s", v)
	}
	h.Keys("esc", "enter")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "Could not open page On-call handbook") {
		t.Errorf("page error not shown:\n%s", v)
	}
}

// The palette offers the writes only without --read-only, and runs them.
func TestActions(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	var del *common.Action
	for _, a := range m.Actions() {
		if a.Key == "D" {
			del = &a
		}
	}
	if del == nil || !strings.Contains(del.Name, "On-call handbook") {
		t.Fatalf("no delete action naming the page: %+v", m.Actions())
	}
	h.Deliver(del.Msg)
	if uitest.Front[*components.Confirm](h) == nil {
		t.Fatal("the palette's delete did not ask")
	}
}

// TestOwnKeys holds the pane's keys to the shared rules. Submit and Leave act in the
// search box, MoveHere and Cancel while moving, where the list's enter and esc do not.
func TestOwnKeys(t *testing.T) {
	km := keymap.Default()
	k := km.Knowledge
	own := struct{ Expand, Collapse, Fold, NewPage, NewFolder, Rename, Move, Delete, Export key.Binding }{
		k.Expand, k.Collapse, k.Fold, k.NewPage, k.NewFolder, k.Rename, k.Move, k.Delete, k.Export}
	for _, p := range keymap.Check(own, km.Global, km.List) {
		t.Error(p)
	}
}
