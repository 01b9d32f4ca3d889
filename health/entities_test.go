package health

import (
	"reflect"
	"strings"
	"testing"

	"hindsight-tui/client"
)

func TestEntityMerges(t *testing.T) {
	c := check(t, nil, "field-office", EntityMerges, Options{})
	want(t, c, Warn, "2 entities look like two things merged: Iran (OPEC, SWIFT, Strait of Hormuz and 1 more | "+
		"Lena Petrosyan, Project Atlas, Yerevan office; 4 facts not naming it); Room 101 (")
	if len(c.Evidence.Merges) != 2 {
		t.Fatalf("evidence: %+v", c.Evidence.Merges)
	}
	iran, room := c.Evidence.Merges[0], c.Evidence.Merges[1]
	wantClusters := [][]string{{"OPEC", "SWIFT", "Strait of Hormuz", "Tehran"}, {"Lena Petrosyan", "Project Atlas", "Yerevan office"}}
	if iran.Name != "Iran" || !reflect.DeepEqual(iran.Clusters, wantClusters) || iran.EntityID == "" {
		t.Errorf("Iran: %+v", iran)
	}
	for _, f := range iran.Unnamed {
		if !strings.Contains(f.Text, "Tigran") {
			t.Errorf("a fact filed under Iran that is not about Tigran: %q", f.Text)
		}
	}
	if room.Name != "Room 101" || len(room.Clusters) != 2 || len(room.Unnamed) != 2 ||
		!strings.Contains(room.Unnamed[0].Text, "Room 102") {
		t.Errorf("Room 101: %+v", room)
	}
	want(t, check(t, nil, "garden-planner", EntityMerges, Options{}), OK, "no entity looks like two things merged")
	// Hubs of two unrelated groups whose facts all name them are not merges: the
	// user of a personal bank, a service two teams talk about, a traveller.
	for _, bank := range []string{"user-alex-prefs", "team-platform", "travel-concierge"} {
		c := check(t, nil, bank, EntityMerges, Options{})
		want(t, c, OK, "no entity looks like two things merged")
		if !strings.Contains(c.Summary, "ruled out by") {
			t.Errorf("%s: expected structural suspects ruled out by their facts: %s", bank, c.Summary)
		}
	}
}

func TestNeighbourClusters(t *testing.T) {
	// x joins {a, b} and {c, d}; e hangs off x alone; a reaches f only through b.
	g := &client.EntityGraph{}
	for _, n := range strings.Fields("x a b c d e f") {
		g.Nodes = append(g.Nodes, client.EntityGraphNode{ID: n, Label: strings.ToUpper(n)})
	}
	for _, e := range []string{"xa", "xb", "xc", "xd", "xe", "ab", "cd", "bf", "aa"} {
		g.Edges = append(g.Edges, client.EntityGraphEdge{Source: e[:1], Target: e[1:]})
	}
	got := suspiciousMerges(g)
	if len(got) != 1 || got[0].Name != "X" || !reflect.DeepEqual(got[0].Clusters, [][]string{{"A", "B"}, {"C", "D"}}) {
		t.Errorf("suspects: %+v", got)
	}
	// Joined through an entity x never co-occurs with: one cluster.
	g.Edges = append(g.Edges, client.EntityGraphEdge{Source: "f", Target: "c"})
	if got := suspiciousMerges(g); len(got) != 0 {
		t.Errorf("suspects once the groups meet: %+v", got)
	}
}

func TestNamesEntity(t *testing.T) {
	tests := []struct {
		text, name string
		want       bool
	}{
		{"Alex booked the flight.", "Alex Moreno", true},
		{"Tigran leads the Yerevan office.", "Iran", false},
		{"Room 102's screen is too small.", "Room 101", false},
		{"The quarterly close starts in Room 101.", "Room 101", true},
		{"Sanctions limit Iran's access to SWIFT.", "Iran", true},
	}
	for _, tt := range tests {
		if got := namesEntity(tt.text, tt.name); got != tt.want {
			t.Errorf("namesEntity(%q, %q) = %v", tt.text, tt.name, got)
		}
	}
}
