package uitest

import (
	"fmt"
	"testing"
)

// viewer is anything that draws: a pane, a dialog.
type viewer interface{ View() string }

// View draws v and fails the test if drawing changed it: View must only read the
// model. The check compares the model's fields before and after (values in full,
// pointers by address), so a View that scrolls, clamps, caches into a field or
// restyles is caught.
func View(t testing.TB, v viewer) string {
	t.Helper()
	before := fmt.Sprintf("%#v", v)
	out := v.View()
	if after := fmt.Sprintf("%#v", v); after != before {
		t.Errorf("View changed the model (%T):\n%s", v, firstDifference(before, after))
	}
	return out
}

// firstDifference shows where two renderings of a model part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-120, 0)
	return fmt.Sprintf("before: …%s\nafter:  …%s", a[from:min(i+80, len(a))], b[from:min(i+80, len(b))])
}
