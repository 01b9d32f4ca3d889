package styles

import "testing"

func TestOperationStatusBadges(t *testing.T) {
	s := New(true)
	for status, want := range map[string]any{
		"pending":    s.Palette.Warning,
		"processing": s.Palette.Info,
		"completed":  s.Palette.Success,
		"failed":     s.Palette.Error,
		"cancelled":  s.Palette.Muted,
		"not_found":  s.Palette.Muted,
	} {
		if got := s.OperationStatus(status).GetForeground(); got != want {
			t.Errorf("OperationStatus(%q) colour = %v, want %v", status, got, want)
		}
	}
}
