package textdiff

import "testing"

// The expectations are what Python's difflib.unified_diff produces for the same
// inputs (splitlines, lineterm="", joined by "\n").
func TestUnifiedDiffMatchesDifflib(t *testing.T) {
	tests := []struct{ a, b, want string }{
		{"a\nb\nc\n", "a\nb\nc\n", ""},
		{"a\nb\nc\n", "a\nb\nc", ""},
		{"", "x\n", "--- current\n+++ preview\n@@ -0,0 +1 @@\n+x"},
		{"x", "", "--- current\n+++ preview\n@@ -1 +0,0 @@\n-x"},
		{"a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n", "a\nB\nc\nd\ne\nf\ng\nh\ni\nJ\nk\nl\n",
			"--- current\n+++ preview\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n@@ -7,5 +7,6 @@\n g\n h\n i\n-j\n+J\n k\n+l"},
		{"one\ntwo\nthree", "one\n2\nthree\nfour", "--- current\n+++ preview\n@@ -1,3 +1,4 @@\n one\n-two\n+2\n three\n+four"},
		{"## T\n\n- a\n- b\n", "## T\n\n- a\n- c\n- b\n\nKey entities: X.\n",
			"--- current\n+++ preview\n@@ -1,4 +1,7 @@\n ## T\n \n - a\n+- c\n - b\n+\n+Key entities: X."},
	}
	for _, tc := range tests {
		if got := Unified(tc.a, tc.b, "current", "preview"); got != tc.want {
			t.Errorf("diff(%q, %q) =\n%s\nwant\n%s", tc.a, tc.b, got, tc.want)
		}
	}
}
