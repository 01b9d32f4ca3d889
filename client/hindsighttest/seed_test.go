package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

// mainBankMinMemories separates the demo's main banks from small, almost empty ones
// (such as a scratch bank) that exist to show empty-ish states.
const mainBankMinMemories = 20

func loadDemoSeed(t *testing.T) *Seed {
	t.Helper()
	seed, err := DemoSeed()
	if err != nil {
		t.Fatalf("DemoSeed: %v", err)
	}
	return seed
}

func parseSeedTime(t *testing.T, where, field, value string) (time.Time, bool) {
	t.Helper()
	ts, err := time.Parse(time.RFC3339, value)
	if err != nil {
		t.Errorf("%s: %s %q is not RFC 3339: %v", where, field, value, err)
		return time.Time{}, false
	}
	return ts, true
}

func seedBlank(s string) bool { return strings.TrimSpace(s) == "" }

func TestDemoSeedBanks(t *testing.T) {
	seed := loadDemoSeed(t)
	if len(seed.Banks) < 4 {
		t.Fatalf("demo seed has %d banks, want at least 4", len(seed.Banks))
	}
	ids := map[string]bool{}
	mainBanks := 0
	total := 0
	for _, b := range seed.Banks {
		if seedBlank(b.BankID) || seedBlank(b.Name) {
			t.Errorf("bank %q: bank_id and name must not be blank (name %q)", b.BankID, b.Name)
		}
		if ids[b.BankID] {
			t.Errorf("bank id %q appears more than once", b.BankID)
		}
		ids[b.BankID] = true
		parseSeedTime(t, "bank "+b.BankID, "created_at", b.CreatedAt)
		for name, v := range map[string]int{"skepticism": b.Disposition.Skepticism, "literalism": b.Disposition.Literalism, "empathy": b.Disposition.Empathy} {
			if v < 1 || v > 5 {
				t.Errorf("bank %s: disposition %s = %d, want 1-5", b.BankID, name, v)
			}
		}
		total += len(b.Memories)
		if len(b.Memories) < mainBankMinMemories {
			continue
		}
		mainBanks++
		types := map[string]int{}
		for _, m := range b.Memories {
			types[m.FactType]++
		}
		for _, ft := range []string{"world", "experience", "observation"} {
			if types[ft] == 0 {
				t.Errorf("main bank %s has no %s memories (counts: %v)", b.BankID, ft, types)
			}
		}
	}
	if mainBanks < 4 {
		t.Errorf("demo seed has %d main banks (>= %d memories), want at least 4", mainBanks, mainBankMinMemories)
	}
	if total < 150 {
		t.Errorf("demo seed has %d memories in total, want at least 150", total)
	}
}

func TestDemoSeedMemories(t *testing.T) {
	seed := loadDemoSeed(t)
	validTypes := map[string]bool{"world": true, "experience": true, "observation": true}
	validConsolidation := map[string]bool{"": true, "done": true, "pending": true, "failed": true}
	texts := map[string]string{} // text -> "bank/key" of its first use
	untagged, invalidated := 0, 0
	var earliest, latest time.Time

	for _, b := range seed.Banks {
		bankCreated, _ := time.Parse(time.RFC3339, b.CreatedAt)
		docs := map[string]SeedDocument{}
		for _, d := range b.Documents {
			where := "bank " + b.BankID + " document " + d.ID
			if seedBlank(d.ID) {
				t.Errorf("bank %s: document with blank id", b.BankID)
			}
			if _, dup := docs[d.ID]; dup {
				t.Errorf("%s: duplicate document id", where)
			}
			docs[d.ID] = d
			parseSeedTime(t, where, "created_at", d.CreatedAt)
			if len(d.Chunks) == 0 {
				t.Errorf("%s: has no chunks", where)
			}
			for i, c := range d.Chunks {
				if seedBlank(c) {
					t.Errorf("%s: chunk %d is blank", where, i)
				}
			}
		}

		byKey := map[string]SeedMemory{}
		for _, m := range b.Memories {
			if seedBlank(m.Key) {
				t.Errorf("bank %s: memory with blank key (text %.40q)", b.BankID, m.Text)
				continue
			}
			if _, dup := byKey[m.Key]; dup {
				t.Errorf("bank %s: memory key %q is used more than once", b.BankID, m.Key)
			}
			byKey[m.Key] = m
		}

		for _, m := range b.Memories {
			where := "bank " + b.BankID + " memory " + m.Key
			if seedBlank(m.Text) {
				t.Errorf("%s: text is blank", where)
			} else if prev, dup := texts[m.Text]; dup {
				t.Errorf("%s: text is identical to %s: %.60q", where, prev, m.Text)
			} else {
				texts[m.Text] = b.BankID + "/" + m.Key
			}
			if !validTypes[m.FactType] {
				t.Errorf("%s: fact_type %q is not world, experience or observation", where, m.FactType)
			}
			if !validConsolidation[m.Consolidation] {
				t.Errorf("%s: consolidation %q is not done, pending or failed", where, m.Consolidation)
			}
			if m.FactType == "observation" && m.Consolidation != "" {
				t.Errorf("%s: observations carry no consolidation state, got %q", where, m.Consolidation)
			}
			if len(m.Tags) == 0 {
				untagged++
			}
			for _, tag := range m.Tags {
				if seedBlank(tag) {
					t.Errorf("%s: blank tag", where)
				}
			}
			for _, e := range m.Entities {
				if seedBlank(e.Name) || seedBlank(e.Type) {
					t.Errorf("%s: entity needs a name and a type, got %+v", where, e)
				}
			}
			if m.Invalidated {
				invalidated++
				if seedBlank(m.InvalidationReason) {
					t.Errorf("%s: invalidated without an invalidation_reason", where)
				}
				if m.FactType == "observation" {
					t.Errorf("%s: observations cannot be invalidated", where)
				}
			}

			// Dates.
			if mentioned, ok := parseSeedTime(t, where, "mentioned_at", m.MentionedAt); ok {
				if earliest.IsZero() || mentioned.Before(earliest) {
					earliest = mentioned
				}
				if mentioned.After(latest) {
					latest = mentioned
				}
				if !bankCreated.IsZero() && mentioned.Before(bankCreated) {
					t.Errorf("%s: mentioned_at %s is before the bank's created_at %s", where, m.MentionedAt, b.CreatedAt)
				}
			}
			var start time.Time
			if m.OccurredStart != "" {
				start, _ = parseSeedTime(t, where, "occurred_start", m.OccurredStart)
			}
			if m.OccurredEnd != "" {
				if end, ok := parseSeedTime(t, where, "occurred_end", m.OccurredEnd); ok && !start.IsZero() && end.Before(start) {
					t.Errorf("%s: occurred_end %s is before occurred_start %s", where, m.OccurredEnd, m.OccurredStart)
				}
			}

			// Document references.
			if m.DocumentID != "" {
				d, ok := docs[m.DocumentID]
				if !ok {
					t.Errorf("%s: document_id %q does not exist in bank %s", where, m.DocumentID, b.BankID)
				} else if m.ChunkIndex != nil && (*m.ChunkIndex < 0 || *m.ChunkIndex >= len(d.Chunks)) {
					t.Errorf("%s: chunk_index %d out of range, document %s has %d chunks", where, *m.ChunkIndex, d.ID, len(d.Chunks))
				}
			} else if m.ChunkIndex != nil {
				t.Errorf("%s: chunk_index set without a document_id", where)
			}

			// Observation sources.
			if m.FactType != "observation" {
				if len(m.Sources) > 0 {
					t.Errorf("%s: only observations have sources, this is a %s fact", where, m.FactType)
				}
				continue
			}
			if len(m.Sources) < 2 {
				t.Errorf("%s: observation has %d sources, want at least 2", where, len(m.Sources))
			}
			if m.ProofCount < 1 {
				t.Errorf("%s: observation has proof_count %d, want at least 1", where, m.ProofCount)
			}
			if m.DocumentID != "" {
				t.Errorf("%s: observations are not extracted from a document (document_id %q)", where, m.DocumentID)
			}
			seen := map[string]bool{}
			for _, k := range m.Sources {
				if seen[k] {
					t.Errorf("%s: source %q listed twice", where, k)
				}
				seen[k] = true
				src, ok := byKey[k]
				switch {
				case !ok:
					t.Errorf("%s: source %q is not a memory of bank %s", where, k, b.BankID)
				case src.FactType == "observation":
					t.Errorf("%s: source %q is itself an observation", where, k)
				case src.Invalidated:
					t.Errorf("%s: source %q is invalidated", where, k)
				}
			}
		}
	}

	if span := latest.Sub(earliest); span < 90*24*time.Hour {
		t.Errorf("memory mentioned_at dates span %s (%s to %s), want at least 3 months",
			span, earliest.Format(time.DateOnly), latest.Format(time.DateOnly))
	}
	if untagged == 0 {
		t.Error("no untagged memory: tag-match modes that include or exclude untagged memories would look the same")
	}
	if invalidated == 0 {
		t.Error("no invalidated memory: the curation archive would be empty")
	}
}

func TestDemoSeedModelsDirectivesOperations(t *testing.T) {
	seed := loadDemoSeed(t)
	validOpTypes := map[string]bool{"batch_retain": true, "retain": true, "consolidation": true, "refresh_mental_model": true, "graph_maintenance": true}
	validStatus := map[string]bool{"pending": true, "processing": true, "completed": true, "failed": true, "cancelled": true}
	statuses := map[string]int{}

	for _, b := range seed.Banks {
		keys := map[string]bool{}
		for _, m := range b.Memories {
			keys[m.Key] = true
		}
		docs := map[string]bool{}
		for _, d := range b.Documents {
			docs[d.ID] = true
		}

		models := map[string]bool{}
		for _, mm := range b.Models {
			where := "bank " + b.BankID + " mental model " + mm.ID
			if seedBlank(mm.ID) || seedBlank(mm.Name) || seedBlank(mm.SourceQuery) || seedBlank(mm.Content) {
				t.Errorf("%s: id, name, source_query and content must not be blank", where)
			}
			if models[mm.ID] {
				t.Errorf("%s: duplicate mental model id", where)
			}
			models[mm.ID] = true
			if mm.MaxTokens < 256 || mm.MaxTokens > 8192 {
				t.Errorf("%s: max_tokens %d outside 256-8192", where, mm.MaxTokens)
			}
			parseSeedTime(t, where, "last_refreshed_at", mm.LastRefreshedAt)
			for _, k := range mm.BasedOn {
				if !keys[k] {
					t.Errorf("%s: based_on key %q is not a memory of bank %s", where, k, b.BankID)
				}
			}
		}

		for _, d := range b.Directives {
			if seedBlank(d.Name) || seedBlank(d.Content) {
				t.Errorf("bank %s: directive %q needs a name and content", b.BankID, d.Name)
			}
		}

		opKeys := map[string]bool{}
		for _, op := range b.Operations {
			where := "bank " + b.BankID + " operation " + op.Key
			if seedBlank(op.Key) || opKeys[op.Key] {
				t.Errorf("%s: operation key must be non-blank and unique", where)
			}
			opKeys[op.Key] = true
			if !validOpTypes[op.Type] {
				t.Errorf("%s: unknown type %q", where, op.Type)
			}
			if !validStatus[op.Status] {
				t.Errorf("%s: unknown status %q", where, op.Status)
			}
			statuses[op.Status]++
			if op.Status == "failed" && seedBlank(op.ErrorMessage) {
				t.Errorf("%s: failed operation without an error_message", where)
			}
			created, ok1 := parseSeedTime(t, where, "created_at", op.CreatedAt)
			updated, ok2 := parseSeedTime(t, where, "updated_at", op.UpdatedAt)
			if ok1 && ok2 && updated.Before(created) {
				t.Errorf("%s: updated_at %s is before created_at %s", where, op.UpdatedAt, op.CreatedAt)
			}
			if op.DocumentID != "" && !docs[op.DocumentID] {
				t.Errorf("%s: document_id %q does not exist in bank %s", where, op.DocumentID, b.BankID)
			}
			if op.MentalModelID != "" && !models[op.MentalModelID] {
				t.Errorf("%s: mental_model_id %q does not exist in bank %s", where, op.MentalModelID, b.BankID)
			}
			if op.Type == "refresh_mental_model" && op.MentalModelID == "" {
				t.Errorf("%s: refresh_mental_model operation without a mental_model_id", where)
			}
		}
	}

	for _, want := range []string{"completed", "pending", "failed"} {
		if statuses[want] == 0 {
			t.Errorf("no %s operation in the demo seed (statuses: %v)", want, statuses)
		}
	}
}
