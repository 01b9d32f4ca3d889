package hindsighttest

import (
	"math"
	"sort"
	"strings"
	"time"
)

// The store keeps no link table: the links of a bank are derived from its memories,
// deterministically, and they are exactly the ones the stats route counts as
// links_by_link_type: a temporal link between consecutive live memories of a
// document, and a semantic link from each live observation to each of its source
// facts. (Entity links are derived separately, by stats and by the graph alike.)

// memLink is a stored memory-to-memory link.
type memLink struct {
	from, to string
	linkType string // temporal | semantic
	weight   float64
}

// temporalWindow is the time window of temporal links: the weight falls from 1 to a
// floor of 0.3 as two memories are further apart, over a day.
const temporalWindow = 24 * time.Hour

// bankLinks returns the bank's stored links, strongest first.
func bankLinks(b *bank) []memLink {
	var links []memLink
	byDoc := map[string][]*memory{}
	var docs []string
	for _, id := range b.memoryOrder {
		m := b.memories[id]
		if m == nil || m.state == "invalidated" {
			continue
		}
		if m.documentID != "" {
			if byDoc[m.documentID] == nil {
				docs = append(docs, m.documentID)
			}
			byDoc[m.documentID] = append(byDoc[m.documentID], m)
		}
		if m.factType != "observation" {
			continue
		}
		for _, sid := range m.sourceIDs {
			if src := b.memories[sid]; src != nil && src.state != "invalidated" {
				links = append(links, memLink{from: m.id, to: sid, linkType: "semantic", weight: similarity(m.text, src.text)})
			}
		}
	}
	for _, doc := range docs {
		mems := byDoc[doc]
		sort.SliceStable(mems, func(i, j int) bool { return linkTime(mems[i]).Before(linkTime(mems[j])) })
		for i := 1; i < len(mems); i++ {
			gap := linkTime(mems[i]).Sub(linkTime(mems[i-1])).Hours()
			w := math.Max(0.3, 1-gap/temporalWindow.Hours())
			links = append(links, memLink{from: mems[i].id, to: mems[i-1].id, linkType: "temporal", weight: round3(w)})
		}
	}
	sort.SliceStable(links, func(i, j int) bool { return links[i].weight > links[j].weight })
	return links
}

// linkTime is when a memory's event happened, for temporal links.
func linkTime(m *memory) time.Time {
	switch {
	case m.occurredStart != nil:
		return *m.occurredStart
	case m.mentionedAt != nil:
		return *m.mentionedAt
	}
	return m.createdAt
}

// similarity stands in for the embedding similarity of a semantic link: word overlap
// mapped onto the range such links have (0.7 to 1).
func similarity(a, b string) float64 {
	wa, wb := wordSet(a), wordSet(b)
	if len(wa) == 0 || len(wb) == 0 {
		return 0.7
	}
	shared := 0
	for w := range wa {
		if wb[w] {
			shared++
		}
	}
	return round3(0.7 + 0.3*float64(shared)/float64(len(wa)+len(wb)-shared))
}

func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if len(w) > 2 {
			out[w] = true
		}
	}
	return out
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
