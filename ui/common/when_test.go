package common

import (
	"testing"
	"time"
)

func TestParseWhen(t *testing.T) {
	now := time.Date(2026, 11, 30, 9, 0, 0, 500, time.FixedZone("CET", 3600))
	for _, tc := range []struct{ in, sent string }{
		{"now", "2026-11-30T08:00:00Z"},
		{" NOW ", "2026-11-30T08:00:00Z"},
		{"2024-01-15", "2024-01-15T00:00:00Z"},
		{"2024-01-15 10:30", "2024-01-15T10:30:00Z"},
		{"2024-01-15T10:30", "2024-01-15T10:30:00Z"},
		{"2024-01-15 10:30:05", "2024-01-15T10:30:05Z"},
		{"2024-01-15T10:30:00+02:00", "2024-01-15T10:30:00+02:00"}, // the offset is kept
		{"2024-01-15T10:30:00.25Z", "2024-01-15T10:30:00.25Z"},
	} {
		sent, tm, err := ParseWhen(tc.in, now)
		if err != nil || sent != tc.sent {
			t.Errorf("ParseWhen(%q) = %q, %v; want %q", tc.in, sent, err, tc.sent)
			continue
		}
		if back, err := time.Parse(time.RFC3339, sent); err != nil || !back.Equal(tm) {
			t.Errorf("ParseWhen(%q): sent %q is not the time %v", tc.in, sent, tm)
		}
	}
	for _, bad := range []string{"", "yesterday", "15/01/2024", "2024-13-01", "2024-01-15 25:00"} {
		if _, _, err := ParseWhen(bad, now); err != ErrWhen {
			t.Errorf("ParseWhen(%q) error = %v, want ErrWhen", bad, err)
		}
	}
}

func FuzzParseWhen(f *testing.F) {
	for _, s := range []string{"now", "2024-01-15", "2024-01-15 10:30", "2024-01-15T10:30:00+02:00", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sent, tm, err := ParseWhen(s, time.Unix(0, 0))
		if err != nil {
			return
		}
		back, perr := time.Parse(time.RFC3339, sent)
		if perr != nil || !back.Equal(tm) {
			t.Fatalf("ParseWhen(%q) sent %q for %v", s, sent, tm)
		}
	})
}
