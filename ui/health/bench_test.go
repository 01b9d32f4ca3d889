package health

import (
	"fmt"
	"strings"
	"testing"

	hc "hindsight-tui/health"
	"hindsight-tui/ui/uitest"
)

// benchPane is a focused pane the size of a 120x40 terminal's main area showing the
// largest evidence a run keeps: 50 duplicate pairs (pairSample) open, beside the
// other checks, 10 facts each.
func benchPane(b *testing.B) *Model {
	b.Helper()
	m := New(uitest.NewCommon(b, nil))
	m.SetSize(uitest.PaneSize(120, 40))
	m.bank = "bench"
	m.activated = true
	_ = m.Focus()
	r := hc.BankReport{BankID: "bench"}
	text := strings.Repeat("Maya is allergic to peanuts and carries an EpiPen. ", 4)
	for _, id := range []string{hc.StrandedFacts, hc.FailedConsolidation, hc.ConsolidationLLMErrors, hc.ObservationScopes,
		hc.DuplicateObservations, hc.EmptyDocuments, hc.EntityMerges, hc.StaleModels, hc.FailedOperations, hc.LLMProbe} {
		c := hc.Check{ID: id, Status: hc.Warn, Summary: "a finding " + text, Fix: "a fix"}
		for i := range 10 {
			c.Evidence.Facts = append(c.Evidence.Facts, hc.Fact{ID: fmt.Sprintf("f%d", i), Type: "world", Text: text})
		}
		if id == hc.DuplicateObservations {
			for i := range 50 {
				c.Evidence.Duplicates = append(c.Evidence.Duplicates, hc.DuplicatePair{Similarity: 0.9,
					A: hc.Fact{ID: fmt.Sprintf("a%d", i), Text: text, Sources: []string{"s1", "s2"}},
					B: hc.Fact{ID: fmt.Sprintf("b%d", i), Text: text, Sources: []string{"s3"}}})
			}
		}
		r.Checks = append(r.Checks, c)
	}
	m.seq = 1
	m.Update(reportMsg{seq: 1, bank: "bench", report: r})
	m.cursor = 4
	m.expanded[hc.DuplicateObservations] = true
	m.settle()
	return m
}

// BenchmarkView is one frame with the 50 pairs open.
func BenchmarkView(b *testing.B) { uitest.BenchView(b, benchPane(b)) }

// BenchmarkMoveCursor is one step through the checks and the frame after it (every
// key lays the checks and the open evidence out again).
func BenchmarkMoveCursor(b *testing.B) { uitest.BenchKeys(b, benchPane(b), "down", "up") }
