package retain

import (
	"fmt"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/drafts"
)

// changed notes an edit of st's form and schedules the autosave for when typing
// pauses; a later edit makes this one's save stale.
// Typing without a pause longer than the delay must not postpone the save forever:
// once the oldest unsaved change is autosaveMaxWait old, the next change writes at once.
func (m *Model) changed(st *bankState) tea.Cmd {
	st.gen++
	st.formErr = ""
	if st.path == "" {
		return nil
	}
	now := m.c.Now()
	if st.dirtySince.IsZero() {
		st.dirtySince = now
	} else if now.Sub(st.dirtySince) >= autosaveMaxWait {
		return m.flushDraft(st)
	}
	return m.c.After(autosaveDelay, draftDueMsg{bank: st.bank, gen: st.gen})
}

// FinalSave implements common.Drafter: every bank's draft that changed since it was
// last written, written as it stands now (a write still in flight is older and cannot
// land after it: writeDraft orders them).
func (m *Model) FinalSave() func() error {
	var writes []func() tea.Msg
	for _, st := range m.banks {
		if st.path == "" || st.gen == st.savedGen {
			continue
		}
		writes = append(writes, writeDraftCmd(st, m.draftOf(st)))
	}
	return drafts.RunAll(writes, func(msg tea.Msg) error {
		if msg, ok := msg.(draftSavedMsg); ok && msg.err != nil {
			return fmt.Errorf("the retain draft of bank %s: %w", msg.bank, msg.err)
		}
		return nil
	})
}

// draftOf is st's form as a draft to write.
func (m *Model) draftOf(st *bankState) draft {
	return draft{Version: draftVersion, Bank: st.bank, SavedAt: m.c.Now().UTC(), Values: st.form.values(), Pending: st.pending}
}

// flushDraft writes st's form now if it changed since the last write. Writes of one
// draft never overlap (a later one could otherwise land first): a change during a
// write is written when that write reports.
func (m *Model) flushDraft(st *bankState) tea.Cmd {
	if st.path == "" || st.loading || st.gen == st.savedGen {
		return nil
	}
	if st.writing {
		st.again = true
		return nil
	}
	st.writing = true
	st.dirtySince = time.Time{}
	return writeDraftCmd(st, m.draftOf(st))
}

// onDraftSaved records what is on disk and writes again if the form changed meanwhile.
func (m *Model) onDraftSaved(msg draftSavedMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil {
		return nil
	}
	st.writing = false
	var report tea.Cmd
	if msg.err != nil {
		text := sanitize.Line(msg.err.Error())
		if text != st.draftErr {
			report = common.Emit(common.ErrorMsg{Op: "save the retain draft", Err: msg.err})
		}
		st.draftErr = text
	} else {
		st.draftErr = ""
		st.savedGen = msg.gen
		st.savedAt = msg.at
		if msg.removed {
			st.savedAt = time.Time{}
		}
	}
	if st.again {
		st.again = false
		return tea.Batch(report, m.flushDraft(st))
	}
	return report
}

// onDraftLoaded restores a bank's draft into its form, unless the user started typing
// before it arrived (then what they typed wins and replaces it on the next save). A
// draft that holds an accepted async retain follows its operation again.
func (m *Model) onDraftLoaded(msg draftLoadedMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil || !st.loading {
		return nil
	}
	st.loading = false
	switch {
	case msg.err != nil:
		st.draftErr = sanitize.Line(msg.err.Error())
		return tea.Batch(m.flushDraft(st), common.Emit(common.ErrorMsg{Op: "read the retain draft", Err: msg.err}))
	case !msg.ok:
		return m.flushDraft(st)
	case st.gen > 0:
		return tea.Batch(m.flushDraft(st), common.Toast("kept what you typed; it replaces the older retain draft"))
	}
	st.form.setValues(msg.d.Values)
	st.restoredAt = msg.d.SavedAt
	st.savedAt = msg.d.SavedAt
	p := msg.d.Pending
	if p == nil || p.OperationID == "" {
		return nil
	}
	st.pending = p
	v := msg.d.Values
	st.sub = &submission{seq: 1, fromForm: true, items: 1, async: true, values: v, docID: p.DocumentID,
		phrase: phraseOf(v.Content), sentAt: p.SubmittedAt,
		resp: &client.RetainResponse{Success: true, BankID: st.bank, ItemsCount: 1, Async: true, OperationID: p.OperationID}}
	st.sub.follow.start(p.OperationID)
	if st == m.cur && m.zone == zoneForm {
		st.form.blurAll()
		m.zone = zoneIdle
	}
	return m.schedulePoll(st)
}

// draftStatus is the header's note on the draft.
func (m *Model) draftStatus(st *bankState) (string, bool) {
	now := m.c.Now()
	switch {
	case st.draftErr != "":
		return "✗ draft not saved: " + st.draftErr, true
	case st.loading:
		return "reading draft…", false
	case st.gen != st.savedGen && st.path != "":
		return "draft saves when you pause", false
	case !st.restoredAt.IsZero() && st.savedAt.Equal(st.restoredAt):
		return "restored the draft saved " + common.RelTime(st.restoredAt, now), false
	case !st.savedAt.IsZero():
		return "draft saved " + common.RelTime(st.savedAt, now), false
	case st.path == "" && st.gen > 0:
		return "drafts are off (no state directory)", false
	}
	return "", false
}

// seconds renders a duration for the stopwatch: "850 ms", "2.4 s", "1m05s".
func seconds(d time.Duration) string {
	switch {
	case d < 0:
		return "0 ms"
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	case d < time.Minute:
		return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
	}
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}
