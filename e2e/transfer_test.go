package e2e

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"
)

// TestTransferDocuments exports the demo bank's documents to a zip, imports it into
// a new bank, and retains a small local file from the Retain tab: the archive on disk
// is private and a real zip, the new bank shows in the sidebar, and the file becomes
// a document.
func TestTransferDocuments(t *testing.T) {
	s := demo(t)
	dir := t.TempDir()
	archive := filepath.Join(dir, "docs.zip")
	s.tab("Documents", "5 of 5")

	s.press("X", "Export documents of user-alex-prefs", "whole bank")
	s.press("Enter", "Save the", "export of user-alex-prefs")
	s.keys("C-u")
	s.typeText(archive)
	s.press("Enter", "wrote the")
	fi, err := os.Stat(archive)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("archive: %v %v", err, fi)
	}
	if z, err := zip.OpenReader(archive); err != nil || len(z.File) < 2 {
		t.Fatalf("not a transfer zip: %v", err)
	} else {
		z.Close()
	}

	s.press("I", "Import documents", "Into bank")
	s.typeText(archive)
	s.keys("Tab", "C-u")
	s.typeText("alex-copy")
	s.press("Enter", "Import documents into alex-copy", "into bank alex-copy?", "enter to import")
	s.press("Enter", "Imported 5 documents with")
	s.press("Enter", "alex-copy")

	note := filepath.Join(dir, "note.txt")
	if err := os.WriteFile(note, []byte("Sam prefers aisle seats on short flights.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s.tab("Retain", "Retain into user-alex-prefs")
	s.press("C-t", "Retain a file into user-alex-prefs")
	s.typeText(note)
	s.press("Enter", "Retaining note.txt")
	s.waitFor(wait, "Retained note.txt into user-alex-prefs as document")
	s.press("Enter", "Retain into user-alex-prefs")
}
