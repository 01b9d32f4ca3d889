package hindsighttest

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

// A reflect asked again without one of the mental models its answer used (the reflect
// pane's comparison) keeps the others, and the excluded model appears nowhere: not in
// based_on, not in the search_mental_models output of the trace. tag_groups scope the
// models and the tagged directives the way tags do.
func TestReflectExcludeOneModelAndTagGroups(t *testing.T) {
	s := newTestServer(t, WithDemoSeed())
	const path = "/v1/default/banks/user-alex-prefs/reflect"
	const q = "What are Alex's plans for the Tokyo trip?"
	ask := func(extra map[string]any) wireReflect {
		t.Helper()
		body := map[string]any{"query": q, "include": map[string]any{"facts": map[string]any{}, "tool_calls": map[string]any{}}}
		for k, v := range extra {
			body[k] = v
		}
		res := post(t, s, path, body)
		if res.status != http.StatusOK {
			t.Fatalf("reflect %v: %d %s", extra, res.status, res.body)
		}
		var out wireReflect
		mustUnmarshal(t, res.body, &out)
		return out
	}
	models := func(out wireReflect) []string {
		var ids []string
		for _, mm := range out.BasedOn.MentalModels {
			ids = append(ids, mm.ID)
		}
		slices.Sort(ids)
		return ids
	}
	traced := func(out wireReflect) []string {
		var ids []string
		for _, c := range out.Trace.ToolCalls {
			if c.Tool != "search_mental_models" {
				continue
			}
			var o struct {
				Models []struct {
					ID string `json:"id"`
				} `json:"mental_models"`
			}
			if err := json.Unmarshal(c.Output, &o); err != nil {
				t.Fatal(err)
			}
			for _, mm := range o.Models {
				ids = append(ids, mm.ID)
			}
		}
		slices.Sort(ids)
		return ids
	}

	a := ask(nil)
	if got := models(a); !slices.Equal(got, []string{"alex-scheduling-rules", "alex-travel-profile"}) {
		t.Fatalf("the question should use both models, used %q", got)
	}
	b := ask(map[string]any{"exclude_mental_model_ids": []string{"alex-travel-profile"}})
	if got := models(b); !slices.Equal(got, []string{"alex-scheduling-rules"}) {
		t.Errorf("excluding alex-travel-profile: based_on models %q", got)
	}
	if got := traced(b); slices.Contains(got, "alex-travel-profile") {
		t.Errorf("the excluded model is in the trace's search_mental_models output: %q", got)
	}
	if len(b.BasedOn.Memories) == 0 {
		t.Error("excluding one model dropped the memories too")
	}
	if got := models(ask(map[string]any{"exclude_mental_model_ids": []string{"alex-travel-profile", "alex-scheduling-rules"}})); len(got) != 0 {
		t.Errorf("excluding both: based_on models %q", got)
	}

	// A tag group that keeps only tagged items drops the untagged model.
	g := ask(map[string]any{"tag_groups": []any{map[string]any{"tags": []string{"trip:tokyo-2026"}, "match": "any_strict"}}})
	if got := models(g); !slices.Equal(got, []string{"alex-travel-profile"}) {
		t.Errorf("tag_groups any_strict trip:tokyo-2026: based_on models %q", got)
	}
	// not(trip) keeps the untagged one only.
	n := ask(map[string]any{"tag_groups": []any{map[string]any{"not": map[string]any{"tags": []string{"trip:tokyo-2026"}}}}})
	if got := models(n); slices.Contains(got, "alex-travel-profile") {
		t.Errorf("tag_groups not trip:tokyo-2026 still used the trip's model: %q", got)
	}
}
