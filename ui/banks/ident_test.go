package banks

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestReloadKeepsTheBank: a reload after a write keeps the cursor on its bank when the
// write moved another bank above it; when the selected bank was deleted elsewhere, r
// keeps the cursor's row and a notice names the bank that left.
func TestReloadKeepsTheBank(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	h, s, _ := hostBanks(t, c, "")
	h.Keys("j", "j")
	kept := s.SelectedBank()
	below := s.entries[s.order[3]].bank.BankID
	if _, err := c.Client.Retain(t.Context(), below, client.RetainRequest{Items: []client.MemoryItem{{Content: "News."}}}); err != nil {
		t.Fatal(err)
	}
	h.Send(common.MemoryChangedMsg{BankID: below, Change: common.MemoryRetained})
	if s.SelectedBank() != kept || s.cursor != 3 || s.entries[s.order[0]].bank.BankID != below {
		t.Fatalf("after the reload the cursor is on row %d (%s), want %s on row 3", s.cursor, s.SelectedBank(), kept)
	}

	next := s.entries[s.order[4]].bank.BankID
	if _, err := c.Client.DeleteBank(t.Context(), kept); err != nil {
		t.Fatal(err)
	}
	n := len(h.Toasts)
	h.Keys("r")
	if s.SelectedBank() != next || s.cursor != 3 || lastSelection(h) != next {
		t.Errorf("cursor on row %d (%s, announced %s), want row 3 holding %s", s.cursor, s.SelectedBank(), lastSelection(h), next)
	}
	if len(h.Toasts) != n+1 || !strings.Contains(h.Toasts[n], "bank "+kept+" is no longer in this list near row 4") {
		t.Errorf("toasts %q", h.Toasts[n:])
	}
}
