package uitest

import (
	"encoding/json"
	"testing"
)

// RequireWire fails t unless v, encoded as it goes on the wire, is exactly want:
// the request builders' tests compare bodies byte for byte, so an option left
// alone must be absent and the order of the keys is the client's.
func RequireWire(t testing.TB, v any, want string) {
	t.Helper()
	got, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("sent\n %s\nwant\n %s", got, want)
	}
}
