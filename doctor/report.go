package doctor

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"hindsight-tui/health"
	"hindsight-tui/sanitize"
)

// WriteTo prints the server checks, one aligned line each under its human label, then
// each bank: a line naming it and one line per check with its status word, identifier,
// summary and fix. With more than one bank a last line counts them by their worst
// status. Every text goes through sanitize.Line: bank ids and summaries come from the
// server.
func (r Report) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	width := 0
	for _, c := range r.Checks {
		width = max(width, utf8.RuneCountInString(c.Name))
	}
	for _, c := range r.Checks {
		pad := strings.Repeat(" ", width-utf8.RuneCountInString(c.Name))
		fmt.Fprintf(&b, "%s %s%s  %s\n", c.Status.Glyph(), c.Name, pad, sanitize.Line(c.Detail))
	}
	idWidth := 0
	for _, bank := range r.Banks {
		for _, c := range bank.Checks {
			idWidth = max(idWidth, utf8.RuneCountInString(c.ID))
		}
	}
	for _, bank := range r.Banks {
		fmt.Fprintf(&b, "\nbank %s\n", sanitize.Line(bank.BankID))
		for _, c := range bank.Checks {
			id := sanitize.Line(c.ID)
			fmt.Fprintf(&b, "  %-4s  %s%s  %s", c.Status, id, strings.Repeat(" ", max(0, idWidth-utf8.RuneCountInString(id))),
				sanitize.Line(c.Summary))
			if c.Fix != "" {
				b.WriteString(" — fix: " + sanitize.Line(c.Fix))
			}
			b.WriteString("\n")
		}
	}
	if len(r.Banks) > 1 {
		b.WriteString("\n" + bankTally(r.Banks) + "\n")
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// bankTally counts banks by their worst check: "12 banks: 5 failing, 5 with warnings, 2 healthy".
func bankTally(banks []health.BankReport) string {
	n := map[health.Status]int{}
	for _, b := range banks {
		n[b.Worst()]++
	}
	return fmt.Sprintf("%d banks: %d failing, %d with warnings, %d healthy", len(banks), n[health.Fail], n[health.Warn], n[health.OK])
}

// jsonCheck is one check in --json output; server and bank checks share the shape.
type jsonCheck struct {
	Name    string `json:"name"`
	Status  string `json:"status"`
	Summary string `json:"summary"`
	Fix     string `json:"fix"`
}

type jsonBank struct {
	BankID string      `json:"bank_id"`
	Checks []jsonCheck `json:"checks"`
}

type jsonReport struct {
	Server []jsonCheck `json:"server"`
	Banks  []jsonBank  `json:"banks"`
}

// WriteJSON prints the report as one JSON object: {"server":[checks],
// "banks":[{"bank_id", "checks":[checks]}]}, each check {"name", "status", "summary",
// "fix"} with its stable identifier as name and ok|warn|fail|skip as status. Texts are
// sanitized as in the text report.
func (r Report) WriteJSON(w io.Writer) error {
	out := jsonReport{Server: []jsonCheck{}, Banks: []jsonBank{}}
	for _, c := range r.Checks {
		out.Server = append(out.Server, jsonCheck{Name: c.ID, Status: c.Status.Word(),
			Summary: sanitize.Line(c.Detail), Fix: sanitize.Line(c.Fix)})
	}
	for _, bank := range r.Banks {
		jb := jsonBank{BankID: sanitize.Line(bank.BankID), Checks: []jsonCheck{}}
		for _, c := range bank.Checks {
			jb.Checks = append(jb.Checks, jsonCheck{Name: sanitize.Line(c.ID), Status: string(c.Status),
				Summary: sanitize.Line(c.Summary), Fix: sanitize.Line(c.Fix)})
		}
		out.Banks = append(out.Banks, jb)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
