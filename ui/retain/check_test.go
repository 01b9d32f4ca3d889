package retain

import (
	"errors"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

func TestPhraseOf(t *testing.T) {
	tests := map[string]string{
		"Alex moved to Lisbon. He works remotely.":                                "Alex moved to Lisbon",
		"  first line\nsecond line":                                               "first line",
		"one two three four five six seven eight nine ten eleven twelve thirteen": "one two three four five six seven eight nine ten eleven twelve",
		"...":           "",
		"":              "",
		"好きな店は鮨 さいとう。":  "好きな店は鮨 さいとう。",
		"What? Nothing": "What",
	}
	for in, want := range tests {
		if got := phraseOf(in); got != want {
			t.Errorf("phraseOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRankOf(t *testing.T) {
	results := []client.RecallResult{{ID: "a"}, {ID: "b", DocumentID: "doc"}, {ID: "c"}, {ID: "d", DocumentID: "doc"}}
	if r, n := rankOf(results, map[string]bool{"c": true}, ""); r != 3 || n != 1 {
		t.Errorf("by id: rank %d found %d", r, n)
	}
	if r, n := rankOf(results, nil, "doc"); r != 2 || n != 2 {
		t.Errorf("by document: rank %d found %d", r, n)
	}
	if r, n := rankOf(results, map[string]bool{"z": true}, "other"); r != 0 || n != 0 {
		t.Errorf("absent: rank %d found %d", r, n)
	}
}

// TestCheckRetries: while nothing is stored and the retain runs, the check tries again,
// backing off; it stops once something is stored, on an error, a few tries after the
// retain ended, or when its patience runs out.
func TestCheckRetries(t *testing.T) {
	var ck check
	ck.start(uitest.Now)
	seq := ck.seq
	if !ck.running || ck.retry != checkFirstRetry {
		t.Fatalf("start: %+v", ck)
	}
	if !ck.observe(checkResult{}, nil, uitest.Now.Add(time.Second), true) || !ck.waiting || ck.running {
		t.Fatalf("nothing stored while running should retry: %+v", ck)
	}
	ck.waiting, ck.running = false, true
	ck.observe(checkResult{}, nil, uitest.Now.Add(2*time.Second), true)
	if ck.retry != 2*checkFirstRetry {
		t.Errorf("the retry should back off: %v", ck.retry)
	}
	ck.waiting, ck.running = false, true
	found := checkResult{stored: 2, results: 10, rank: 3, found: 1}
	if ck.observe(found, nil, uitest.Now.Add(3*time.Second), false) {
		t.Fatal("found: no retry")
	}
	if !ck.foundAt.Equal(uitest.Now.Add(3*time.Second)) || ck.res.rank != 3 || ck.seq != seq {
		t.Fatalf("found: %+v", ck)
	}

	ck.start(uitest.Now)
	if ck.observe(checkResult{stored: 1, results: 5}, nil, uitest.Now, false) || !ck.foundAt.IsZero() {
		t.Fatal("stored but not recalled is a final answer")
	}
	ck.start(uitest.Now)
	if ck.observe(checkResult{}, errors.New("boom"), uitest.Now, true) || ck.err == nil {
		t.Fatal("an error is a final answer")
	}
	ck.start(uitest.Now)
	if ck.observe(checkResult{}, nil, uitest.Now.Add(checkPatience), true) {
		t.Fatal("patience ran out")
	}
	ck.start(uitest.Now)
	for i := 1; i <= 3; i++ {
		again := ck.observe(checkResult{}, nil, uitest.Now, false)
		if again != (i < 3) {
			t.Fatalf("attempt %d after the retain ended: retry %v", i, again)
		}
		ck.waiting, ck.running = false, true
	}
	ck.stop()
	if ck.busy() {
		t.Fatal("stopped")
	}
}
