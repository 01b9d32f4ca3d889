package knowledge

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// files lists the files under dir, relative and sorted.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// exportTo presses E, types dir and submits; it returns the form when it stayed open.
func exportTo(h *uitest.Host, dir string) *components.Form {
	h.Keys("E")
	f := uitest.Front[*components.Form](h)
	f.Fields()[0].(*components.TextField).SetValue(dir)
	h.Keys("ctrl+s")
	if h.Front() == nil {
		return nil
	}
	return f
}

// E writes one markdown file per page in folders that mirror the tree, the history
// beside the pages that have one, names made safe for the filesystem; it says how
// many files it wrote and where, and never overwrites: a second export into the same
// directory writes nothing.
func TestExport(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(demoBank))
	ctx := context.Background()
	runbooks := m.tree.rows[1].node.ID
	if _, err := h.C.Client.CreateKnowledgePage(ctx, demoBank, client.CreateKnowledgePageRequest{
		Name: `a/b: "c"?`, SourceQuery: "q", ParentID: runbooks}); err != nil {
		t.Fatal(err)
	}
	// Folder names may repeat, and differ only in case: on the disk they must not.
	twin, err := h.C.Client.CreateKnowledgeFolder(ctx, demoBank, "runbooks", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.C.Client.CreateKnowledgePage(ctx, demoBank, client.CreateKnowledgePageRequest{
		Name: "Certificate renewal", SourceQuery: "q", ParentID: twin.ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.C.Client.CreateKnowledgeFolder(ctx, demoBank, "Empty", ""); err != nil { // no page, no directory
		t.Fatal(err)
	}
	h.Keys("r")
	dir := filepath.Join(t.TempDir(), "export")
	if f := exportTo(h, dir); f != nil {
		t.Fatalf("the export failed:\n%s", uitest.Plain(f.View()))
	}
	want := []string{
		"On-call handbook.log.md", "On-call handbook.md",
		"Runbooks/Certificate renewal.log.md", "Runbooks/Certificate renewal.md",
		"Runbooks/a-b- -c--.log.md", "Runbooks/a-b- -c--.md",
		"Runbooks/pg-ledger connections.log.md", "Runbooks/pg-ledger connections.md",
		"runbooks (2)/Certificate renewal.log.md", "runbooks (2)/Certificate renewal.md",
	}
	if got := files(t, dir); !slices.Equal(got, want) {
		t.Fatalf("files\n%q\nwant\n%q", got, want)
	}
	b, err := os.ReadFile(filepath.Join(dir, "Runbooks", "Certificate renewal.md"))
	if err != nil || !strings.HasPrefix(string(b), "---\nid: \"kp-") || !strings.Contains(string(b), `title: "Certificate renewal"`) {
		t.Fatalf("page file %q, %v", b, err)
	}
	last := h.Toasts[len(h.Toasts)-1]
	if !strings.Contains(last, "Exported 5 pages as 10 files to "+dir) {
		t.Fatalf("toast %q", last)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "On-call handbook.md"))
	if err := os.WriteFile(filepath.Join(dir, "On-call handbook.md"), []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	f := exportTo(h, dir)
	if f == nil || !strings.Contains(uitest.Plain(f.View()), "exist there already") {
		t.Fatalf("a second export did not refuse: %v", before)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "On-call handbook.md")); string(b) != "mine" {
		t.Fatal("the export overwrote a file")
	}
}

// safeName keeps names readable and makes them valid file names everywhere.
func TestSafeName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Runbooks", "Runbooks"},
		{"a/b\\c", "a-b-c"},
		{"  ..hidden. ", "hidden"},
		{"CON", "_CON"},
		{"nul.txt", "_nul.txt"},
		{"tab\there\x1b[31m", "tab-here-[31m"},
		{"日本語のページ", "日本語のページ"},
		{"...", "kp-1"},
		{"", "kp-1"},
	} {
		if got := safeName(tc.in, "kp-1"); got != tc.want {
			t.Errorf("safeName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	taken := map[string]bool{}
	if a, b := uniqueName(taken, "Notes", ".md"), uniqueName(taken, "notes", ".md"); a != "Notes" || b != "notes (2)" {
		t.Errorf("unique names %q %q", a, b)
	}
}
