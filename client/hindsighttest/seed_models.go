package hindsighttest

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"hindsight-tui/cron"
	"strings"
	"time"
)

// The demo's mental models in depth live beside demo.json, in models.json, keyed by
// the bank they extend: config overrides, models in every state (with triggers,
// history and stored traces), extra directives and a knowledge base. Memories and
// documents stay in demo.json.

//go:embed seeddata/models.json
var modelSeedJSON []byte

// SeedExtension adds to a bank another seed defines.
type SeedExtension struct {
	Config     map[string]any       `json:"config"`
	Models     []SeedModelExtension `json:"mental_models"`
	Directives []SeedDirective      `json:"directives"`
	Knowledge  []SeedKnowledgeNode  `json:"knowledge_base"`
}

// SeedModelExtension is a new mental model, or more about an existing one (same id):
// its trigger, history and creation time. A model whose trigger keeps traces gets
// the trace of its last refresh.
type SeedModelExtension struct {
	SeedMentalModel
	CreatedAt string             `json:"created_at"` // RFC 3339; default: the bank's
	Trigger   map[string]any     `json:"trigger"`    // fields over the defaults
	History   []SeedModelVersion `json:"history"`    // newest first
	// CitesDeleted are memories its last refresh cited that were deleted since (with
	// their document), so only the stored answer still holds them.
	CitesDeleted []SeedCitation `json:"cites_deleted,omitempty"`
}

// SeedCitation is a cited memory the bank no longer holds.
type SeedCitation struct {
	Key     string `json:"key"` // derives its id; no memory of the bank may have the key
	Text    string `json:"text"`
	Type    string `json:"type"`
	Context string `json:"context"`
}

// SeedModelVersion is a previous content of a model.
type SeedModelVersion struct {
	Content   string   `json:"content"`
	BasedOn   []string `json:"based_on,omitempty"` // memory keys; none = no stored answer
	ChangedAt string   `json:"changed_at"`
}

// SeedKnowledgeNode is a folder with children, or a page.
type SeedKnowledgeNode struct {
	Folder   string              `json:"folder,omitempty"`
	Children []SeedKnowledgeNode `json:"children,omitempty"`
	Page     *SeedModelExtension `json:"page,omitempty"`
}

// demoExtensions decodes models.json.
func demoExtensions() (map[string]SeedExtension, error) {
	var ext struct {
		Banks map[string]SeedExtension `json:"banks"`
	}
	if err := json.Unmarshal(modelSeedJSON, &ext); err != nil {
		return nil, fmt.Errorf("decode model seed: %w", err)
	}
	return ext.Banks, nil
}

// extendBank applies ext to a loaded bank.
func (l *seedLoader) extendBank(ext SeedExtension) error {
	config, err := validateConfigUpdates(ext.Config)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	setOverrides(l.b, config)
	for _, me := range ext.Models {
		if _, err := l.extendModel(me, defaultTrigger()); err != nil {
			return fmt.Errorf("mental model %q: %w", me.ID, err)
		}
	}
	if err := l.directives(ext.Directives); err != nil {
		return err
	}
	return l.knowledge(ext.Knowledge, "", "")
}

// memoriesOf resolves memory keys of this bank.
func (l *seedLoader) memoriesOf(keys []string) ([]*memory, error) {
	out := make([]*memory, 0, len(keys))
	for _, key := range keys {
		m := l.b.memories[derivedID(l.b.id, "memory", key)]
		if m == nil {
			return nil, fmt.Errorf("unknown memory %q", key)
		}
		out = append(out, m)
	}
	return out, nil
}

// extendModel creates or extends a model; base is the trigger a new model starts from.
func (l *seedLoader) extendModel(me SeedModelExtension, base map[string]any) (*mentalModel, error) {
	mm := l.b.models[me.ID]
	if mm == nil {
		if me.Name == "" || me.SourceQuery == "" {
			return nil, fmt.Errorf("a new model needs a name and a source query")
		}
		if err := l.models([]SeedMentalModel{me.SeedMentalModel}); err != nil {
			return nil, err
		}
		mm = l.b.models[me.ID]
		mm.trigger = base
		created, err := l.atOr(me.CreatedAt, mm.createdAt)
		if err != nil {
			return nil, err
		}
		mm.createdAt = created
		if me.LastRefreshedAt == "" {
			mm.lastRefreshedAt, mm.lastMemorySeenAt, mm.reflectResponse = timePtr(created), nil, nil
		}
	}
	for k, v := range me.Trigger {
		if _, ok := mm.trigger[k]; !ok {
			return nil, fmt.Errorf("unknown trigger field %q", k)
		}
		mm.trigger[k] = normalizeJSON(v)
	}
	if mm.content != placeholderContent && mm.lastRefreshedAt != nil {
		// The trigger decides the scope, hence the watermark the last refresh left.
		mm.lastMemorySeenAt = seedWatermark(l.b, mm, *mm.lastRefreshedAt)
	}
	if expr, _ := mm.trigger["refresh_cron"].(string); expr != "" && (!cron.Valid(expr) || mm.trigger["refresh_after_consolidation"] == true) {
		return nil, fmt.Errorf("refresh_cron %q is invalid or combined with refresh_after_consolidation", expr)
	}
	if err := l.citeDeleted(mm, me.CitesDeleted); err != nil {
		return nil, err
	}
	for _, v := range me.History {
		changed, err := l.at(v.ChangedAt)
		if err != nil || changed == nil {
			return nil, fmt.Errorf("history entry without a valid changed_at %q", v.ChangedAt)
		}
		var prev map[string]any
		if len(v.BasedOn) > 0 {
			cited, err := l.memoriesOf(v.BasedOn)
			if err != nil {
				return nil, err
			}
			prev = map[string]any{"based_on": (&refreshPlan{used: cited}).basedOn()}
		}
		mm.history = append(mm.history, modelChange{previousContent: v.Content, previousReflectResponse: prev, changedAt: *changed})
	}
	if keep, _ := mm.trigger["keep_trace"].(bool); keep && mm.reflectResponse != nil {
		l.storeTrace(mm)
	}
	return mm, nil
}

// citeDeleted adds cited memories that are gone to mm's stored answer.
func (l *seedLoader) citeDeleted(mm *mentalModel, cites []SeedCitation) error {
	if len(cites) == 0 {
		return nil
	}
	basedOn, _ := mm.reflectResponse["based_on"].(map[string]any)
	if basedOn == nil {
		return fmt.Errorf("cites_deleted on a model with no stored answer")
	}
	for _, c := range cites {
		id := derivedID(l.b.id, "memory", c.Key)
		if l.b.memories[id] != nil || c.Text == "" || c.Type == "" {
			return fmt.Errorf("deleted citation %q: a memory of the bank, or no text or type", c.Key)
		}
		list, _ := basedOn[c.Type].([]any)
		basedOn[c.Type] = append(list, map[string]any{"id": id, "text": c.Text, "type": c.Type, "context": c.Context})
	}
	return nil
}

// normalizeJSON gives decoded JSON values the Go types the server stores.
func normalizeJSON(v any) any {
	if list, ok := v.([]any); ok && len(list) > 0 {
		if s := asStrings(list); len(s) == len(list) {
			return s
		}
	}
	return v
}

// storeTrace records the trace the model's last refresh would have kept.
func (l *seedLoader) storeTrace(mm *mentalModel) {
	cited := l.citedMemories(mm)
	p := &refreshPlan{query: mm.sourceQuery, requestedMode: "full", effectiveMode: "full", outcome: outcomeWritten,
		retrieved: cited, used: cited, candidate: mm.content}
	if mode, _ := mm.trigger["mode"].(string); mode == "delta" {
		p.requestedMode, p.effectiveMode = mode, mode
	}
	p.usage.InputTokens = estimateTokens(mm.sourceQuery) + 150
	for _, m := range cited {
		p.usage.InputTokens += estimateTokens(m.text)
	}
	p.usage.OutputTokens = estimateTokens(mm.content)
	p.usage.TotalTokens = p.usage.InputTokens + p.usage.OutputTokens
	mm.reflectResponse["trace"] = p.trace(*mm.lastRefreshedAt, false)
}

// citedMemories are the memories a seeded answer cites that still exist.
func (l *seedLoader) citedMemories(mm *mentalModel) []*memory {
	var out []*memory
	for _, id := range citedMemoryIDs(mm.reflectResponse) {
		if m := l.b.memories[id]; m != nil {
			out = append(out, m)
		}
	}
	return out
}

// knowledge adds folders and pages under parent; path names folders uniquely.
func (l *seedLoader) knowledge(nodes []SeedKnowledgeNode, parent, path string) error {
	hexID := func(prefix, kind, name string) string {
		return prefix + strings.ReplaceAll(derivedID(l.b.id, kind, name), "-", "")
	}
	for _, sn := range nodes {
		switch {
		case sn.Page != nil:
			page := *sn.Page
			page.ID = hexID("mm-", "kb-model", path+"/"+page.Name)
			if page.MaxTokens == 0 {
				page.MaxTokens = 4096
			}
			if page.CreatedAt == "" {
				page.CreatedAt = page.LastRefreshedAt
			}
			mm, err := l.extendModel(page, pageDefaultTrigger())
			if err != nil {
				return fmt.Errorf("page %q: %w", page.Name, err)
			}
			if len(mm.history) == 0 && mm.lastRefreshedAt != nil && mm.content != placeholderContent {
				mm.history = []modelChange{{previousContent: placeholderContent, changedAt: *mm.lastRefreshedAt}}
			}
			n := &kbNode{id: hexID("kp-", "kb-page", path+"/"+page.Name), kind: "page", name: page.Name, parentID: parent,
				modelID: mm.id, createdAt: mm.createdAt, updatedAt: mm.createdAt}
			l.b.kb()[n.id] = n
		case sn.Folder != "":
			at := l.b.createdAt
			n := &kbNode{id: hexID("kf-", "kb-folder", path+"/"+sn.Folder), kind: "folder", name: sn.Folder,
				parentID: parent, createdAt: at, updatedAt: at}
			l.b.kb()[n.id] = n
			if err := l.knowledge(sn.Children, n.id, path+"/"+sn.Folder); err != nil {
				return err
			}
		default:
			return fmt.Errorf("knowledge node with neither folder nor page")
		}
	}
	return nil
}

// extendSeed applies a seed's extensions once all its banks are loaded.
func (s *Server) extendSeed(seed *Seed, shift time.Duration) error {
	for _, bankID := range sortedMapKeys(seed.Extensions) {
		b := s.store.banks[bankID]
		if b == nil {
			return fmt.Errorf("seed extension for unknown bank %q", bankID)
		}
		l := &seedLoader{s: s, b: b, shift: shift, keys: map[string]string{}}
		if err := l.extendBank(seed.Extensions[bankID]); err != nil {
			return fmt.Errorf("seed extension of bank %q: %w", bankID, err)
		}
	}
	return nil
}
