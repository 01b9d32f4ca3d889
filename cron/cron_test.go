package cron

import (
	"testing"
	"time"
)

func TestCronValidity(t *testing.T) {
	tests := []struct {
		expr string
		ok   bool
	}{
		{"0 3 * * *", true},
		{"*/15 * * * *", true},
		{"0 9-17/2 * * mon-fri", true},
		{"0 0 1,15 jan,JUL *", true},
		{"30 6 * * 7", true},
		{"5/10 * * * *", true},
		{"0 0 ? * *", true},
		{"@daily", true},
		{"@Hourly", true},
		{"soon", false},
		{"* * * *", false},
		{"* * * * * *", false},
		{"60 * * * *", false},
		{"* 24 * * *", false},
		{"* * 0 * *", false},
		{"* * * 13 *", false},
		{"* * * * 8", false},
		{"5-1 * * * *", false},
		{"*/0 * * * *", false},
		{"0 0 * foo *", false},
		{"@never", false},
	}
	for _, tc := range tests {
		if got := Valid(tc.expr); got != tc.ok {
			t.Errorf("Valid(%q) = %v, want %v", tc.expr, got, tc.ok)
		}
	}
}

func TestCronPrev(t *testing.T) {
	at := time.Date(2026, 11, 30, 9, 7, 42, 0, time.UTC) // a Monday
	tests := []struct {
		expr string
		want string // "" = never fired
	}{
		{"* * * * *", "2026-11-30T09:07:00Z"},
		{"0 3 * * *", "2026-11-30T03:00:00Z"},
		{"0 10 * * *", "2026-11-29T10:00:00Z"},
		{"*/15 * * * *", "2026-11-30T09:00:00Z"},
		{"0 9-17/2 * * mon-fri", "2026-11-30T09:00:00Z"},
		{"0 12 * * sat", "2026-11-28T12:00:00Z"},
		{"30 6 * * 7", "2026-11-29T06:30:00Z"},   // 7 is Sunday
		{"0 0 1 * *", "2026-11-01T00:00:00Z"},    // monthly
		{"0 0 1 jan *", "2026-01-01T00:00:00Z"},  // yearly
		{"0 0 13 * fri", "2026-11-27T00:00:00Z"}, // day fields OR: a Friday comes first
		{"0 0 31 * *", "2026-10-31T00:00:00Z"},   // November has no 31st
		{"@weekly", "2026-11-29T00:00:00Z"},      // Sunday midnight
		{"0 0 29 2 *", "2024-02-29T00:00:00Z"},   // leap day
		{"0 0 30 2 *", ""},                       // never
		{"0 9 30 11 *", "2026-11-30T09:00:00Z"},  // at the very minute
	}
	for _, tc := range tests {
		spec, err := Parse(tc.expr)
		if err != nil {
			t.Fatalf("%q: %v", tc.expr, err)
		}
		got, ok := spec.Prev(at)
		switch {
		case tc.want == "" && ok:
			t.Errorf("%q fired at %v, want never", tc.expr, got)
		case tc.want != "" && (!ok || got.Format(time.RFC3339) != tc.want):
			t.Errorf("%q: prev = %v (%v), want %s", tc.expr, got, ok, tc.want)
		}
	}
}

func TestCronNext(t *testing.T) {
	at := time.Date(2026, 11, 30, 9, 0, 30, 0, time.UTC)
	tests := []struct{ expr, want string }{
		{"0 7 * * *", "2026-12-01T07:00:00Z"},
		{"0 9 30 11 *", "2027-11-30T09:00:00Z"}, // the minute in progress has passed
		{"*/15 * * * *", "2026-11-30T09:15:00Z"},
		{"0 0 29 2 *", "2028-02-29T00:00:00Z"},
		{"0 0 30 2 *", ""},
		{"0 12 * * mon", "2026-11-30T12:00:00Z"}, // a Monday, later that day
		{"0 8 * * tue", "2026-12-01T08:00:00Z"},
		{"59 23 31 12 *", "2026-12-31T23:59:00Z"},
	}
	for _, tc := range tests {
		spec, err := Parse(tc.expr)
		if err != nil {
			t.Fatalf("%q: %v", tc.expr, err)
		}
		got, ok := spec.Next(at)
		switch {
		case tc.want == "" && ok:
			t.Errorf("%q fires at %v, want never", tc.expr, got)
		case tc.want != "" && (!ok || got.Format(time.RFC3339) != tc.want):
			t.Errorf("%q: next = %v (%v), want %s", tc.expr, got, ok, tc.want)
		}
	}
}
