package health

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"hindsight-tui/client"
)

// TestStaleModels drives garden-planner's one model through both problems: a new
// memory in its scope makes it stale (warn); retracting memories it cites, one
// invalidated and one deleted with its document, makes it wrong (fail).
func TestStaleModels(t *testing.T) {
	srv := ownDemo(t)
	want(t, check(t, srv, "garden-planner", StaleModels, Options{}), OK, "no model is stale or cites retracted memories (1 model)")
	want(t, check(t, srv, "family-assistant", StaleModels, Options{}), OK, "no mental models")

	ctx := context.Background()
	cl := newClient(t, srv.URL(), nil)
	if _, err := cl.Retain(ctx, "garden-planner", client.RetainRequest{Items: []client.MemoryItem{
		{Content: "Sam harvested the first leeks in December.", Tags: []string{"plot:allotment-14"}}}}); err != nil {
		t.Fatal(err)
	}
	c := check(t, srv, "garden-planner", StaleModels, Options{})
	want(t, c, Warn, "1 of 1 model stale: Sowing calendar")
	if len(c.Evidence.Models) != 1 || !c.Evidence.Models[0].Stale || c.Evidence.Models[0].ID != "sowing-calendar" {
		t.Errorf("evidence: %+v", c.Evidence.Models)
	}

	mm, err := cl.GetMentalModel(ctx, "garden-planner", "sowing-calendar", client.DetailFull)
	if err != nil {
		t.Fatal(err)
	}
	cited := citedMemories(mm.ReflectResponse)
	if len(cited) != 4 {
		t.Fatalf("cited: %q", cited)
	}
	retract, err := cl.GetMemory(ctx, "garden-planner", cited[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.UpdateMemory(ctx, "garden-planner", retract.ID, client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("wrong bed")}); err != nil {
		t.Fatal(err)
	}
	var deleted client.Memory
	for _, id := range cited[1:] {
		if m, err := cl.GetMemory(ctx, "garden-planner", id); err == nil && m.DocumentID != retract.DocumentID && deleted.ID == "" {
			deleted = *m
		}
	}
	if _, err := cl.DeleteDocument(ctx, "garden-planner", deleted.DocumentID); err != nil {
		t.Fatal(err)
	}
	c = check(t, srv, "garden-planner", StaleModels, Options{})
	want(t, c, Fail, "1 model cites retracted memories: Sowing calendar (1 invalidated, ")
	m := c.Evidence.Models[0]
	if !reflect.DeepEqual(m.Invalidated, []string{retract.ID}) || len(m.Missing) == 0 || m.Missing[0] != deleted.ID {
		t.Errorf("evidence: %+v (invalidated %s, deleted %s)", m, retract.ID, deleted.ID)
	}
}

func TestCitedMemories(t *testing.T) {
	raw := json.RawMessage(`{"text":"…","based_on":{
		"world":[{"id":"w1"},{"id":"w2"}],"observation":[{"id":"o1"},{"id":"w1"}],
		"mental_models":[{"id":"mm"}],"directives":[{"id":"d"}],"odd":"not a list"}}`)
	if got := citedMemories(raw); !reflect.DeepEqual(got, []string{"o1", "w1", "w2"}) {
		t.Errorf("cited %q", got)
	}
	for _, raw := range []string{``, `null`, `{"based_on":null}`, `[]`} {
		if got := citedMemories(json.RawMessage(raw)); len(got) != 0 {
			t.Errorf("%s: cited %q", raw, got)
		}
	}
}
