package hindsighttest

import (
	"fmt"
	"time"
)

// The chat-sessions bank shows an observation scope explosion: its agent retains every
// chat with a per-session tag, so consolidation (combined scopes by default) learns
// the same rule once per session. 38 sessions hold their own copy of "Léa wants
// metric units", two more hold one observation each, and only the untagged and
// user-wide scopes hold more than one observation. It is generated rather than
// written out, since its sessions differ only in their topic.

const (
	chatSessions     = 40
	metricRuleCopies = 38
	metricRule       = "Léa wants every measurement in metric units: kilometres, kilograms and degrees Celsius."
)

// chatTopics are what each session was about, with the place it names.
var chatTopics = [chatSessions][2]string{
	{"the drive from Lyon to Annecy", "Annecy"}, {"the hike up the Crêt de la Neige", "Crêt de la Neige"},
	{"ski conditions in Val Thorens", "Val Thorens"}, {"the train to Marseille", "Marseille"},
	{"cycling the ViaRhôna", "ViaRhôna"}, {"a weekend in Turin", "Turin"},
	{"luggage limits on the flight to Lisbon", "Lisbon"}, {"the walk around Lake Geneva", "Lake Geneva"},
	{"weather in Chamonix", "Chamonix"}, {"the ferry to Corsica", "Corsica"},
	{"a road trip through the Jura", "Jura"}, {"snow depth at Les Arcs", "Les Arcs"},
	{"the climb to the Aiguille du Midi", "Aiguille du Midi"}, {"renting a car in Geneva", "Geneva"},
	{"the Verdon gorge kayak trip", "Verdon"}, {"a day in Grenoble", "Grenoble"},
	{"packing for Iceland", "Iceland"}, {"the Camino stage to Le Puy", "Le Puy"},
	{"a heatwave in Seville", "Seville"}, {"the Glacier Express", "Glacier Express"},
	{"cherry picking near Céret", "Céret"}, {"the Dolomites via ferrata", "Dolomites"},
	{"sea temperature in Biarritz", "Biarritz"}, {"a long weekend in Bruges", "Bruges"},
	{"the Mont Blanc tunnel", "Mont Blanc"}, {"trail running in Vercors", "Vercors"},
	{"a boat on the Canal du Midi", "Canal du Midi"}, {"the Tour du Mont Blanc", "Tour du Mont Blanc"},
	{"visiting Strasbourg's market", "Strasbourg"}, {"driving to Barcelona", "Barcelona"},
	{"snowshoeing in the Queyras", "Queyras"}, {"the Porquerolles bike loop", "Porquerolles"},
	{"a wine tour in Beaujolais", "Beaujolais"}, {"the Alpe d'Huez climb", "Alpe d'Huez"},
	{"spring skiing in Tignes", "Tignes"}, {"the Gorges de l'Ardèche", "Ardèche"},
	{"a night train to Vienna", "Vienna"}, {"hiking in the Écrins", "Écrins"},
	{"booking trains to Milan", "Milan"}, {"a cabin near Lake Annecy", "Lake Annecy"},
}

// chatSessionsBank builds the bank and its extras.
func chatSessionsBank() (SeedBank, healthSeedExtra) {
	const bankID = "chat-sessions"
	b := SeedBank{BankID: bankID, Name: "Trip chat assistant", CreatedAt: "2026-08-01T08:00:00Z",
		Mission:     "Help Léa plan trips and remember her preferences from one chat to the next.",
		Disposition: SeedDisposition{Skepticism: 3, Literalism: 3, Empathy: 4}}
	lea := SeedEntity{Name: "Léa", Type: "PERSON"}
	user := []string{"user:lea"}
	first := time.Date(2026, 9, 1, 19, 0, 0, 0, time.UTC)
	var last SeedMemory
	for i := 1; i <= chatSessions; i++ {
		at := first.AddDate(0, 0, 2*(i-1))
		if i == chatSessions {
			at = time.Date(2026, 11, 25, 11, 10, 0, 0, time.UTC)
		}
		when := at.Format(time.RFC3339)
		sid := fmt.Sprintf("s%02d", i)
		tags := []string{"session:" + sid}
		topic, place := chatTopics[i-1][0], chatTopics[i-1][1]
		ask := fmt.Sprintf("Léa asked about %s and wanted distances in kilometres.", topic)
		remind := fmt.Sprintf("Léa reminded the assistant to use metric units while discussing %s.", topic)
		docID := "chat-" + sid
		zero, one := 0, 1
		b.Documents = append(b.Documents, SeedDocument{ID: docID, Context: "chat session " + sid, Tags: tags,
			CreatedAt: when, Chunks: []string{ask, remind}})
		a := SeedMemory{Key: sid + "-ask", Text: ask, FactType: "world", Context: "chat session " + sid, MentionedAt: when,
			Entities: []SeedEntity{lea, {Name: place, Type: "LOCATION"}}, Tags: tags, DocumentID: docID, ChunkIndex: &zero}
		r := SeedMemory{Key: sid + "-remind", Text: remind, FactType: "world", Context: "chat session " + sid, MentionedAt: when,
			Entities: []SeedEntity{lea}, Tags: tags, DocumentID: docID, ChunkIndex: &one}
		text := metricRule
		if i > metricRuleCopies {
			text = fmt.Sprintf("Léa is planning %s.", topic)
		}
		o := SeedMemory{Key: sid + "-obs", Text: text, FactType: "observation", MentionedAt: when, Tags: tags,
			Sources: []string{a.Key, r.Key}, ProofCount: 2}
		b.Memories = append(b.Memories, a, r, o)
		b.Operations = append(b.Operations,
			SeedOperation{Key: "retain-" + sid, Type: "retain", Status: "completed", CreatedAt: when, UpdatedAt: when,
				ItemsCount: 1, DocumentID: docID},
			SeedOperation{Key: "consolidate-" + sid, Type: "consolidation", Status: "completed", CreatedAt: when,
				UpdatedAt: at.Add(2 * time.Minute).Format(time.RFC3339), ItemsCount: 2})
		last = r
	}
	profile := []struct{ key, text, when string }{
		{"home", "Léa lives in Lyon.", "2026-08-02T10:00:00Z"},
		{"trains", "Léa prefers trains to flights for trips under five hours.", "2026-08-02T10:00:00Z"},
		{"vegetarian", "Léa is vegetarian.", "2026-08-02T10:00:00Z"},
		{"knee", "Léa avoids steep descents because of a knee injury.", "2026-08-03T09:00:00Z"},
	}
	b.Documents = append(b.Documents, SeedDocument{ID: "profile", Context: "onboarding", CreatedAt: "2026-08-02T10:00:00Z",
		Chunks: []string{"Léa lives in Lyon, prefers trains to flights for trips under five hours and is vegetarian.",
			"Léa avoids steep descents because of a knee injury."}})
	for i, p := range profile {
		idx := min(i/3, 1)
		b.Memories = append(b.Memories, SeedMemory{Key: p.key, Text: p.text, FactType: "world", Context: "onboarding",
			MentionedAt: p.when, Entities: []SeedEntity{lea}, DocumentID: "profile", ChunkIndex: &idx})
	}
	b.Memories = append(b.Memories,
		SeedMemory{Key: "o-home", Text: "Léa is based in Lyon and would rather take the train than fly on short trips.",
			FactType: "observation", MentionedAt: "2026-08-02T10:00:00Z", Sources: []string{"home", "trains"}, ProofCount: 2},
		SeedMemory{Key: "o-food", Text: "Léa is vegetarian.", FactType: "observation", MentionedAt: "2026-08-02T10:00:00Z",
			Sources: []string{"vegetarian"}, ProofCount: 1},
		SeedMemory{Key: "o-knee", Text: "Léa's knee rules out steep descents.", FactType: "observation",
			MentionedAt: "2026-08-03T09:00:00Z", Sources: []string{"knee"}, ProofCount: 1},
		SeedMemory{Key: "o-user-metric", Text: "Across chats, Léa keeps asking for metric units.", FactType: "observation",
			MentionedAt: last.MentionedAt, Tags: user, Sources: []string{"s01-remind", last.Key}, ProofCount: 2},
		SeedMemory{Key: "o-user-trips", Text: "Léa plans most trips in the Alps and around Lyon.", FactType: "observation",
			MentionedAt: "2026-09-03T19:00:00Z", Tags: user, Sources: []string{"s01-ask", "s02-ask"}, ProofCount: 2},
	)
	extra := healthSeedExtra{BankID: bankID, Runs: []seedLLMRun{
		{Operation: "reflect", At: "2026-11-30T08:30:00Z", Query: "Which units does Léa want distances in?"},
	}}
	return b, extra
}
