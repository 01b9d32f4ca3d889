package hindsighttest

import (
	"net/http"
	"strings"
	"testing"
)

func TestRoutePrecedence(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team"
	tests := []struct {
		name, method, path string
		status             int
		check              func(t *testing.T, r reply)
	}{
		{"memories/list beats {memory_id}", "GET", b + "/memories/list", 200, hasKey("items")},
		{"recall is not a memory id for POST", "POST", b + "/memories/recall", 422, nil},
		{"recall is a memory id for GET", "GET", b + "/memories/recall", 400, detailContains("Invalid memory_id")},
		{"entities/graph beats {entity_id}", "GET", b + "/entities/graph", 200, hasKey("edges")},
		{"document id with a slash", "GET", b + "/documents/meeting/2026-11-20", 200, hasKey("original_text")},
		{"chunks of a slashed id", "GET", b + "/documents/meeting/2026-11-20/chunks", 200, hasKey("items")},
		{"reprocess of a slashed id", "POST", b + "/documents/meeting/2026-11-20/reprocess", 200, hasKey("operation_id")},
		{"DELETE …/chunks is a document id", "DELETE", b + "/documents/meeting/2026-11-20/chunks", 404, detailContains("Document not found")},
		{"GET …/reprocess is a document id", "GET", b + "/documents/notes-1/reprocess", 404, detailContains("Document not found")},
		{"chunk id with a slash", "GET", "/v1/default/chunks/team_meeting/2026-11-20_0", 200, hasKey("chunk_text")},
		{"wrong method on a known path", "POST", b + "/documents/notes-1", 405, detailContains("Method Not Allowed")},
		{"wrong method on a literal path", "DELETE", b + "/memories/list", 405, nil},
		{"unknown path", "GET", "/v1/default/nothing", 404, detailContains("Not Found")},
		{"empty bank id segment", "GET", "/v1/default/banks//stats", 404, nil},
		{"route not simulated", "GET", "/metrics", 501, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body any
			if tc.method == "POST" {
				body = map[string]any{}
			}
			r := mustStatus(t, send(t, srv, tc.method, tc.path, body), tc.status)
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
	t.Run("405 lists the allowed method", func(t *testing.T) {
		r := send(t, srv, "PUT", "/v1/default/banks", nil)
		if r.header.Get("Allow") != "GET, HEAD" {
			t.Errorf("Allow %q", r.header.Get("Allow"))
		}
	})
	t.Run("trailing slash redirects", func(t *testing.T) {
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := client.Get(srv.URL() + "/v1/default/banks/?limit=1")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 307 || resp.Header.Get("Location") != "/v1/default/banks?limit=1" {
			t.Errorf("got %d %q", resp.StatusCode, resp.Header.Get("Location"))
		}
	})
}

func hasKey(key string) func(*testing.T, reply) {
	return func(t *testing.T, r reply) {
		t.Helper()
		if _, ok := r.obj(t)[key]; !ok {
			t.Errorf("no %q in %s", key, r.body)
		}
	}
}

func detailContains(s string) func(*testing.T, reply) {
	return func(t *testing.T, r reply) {
		t.Helper()
		if d := detailOf(t, r); !strings.Contains(d, s) {
			t.Errorf("detail %q does not contain %q", d, s)
		}
	}
}
