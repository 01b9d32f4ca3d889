package models

import (
	"strconv"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/cron"
)

// staleness is what the server says about a model's freshness, in words: a short
// badge for the list and the sentence the detail shows.
type staleness struct {
	badge  string
	why    string
	stale  bool
	known  bool // the server sent is_stale (or the model was never refreshed)
	rotted bool // fresh by the list, stale on its own GET: a cited memory is gone
}

// stalenessOf reads the server's fields. listed is the is_stale the list gave, got the
// one a GET with detail=full gave (nil when not loaded). The server's rule (API §15.1):
// stale when an in-scope memory was written after last_memory_seen_at (or, before any
// refresh saw a memory, after last_refreshed_at); a GET also counts a cited memory that
// is gone, which the list skips, so the two can disagree.
func stalenessOf(mm *client.MentalModel, listed, got *bool) staleness {
	since, sinceWhat := mm.LastMemorySeenAt.Time, "the newest memory its last refresh saw"
	if since.IsZero() {
		since, sinceWhat = mm.LastRefreshedAt.Time, "its last refresh, which saw no memory in scope"
	}
	at := since.UTC().Format("2006-01-02 15:04 UTC")
	switch {
	case mm.Content == client.PlaceholderContent:
		return staleness{badge: "never refreshed", known: true, stale: listed != nil && *listed,
			why: "Never refreshed: it still holds the placeholder its creation left."}
	case got != nil && *got && listed != nil && !*listed:
		return staleness{badge: "stale: cited gone", known: true, stale: true, rotted: true,
			why: "Stale: a memory its last refresh cited is gone (invalidated or deleted); no new memory is in scope since " + at + "."}
	case (listed != nil && *listed) || (got != nil && *got):
		return staleness{badge: "stale: new memories", known: true, stale: true,
			why: "Stale: memories in its scope were written after " + at + ", " + sinceWhat + "."}
	case listed != nil || got != nil:
		return staleness{badge: "fresh", known: true,
			why: "Fresh: no memory in its scope was written after " + at + ", " + sinceWhat + "."}
	}
	return staleness{badge: "?", why: "The server did not say whether it is stale."}
}

// tagsMatch is the tag matching a refresh and the stale check use: the trigger's, else
// the server's default (all_strict for a tagged model, any for an untagged one).
func tagsMatch(mm *client.MentalModel) string {
	if mm.Trigger != nil && mm.Trigger.TagsMatch != "" {
		return mm.Trigger.TagsMatch
	}
	if len(mm.Tags) > 0 {
		return "all_strict"
	}
	return "any"
}

// mode is the refresh mode, full unless the trigger says delta.
func mode(mm *client.MentalModel) string {
	if mm.Trigger != nil && mm.Trigger.Mode != "" {
		return mm.Trigger.Mode
	}
	return "full"
}

// nextRun is when the trigger's cron fires next after now (UTC), if it has one.
func nextRun(mm *client.MentalModel, now time.Time) (time.Time, bool) {
	if mm.Trigger == nil || strings.TrimSpace(mm.Trigger.RefreshCron) == "" {
		return time.Time{}, false
	}
	spec, err := cron.Parse(mm.Trigger.RefreshCron)
	if err != nil {
		return time.Time{}, false
	}
	return spec.Next(now)
}

// inLocal is " (15:04 CET local)": t in the local time zone of now, or "" where the
// local clock reads as UTC then (crons are UTC).
func inLocal(t, now time.Time) string {
	lt := t.In(now.Location())
	if _, off := lt.Zone(); off == 0 {
		return ""
	}
	return " (" + lt.Format("15:04 MST") + " local)"
}

// triggerSummary says in one line when the model refreshes by itself.
func triggerSummary(mm *client.MentalModel) string {
	t := mm.Trigger
	if t == nil {
		return "manual refresh only"
	}
	var parts []string
	switch {
	case t.RefreshCron != "":
		parts = append(parts, "cron "+t.RefreshCron+" (UTC)")
	case t.RefreshAfterConsolidation != nil && *t.RefreshAfterConsolidation:
		parts = append(parts, "after consolidation")
	default:
		parts = append(parts, "manual refresh only")
	}
	if t.MinRefreshIntervalSeconds != nil {
		parts = append(parts, "at least "+interval(*t.MinRefreshIntervalSeconds)+" apart")
	}
	if len(t.FactTypes) > 0 {
		parts = append(parts, "fact types "+strings.Join(t.FactTypes, ","))
	}
	if t.KeepTrace != nil && *t.KeepTrace {
		parts = append(parts, "keeps its trace")
	}
	return strings.Join(parts, " · ")
}

// humanSize is a content length in characters ("12.3k ch").
func humanSize(n int) string {
	switch {
	case n < 1000:
		return strconv.Itoa(n) + " ch"
	case n < 1_000_000:
		return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + "k ch"
	}
	return strconv.FormatFloat(float64(n)/1_000_000, 'f', 1, 64) + "M ch"
}

// interval is a number of seconds the short way ("1h", "90s", "1h30m").
func interval(sec int) string {
	d := (time.Duration(sec) * time.Second).String()
	if strings.HasSuffix(d, "m0s") {
		d = strings.TrimSuffix(d, "0s")
	}
	if strings.HasSuffix(d, "h0m") {
		d = strings.TrimSuffix(d, "0m")
	}
	return d
}
