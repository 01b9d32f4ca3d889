package models

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/cron"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// savedMsg reports a model created (with its first refresh queued) or changed.
type savedMsg struct {
	bank, id, name, op string
	created            bool
}

// afterConsolidation is what the refresh field takes for refresh_after_consolidation.
const afterConsolidation = "consolidation"

// triggerField is the form's "Refresh" input: empty for manual refreshes only,
// "consolidation" for a refresh after each consolidation, or a five-field UTC cron,
// which it validates as it is typed and whose next three firings it shows (UTC and
// local), so a wrong schedule is seen before it is saved.
type triggerField struct {
	*components.TextField
	c       *common.Common
	preview []string // settled in Update and SetWidth, drawn by View
	width   int
}

func newTriggerField(c *common.Common) *triggerField {
	f := &triggerField{c: c, TextField: components.NewTextField(c, "Refresh (empty = manual only)",
		"consolidation, or a cron such as 0 6 * * 1-5 (UTC)", "trigger.refresh_cron", "trigger.refresh_after_consolidation")}
	f.settle()
	return f
}

// SetValue implements the field's value and its preview.
func (f *triggerField) SetValue(s string) {
	f.TextField.SetValue(s)
	f.settle()
}

// Update implements components.Field.
func (f *triggerField) Update(msg tea.Msg) tea.Cmd {
	cmd := f.TextField.Update(msg)
	f.settle()
	return cmd
}

// SetWidth implements components.Field.
func (f *triggerField) SetWidth(w int) {
	f.TextField.SetWidth(w)
	f.width = w
	f.settle()
}

// SetStyles implements components.Field.
func (f *triggerField) SetStyles(st *styles.Styles) {
	f.TextField.SetStyles(st)
	f.settle()
}

// View implements components.Field: the input, then what the schedule means.
func (f *triggerField) View() string {
	return strings.Join(append([]string{f.TextField.View()}, f.preview...), "\n")
}

// settle computes the preview lines for the value typed.
func (f *triggerField) settle() {
	st, w := f.c.Styles, max(f.width, 10)
	v := strings.TrimSpace(f.Value())
	line := func(s string, style func(...string) string) string { return components.Fit("  "+style(s), w) }
	switch {
	case v == "":
		f.preview = []string{line("refreshes only when asked (F)", st.Muted.Render)}
	case strings.EqualFold(v, afterConsolidation):
		f.preview = []string{line("refreshes after each consolidation, when stale", st.Muted.Render)}
	default:
		spec, err := cron.Parse(v)
		if err != nil {
			f.preview = []string{line("✗ not a cron: "+sanitize.Line(err.Error()), st.FieldError.Render)}
			return
		}
		f.preview = f.preview[:0]
		now := f.c.Now()
		t := now
		for range 3 {
			next, ok := spec.Next(t)
			if !ok {
				break
			}
			f.preview = append(f.preview, line("fires "+next.UTC().Format("Mon 2006-01-02 15:04 UTC")+inLocal(next, now), st.Muted.Render))
			t = next
		}
		if len(f.preview) == 0 {
			f.preview = []string{line("✗ this cron never fires", st.FieldError.Render)}
		}
	}
}

// modelForm holds the fields of the create/edit form.
type modelForm struct {
	name, query, tags, match, mode, interval, tokens *components.TextField
	trigger                                          *triggerField
}

// openForm opens the form for a new model (mm nil) or for mm; nothing under --read-only.
func (m *Model) openForm(mm *client.MentalModel) tea.Cmd {
	if m.c.ReadOnly || m.bank == "" {
		return nil
	}
	c := m.c
	f := modelForm{
		name:     components.NewTextField(c, "Name", "what the model answers, in a few words", "name"),
		query:    components.NewTextField(c, "Source query", "the question each refresh asks reflect", "source_query"),
		tags:     components.NewTextField(c, "Tags", "comma-separated; none = the whole bank", "tags"),
		match:    components.NewTextField(c, "Tags match", "all_strict (tagged default) · any · all · any_strict · exact", "trigger.tags_match"),
		trigger:  newTriggerField(c),
		mode:     components.NewTextField(c, "Mode", "full (default) or delta: edit the content with new memories only", "trigger.mode"),
		interval: components.NewTextField(c, "Minimum interval", "30m, 6h or seconds; empty = the bank default", "trigger.min_refresh_interval_seconds"),
		tokens:   components.NewTextField(c, "Max tokens", "256–8192; empty = server default (2048)", "max_tokens"),
	}
	title, op, verb := "New mental model", "create mental model", "create"
	if mm != nil {
		f.fill(mm)
		title, op, verb = "Edit mental model "+components.Truncate(sanitize.Line(mm.Name), 40), "edit mental model", "save"
	}
	submit := func() (components.Request, error) { return m.submitForm(f, mm) }
	return common.OpenDialog(components.NewForm(c, title, op, verb, submit,
		f.name, f.query, f.tags, f.match, f.trigger, f.mode, f.interval, f.tokens))
}

// fill puts mm's definition in the fields.
func (f modelForm) fill(mm *client.MentalModel) {
	f.name.SetValue(sanitize.Line(mm.Name))
	f.query.SetValue(sanitize.Line(mm.SourceQuery))
	f.tags.SetValue(sanitize.Line(strings.Join(mm.Tags, ", ")))
	if mm.MaxTokens > 0 {
		f.tokens.SetValue(strconv.Itoa(mm.MaxTokens))
	}
	t := mm.Trigger
	if t == nil {
		return
	}
	f.match.SetValue(sanitize.Line(t.TagsMatch))
	f.mode.SetValue(sanitize.Line(t.Mode))
	switch {
	case t.RefreshCron != "":
		f.trigger.SetValue(sanitize.Line(t.RefreshCron))
	case t.RefreshAfterConsolidation != nil && *t.RefreshAfterConsolidation:
		f.trigger.SetValue(afterConsolidation)
	}
	if t.MinRefreshIntervalSeconds != nil {
		f.interval.SetValue(interval(*t.MinRefreshIntervalSeconds))
	}
}

// formValues are the checked values of the form.
type formValues struct {
	name, query string
	tags        []string
	tokens      int
	trigger     client.MentalModelTrigger
}

// check validates the fields; bad names each field's complaint.
func (f modelForm) check(base *client.MentalModelTrigger) (formValues, components.Invalid) {
	bad := components.Invalid{}
	v := formValues{name: strings.TrimSpace(f.name.Value()), query: strings.TrimSpace(f.query.Value()), tags: components.SplitList(f.tags.Value())}
	if v.name == "" {
		bad["name"] = "name the model"
	}
	if v.query == "" {
		bad["source_query"] = "ask the question the model answers"
	}
	if base != nil {
		v.trigger = *base // PATCH replaces the whole trigger: keep what the form does not show
	}
	v.trigger.TagsMatch = strings.TrimSpace(f.match.Value())
	if v.trigger.TagsMatch != "" && !slices.Contains(components.TagsMatchModes(), v.trigger.TagsMatch) {
		bad["trigger.tags_match"] = "one of " + strings.Join(components.TagsMatchModes(), ", ")
	}
	switch v.trigger.Mode = strings.TrimSpace(f.mode.Value()); v.trigger.Mode {
	case "", "full", "delta":
	default:
		bad["trigger.mode"] = "full or delta"
	}
	v.trigger.RefreshCron, v.trigger.RefreshAfterConsolidation = "", nil
	switch t := strings.TrimSpace(f.trigger.Value()); {
	case t == "":
	case strings.EqualFold(t, afterConsolidation):
		yes := true
		v.trigger.RefreshAfterConsolidation = &yes
	case !cron.Valid(t):
		bad["trigger.refresh_cron"] = "a five-field cron (minute hour day month weekday, UTC), or consolidation"
	default:
		v.trigger.RefreshCron = t
	}
	v.trigger.MinRefreshIntervalSeconds = nil
	if s := strings.TrimSpace(f.interval.Value()); s != "" {
		sec, err := strconv.Atoi(s)
		if err != nil {
			d, derr := time.ParseDuration(s)
			sec, err = int(d/time.Second), derr
		}
		if err != nil || sec < 0 {
			bad["trigger.min_refresh_interval_seconds"] = "a duration such as 30m or 6h, or seconds"
		} else {
			v.trigger.MinRefreshIntervalSeconds = &sec
		}
	}
	if s := strings.TrimSpace(f.tokens.Value()); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 256 || n > 8192 {
			bad["max_tokens"] = "a whole number from 256 to 8192"
		}
		v.tokens = n
	}
	return v, bad
}

// submitForm checks the form and builds the create or update request.
func (m *Model) submitForm(f modelForm, mm *client.MentalModel) (components.Request, error) {
	var base *client.MentalModelTrigger
	if mm != nil {
		base = mm.Trigger
	}
	v, bad := f.check(base)
	if len(bad) > 0 {
		return nil, bad
	}
	bank, cl := m.bank, m.c.Client
	trig := v.trigger
	if mm == nil {
		return func(ctx context.Context) (tea.Cmd, error) {
			out, err := cl.CreateMentalModel(ctx, bank, client.CreateMentalModelRequest{
				Name: v.name, SourceQuery: v.query, Tags: v.tags, MaxTokens: v.tokens, Trigger: &trig})
			if err != nil {
				return nil, err
			}
			return common.Emit(savedMsg{bank: bank, id: out.MentalModelID, name: common.ItemName(v.name, out.MentalModelID), op: out.OperationID, created: true}), nil
		}, nil
	}
	id, tags := mm.ID, v.tags
	if tags == nil {
		tags = []string{}
	}
	req := client.UpdateMentalModelRequest{Name: &v.name, SourceQuery: &v.query, Tags: &tags, Trigger: &trig}
	if v.tokens > 0 {
		req.MaxTokens = &v.tokens
	}
	return func(ctx context.Context) (tea.Cmd, error) {
		out, err := cl.UpdateMentalModel(ctx, bank, id, req)
		if err != nil {
			return nil, err
		}
		return common.Emit(savedMsg{bank: bank, id: out.ID, name: common.ItemName(out.Name, out.ID)}), nil
	}, nil
}

// onSaved lists the models again with the cursor on the one saved; a new model's first
// refresh is followed like any other. An edit does not refresh (the server does not).
func (m *Model) onSaved(msg savedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	cmds := []tea.Cmd{m.reloadKeeping(msg.id)}
	switch {
	case msg.created && msg.op != "":
		cmds = append(cmds, m.startFollowing(msg.id, msg.name, msg.op, "Created "+msg.name+"; writing its content"))
	case msg.created:
		cmds = append(cmds, common.Toast("Created mental model "+msg.name))
	default:
		cmds = append(cmds, common.Toast("Saved "+msg.name+"; F refreshes its content with the new definition"))
		if m.open && m.det.id == msg.id {
			cmds = append(cmds, m.openModel(msg.id))
		}
	}
	return tea.Batch(cmds...)
}

// reloadKeeping lists the models again, the cursor going to id once it is listed.
func (m *Model) reloadKeeping(id string) tea.Cmd {
	cmd := m.reload()
	m.keep = id
	return cmd
}
