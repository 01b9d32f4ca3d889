package hindsighttest

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Deterministic stand-in for the real server's LLM fact extraction: one fact per
// sentence, fact type from the grammatical person, entities from capitalised names.

// maxFactsPerItem caps the facts extracted from one retained item, as an LLM would
// condense a long text rather than echo every sentence.
const maxFactsPerItem = 8

// extractedFact is one fact the extractor found in a retained item.
type extractedFact struct {
	text, factType string
	names          []string // raw entity names: the caller's hints, then names in the text
	entityIDs      []string // the bank entities they resolved to
	occurredStart  *time.Time
	occurredEnd    *time.Time
}

// extractItem is the extractor retain and dry-run extract share, so both find the same
// facts for the same input and settings: one fact per sentence (at most
// maxFactsPerItem, more in verbose mode) or per chunk (verbatim, chunks), typed by
// grammatical person, dated by the calendar dates it names, with the caller's entity
// hints and the capitalised names of the sentence resolved in b as it goes, so a
// later sentence sees the entities an earlier one created (the chunks mode runs no
// LLM: its facts are world facts with the hints alone). emit receives each fact in
// order, before the next is extracted.
func extractItem(b *bank, it retainItem, opts extractOptions, emit func(extractedFact)) {
	skip := nonNameWords()
	for _, piece := range opts.pieces(it.content) {
		known := func(word string) bool {
			_, ok := b.entityByName[strings.ToLower(word)]
			return ok || containsFold(hintNames(it.entities), word) || capitalisedMidSentence(it.content, word)
		}
		var names []string
		factType := "world"
		if opts.mode != "chunks" {
			for _, sent := range splitSentences(piece) {
				for _, n := range extractNames(sent, skip, known) {
					if !containsFold(names, n) {
						names = append(names, n)
					}
				}
			}
			factType = factTypeOf(piece)
		}
		f := extractedFact{text: piece, factType: factType, entityIDs: linkEntities(b, it.entities, names)}
		f.occurredStart, f.occurredEnd = occurredRange(piece)
		for _, n := range append(hintNames(it.entities), names...) {
			if strings.TrimSpace(n) != "" && !containsFold(f.names, n) {
				f.names = append(f.names, n)
			}
		}
		emit(f)
	}
}

// splitSentences breaks text into trimmed sentences at ".", "!" or "?" followed by
// whitespace, and at line breaks; common abbreviations do not end a sentence.
// Fragments shorter than three characters are not facts and are dropped.
func splitSentences(text string) []string { return sentences(text, 3) }

// sentences splits like splitSentences, keeping fragments of at least minRunes.
func sentences(text string, minRunes int) []string {
	var out []string
	emit := func(s string) {
		if s = strings.TrimSpace(s); s != "" && utf8.RuneCountInString(s) >= minRunes {
			out = append(out, s)
		}
	}
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			emit(text[start:i])
			start = i + 1
		case (c == '.' || c == '!' || c == '?') && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t' || text[i+1] == '\n'):
			if c == '.' && isAbbreviation(text[start:i]) {
				continue
			}
			emit(text[start : i+1])
			start = i + 1
		}
	}
	emit(text[start:])
	return out
}

// isAbbreviation reports whether the word ending before a period is an abbreviation.
func isAbbreviation(before string) bool {
	word := before[strings.LastIndexAny(before, " \t\n(")+1:]
	switch strings.ToLower(word) {
	case "mr", "mrs", "ms", "dr", "prof", "st", "vs", "etc", "e.g", "i.e", "inc", "jr", "sr", "approx", "no":
		return true
	}
	// Initials ("J.") and dotted abbreviations ("p.m", "U.S") do not end sentences.
	return strings.Contains(word, ".") || (utf8.RuneCountInString(word) == 1 && unicode.IsUpper([]rune(word)[0]))
}

// factTypeOf classifies a sentence: first person from the agent's point of view is an
// experience, everything else a world fact.
func factTypeOf(sentence string) string {
	for _, p := range []string{"I ", "I'", "We ", "We'", "The assistant ", "Assistant "} {
		if strings.HasPrefix(sentence, p) {
			return "experience"
		}
	}
	return "world"
}

// nonNameWords are capitalised words that start sentences or name times, not entities.
func nonNameWords() map[string]bool {
	words := strings.Fields(`A An And As At After Also Although Because Before But By During Each Every For From
		He Her Here His How However I If In Instead It Its Last Many Meanwhile Most My Next No Not Now Of On Once Our
		Please She Since So Some Still That The Their Then There These They This Those To Today Tomorrow Until We
		What When Where Which While Who Why With Yes Yesterday You Your Monday Tuesday Wednesday Thursday Friday
		Saturday Sunday January February March April May June July August September October November December
		Assistant User Note Overall Later Earlier Currently Recently Both Either Neither One Two Three`)
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// extractNames finds capitalised names in a sentence: runs of capitalised words, minus
// common and temporal words (e.g. "Alice Chen", "Postgres"). A lone capitalised word
// opening the sentence is capitalised anyway, so it is only taken when known accepts it.
func extractNames(sentence string, skip map[string]bool, known func(word string) bool) []string {
	var names, run []string
	runStart := 0
	flush := func() {
		for len(run) > 0 && isSkipped(skip, run[0]) {
			run, runStart = run[1:], runStart+1
		}
		for len(run) > 0 && isSkipped(skip, run[len(run)-1]) {
			run = run[:len(run)-1]
		}
		if len(run) == 1 && runStart == 0 && (known == nil || !known(run[0])) {
			run = run[:0]
		}
		if len(run) > 0 {
			name := strings.Join(run, " ")
			if !containsFold(names, name) {
				names = append(names, name)
			}
		}
		run = run[:0]
	}
	for i, tok := range strings.Fields(sentence) {
		word := strings.TrimLeft(tok, `"'([{`)
		trailing := strings.TrimRight(word, `.,;:!?"')]}`)
		bare := strings.TrimSuffix(strings.TrimSuffix(trailing, "'s"), "\u2019s")
		endsRun := len(trailing) < len(word) || len(bare) < len(trailing) // punctuation or a possessive
		trailing = bare
		if isCapitalised(trailing) {
			if len(run) == 0 {
				runStart = i
			}
			run = append(run, trailing)
		} else {
			flush()
		}
		if endsRun {
			flush()
		}
	}
	flush()
	return names
}

// capitalisedMidSentence reports whether word appears capitalised somewhere other than
// at the start of a sentence of text, which marks it as a name.
func capitalisedMidSentence(text, word string) bool {
	for _, sent := range splitSentences(text) {
		fields := strings.Fields(sent)
		for _, tok := range fields[min(1, len(fields)):] {
			if strings.Trim(tok, `"'([{.,;:!?)]}`) == word {
				return true
			}
		}
	}
	return false
}

// isSkipped reports whether w (or its singular) is a common word, not a name.
func isSkipped(skip map[string]bool, w string) bool {
	return skip[w] || skip[strings.TrimSuffix(w, "s")]
}

func isCapitalised(word string) bool {
	r, size := utf8.DecodeRuneInString(word)
	if size == 0 || !unicode.IsUpper(r) {
		return false
	}
	for _, c := range word {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) && !strings.ContainsRune("-.&+", c) {
			return false
		}
	}
	return true
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// chunkText splits a document into chunks of at most size characters, packing whole
// paragraphs and cutting oversized ones at sentence boundaries (or hard, as a last
// resort).
func chunkText(text string, size int) []string {
	if size <= 0 {
		size = 3000
	}
	var pieces []string
	for _, para := range strings.Split(text, "\n\n") {
		para = strings.TrimSpace(para)
		if para == "" {
			continue
		}
		if len(para) <= size {
			pieces = append(pieces, para)
			continue
		}
		for _, sent := range sentences(para, 1) {
			for len(sent) > size {
				cut := size
				for cut > 0 && !utf8.RuneStart(sent[cut]) {
					cut--
				}
				pieces = append(pieces, sent[:cut])
				sent = sent[cut:]
			}
			pieces = append(pieces, sent)
		}
	}
	var chunks []string
	var cur strings.Builder
	for _, p := range pieces {
		if cur.Len() > 0 && cur.Len()+2+len(p) > size {
			chunks = append(chunks, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteString("\n\n")
		}
		cur.WriteString(p)
	}
	if cur.Len() > 0 {
		chunks = append(chunks, cur.String())
	}
	return chunks
}
