package common

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
)

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

// ShortID is an id short enough for a row, a notice or a confirmation, sanitized: the
// first eight characters of a generated (hex, UUID-like) id, enough to tell memories
// or operations apart, and a chosen id ("alex-travel-profile") whole up to 24 cells,
// since its first eight characters ("alex-tra") would name nothing.
func ShortID(id string) string {
	id = sanitize.Line(id)
	r := []rune(id)
	if len(r) <= 8 {
		return id
	}
	if generated(id) {
		return string(r[:8])
	}
	// A typed generated id ("mm-" and 32 hex digits) keeps its type and eight digits.
	if i := strings.IndexByte(id, '-'); i > 0 && i <= 4 && generated(id[i+1:]) {
		return id[:i+9]
	}
	return ansi.Truncate(id, 24, "…")
}

// generated reports whether id starts with eight hex digits, as UUIDs and the server's
// own ids do.
func generated(id string) bool {
	if len(id) < 8 {
		return false
	}
	for _, c := range id[:8] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}

// ItemName names one item in a confirmation or a notice: the first line of its text,
// sanitized and cut to about 48 cells, and the first eight characters of its id, so
// that the user can tell exactly which one a destructive action will touch.
func ItemName(text, id string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	line = sanitize.Line(line)
	line = ansi.Truncate(line, 48, "…")
	short := ShortID(id)
	if line == "" {
		return short
	}
	return "“" + line + "” (" + short + ")"
}

// NoLongerListed is the notice for a reload that lost the item under the cursor: the
// item (named by ItemName or alike) left the list, and the cursor stays on its row
// (1-based), which now holds another item.
func NoLongerListed(name string, row int) string {
	return fmt.Sprintf("%s is no longer in this list near row %s; the cursor stays on that row", name, Thousands(row))
}

// SortedDown follows the title of the column a list is ordered by, newest or largest
// first, so that a column of dates that looks unsorted says which one the order is.
const SortedDown = "↓"

// WithOrder is what the right of a list's title line says: its count and, when the line
// has room for it beside left, the list's order ("80 memories · newest mentioned first").
// Without room the count stays alone; the ↓ of the column title still shows the order.
func WithOrder(left, count, order string, width int) string {
	full := count
	if order != "" && count != "" {
		full += " · " + order
	} else if order != "" {
		full = order
	}
	if ansi.StringWidth(left)+1+ansi.StringWidth(full) <= width {
		return full
	}
	return count
}

// Paged says how many items a paged list holds and which page is shown: "12 runs ·
// page 1/3" (one, many name an item). offset is the first item shown, size the page's.
func Paged(total, offset, size int, one, many string) string {
	size = max(size, 1)
	pages := max((total+size-1)/size, 1)
	return Plural(total, one, many) + " · page " + strconv.Itoa(offset/size+1) + "/" + strconv.Itoa(pages)
}
