package directives

import (
	"context"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// savedMsg reports a directive created or changed through the form.
type savedMsg struct {
	bank, id, name string
	created        bool
}

// contentRows is the most rows the form's content field grows to.
const contentRows = 6

// openForm opens the form for a new directive (d nil) or for d; nothing under --read-only.
func (m *Model) openForm(d *client.Directive) tea.Cmd {
	return m.openFormWith(d, "", nil)
}

// openFormWith opens the form for d, or for a new directive holding content and tags
// (a reflect answer's, say) when d is nil; nothing under --read-only.
func (m *Model) openFormWith(d *client.Directive, newContent string, newTags []string) tea.Cmd {
	if m.c.ReadOnly || m.bank == "" {
		return nil
	}
	name := components.NewTextField(m.c, "Name", "a short name reflect shows with the rule", "name")
	prio := components.NewTextField(m.c, "Priority", "0; higher applies first", "priority")
	content := components.NewEditorField(m.c, "Content", "the rule, as reflect must follow it", contentRows, "content")
	title, op, verb, tagList := "New directive", "create directive", "create", newTags
	if d != nil {
		name.SetValue(sanitize.Line(d.Name))
		prio.SetValue(strconv.Itoa(d.Priority))
		content.SetValue(sanitize.Text(d.Content))
		title, op, verb, tagList = "Edit directive "+components.Truncate(sanitize.Line(d.Name), 40), "edit directive", "save", d.Tags
	} else if newContent != "" {
		content.SetValue(newContent)
	}
	tags := components.NewTagField(m.c, "Tags (none: every reflect)", m.bank, tagList, "tags")
	bank, cl := m.bank, m.c.Client
	submit := func() (components.Request, error) {
		bad := components.Invalid{}
		n, text := strings.TrimSpace(name.Value()), content.Value()
		if n == "" {
			bad["name"] = "name the directive"
		}
		if strings.TrimSpace(text) == "" {
			bad["content"] = "say what reflect must do"
		}
		p := 0
		if s := strings.TrimSpace(prio.Value()); s != "" {
			var err error
			if p, err = strconv.Atoi(s); err != nil {
				bad["priority"] = "a whole number"
			}
		}
		if len(bad) > 0 {
			return nil, bad
		}
		tl := tags.Value()
		if d == nil {
			return func(ctx context.Context) (tea.Cmd, error) {
				out, err := cl.CreateDirective(ctx, bank, client.CreateDirectiveRequest{Name: n, Content: text, Priority: p, Tags: tl})
				if err != nil {
					return nil, err
				}
				return common.Emit(savedMsg{bank: bank, id: out.ID, name: common.ItemName(out.Name, out.ID), created: true}), nil
			}, nil
		}
		id := d.ID
		return func(ctx context.Context) (tea.Cmd, error) {
			out, err := cl.UpdateDirective(ctx, bank, id, client.UpdateDirectiveRequest{Name: &n, Content: &text, Priority: &p, Tags: &tl})
			if err != nil {
				return nil, err
			}
			return common.Emit(savedMsg{bank: bank, id: out.ID, name: common.ItemName(out.Name, out.ID)}), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, title, op, verb, submit, name, prio, tags, content))
}

// onSaved lists the directives again, the cursor on the one saved (its priority may
// have moved it).
func (m *Model) onSaved(msg savedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	verb := "Saved"
	if msg.created {
		verb = "Created"
	}
	m.keepName = msg.name
	return tea.Batch(common.Toast(verb+" directive "+msg.name), m.load(msg.id))
}
