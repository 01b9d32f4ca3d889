package banks

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// bankSavedMsg carries the profile an edit returned, so the overview that opened the
// edit shows it without asking the server again. It reaches only the pane that opened
// the dialog; the other learns of the change from common.BanksChangedMsg.
type bankSavedMsg struct{ profile client.BankProfile }

// bankDeletedMsg says a bank is gone, so the overview that deleted it stops showing it
// at once instead of reloading it into a "not found". Like bankSavedMsg it reaches only
// the pane that opened the dialog; an overview that learns of a deletion from
// common.BanksChangedMsg finds out from the reload (see onProfile).
type bankDeletedMsg struct{ bankID string }

// trait describes one disposition trait and the meaning of its two ends.
type trait struct {
	name, low, high string
	get             func(client.Disposition) int
}

// traits are the disposition traits in the order the server documents them.
func traits() []trait {
	return []trait{
		{"skepticism", "trusting", "skeptical", func(d client.Disposition) int { return d.Skepticism }},
		{"literalism", "flexible", "literal", func(d client.Disposition) int { return d.Literalism }},
		{"empathy", "detached", "empathetic", func(d client.Disposition) int { return d.Empathy }},
	}
}

// traitLabelWidth lines the scales up.
const traitLabelWidth = len("skepticism")

// newCreateDialog asks for an id, a name and a mission and creates the bank.
func newCreateDialog(c *common.Common) *components.Form {
	id := components.NewTextField(c, "ID", "e.g. research-agent", "bank_id")
	id.SetCharLimit(256)
	name := components.NewTextField(c, "Name", "optional, shown in lists", "name")
	mission := components.NewTextField(c, "Mission", "optional, what the bank is for", "reflect_mission", "mission", "background")
	cl := c.Client
	submit := func() (components.Request, error) {
		bankID := strings.TrimSpace(id.Value())
		switch {
		case bankID == "":
			return nil, components.Invalid{"bank_id": "an id is required"}
		case strings.Contains(bankID, "/"):
			return nil, components.Invalid{"bank_id": "an id cannot contain /"}
		}
		var u client.BankUpdate
		if v := strings.TrimSpace(name.Value()); v != "" {
			u.Name = &v
		}
		if v := strings.TrimSpace(mission.Value()); v != "" {
			u.ReflectMission = &v
		}
		return func(ctx context.Context) (tea.Cmd, error) {
			// PUT creates or overwrites; looking first means "create" never clobbers a
			// bank that already exists under that id.
			_, err := cl.GetBankProfile(ctx, bankID)
			switch {
			case err == nil:
				return nil, components.Invalid{"bank_id": "a bank with this id already exists"}
			case !client.IsNotFound(err):
				return nil, fmt.Errorf("check bank %s: %w", bankID, err)
			}
			if _, err := cl.PutBank(ctx, bankID, u); err != nil {
				return nil, fmt.Errorf("create bank %s: %w", bankID, err)
			}
			return tea.Batch(common.Emit(common.BanksChangedMsg{Select: bankID}),
				common.Toast("created bank "+sanitize.Line(bankID))), nil
		}, nil
	}
	return components.NewForm(c, "Create bank", "create bank", "create", submit, id, name, mission)
}

// newEditDialog edits a bank's name, mission and disposition, prefilled with what is
// shown; it sends only what changed, so an untouched field is never rewritten.
func newEditDialog(c *common.Common, bankID, name, mission string, d client.Disposition) *components.Form {
	nameF := components.NewTextField(c, "Name", sanitize.Line(bankID), "name")
	nameF.SetValue(sanitize.Text(name))
	missionF := components.NewTextField(c, "Mission", "what the bank is for", "reflect_mission", "mission", "background")
	missionF.SetValue(sanitize.Text(mission))
	origName, origMission := nameF.Value(), missionF.Value()

	fields := []components.Field{nameF, missionF, components.NewHeading(c, "Disposition")}
	var scales []*components.ScaleField
	for _, t := range traits() {
		s := components.NewScaleField(c, t.name, t.low, t.high, t.get(d), "disposition_"+t.name, "disposition."+t.name)
		s.SetLabelWidth(traitLabelWidth)
		scales = append(scales, s)
		fields = append(fields, s)
	}
	orig := [3]int{scales[0].Value(), scales[1].Value(), scales[2].Value()}

	cl := c.Client
	submit := func() (components.Request, error) {
		var u client.BankUpdate
		changed := false
		if v := nameF.Value(); v != origName {
			v = strings.TrimSpace(v)
			u.Name, changed = &v, true
		}
		if v := missionF.Value(); v != origMission {
			v = strings.TrimSpace(v)
			u.ReflectMission, changed = &v, true
		}
		targets := [3]**int{&u.DispositionSkepticism, &u.DispositionLiteralism, &u.DispositionEmpathy}
		for i, s := range scales {
			if v := s.Value(); v != orig[i] {
				*targets[i], changed = &v, true
			}
		}
		if !changed {
			return func(context.Context) (tea.Cmd, error) { return common.Toast("nothing changed"), nil }, nil
		}
		return func(ctx context.Context) (tea.Cmd, error) {
			p, err := cl.PatchBank(ctx, bankID, u)
			if err != nil {
				return nil, fmt.Errorf("update bank %s: %w", bankID, err)
			}
			return tea.Batch(common.Emit(bankSavedMsg{profile: *p}), common.Emit(common.BanksChangedMsg{Select: bankID}),
				common.Toast("saved bank "+sanitize.Line(bankID))), nil
		}, nil
	}
	return components.NewForm(c, "Edit bank "+sanitize.Line(bankID), "update bank", "save", submit, fields...)
}

// newDeleteDialog deletes a bank once its id has been typed exactly.
func newDeleteDialog(c *common.Common, bankID string) *components.Confirm {
	shown := sanitize.Line(bankID)
	msg := fmt.Sprintf("Delete bank %s and all its memories, documents and entities? "+
		"This cannot be undone. Type the bank id to confirm.", shown)
	cl := c.Client
	req := func(ctx context.Context) (tea.Cmd, error) {
		res, err := cl.DeleteBank(ctx, bankID)
		if err != nil {
			return nil, fmt.Errorf("delete bank %s: %w", bankID, err)
		}
		return tea.Batch(common.Emit(bankDeletedMsg{bankID: bankID}), common.Emit(common.BanksChangedMsg{Deleted: bankID}),
			common.Toast(fmt.Sprintf("deleted bank %s (%d items)", shown, res.DeletedCount))), nil
	}
	return components.NewConfirm(c, "Delete bank", msg, bankID, "delete bank", "delete", req)
}
