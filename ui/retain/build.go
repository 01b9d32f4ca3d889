package retain

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// field is one input of the form, in tab order.
type field int

const (
	fContent field = iota
	fContext
	fTimestamp
	fDocumentID
	fUpdateMode
	fTags
	fMetadata
	fEntities
	fAsync
	numFields
)

// fieldNames are the MemoryItem keys (and the request's async) the fields fill: the
// last part of a 422 location names the field to blame.
func fieldNames() [numFields]string {
	return [numFields]string{"content", "context", "timestamp", "document_id", "update_mode", "tags",
		"metadata", "entities", "async"}
}

// fieldErrors are problems with what was typed, by field; a local check and the
// server's 422 fill the same map, so both land under the same input.
type fieldErrors map[field]string

// values is the form as typed. It is also the body of a draft, so a draft restores
// exactly what the user left, including text not yet turned into a tag chip.
type values struct {
	Content    string   `json:"content,omitempty"`
	Context    string   `json:"context,omitempty"`
	Timestamp  string   `json:"timestamp,omitempty"`
	DocumentID string   `json:"document_id,omitempty"`
	Append     bool     `json:"append,omitempty"` // update mode append; replace otherwise
	Tags       []string `json:"tags,omitempty"`
	TagText    string   `json:"tag_text,omitempty"` // typed in the tag box, not yet a chip
	Metadata   string   `json:"metadata,omitempty"` // key=value lines
	Entities   string   `json:"entities,omitempty"` // name or name:TYPE, comma-separated
	Async      bool     `json:"async,omitempty"`
}

// empty reports whether nothing worth keeping was typed (the async switch alone is
// not worth a draft).
func (v values) empty() bool {
	return strings.TrimSpace(v.Content+v.Context+v.Timestamp+v.DocumentID+v.TagText+v.Metadata+v.Entities) == "" &&
		len(v.Tags) == 0
}

// equal compares two form states.
func (v values) equal(o values) bool {
	return v.Content == o.Content && v.Context == o.Context && v.Timestamp == o.Timestamp &&
		v.DocumentID == o.DocumentID && v.Append == o.Append && slices.Equal(v.Tags, o.Tags) &&
		v.TagText == o.TagText && v.Metadata == o.Metadata && v.Entities == o.Entities && v.Async == o.Async
}

// buildRequest turns the form into the retain request it sends, or says per field what
// the server would reject. It is pure: the pane, the tests and the batch loader share
// it, so what is checked is what is sent. genDocID is used when no document_id was
// typed: retain does not echo the ids of what it stored, and a known document_id is
// how the recallable check finds the new memories (the server would generate a random
// one anyway).
func buildRequest(v values, genDocID string) (client.RetainRequest, fieldErrors) {
	item, errs := buildItem(v, genDocID)
	req := client.RetainRequest{Items: []client.MemoryItem{item}, Async: v.Async}
	return req, errs
}

// buildItem is buildRequest for one item.
func buildItem(v values, genDocID string) (client.MemoryItem, fieldErrors) {
	errs := fieldErrors{}
	item := client.MemoryItem{Content: v.Content, Context: strings.TrimSpace(v.Context)}
	if strings.TrimSpace(v.Content) == "" {
		errs[fContent] = "content cannot be empty: write what the agent should remember"
	}
	if ts, err := parseTimestamp(v.Timestamp); err != nil {
		errs[fTimestamp] = err.Error()
	} else {
		item.Timestamp = ts
	}
	item.DocumentID = strings.TrimSpace(v.DocumentID)
	if item.DocumentID != "" && v.Append {
		item.UpdateMode = "append" // replace is the server's default and is not sent
	}
	if item.DocumentID == "" {
		item.DocumentID = genDocID
	}
	item.Tags = tagList(v.Tags, v.TagText)
	if md, err := components.ParseKeyValues(v.Metadata); err != nil {
		errs[fMetadata] = err.Error()
	} else {
		item.Metadata = md
	}
	if ents, err := parseEntities(v.Entities); err != nil {
		errs[fEntities] = err.Error()
	} else {
		item.Entities = ents
	}
	if len(errs) == 0 {
		errs = nil
	}
	return item, errs
}

// tagList is the chips plus text typed but not yet added (so it is not silently
// dropped), without blanks or repeats.
func tagList(chips []string, pending string) []string {
	var out []string
	for _, t := range append(slices.Clone(chips), pending) {
		if t = strings.TrimSpace(t); t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// parseTimestamp reads the timestamp field and returns the value sent. Retain gives
// two words a meaning of its own: an empty field or "now" sends nothing, so the server
// stamps the time it receives the memory, and "unset" stores no timestamp. Every
// other form, and the message about text it cannot read, is the shared date parser's
// (common.ParseWhen): RFC 3339 as typed (its offset matters), the short forms as RFC
// 3339 in UTC.
func parseTimestamp(s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "", strings.EqualFold(s, "now"):
		return "", nil
	case strings.EqualFold(s, client.TimestampUnset):
		return client.TimestampUnset, nil
	}
	sent, _, err := common.ParseWhen(s, time.Time{}) // "now" never gets here: no clock needed
	return sent, err
}

// timestampNote says how the timestamp field will be sent, for the line under it.
func timestampNote(s string) (string, error) {
	sent, err := parseTimestamp(s)
	switch {
	case err != nil:
		return "", err
	case sent == "":
		return "not sent: the server stamps the time it receives the memory", nil
	case sent == client.TimestampUnset:
		return `sent as "unset": stored without a timestamp`, nil
	}
	return "sent as " + sent, nil
}

// parseEntities reads entity hints separated by commas or newlines: "name" or
// "name:TYPE", the type being the one word after the last colon (the server defaults
// it to CONCEPT). A name given twice is an error.
func parseEntities(s string) ([]client.EntityHint, error) {
	var out []client.EntityHint
	seen := map[string]bool{}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '\n' }) {
		if strings.TrimSpace(part) == "" {
			continue
		}
		h, err := parseEntity(part)
		if err != nil {
			return nil, err
		}
		key := strings.ToLower(h.Text)
		if seen[key] {
			return nil, fmt.Errorf("%q is listed twice", clip(h.Text, 30))
		}
		seen[key] = true
		out = append(out, h)
	}
	return out, nil
}

// parseEntity reads one hint: "name" or "name:TYPE".
func parseEntity(s string) (client.EntityHint, error) {
	s = strings.TrimSpace(s)
	h := client.EntityHint{Text: s}
	if i := strings.LastIndex(s, ":"); i >= 0 {
		h.Text, h.Type = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
		switch {
		case h.Type == "":
			return h, fmt.Errorf("%q: the type after : is empty (write name or name:TYPE)", clip(s, 30))
		case !isWord(h.Type):
			return h, fmt.Errorf("%q: the type after : must be one word, like PERSON", clip(s, 30))
		}
	}
	if h.Text == "" {
		return h, fmt.Errorf("%q: the name before : is empty", clip(s, 30))
	}
	return h, nil
}

func isWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' {
			return false
		}
	}
	return s != ""
}

// clip shortens s for an error message.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// fieldForLoc maps a 422 location (without "body") to the field it names:
// "items.0.timestamp" and "items.0.metadata.source" belong to the form's fields, item
// being the form's only item; anything else ("operation_id", "items") to no field.
func fieldForLoc(name string) (field, bool) {
	parts := strings.Split(name, ".")
	if len(parts) == 1 && parts[0] == "async" {
		return fAsync, true
	}
	if len(parts) < 3 || parts[0] != "items" {
		return 0, false
	}
	for f, n := range fieldNames() {
		if parts[2] == n {
			return field(f), true
		}
	}
	return 0, false
}
