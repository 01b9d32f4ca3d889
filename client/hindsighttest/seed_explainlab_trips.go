package hindsighttest

import (
	"fmt"
	"strings"
	"time"
)

// The explain-lab bank's trip log: a year of the travel desk's work for a twelve-person
// studio, one fact per trip and, for most trips, the booking the agent made. It is
// generated from small tables so that the bank holds the couple of hundred related
// memories a real travel desk accumulates, which is what it takes for a recall at the
// low budget (200 results at most) to leave relevant memories out.

type tripPerson struct{ name, short string }

type tripPlace struct {
	city, country, client, purpose, hotel, carrier string
	train                                          bool
}

var tripPeople = []tripPerson{
	{"Priya Nair", "Priya"}, {"Tomasz Wolski", "Tomasz"}, {"Fenna de Vries", "Fenna"},
	{"Malik Haddad", "Malik"}, {"Sofia Brandt", "Sofia"}, {"Jonas Eklund", "Jonas"},
	{"Amara Okoye", "Amara"}, {"Lucas Meyer", "Lucas"}, {"Hana Sato", "Hana"},
	{"Diego Ramos", "Diego"}, {"Elif Kaya", "Elif"}, {"Ruben Smit", "Ruben"},
}

var tripPlaces = []tripPlace{
	{"Lisbon", "Portugal", "Tidewell", "Tidewell service design workshop", "Memmo Alfama", "TAP", false},
	{"London", "UK", "Harrow & Finch", "Harrow & Finch quarterly review", "Hoxton Holborn", "Eurostar", true},
	{"Berlin", "Germany", "Kessler Mobility", "Kessler Mobility design sprint", "Hotel Oderberger", "ICE", true},
	{"Copenhagen", "Denmark", "Nordlys Energy", "Nordlys Energy research interviews", "Hotel Alexandra", "SAS", false},
	{"Milan", "Italy", "Salone", "Salone supplier visits", "Room Mate Giulia", "KLM", false},
	{"Oslo", "Norway", "Fjordline", "Fjordline app kickoff", "Amerikalinjen", "Norwegian", false},
	{"Paris", "France", "Maison Verre", "Maison Verre pitch", "Hotel Providence", "Eurostar", true},
	{"Barcelona", "Spain", "Sonar+D", "Sonar+D conference talk", "Hotel Brummell", "Vueling", false},
	{"Zurich", "Switzerland", "Alpen Rück", "Alpen Rück usability testing", "25hours Langstrasse", "Swiss", false},
	{"Stockholm", "Sweden", "Kvarn", "Kvarn onboarding research", "Hotel Skeppsholmen", "SAS", false},
}

// tripCount is how many trips the log holds; trip i departs tripFirstDay + i*tripStep
// days from the seed epoch.
const (
	tripCount    = 96
	tripFirstDay = -300
	tripStepDays = 3.9
)

// explainLabQuietDays is how many days before the seed epoch the desk's last booking
// was written: the bank's latest write stays older than the main demo banks'.
const explainLabQuietDays = 6

// explainLabTrips generates the trip log, oldest first.
func explainLabTrips() []SeedMemory {
	var out []SeedMemory
	epoch := seedEpoch()
	for i := range tripCount {
		p := tripPeople[(i*5+i/12)%len(tripPeople)]
		pl := tripPlaces[(i*7+i/10)%len(tripPlaces)]
		depart := epoch.Add(time.Duration((tripFirstDay+float64(i)*tripStepDays)*24) * time.Hour).Truncate(24 * time.Hour)
		depart = depart.Add(time.Duration(7+i%4) * time.Hour)
		nights := 1 + (i*3)%4
		back := depart.Add(time.Duration(nights*24+2) * time.Hour)
		booked := depart.AddDate(0, 0, -(12 + (i*7)%20)).Add(time.Duration(i%5) * time.Hour)
		// A trip further out was booked in the last days, not in the future; and no
		// later than the main demo banks' last writes, so that the bank list (latest
		// write first) still opens on those.
		if latest := epoch.AddDate(0, 0, -explainLabQuietDays-i%9); booked.After(latest) {
			booked = latest
		}
		ents := []SeedEntity{{Name: p.name, Type: "PERSON"}, {Name: pl.city, Type: "LOCATION"}, {Name: pl.client, Type: "ORGANIZATION"}}
		key := fmt.Sprintf("trip-%03d-%s-%s", i, strings.ToLower(p.short), strings.ToLower(pl.city))
		out = append(out, SeedMemory{
			Key: key, Text: tripFact(i, p, pl, depart, back), FactType: "world", Context: "travel calendar",
			MentionedAt: iso(booked), OccurredStart: iso(depart), OccurredEnd: iso(back),
			Entities: ents, Tags: []string{"trips"},
		})
		if i%8 == 7 {
			continue // booked by the traveller, not the desk
		}
		out = append(out, SeedMemory{
			Key: key + "-booking", Text: bookingFact(i, p, pl, depart, nights), FactType: "experience",
			Context: "booking", MentionedAt: iso(booked), Entities: ents, Tags: []string{"trips", "source:booking"},
		})
		if i%5 == 2 {
			sent := booked.Add(3 * time.Hour)
			out = append(out, SeedMemory{
				Key: key + "-itinerary", FactType: "experience", Context: "booking", MentionedAt: iso(sent),
				Text: fmt.Sprintf("I sent %s the itinerary for the %s trip on %s, with the %s confirmation attached.",
					p.short, pl.city, dayMonth(depart), pl.hotel),
				Entities: ents, Tags: []string{"trips", "source:booking"},
			})
		}
	}
	return out
}

func tripFact(i int, p tripPerson, pl tripPlace, depart, back time.Time) string {
	d, b := dayMonth(depart), dayMonth(back)
	switch {
	case pl.train && i%2 == 0:
		return fmt.Sprintf("%s takes the %s train to %s on %s for the %s, back on %s.", p.name, pl.carrier, pl.city, d, pl.purpose, b)
	case pl.train:
		return fmt.Sprintf("%s is travelling to %s by train on %s for the %s.", p.name, pl.city, d, pl.purpose)
	case i%3 == 0:
		return fmt.Sprintf("%s flies to %s on %s for the %s and returns on %s.", p.name, pl.city, d, pl.purpose, b)
	case i%3 == 1:
		return fmt.Sprintf("%s's %s trip runs from %s to %s: the %s.", p.name, pl.city, d, b, pl.purpose)
	}
	return fmt.Sprintf("%s has a %s flight to %s on %s for the %s.", p.name, pl.carrier, pl.city, d, pl.purpose)
}

func bookingFact(i int, p tripPerson, pl tripPlace, depart time.Time, nights int) string {
	d := dayMonth(depart)
	switch {
	case pl.train:
		return fmt.Sprintf("I booked %s on the %s train to %s on %s and %s at the %s.", p.short, pl.carrier, pl.city, d, plural(nights, "night"), pl.hotel)
	case i%2 == 0:
		return fmt.Sprintf("I booked %s's %s flight to %s for %s and %s at the %s.", p.short, pl.carrier, pl.city, d, plural(nights, "night"), pl.hotel)
	}
	return fmt.Sprintf("I reserved %s at the %s in %s for %s, arriving %s.", plural(nights, "night"), pl.hotel, pl.city, p.short, d)
}

// plural writes "1 night", "3 nights".
func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// dayMonth writes a date the way the travel desk does: "14 March".
func dayMonth(t time.Time) string { return fmt.Sprintf("%d %s", t.Day(), t.Month()) }

func iso(t time.Time) string { return t.UTC().Format(time.RFC3339) }
