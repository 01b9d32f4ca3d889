package hindsighttest

import (
	"math"
	"strconv"
)

// fixedBudgets are the per-arm candidate limits ("thinking budget") of the default
// "fixed" budget function, per recall budget level.
var fixedBudgets = map[string]int{"low": 100, "mid": 300, "high": 1000}

// adaptiveRatios are the "adaptive" budget function's shares of max_tokens.
var adaptiveRatios = map[string]float64{"low": 0.025, "mid": 0.075, "high": 0.25}

// thinkingBudget resolves a budget level to the per-arm candidate limit, honouring
// the bank's recall_budget_* config overrides like the real server.
func thinkingBudget(b *bank, level string, maxTokens int) int {
	if level == "" {
		level = "mid"
	}
	if bankOverrideString(b, "recall_budget_function", "fixed") == "adaptive" {
		if maxTokens == 0 {
			maxTokens = 4096
		}
		ratio := bankOverrideFloat(b, "recall_budget_adaptive_"+level, adaptiveRatios[level])
		lo := int(bankOverrideFloat(b, "recall_budget_min", 20))
		hi := int(bankOverrideFloat(b, "recall_budget_max", 2000))
		return max(lo, min(hi, int(math.Round(float64(maxTokens)*ratio))))
	}
	return int(bankOverrideFloat(b, "recall_budget_fixed_"+level, float64(fixedBudgets[level])))
}

// bankOverride looks up a bank-level config override.
func bankOverride(b *bank, key string) (any, bool) {
	if b == nil || b.configOverrides == nil {
		return nil, false
	}
	v, ok := b.configOverrides[key]
	return v, ok && v != nil
}

func bankOverrideBool(b *bank, key string, def bool) bool {
	v, ok := bankOverride(b, key)
	if !ok {
		return def
	}
	switch x := v.(type) {
	case bool:
		return x
	case string:
		if p, err := strconv.ParseBool(x); err == nil {
			return p
		}
	}
	return def
}

func bankOverrideFloat(b *bank, key string, def float64) float64 {
	v, ok := bankOverride(b, key)
	if !ok {
		return def
	}
	switch x := v.(type) {
	case float64:
		return x
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case string:
		if p, err := strconv.ParseFloat(x, 64); err == nil {
			return p
		}
	}
	return def
}

func bankOverrideString(b *bank, key, def string) string {
	if v, ok := bankOverride(b, key); ok {
		if s, ok := v.(string); ok {
			return s
		}
	}
	return def
}
