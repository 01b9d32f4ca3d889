package uitest

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// Terminals are the terminal sizes golden files show panes at: the usual 120x40 and
// the smallest the layout supports.
var Terminals = [][2]int{{120, 40}, {60, 20}}

// TermName names a terminal size in golden file names: "120x40".
func TermName(term [2]int) string { return fmt.Sprintf("%dx%d", term[0], term[1]) }

// RequireGoldenPane is RequireGolden for a pane shown in a termW x termH terminal: it
// fails first unless the pane draws exactly the size the layout gives it there.
func RequireGoldenPane(t testing.TB, p viewer, termW, termH int) {
	t.Helper()
	w, h := PaneSize(termW, termH)
	CheckBox(t, View(t, p), w, h)
	RequireGolden(t, p)
}

// RequireGolden compares what v draws, without its styling, with the running test's
// golden file (testdata/<test name>.golden, which go test -update rewrites), and
// fails if drawing changed v (see View).
func RequireGolden(t testing.TB, v viewer) {
	t.Helper()
	golden.RequireEqual(t, []byte(Plain(View(t, v))))
}

// RequireGoldenColour is RequireGolden with the styling kept: the golden file holds
// the escape sequences as drawn, so a change of colour or emphasis shows in its diff,
// and the plain golden beside it shows what is left without colour.
func RequireGoldenColour(t testing.TB, v viewer) {
	t.Helper()
	golden.RequireEqual(t, []byte(View(t, v)))
}
