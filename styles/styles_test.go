package styles

import "testing"

func TestThemesDiffer(t *testing.T) {
	dark, light := New(true), New(false)
	if !dark.IsDark || light.IsDark {
		t.Fatal("IsDark not recorded")
	}
	if dark.Palette.Text == light.Palette.Text || dark.Palette.Accent == light.Palette.Accent {
		t.Error("light and dark palettes share their text or accent colour")
	}
}

func TestFactTypeBadges(t *testing.T) {
	s := New(true)
	for typ, want := range map[string]any{
		"world":       s.Palette.World,
		"experience":  s.Palette.Experience,
		"observation": s.Palette.Observation,
		"opinion":     s.Palette.Muted,
	} {
		if got := s.FactType(typ).GetForeground(); got != want {
			t.Errorf("FactType(%q) colour = %v, want %v", typ, got, want)
		}
	}
}
