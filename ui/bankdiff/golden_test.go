package bankdiff

import (
	"context"
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestGoldenViews compares the plain text of the comparison and of a copy's plan at
// the size the app gives the pane in a 120x40 and a 60x20 terminal. Regenerate with:
// go test ./ui/bankdiff -run TestGolden -update
func TestGoldenViews(t *testing.T) {
	for _, sc := range []struct {
		name string
		keys []string
	}{
		{name: "chooser"},
		{name: "diff", keys: []string{"j", "space"}},
		{name: "same"},
		{name: "detail", keys: []string{"G"}},
		{name: "plan", keys: []string{"*", ">"}},
		{name: "plan_to_a", keys: []string{"*", "<"}},
	} {
		for _, term := range uitest.Terminals {
			t.Run(sc.name+"/"+uitest.TermName(term), func(t *testing.T) {
				p, h := demo(t, uitest.Terminal(term[0], term[1]))
				editedCopy(t, h)
				if _, err := h.C.Client.ImportBankTemplate(context.Background(), "platform-twin", bankATemplate(t, h), false); err != nil {
					t.Fatal(err)
				}
				h.Keys("r")
				switch sc.name {
				case "chooser":
				case "same":
					compareWith(t, p, h, "platform-twin")
				default:
					compareWith(t, p, h, "platform-copy")
				}
				h.Keys(sc.keys...)
				uitest.RequireGoldenPane(t, p, term[0], term[1])
			})
		}
	}
}

// editedCopy imports team-platform's template, edited, into platform-copy: a config
// key, a model's budget and a directive's text changed, a directive left out.
func editedCopy(t *testing.T, h *uitest.Host) {
	t.Helper()
	tpl := bankATemplate(t, h)
	tpl.Bank["recall_max_tokens"] = 1024
	tpl.MentalModels[2].MaxTokens = 2048
	tpl.Directives[1].Content = "Name the owning team."
	tpl.Directives = tpl.Directives[:3]
	if _, err := h.C.Client.ImportBankTemplate(context.Background(), "platform-copy", tpl, false); err != nil {
		t.Fatal(err)
	}
}
