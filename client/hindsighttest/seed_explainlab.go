package hindsighttest

import (
	"fmt"
	"slices"
	"strings"
)

// explainLabID is the demo bank the recall explainer's seeded cases run against
// (seeddata/explain_cases.json): the memory of a design studio's travel desk agent,
// with a year of trips, the studio's travel policy, and what it learned about the
// people it books for.
const explainLabID = "explain-lab"

// explainLabBank builds the bank: the hand-written memories below, the generated trip
// log, and observations consolidated from both.
func explainLabBank() SeedBank {
	b := SeedBank{
		BankID:      explainLabID,
		Name:        "Brightwater travel desk",
		Mission:     "Book and keep track of work travel for the Brightwater studio team: who goes where and when, what the travel policy allows, and how each person likes to travel, so trips are booked right the first time.",
		Disposition: SeedDisposition{Skepticism: 3, Literalism: 4, Empathy: 3},
		CreatedAt:   "2025-09-01T08:00:00Z",
	}
	b.Memories = append(b.Memories, explainLabFacts()...)
	b.Memories = append(b.Memories, explainLabTrips()...)
	b.Memories = append(b.Memories, tripObservations(b.Memories)...)
	b.Directives = []SeedDirective{
		{Name: "Quote the policy", Content: "When a booking goes over the travel policy, say which limit and who approved the exception.", Priority: 5, IsActive: true},
	}
	return b
}

func ents(pairs ...string) []SeedEntity {
	out := make([]SeedEntity, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, SeedEntity{Name: pairs[i], Type: pairs[i+1]})
	}
	return out
}

// explainLabFacts are the hand-written memories: people, policy, and a few that the
// explainer cases pin.
func explainLabFacts() []SeedMemory {
	return []SeedMemory{
		{Key: "studio-intro", FactType: "world", Text: "Brightwater is a twelve-person service design studio in Amsterdam; the travel desk books all client travel.",
			MentionedAt: "2025-09-01T08:05:00Z", Entities: ents("Brightwater", "ORGANIZATION", "Amsterdam", "LOCATION")},
		{Key: "policy-hotel-cap", FactType: "world", Text: "Brightwater's travel policy caps hotels at €180 a night, or €230 in London, Paris and Zurich.",
			Context: "travel policy", MentionedAt: "2025-09-02T10:00:00Z", Tags: []string{"policy:travel"},
			Entities: ents("Brightwater", "ORGANIZATION")},
		{Key: "policy-train-first", FactType: "world", Text: "Under the travel policy, any destination within six hours by train is reached by train, not by plane.",
			Context: "travel policy", MentionedAt: "2025-09-02T10:05:00Z", Tags: []string{"policy:travel"}},
		{Key: "policy-economy", FactType: "world", Text: "Flights under five hours are booked in economy; longer flights may be premium economy.",
			Context: "travel policy", MentionedAt: "2025-09-02T10:10:00Z", Tags: []string{"policy:travel"}},
		{Key: "fenna-london-exception", FactType: "world", Text: "Fenna approved up to £260 a night for London hotels during the design festival week in September.",
			Context: "chat with Fenna", MentionedAt: "2026-08-20T14:30:00Z",
			Entities: ents("Fenna de Vries", "PERSON", "London", "LOCATION")},
		{Key: "fenna-approver", FactType: "world", Text: "Fenna de Vries is the studio manager and approves every booking over the travel policy.",
			MentionedAt: "2025-09-03T09:00:00Z", Entities: ents("Fenna de Vries", "PERSON", "Brightwater", "ORGANIZATION")},
		{Key: "priya-aisle", FactType: "world", Text: "Priya Nair prefers an aisle seat on any flight over two hours.",
			Context: "chat with Priya", MentionedAt: "2026-02-11T16:20:00Z", Entities: ents("Priya Nair", "PERSON")},
		{Key: "priya-morning", FactType: "world", Text: "Priya Nair likes the first morning departure so she can work from the client's office that afternoon.",
			Context: "chat with Priya", MentionedAt: "2026-03-04T09:40:00Z", Entities: ents("Priya Nair", "PERSON")},
		{Key: "priya-vegetarian", FactType: "world", Text: "Priya Nair is vegetarian.", Context: "chat with Tomasz", MentionedAt: "2026-01-20T12:00:00Z",
			Entities: ents("Priya Nair", "PERSON"), Invalidated: true,
			InvalidationReason: "Wrong: Priya eats fish. Corrected after the Lisbon team dinner in April."},
		{Key: "priya-pescatarian", FactType: "world", Text: "Priya Nair eats fish but no meat, so team dinners need a pescatarian option.",
			Context: "chat with Priya", MentionedAt: "2026-04-17T21:10:00Z", Entities: ents("Priya Nair", "PERSON")},
		{Key: "priya-tidewell-lead", FactType: "world", Text: "Priya Nair leads the Tidewell account and spends a few days in Lisbon almost every month.",
			MentionedAt: "2025-09-05T11:00:00Z", Entities: ents("Priya Nair", "PERSON", "Tidewell", "ORGANIZATION", "Lisbon", "LOCATION")},
		{Key: "priya-lisbon-december", FactType: "world", Text: "Priya Nair flies to Lisbon on 7 December on the first TAP flight for the Tidewell design review.",
			Context: "travel calendar", MentionedAt: "2026-11-23T10:15:00Z", OccurredStart: "2026-12-07T06:55:00Z",
			OccurredEnd: "2026-12-10T21:00:00Z", Tags: []string{"trips"},
			Entities: ents("Priya Nair", "PERSON", "Lisbon", "LOCATION", "Tidewell", "ORGANIZATION")},
		{Key: "priya-lisbon-december-booking", FactType: "experience",
			Text:    "I booked Priya's TAP flight TP 671 to Lisbon on 7 December and three nights at the Memmo Alfama, €176 a night.",
			Context: "booking", MentionedAt: "2026-11-23T10:20:00Z", Tags: []string{"trips", "source:booking"},
			Entities: ents("Priya Nair", "PERSON", "Lisbon", "LOCATION", "Memmo Alfama", "ORGANIZATION")},
		{Key: "learned-check-policy", FactType: "experience",
			Text:    "I learned to check the hotel cap before holding a room, after Fenna turned down a €240 room in Milan.",
			Context: "chat with Fenna", MentionedAt: "2026-04-08T15:00:00Z", Entities: ents("Fenna de Vries", "PERSON", "Milan", "LOCATION")},
		{Key: "tomasz-trains", FactType: "world", Text: "Tomasz Wolski takes the train whenever he can and asks for a quiet coach.",
			Context: "chat with Tomasz", MentionedAt: "2026-01-13T10:30:00Z", Entities: ents("Tomasz Wolski", "PERSON")},
		{Key: "hana-visa", FactType: "world", Text: "Hana Sato travels on a Japanese passport and needs no visa for the Schengen area or the UK.",
			MentionedAt: "2026-05-06T13:00:00Z", Entities: ents("Hana Sato", "PERSON")},
		{Key: "norway-january", FactType: "world", Text: "January in Norway means minus ten by day and snow on every pavement.",
			Context: "notes for winter kickoffs", MentionedAt: "2026-10-29T08:45:00Z", Entities: ents("Norway", "LOCATION")},
		{Key: "amsterdam-office-move", FactType: "world", Text: "The studio moves to a new office on the Houthavens in February.",
			MentionedAt: "2026-11-02T09:00:00Z", Entities: ents("Brightwater", "ORGANIZATION")},
		{Key: "obs-priya-flying", FactType: "observation",
			Text:        "Priya reliably takes the earliest flight out and always sits on the aisle.",
			MentionedAt: "2026-03-04T10:00:00Z", Sources: []string{"priya-aisle", "priya-morning"},
			ProofCount: 2, Entities: ents("Priya Nair", "PERSON")},
		{Key: "obs-travel-policy", FactType: "observation",
			Text:        "The travel policy favours trains and caps hotels per city; anything above it goes to Fenna for approval.",
			MentionedAt: "2025-09-03T09:30:00Z", Sources: []string{"policy-hotel-cap", "policy-train-first", "fenna-approver"},
			ProofCount: 3, Tags: []string{"policy:travel"}},
	}
}

// tripObservations consolidates the trip log the way the background worker would: for
// each traveller, where they go most often, citing those trips.
func tripObservations(mems []SeedMemory) []SeedMemory {
	type visits struct{ keys []string }
	byPerson := map[string]map[string]*visits{}
	for _, m := range mems {
		if m.FactType != "world" || !slices.Contains(m.Tags, "trips") || len(m.Entities) < 2 {
			continue
		}
		person, city := m.Entities[0].Name, m.Entities[1].Name
		if byPerson[person] == nil {
			byPerson[person] = map[string]*visits{}
		}
		if byPerson[person][city] == nil {
			byPerson[person][city] = &visits{}
		}
		byPerson[person][city].keys = append(byPerson[person][city].keys, m.Key)
	}
	var out []SeedMemory
	for _, p := range tripPeople {
		cities := byPerson[p.name]
		best := ""
		for _, pl := range tripPlaces {
			if v := cities[pl.city]; v != nil && (best == "" || len(v.keys) > len(cities[best].keys)) {
				best = pl.city
			}
		}
		if best == "" || len(cities[best].keys) < 2 {
			continue
		}
		keys := cities[best].keys
		last := mems[slices.IndexFunc(mems, func(m SeedMemory) bool { return m.Key == keys[len(keys)-1] })]
		out = append(out, SeedMemory{
			Key: "obs-" + strings.ToLower(p.short) + "-travel", FactType: "observation",
			Text:        fmt.Sprintf("%s travels to %s more than anywhere else: %d trips in the last year.", p.short, best, len(keys)),
			MentionedAt: last.MentionedAt, Sources: keys, ProofCount: len(keys),
			Entities: ents(p.name, "PERSON", best, "LOCATION"),
		})
	}
	return out
}

// WithExplainLab adds the explain-lab bank, whose memories each drop out of a recall
// at a known stage (ExplainCases). The demo has it; other tests ask for it.
func WithExplainLab() Option {
	return func(s *Server) { s.seeds = append(s.seeds, &Seed{Banks: []SeedBank{explainLabBank()}}) }
}
