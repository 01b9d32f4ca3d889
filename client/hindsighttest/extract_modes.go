package hindsighttest

import (
	"regexp"
	"time"
)

// extractOptions are the retain settings that shape what the extractor finds: the
// bank's configuration for a retain, the same with a dry run's per-call overrides on
// top for a dry-run extract, so both find the same facts for the same settings.
type extractOptions struct {
	mode      string // retain_extraction_mode: concise | verbose | custom | verbatim | chunks
	chunkSize int    // retain_chunk_size, for the modes that store whole chunks
}

// bankExtractOptions reads the extraction settings of b's configuration.
func bankExtractOptions(b *bank) extractOptions {
	return extractOptions{mode: bankOverrideString(b, "retain_extraction_mode", "concise"),
		chunkSize: configInt(b, "retain_chunk_size")}
}

// maxFacts is how many facts one item may give in a mode: verbose keeps more of a
// long text than concise (and custom, whose instructions the stand-in cannot follow).
func (o extractOptions) maxFacts() int {
	if o.mode == "verbose" {
		return 3 * maxFactsPerItem
	}
	return maxFactsPerItem
}

// pieces is the text of each fact the mode extracts from content: its sentences, or
// its chunks whole for verbatim and chunks (the mode without an LLM).
func (o extractOptions) pieces(content string) []string {
	switch o.mode {
	case "verbatim", "chunks":
		return chunkText(content, o.chunkSize)
	}
	s := splitSentences(content)
	if n := o.maxFacts(); len(s) > n {
		s = s[:n]
	}
	return s
}

// isoDate is a calendar date written out in a fact ("2026-03-14").
var isoDate = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})\b`)

// occurredRange is when the event a fact describes happened, as the extractor dates
// it: from the first calendar date the text names to the end of the last one; nil
// when it names none.
func occurredRange(text string) (start, end *time.Time) {
	var days []time.Time
	for _, m := range isoDate.FindAllString(text, -1) {
		if d, err := time.Parse("2006-01-02", m); err == nil {
			days = append(days, d)
		}
	}
	if len(days) == 0 {
		return nil, nil
	}
	first, last := days[0], days[0]
	for _, d := range days[1:] {
		if d.Before(first) {
			first = d
		}
		if d.After(last) {
			last = d
		}
	}
	stop := last.Add(24*time.Hour - time.Second)
	return &first, &stop
}
