package ui

import (
	"io"
	"strings"

	"github.com/charmbracelet/colorprofile"
)

// ColorProfile is the colour profile to run the program with: what Bubble Tea would
// detect for out and environ, except that NO_COLOR set to any non-empty value drops
// colour (keeping bold, underline and reverse, which the styles use so that focus and
// selection stay visible). Bubble Tea's own detection parses NO_COLOR as a boolean, so
// NO_COLOR=yes or NO_COLOR=on would keep colour, while https://no-color.org asks for
// any non-empty value to count.
func ColorProfile(out io.Writer, environ []string) colorprofile.Profile {
	return applyNoColor(colorprofile.Detect(out, environ), environ)
}

// applyNoColor caps p at ASCII (no colour) when NO_COLOR is set and not empty.
func applyNoColor(p colorprofile.Profile, environ []string) colorprofile.Profile {
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "NO_COLOR="); ok && v != "" && p > colorprofile.ASCII {
			return colorprofile.ASCII
		}
	}
	return p
}
