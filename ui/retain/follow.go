package retain

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// Polling an async retain's operation: soon at first (a small retain finishes in a
// second or two), then less and less often, so a long extraction costs few requests.
// Failed polls back off harder, and enough of them in a row stop the follower (r
// resumes).
const (
	pollFirst     = 400 * time.Millisecond
	pollMax       = 5 * time.Second
	pollErrMax    = 15 * time.Second
	pollMaxErrors = 6
)

// followEvent is what one poll changed.
type followEvent int

const (
	followNothing   followEvent = iota
	followProgress              // still pending or processing; poll again
	followCompleted             // the memories are stored
	followFailed                // failed or cancelled on the server
	followLost                  // the server does not know the operation
	followGaveUp                // too many failed polls in a row
)

// follower tracks one operation to its end. It is a plain state machine (observe), so
// its transitions are tested without a server or a clock.
type follower struct {
	opID      string
	status    string
	stage     string
	processed *int
	total     *int
	errMsg    string // the operation's error_message
	pollErr   error  // the last failed poll
	errors    int    // failed polls in a row
	polls     int
	delay     time.Duration // until the next poll
	active    bool          // polling
	done      bool          // the operation reached an end
	serverDur time.Duration // created_at to completed_at, as the server recorded them
	doneAt    time.Time     // when this app saw the end

	seq    int
	cancel context.CancelFunc
}

// start begins following opID.
func (f *follower) start(opID string) {
	*f = follower{opID: opID, status: client.StatusPending, active: true, delay: pollFirst, seq: f.seq + 1}
}

// stop ends polling (esc); the state seen so far stays on screen and r resumes.
func (f *follower) stop() {
	if f.cancel != nil {
		f.cancel()
		f.cancel = nil
	}
	f.active = false
	f.seq++
}

// resume starts polling again after stop or after giving up.
func (f *follower) resume() {
	if f.opID == "" || f.done {
		return
	}
	f.active, f.errors, f.pollErr, f.delay = true, 0, nil, pollFirst
	f.seq++
}

// observe takes one poll's answer (or failure) seen at now and says what changed;
// delay is then the wait before the next poll.
func (f *follower) observe(st *client.OperationStatus, err error, now time.Time) followEvent {
	f.polls++
	if err != nil {
		if client.IsNotFound(err) {
			return f.end(followLost, now, "the server does not know this operation")
		}
		f.pollErr = err
		f.errors++
		if f.errors >= pollMaxErrors {
			f.active = false
			return followGaveUp
		}
		f.delay = min(max(f.delay*2, pollFirst), pollErrMax)
		return followProgress
	}
	f.pollErr, f.errors = nil, 0
	f.status = st.Status
	if p := st.Progress; p != nil {
		f.stage, f.processed, f.total = p.Stage, p.Processed, p.Total
	}
	switch st.Status {
	case client.StatusCompleted:
		if !st.CreatedAt.IsZero() && !st.CompletedAt.IsZero() {
			f.serverDur = st.CompletedAt.Sub(st.CreatedAt.Time)
		}
		f.stage, f.processed, f.total = "", nil, nil
		return f.end(followCompleted, now, "")
	case client.StatusFailed, client.StatusCancelled:
		msg := st.ErrorMessage
		if msg == "" {
			msg = "the operation " + st.Status
		}
		return f.end(followFailed, now, msg)
	case client.StatusNotFound:
		return f.end(followLost, now, "the server does not know this operation")
	}
	f.delay = min(f.delay*3/2, pollMax)
	return followProgress
}

func (f *follower) end(ev followEvent, now time.Time, errMsg string) followEvent {
	f.active, f.done, f.doneAt, f.errMsg = false, true, now, errMsg
	if ev == followLost {
		f.status = client.StatusNotFound
	}
	return ev
}

// failure is the operation's end as an error, for the error log.
func (f *follower) failure() error {
	if f.errMsg == "" {
		return nil
	}
	return fmt.Errorf("retain operation %s %s: %s", f.opID, f.status, f.errMsg)
}

// Poll messages.
type (
	pollDueMsg struct {
		bank string
		seq  int
	}
	polledMsg struct {
		bank string
		seq  int
		st   *client.OperationStatus
		err  error
		at   time.Time
	}
)

// schedulePoll waits the follower's delay before the next poll of st's operation.
func (m *Model) schedulePoll(st *bankState) tea.Cmd {
	f := &st.sub.follow
	return m.c.After(f.delay, pollDueMsg{bank: st.bank, seq: f.seq})
}

// pollCmd asks the server where st's operation is; the answer is stamped with the
// clock's time, when the app saw it.
func pollCmd(c *common.Common, st *bankState) tea.Cmd {
	f := &st.sub.follow
	ctx, cancel := c.Context(context.Background())
	f.cancel = cancel
	cl, clock, bank, opID, seq := c.Client, c.Now, st.bank, f.opID, f.seq
	return func() tea.Msg {
		defer cancel()
		op, err := cl.GetOperation(ctx, bank, opID, false)
		if err != nil {
			err = fmt.Errorf("check retain operation %s: %w", opID, err)
		}
		return polledMsg{bank: bank, seq: seq, st: op, err: err, at: clock()}
	}
}
