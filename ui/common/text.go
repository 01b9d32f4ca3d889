package common

import "strconv"

// Thousands formats n with thousands separators: 4,096.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}

// Plural is a count and its noun: "1 memory", "4,096 memories".
func Plural(n int, one, many string) string {
	return Thousands(n) + " " + Noun(n, one, many)
}

// Noun is one or many, whichever agrees with n.
func Noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
