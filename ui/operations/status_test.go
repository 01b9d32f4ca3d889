package operations

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// The server's rules (API section 10), per status: cancel only pending, retry only
// failed or cancelled, delete only finished.
func TestAllowedPerStatus(t *testing.T) {
	tests := []struct {
		status                string
		cancel, retry, delete bool
	}{
		{client.StatusPending, true, false, false},
		{client.StatusProcessing, false, false, false},
		{client.StatusCompleted, false, false, true},
		{client.StatusFailed, false, true, true},
		{client.StatusCancelled, false, true, true},
		{client.StatusNotFound, false, false, false},
		{"", false, false, false},
	}
	for _, tc := range tests {
		got := [3]bool{allowedFor(actCancel, tc.status), allowedFor(actRetry, tc.status), allowedFor(actDelete, tc.status)}
		if want := [3]bool{tc.cancel, tc.retry, tc.delete}; got != want {
			t.Errorf("%q: cancel/retry/delete = %v, want %v", tc.status, got, want)
		}
	}
}

// The bindings, the help and the palette follow the selected operation's status; in
// read-only mode the three actions are gone whatever the status.
func TestEnabledActionsFollowTheSelection(t *testing.T) {
	for _, readOnly := range []bool{false, true} {
		m, h := uitest.Demo(t, New, uitest.OnServer(uitest.Server(t, hindsighttest.WithSeed(opsSeed(6)))), uitest.Bank("ops"))
		h.C.ReadOnly = readOnly
		for _, status := range []string{"pending", "processing", "completed", "failed", "cancelled"} {
			selectRow(t, h, m, isStatus(status))
			ko := m.keys.Operations
			got := [3]bool{ko.Cancel.Enabled(), ko.Retry.Enabled(), ko.Delete.Enabled()}
			want := [3]bool{allowedFor(actCancel, status), allowedFor(actRetry, status), allowedFor(actDelete, status)}
			if readOnly {
				want = [3]bool{}
			}
			if got != want {
				t.Errorf("read-only %v, %s: cancel/retry/delete enabled = %v, want %v", readOnly, status, got, want)
			}
			help := helpKeys(m.ShortHelp())
			for _, b := range []key.Binding{ko.Cancel, ko.Retry, ko.Delete} {
				if strings.Contains(help, b.Help().Desc) != b.Enabled() {
					t.Errorf("read-only %v, %s: short help %q and %q disagree", readOnly, status, help, b.Help().Desc)
				}
			}
			names := actionNames(m)
			for i, verb := range []string{"Cancel operation", "Retry operation", "Delete the record"} {
				if strings.Contains(names, verb) != want[i] {
					t.Errorf("read-only %v, %s: palette %q has %q = %v", readOnly, status, names, verb, !want[i])
				}
			}
			// A disabled key does nothing: no dialog opens.
			for i, k := range []string{"c", "R", "D"} {
				h.Keys(k)
				if opened := h.Front() != nil; opened != want[i] {
					t.Errorf("read-only %v, %s: %s opened a dialog = %v", readOnly, status, k, opened)
				}
				if h.Front() != nil {
					h.Keys("esc")
				}
			}
		}
	}
}

func helpKeys(bs []key.Binding) string {
	var parts []string
	for _, b := range bs {
		parts = append(parts, b.Help().Key+" "+b.Help().Desc)
	}
	return strings.Join(parts, " · ")
}

func actionNames(m *Model) string {
	var names []string
	for _, a := range m.Actions() {
		names = append(names, a.Name)
	}
	return strings.Join(names, "\n")
}
