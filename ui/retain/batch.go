package retain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"hindsight-tui/client"
)

// A batch file holds items with the form's fields (content, context, timestamp,
// document_id, update_mode, tags, metadata, entities), as a JSON array, a retain
// request ({"items": [...]}), a single object, or JSONL (one object per line). Every
// item is checked like the form before anything is sent; async is the dialog's switch.

// itemProblem is what is wrong with one item of a batch file.
type itemProblem struct {
	item int    // 1-based
	line int    // the file line of a JSONL item; 0 otherwise
	msg  string // "timestamp: not a date or time: …"
}

func (p itemProblem) String() string {
	where := fmt.Sprintf("item %d", p.item)
	if p.line > 0 {
		where += fmt.Sprintf(" (line %d)", p.line)
	}
	return where + ": " + p.msg
}

// batchItemKeys are the keys an item may have.
func batchItemKeys() []string {
	return []string{"content", "context", "timestamp", "document_id", "update_mode", "tags", "metadata", "entities"}
}

// rawItem is one item as found in the file.
type rawItem struct {
	raw  json.RawMessage
	line int
}

// parseBatch reads a batch file into memory items; problems name the item (and line)
// and the field. err is set when the file is not any of the accepted shapes.
func parseBatch(data []byte) (items []client.MemoryItem, problems []itemProblem, asyncHint *bool, err error) {
	raws, asyncHint, err := splitBatch(data)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(raws) == 0 {
		return nil, nil, nil, fmt.Errorf("the file holds no items")
	}
	for i, r := range raws {
		it, msgs := parseBatchItem(r.raw)
		for _, msg := range msgs {
			problems = append(problems, itemProblem{item: i + 1, line: r.line, msg: msg})
		}
		items = append(items, it)
	}
	return items, problems, asyncHint, nil
}

// splitBatch finds the items: a JSON array, an object with "items" (a retain request,
// whose async is returned as a hint), one item object, or one object per line.
func splitBatch(data []byte) ([]rawItem, *bool, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	trimmed := bytes.TrimSpace(data)
	switch {
	case len(trimmed) == 0:
		return nil, nil, fmt.Errorf("the file is empty")
	case trimmed[0] == '[':
		var arr []json.RawMessage
		if err := json.Unmarshal(trimmed, &arr); err != nil {
			return nil, nil, fmt.Errorf("not a JSON array of items: %w", err)
		}
		out := make([]rawItem, len(arr))
		for i, a := range arr {
			out[i] = rawItem{raw: a}
		}
		return out, nil, nil
	case trimmed[0] == '{':
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(trimmed, &obj); err == nil {
			if _, ok := obj["items"]; ok {
				var req struct {
					Items []json.RawMessage `json:"items"`
					Async *bool             `json:"async"`
				}
				if err := json.Unmarshal(trimmed, &req); err != nil {
					return nil, nil, fmt.Errorf("not a retain request: %w", err)
				}
				out := make([]rawItem, len(req.Items))
				for i, a := range req.Items {
					out[i] = rawItem{raw: a}
				}
				return out, req.Async, nil
			}
			return []rawItem{{raw: trimmed}}, nil, nil
		}
		return splitJSONL(data)
	}
	return nil, nil, fmt.Errorf("not JSON: a batch is a JSON array of items, {\"items\": [...]}, or one JSON object per line")
}

// splitJSONL reads one item per non-blank line.
func splitJSONL(data []byte) ([]rawItem, *bool, error) {
	var out []rawItem
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if !json.Valid(line) || line[0] != '{' {
			return nil, nil, fmt.Errorf("line %d is not a JSON object (JSONL holds one item per line)", i+1)
		}
		out = append(out, rawItem{raw: slices.Clone(line), line: i + 1})
	}
	return out, nil, nil
}

// parseBatchItem checks one item like the form checks its fields.
func parseBatchItem(raw json.RawMessage) (client.MemoryItem, []string) {
	var it client.MemoryItem
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return it, []string{"not a JSON object"}
	}
	var probs []string
	bad := func(key, msg string) { probs = append(probs, key+": "+msg) }
	str := func(key string) (string, bool) {
		v, ok := obj[key]
		if !ok || string(v) == "null" {
			return "", false
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			bad(key, "must be a string")
			return "", false
		}
		return s, true
	}
	var unknown []string
	for k := range obj {
		if !slices.Contains(batchItemKeys(), k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		bad(k, "unknown field (an item has "+strings.Join(batchItemKeys(), ", ")+")")
	}
	it.Content, _ = str("content")
	if strings.TrimSpace(it.Content) == "" {
		bad("content", "cannot be empty")
	}
	it.Context, _ = str("context")
	if ts, ok := str("timestamp"); ok {
		if sent, err := parseTimestamp(ts); err != nil {
			bad("timestamp", err.Error())
		} else {
			it.Timestamp = sent
		}
	}
	it.DocumentID, _ = str("document_id")
	if mode, ok := str("update_mode"); ok {
		switch mode {
		case "replace":
		case "append":
			it.UpdateMode = mode
		default:
			bad("update_mode", "must be replace or append")
		}
	}
	it.Tags = batchTags(obj["tags"], bad)
	it.Metadata = batchMetadata(obj["metadata"], bad)
	it.Entities = batchEntities(obj["entities"], bad)
	return it, probs
}

// batchTags accepts a list of strings or one string, as the server does.
func batchTags(raw json.RawMessage, bad func(key, msg string)) []string {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return tagList(nil, one)
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		bad("tags", "must be a list of strings")
		return nil
	}
	return tagList(list, "")
}

// batchMetadata accepts an object of string values; the server rejects others.
func batchMetadata(raw json.RawMessage, bad func(key, msg string)) map[string]string {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		bad("metadata", "must be an object of key: value strings")
		return nil
	}
	out := make(map[string]string, len(obj))
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		var s string
		if err := json.Unmarshal(obj[k], &s); err != nil {
			bad("metadata."+k, "values must be strings (write \"3\", not 3)")
			continue
		}
		out[k] = s
	}
	return out
}

// batchEntities accepts "name" or "name:TYPE" strings, or {text, type} objects.
func batchEntities(raw json.RawMessage, bad func(key, msg string)) []client.EntityHint {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		bad("entities", "must be a list")
		return nil
	}
	var out []client.EntityHint
	var names []string
	for i, e := range list {
		var s string
		if json.Unmarshal(e, &s) == nil {
			h, err := parseEntity(s)
			if err != nil {
				bad(fmt.Sprintf("entities.%d", i), err.Error())
				continue
			}
			out = append(out, h)
		} else {
			var h client.EntityHint
			if err := json.Unmarshal(e, &h); err != nil || strings.TrimSpace(h.Text) == "" {
				bad(fmt.Sprintf("entities.%d", i), "want a name, name:TYPE or {\"text\": …, \"type\": …}")
				continue
			}
			out = append(out, h)
		}
		name := strings.ToLower(out[len(out)-1].Text)
		if slices.Contains(names, name) {
			bad(fmt.Sprintf("entities.%d", i), fmt.Sprintf("%q is listed twice", out[len(out)-1].Text))
		}
		names = append(names, name)
	}
	return out
}

// asyncConflicts are the document_ids that more than one item uses: an async batch
// with them is refused by the server (its workers would race on the document).
func asyncConflicts(items []client.MemoryItem) []string {
	count := map[string]int{}
	var dup []string
	for _, it := range items {
		if id := it.DocumentID; id != "" {
			if count[id]++; count[id] == 2 {
				dup = append(dup, id)
			}
		}
	}
	return dup
}

// checkTarget picks the item the recallable check looks for: the first with a
// document_id (a batch's own ids are not generated: that would change how the server
// groups items without one into documents).
func checkTarget(items []client.MemoryItem) (docID, phrase string) {
	for _, it := range items {
		if it.DocumentID != "" {
			return it.DocumentID, phraseOf(it.Content)
		}
	}
	return "", ""
}
