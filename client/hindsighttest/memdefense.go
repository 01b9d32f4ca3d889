package hindsighttest

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Memory defense screens what retain is about to store, by the bank's
// memory_defense policy: {enabled, rules: [{on: <detector>, action: allow|redact|block}]}.
// The open-source server knows one detector, "sensitive_data"; rules on other
// detectors are accepted but never match. The first rule whose detector fires decides:
// allow stores the item as it is, redact masks what was found, block drops the item.
// When every item of a retain is blocked, the retain fails with a 422 listing the
// violations.

// defenseActions are the actions a rule may take.
var defenseActions = []string{"allow", "redact", "block"}

// redactedMark replaces redacted text.
const redactedMark = "[REDACTED]"

// validateDefensePolicy checks a memory_defense value (null was handled before).
func validateDefensePolicy(v any) error {
	policy, ok := v.(map[string]any)
	if !ok {
		return policyError(fmt.Sprintf("expected an object, got %s", pyType(v)))
	}
	for _, k := range sortedMapKeys(policy) {
		if k != "enabled" && k != "rules" {
			return policyError(fmt.Sprintf("unknown key '%s' (expected 'enabled' and 'rules')", k))
		}
	}
	if e, ok := policy["enabled"]; ok {
		if _, isBool := e.(bool); !isBool {
			return policyError(fmt.Sprintf("'enabled' must be a boolean, got %s", pyType(e)))
		}
	}
	raw, ok := policy["rules"]
	if !ok || raw == nil {
		return nil
	}
	rules, ok := raw.([]any)
	if !ok {
		return policyError(fmt.Sprintf("'rules' must be a list, got %s", pyType(raw)))
	}
	for i, r := range rules {
		rule, ok := r.(map[string]any)
		if !ok {
			return policyError(fmt.Sprintf("rules[%d] must be an object, got %s", i, pyType(r)))
		}
		if on, _ := rule["on"].(string); strings.TrimSpace(on) == "" {
			return policyError(fmt.Sprintf("rules[%d].on must name a detector", i))
		}
		if action, _ := rule["action"].(string); !slices.Contains(defenseActions, action) {
			return policyError(fmt.Sprintf("rules[%d].action must be one of allow, redact, block, got %v", i, rule["action"]))
		}
	}
	return nil
}

// sensitivePatterns are what the "sensitive_data" detector looks for, by label.
func sensitivePatterns() map[string]*regexp.Regexp {
	return map[string]*regexp.Regexp{
		"email address":          regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`),
		"API key":                regexp.MustCompile(`\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{20,}|\bxox[baprs]-[A-Za-z0-9-]{10,}`),
		"bearer token":           regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*`),
		"password":               regexp.MustCompile(`(?i)\b(?:password|passwd|pwd)\s*[:=]\s*\S+`),
		"connection string":      regexp.MustCompile(`\b[a-z][a-z0-9+.-]*://[^\s:/@]+:[^\s@]+@\S+`),
		"card number":            regexp.MustCompile(`\b\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{1,7}\b`),
		"social security number": regexp.MustCompile(`\b\d{3}-\d{2}-\d{4}\b`),
	}
}

// detectSensitive returns the labels of what text contains, sorted, and the text with
// every finding masked.
func detectSensitive(text string) (labels []string, redacted string) {
	redacted = text
	patterns := sensitivePatterns()
	for _, label := range sortedMapKeys(patterns) {
		re := patterns[label]
		found := false
		redacted = re.ReplaceAllStringFunc(redacted, func(m string) string {
			if label == "card number" && !luhn(m) {
				return m
			}
			found = true
			return redactedMark
		})
		if found {
			labels = append(labels, label)
		}
	}
	sort.Strings(labels)
	return labels, redacted
}

// luhn checks a card number's check digit, so that any long number is not a card.
func luhn(s string) bool {
	sum, n := 0, 0
	for i := len(s) - 1; i >= 0; i-- {
		c := s[i]
		if c < '0' || c > '9' {
			continue
		}
		d := int(c - '0')
		if n%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
		n++
	}
	return n >= 13 && sum%10 == 0
}

// defenseViolation is one blocked item, as in the 422 detail.
type defenseViolation struct {
	Index    int    `json:"index"`
	Detector string `json:"detector"`
	Message  string `json:"message"`
}

// screenItems applies the bank's policy to items: it returns what may be stored
// (redacted where a rule says so) and the violations of the blocked ones.
func screenItems(b *bank, items []retainItem) ([]retainItem, []defenseViolation) {
	policy, _ := bankOverride(b, "memory_defense")
	p, _ := policy.(map[string]any)
	if enabled, _ := p["enabled"].(bool); !enabled {
		return items, nil
	}
	rules, _ := p["rules"].([]any)
	var kept []retainItem
	var violations []defenseViolation
	for i, it := range items {
		labels, redacted := detectSensitive(it.content)
		action, detector := "allow", ""
		for _, r := range rules {
			rule, _ := r.(map[string]any)
			if on, _ := rule["on"].(string); on == "sensitive_data" && len(labels) > 0 {
				action, _ = rule["action"].(string)
				detector = on
				break
			}
		}
		switch action {
		case "block":
			violations = append(violations, defenseViolation{Index: i, Detector: detector,
				Message: "Blocked by memory defense: sensitive data detected (" + strings.Join(labels, ", ") + ")"})
			continue
		case "redact":
			it.content = redacted
		}
		kept = append(kept, it)
	}
	return kept, violations
}

// defend screens a retain's items; when all of them are blocked it answers the 422
// with the violations and reports true.
func (s *Server) defend(w http.ResponseWriter, bankID string, items []retainItem) ([]retainItem, bool) {
	kept, violations := screenItems(s.store.banks[bankID], items)
	if len(kept) == 0 && len(violations) > 0 {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"detail": map[string]any{"violations": violations}})
		return nil, true
	}
	return kept, false
}
