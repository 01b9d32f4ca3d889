package hindsighttest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRetainSync(t *testing.T) {
	srv := newTestServer(t)
	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/memories", map[string]any{"items": []any{
		map[string]any{
			"content":  "Alice Chen moved the launch to Friday. I suggested a smaller beta for Dr. Ortiz first. We shipped it.",
			"context":  "planning meeting",
			"metadata": map[string]any{"channel": "#launch"},
			"entities": []any{map[string]any{"text": "Launch"}, map[string]any{"text": "Q3", "type": "EVENT"}},
			"tags":     "team:web", "document_id": "plan/1", "timestamp": "2026-11-01T10:00:00Z",
		},
		map[string]any{"content": "No timestamp here.", "timestamp": "UNSET", "tags": `["a","b"]`},
	}}), 200).obj(t)
	if r["items_count"] != 2.0 || r["async"] != false || r["usage"].(map[string]any)["total_tokens"].(float64) <= 0 {
		t.Errorf("response %v", r)
	}
	if _, ok := r["operation_id"]; ok {
		t.Error("sync retain has no operation_id")
	}

	list := getObj(t, srv, "/v1/default/banks/b/memories/list?document_id=plan/1")["items"].([]any)
	if len(list) != 3 {
		t.Fatalf("one memory per sentence, got %d", len(list))
	}
	byText := map[string]map[string]any{}
	for _, it := range list {
		m := it.(map[string]any)
		byText[m["text"].(string)] = m
	}
	first := byText["Alice Chen moved the launch to Friday."]
	if first == nil || first["fact_type"] != "world" || first["mentioned_at"] != "2026-11-01T10:00:00+00:00" ||
		first["context"] != "planning meeting" || first["chunk_id"] != "b_plan/1_0" {
		t.Errorf("first fact %v", first)
	}
	if first["entities"] != "Launch, Q3, Alice Chen" {
		t.Errorf("entities %q", first["entities"])
	}
	if tags := toStrings(first["tags"].([]any)); !slices.Equal(tags, []string{"team:web"}) {
		t.Errorf("string tags are coerced to a list: %v", tags)
	}
	if byText["I suggested a smaller beta for Dr. Ortiz first."]["fact_type"] != "experience" ||
		byText["We shipped it."]["fact_type"] != "experience" {
		t.Errorf("first-person facts are experiences: %v", byText)
	}
	untimed := getObj(t, srv, "/v1/default/banks/b/memories/list?q=no%20timestamp")["items"].([]any)[0].(map[string]any)
	if untimed["mentioned_at"] != nil || strings.Join(toStrings(untimed["tags"].([]any)), ",") != "a,b" {
		t.Errorf("unset timestamp / JSON tag string: %v", untimed)
	}
	doc := getObj(t, srv, "/v1/default/banks/b/documents/plan/1")
	if !strings.HasPrefix(doc["original_text"].(string), "Alice Chen") || doc["memory_unit_count"] != 3.0 ||
		doc["retain_params"].(map[string]any)["context"] != "planning meeting" {
		t.Errorf("document %v", doc)
	}
}

func TestRetainDocumentUpsert(t *testing.T) {
	srv := newTestServer(t)
	retainSync(t, srv, "b", map[string]any{"content": "First version.", "document_id": "d"})
	retainSync(t, srv, "b", map[string]any{"content": "Second version.", "document_id": "d"})
	if got := listTexts(t, srv, "b", "?document_id=d"); !slices.Equal(got, []string{"Second version."}) {
		t.Errorf("replace: %q", got)
	}
	retainSync(t, srv, "b", map[string]any{"content": "Appended part.", "document_id": "d", "update_mode": "append"})
	got := listTexts(t, srv, "b", "?document_id=d")
	sort := slices.Clone(got)
	slices.Sort(sort)
	if !slices.Equal(sort, []string{"Appended part.", "Second version."}) {
		t.Errorf("append: %q", got)
	}
	doc := getObj(t, srv, "/v1/default/banks/b/documents/d")
	if doc["original_text"] != "Second version.\n\nAppended part." {
		t.Errorf("appended text %q", doc["original_text"])
	}
	// Several items of one sync request fold into one document.
	retainSync(t, srv, "b", map[string]any{"content": "One.", "document_id": "e"}, map[string]any{"content": "Two.", "document_id": "e"})
	if n := len(listTexts(t, srv, "b", "?document_id=e")); n != 2 {
		t.Errorf("folded document has %d memories", n)
	}
}

func TestRetainValidation(t *testing.T) {
	srv := newTestServer(t)
	item := func(kv ...any) map[string]any {
		m := map[string]any{"content": "Valid content."}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	tests := []struct {
		name string
		body any
		typ  string
		loc  string
	}{
		{"blank content", map[string]any{"items": []any{item("content", "   ")}}, "value_error", "body.items.0.content"},
		{"missing content", map[string]any{"items": []any{map[string]any{}}}, "missing", "body.items.0.content"},
		{"bad timestamp", map[string]any{"items": []any{item("timestamp", "last tuesday")}}, "value_error", "body.items.0.timestamp"},
		{"non-string metadata", map[string]any{"items": []any{item("metadata", map[string]any{"n": 1})}}, "string_type", "body.items.0.metadata.n"},
		{"bad update_mode", map[string]any{"items": []any{item("update_mode", "merge")}}, "literal_error", "body.items.0.update_mode"},
		{"bad scopes", map[string]any{"items": []any{item("observation_scopes", "everything")}}, "literal_error", "body.items.0.observation_scopes"},
		{"entity without text", map[string]any{"items": []any{item("entities", []any{map[string]any{"type": "PERSON"}})}}, "missing", "body.items.0.entities.0.text"},
		{"items not a list", map[string]any{"items": "x"}, "list_type", "body.items"},
		{"bad operation_id", map[string]any{"items": []any{item()}, "async": true, "operation_id": "op-1"}, "value_error", "body.operation_id"},
		{"body not an object", []any{1}, "model_attributes_type", "body"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/memories", tc.body), 422)
			first := r.obj(t)["detail"].([]any)[0].(map[string]any)
			var loc []string
			for _, p := range first["loc"].([]any) {
				switch p := p.(type) {
				case string:
					loc = append(loc, p)
				case float64:
					loc = append(loc, fmt.Sprint(int(p)))
				}
			}
			if first["type"] != tc.typ || strings.Join(loc, ".") != tc.loc {
				t.Errorf("got %s", r.body)
			}
		})
	}
}

func TestRetainAsyncProgress(t *testing.T) {
	srv, clock := clockedServer(t, WithAsyncDelay(10*time.Second))
	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/memories", map[string]any{"async": true, "items": []any{
		map[string]any{"content": "Alice joined. Bob left.", "document_id": "d1"},
		map[string]any{"content": "Carol stayed.", "document_id": "d2"},
	}}), 200).obj(t)
	opID := r["operation_id"].(string)
	if r["async"] != true || r["items_count"] != 2.0 {
		t.Errorf("response %v", r)
	}
	status := func() map[string]any {
		return getObj(t, srv, "/v1/default/banks/b/operations/"+opID)
	}
	st := status()
	meta := st["result_metadata"].(map[string]any)
	if st["status"] != "pending" || st["operation_type"] != "batch_retain" || meta["is_parent"] != true ||
		meta["items_count"] != 2.0 || meta["num_sub_batches"] != 1.0 || len(st["child_operations"].([]any)) != 1 {
		t.Errorf("pending %v", st)
	}
	if n := len(listTexts(t, srv, "b", "")); n != 0 {
		t.Errorf("nothing stored before completion, got %d", n)
	}
	clock.Advance(6 * time.Second)
	st = status()
	progress, _ := st["progress"].(map[string]any)
	if st["status"] != "processing" || progress["stage"] != "storing" || progress["total"] != 2.0 || progress["at"] != "2026-11-30T09:00:06+00:00" {
		t.Errorf("processing %v", st)
	}
	clock.Advance(4 * time.Second)
	st = status()
	if st["status"] != "completed" || st["completed_at"] != "2026-11-30T09:00:10+00:00" {
		t.Errorf("completed %v", st)
	}
	if _, ok := st["progress"]; ok {
		t.Error("finished operations carry no progress")
	}
	if n := len(listTexts(t, srv, "b", "")); n != 3 {
		t.Errorf("stored %d memories, want 3", n)
	}
	child := st["child_operations"].([]any)[0].(map[string]any)
	if child["status"] != "completed" || child["sub_batch_index"] != 1.0 {
		t.Errorf("child %v", child)
	}
}

func TestRetainAsyncRules(t *testing.T) {
	srv := newTestServer(t)
	path := "/v1/default/banks/b/memories"
	dup := map[string]any{"async": true, "items": []any{
		map[string]any{"content": "a.", "document_id": "same"}, map[string]any{"content": "b.", "document_id": "same"}}}
	r := mustStatus(t, send(t, srv, "POST", path, dup), 400)
	if !strings.Contains(detailOf(t, r), "duplicate document_ids: ['same']") {
		t.Errorf("detail %s", r.body)
	}
	dup["async"] = false
	mustStatus(t, send(t, srv, "POST", path, dup), 200)

	id := newUUID()
	body := map[string]any{"async": true, "operation_id": id, "items": []any{map[string]any{"content": "Once only."}}}
	first := mustStatus(t, send(t, srv, "POST", path, body), 200).obj(t)
	again := mustStatus(t, send(t, srv, "POST", path, body), 200).obj(t)
	if first["operation_id"] != id || again["operation_id"] != id {
		t.Errorf("idempotent replay: %v / %v", first, again)
	}
	if n := len(listTexts(t, srv, "b", "?q=once")); n != 1 {
		t.Errorf("replay must not retain twice, got %d", n)
	}
	r = mustStatus(t, send(t, srv, "POST", "/v1/default/banks/other/memories", body), 409)
	if !strings.Contains(detailOf(t, r), "already in use") {
		t.Errorf("detail %s", r.body)
	}
	split := map[string]any{"async": true, "items": []any{
		map[string]any{"content": "x.", "strategy": "fast"}, map[string]any{"content": "y.", "strategy": "deep"}}}
	if ids := mustStatus(t, send(t, srv, "POST", path, split), 200).obj(t)["operation_ids"]; len(ids.([]any)) != 2 {
		t.Errorf("one operation per strategy: %v", ids)
	}
	split["operation_id"] = newUUID()
	mustStatus(t, send(t, srv, "POST", path, split), 400)
}

func TestRetainAsyncSplitsLargeBatches(t *testing.T) {
	srv := newTestServer(t, WithAsyncDelay(time.Minute))
	big := strings.Repeat("Alice wrote another long sentence about the launch plan. ", 400) // ~23k bytes
	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/memories", map[string]any{"async": true, "items": []any{
		map[string]any{"content": big}, map[string]any{"content": big}, map[string]any{"content": "Short."}}}), 200).obj(t)
	st := getObj(t, srv, "/v1/default/banks/b/operations/"+r["operation_id"].(string))
	if got := st["result_metadata"].(map[string]any)["num_sub_batches"]; got != 2.0 {
		t.Errorf("num_sub_batches %v", got)
	}
	srv.CompleteOperations()
	st = getObj(t, srv, "/v1/default/banks/b/operations/"+r["operation_id"].(string))
	if st["status"] != "completed" {
		t.Errorf("after CompleteOperations: %v", st["status"])
	}
}
