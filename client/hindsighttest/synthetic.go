package hindsighttest

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
)

// syntheticSpec asks for n generated memories in a bank.
type syntheticSpec struct {
	bankID string
	n      int
}

// syntheticVocabulary holds the word lists generated memories are made from.
type syntheticVocabulary struct {
	people, orgs, tech, places, topics, days, contexts, tags, sources []string
	templates                                                         []syntheticTemplate
}

// syntheticTemplate is a sentence pattern; slots are filled from the vocabulary and
// every slot filled with a name becomes an entity of the memory.
type syntheticTemplate struct {
	text     string // %[1]s person, %[2]s org, %[3]s tech, %[4]s place, %[5]s topic, %[6]s day, %[7]d number
	factType string
	entities string // which slots are entities: p, o, t, l
}

func syntheticWords() syntheticVocabulary {
	f := strings.Fields
	return syntheticVocabulary{
		people: f(`Alice_Chen Bob_Martinez Carol_Okafor David_Kim Elena_Petrova Farid_Haddad Grace_Liu Hiro_Tanaka
			Ines_Moreau Jamal_Wright Kira_Novak Liam_OBrien Maya_Patel Noah_Schmidt Olivia_Rossi Priya_Nair
			Quentin_Blake Rosa_Alvarez Sam_Taylor Tomas_Berg`),
		orgs: f(`Acme_Corp Globex Initech Umbrella_Health Stark_Logistics Wayne_Finance Hooli Vandelay_Imports
			Northwind Contoso Tyrell_Labs Cyberdyne`),
		tech: f(`Postgres Redis Kafka Kubernetes Terraform Grafana Python Go Rust TypeScript React Elasticsearch
			ClickHouse Airflow Snowflake pgvector`),
		places: f(`Berlin Lisbon Toronto Singapore Austin Nairobi Oslo Melbourne Seoul Dublin`),
		topics: f(`billing onboarding search analytics security compliance observability pricing migration
			on-call reporting caching`),
		days:     f(`Monday Tuesday Wednesday Thursday Friday`),
		contexts: []string{"standup", "customer call", "code review", "planning meeting", "support ticket", "slack thread", "incident review", "1:1"},
		tags:     f(`project:atlas project:beacon team:platform team:data customer:acme customer:globex priority:high source:slack source:email quarter:q3`),
		sources:  f(`slack email meeting-notes jira`),
		templates: []syntheticTemplate{
			{"%[1]s prefers %[3]s for %[5]s work.", "world", "pt"},
			{"%[1]s from %[2]s said the %[5]s review moved to %[6]s.", "world", "po"},
			{"%[2]s runs its %[5]s pipeline on %[3]s in %[4]s.", "world", "otl"},
			{"%[1]s is based in %[4]s and leads %[5]s at %[2]s.", "world", "plo"},
			{"The %[5]s backlog at %[2]s grew to %[7]d tickets this sprint.", "world", "o"},
			{"%[1]s reported that %[3]s latency doubled during the %[5]s rollout.", "world", "pt"},
			{"I recommended %[3]s to %[1]s for the %[5]s migration.", "experience", "tp"},
			{"I drafted the %[5]s runbook for %[2]s and shared it with %[1]s.", "experience", "op"},
			{"We agreed with %[1]s to revisit %[5]s pricing on %[6]s.", "experience", "p"},
			{"I flagged a %[3]s version mismatch in the %[5]s service.", "experience", "t"},
			{"%[1]s consistently pushes for %[3]s when %[5]s comes up.", "observation", "pt"},
			{"%[2]s tends to escalate %[5]s issues late in the week.", "observation", "o"},
		},
	}
}

// generateSynthetic adds spec.n deterministic memories to a bank: varied sentences with
// entities, tags, contexts and dates spread over the year before now, grouped ten to a
// document. Observations cite earlier facts as sources.
func (s *Server) generateSynthetic(spec syntheticSpec) {
	if spec.n <= 0 {
		return
	}
	h := fnv.New64a()
	h.Write([]byte(spec.bankID))
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(spec.n)))
	v := syntheticWords()
	for _, list := range [][]string{v.people, v.orgs, v.tech, v.places} {
		for i, w := range list {
			list[i] = strings.ReplaceAll(w, "_", " ")
		}
	}
	now := s.now()
	b := s.ensureBank(spec.bankID)
	pick := func(list []string) string { return list[rng.IntN(len(list))] }

	var doc *document
	var docTexts []string
	flushDoc := func() {
		if doc == nil {
			return
		}
		doc.originalText = strings.Join(docTexts, " ")
		c := &chunk{id: fmt.Sprintf("%s_%s_0", b.id, doc.id), bankID: b.id, documentID: doc.id, text: doc.originalText, createdAt: doc.createdAt}
		doc.chunks = []*chunk{c}
		s.store.chunkIndex[c.id] = c
		b.documents[doc.id] = doc
		doc, docTexts = nil, nil
	}
	slotIndex := map[byte]int{'p': 0, 'o': 1, 't': 2, 'l': 3}
	entityTypes := [4]string{"PERSON", "ORGANIZATION", "PRODUCT", "LOCATION"}
	entityIDs := map[string]string{}
	metadata := map[string]map[string]string{}
	for _, src := range v.sources {
		metadata[src] = map[string]string{"source": src}
	}
	docs := 0
	var raw []string // ids of world/experience facts, for observation sources
	for i := range spec.n {
		t := v.templates[rng.IntN(len(v.templates))]
		slots := [4]string{pick(v.people), pick(v.orgs), pick(v.tech), pick(v.places)}
		text := fmt.Sprintf(t.text, slots[0], slots[1], slots[2], slots[3], pick(v.topics), pick(v.days), 3+rng.IntN(60))
		mentioned := now.Add(-time.Duration(rng.Int64N(int64(365 * 24 * time.Hour)))).Truncate(time.Second)
		m := &memory{
			id: derivedID(b.id, "memory", "synthetic-"+strconv.Itoa(i)), bankID: b.id, text: text,
			factType: t.factType, context: v.contexts[rng.IntN(len(v.contexts))], mentionedAt: timePtr(mentioned),
			createdAt: mentioned, updatedAt: mentioned, proofCount: 1, state: "valid",
		}
		m.tags = make([]string, 0, 3)
		for n := rng.IntN(4); n > 0; n-- {
			if tag := v.tags[rng.IntN(len(v.tags))]; !slices.Contains(m.tags, tag) {
				m.tags = append(m.tags, tag)
			}
		}
		if rng.IntN(3) == 0 {
			m.metadata = metadata[v.sources[rng.IntN(len(v.sources))]]
		}
		m.entityIDs = make([]string, 0, len(t.entities))
		for _, slot := range []byte(t.entities) {
			k := slotIndex[slot]
			id, ok := entityIDs[slots[k]]
			if !ok {
				id = b.resolveEntity(slots[k], entityTypes[k]).id
				entityIDs[slots[k]] = id
			}
			m.entityIDs = append(m.entityIDs, id)
		}
		if t.factType == "observation" && len(raw) >= 2 {
			for k := 2 + rng.IntN(3); k > 0; k-- {
				m.sourceIDs = append(m.sourceIDs, raw[rng.IntN(len(raw))])
			}
			m.proofCount = len(m.sourceIDs)
		} else {
			if t.factType == "observation" {
				m.factType = "world"
			}
			m.consolidation, m.consolidatedAt = "done", timePtr(mentioned)
			raw = append(raw, m.id)
			if doc == nil {
				id := fmt.Sprintf("synthetic-%s-%d", b.id, docs)
				docs++
				doc = &document{id: id, bankID: b.id, tags: []string{}, createdAt: mentioned, updatedAt: mentioned}
			}
			m.documentID, m.chunkID = doc.id, fmt.Sprintf("%s_%s_0", b.id, doc.id)
			docTexts = append(docTexts, text)
			if len(docTexts) == 10 {
				flushDoc()
			}
		}
		b.insertMemory(m)
	}
	flushDoc()
}
