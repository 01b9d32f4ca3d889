package components

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
)

// pattern is the server-side completion pattern for the typed text: the tags list's q
// is anchored, so "*text*" finds the text anywhere in a tag.
func (t *TagInput) pattern() string {
	text := strings.TrimSpace(t.input.Value())
	if text == "" {
		return ""
	}
	return "*" + text + "*"
}

// typed follows a change of the text: in a bank too large for the first page, it
// schedules a server-side completion for when typing pauses.
func (t *TagInput) typed() tea.Cmd {
	src := t.banks[t.bank]
	if src == nil || !src.loaded || src.total <= len(src.first) || t.pattern() == "" {
		return nil
	}
	t.seq++
	msg := tagPauseMsg{owner: t, seq: t.seq}
	if t.Delay <= 0 {
		return func() tea.Msg { return msg }
	}
	return t.c.After(t.Delay, msg)
}

// load fetches the first page of the bank's tags (pattern "") or the tags matching a
// pattern, unless that answer is known or on its way.
func (t *TagInput) load(pattern string) tea.Cmd {
	if t.c.Client == nil {
		return nil
	}
	src := t.source()
	switch {
	case pattern == "" && (src.loaded || src.loading):
		return nil
	case pattern != "":
		if _, ok := src.remote[pattern]; ok || src.pending[pattern] {
			return nil
		}
		src.pending[pattern] = true
	default:
		src.loading = true
	}
	owner, bank, cl, c := t, t.bank, t.c.Client, t.c
	return func() tea.Msg {
		ctx, cancel := c.Context(context.Background())
		defer cancel()
		p := client.ListTagsParams{Limit: tagPageSize}
		if pattern != "" {
			p = client.ListTagsParams{Q: pattern, Limit: completionMax * 4}
		}
		list, err := cl.ListTags(ctx, bank, p)
		if err != nil {
			return tagsLoadedMsg{owner: owner, bank: bank, pattern: pattern, err: fmt.Errorf("list tags of %s: %w", bank, err)}
		}
		return tagsLoadedMsg{owner: owner, bank: bank, pattern: pattern, items: list.Items, total: list.Total}
	}
}

// loaded files an answer under its bank and pattern; it reports false for an answer
// nobody is waiting for (a repeated delivery, a bank forgotten by Reload).
func (t *TagInput) loaded(msg tagsLoadedMsg) bool {
	src := t.banks[msg.bank]
	if src == nil {
		return false
	}
	if msg.pattern != "" {
		if !src.pending[msg.pattern] {
			return false
		}
		delete(src.pending, msg.pattern)
		if msg.err == nil {
			src.remote[msg.pattern] = msg.items
		}
		return true
	}
	if !src.loading {
		return false
	}
	src.loading = false
	if msg.err != nil {
		src.err = msg.err
		return true
	}
	src.first, src.total, src.loaded, src.err = msg.items, msg.total, true, nil
	return true
}

// Reload forgets the current bank's tags, so the next focus loads them again (after
// a retain added tags, say).
func (t *TagInput) Reload() { delete(t.banks, t.bank) }
