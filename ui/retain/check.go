package retain

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// The recallable check answers "I retained it, can recall find it?": it lists the
// memories stored under the retain's document_id (retain does not echo ids), recalls
// a phrase of the content the way an agent would (the server's defaults), and reports
// whether and at which rank a new memory comes back, and how long after the submit.
// While nothing is stored yet (an async retain still running) it tries again, backing
// off, for a while.
const (
	checkFirstRetry = time.Second
	checkMaxRetry   = 5 * time.Second
	checkPatience   = 2 * time.Minute
	phraseWords     = 12
	checkListLimit  = 100
)

// checkResult is one check's findings.
type checkResult struct {
	stored  int // memories under the document_id
	results int // recall results
	rank    int // 1-based rank of the best new memory among them; 0 when absent
	found   int // how many of the new memories recall returned
}

// check is the state of the recallable check of one submission.
type check struct {
	seq      int
	running  bool // a request is in flight
	waiting  bool // a retry is scheduled
	cancel   context.CancelFunc
	startAt  time.Time
	attempts int
	retry    time.Duration
	res      *checkResult
	err      error
	foundAt  time.Time // when recall first returned a new memory
}

// Check messages.
type (
	checkDueMsg struct {
		bank string
		seq  int
	}
	checkDoneMsg struct {
		bank string
		seq  int
		res  checkResult
		err  error
		at   time.Time
	}
)

// phraseOf picks what the check recalls: the content's first sentence, at most
// phraseWords words, as an agent's question would quote it.
func phraseOf(content string) string {
	content = strings.TrimSpace(content)
	if i := strings.IndexAny(content, ".!?\n"); i > 0 {
		content = content[:i]
	}
	words := strings.Fields(content)
	if len(words) > phraseWords {
		words = words[:phraseWords]
	}
	p := strings.Join(words, " ")
	for _, r := range p {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return p
		}
	}
	return ""
}

// rankOf finds the new memories (by id, or failing that by document_id) among recall
// results: the rank of the first one and how many came back.
func rankOf(results []client.RecallResult, ids map[string]bool, docID string) (rank, found int) {
	for i, r := range results {
		if ids[r.ID] || (docID != "" && r.DocumentID == docID) {
			if rank == 0 {
				rank = i + 1
			}
			found++
		}
	}
	return rank, found
}

// checkCmd runs one check of st's last retain: list the document's memories, then
// recall the phrase. The answer is stamped with the clock's time, for the stopwatch.
func checkCmd(c *common.Common, st *bankState) tea.Cmd {
	sub := st.sub
	ck := &sub.check
	ctx, cancel := c.Context(context.Background())
	ck.cancel = cancel
	cl, clock, bank, docID, phrase, seq := c.Client, c.Now, st.bank, sub.docID, sub.phrase, ck.seq
	return func() tea.Msg {
		defer cancel()
		done := func(res checkResult, err error) tea.Msg {
			return checkDoneMsg{bank: bank, seq: seq, res: res, err: err, at: clock()}
		}
		list, err := cl.ListMemories(ctx, bank, client.ListMemoriesParams{DocumentID: docID, Limit: checkListLimit})
		if err != nil {
			return done(checkResult{}, fmt.Errorf("list the memories of document %s: %w", docID, err))
		}
		ids := make(map[string]bool, len(list.Items))
		for _, it := range list.Items {
			ids[it.ID] = true
		}
		res := checkResult{stored: max(list.Total, len(list.Items))}
		rec, err := cl.Recall(ctx, bank, client.RecallRequest{Query: phrase})
		if err != nil {
			return done(res, fmt.Errorf("recall %q: %w", phrase, err))
		}
		res.results = len(rec.Results)
		res.rank, res.found = rankOf(rec.Results, ids, docID)
		return done(res, nil)
	}
}

// start begins a check now.
func (ck *check) start(now time.Time) {
	ck.stop()
	*ck = check{seq: ck.seq + 1, running: true, startAt: now, retry: checkFirstRetry}
}

// stop cancels a check in flight and any retry.
func (ck *check) stop() {
	if ck.cancel != nil {
		ck.cancel()
		ck.cancel = nil
	}
	ck.running, ck.waiting = false, false
	ck.seq++
}

// busy reports a check in flight or waiting to retry.
func (ck *check) busy() bool { return ck.running || ck.waiting }

// observe takes one check's answer; it reports whether to try again after ck.retry:
// while nothing is stored yet and the retain is still running (and a couple of times
// more after it ended, in case the server lists its memories a moment later).
func (ck *check) observe(res checkResult, err error, at time.Time, stillRunning bool) bool {
	ck.running, ck.cancel = false, nil
	ck.attempts++
	ck.err = err
	if err != nil {
		return false
	}
	ck.res = &res
	if res.rank > 0 && ck.foundAt.IsZero() {
		ck.foundAt = at
	}
	if res.stored > 0 || (!stillRunning && ck.attempts >= 3) || at.Sub(ck.startAt) >= checkPatience {
		return false
	}
	ck.waiting = true
	if ck.attempts > 1 {
		ck.retry = min(ck.retry*2, checkMaxRetry)
	}
	return true
}
