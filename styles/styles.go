// Package styles holds hindsight-tui's palette as semantic colour tokens and the lipgloss
// styles built from them. Nothing outside this package names a colour: panes ask for
// "the error style" or "the observation badge", so a theme change is one place.
package styles

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Palette is the set of semantic colours for one background.
type Palette struct {
	Text       color.Color // body text
	Muted      color.Color // secondary text, hints, timestamps
	Subtle     color.Color // rules, inactive borders, placeholders
	Accent     color.Color // the brand colour: focus, selection, active tab
	AccentText color.Color // text drawn on Accent
	Surface    color.Color // backgrounds of overlays (help, palette, dialogs)
	Selection  color.Color // background of the selected row
	Error      color.Color
	Warning    color.Color
	Success    color.Color
	Info       color.Color
	// Fact type colours, used by badges everywhere a memory is shown.
	World       color.Color
	Experience  color.Color
	Observation color.Color
}

// NewPalette returns the palette for a dark or light terminal background.
func NewPalette(isDark bool) Palette {
	ld := lipgloss.LightDark(isDark)
	c := lipgloss.Color
	return Palette{
		Text:        ld(c("#1F2430"), c("#E6E6EA")),
		Muted:       ld(c("#5C6370"), c("#9DA3AE")),
		Subtle:      ld(c("#B8BCC6"), c("#4A4F5C")),
		Accent:      ld(c("#6B4FD8"), c("#A78BFA")),
		AccentText:  ld(c("#FFFFFF"), c("#17131F")),
		Surface:     ld(c("#F3F1FA"), c("#1E1B29")),
		Selection:   ld(c("#E4DDFB"), c("#352C57")),
		Error:       ld(c("#C42B2B"), c("#FF6B6B")),
		Warning:     ld(c("#A35C00"), c("#F5B44A")),
		Success:     ld(c("#217A3C"), c("#5FD68A")),
		Info:        ld(c("#1F5FAF"), c("#6CB6FF")),
		World:       ld(c("#1F6FB2"), c("#5EB1F5")),
		Experience:  ld(c("#B0520F"), c("#F2A25C")),
		Observation: ld(c("#7A3FB8"), c("#C79BF5")),
	}
}

// Styles are the composed styles every pane draws with.
type Styles struct {
	IsDark  bool
	Palette Palette

	// App chrome.
	Header      lipgloss.Style // the top bar
	HeaderKey   lipgloss.Style // labels in the header ("server", "bank")
	HeaderValue lipgloss.Style
	Badge       lipgloss.Style // neutral badge
	BadgeDemo   lipgloss.Style // "DEMO"
	BadgeRO     lipgloss.Style // "READ-ONLY"
	Tab         lipgloss.Style
	TabActive   lipgloss.Style
	Footer      lipgloss.Style

	// Panes: a rounded border that turns the accent colour when focused.
	Pane        lipgloss.Style
	PaneFocused lipgloss.Style
	PaneTitle   lipgloss.Style // title of a pane
	PaneTitleOn lipgloss.Style // title of the focused pane

	// Text.
	Text     lipgloss.Style
	Muted    lipgloss.Style
	Subtle   lipgloss.Style
	Bold     lipgloss.Style
	Accent   lipgloss.Style
	Error    lipgloss.Style
	Warning  lipgloss.Style
	Success  lipgloss.Style
	Info     lipgloss.Style
	Label    lipgloss.Style // field labels in details and forms
	Selected lipgloss.Style // the selected row of a list (focused)
	Cursor   lipgloss.Style // the selected row of a list that is not focused
	Match    lipgloss.Style // characters matched by a filter
	Section  lipgloss.Style // the heading of a group of details ("Mission", "Links")

	// Fact type badges.
	World       lipgloss.Style
	Experience  lipgloss.Style
	Observation lipgloss.Style

	// Overlays: help, command palette, dialogs, error log.
	Overlay      lipgloss.Style
	OverlayTitle lipgloss.Style
	HelpKey      lipgloss.Style
	HelpDesc     lipgloss.Style
	HelpGroup    lipgloss.Style

	// Toasts.
	ToastInfo  lipgloss.Style
	ToastError lipgloss.Style

	// Forms.
	Input        lipgloss.Style
	InputFocused lipgloss.Style
	FieldError   lipgloss.Style

	// Filter bars and tag chips (recall, reflect).
	Chip        lipgloss.Style // a tag chip
	ChipActive  lipgloss.Style // a chip in a focused tag input
	FilterItem  lipgloss.Style // a filter the user set
	FilterFocus lipgloss.Style // the filter item the cursor is on
	FilterDflt  lipgloss.Style // a filter left at the server's default

	// Meters (the recall token meter).
	MeterOn  lipgloss.Style
	MeterOff lipgloss.Style
	MeterHot lipgloss.Style // the filled part once the limit is (nearly) reached

	// Code shown for copying.
	Code lipgloss.Style

	// Operation status badges (the operations pane): one colour per status, so a
	// failed or running operation stands out in a long list.
	OpPending    lipgloss.Style
	OpProcessing lipgloss.Style
	OpCompleted  lipgloss.Style
	OpFailed     lipgloss.Style
	OpCancelled  lipgloss.Style
}

// New builds the styles for a dark or light background. Colour is reduced or dropped by
// the renderer according to the terminal's profile, which honours NO_COLOR; selection and
// focus also use bold and reverse so they stay visible without colour.
func New(isDark bool) *Styles {
	p := NewPalette(isDark)
	s := &Styles{IsDark: isDark, Palette: p}
	base := lipgloss.NewStyle()

	s.Header = base.Foreground(p.Text)
	s.HeaderKey = base.Foreground(p.Muted)
	s.HeaderValue = base.Foreground(p.Text).Bold(true)
	s.Badge = base.Foreground(p.AccentText).Background(p.Muted).Padding(0, 1).Bold(true)
	s.BadgeDemo = base.Foreground(p.AccentText).Background(p.Accent).Padding(0, 1).Bold(true)
	s.BadgeRO = base.Foreground(p.AccentText).Background(p.Warning).Padding(0, 1).Bold(true)
	s.Tab = base.Foreground(p.Muted).Padding(0, 1)
	s.TabActive = base.Foreground(p.AccentText).Background(p.Accent).Padding(0, 1).Bold(true)
	s.Footer = base.Foreground(p.Muted)

	s.Pane = base.Border(lipgloss.RoundedBorder()).BorderForeground(p.Subtle)
	s.PaneFocused = base.Border(lipgloss.ThickBorder()).BorderForeground(p.Accent)
	s.PaneTitle = base.Foreground(p.Muted).Bold(true)
	s.PaneTitleOn = base.Foreground(p.Accent).Bold(true)

	s.Text = base.Foreground(p.Text)
	s.Muted = base.Foreground(p.Muted)
	s.Subtle = base.Foreground(p.Subtle)
	s.Bold = base.Foreground(p.Text).Bold(true)
	s.Accent = base.Foreground(p.Accent).Bold(true)
	s.Error = base.Foreground(p.Error).Bold(true)
	s.Warning = base.Foreground(p.Warning)
	s.Success = base.Foreground(p.Success)
	s.Info = base.Foreground(p.Info)
	s.Label = base.Foreground(p.Muted)
	s.Selected = base.Foreground(p.Text).Background(p.Selection).Bold(true)
	s.Cursor = base.Foreground(p.Text).Underline(true)
	s.Match = base.Foreground(p.Accent).Bold(true).Underline(true)
	s.Section = base.Foreground(p.Muted).Bold(true)

	s.World = base.Foreground(p.World).Bold(true)
	s.Experience = base.Foreground(p.Experience).Bold(true)
	s.Observation = base.Foreground(p.Observation).Bold(true)

	s.Overlay = base.Border(lipgloss.RoundedBorder()).BorderForeground(p.Accent).Padding(0, 1)
	s.OverlayTitle = base.Foreground(p.Accent).Bold(true)
	s.HelpKey = base.Foreground(p.Accent).Bold(true)
	s.HelpDesc = base.Foreground(p.Text)
	s.HelpGroup = base.Foreground(p.Muted).Bold(true).Underline(true)

	s.ToastInfo = base.Foreground(p.Info)
	s.ToastError = base.Foreground(p.Error).Bold(true)

	s.Input = base.Border(lipgloss.NormalBorder()).BorderForeground(p.Subtle).Padding(0, 1)
	s.InputFocused = base.Border(lipgloss.NormalBorder()).BorderForeground(p.Accent).Padding(0, 1)
	s.FieldError = base.Foreground(p.Error)

	s.Chip = base.Foreground(p.Text).Background(p.Selection)
	s.ChipActive = base.Foreground(p.AccentText).Background(p.Accent).Bold(true)
	s.FilterItem = base.Foreground(p.Text).Bold(true)
	s.FilterFocus = base.Foreground(p.AccentText).Background(p.Accent).Bold(true)
	s.FilterDflt = base.Foreground(p.Muted)

	s.MeterOn = base.Foreground(p.Accent)
	s.MeterOff = base.Foreground(p.Subtle)
	s.MeterHot = base.Foreground(p.Warning)

	s.Code = base.Foreground(p.Text)

	s.OpPending = base.Foreground(p.Warning)
	s.OpProcessing = base.Foreground(p.Info).Bold(true)
	s.OpCompleted = base.Foreground(p.Success)
	s.OpFailed = base.Foreground(p.Error).Bold(true)
	s.OpCancelled = base.Foreground(p.Muted)
	return s
}

// FactType returns the badge style for a fact type ("world", "experience", "observation").
func (s *Styles) FactType(t string) lipgloss.Style {
	switch t {
	case "world":
		return s.World
	case "experience":
		return s.Experience
	case "observation":
		return s.Observation
	}
	return s.Muted
}

// OperationStatus returns the badge style for an operation status ("pending",
// "processing", "completed", "failed", "cancelled"); anything else is muted.
func (s *Styles) OperationStatus(status string) lipgloss.Style {
	switch status {
	case "pending":
		return s.OpPending
	case "processing":
		return s.OpProcessing
	case "completed":
		return s.OpCompleted
	case "failed":
		return s.OpFailed
	}
	return s.OpCancelled
}
