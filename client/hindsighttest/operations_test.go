package hindsighttest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestOperationRules(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	op := func(key string) string { return derivedID("team", "operation", key) }
	base := "/v1/default/banks/team/operations/"
	unknown := newUUID()
	tests := []struct {
		name, method, path string
		status             int
		want               string
	}{
		{"cancel processing", "DELETE", base + op("op-running"), 409, "status is 'processing', only 'pending' operations can be cancelled"},
		{"cancel failed", "DELETE", base + op("op-failed"), 409, "status is 'failed'"},
		{"retry pending", "POST", base + op("op-pending") + "/retry", 409, "expected 'failed' or 'cancelled'"},
		{"retry completed", "POST", base + op("op-done") + "/retry", 409, "status is 'completed'"},
		{"delete pending", "DELETE", base + op("op-pending") + "/delete", 409, "expected 'failed', 'cancelled' or 'completed'"},
		{"delete processing", "DELETE", base + op("op-running") + "/delete", 409, "status is 'processing'"},
		{"cancel unknown", "DELETE", base + unknown, 404, fmt.Sprintf("Operation %s not found for bank team", unknown)},
		{"retry unknown", "POST", base + unknown + "/retry", 404, "not found for bank team"},
		{"delete unknown", "DELETE", base + unknown + "/delete", 404, "not found for bank team"},
		{"malformed id", "DELETE", base + "op-1", 400, "Invalid operation_id format: op-1"},
		{"other bank's operation", "DELETE", "/v1/default/banks/else/operations/" + op("op-pending"), 404, "not found for bank else"},
		{"cancel pending", "DELETE", base + op("op-pending"), 200, "cancelled"},
		{"retry cancelled", "POST", base + op("op-pending") + "/retry", 200, "queued for retry"},
		{"retry failed", "POST", base + op("op-failed") + "/retry", 200, "queued for retry"},
		{"delete completed", "DELETE", base + op("op-done") + "/delete", 200, "deleted"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mustStatus(t, send(t, srv, tc.method, tc.path, nil), tc.status)
			text := string(r.body)
			if tc.status != 200 {
				text = detailOf(t, r)
			}
			if !strings.Contains(text, tc.want) {
				t.Errorf("got %s, want it to contain %q", r.body, tc.want)
			}
		})
	}
	t.Run("unknown id on GET is 200 not_found", func(t *testing.T) {
		r := mustStatus(t, send(t, srv, "GET", base+unknown, nil), 200)
		if got := strings.TrimSpace(string(r.body)); got != fmt.Sprintf(`{"operation_id":"%s","status":"not_found"}`, unknown) {
			t.Errorf("body %s", got)
		}
		mustStatus(t, send(t, srv, "GET", base+"nope", nil), 400)
	})
	t.Run("retried operations complete", func(t *testing.T) {
		st := getObj(t, srv, base+op("op-failed"))
		if st["status"] != "completed" || st["retry_count"] != 0.0 {
			t.Errorf("after retry %v", st)
		}
		mustStatus(t, send(t, srv, "GET", base+op("op-done"), nil), 200) // deleted: not_found
	})
}

func TestOperationList(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	list := func(query string) (ids []string, total float64) {
		r := getObj(t, srv, "/v1/default/banks/team/operations"+query)
		return pluck(r["operations"], "task_type"), r["total"].(float64)
	}
	ids, total := list("")
	if strings.Join(ids, ",") != "consolidation,refresh_mental_model,retain,batch_retain" || total != 4 {
		t.Errorf("newest first: %v (%v)", ids, total)
	}
	if ids, _ := list("?status=failed"); strings.Join(ids, ",") != "retain" {
		t.Errorf("status filter %v", ids)
	}
	if ids, _ := list("?type=batch_retain&exclude_parents=true"); strings.Join(ids, ",") != "batch_retain" {
		t.Errorf("seeded batch rows are not parents: %v", ids)
	}
	if ids, total := list("?limit=1&offset=1"); len(ids) != 1 || total != 4 {
		t.Errorf("paging %v %v", ids, total)
	}
	r := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/operations", nil), 200)
	item := r.obj(t)["operations"].([]any)[0].(map[string]any)
	if _, ok := item["error_message"]; !ok || item["error_message"] != nil {
		t.Errorf("the operations list keeps nulls: %v", item)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/operations?limit=0", nil), 422)
}

func TestCancelBatchStopsStorage(t *testing.T) {
	srv, clock := clockedServer(t, WithAsyncDelay(time.Minute))
	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/memories", map[string]any{
		"async": true, "items": []any{map[string]any{"content": "Never stored."}}}), 200).obj(t)
	id := r["operation_id"].(string)
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/operations/"+id+"/retry", nil), 409)
	mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/b/operations/"+id, nil), 200)
	clock.Advance(2 * time.Minute)
	st := getObj(t, srv, "/v1/default/banks/b/operations/"+id)
	child := st["child_operations"].([]any)[0].(map[string]any)
	if st["status"] != "cancelled" || child["status"] != "cancelled" {
		t.Errorf("cancelled batch %v", st)
	}
	if n := len(listTexts(t, srv, "b", "")); n != 0 {
		t.Errorf("stored %d", n)
	}
	// Retrying the batch re-runs its cancelled sub-batch.
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/operations/"+id+"/retry", nil), 200)
	srv.CompleteOperations()
	st = getObj(t, srv, "/v1/default/banks/b/operations/"+id)
	if st["status"] != "completed" || len(listTexts(t, srv, "b", "")) != 1 {
		t.Errorf("after retry %v", st)
	}
	r2 := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/operations/"+id+"/retry", nil), 409)
	if !strings.Contains(detailOf(t, r2), "no incomplete sub-batches") {
		t.Errorf("detail %s", r2.body)
	}
}
