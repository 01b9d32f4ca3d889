package common

import (
	"testing"
	"time"
)

func TestRelTime(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		t    time.Time
		want string
	}{
		{time.Time{}, "never"},
		{now.Add(-30 * time.Second), "just now"},
		{now.Add(-5 * time.Minute), "5m ago"},
		{now.Add(-3 * time.Hour), "3h ago"},
		{now.Add(-49 * time.Hour), "2d ago"},
		{time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), "Jun 01"},
		{time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC), "2025-06-01"},
		{now.Add(48 * time.Hour), "2026-12-02"},
	}
	for _, tt := range tests {
		if got := RelTime(tt.t, now); got != tt.want {
			t.Errorf("RelTime(%v) = %q, want %q", tt.t, got, tt.want)
		}
	}
}

// TestWithOrder: the order joins the count when the line has room beside left, and
// gives way to it when not.
func TestWithOrder(t *testing.T) {
	for _, tc := range []struct {
		left, count, order string
		width              int
		want               string
	}{
		{"all", "80 memories", "newest first", 40, "80 memories · newest first"},
		{"all", "80 memories", "newest first", 30, "80 memories · newest first"},
		{"all", "80 memories", "newest first", 29, "80 memories"},
		{"a long filter label", "3 tags", "most used first", 20, "3 tags"},
		{"", "", "most used first", 20, "most used first"},
		{"x", "5", "", 20, "5"},
	} {
		if got := WithOrder(tc.left, tc.count, tc.order, tc.width); got != tc.want {
			t.Errorf("WithOrder(%q, %q, %q, %d) = %q, want %q", tc.left, tc.count, tc.order, tc.width, got, tc.want)
		}
	}
}
