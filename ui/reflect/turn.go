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
	p        params    // the parameters req was built from (a comparison starts B from them)
	asked    time.Time // wall clock (Common.Now), shown and exported
	started  time.Time // the pane's clock, for the waiting time and the latency
	state    turnState
	attempt  int // the attempt an answer must belong to
	cancel   context.CancelFunc
	took     time.Duration

	resp       *client.ReflectResponse
	err        error
	reason     string     // the Describe sentence of a failure
	answer     string     // sanitized markdown
	structured string     // sanitized, indented JSON; "" when there is none
	evidence   []evItem   // memories, mental models, directives, then tool calls
	tools      []toolCall // the tool calls, in the order the agent made them

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
	evTool
)

// evItem is one thing an answer was based on, or one step the agent took, ready to
// draw.
type evItem struct {
	kind  evKind
	id    string
	badge string // fact type of a memory
	name  string // a directive's name; a mental model's, once known ("" until then)
	title string // one line, sanitized and bounded
	full  string // sanitized text, shown when the item is opened
	md    bool   // full is markdown, rendered when shown
	date  string // when a memory's event happened, "" when unknown
	call  int    // a tool call's index in turn.tools
}

// toolCall is one step of the agent's loop, decoded once: its input and output as
// sanitized, indented JSON lines (the output's first outputLines only).
type toolCall struct {
	iteration int
	tool      string
	ms        float64
	summary   string   // the input on one line
	input     []string // nil when the server sent none
	inputAll  int      // lines the whole input takes
	output    []string // nil when the server sent none (asked without outputs)
	outputAll int      // lines the whole output takes
}

// outputLines bounds the JSON lines kept of one tool's input or output: an expand
// step's output carries whole document chunks. Past it the item says how many lines
// more there are, and the copied response JSON has them all.
const outputLines = 40

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
			t.evidence = append(t.evidence, evItem{kind: evModel, id: mm.ID, title: oneLine(mm.ID),
				full: sanitize.Text(mm.Text), md: true})
		}
		for _, d := range b.Directives {
			t.evidence = append(t.evidence, evItem{kind: evDirective, id: d.ID, name: sanitize.Line(d.Name),
				title: oneLine(d.Name + ": " + d.Content), full: sanitize.Text(d.Content), md: looksLikeMarkdown(d.Content)})
		}
	}
	if tr := resp.Trace; tr != nil {
		for _, c := range tr.ToolCalls {
			t.evidence = append(t.evidence, evItem{kind: evTool, call: len(t.tools)})
			t.tools = append(t.tools, newToolCall(c))
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

// newToolCall decodes one tool call of the trace.
func newToolCall(c client.ToolCall) toolCall {
	tc := toolCall{iteration: c.Iteration, tool: sanitize.Line(c.Tool), ms: c.DurationMS}
	tc.input, tc.inputAll = jsonLines(c.Input)
	tc.output, tc.outputAll = jsonLines(c.Output)
	tc.summary = "no input"
	if in, ok := parseJSON(c.Input); ok {
		tc.summary = in.summary(titleMax)
	} else if len(c.Input) > 0 {
		tc.summary = oneLine(string(c.Input))
	}
	return tc
}

// jsonLines is raw as indented, sanitized lines (at most outputLines) and how many
// lines it takes in all; nil for a value that is absent or null. What is not JSON
// is shown as the text it is.
func jsonLines(raw json.RawMessage) ([]string, int) {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil, 0
	}
	if n, ok := parseJSON(raw); ok {
		return n.prettyLines(outputLines)
	}
	all := strings.Split(sanitize.Text(string(raw)), "\n")
	return all[:min(len(all), outputLines)], len(all)
}

// looksLikeMarkdown reports whether a directive's text uses markdown (headings,
// lists, emphasis, code, links or tables), so that it is rendered rather than shown
// as it is: most directives are one plain sentence.
func looksLikeMarkdown(s string) bool {
	for _, l := range strings.Split(components.Head(s, 4*titleMax), "\n") {
		l = strings.TrimSpace(l)
		for _, p := range []string{"#", "- ", "* ", "+ ", "> ", "|", "```", "1. "} {
			if strings.HasPrefix(l, p) {
				return true
			}
		}
		if strings.Contains(l, "**") || strings.Contains(l, "](") || strings.Contains(l, "`") {
			return true
		}
	}
	return false
}
