package audit

import (
	"encoding/json"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// replay is p on a recall entry: the recall pane runs the logged request again and
// compares the logged answer (then) with the new one (now). A recall that failed has
// no answer to compare with, and says so.
func (m *Model) replay() tea.Cmd {
	msg, why := replayOf(m.selected())
	if why != "" {
		return common.Toast(why)
	}
	return common.Emit(common.ShowPaneMsg{ID: common.PaneRecall, Then: msg})
}

// replayOf decodes a recall entry into the message that replays it, or says why it
// cannot be replayed.
func replayOf(e *client.AuditLogEntry) (common.ReplayRecallMsg, string) {
	var out common.ReplayRecallMsg
	switch {
	case e == nil || e.Action != "recall":
		return out, "only a recall can be replayed"
	case !e.HasRequest():
		return out, "this recall's request was not recorded: nothing to replay"
	case e.Failed():
		return out, "this recall failed: there is no logged answer to compare with"
	}
	if err := json.Unmarshal(e.Request, &out.Request); err != nil || out.Request.Query == "" {
		return out, "this recall's request cannot be read: nothing to replay"
	}
	var resp client.RecallResponse
	if err := json.Unmarshal(e.Response, &resp); err != nil {
		return out, "this recall's logged answer cannot be read: nothing to compare with"
	}
	out.Response = &resp
	out.BankID, out.EntryID, out.At = e.BankID, e.ID, e.StartedAt.Time
	if e.DurationMS != nil {
		out.Took = time.Duration(*e.DurationMS) * time.Millisecond
	}
	return out, ""
}
