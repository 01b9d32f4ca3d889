package checks

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"hindsight-tui/client"
)

// Lister lists a bank's memories; *client.Client has it.
type Lister interface {
	ListMemories(ctx context.Context, bankID string, p client.ListMemoriesParams) (*client.MemoryList, error)
}

// resolvePage is how many matches of a fragment Resolve reads: enough to name the
// candidates of an ambiguous fragment.
const resolvePage = 20

// ResolveError says why a text fragment names no memory, or more than one.
type ResolveError struct {
	Bank, Fragment string
	Matches        []client.Memory // empty: nothing matched
	Total          int
}

func (e *ResolveError) Error() string {
	if len(e.Matches) == 0 {
		return fmt.Sprintf("no memory in bank %s contains %q", e.Bank, e.Fragment)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q is ambiguous in bank %s: %d memories contain it:", e.Fragment, e.Bank, e.Total)
	for i, m := range e.Matches {
		if i == 5 {
			fmt.Fprintf(&b, " and %d more", e.Total-5)
			break
		}
		fmt.Fprintf(&b, " %s %q;", m.ID, clip(m.Text, 60))
	}
	return strings.TrimSuffix(b.String(), ";") + " (use a longer fragment or the id)"
}

// Resolve turns a target into a memory id. An id is taken as it is; a text fragment is
// looked up with the memories list (q=, case-insensitive, in text or context) and must
// occur in exactly one memory's text: a valid one, or else an invalidated one (so that
// a suite can forbid a retired memory by its words). At most two requests a fragment.
func Resolve(ctx context.Context, l Lister, bank string, t Target) (string, error) {
	m, err := Find(ctx, l, bank, t)
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// Find is Resolve with the memory a fragment named, so that its text can be shown; for
// an id, which is taken as it is, the memory holds only the id.
func Find(ctx context.Context, l Lister, bank string, t Target) (*client.Memory, error) {
	if t.ID != "" {
		return &client.Memory{ID: t.ID}, nil
	}
	m, err := resolveIn(ctx, l, bank, t.Text, "")
	if re := (*ResolveError)(nil); errors.As(err, &re) && len(re.Matches) == 0 {
		return resolveIn(ctx, l, bank, t.Text, "invalidated")
	}
	return m, err
}

func resolveIn(ctx context.Context, l Lister, bank, fragment, state string) (*client.Memory, error) {
	page, err := l.ListMemories(ctx, bank, client.ListMemoriesParams{Q: fragment, State: state, Limit: resolvePage})
	if err != nil {
		return nil, fmt.Errorf("look up %q in bank %s: %w", fragment, bank, err)
	}
	// q also matches the context, and % and _ are wildcards on the server: keep the
	// memories whose text holds the fragment as written.
	want := strings.ToLower(fragment)
	var matches []client.Memory
	for _, m := range page.Items {
		if strings.Contains(strings.ToLower(m.Text), want) {
			matches = append(matches, m)
		}
	}
	total := len(matches)
	if len(page.Items) < page.Total { // the page was full: more may match
		total += page.Total - len(page.Items)
	}
	if len(matches) == 1 && total == 1 {
		return &matches[0], nil
	}
	return nil, &ResolveError{Bank: bank, Fragment: fragment, Matches: matches, Total: total}
}

// clip shortens text to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
