package hindsighttest

import "strings"

// The semantic lane's lexicon: what lets it relate words that share no letters. A
// concept is a loose topic; a word can belong to several. The lists are small on
// purpose and cover everyday agent memory (travel, plans, food, health, work,
// software, money, writing, research); words outside them still relate to their
// own forms through character n-grams.

// conceptWords lists, per concept, the words that evoke it. Words are written as
// they appear in text; each is analysed like text (lower case, stemmed) when the
// table is built, so inflections need listing only where the stemmer misses them.
var conceptWords = []struct{ concept, words string }{
	{"travel", `trip trips travel traveling travelling traveled travelled traveler journey flight flights fly
		flies flew flown flying airline airlines airport plane boarding layover itinerary vacation
		holiday holidays abroad passport visa tour getaway depart departs departure arrive arrival
		aisle seat terminal gate luggage baggage bags hotel check-in train rail ferry offsite`},
	{"upcoming", `upcoming soon next future planned plan plans scheduled ahead later tomorrow coming
		forthcoming imminent pending expected due`},
	{"calendar", `january february march april june july august september october november december
		monday tuesday wednesday thursday friday saturday sunday weekend week month date dates
		calendar schedule scheduled tomorrow yesterday today morning evening night upcoming soon next`},
	{"booking", `book booked booking bookings reserve reserved reservation reservations confirm confirmed
		confirmation ticket tickets fare`},
	{"food", `food eat eats eating ate meal meals dinner lunch breakfast brunch restaurant restaurants
		cuisine dish dishes menu sushi kaiseki soba ramen pizza pasta vegetarian vegan fish meat
		peanut peanuts allergy allergic diet snack cook cooking recipe kitchen`},
	{"drink", `coffee latte flat espresso cappuccino tea milk oat drink drinks wine beer cocktail bar cafe`},
	{"health", `health healthy doctor gp clinic hospital nurse medical medicine medication symptom
		symptoms sick ill illness allergy intolerant intolerance injury pain therapy dentist`},
	{"fitness", `run runs running ran marathon race training train workout gym exercise
		fitness yoga swim cycling pace`},
	{"pets", `pet pets dog dogs puppy corgi cat cats kitten vet`},
	{"family", `family partner wife husband spouse mother mom father dad sister brother son daughter
		kid kids child children parents nephew niece aunt uncle grandmother grandfather`},
	{"work", `work job office colleague colleagues team manager boss meeting meetings standup
		project projects deadline deadlines client customer offsite sales company`},
	{"software", `deploy deploys deployed deployment release rollout rollback build pipeline ci server
		servers service services database postgres kubernetes cluster api latency outage incident
		incidents bug bugs error errors on-call pager postmortem migration upgrade`},
	{"money", `money cost costs price prices pricing budget expense expenses pay paid payment invoice
		invoices fee fees refund salary spend spent dollars euros eur usd`},
	{"writing", `write writes writing wrote draft drafts manuscript novel book chapter chapters story
		plot character characters scene edit editor newsletter prose dialogue`},
	{"research", `paper papers study studies experiment experiments evaluation benchmark benchmarks
		dataset datasets metric metrics result results arxiv baseline ablation`},
	{"preference", `prefer prefers preferred preference preferences like likes love loves favorite
		favourite dislike dislikes hate hates enjoy enjoys want wants usual usually`},
	{"home", `home house apartment flat rent landlord move moved moving neighbour neighbor garden`},
	{"change", `change changes changed switch switched update updated replace replaced instead now new
		moved swap swapped corrected revised`},
	{"past", `recent recently lately ago past previous earlier last before yesterday former formerly`},
	{"limit", `limit limits cap caps capped maximum max allowance ceiling allowed allow approve approved
		exception policy rule rules`},
	{"communication", `say says said tell told ask asked mention mentioned note noted report reported
		email emailed call called message messaged reply replied`},
}

// semanticPhrases are word pairs that mean one thing; the semantic analyser reads
// each as the single word on the right ("coming up" and "upcoming" are one term).
var semanticPhrases = map[string]string{
	"coming up": "upcoming", "come up": "upcoming", "later on": "upcoming",
	"time off": "vacation", "day off": "vacation", "days off": "vacation",
	"check in": "check-in", "on call": "on-call", "set up": "setup",
}

// phraseHeads are the first words of semanticPhrases, so that most words are not
// paired up and looked up in vain.
var phraseHeads = func() map[string]bool {
	out := map[string]bool{}
	for p := range semanticPhrases {
		out[p[:strings.IndexByte(p, ' ')]] = true
	}
	return out
}()

// semanticStopWords carry no topic for the semantic lane on top of the shared stop
// words: particles and fillers an embedding model gives little weight to.
var semanticStopWords = map[string]bool{
	"up": true, "out": true, "off": true, "over": true, "get": true, "got": true, "go": true,
	"going": true, "make": true, "made": true, "way": true, "thing": true, "things": true,
	"one": true, "lot": true, "much": true, "many": true, "only": true, "still": true,
	"yet": true, "even": true, "really": true, "again": true, "ever": true, "rather": true,
	"other": true, "others": true, "another": true, "whether": true, "either": true, "neither": true,
	"together": true, "each": true, "every": true, "same": true, "such": true, "both": true,
}

// termConcepts maps an analysed term to its concept ids (indexes into conceptWords).
// It is built once from the tables above and never changed.
var termConcepts = buildTermConcepts()

func buildTermConcepts() map[string][]int {
	out := map[string][]int{}
	for id, c := range conceptWords {
		for _, w := range strings.Fields(c.words) {
			t := semanticWordTerm(strings.ToLower(w))
			if t == "" {
				continue
			}
			if cs := out[t]; len(cs) == 0 || cs[len(cs)-1] != id {
				out[t] = append(cs, id)
			}
		}
	}
	return out
}

// semanticWordTerm is the term one word becomes for the semantic lane: "" for stop
// words, else its stem. Hyphenated lexicon entries stay whole.
func semanticWordTerm(w string) string {
	if stopWords[w] || semanticStopWords[w] {
		return ""
	}
	if strings.ContainsAny(w, "-:") {
		return w
	}
	return stem(w)
}

// semanticTerms analyses text for the semantic lane: like analyze, but word pairs of
// semanticPhrases become one term and a few more fillers are dropped. It stays a
// separate analysis so that the lexical lanes (BM25) keep their exact terms.
func semanticTerms(text string) []string {
	return semanticWords(splitWords(text))
}

// semanticWords is semanticTerms over words already split.
func semanticWords(words []string) []string {
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		if i+1 < len(words) && phraseHeads[words[i]] {
			if p, ok := semanticPhrases[words[i]+" "+words[i+1]]; ok {
				out = append(out, semanticWordTerm(p))
				i++
				continue
			}
		}
		if t := semanticWordTerm(words[i]); t != "" {
			out = append(out, t)
		}
	}
	return out
}
