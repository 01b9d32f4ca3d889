package explain

import (
	"fmt"
	"math"
)

// Breakdown is how the server arrived at a result's final score (API §26):
//
//	final = CE × (1+0.2·(recency−0.5)) × (1+0.2·(temporal−0.5)) × (1+0.1·(proof_norm−0.5))
//
// read from a reranked entry's score_components. Reported is the score the server
// gave; it differs from Final only when the server adds arm boosts (off by default).
type Breakdown struct {
	CE, Recency, Temporal, ProofNorm float64
	Final                            float64 // the formula's value
	Reported                         float64 // the server's final score
}

// Boost strengths of combined scoring (engine/search/reranking.py).
const (
	recencyAlpha  = 0.2
	temporalAlpha = 0.2
	proofAlpha    = 0.1
)

// BreakdownOf reads a reranked entry. ok is false when the trace lacks the components
// (an older server, or a trace cut short).
func BreakdownOf(r Reranked) (Breakdown, bool) {
	c := r.Components
	ce, ok := c["cross_encoder_score_normalized"]
	if !ok {
		return Breakdown{}, false
	}
	b := Breakdown{CE: ce, Recency: or(c, "recency", 0.5), Temporal: or(c, "temporal", 0.5),
		ProofNorm: or(c, "proof_norm", 0.5), Reported: r.Score}
	// The same order of operations as the server, so the numbers agree to the last bit.
	b.Final = b.CE *
		(1 + recencyAlpha*(b.Recency-0.5)) *
		(1 + temporalAlpha*(b.Temporal-0.5)) *
		(1 + proofAlpha*(b.ProofNorm-0.5))
	return b, true
}

func or(m map[string]float64, k string, def float64) float64 {
	if v, ok := m[k]; ok {
		return v
	}
	return def
}

// Boost is what the server added beyond the formula (arm boosts), usually 0.
func (b Breakdown) Boost() float64 {
	if d := b.Reported - b.Final; math.Abs(d) > 1e-9 {
		return d
	}
	return 0
}

// String is the formula with the numbers, on one line:
//
//	final 0.9219 = CE 0.8381 × (1+0.2·(1.0000−0.5)) × (1+0.2·(0.5000−0.5)) × (1+0.1·(0.5000−0.5))
func (b Breakdown) String() string {
	s := fmt.Sprintf("final %.4f = CE %.4f × (1+0.2·(%.4f−0.5)) × (1+0.2·(%.4f−0.5)) × (1+0.1·(%.4f−0.5))",
		b.Final+b.Boost(), b.CE, b.Recency, b.Temporal, b.ProofNorm)
	if d := b.Boost(); d != 0 {
		s += fmt.Sprintf(" %+.4f arm boosts", d)
	}
	return s
}
