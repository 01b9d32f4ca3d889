package e2e

import (
	"regexp"
	"testing"
)

// TestBankConfigOverrideAndReset opens the bank configuration from the palette,
// overrides recall_max_tokens after its preview, sees the row marked override, resets
// it and sees the default again, in a 120x40 and an 80x24 terminal.
func TestBankConfigOverrideAndReset(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		s := start(t, size[0], size[1], []string{"XDG_STATE_HOME=" + t.TempDir(), "TZ=UTC"}, binary(t), "--demo")
		s.waitFor(wait, "Alex's assistant")
		s.keys(":")
		s.typeText("Bank configuration")
		s.press("Enter", "46 keys", "source")
		s.keys("/")
		s.typeText("recall_max_tokens")
		s.press("Enter", "1 of 46 keys")
		s.press("e", "Edit recall_max_tokens")
		for range 4 {
			s.keys("BSpace")
		}
		s.typeText("4096")
		s.press("Enter", "recall_max_tokens: 2048 (default) → 4096", `"recall_max_tokens": 4096`)
		s.press("Enter", "Set recall_max_tokens to 4096")
		s.until(wait, rowIs("4096", "override"))
		s.press("u", "Reset to inherited", `"recall_max_tokens": null`)
		s.press("Enter", "it inherits the default again")
		s.until(wait, rowIs("2048", "default"))
		s.stop()
	}
}

// rowIs checks the screen for recall_max_tokens's row with value and source.
func rowIs(value, source string) func(string) string {
	re := regexp.MustCompile(`recall_max_tokens\s+` + value + `\s+` + source)
	return func(scr string) string {
		if !re.MatchString(scr) {
			return "recall_max_tokens " + value + " " + source
		}
		return ""
	}
}
