package codegen

import (
	"go/format"
	"math"
	"strconv"
	"strings"

	"hindsight-tui/client"
)

// goSnippet is a complete program that sends the request with our own client and prints
// the results the way the agent tools number them. It spells out exactly the fields the
// request sets, so the struct literal is the request and nothing else.
func goSnippet(in Input) string {
	g := goWriter{}
	fields := g.requestFields(in.Req)

	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"log\"\n")
	if g.needMath {
		b.WriteString("\t\"math\"\n")
	}
	if in.hasKey() {
		b.WriteString("\t\"os\"\n")
	}
	b.WriteString("\n\t\"hindsight-tui/client\"\n)\n\nfunc main() {\n")
	writeKeyComment(&b, in, "// ")
	b.WriteString("c, err := client.New(" + strconv.Quote(baseURL(in.BaseURL)))
	if in.hasKey() {
		b.WriteString(", client.WithAPIKey(os.Getenv(" + strconv.Quote(keyEnv) + "))")
	}
	b.WriteString(")\nif err != nil {\nlog.Fatal(err)\n}\n")
	b.WriteString("resp, err := c.Recall(context.Background(), " + strconv.Quote(in.BankID) + ", client.RecallRequest{\n")
	for _, f := range fields {
		b.WriteString(f + ",\n")
	}
	b.WriteString("})\nif err != nil {\nlog.Fatal(err)\n}\n")
	b.WriteString("for i, r := range resp.Results {\nfmt.Printf(\"%d. %s\\n\", i+1, r.Text)\n}\n}\n")

	// gofmt indents and aligns; the source above is always valid, so an error here would
	// be a bug in this file, and the unformatted text is still better than nothing.
	out, err := format.Source([]byte(b.String()))
	if err != nil {
		return b.String()
	}
	return string(out)
}

// goWriter renders Go expressions and remembers which extra imports they need.
type goWriter struct{ needMath bool }

// requestFields returns "Field: value" for every field the request sets, in struct order.
func (g *goWriter) requestFields(r client.RecallRequest) []string {
	f := []string{"Query: " + strconv.Quote(r.Query)} // always sent: the server requires it
	if len(r.Types) > 0 {
		f = append(f, "Types: "+goStrings(r.Types))
	}
	if r.PreferObservations {
		f = append(f, "PreferObservations: true")
	}
	if r.Budget != "" {
		f = append(f, "Budget: "+goBudget(r.Budget))
	}
	if r.MaxTokens != nil {
		f = append(f, "MaxTokens: "+goIntPtr(*r.MaxTokens))
	}
	if r.Trace {
		f = append(f, "Trace: true")
	}
	if r.QueryTimestamp != "" {
		f = append(f, "QueryTimestamp: "+strconv.Quote(r.QueryTimestamp))
	}
	if r.Include != nil {
		f = append(f, "Include: "+goInclude(*r.Include))
	}
	if len(r.Tags) > 0 {
		f = append(f, "Tags: "+goStrings(r.Tags))
	}
	if r.TagsMatch != "" {
		f = append(f, "TagsMatch: "+goTagsMatch(r.TagsMatch))
	}
	if len(r.TagGroups) > 0 {
		f = append(f, "TagGroups: "+goTagGroups(r.TagGroups))
	}
	if m := r.MinScores; m != nil {
		var s []string
		for _, sc := range []struct {
			name string
			v    *float64
		}{{"Semantic", m.Semantic}, {"Keyword", m.Keyword}, {"Reranker", m.Reranker}, {"Final", m.Final}} {
			if sc.v != nil {
				s = append(s, sc.name+": client.Ptr("+g.float(*sc.v)+")")
			}
		}
		f = append(f, "MinScores: &client.MinScores{"+strings.Join(s, ", ")+"}")
	}
	if w := r.TemporalWindow; w != nil {
		f = append(f, "TemporalWindow: &client.TemporalWindow{Start: "+strconv.Quote(w.Start)+", End: "+strconv.Quote(w.End)+"}")
	}
	return f
}

// goInclude writes one field per line when there are several: the literal is the part of
// the request a reader is most likely to edit.
func goInclude(inc client.RecallInclude) string {
	var s []string
	if e := inc.Entities; e != nil {
		s = append(s, "Entities: &client.EntitiesInclude{"+optMaxTokens(e.MaxTokens)+"}")
	}
	if inc.NoEntities {
		s = append(s, "NoEntities: true")
	}
	if c := inc.Chunks; c != nil {
		s = append(s, "Chunks: &client.ChunksInclude{"+optMaxTokens(c.MaxTokens)+"}")
	}
	if sf := inc.SourceFacts; sf != nil {
		var in []string
		if sf.MaxTokens != nil {
			in = append(in, "MaxTokens: "+goIntPtr(*sf.MaxTokens))
		}
		if sf.MaxTokensPerObservation != nil {
			in = append(in, "MaxTokensPerObservation: "+goIntPtr(*sf.MaxTokensPerObservation))
		}
		s = append(s, "SourceFacts: &client.SourceFactsInclude{"+strings.Join(in, ", ")+"}")
	}
	if len(s) < 2 {
		return "&client.RecallInclude{" + strings.Join(s, "") + "}"
	}
	return "&client.RecallInclude{\n" + strings.Join(s, ",\n") + ",\n}"
}

func optMaxTokens(n *int) string {
	if n == nil {
		return ""
	}
	return "MaxTokens: " + goIntPtr(*n)
}

// goTagGroups writes a []client.TagGroup with one top-level group per line.
func goTagGroups(gs []client.TagGroup) string {
	items := make([]string, len(gs))
	for i, g := range gs {
		items[i] = goTagGroup(g)
	}
	return "[]client.TagGroup{\n" + strings.Join(items, ",\n") + ",\n}"
}

// goTagGroup writes the braces of one group without its type (elided inside a slice; a
// Not adds &client.TagGroup itself).
func goTagGroup(g client.TagGroup) string {
	var s []string
	if len(g.Tags) > 0 {
		s = append(s, "Tags: "+goStrings(g.Tags))
	}
	if g.Match != "" {
		s = append(s, "Match: "+goTagsMatch(g.Match))
	}
	for _, sub := range []struct {
		name   string
		groups []client.TagGroup
	}{{"And", g.And}, {"Or", g.Or}} {
		if len(sub.groups) == 0 {
			continue
		}
		items := make([]string, len(sub.groups))
		for i, c := range sub.groups {
			items[i] = goTagGroup(c)
		}
		s = append(s, sub.name+": []client.TagGroup{"+strings.Join(items, ", ")+"}")
	}
	if g.Not != nil {
		s = append(s, "Not: &client.TagGroup"+goTagGroup(*g.Not))
	}
	return "{" + strings.Join(s, ", ") + "}"
}

// goBudget and goTagsMatch prefer the client's named constants, which read better and
// survive a rename; an unknown value is written as the string the request carries.
func goBudget(v string) string {
	switch v {
	case client.BudgetLow:
		return "client.BudgetLow"
	case client.BudgetMid:
		return "client.BudgetMid"
	case client.BudgetHigh:
		return "client.BudgetHigh"
	}
	return strconv.Quote(v)
}

func goTagsMatch(v string) string {
	switch v {
	case client.TagsAny:
		return "client.TagsAny"
	case client.TagsAll:
		return "client.TagsAll"
	case client.TagsAnyStrict:
		return "client.TagsAnyStrict"
	case client.TagsAllStrict:
		return "client.TagsAllStrict"
	case client.TagsExact:
		return "client.TagsExact"
	}
	return strconv.Quote(v)
}

func goIntPtr(n int) string { return "client.Ptr(" + strconv.Itoa(n) + ")" }

// float writes f as an untyped float constant, so client.Ptr infers *float64 (never *int).
func (g *goWriter) float(f float64) string {
	switch {
	case math.IsNaN(f):
		g.needMath = true
		return "math.NaN()"
	case math.IsInf(f, 1):
		g.needMath = true
		return "math.Inf(1)"
	case math.IsInf(f, -1):
		g.needMath = true
		return "math.Inf(-1)"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

func goStrings(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "[]string{" + strings.Join(q, ", ") + "}"
}
