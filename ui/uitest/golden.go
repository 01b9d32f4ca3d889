package uitest

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// RequireGolden compares what v draws, without its styling, with the running test's
// golden file (testdata/<test name>.golden, which go test -update rewrites), and
// fails if drawing changed v (see View).
func RequireGolden(t testing.TB, v viewer) {
	t.Helper()
	golden.RequireEqual(t, []byte(Plain(View(t, v))))
}
