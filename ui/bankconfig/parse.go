package bankconfig

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Parse checks text typed for the key s describes and returns the JSON value to send,
// or the sentence that says what is wrong; the rules are the server's (types, enums,
// bounds), so a value it would refuse is caught before the preview.
func Parse(s Spec, text string) (json.RawMessage, error) {
	switch s.Kind {
	case KindBool:
		switch strings.ToLower(strings.TrimSpace(text)) {
		case "true":
			return json.RawMessage("true"), nil
		case "false":
			return json.RawMessage("false"), nil
		}
		return nil, fmt.Errorf("true or false")
	case KindInt:
		t := strings.TrimSpace(text)
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("a whole number%s", s.rangeText())
		}
		if msg := s.checkBounds(float64(n)); msg != "" {
			return nil, fmt.Errorf("%s", msg)
		}
		return json.RawMessage(strconv.FormatInt(n, 10)), nil
	case KindFloat:
		t := strings.TrimSpace(text)
		f, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, fmt.Errorf("a number%s", s.rangeText())
		}
		if msg := s.checkBounds(f); msg != "" {
			return nil, fmt.Errorf("%s", msg)
		}
		return json.RawMessage(strconv.FormatFloat(f, 'g', -1, 64)), nil
	case KindEnum:
		if !slices.Contains(s.Enum, text) {
			return nil, fmt.Errorf("one of %s", strings.Join(s.Enum, ", "))
		}
		return marshal(text), nil
	case KindString, KindText:
		return marshal(text), nil
	}
	return parseJSON(s, text)
}

// parseJSON checks typed JSON against the shape the key takes.
func parseJSON(s Spec, text string) (json.RawMessage, error) {
	var v any
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("not JSON: more than one value")
	}
	_, isList := v.([]any)
	_, isObject := v.(map[string]any)
	switch {
	case s.Shape == "list" && !isList:
		return nil, fmt.Errorf("a JSON list [ … ]")
	case s.Shape == "object" && !isObject:
		return nil, fmt.Errorf("a JSON object { … }")
	case s.Shape == "list or object" && !isList && !isObject:
		return nil, fmt.Errorf("a JSON list or object")
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(text)); err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	return json.RawMessage(buf.Bytes()), nil
}

// marshal is v as JSON, as the client writes it (no HTML escaping).
func marshal(v any) json.RawMessage {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return json.RawMessage(bytes.TrimSpace(buf.Bytes()))
}

// checkBounds is what is wrong with n under the key's bounds ("" when nothing).
func (s Spec) checkBounds(n float64) string {
	switch {
	case s.Min != nil && s.MinExclusive && n <= *s.Min,
		s.Min != nil && !s.MinExclusive && n < *s.Min,
		s.Max != nil && n > *s.Max:
		return "out of range:" + s.rangeText()
	}
	return ""
}

// rangeText says the key's bounds (" ≥ 1", " from 1 to 5"), "" when it has none.
func (s Spec) rangeText() string {
	g := func(f *float64) string { return strconv.FormatFloat(*f, 'g', -1, 64) }
	switch {
	case s.Min != nil && s.Max != nil:
		return " from " + g(s.Min) + " to " + g(s.Max)
	case s.Min != nil && s.MinExclusive:
		return " > " + g(s.Min)
	case s.Min != nil:
		return " ≥ " + g(s.Min)
	case s.Max != nil:
		return " ≤ " + g(s.Max)
	}
	return ""
}
