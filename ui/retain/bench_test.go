package retain

import (
	"fmt"
	"strings"
	"testing"

	"hindsight-tui/ui/uitest"
)

// document is n lines of meeting notes (about 80 bytes a line).
func document(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "Line %d of the meeting notes: Alex moved to Lisbon and works remotely for Acme.\n", i)
	}
	return b.String()
}

// benchPane is the pane of a 120x40 terminal whose content holds an n-line document,
// with the cursor in it. Its autosave timers are held, never fired.
func benchPane(b *testing.B, n int) *Model {
	m, _ := uitest.Demo(b, New, uitest.OnServer(uitest.Server(b)), uitest.Bank("b"))
	m.cur.form.setValues(values{Content: document(n), Tags: []string{"a", "b"}, Metadata: "k=v"})
	_ = m.cur.form.focusField(fContent)
	m.settle() // the form was filled by hand: lay it out as an update would
	return m
}

// BenchmarkView draws the form again with nothing changed (a spinner tick, a toast):
// the content editor's drawing comes from its cache.
func BenchmarkView(b *testing.B) {
	for _, n := range []int{10, 500, 5000} {
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			uitest.BenchView(b, benchPane(b, n))
		})
	}
}

// BenchmarkKeystroke types one character at the start of the content and draws the
// whole pane, as the program does for a key (an op is a character and a backspace,
// so the text stays the same).
func BenchmarkKeystroke(b *testing.B) {
	for _, n := range []int{10, 100, 400, 10000} {
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			m := benchPane(b, n)
			x, bs := uitest.Key("x"), uitest.Key("backspace")
			b.ReportAllocs()
			for b.Loop() {
				m.Update(x)
				_ = m.View()
				m.Update(bs)
				_ = m.View()
			}
		})
	}
}

// BenchmarkBuildRequest builds the request from a full form.
func BenchmarkBuildRequest(b *testing.B) {
	v := values{Content: document(200), Context: "chat", Timestamp: "2024-01-15 10:30", Tags: []string{"a", "b"},
		Metadata: "source=slack\nchannel=eng\nid=42", Entities: "Alex:PERSON, Lisbon:PLACE, Acme", Async: true}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = buildRequest(v, "id")
	}
}

// BenchmarkParseBatch reads a 1,000-item JSONL file.
func BenchmarkParseBatch(b *testing.B) {
	var sb strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&sb, `{"content":"Item %d: Alex moved to Lisbon.","document_id":"d%d","tags":["move"],"metadata":{"n":"%d"},"timestamp":"2024-01-15"}`+"\n", i, i, i)
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		_, _, _, _ = parseBatch(data)
	}
}
