package e2e

import (
	"regexp"
	"strings"
	"testing"
)

// resultRow matches the first line of a result in the recall list: rank, type badge,
// final score, then the tags (or "untagged") and the date.
var resultRow = regexp.MustCompile(`^[▌ ]\s*(\d+) (world|exp|obs)\s+(\S+)\s+(.*)$`)

// listRows returns the first line of every result visible in the recall pane: the
// part of each screen line between the pane's left border and the detail panel.
func listRows(screen string) []string {
	var rows []string
	for _, line := range strings.Split(screen, "\n") {
		_, rest, ok := strings.Cut(line, "┃")
		if !ok {
			continue
		}
		list, _, _ := strings.Cut(rest, "│")
		if m := resultRow.FindStringSubmatch(list); m != nil {
			rows = append(rows, strings.TrimRight(list, " "))
		}
	}
	return rows
}

// waitRows polls the screen until there are result rows and every one satisfies ok
// (given the row's regexp match), and returns that screen.
func waitRows(s *session, ok func(match []string) bool) string {
	s.t.Helper()
	return s.until(wait, func(scr string) string {
		rows := listRows(scr)
		if len(rows) == 0 {
			return "the results to change"
		}
		for _, r := range rows {
			if !ok(resultRow.FindStringSubmatch(r)) {
				return "the results to change"
			}
		}
		return ""
	})
}

// TestRecallFilters runs a recall in the demo with a type filter and a tag filter and
// checks the results obey both; any includes untagged memories, any_strict drops them.
// It also opens copy-as-code and looks for the curl command.
func TestRecallFilters(t *testing.T) {
	s := demo(t)
	s.tab("Recall", "what would your agent ask")
	s.typeText("restaurants")
	s.waitFor(wait, "results ·")

	// The filter bar: world only, then the tag source:chat from the completions.
	s.press("Escape", "/ restaurants") // the box let go; an escape right before a key reads as alt+key
	s.press("f", "types  world  experience")
	s.keys("Space", "Tab", "Tab", "Tab")
	s.typeText("source:ch")
	s.waitFor(wait, "› source:chat")
	s.press("Enter", "tags  source:chat  add tag")
	s.press("Escape", "filters types world · tags  source:chat", "defaults tags_match any")
	// The search runs once typing pauses: wait for the rows of the new answer.
	scr := waitRows(s, func(m []string) bool { return m[2] == "world" })

	rows := listRows(scr)
	if len(rows) < 3 {
		t.Fatalf("only %d result rows:\n%s", len(rows), scr)
	}
	untagged := 0
	for _, r := range rows {
		m := resultRow.FindStringSubmatch(r)
		if m[2] != "world" {
			t.Errorf("type filter world let through %q", r)
		}
		switch tags := m[4]; {
		case strings.HasPrefix(tags, "untagged"):
			untagged++
		case !strings.HasPrefix(tags, "source:chat"):
			t.Errorf("tag filter source:chat let through %q", r)
		}
	}
	if untagged == 0 {
		t.Errorf("tags_match any should include untagged memories; none in:\n%s", strings.Join(rows, "\n"))
	}

	// any -> all -> any_strict: the untagged results go.
	s.press("f", "tags: type to complete")
	s.keys("Tab", "Space", "Space")
	s.waitFor(wait, "any_strict: memories with at least one of the tags; untagged excluded")
	s.press("Escape", "filters types world · tags  source:chat  · match any_strict")
	scr = waitRows(s, func(m []string) bool { return !strings.HasPrefix(m[4], "untagged") })
	rows = listRows(scr)
	if len(rows) == 0 {
		t.Fatalf("no results with any_strict:\n%s", scr)
	}
	for _, r := range rows {
		m := resultRow.FindStringSubmatch(r)
		if m[2] != "world" || !strings.HasPrefix(m[4], "source:chat") {
			t.Errorf("any_strict world source:chat let through %q", r)
		}
	}

	// Copy as code shows the exact request as curl.
	s.keys("c")
	scr = s.waitFor(wait, "Copy the request as code", "curl ", "/v1/default/banks/user-alex-prefs/memories/recall")
	for _, want := range []string{`"any_strict"`, `"source:chat"`, `"world"`, `"restaurants"`} {
		if !strings.Contains(scr, want) {
			t.Errorf("the curl preview lacks %s:\n%s", want, scr)
		}
	}
	s.keys("Escape")
	s.waitGone(wait, "Copy the request as code")

	s.quit("q")
}

// TestRecallCompare keeps a recall as A, runs B with world only, and reads the merged
// list: the header names the change, the observations A had are gone, and the totals
// line compares both; w offers to save it, esc goes back to the results.
func TestRecallCompare(t *testing.T) {
	s := demo(t)
	s.tab("Recall", "what would your agent ask")
	s.typeText("coffee")
	s.waitFor(wait, "results ·")
	s.press("Escape", "/ coffee")
	s.press("b", "editing B's filters")
	s.keys("Space")
	scr := s.press("Escape", "A/B · B: types world", "total  A ", "  A  B  move  final A→B")
	if !regexp.MustCompile(`(?m)┃[▌ ]\s*\d+\s+\d+\s+(↑\d+|=)\s`).MatchString(scr) {
		t.Errorf("no row in both lists:\n%s", scr)
	}
	// A's leftovers come last: the observations B left out.
	s.keys("G")
	s.until(wait, func(scr string) string {
		if !regexp.MustCompile(`(?m)┃▌\s*\d+\s+–\s+gone\s+\S+→\s+–\s+obs\s`).MatchString(scr) {
			return "the last row, an observation gone from B"
		}
		return ""
	})
	s.press("w", "Save the A/B comparison", "hindsight-recall-ab-user-alex-prefs-")
	s.keys("Escape")
	s.waitGone(wait, "Save the A/B comparison")
	s.press("Escape", "results ·", "filters none")
}
