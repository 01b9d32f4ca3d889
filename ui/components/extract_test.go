package components

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// extractAnswer runs cmd (a dialog's request and its spinner tick) and returns the
// dialog's answer.
func extractAnswer(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	for _, msg := range uitest.Run(t, cmd) {
		switch msg.(type) {
		case extractedMsg, extractConfigMsg:
			return msg
		}
	}
	t.Fatal("no answer")
	return nil
}

// TestExtractDropsStaleAnswers: r supersedes the extraction in flight; the older answer
// is dropped, and esc cancels what is in flight and closes.
func TestExtractDropsStaleAnswers(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	d := NewExtractDialog(c, ExtractSource{BankID: uitest.DemoBank, What: "a test",
		Request: client.DryRunExtractRequest{Content: "Alice Chen joined. I said hello."}})
	first := d.Init()
	second := d.handleKey(uitest.Key("r"))
	old := extractAnswer(t, first)
	d.Update(old)
	if d.Current() != nil || d.Busy() == "" {
		t.Fatal("the superseded answer was taken")
	}
	d.Update(extractAnswer(t, second))
	if d.Current() == nil || len(d.Current().Facts) != 2 || d.Busy() != "" {
		t.Fatalf("answer %+v", d.Current())
	}
	d.Update(old)
	if len(d.Current().Facts) != 2 {
		t.Fatal("a late answer replaced the current one")
	}
	third := d.handleKey(uitest.Key("r"))
	d.Update(uitest.Key("esc"))
	if !d.Closed() {
		t.Fatal("esc closes")
	}
	if msg := extractAnswer(t, third).(extractedMsg); !client.IsCanceled(msg.err) {
		t.Errorf("esc cancels the request in flight: %v", msg.err)
	}
}

// TestExtractSanitizes: control characters in what the server sends are shown, not
// sent to the terminal.
func TestExtractSanitizes(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	d := NewExtractDialog(c, ExtractSource{BankID: uitest.DemoBank, What: "x\x1b[2J"})
	d.SetSize(120, 40)
	d.busy = "extracting" // as if asked: the answer below comes without a request
	d.Update(extractedMsg{seq: d.seq, current: &client.DryRunExtractResult{Facts: []client.ExtractedFact{
		{Text: "evil\x1b]0;title\x07 text", FactType: "world", Entities: client.Strings{"Bob\x1b[31m"}}}}})
	view := uitest.View(t, d)
	if strings.ContainsAny(uitest.Plain(view), "\x1b\x07") || !strings.Contains(uitest.Plain(view), "␛]0;title") {
		t.Errorf("not sanitized:\n%q", uitest.Plain(view))
	}
}

func TestFactMatching(t *testing.T) {
	a := []client.ExtractedFact{{Text: "Alice  joined.", FactType: "world"}, {Text: "I left.", FactType: "experience"}, {Text: "x y", FactType: "world"}}
	b := []client.ExtractedFact{{Text: "alice joined", FactType: "world"}, {Text: "I left.", FactType: "world"}}
	onlyA, onlyB := sideBySide(a, b)
	if want := []bool{false, true, true}; !slices.Equal(onlyA, want) {
		t.Errorf("only a %v", onlyA)
	}
	if want := []bool{false, true}; !slices.Equal(onlyB, want) {
		t.Errorf("only b %v", onlyB)
	}
	cmp := compareChunk(a, []client.Memory{{ID: "1", Text: "I left"}, {ID: "2", Text: "Someone else."}})
	if len(cmp.both) != 1 || cmp.both[0].mem.ID != "1" || len(cmp.notStored) != 2 || len(cmp.notExtract) != 1 || cmp.notExtract[0].ID != "2" {
		t.Errorf("chunk %+v", cmp)
	}
	if got := occurred(client.Time{}, client.Time{}); got != "" {
		t.Errorf("no dates %q", got)
	}
}
