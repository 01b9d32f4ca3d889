package reflect

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// turnState is where a question stands.
type turnState int

const (
	turnWaiting turnState = iota
	turnAnswered
	turnFailed
	turnCancelled
)

// turn is one question and what came of it. Everything shown is derived once, when
// the answer arrives: sanitized text, formatted JSON, evidence rows.
type turn struct {
	id       int
	question string // as typed
	req      client.ReflectRequest
	asked    time.Time // wall clock (Common.Now), shown and exported
	started  time.Time // the pane's clock, for the waiting time and the latency
	state    turnState
	attempt  int // the attempt an answer must belong to
	cancel   context.CancelFunc
	took     time.Duration

	resp       *client.ReflectResponse
	err        error
	reason     string // the Describe sentence of a failure
	answer     string // sanitized markdown
	structured string // sanitized, indented JSON; "" when there is none
	evidence   []evItem
	tools      []toolRow

	expanded bool         // evidence shown
	open     map[int]bool // evidence items shown in full
	rev      int          // bumped by every change the lines show
	block    block        // the turn's lines as last drawn
}

// evKind is the kind of an evidence item.
type evKind int

const (
	evMemory evKind = iota
	evModel
	evDirective
)

// evItem is one thing an answer was based on, ready to draw.
type evItem struct {
	kind  evKind
	id    string
	badge string // fact type of a memory
	name  string // a directive's name
	title string // one line, sanitized and bounded
	full  string // sanitized text, shown when the item is opened
	date  string // when a memory's event happened, "" when unknown
}

// toolRow is one step of the agent's tool-call timeline.
type toolRow struct {
	iteration int
	tool      string
	ms        float64
}

// titleMax bounds the bytes of an evidence title; one line shows far less, and a
// 1,500-character memory must not cost its full length per layout.
const titleMax = 600

// setAnswer fills the turn from a successful answer.
func (t *turn) setAnswer(resp *client.ReflectResponse) {
	t.state, t.resp, t.err, t.reason = turnAnswered, resp, nil, ""
	t.answer = strings.TrimSpace(sanitize.Text(resp.Text))
	t.structured = ""
	if len(resp.StructuredOutput) > 0 {
		var buf bytes.Buffer
		if json.Indent(&buf, resp.StructuredOutput, "", "  ") == nil {
			t.structured = sanitize.Text(buf.String())
		} else {
			t.structured = sanitize.Text(string(resp.StructuredOutput))
		}
	}
	t.evidence, t.tools = nil, nil
	if b := resp.BasedOn; b != nil {
		for _, f := range b.Memories {
			date := ""
			if !f.OccurredStart.IsZero() {
				date = f.OccurredStart.UTC().Format("2006-01-02")
			}
			t.evidence = append(t.evidence, evItem{kind: evMemory, id: f.ID, badge: f.Type,
				title: oneLine(f.Text), full: sanitize.Text(f.Text), date: date})
		}
		for _, mm := range b.MentalModels {
			t.evidence = append(t.evidence, evItem{kind: evModel, id: mm.ID,
				title: oneLine(sanitize.Line(mm.ID) + ": " + firstLine(mm.Text)), full: sanitize.Text(mm.Text)})
		}
		for _, d := range b.Directives {
			t.evidence = append(t.evidence, evItem{kind: evDirective, id: d.ID, name: sanitize.Line(d.Name),
				title: oneLine(d.Name + ": " + d.Content), full: sanitize.Text(d.Content)})
		}
	}
	if tr := resp.Trace; tr != nil {
		for _, c := range tr.ToolCalls {
			t.tools = append(t.tools, toolRow{iteration: c.Iteration, tool: sanitize.Line(c.Tool), ms: c.DurationMS})
		}
	}
	t.open = nil
	t.rev++
}

// setFailed records why the question got no answer.
func (t *turn) setFailed(c *common.Common, err error) {
	t.state, t.err, t.reason = turnFailed, err, c.Describe(err)
	t.rev++
}

// counts says how many of each kind of evidence the turn has.
func (t *turn) counts() (memories, models, directives int) {
	for _, e := range t.evidence {
		switch e.kind {
		case evMemory:
			memories++
		case evModel:
			models++
		case evDirective:
			directives++
		}
	}
	return memories, models, directives
}

// oneLine is s on one line, sanitized and bounded.
func oneLine(s string) string {
	return sanitize.Line(components.Head(s, titleMax))
}

// firstLine is the first line of markdown with text, without heading marks.
func firstLine(md string) string {
	for _, l := range strings.Split(components.Head(md, 4*titleMax), "\n") {
		if l = strings.TrimSpace(strings.TrimLeft(l, "#>-*+ ")); l != "" {
			return l
		}
	}
	return ""
}
