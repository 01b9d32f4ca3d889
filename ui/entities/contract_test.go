package entities

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract drives both panes through everything they ask the server, through the
// validating transport: the entities list, an entity and its linked memories, the tags
// list with and without a wildcard search. Every request and every answer must match
// Hindsight's OpenAPI document.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, uitest.Bank(alex))
	h.Keys("j", "j", "G")

	tg := NewTags(h.C)
	uitest.Start(t, h.C, tg, uitest.Bank(alex)).Keys("/", "*", "t", "r", "i", "p", "*", "enter")

	check()
	if len(m.rows) == 0 || len(m.det.mems) == 0 || len(tg.rows) == 0 {
		t.Fatal("nothing was loaded")
	}
}
