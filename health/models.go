package health

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"hindsight-tui/client"
)

// stale_models reads the modelSample most recently refreshed models and checks up to
// citedSample of the memories each one cites.
const (
	modelSample = 10
	citedSample = 25
)

// staleModels finds mental models that no longer say what the bank knows: stale ones
// (memories in their scope changed after their last refresh, the server's is_stale) and
// ones citing memories that have since been invalidated or deleted. Staleness alone
// warns: the next refresh fixes it, and a model is expected to lag its bank a little.
// Citing a retracted memory fails: the model keeps presenting what was retracted as
// knowledge until someone refreshes it.
//
// Requests: 1 models list (≤10, detail=metadata), 1 GET (detail=full, for based_on) per
// listed model, and 1 memory GET per cited memory, ≤25 per model.
func staleModels(r *run) Check {
	const id = StaleModels
	list, err := call(r, func(ctx context.Context) (*client.MentalModelList, error) {
		return r.c.ListMentalModels(ctx, r.bank, client.ListMentalModelsParams{Detail: client.DetailMetadata, Limit: modelSample})
	})
	if err != nil {
		return r.errorCheck(id, err)
	}
	if len(list.Items) == 0 {
		return Check{ID: id, Status: OK, Summary: "no mental models"}
	}
	var ev Evidence
	var stale, retracted []string
	for _, item := range list.Items {
		m, err := r.inspectModel(item)
		if err != nil {
			return r.errorCheck(id, err)
		}
		if !m.Stale && len(m.Invalidated)+len(m.Missing) == 0 {
			continue
		}
		ev.Models = append(ev.Models, m)
		if m.Stale {
			stale = append(stale, m.Name)
		}
		if n := len(m.Invalidated) + len(m.Missing); n > 0 {
			retracted = append(retracted, fmt.Sprintf("%s (%d invalidated, %d deleted)", m.Name, len(m.Invalidated), len(m.Missing)))
		}
	}
	of := plural(len(list.Items), "model")
	if list.Total > len(list.Items) {
		of = fmt.Sprintf("the %d most recently refreshed of %d models", len(list.Items), list.Total)
	}
	if len(ev.Models) == 0 {
		return Check{ID: id, Status: OK, Summary: "no model is stale or cites retracted memories (" + of + ")"}
	}
	var parts []string
	if len(stale) > 0 {
		parts = append(parts, fmt.Sprintf("%d of %s stale: %s", len(stale), of, nameList(stale, 3)))
	}
	status := Warn
	if len(retracted) > 0 {
		status = Fail
		who := "1 model cites"
		if len(retracted) > 1 {
			who = fmt.Sprintf("%d models cite", len(retracted))
		}
		parts = append(parts, who+" retracted memories: "+nameList(retracted, 2))
	}
	return Check{ID: id, Status: status, Evidence: ev, Summary: strings.Join(parts, "; "),
		Fix: "refresh them: POST " + r.bankPath("mental-models", "ID", "refresh")}
}

// inspectModel reads one model in full and looks up the memories it cites.
func (r *run) inspectModel(item client.MentalModel) (Model, error) {
	m := Model{ID: item.ID, Name: item.Name, Stale: item.IsStale != nil && *item.IsStale}
	full, err := call(r, func(ctx context.Context) (*client.MentalModel, error) {
		return r.c.GetMentalModel(ctx, r.bank, item.ID, client.DetailFull)
	})
	if err != nil {
		return m, err
	}
	// The single GET also counts a deleted citation as staleness; the list does not.
	m.Stale = m.Stale || (full.IsStale != nil && *full.IsStale)
	for _, cited := range citedMemories(full.ReflectResponse) {
		mem, err := call(r, func(ctx context.Context) (*client.Memory, error) { return r.c.GetMemory(ctx, r.bank, cited) })
		switch {
		case client.IsNotFound(err):
			m.Missing = append(m.Missing, cited)
		case err != nil:
			return m, err
		case mem.State == "invalidated":
			m.Invalidated = append(m.Invalidated, cited)
		}
	}
	return m, nil
}

// citedMemories are the ids of the memories a stored reflect response is based on, at
// most citedSample. based_on groups its citations by kind ("memories", or fact types
// such as "world"); mental models and directives it cites are not memories.
func citedMemories(raw json.RawMessage) []string {
	var rr struct {
		BasedOn map[string]json.RawMessage `json:"based_on"`
	}
	if json.Unmarshal(raw, &rr) != nil {
		return nil
	}
	kinds := make([]string, 0, len(rr.BasedOn))
	for k := range rr.BasedOn {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var ids []string
	seen := map[string]bool{}
	for _, k := range kinds {
		if k == "mental_models" || k == "mental-models" || k == "directives" {
			continue
		}
		var items []struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(rr.BasedOn[k], &items) // a kind of another shape cites nothing we can look up
		for _, it := range items {
			if it.ID != "" && !seen[it.ID] && len(ids) < citedSample {
				seen[it.ID] = true
				ids = append(ids, it.ID)
			}
		}
	}
	return ids
}
