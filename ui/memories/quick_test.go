package memories

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestQuickFilter narrows the loaded rows as the user types, sends nothing, keeps the
// filter on enter and clears it on esc; s still edits the server's text filter.
func TestQuickFilter(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()), uitest.Size(100, 35))
	loaded := m.loaded()
	if loaded == 0 {
		t.Fatal("nothing loaded")
	}
	want := 0
	for _, p := range m.win.pages {
		for i := range p.items {
			if quickMatch(&p.items[i], "oat") {
				want++
			}
		}
	}
	if want == 0 || want == loaded {
		t.Fatalf("demo seed: %d of %d rows contain oat", want, loaded)
	}
	sent := len(rec.All())
	r.Keys("/")
	if !m.Capturing() {
		t.Fatal("/ does not capture")
	}
	r.Type("OAT")
	if got := len(rec.All()); got != sent {
		t.Fatalf("quick filter sent %d requests", got-sent)
	}
	if len(m.quick.rows) != want {
		t.Fatalf("%d rows shown, want %d", len(m.quick.rows), want)
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "quick filter “oat” · ") || !strings.Contains(v, " of ") {
		t.Fatalf("header does not show the quick filter:\n%s", v)
	}
	if !strings.Contains(v, "quick filter “oat” · "+strconv.Itoa(want)+" of "+strconv.Itoa(loaded)+" loaded") {
		t.Fatalf("header count wrong (want %d of %d):\n%s", want, loaded, v)
	}
	rows := strings.Split(v, "\n")[headLines : headLines+want]
	for _, row := range rows {
		if strings.TrimSpace(row) == "" {
			t.Fatalf("fewer rows than matches:\n%s", v)
		}
	}
	for _, i := range m.quick.rows {
		if !quickMatch(m.win.item(i), "oat") {
			t.Fatalf("row %d does not match", i)
		}
	}
	// enter keeps it; moving stays among the matches.
	r.Keys("enter")
	if m.Capturing() || !m.quick.active() {
		t.Fatal("enter did not keep the filter")
	}
	r.Keys("j", "G", "k")
	if cur := m.current(); cur == nil || !quickMatch(cur, "oat") {
		t.Fatalf("cursor left the matches: %+v", cur)
	}
	if got := len(rec.All()); got != sent {
		t.Fatalf("moving under the quick filter sent %d requests", got-sent)
	}
	// esc while typing clears it.
	r.Keys("/", "x", "esc")
	if m.quick.active() || m.Capturing() || m.quick.rows != nil {
		t.Fatalf("esc did not clear: %+v", m.quick.text)
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, "quick filter") {
		t.Fatalf("header still shows the quick filter:\n%s", v)
	}
	// s is the server-side text filter.
	r.Keys("s")
	if !m.editing {
		t.Fatal("s does not edit the server text filter")
	}
	r.Keys("esc")
	// No match: an explanation, and no row is current.
	r.Keys("/")
	r.Type("zzqqxx")
	if m.current() != nil || !strings.Contains(ansi.Strip(m.View()), "No loaded memory contains") {
		t.Fatalf("no-match state:\n%s", ansi.Strip(m.View()))
	}
}

// TestObservationSources opens an observation's source memories from the pane and
// one of them in full.
func TestObservationSources(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Size(100, 35))
	r.Keys("t", "t", "t") // observations
	if m.filter.typ != client.FactObservation || m.win.total <= 0 {
		t.Fatalf("no observations: %+v total %d", m.filter, m.win.total)
	}
	obs := m.current()
	r.Keys("S")
	d := uitest.Front[*listDialog](r)
	if len(d.lines) == 0 || (len(obs.SourceMemoryIDs) > 0 && len(d.lines) != min(len(obs.SourceMemoryIDs), maxSources)) {
		t.Fatalf("%d lines for %d sources", len(d.lines), len(obs.SourceMemoryIDs))
	}
	v := ansi.Strip(d.View())
	if !strings.Contains(v, "Source memories") {
		t.Fatalf("sources view:\n%s", v)
	}
	r.Keys("enter")
	md := uitest.Front[*components.MemoryDialog](r)
	if md.Loading() || md.Memory() == nil {
		t.Fatal("source memory not loaded")
	}
	if want := obs.SourceMemoryIDs; len(want) > 0 && md.Memory().ID != want[0] {
		t.Fatalf("opened %s, want %s", md.Memory().ID, want[0])
	}
	r.Keys("esc")
	uitest.Front[*listDialog](r)
	r.Keys("esc")
	if r.Front() != nil {
		t.Fatalf("esc left %T open", r.Front())
	}
	// S does nothing on a memory that is not an observation.
	r.Keys("t", "t") // world
	r.Keys("S")
	if r.Front() != nil {
		t.Fatalf("S on a %s opened %T", m.current().FactType, r.Front())
	}
}

// TestActions offers the quick filter, the server text filter and, on an observation,
// its sources to the palette, and runs them.
func TestActions(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Size(100, 35))
	names := func() []string {
		var out []string
		for _, a := range m.Actions() {
			out = append(out, a.Name)
		}
		return out
	}
	if got := strings.Join(names(), "|"); !strings.Contains(got, "Quick filter") || strings.Contains(got, "source memories") {
		t.Fatalf("actions on a fact = %s", got)
	}
	r.Deliver(m.Actions()[0].Msg)
	if !m.quick.editing {
		t.Fatal("the quick filter action did not open the input")
	}
	r.Keys("esc", "t", "t", "t")
	acts := m.Actions()
	if last := acts[len(acts)-1]; !strings.Contains(last.Name, "source memories") || last.Key != "S" {
		t.Fatalf("actions on an observation = %v", names())
	} else {
		r.Deliver(last.Msg)
	}
	uitest.Front[*listDialog](r)
}
