package styles

import (
	"testing"

	"charm.land/lipgloss/v2"
)

func TestThemesDiffer(t *testing.T) {
	dark, light := New(true), New(false)
	if !dark.IsDark || light.IsDark {
		t.Fatal("IsDark not recorded")
	}
	if dark.Palette.Text == light.Palette.Text || dark.Palette.Accent == light.Palette.Accent {
		t.Error("light and dark palettes share their text or accent colour")
	}
}

// The fact type and operation status badges take their colours from the palette.
func TestBadges(t *testing.T) {
	s := New(true)
	for _, badge := range []struct {
		name  string
		style func(string) lipgloss.Style
		want  map[string]any
	}{
		{"FactType", s.FactType, map[string]any{
			"world":       s.Palette.World,
			"experience":  s.Palette.Experience,
			"observation": s.Palette.Observation,
			"opinion":     s.Palette.Muted,
		}},
		{"OperationStatus", s.OperationStatus, map[string]any{
			"pending":    s.Palette.Warning,
			"processing": s.Palette.Info,
			"completed":  s.Palette.Success,
			"failed":     s.Palette.Error,
			"cancelled":  s.Palette.Muted,
			"not_found":  s.Palette.Muted,
		}},
	} {
		for value, want := range badge.want {
			if got := badge.style(value).GetForeground(); got != want {
				t.Errorf("%s(%q) colour = %v, want %v", badge.name, value, got, want)
			}
		}
	}
}
