package reflect

import (
	"context"
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// Reflect's evidence names a mental model by id and content only (based_on's
// ReflectMentalModel has no name), but a developer knows models by name. The names
// come from what the server already said, the search_mental_models tool's output in
// a trace with outputs, or else from GET …/mental-models/{id} at detail=metadata,
// once per model and bank for the session. Until a name is known, and for a model
// the server no longer has, the item shows the id.

// namesMsg brings the names of mental models a bank's answers cited: id → name, ""
// for a model that is gone. err is the failure that stopped the lookups; the names
// found before it still count.
type namesMsg struct {
	bank  string
	names map[string]string
	asked []string
	err   error
}

// maxNameLookups bounds the requests one answer makes for names.
const maxNameLookups = 20

// learnNames takes the names an answer carries and returns the command that looks
// up the rest; nil when every name is known or asked for.
func (m *Model) learnNames(b *bankState, t *turn) tea.Cmd {
	if b.names == nil {
		b.names, b.naming = map[string]string{}, map[string]bool{}
	}
	for id, name := range traceNames(t.resp) {
		b.names[id] = name
	}
	var ask []string
	for _, e := range t.evidence {
		if e.kind != evModel || e.id == "" {
			continue
		}
		if _, known := b.names[e.id]; known || b.naming[e.id] || len(ask) == maxNameLookups {
			continue
		}
		b.naming[e.id] = true
		ask = append(ask, e.id)
	}
	b.applyNames()
	if len(ask) == 0 || m.c.Client == nil {
		return nil
	}
	c, cl, bank := m.c, m.c.Client, b.bank
	return func() tea.Msg {
		out := namesMsg{bank: bank, names: map[string]string{}, asked: ask}
		for _, id := range ask {
			ctx, cancel := c.Context(context.Background())
			mm, err := cl.GetMentalModel(ctx, bank, id, client.DetailMetadata)
			cancel()
			switch {
			case client.IsNotFound(err):
				out.names[id] = ""
			case err != nil:
				out.err = fmt.Errorf("mental model %s in %s: %w", id, bank, err)
				return out
			default:
				out.names[id] = mm.Name
			}
		}
		return out
	}
}

// onNames files the names where the bank's turns show them. A failed lookup goes to
// the error log, and its models are asked for again with the next answer.
func (m *Model) onNames(msg namesMsg) tea.Cmd {
	b := m.banks[msg.bank]
	if b == nil || b.names == nil {
		return nil
	}
	for _, id := range msg.asked {
		delete(b.naming, id)
	}
	for id, name := range msg.names {
		b.names[id] = name
	}
	b.applyNames()
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "look up mental model names", Err: msg.err})
	}
	return nil
}

// applyNames puts the known names on the bank's mental model items.
func (b *bankState) applyNames() {
	for _, t := range b.turns {
		changed := false
		for i := range t.evidence {
			e := &t.evidence[i]
			if e.kind != evModel {
				continue
			}
			if name := oneLine(b.names[e.id]); name != e.name {
				e.name, changed = name, true
			}
		}
		if changed {
			t.rev++
		}
	}
}

// traceNames are the mental models' names in the trace's search_mental_models
// outputs: {"mental_models": [{"id", "name", …}]}.
func traceNames(resp *client.ReflectResponse) map[string]string {
	if resp == nil || resp.Trace == nil {
		return nil
	}
	out := map[string]string{}
	for _, c := range resp.Trace.ToolCalls {
		if c.Tool != "search_mental_models" || len(c.Output) == 0 {
			continue
		}
		var o struct {
			Models []struct {
				ID   string `json:"id"`
				Name string `json:"name"`
			} `json:"mental_models"`
		}
		if json.Unmarshal(c.Output, &o) != nil {
			continue
		}
		for _, mm := range o.Models {
			if mm.ID != "" && mm.Name != "" {
				out[mm.ID] = mm.Name // sanitized where it is shown
			}
		}
	}
	return out
}
