package reflect

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// A tool call's input and output are JSON objects the server passes on from the
// agent's tools, so they hold memory text: untrusted, and at times long. They are
// read once, when the answer arrives, into a small tree that keeps the server's key
// order, and drawn from that: indented, with every string sanitized after it is
// decoded, so an escape sequence the server sent as \u001b shows as the same ␛
// placeholder as anywhere else in the app instead of hiding behind JSON's escapes.

// jnode is one JSON value: an object (keys in the server's order), an array or a
// scalar, kept as the text it is drawn with.
type jnode struct {
	kind   byte   // '{', '[' or 0 for a scalar
	scalar string // a scalar as drawn: a quoted, sanitized string, a number, true, false, null
	keys   []string
	kids   []jnode
}

// maxJSONDepth bounds the nesting read, so a hostile document cannot exhaust the
// stack; what lies deeper is drawn as "…".
const maxJSONDepth = 64

// parseJSON reads raw into a tree; ok is false when it is not JSON.
func parseJSON(raw []byte) (jnode, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	n, err := readValue(dec, 0)
	if err != nil {
		return jnode{}, false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return jnode{}, false
	}
	return n, true
}

func readValue(dec *json.Decoder, depth int) (jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return jnode{}, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := jnode{kind: byte(v)}
		for dec.More() {
			if n.kind == '{' {
				k, err := dec.Token()
				if err != nil {
					return jnode{}, err
				}
				key, _ := k.(string)
				n.keys = append(n.keys, quoted(key))
			}
			var kid jnode
			if depth < maxJSONDepth {
				kid, err = readValue(dec, depth+1)
			} else {
				kid, err = skipValue(dec)
			}
			if err != nil {
				return jnode{}, err
			}
			n.kids = append(n.kids, kid)
		}
		_, err := dec.Token() // the closing delimiter
		return n, err
	case string:
		return jnode{scalar: quoted(v)}, nil
	case json.Number:
		return jnode{scalar: sanitize.Line(v.String())}, nil
	case bool:
		return jnode{scalar: strconv.FormatBool(v)}, nil
	}
	return jnode{scalar: "null"}, nil
}

// skipValue reads past a value nested too deep to draw.
func skipValue(dec *json.Decoder) (jnode, error) {
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return jnode{}, err
	}
	return jnode{scalar: "…"}, nil
}

// quoted is a JSON string as drawn: in quotes, with quotes, backslashes, newlines and
// tabs escaped as JSON escapes them (so a value stays on its line), and everything
// else shown as sanitize shows it.
func quoted(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return sanitize.Line(b.String())
}

// prettyLines is n indented two spaces a level, one line per scalar, at most limit
// lines (no limit when limit <= 0); total is how many lines the whole value takes.
func (n jnode) prettyLines(limit int) (lines []string, total int) {
	var walk func(n jnode, indent int, prefix, suffix string)
	emit := func(l string) {
		total++
		if limit <= 0 || len(lines) < limit {
			lines = append(lines, l)
		}
	}
	walk = func(n jnode, indent int, prefix, suffix string) {
		pad := strings.Repeat("  ", indent)
		if n.kind == 0 {
			emit(pad + prefix + n.scalar + suffix)
			return
		}
		open, closing := "{", "}"
		if n.kind == '[' {
			open, closing = "[", "]"
		}
		if len(n.kids) == 0 {
			emit(pad + prefix + open + closing + suffix)
			return
		}
		emit(pad + prefix + open)
		for i, kid := range n.kids {
			p, s := "", ","
			if n.kind == '{' {
				p = n.keys[i] + ": "
			}
			if i == len(n.kids)-1 {
				s = ""
			}
			walk(kid, indent+1, p, s)
		}
		emit(pad + closing + suffix)
	}
	walk(n, 0, "", "")
	return lines, total
}

// summary is n on one line for a collapsed row: an object's fields as key: value,
// strings unquoted, nested values by their size. At most about maxBytes long.
func (n jnode) summary(maxBytes int) string {
	if n.kind != '{' {
		return components.Head(n.short(), maxBytes)
	}
	var parts []string
	size := 0
	for i, k := range n.keys {
		p := strings.Trim(k, `"`) + ": " + n.kids[i].short()
		parts = append(parts, p)
		if size += len(p); size > maxBytes {
			break
		}
	}
	if len(parts) == 0 {
		return "no input"
	}
	return components.Head(strings.Join(parts, " · "), maxBytes)
}

// short is a value in a few words: a string without its quotes, a scalar as it is,
// an object or array by its size.
func (n jnode) short() string {
	switch n.kind {
	case '{':
		return common.Plural(len(n.kids), "field", "fields")
	case '[':
		if len(n.kids) == 1 && n.kids[0].kind == 0 {
			return "[" + n.kids[0].short() + "]"
		}
		return common.Plural(len(n.kids), "item", "items")
	}
	if strings.HasPrefix(n.scalar, `"`) {
		return strings.TrimSuffix(strings.TrimPrefix(n.scalar, `"`), `"`)
	}
	return n.scalar
}
