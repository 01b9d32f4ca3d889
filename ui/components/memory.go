package components

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// FormatTime renders a server timestamp for a details panel: the date and time in the
// local zone of now, and how long ago. A value the client could not parse is shown as
// the server sent it; an absent one is "".
func FormatTime(t client.Time, now time.Time) string {
	if t.IsZero() {
		return sanitize.Line(t.Raw)
	}
	return t.In(now.Location()).Format("2006-01-02 15:04 MST") + " · " + common.RelTime(t.Time, now)
}

// TypeBadge is the short label of a fact type, padded to one width so that badges
// line up in lists: "world", "exp", "obs".
func TypeBadge(factType string) string {
	switch factType {
	case client.FactWorld:
		return "world"
	case client.FactExperience:
		return "exp  "
	case client.FactObservation:
		return "obs  "
	}
	return Fit(sanitize.Line(factType), 5)
}

// JoinMeta renders a metadata map as "k=v, k=v" in key order, for one field line.
func JoinMeta(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + m[k]
	}
	return strings.Join(parts, ", ")
}

// MemoryDoc is the document of a memory as GET …/memories/{id} returns it, every field
// the server sends, and, for an observation, its change history (oldest first, as the
// server orders it) and the memories it was built from. The memories browser and the
// recall pane's "open memory" both show it.
func MemoryDoc(m *client.Memory, history []client.ObservationChange, now time.Time) *Doc {
	d := &Doc{}
	typ := m.FactType
	d.Line(func(st *styles.Styles, w int) string {
		name := sanitize.Line(typ)
		return st.FactType(typ).Render(name) + " " + st.Muted.Render(Truncate(sanitize.Line(m.ID), w-len(name)-1))
	})
	d.Gap()
	d.Text(m.Text)
	d.Section("About")
	d.Field("context", m.Context)
	d.Field("state", m.State)
	d.Field("reason", m.InvalidationReason)
	d.Field("invalidated", FormatTime(m.InvalidatedAt, now))
	d.Field("edited", FormatTime(m.EditedAt, now))
	d.Field("tags", strings.Join(m.Tags, ", "))
	d.Field("entities", strings.Join(m.Entities, ", "))
	d.Field("metadata", JoinMeta(m.Metadata))
	if m.ProofCount > 0 {
		d.Field("proof count", fmt.Sprint(m.ProofCount))
	}
	if len(m.ObservationScopes) > 0 {
		d.Field("scopes", string(m.ObservationScopes))
	}
	d.Section("Dates")
	d.Field("mentioned", FormatTime(m.MentionedAt, now))
	d.Field("occurred", FormatTime(m.OccurredStart, now))
	d.Field("until", FormatTime(m.OccurredEnd, now))
	d.Field("date", FormatTime(m.Date, now))
	d.Field("consolidated", FormatTime(m.ConsolidatedAt, now))
	d.Field("updated", FormatTime(m.UpdatedAt, now))
	d.Section("Source")
	d.Field("document", m.DocumentID)
	d.Field("chunk", m.ChunkID)
	if m.DocumentID == "" && m.ChunkID == "" {
		d.MutedText("no document")
	}
	if typ == client.FactObservation {
		observationDoc(d, m, history, now)
	}
	return d
}

// observationDoc adds what only observations have: the facts behind them and how
// they changed.
func observationDoc(d *Doc, m *client.Memory, history []client.ObservationChange, now time.Time) {
	d.Section(fmt.Sprintf("Built from %d memories", max(len(m.SourceMemories), len(m.SourceMemoryIDs))))
	for _, s := range m.SourceMemories {
		typ, when := s.Type, FormatTime(s.MentionedAt, now)
		d.Line(func(st *styles.Styles, w int) string {
			return st.FactType(typ).Render(TypeBadge(typ)) + " " + st.Muted.Render(Truncate(when, w-6))
		})
		d.Text(s.Text)
	}
	if len(m.SourceMemories) == 0 {
		for _, id := range m.SourceMemoryIDs {
			d.Field("memory", id)
		}
	}
	d.Section("History (oldest first)")
	if len(history) == 0 {
		d.MutedText("no changes recorded")
	}
	for i, h := range history {
		d.StyledField(fmt.Sprintf("change %d", i+1), FormatTime(h.ChangedAt, now),
			func(st *styles.Styles) lipgloss.Style { return st.Bold })
		d.Field("was", h.PreviousText)
		d.Field("tags were", strings.Join(h.PreviousTags, ", "))
		for _, f := range h.SourceFacts {
			text := "(deleted)"
			if f.Text != nil {
				text = *f.Text
			}
			label := "source"
			if f.IsNew {
				label = "new source"
			}
			d.Field(label, text)
		}
	}
}

// MemoryJSON is a memory (and its history, for observations) as indented JSON, for
// the clipboard.
func MemoryJSON(m *client.Memory, history []client.ObservationChange) string {
	v := struct {
		*client.Memory
		History []client.ObservationChange `json:"observation_history,omitempty"`
	}{m, history}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "{}"
	}
	return string(b)
}
