package codegen

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"hindsight-tui/client"
)

// pyArg is one setting of a request as a keyword argument of hindsight_client's
// Hindsight.recall. A setting the client has no parameter for carries noKeyword, the
// reason, and is shown as "name=value" in a comment instead of being passed.
type pyArg struct {
	name, value string
	noKeyword   string
	defaulted   bool // written only to keep the server's default (see pythonArgs)
}

func (a pyArg) String() string { return a.name + "=" + a.value }

// pythonArgs maps the request onto Hindsight.recall's keywords, in the signature's order,
// leaving out what the request leaves to the server, except for entities: the Python
// client turns entities off unless asked, while the server's default is on.
func pythonArgs(r client.RecallRequest) []pyArg {
	var args []pyArg
	add := func(name, value string) { args = append(args, pyArg{name: name, value: value}) }
	if len(r.Types) > 0 {
		add("types", pyStrings(r.Types))
	}
	if r.MaxTokens != nil {
		add("max_tokens", strconv.Itoa(*r.MaxTokens))
	}
	if r.Budget != "" {
		add("budget", pyStr(r.Budget))
	}
	if r.Trace {
		add("trace", "True")
	}
	if r.QueryTimestamp != "" {
		add("query_timestamp", pyStr(r.QueryTimestamp))
	}
	inc := client.RecallInclude{}
	if r.Include != nil {
		inc = *r.Include
	}
	if !inc.NoEntities {
		args = append(args, pyArg{name: "include_entities", value: "True", defaulted: inc.Entities == nil})
		if inc.Entities != nil && inc.Entities.MaxTokens != nil {
			add("max_entity_tokens", strconv.Itoa(*inc.Entities.MaxTokens))
		}
	}
	if inc.Chunks != nil {
		add("include_chunks", "True")
		if inc.Chunks.MaxTokens != nil {
			add("max_chunk_tokens", strconv.Itoa(*inc.Chunks.MaxTokens))
		}
	}
	if sf := inc.SourceFacts; sf != nil {
		add("include_source_facts", "True")
		if sf.MaxTokens != nil {
			add("max_source_facts_tokens", strconv.Itoa(*sf.MaxTokens))
		}
		if sf.MaxTokensPerObservation != nil {
			args = append(args, pyArg{name: "include.source_facts.max_tokens_per_observation",
				value:     strconv.Itoa(*sf.MaxTokensPerObservation),
				noKeyword: "the server default, -1 = unlimited, applies"})
		}
	}
	if len(r.Tags) > 0 {
		add("tags", pyStrings(r.Tags))
	}
	// Passed even without tags: "exact" with no tags selects the untagged memories.
	if r.TagsMatch != "" {
		add("tags_match", pyStr(r.TagsMatch))
	}
	if len(r.TagGroups) > 0 {
		groups := make([]string, len(r.TagGroups))
		for i, g := range r.TagGroups {
			groups[i] = pyTagGroup(g)
		}
		add("tag_groups", "["+strings.Join(groups, ", ")+"]")
	}
	if r.PreferObservations {
		add("prefer_observations", "True")
	}
	if r.MinScores != nil {
		add("min_scores", pyMinScores(*r.MinScores))
	}
	if w := r.TemporalWindow; w != nil {
		add("temporal_window", fmt.Sprintf(`{"start": %s, "end": %s}`, pyStr(w.Start), pyStr(w.End)))
	}
	return args
}

// pythonSnippet is a script that runs the request with hindsight_client and prints the
// results the way the agent tools number them.
func pythonSnippet(in Input) string {
	var b strings.Builder
	if in.hasKey() {
		b.WriteString("import os\n\n")
	}
	b.WriteString("from hindsight_client import Hindsight\n\n")
	writeKeyComment(&b, in, "# ")
	b.WriteString("client = Hindsight(base_url=" + pyStr(baseURL(in.BaseURL)))
	if in.hasKey() {
		b.WriteString(", api_key=os.environ[" + pyStr(keyEnv) + "]")
	}
	b.WriteString(")\n")
	call := []pyLine{{text: "bank_id=" + pyStr(in.BankID)}, {text: "query=" + pyStr(in.Req.Query)}}
	for _, a := range pythonArgs(in.Req) {
		switch {
		case a.noKeyword != "":
			fmt.Fprintf(&b, "# not expressible in hindsight_client.recall: %s (%s)\n", a, a.noKeyword)
		case a.defaulted:
			// Without the note a reader would drop it as noise and lose the entities.
			call = append(call, pyLine{a.String(), "the server's default; hindsight_client's is False"})
		default:
			call = append(call, pyLine{text: a.String()})
		}
	}
	writePyCall(&b, "response = client.recall", call)
	b.WriteString("for i, result in enumerate(response.results, 1):\n")
	b.WriteString("    print(f\"{i}. {result.text}\")\n")
	return b.String()
}

// pyLine is one keyword argument on its own line, with an optional trailing comment.
type pyLine struct{ text, comment string }

// writePyCall writes a call with one argument per line and a trailing comma, a layout
// black leaves alone, so a pasted snippet needs no reformatting.
func writePyCall(b *strings.Builder, callee string, args []pyLine) {
	b.WriteString(callee + "(\n")
	for _, a := range args {
		b.WriteString("    " + a.text + ",")
		if a.comment != "" {
			b.WriteString("  # " + a.comment)
		}
		b.WriteByte('\n')
	}
	b.WriteString(")\n")
}

// pyTagGroup writes a tag group as the dict hindsight_client sends, keys in the order
// our client encodes them and only those it would send.
func pyTagGroup(g client.TagGroup) string {
	var kv []string
	if len(g.Tags) > 0 {
		kv = append(kv, `"tags": `+pyStrings(g.Tags))
	}
	if g.Match != "" {
		kv = append(kv, `"match": `+pyStr(g.Match))
	}
	for _, sub := range []struct {
		key    string
		groups []client.TagGroup
	}{{"and", g.And}, {"or", g.Or}} {
		if len(sub.groups) == 0 {
			continue
		}
		items := make([]string, len(sub.groups))
		for i, c := range sub.groups {
			items[i] = pyTagGroup(c)
		}
		kv = append(kv, pyStr(sub.key)+": ["+strings.Join(items, ", ")+"]")
	}
	if g.Not != nil {
		kv = append(kv, `"not": `+pyTagGroup(*g.Not))
	}
	return "{" + strings.Join(kv, ", ") + "}"
}

func pyMinScores(m client.MinScores) string {
	var kv []string
	for _, s := range []struct {
		key string
		v   *float64
	}{{"semantic", m.Semantic}, {"keyword", m.Keyword}, {"reranker", m.Reranker}, {"final", m.Final}} {
		if s.v != nil {
			kv = append(kv, pyStr(s.key)+": "+pyFloat(*s.v))
		}
	}
	return "{" + strings.Join(kv, ", ") + "}"
}

// pyFloat writes f so that Python reads a float (never an int) of the same value.
func pyFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	switch s {
	case "NaN":
		return `float("nan")`
	case "+Inf":
		return `float("inf")`
	case "-Inf":
		return `float("-inf")`
	}
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

func pyStrings(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = pyStr(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// pyStr writes s as a double-quoted Python 3 str literal holding the text the server
// receives: printable characters (emoji included) stay readable, everything else is
// escaped, and invalid UTF-8 becomes U+FFFD per byte, as encoding/json sends it.
func pyStr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
