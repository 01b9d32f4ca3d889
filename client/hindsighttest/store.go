package hindsighttest

import (
	"crypto/sha1"
	"fmt"
	"time"
)

// store is the in-memory state of the fake server. Every field is guarded by Server.mu;
// handlers take the lock for the whole request so that behaviour is deterministic.
type store struct {
	banks      map[string]*bank
	bankOrder  []string // creation order, for stable tie-breaks
	operations map[string]*operation
	// chunkIndex maps a chunk id ("bank_doc_index") to its chunk, for GET /v1/default/chunks/{id}.
	chunkIndex map[string]*chunk
	// activity holds audit logs and webhooks (activity.go); nil until first used.
	activity *activityState
}

func newStore() *store {
	return &store{
		banks:      map[string]*bank{},
		operations: map[string]*operation{},
		chunkIndex: map[string]*chunk{},
	}
}

type disposition struct {
	Skepticism int `json:"skepticism"`
	Literalism int `json:"literalism"`
	Empathy    int `json:"empathy"`
}

type bank struct {
	id          string
	name        string
	mission     string // what "mission" shows: the reflect_mission override or the stored mission
	disposition disposition
	createdAt   time.Time
	updatedAt   time.Time
	// configOverrides are bank-level config overrides (GET/PATCH/DELETE …/config).
	configOverrides map[string]any

	memories     map[string]*memory // by id, valid and invalidated alike
	memoryOrder  []string           // insertion order
	documents    map[string]*document
	entities     map[string]*entity // by id
	entityByName map[string]string  // lower-cased canonical name -> entity id
	models       map[string]*mentalModel
	directives   map[string]*directive
	// lastConsolidatedAt is reported by stats.
	lastConsolidatedAt *time.Time

	// rev counts memory mutations; every write to memories bumps it, so a search index
	// built for an older rev is known to be stale.
	rev   uint64
	index *searchIndex // owned by the recall code; nil until the first recall
}

type memory struct {
	id            string
	bankID        string
	text          string
	factType      string // world | experience | observation
	context       string
	mentionedAt   *time.Time
	occurredStart *time.Time
	occurredEnd   *time.Time
	createdAt     time.Time
	updatedAt     time.Time
	editedAt      *time.Time
	entityIDs     []string // in mention order
	tags          []string
	metadata      map[string]string
	documentID    string // "" when none
	chunkID       string // "" when none
	proofCount    int
	sourceIDs     []string // observations: the facts they consolidate
	// observationScopes is what retain was given (nil = combined).
	observationScopes any

	state              string // valid | invalidated
	invalidationReason string
	invalidatedAt      *time.Time

	// consolidation state of world/experience facts: done | pending | failed
	consolidation         string
	consolidatedAt        *time.Time
	consolidationFailedAt *time.Time
	history               []observationChange // observations only, oldest first
}

type observationChange struct {
	previousText        string
	previousTags        []string
	previousMentionedAt *time.Time
	changedAt           time.Time
	newSourceIDs        []string
}

type document struct {
	id           string
	bankID       string
	originalText string
	contentHash  string
	context      string
	tags         []string
	metadata     map[string]string
	retainParams map[string]any
	createdAt    time.Time
	updatedAt    time.Time
	chunks       []*chunk
}

type chunk struct {
	id         string // bank_doc_index
	bankID     string
	documentID string
	index      int
	text       string
	createdAt  time.Time
}

type entity struct {
	id            string
	canonicalName string
	entityType    string
	mentionCount  int
	firstSeen     *time.Time
	lastSeen      *time.Time
	metadata      map[string]any
}

type mentalModel struct {
	id               string
	bankID           string
	name             string
	sourceQuery      string
	content          string
	tags             []string
	maxTokens        int
	trigger          map[string]any
	reflectResponse  map[string]any
	createdAt        time.Time
	lastRefreshedAt  *time.Time
	lastMemorySeenAt *time.Time
	history          []modelChange // newest first
}

type modelChange struct {
	previousContent         string
	previousReflectResponse map[string]any
	changedAt               time.Time
}

type directive struct {
	id        string
	bankID    string
	name      string
	content   string
	priority  int
	isActive  bool
	tags      []string
	createdAt time.Time
	updatedAt time.Time
}

type operation struct {
	id            string
	bankID        string
	opType        string // batch_retain | retain | consolidation | refresh_mental_model | ...
	status        string // pending | processing | completed | failed | cancelled
	createdAt     time.Time
	updatedAt     time.Time
	completedAt   *time.Time
	itemsCount    int
	documentID    string
	mentalModelID string
	errorMessage  string
	retryCount    int
	// nextRetryAt is when a failed attempt is tried again (webhook deliveries).
	nextRetryAt   *time.Time
	parentID      string   // child operations point at their batch_retain parent
	childIDs      []string // parents only
	subBatchIndex int
	details       map[string]any
	resultMeta    map[string]any
	payload       map[string]any

	// Simulation of asynchronous work: the operation becomes "processing" at startAt and
	// finishes at dueAt (both on the server's clock); apply runs once on completion and
	// does the actual work (e.g. storing retained memories).
	startAt time.Time
	dueAt   time.Time
	apply   func(now time.Time) error
}

// derivedID makes a deterministic UUID (version 5 layout) from its parts, so that seeded
// data has the same ids on every run.
func derivedID(parts ...string) string {
	h := sha1.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	b := h.Sum(nil)[:16]
	b[6] = (b[6] & 0x0f) | 0x50
	b[8] = (b[8] & 0x3f) | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
