package components

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// ExtractionModes are the values of retain_extraction_mode the server knows.
var ExtractionModes = []string{"concise", "verbose", "custom", "verbatim", "chunks"}

// extractSettings are the retain settings a candidate extraction may change, as typed
// (or as the bank's configuration resolves them).
type extractSettings struct {
	mission, mode, instructions, labels string
}

// bankExtractSettings reads the settings from a bank's resolved configuration; the
// entity labels are indented JSON ("" when there are none).
func bankExtractSettings(cfg *client.BankConfig) extractSettings {
	var s extractSettings
	if cfg == nil {
		return extractSettings{mode: "concise"}
	}
	cfg.Decode("retain_mission", &s.mission)
	cfg.Decode("retain_extraction_mode", &s.mode)
	cfg.Decode("retain_custom_instructions", &s.instructions)
	if raw, ok := cfg.Value("entity_labels"); ok && string(raw) != "null" {
		var b bytes.Buffer
		if json.Indent(&b, raw, "", "  ") == nil {
			s.labels = b.String()
		}
	}
	if s.mode == "" {
		s.mode = "concise"
	}
	return s
}

// changes names what the candidate settings change against the bank's, for the
// comparison's column title.
func (s extractSettings) changes(bank extractSettings) []string {
	var out []string
	if s.mode != bank.mode {
		out = append(out, "mode "+s.mode)
	}
	if strings.TrimSpace(s.mission) != strings.TrimSpace(bank.mission) {
		out = append(out, "mission")
	}
	if strings.TrimSpace(s.instructions) != strings.TrimSpace(bank.instructions) {
		out = append(out, "custom instructions")
	}
	if compactJSON(s.labels) != compactJSON(bank.labels) {
		out = append(out, "entity labels")
	}
	return out
}

func compactJSON(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return strings.TrimSpace(s)
	}
	return b.String()
}

// apply puts the settings on a dry run as per-call overrides. Entity labels cleared in
// the form are sent as none when the bank has some, so the candidate runs without them.
func (s extractSettings) apply(r client.DryRunExtractRequest, bank extractSettings) client.DryRunExtractRequest {
	r.RetainMission = client.Ptr(s.mission)
	r.RetainExtractionMode = s.mode
	r.RetainCustomInstructions = client.Ptr(s.instructions)
	switch {
	case strings.TrimSpace(s.labels) != "":
		r.EntityLabels = json.RawMessage(compactJSON(s.labels))
	case bank.labels != "":
		r.EntityLabels = json.RawMessage("[]")
	}
	return r
}

// candidateMsg is the candidate settings the form accepted; the form hands it to the
// preview as it closes.
type candidateMsg struct{ settings extractSettings }

// newSettingsForm is the form of candidate settings, filled with s.
func newSettingsForm(c *common.Common, s extractSettings) *Form {
	mission := NewEditorField(c, "Retain mission", "what this bank should keep (empty: none)", 3, "retain_mission")
	mission.SetValue(s.mission)
	mode := NewTextField(c, "Extraction mode", strings.Join(ExtractionModes, " | "), "retain_extraction_mode")
	mode.SetValue(s.mode)
	instr := NewEditorField(c, "Custom instructions (mode custom)", "instructions for the extractor", 3, "retain_custom_instructions")
	instr.SetValue(s.instructions)
	labels := NewEditorField(c, "Entity labels (JSON)", `[{"key": "team", "type": "value", "values": []}]`, 4, "entity_labels")
	labels.SetValue(s.labels)
	submit := func() (Request, error) {
		got := extractSettings{mission: mission.Value(), mode: strings.TrimSpace(mode.Value()),
			instructions: instr.Value(), labels: labels.Value()}
		bad := Invalid{}
		if !slices.Contains(ExtractionModes, got.mode) {
			bad["retain_extraction_mode"] = "one of " + strings.Join(ExtractionModes, ", ")
		}
		if t := strings.TrimSpace(got.labels); t != "" {
			var v any
			if err := json.Unmarshal([]byte(t), &v); err != nil {
				bad["entity_labels"] = "not JSON: " + err.Error()
			} else if _, list := v.([]any); !list {
				if _, obj := v.(map[string]any); !obj {
					bad["entity_labels"] = "a list of label groups (or an object)"
				}
			}
		}
		if len(bad) > 0 {
			return nil, bad
		}
		return func(context.Context) (tea.Cmd, error) { return common.Emit(candidateMsg{settings: got}), nil }, nil
	}
	return NewForm(c, "Candidate retain settings", "candidate settings", "compare", submit,
		mission, mode, instr, labels)
}
