package reflect

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"hindsight-tui/client"
)

// Tag groups (tag_groups) are typed in the parameter bar as a boolean expression over
// tags, and parsed here into client.TagGroup values:
//
//	user:alice | user:bob & !archived
//	all[trip:tokyo, source:chat] | exact["two words"]
//
// A bare tag is a leaf {"tags": [tag]} with the server's leaf default (any_strict);
// mode[tag, …] is a leaf of several tags with a match mode (any, all, any_strict,
// all_strict, exact; [tag, …] alone keeps the default). ! is not, & is and, | is or;
// & binds tighter than |, and parentheses group. The top level's & terms become the
// request's list of groups, which the server ANDs. A tag holding spaces or one of
// | & ! ( ) [ ] , " is written in double quotes (\" and \\ inside them).

// tagGroupSyntax is the one-line reminder the bar's help shows.
const tagGroupSyntax = `tag | tag & !tag, mode[tag, tag] (mode any, all, any_strict, all_strict, exact), ( ) group, "quoted tag"`

// parseTagGroups reads a typed expression; "" is no groups. Errors say where (the
// character, counted from 1) and what was expected.
func parseTagGroups(s string) ([]client.TagGroup, error) {
	p := &tgParser{src: []rune(s)}
	p.skip()
	if p.end() {
		return nil, nil
	}
	g, err := p.or()
	if err != nil {
		return nil, err
	}
	p.skip()
	if !p.end() {
		return nil, p.errorf("unexpected %q: join groups with & or |", string(p.src[p.pos]))
	}
	if len(g.And) > 0 {
		return g.And, nil // the top level's terms are the request's list, AND-ed
	}
	return []client.TagGroup{g}, nil
}

type tgParser struct {
	src []rune
	pos int
}

func (p *tgParser) end() bool { return p.pos >= len(p.src) }

func (p *tgParser) skip() {
	for !p.end() && unicode.IsSpace(p.src[p.pos]) {
		p.pos++
	}
}

func (p *tgParser) errorf(format string, args ...any) error {
	return fmt.Errorf("at character %d: %s", p.pos+1, fmt.Sprintf(format, args...))
}

// peek is the next character after spaces, or 0 at the end.
func (p *tgParser) peek() rune {
	p.skip()
	if p.end() {
		return 0
	}
	return p.src[p.pos]
}

func (p *tgParser) or() (client.TagGroup, error) {
	first, err := p.and()
	if err != nil {
		return first, err
	}
	terms := []client.TagGroup{first}
	for p.peek() == '|' {
		p.pos++
		t, err := p.and()
		if err != nil {
			return t, err
		}
		terms = append(terms, t)
	}
	if len(terms) == 1 {
		return first, nil
	}
	return client.TagGroup{Or: terms}, nil
}

func (p *tgParser) and() (client.TagGroup, error) {
	first, err := p.unary()
	if err != nil {
		return first, err
	}
	terms := []client.TagGroup{first}
	for p.peek() == '&' {
		p.pos++
		t, err := p.unary()
		if err != nil {
			return t, err
		}
		terms = append(terms, t)
	}
	if len(terms) == 1 {
		return first, nil
	}
	return client.TagGroup{And: terms}, nil
}

func (p *tgParser) unary() (client.TagGroup, error) {
	switch p.peek() {
	case 0:
		return client.TagGroup{}, p.errorf("the expression ends where a tag was expected")
	case '!':
		p.pos++
		g, err := p.unary()
		if err != nil {
			return g, err
		}
		return client.TagGroup{Not: &g}, nil
	case '(':
		open := p.pos
		p.pos++
		g, err := p.or()
		if err != nil {
			return g, err
		}
		if p.peek() != ')' {
			p.pos = open
			return g, p.errorf("this ( is not closed")
		}
		p.pos++
		return g, nil
	case '[':
		return p.leaf("")
	}
	start := p.pos
	word, err := p.tag()
	if err != nil {
		return client.TagGroup{}, err
	}
	if !p.end() && p.src[p.pos] == '[' { // mode[…], with no space before the bracket
		if !slices.Contains(tagModes(), word) {
			p.pos = start
			return client.TagGroup{}, p.errorf("%q is not a match mode: use one of %s", word, strings.Join(tagModes(), ", "))
		}
		return p.leaf(word)
	}
	return client.TagGroup{Tags: []string{word}}, nil
}

// leaf reads [tag, …] at the cursor, with the mode already read.
func (p *tgParser) leaf(mode string) (client.TagGroup, error) {
	p.pos++ // [
	g := client.TagGroup{Match: mode}
	for {
		if p.peek() == ']' {
			if len(g.Tags) == 0 {
				return g, p.errorf("[ ] needs at least one tag")
			}
			p.pos++
			return g, nil
		}
		if len(g.Tags) > 0 {
			if p.peek() != ',' {
				if p.end() {
					return g, p.errorf("the [ is not closed")
				}
				return g, p.errorf("expected , or ] after %q", g.Tags[len(g.Tags)-1])
			}
			p.pos++
		}
		if p.peek() == 0 {
			return g, p.errorf("the [ is not closed")
		}
		t, err := p.tag()
		if err != nil {
			return g, err
		}
		g.Tags = append(g.Tags, t)
	}
}

// tag reads a bare or quoted tag at the cursor.
func (p *tgParser) tag() (string, error) {
	p.skip()
	if p.end() {
		return "", p.errorf("expected a tag")
	}
	if p.src[p.pos] == '"' {
		open := p.pos
		p.pos++
		var b strings.Builder
		for !p.end() {
			r := p.src[p.pos]
			p.pos++
			switch {
			case r == '\\' && !p.end():
				b.WriteRune(p.src[p.pos])
				p.pos++
			case r == '"':
				if b.Len() == 0 {
					p.pos = open
					return "", p.errorf(`"" is an empty tag`)
				}
				return b.String(), nil
			default:
				b.WriteRune(r)
			}
		}
		p.pos = open
		return "", p.errorf("this quote is not closed")
	}
	start := p.pos
	for !p.end() && !unicode.IsSpace(p.src[p.pos]) && !strings.ContainsRune(tgSpecial, p.src[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		return "", p.errorf("expected a tag, found %q", string(p.src[p.pos]))
	}
	return string(p.src[start:p.pos]), nil
}

// tgSpecial are the characters a bare tag cannot hold.
const tgSpecial = `|&!()[],"`

func tagModes() []string {
	return []string{client.TagsAny, client.TagsAll, client.TagsAnyStrict, client.TagsAllStrict, client.TagsExact}
}

// formatTagGroups writes groups back in the typed syntax: what parseTagGroups reads
// as the same groups.
func formatTagGroups(gs []client.TagGroup) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = formatGroup(g, 1)
	}
	return strings.Join(parts, " & ")
}

// formatGroup writes g inside an operator of the given level (0 top or or, 1 and, 2
// not), with parentheses where the operator binds less tightly.
func formatGroup(g client.TagGroup, level int) string {
	wrap := func(s string, own int) string {
		if own < level {
			return "(" + s + ")"
		}
		return s
	}
	switch {
	case g.Not != nil:
		return "!" + formatGroup(*g.Not, 2)
	case len(g.Or) > 0:
		parts := make([]string, len(g.Or))
		for i, s := range g.Or {
			parts[i] = formatGroup(s, 0)
		}
		return wrap(strings.Join(parts, " | "), 0)
	case len(g.And) > 0:
		parts := make([]string, len(g.And))
		for i, s := range g.And {
			parts[i] = formatGroup(s, 1)
		}
		return wrap(strings.Join(parts, " & "), 1)
	}
	if len(g.Tags) == 1 && g.Match == "" {
		return quoteTag(g.Tags[0])
	}
	tags := make([]string, len(g.Tags))
	for i, t := range g.Tags {
		tags[i] = quoteTag(t)
	}
	return g.Match + "[" + strings.Join(tags, ", ") + "]"
}

func quoteTag(t string) string {
	if t != "" && !strings.ContainsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(tgSpecial, r) || r == '\\' }) {
		return t
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t) + `"`
}
