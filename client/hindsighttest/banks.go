package hindsighttest

import (
	"fmt"
	"net/http"
	"sort"
	"time"
)

// bankListItem is BankListItem (nulls omitted).
type bankListItem struct {
	BankID         string      `json:"bank_id"`
	Name           string      `json:"name"`
	Disposition    disposition `json:"disposition"`
	Mission        string      `json:"mission"`
	CreatedAt      string      `json:"created_at"`
	UpdatedAt      string      `json:"updated_at"`
	FactCount      int         `json:"fact_count"`
	LastDocumentAt *string     `json:"last_document_at,omitempty"`
	LastWriteAt    *string     `json:"last_write_at,omitempty"`
}

// bankProfile is BankProfileResponse.
type bankProfile struct {
	BankID      string      `json:"bank_id"`
	Name        string      `json:"name"`
	Disposition disposition `json:"disposition"`
	Mission     string      `json:"mission"`
	Background  string      `json:"background"`
}

// bankMission is what "mission" shows: the reflect_mission override, else the stored one.
func bankMission(b *bank) string {
	if v, ok := b.configOverrides["reflect_mission"].(string); ok {
		return v
	}
	return b.mission
}

// traitNames are the disposition traits in the order of disposition.traits.
func traitNames() [3]string { return [3]string{"skepticism", "literalism", "empathy"} }

// traits points at the three traits in traitNames order.
func (d *disposition) traits() [3]*int { return [3]*int{&d.Skepticism, &d.Literalism, &d.Empathy} }

// bankDisposition applies the disposition_* config overrides to the stored traits.
func bankDisposition(b *bank) disposition {
	d := b.disposition
	for i, name := range traitNames() {
		if n, ok := asInt(b.configOverrides["disposition_"+name]); ok {
			*d.traits()[i] = n
		}
	}
	return d
}

func profileOf(b *bank) bankProfile {
	m := bankMission(b)
	return bankProfile{BankID: b.id, Name: b.name, Disposition: bankDisposition(b), Mission: m, Background: m}
}

// handleListBanks serves GET /v1/default/banks.
func (s *Server) handleListBanks(w http.ResponseWriter, r *http.Request, _ pathParams) {
	q := newRequest(w, r, "q", "limit", "offset")
	search, hasSearch := q.str("q")
	limit := q.integer("limit", 100, 0, noMax)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	type row struct {
		item bankListItem
		key  time.Time
	}
	var rows []row
	for _, id := range s.store.bankOrder {
		b := s.store.banks[id]
		if hasSearch && search != "" && !containsLike(b.id, search) && !containsLike(b.name, search) {
			continue
		}
		facts, lastDoc, lastWrite := bankActivity(b)
		key := b.createdAt
		if lastWrite != nil {
			key = *lastWrite
		}
		rows = append(rows, row{key: key, item: bankListItem{
			BankID: b.id, Name: b.name, Disposition: bankDisposition(b), Mission: bankMission(b),
			CreatedAt: isoTime(b.createdAt), UpdatedAt: isoTime(b.updatedAt), FactCount: facts,
			LastDocumentAt: isoPtr(lastDoc), LastWriteAt: isoPtr(lastWrite),
		}})
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].key.After(rows[j].key) })
	lo, hi := page(len(rows), limit, offset)
	items := make([]bankListItem, 0, hi-lo)
	for _, rw := range rows[lo:hi] {
		items = append(items, rw.item)
	}
	writeJSON(w, http.StatusOK, map[string]any{"banks": items, "total": len(rows), "limit": limit, "offset": offset})
}

// bankUpdate is a validated CreateBankRequest.
type bankUpdate struct {
	name   *string
	config map[string]any
}

// parseBankUpdate validates a CreateBankRequest body and maps it to config overrides
// the way CreateBankRequest.get_config_updates does.
func parseBankUpdate(q *request) bankUpdate {
	f := q.body(true, "name", "disposition", "disposition_skepticism", "disposition_literalism",
		"disposition_empathy", "mission", "background", "reflect_mission", "retain_mission", "retain_extraction_mode",
		"retain_custom_instructions", "retain_chunk_size", "retain_structured_chunk_size", "enable_observations",
		"observations_mission", "enable_temporal_retrieval", "enable_graph_retrieval", "enable_reranking")
	u := bankUpdate{config: map[string]any{}}
	if f == nil {
		return u
	}
	u.name = f.str("name")
	var legacy *disposition
	if d := f.object("disposition"); d != nil {
		legacy = parseDisposition(d)
	}
	for i, trait := range traitNames() {
		key := "disposition_" + trait
		if n := f.integer(key, 1, 5); n != nil {
			u.config[key] = *n
		} else if legacy != nil {
			u.config[key] = *legacy.traits()[i]
		}
	}
	for _, key := range []string{"reflect_mission", "mission", "background"} {
		if v := f.str(key); v != nil {
			if _, set := u.config["reflect_mission"]; !set {
				u.config["reflect_mission"] = *v
			}
		}
	}
	for _, key := range []string{"retain_mission", "retain_extraction_mode", "retain_custom_instructions", "observations_mission"} {
		if v := f.str(key); v != nil {
			u.config[key] = *v
		}
	}
	for _, key := range []string{"retain_chunk_size", "retain_structured_chunk_size"} {
		if v := f.integer(key, -1<<31, noMax); v != nil {
			u.config[key] = *v
		}
	}
	for _, key := range []string{"enable_observations", "enable_temporal_retrieval", "enable_graph_retrieval", "enable_reranking"} {
		if v := f.boolean(key); v != nil {
			u.config[key] = *v
		}
	}
	return u
}

// parseDisposition validates a DispositionTraits object (all traits required, 1-5).
func parseDisposition(f *fields) *disposition {
	var d disposition
	ok := true
	for i, key := range traitNames() {
		if !f.required(key) {
			ok = false
			continue
		}
		if n := f.integer(key, 1, 5); n != nil {
			*d.traits()[i] = *n
		} else {
			ok = false
		}
	}
	if !ok {
		return nil
	}
	return &d
}

// applyBankUpdate applies a validated update and answers with the profile.
func (s *Server) applyBankUpdate(w http.ResponseWriter, b *bank, name *string, config map[string]any) {
	if name != nil {
		b.name = *name
	}
	setOverrides(b, config)
	b.updatedAt = s.now()
	writeJSON(w, http.StatusOK, profileOf(b))
}

// handlePutBank serves PUT /v1/default/banks/{bank_id}: create or update.
func (s *Server) handlePutBank(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	u := parseBankUpdate(q)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	config, err := validateConfigUpdates(u.config)
	if err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	s.applyBankUpdate(w, s.ensureBank(bankID), u.name, config)
}

// handlePatchBank serves PATCH /v1/default/banks/{bank_id}: partial update, 404 if missing.
func (s *Server) handlePatchBank(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	u := parseBankUpdate(q)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	if b == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Bank '%s' not found", bankID))
		return
	}
	config, err := validateConfigUpdates(u.config)
	if err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	s.applyBankUpdate(w, b, u.name, config)
}

// handleDeleteBank serves DELETE /v1/default/banks/{bank_id}; unknown banks succeed too.
func (s *Server) handleDeleteBank(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	count := 0
	if b := s.store.banks[bankID]; b != nil {
		count = len(b.memories) + len(b.entities) + len(b.documents)
		s.deleteBank(b)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"success":       true,
		"message":       fmt.Sprintf("Bank '%s' and all associated data deleted successfully", bankID),
		"deleted_count": count,
	})
}

// handleGetProfile serves GET …/profile; reading never creates the bank.
func (s *Server) handleGetProfile(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	if b == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Bank '%s' not found", bankID))
		return
	}
	writeJSON(w, http.StatusOK, profileOf(b))
}

// handlePutProfile serves PUT …/profile (deprecated): sets the three traits.
func (s *Server) handlePutProfile(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	var d *disposition
	if f := q.body(false, "disposition"); f != nil && f.required("disposition") {
		if obj := f.object("disposition"); obj != nil {
			d = parseDisposition(obj)
		} else if f.null("disposition") {
			q.fail(validationError{Type: "model_type", Loc: f.at("disposition"),
				Msg: "Input should be a valid dictionary or instance of DispositionTraits", Input: nil})
		}
	}
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.ensureBank(bankID)
	b.disposition = *d
	for _, k := range []string{"disposition_skepticism", "disposition_literalism", "disposition_empathy"} {
		delete(b.configOverrides, k)
	}
	b.updatedAt = s.now()
	writeJSON(w, http.StatusOK, profileOf(b))
}
