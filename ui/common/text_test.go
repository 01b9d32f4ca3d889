package common

import "testing"

// TestShortID: generated ids are cut to eight digits (after a type prefix such as
// "mm-"), chosen ids stay whole up to 24 cells.
func TestShortID(t *testing.T) {
	for in, want := range map[string]string{
		"0a8e9a57-1c2d-4e5f-8a9b-0c1d2e3f4a5b":   "0a8e9a57",
		"mm-14a34d523c734e29bba3f0e1d2c3b4a5":    "mm-14a34d52",
		"alex-scheduling-rules":                  "alex-scheduling-rules",
		"a-very-long-chosen-identifier-of-a-doc": "a-very-long-chosen-iden…",
		"short":                                  "short",
		"x\x1b[31m-red":                          "x␛[31m-red",
	} {
		if got := ShortID(in); got != want {
			t.Errorf("ShortID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPaged(t *testing.T) {
	for _, tt := range []struct {
		total, offset, size int
		want                string
	}{
		{0, 0, 50, "0 entries · page 1/1"},
		{1, 0, 50, "1 entry · page 1/1"},
		{101, 100, 50, "101 entries · page 3/3"},
		{100, 50, 50, "100 entries · page 2/2"},
	} {
		if got := Paged(tt.total, tt.offset, tt.size, "entry", "entries"); got != tt.want {
			t.Errorf("Paged(%d, %d, %d) = %q, want %q", tt.total, tt.offset, tt.size, got, tt.want)
		}
	}
}
