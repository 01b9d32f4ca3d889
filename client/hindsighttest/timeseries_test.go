package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

func TestMemoriesTimeseries(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	retainSync(t, srv, "team", map[string]any{"content": "Erin joined on Monday.", "timestamp": "2026-11-28T12:00:00Z"})
	get := func(bank, query string) map[string]any {
		return getObj(t, srv, "/v1/default/banks/"+bank+"/stats/memories-timeseries"+query)
	}
	tests := []struct {
		query, period, trunc, field string
		count                       int
		first, last                 string
	}{
		{"", "7d", "day", "created_at", 7, "2026-11-24T00:00:00+00:00", "2026-11-30T00:00:00+00:00"},
		{"?period=1h", "1h", "minute", "created_at", 60, "2026-11-30T08:01:00+00:00", "2026-11-30T09:00:00+00:00"},
		{"?period=12h", "12h", "hour", "created_at", 12, "2026-11-29T22:00:00+00:00", "2026-11-30T09:00:00+00:00"},
		{"?period=1d", "1d", "hour", "created_at", 24, "2026-11-29T10:00:00+00:00", "2026-11-30T09:00:00+00:00"},
		{"?period=30d", "30d", "day", "created_at", 30, "2026-11-01T00:00:00+00:00", "2026-11-30T00:00:00+00:00"},
		{"?period=90d&time_field=mentioned_at", "90d", "day", "mentioned_at", 90, "2026-09-02T00:00:00+00:00", "2026-11-30T00:00:00+00:00"},
		{"?period=2w&time_field=updated_at", "7d", "day", "created_at", 7, "2026-11-24T00:00:00+00:00", "2026-11-30T00:00:00+00:00"},
		{"?time_field=occurred_start", "7d", "day", "occurred_start", 7, "2026-11-24T00:00:00+00:00", "2026-11-30T00:00:00+00:00"},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			out := get("team", tc.query)
			buckets := out["buckets"].([]any)
			if out["period"] != tc.period || out["trunc"] != tc.trunc || out["time_field"] != tc.field || len(buckets) != tc.count ||
				buckets[0].(map[string]any)["time"] != tc.first || buckets[len(buckets)-1].(map[string]any)["time"] != tc.last {
				t.Errorf("%v %v %v, %d buckets from %v to %v", out["period"], out["trunc"], out["time_field"], len(buckets),
					buckets[0], buckets[len(buckets)-1])
			}
		})
	}
	day := func(out map[string]any, date string) map[string]any {
		for _, b := range out["buckets"].([]any) {
			if strings.HasPrefix(b.(map[string]any)["time"].(string), date) {
				return b.(map[string]any)
			}
		}
		t.Fatalf("no bucket %s", date)
		return nil
	}
	byCreated := get("team", "")
	if b := day(byCreated, "2026-11-30"); b["world"] == 0.0 {
		t.Errorf("today's retain counts by created_at: %v", b)
	}
	if b := day(byCreated, "2026-11-25"); b["experience"] != 1.0 || b["world"] != 0.0 {
		t.Errorf("seeded experience %v", b)
	}
	if b := day(byCreated, "2026-11-26"); b["observation"] != 1.0 {
		t.Errorf("seeded observation %v", b)
	}
	byMention := get("team", "?time_field=mentioned_at")
	if day(byMention, "2026-11-28")["world"] == 0.0 || day(byMention, "2026-11-30")["world"] != 0.0 {
		t.Errorf("mentioned_at buckets: %v", byMention["buckets"])
	}
	// occurred_start is unset on these memories: each falls back to created_at.
	if b := day(get("team", "?time_field=occurred_start"), "2026-11-30"); b["world"] == 0.0 {
		t.Errorf("occurred_start falls back to created_at: %v", b)
	}
	// The invalidated memory (2026-10-01) is not counted.
	if b := day(get("team", "?period=90d"), "2026-10-01"); b["world"] != 0.0 {
		t.Errorf("archived memory counted: %v", b)
	}
	empty := get("nope", "?period=12h")
	for _, b := range empty["buckets"].([]any) {
		if m := b.(map[string]any); m["world"] != 0.0 || m["experience"] != 0.0 || m["observation"] != 0.0 {
			t.Errorf("missing bank %v", m)
		}
	}
}

// The buckets are UTC-aligned, a step apart and fully padded even when the clock is
// off a boundary and not in UTC; the last one is the current, partial bucket; an
// event field falls back to created_at for each memory without it, row by row.
func TestMemoriesTimeseriesAlignmentAndFallback(t *testing.T) {
	zone := time.FixedZone("IST", 5*3600+1800)
	now := time.Date(2026, 11, 30, 9, 37, 12, 500_000_000, time.UTC).In(zone)
	srv := newTestServer(t, WithSeed(smallSeed()), WithClock(func() time.Time { return now }))
	retainSync(t, srv, "team", map[string]any{"content": "Undated note from the standup.", "timestamp": "unset"},
		map[string]any{"content": "Erin shipped the billing fix.", "timestamp": "2026-11-30T09:05:00Z"})
	for _, tc := range []struct {
		query       string
		count       int
		step        time.Duration
		first, last string
	}{
		{"?period=1h&time_field=mentioned_at", 60, time.Minute, "2026-11-30T08:38:00+00:00", "2026-11-30T09:37:00+00:00"},
		{"?period=12h&time_field=mentioned_at", 12, time.Hour, "2026-11-29T22:00:00+00:00", "2026-11-30T09:00:00+00:00"},
		{"?period=30d", 30, 24 * time.Hour, "2026-11-01T00:00:00+00:00", "2026-11-30T00:00:00+00:00"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			buckets := getObj(t, srv, "/v1/default/banks/team/stats/memories-timeseries"+tc.query)["buckets"].([]any)
			if len(buckets) != tc.count {
				t.Fatalf("%d buckets", len(buckets))
			}
			var prev time.Time
			for i, b := range buckets {
				s := b.(map[string]any)["time"].(string)
				at, err := time.Parse(time.RFC3339, s)
				if err != nil || !strings.HasSuffix(s, "+00:00") || !at.Equal(at.Truncate(tc.step)) || (i > 0 && at.Sub(prev) != tc.step) {
					t.Errorf("bucket %d time %q", i, s)
				}
				prev = at
			}
			if buckets[0].(map[string]any)["time"] != tc.first || buckets[tc.count-1].(map[string]any)["time"] != tc.last {
				t.Errorf("from %v to %v", buckets[0], buckets[tc.count-1])
			}
		})
	}
	minutes := getObj(t, srv, "/v1/default/banks/team/stats/memories-timeseries?period=1h&time_field=mentioned_at")["buckets"].([]any)
	at := func(hhmm string) float64 {
		for _, b := range minutes {
			if m := b.(map[string]any); m["time"] == "2026-11-30T"+hhmm+":00+00:00" {
				return m["world"].(float64) + m["experience"].(float64) + m["observation"].(float64)
			}
		}
		t.Fatalf("no bucket %s", hhmm)
		return 0
	}
	// The dated memory counts at its mention; the undated one at its ingest, now, in
	// the last (partial) bucket; no other minute has any.
	if at("09:05") == 0 || at("09:37") == 0 || at("09:20") != 0 {
		t.Errorf("09:05 %v, 09:37 %v, 09:20 %v", at("09:05"), at("09:37"), at("09:20"))
	}
}
