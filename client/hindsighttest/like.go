package hindsighttest

import (
	"strings"
	"unicode/utf8"
)

// SQL LIKE semantics, which the real server's text filters inherit from Postgres.

// likeMatch reports whether s matches a SQL ILIKE pattern: case-insensitive, "%" is
// any run, "_" any single character, "\" escapes.
func likeMatch(s, pattern string) bool {
	return likeRunes([]rune(strings.ToLower(s)), []rune(strings.ToLower(pattern)))
}

func likeRunes(s, p []rune) bool {
	for len(p) > 0 {
		switch p[0] {
		case '%':
			for len(p) > 0 && p[0] == '%' {
				p = p[1:]
			}
			if len(p) == 0 {
				return true
			}
			for i := 0; i <= len(s); i++ {
				if likeRunes(s[i:], p) {
					return true
				}
			}
			return false
		case '_':
			if len(s) == 0 {
				return false
			}
			s, p = s[1:], p[1:]
		default:
			c := p[0]
			if c == '\\' && len(p) > 1 {
				c, p = p[1], p[1:]
			}
			if len(s) == 0 || s[0] != c {
				return false
			}
			s, p = s[1:], p[1:]
		}
	}
	return len(s) == 0
}

// containsLike is ILIKE '%q%': a plain substring test unless q has wildcards.
func containsLike(s, q string) bool { return likeMatcher(q)(s) }

// likeMatcher compiles ILIKE '%q%' into a test; a query without wildcards is a
// case-insensitive substring search that does not allocate for ASCII queries, which
// keeps searching large banks fast.
func likeMatcher(q string) func(string) bool {
	if strings.ContainsAny(q, `%_\`) {
		pattern := "%" + q + "%"
		return func(s string) bool { return likeMatch(s, pattern) }
	}
	lower := strings.ToLower(q)
	for i := 0; i < len(lower); i++ {
		if lower[i] >= utf8.RuneSelf {
			return func(s string) bool { return strings.Contains(strings.ToLower(s), lower) }
		}
	}
	return func(s string) bool { return containsFoldASCII(s, lower) }
}

// containsFoldASCII reports whether s contains the lower-case ASCII string sub,
// ignoring ASCII case.
func containsFoldASCII(s, sub string) bool {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		j := 0
		for ; j < n; j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				break
			}
		}
		if j == n {
			return true
		}
	}
	return false
}
