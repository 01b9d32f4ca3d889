package retain

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// statusLines are the bottom of the pane: a rule, then what the last retain did (its
// request, its operation, the recallable check) or the form's problem.
func (m *Model) statusLines(st *bankState, w, room int) []string {
	s := m.c.Styles
	type line struct {
		text  string
		extra bool // a detail that goes first when room is short
	}
	var lines []line
	add := func(style lipgloss.Style, text string, maxLines int) {
		// Muted and subtle lines are details; the others say what happened.
		extra := style.GetForeground() == s.Muted.GetForeground() || style.GetForeground() == s.Subtle.GetForeground()
		for _, l := range components.Wrap(sanitize.Line(text), w, maxLines) {
			lines = append(lines, line{components.Fit(style.Render(l), w), extra})
		}
	}
	if st.formErr != "" {
		add(s.Error, "✗ "+st.formErr, 2)
	}
	sub := st.sub
	switch {
	case sub != nil:
		m.submissionLines(st, sub, w, add)
		m.checkLines(sub, add)
	case len(lines) == 0:
		add(s.Subtle, "ctrl+s retains into "+st.bank+" · tab moves between fields · ctrl+b retains a file of items", 1)
	}
	for i := len(lines) - 1; i >= 0 && len(lines) > room; i-- {
		if lines[i].extra {
			lines = append(lines[:i], lines[i+1:]...)
		}
	}
	out := []string{s.Subtle.Render(strings.Repeat("─", w))}
	for _, l := range lines[:min(len(lines), room)] {
		out = append(out, l.text)
	}
	return out
}

// what names a submission: "1 item" or "12 items from notes.jsonl".
func (sub *submission) what() string {
	w := common.Plural(sub.items, "item", "items")
	if sub.source != "" {
		w += " from " + sub.source
	}
	return w
}

// submissionLines describe the request and, for async, its operation.
func (m *Model) submissionLines(st *bankState, sub *submission, w int, add func(lipgloss.Style, string, int)) {
	s := m.c.Styles
	spin := ansi.Strip(m.spin.View()) + " " // our own glyph; the line is styled (and sanitized) as a whole
	kept := ""
	if sub.fromForm {
		kept = "; the form and its draft are as you left them"
	}
	switch {
	case sub.busy:
		add(s.Accent, spin+"retaining "+sub.what()+" into "+st.bank+"… (esc cancels)", 1)
		return
	case sub.cancelled:
		add(s.Warning, "cancelled before the server answered: it may have stored it anyway"+kept, 2)
		return
	case sub.err != nil:
		if !sub.mapped { // a 422 already shown field by field needs no sentence
			add(s.Error, "✗ "+m.c.Describe(sub.err), 2)
		}
		add(s.Muted, "nothing was stored"+kept, 1)
		return
	case sub.resp == nil:
		return
	}
	doc := ""
	if sub.docID != "" {
		doc = " · document " + sub.docID
	}
	if !sub.async {
		text := "✓ retained " + common.Plural(sub.resp.ItemsCount, "item", "items")
		if sub.source != "" {
			text += " from " + sub.source
		}
		if u := sub.resp.Usage; u != nil && u.TotalTokens > 0 {
			text += fmt.Sprintf(" · %s tokens (in %s · out %s)", common.Thousands(u.TotalTokens), common.Thousands(u.InputTokens), common.Thousands(u.OutputTokens))
		}
		add(s.Success, text, 1)
		switch {
		case sub.docID != "" && sub.source != "":
			add(s.Muted, "the check looks for document "+sub.docID+", the first with an id", 1)
		case sub.docID != "":
			add(s.Muted, "stored under document "+sub.docID, 1)
		}
		return
	}
	f := &sub.follow
	op := "operation " + common.ShortID(f.opID)
	switch {
	case f.active:
		text := spin + op + " · " + f.status
		if f.stage != "" {
			text += " · " + f.stage
		}
		if f.processed != nil && f.total != nil {
			text += fmt.Sprintf(" %d/%d", *f.processed, *f.total)
		}
		text += " · " + seconds(m.c.Now().Sub(sub.sentAt)) + " since submit"
		add(s.Accent, text, 1)
		add(s.Muted, "the memory is not recallable until the operation completes"+doc, 1)
	case f.status == client.StatusCompleted:
		text := "✓ " + op + " completed"
		if f.serverDur > 0 {
			text += " · the server took " + seconds(f.serverDur)
		}
		text += " · seen " + seconds(f.doneAt.Sub(sub.sentAt)) + " after submit"
		add(s.Success, text, 1)
		add(s.Muted, sub.what()+" stored"+doc, 1)
	case f.done:
		add(s.Error, "✗ "+op+" "+f.status+": "+f.errMsg, 2)
		add(s.Muted, "nothing was stored"+kept, 1)
	case f.pollErr != nil && f.errors >= pollMaxErrors:
		add(s.Error, "✗ stopped following "+op+": "+m.c.Describe(f.pollErr)+" (r tries again)", 2)
	default:
		add(s.Warning, "stopped following "+op+" at "+f.status+"; it goes on on the server (r follows it again)", 2)
	}
}

// checkLines describe the recallable check.
func (m *Model) checkLines(sub *submission, add func(lipgloss.Style, string, int)) {
	s := m.c.Styles
	ck := &sub.check
	phrase := fmt.Sprintf("%q", clip(sub.phrase, 40))
	switch {
	case ck.running:
		add(s.Accent, ansi.Strip(m.spin.View())+" recalling "+phrase+"…", 1)
	case ck.waiting:
		add(s.Muted, ansi.Strip(m.spin.View())+" nothing stored under the document yet · checking again in "+seconds(ck.retry), 1)
	case ck.err != nil:
		add(s.Error, "✗ the check failed: "+m.c.Describe(ck.err), 2)
	case ck.res == nil:
		switch {
		case sub.accepted() && sub.docID == "":
			add(s.Subtle, "no recallable check: no item had a document_id to find its memories by", 1)
		case !m.keys.Retain.Check.Enabled():
		case sub.done():
			add(s.Subtle, m.keys.Retain.Check.Help().Key+" checks that recall finds it", 1)
		default:
			add(s.Subtle, m.keys.Retain.Check.Help().Key+" waits for it to become recallable and times how long that takes", 1)
		}
	case ck.res.rank > 0:
		text := fmt.Sprintf("✓ recallable: rank %d of %d", ck.res.rank, ck.res.results)
		if !sub.sentAt.IsZero() {
			text += " · found " + seconds(ck.foundAt.Sub(sub.sentAt)) + " after submit"
		}
		add(s.Success, text, 1)
		detail := "recalled " + phrase
		if ck.res.found > 1 {
			detail += fmt.Sprintf(" · %d of its %d memories came back", ck.res.found, ck.res.stored)
		}
		add(s.Muted, detail, 1)
	case ck.res.stored == 0:
		add(s.Error, "✗ nothing is stored under document "+sub.docID+" (v checks again)", 2)
	default:
		add(s.Warning, fmt.Sprintf("✗ stored (%s) but not among the %d results for %s: recall it with other words in the Recall pane",
			common.Plural(ck.res.stored, "memory", "memories"), ck.res.results, phrase), 2)
	}
}
