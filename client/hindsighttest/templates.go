package hindsighttest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sort"
)

// handleExportTemplate serves GET …/export: the bank's stored overrides, every
// mental model and every directive (inactive ones too); empty sections are left out.
func (s *Server) handleExportTemplate(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	if b == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Bank '%s' not found", bankID))
		return
	}
	out := map[string]any{"version": "1"}
	if len(b.configOverrides) > 0 {
		out["bank"] = b.configOverrides
	}
	var models []map[string]any
	for _, id := range sortedMapKeys(b.models) {
		mm := b.models[id]
		// Knowledge pages accept ids and token budgets the manifest model does not:
		// the real export fails validating them.
		if !templateModelID.MatchString(mm.id) {
			writeDetail(w, http.StatusInternalServerError, fmt.Sprintf("1 validation error for BankTemplateMentalModel\nid\n  "+
				"String should match pattern '%s' [type=string_pattern_mismatch, input_value='%s', input_type=str]", templateModelID, mm.id))
			return
		}
		if mm.maxTokens < 256 || mm.maxTokens > 8192 {
			writeDetail(w, http.StatusInternalServerError, fmt.Sprintf("1 validation error for BankTemplateMentalModel\nmax_tokens\n  "+
				"Input should be between 256 and 8192 [type=int_range, input_value=%d, input_type=int]", mm.maxTokens))
			return
		}
		models = append(models, map[string]any{"id": mm.id, "name": mm.name, "source_query": mm.sourceQuery,
			"tags": orEmpty(mm.tags), "max_tokens": mm.maxTokens, "trigger": withoutNulls(mm.trigger)})
	}
	if len(models) > 0 {
		out["mental_models"] = models
	}
	var directives []map[string]any
	for _, d := range sortedDirectives(b) {
		directives = append(directives, map[string]any{"name": d.name, "content": d.content, "priority": d.priority,
			"is_active": d.isActive, "tags": orEmpty(d.tags)})
	}
	if len(directives) > 0 {
		out["directives"] = directives
	}
	writeJSON(w, http.StatusOK, out)
}

// sortedDirectives are a bank's directives in list order: priority DESC, created_at
// DESC, id DESC.
func sortedDirectives(b *bank) []*directive {
	list := make([]*directive, 0, len(b.directives))
	for _, d := range b.directives {
		list = append(list, d)
	}
	sort.Slice(list, func(i, j int) bool {
		a, c := list[i], list[j]
		if a.priority != c.priority {
			return a.priority > c.priority
		}
		if !a.createdAt.Equal(c.createdAt) {
			return a.createdAt.After(c.createdAt)
		}
		return a.id > c.id
	})
	return list
}

// importResult is BankTemplateImportResponse.
type importResult struct {
	BankID              string   `json:"bank_id"`
	ConfigApplied       bool     `json:"config_applied"`
	MentalModelsCreated []string `json:"mental_models_created"`
	MentalModelsUpdated []string `json:"mental_models_updated"`
	DirectivesCreated   []string `json:"directives_created"`
	DirectivesUpdated   []string `json:"directives_updated"`
	OperationIDs        []string `json:"operation_ids"`
	DryRun              bool     `json:"dry_run"`
}

// handleImportTemplate serves POST …/import?dry_run=: a raw JSON manifest. A dry run
// only validates (no auth, no bank) and reports every item as created; a real import
// creates the bank, applies the config like PATCH …/config, upserts models by id and
// directives by name, and queues one refresh per model.
func (s *Server) handleImportTemplate(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "dry_run")
	dryRun := q.boolean("dry_run", false)
	if q.invalid() {
		return
	}
	var body bytes.Buffer
	if r.Body != nil {
		_, _ = io.Copy(&body, http.MaxBytesReader(w, r.Body, 16<<20))
	}
	m, err := parseManifest(body.Bytes())
	if err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	res := importResult{BankID: bankID, ConfigApplied: len(m.bank) > 0, MentalModelsCreated: []string{},
		MentalModelsUpdated: []string{}, DirectivesCreated: []string{}, DirectivesUpdated: []string{},
		OperationIDs: []string{}, DryRun: dryRun}
	if dryRun {
		for _, mm := range m.models {
			res.MentalModelsCreated = append(res.MentalModelsCreated, mm.id)
		}
		for _, d := range m.directives {
			res.DirectivesCreated = append(res.DirectivesCreated, d.name)
		}
		writeJSON(w, http.StatusOK, res)
		return
	}
	if !s.authorized(w, r) {
		return
	}
	var current map[string]any
	if b := s.store.banks[bankID]; b != nil {
		current = b.configOverrides
	}
	config, err := validateConfigUpdates(m.bank, current)
	if err != nil {
		writeDetail(w, configErrorStatus(err), err.Error())
		return
	}
	b := s.ensureBank(bankID)
	setOverrides(b, config)
	s.importModels(b, m, &res)
	s.importDirectives(b, m, &res)
	writeJSON(w, http.StatusOK, res)
}

// importModels upserts the manifest's models by id (tags only replace when given)
// and queues a refresh of each.
func (s *Server) importModels(b *bank, m *manifest, res *importResult) {
	now := s.now()
	for _, tm := range m.models {
		mm := b.models[tm.id]
		if mm == nil {
			mm = s.addModel(b, tm.id, tm.name, tm.sourceQuery, tm.tags, tm.maxTokens, tm.trigger)
			res.MentalModelsCreated = append(res.MentalModelsCreated, tm.id)
		} else {
			mm.name, mm.sourceQuery, mm.maxTokens, mm.trigger = tm.name, tm.sourceQuery, tm.maxTokens, tm.trigger
			if len(tm.tags) > 0 {
				mm.tags = tm.tags
			}
			res.MentalModelsUpdated = append(res.MentalModelsUpdated, tm.id)
		}
		res.OperationIDs = append(res.OperationIDs, s.queueRefresh(b, mm, now).id)
	}
}

// importDirectives upserts the manifest's directives by name.
func (s *Server) importDirectives(b *bank, m *manifest, res *importResult) {
	now := s.now()
	byName := map[string]*directive{}
	for _, d := range b.directives {
		byName[d.name] = d
	}
	for _, td := range m.directives {
		d := byName[td.name]
		if d == nil {
			d = &directive{id: newUUID(), bankID: b.id, name: td.name, createdAt: now}
			b.directives[d.id] = d
			res.DirectivesCreated = append(res.DirectivesCreated, td.name)
		} else {
			res.DirectivesUpdated = append(res.DirectivesUpdated, td.name)
		}
		d.content, d.priority, d.isActive, d.tags, d.updatedAt = td.content, td.priority, td.isActive, orEmpty(td.tags), now
	}
}
