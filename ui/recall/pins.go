package recall

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/drafts"
)

// Pins are the memories a user expects a bank's recalls to return. P pins one wherever
// a memory shows (common.PinMemoryMsg); this pane keeps them, per server and bank, in
// a private file of the state directory (the drafts' mechanism: the name hashes the
// server and bank, never the API key; written atomically, in order), and explains for
// each recall where it lost each of them.

// pinsEditor names the pins' file among a bank's drafts.
const pinsEditor = "recall-pins"

// pinTextMax bounds the text a pin keeps to show before its memory is read.
const pinTextMax = 240

// pin is one expected memory.
type pin struct {
	ID   string `json:"id"`
	Text string `json:"text,omitempty"`
}

// pinFile is what the file holds.
type pinFile struct {
	Pins []pin `json:"pins"`
}

// pinSet is a bank's pins. loaded says the file was read: pins made before that are
// merged with it, and unpinning waits for it.
type pinSet struct {
	pins   []pin
	loaded bool
	gen    int // of the last change, so an older write never lands after a newer one
}

func (s *pinSet) ids() []string {
	out := make([]string, len(s.pins))
	for i, p := range s.pins {
		out[i] = p.ID
	}
	return out
}

func (s *pinSet) has(id string) bool {
	return slices.ContainsFunc(s.pins, func(p pin) bool { return p.ID == id })
}

// pinsLoadedMsg answers the read of a bank's pins.
type pinsLoadedMsg struct {
	bank string
	pins []pin
	err  error
}

// pinsSavedMsg answers a write of a bank's pins.
type pinsSavedMsg struct {
	bank string
	err  error
}

// pinSet returns the bank's pins, and the command that reads them from disk the first
// time the bank is seen.
func (m *Model) pinSet(bank string) (*pinSet, tea.Cmd) {
	if m.pins == nil {
		m.pins = map[string]*pinSet{}
	}
	if s := m.pins[bank]; s != nil {
		return s, nil
	}
	s := &pinSet{}
	m.pins[bank] = s
	path := drafts.Path(m.c, pinsEditor, bank)
	if path == "" {
		s.loaded = true // no state directory: pins last for the session
		return s, nil
	}
	return s, func() tea.Msg {
		var f pinFile
		_, err := drafts.Load(path, &f)
		return pinsLoadedMsg{bank: bank, pins: f.Pins, err: err}
	}
}

// curPins is the current bank's pins (nil before a bank is selected).
func (m *Model) curPins() *pinSet {
	if m.bank == "" || m.pins == nil {
		return nil
	}
	return m.pins[m.bank]
}

// onPinsLoaded merges what the file holds with the pins made meanwhile (which are
// then written), and explains the answer shown against them.
func (m *Model) onPinsLoaded(msg pinsLoadedMsg) tea.Cmd {
	s := m.pins[msg.bank]
	if s == nil || s.loaded {
		return nil
	}
	s.loaded = true
	m.exp.gen++
	made := s.pins
	s.pins = nil
	for _, p := range msg.pins {
		if p.ID != "" && !s.has(p.ID) {
			s.pins = append(s.pins, p)
		}
	}
	dirty := false
	for _, p := range made {
		if !s.has(p.ID) {
			s.pins, dirty = append(s.pins, p), true
		}
	}
	var cmds []tea.Cmd
	if msg.err != nil {
		cmds = append(cmds, common.Emit(common.ErrorMsg{Op: "read the pinned memories", Err: msg.err}))
	}
	if dirty {
		cmds = append(cmds, m.savePins(msg.bank))
	}
	if msg.bank == m.bank && len(s.pins) > 0 {
		cmds = append(cmds, m.explainNow())
	}
	return tea.Batch(cmds...)
}

// savePins writes the bank's pins (removing the file when there are none).
func (m *Model) savePins(bank string) tea.Cmd {
	s := m.pins[bank]
	path := drafts.Path(m.c, pinsEditor, bank)
	if s == nil || path == "" {
		return nil
	}
	s.gen++
	gen, f := s.gen, pinFile{Pins: slices.Clone(s.pins)}
	return func() tea.Msg {
		err := drafts.InOrder(s, gen, func() error {
			if len(f.Pins) == 0 {
				return drafts.Remove(path)
			}
			return drafts.Save(path, f)
		})
		return pinsSavedMsg{bank: bank, err: err}
	}
}

// onPin pins a memory for its bank (from any pane: the message is a broadcast).
func (m *Model) onPin(msg common.PinMemoryMsg) tea.Cmd {
	if msg.BankID == "" || msg.MemoryID == "" {
		return nil
	}
	s, load := m.pinSet(msg.BankID)
	name := common.ItemName(msg.Text, msg.MemoryID)
	if s.has(msg.MemoryID) {
		return tea.Batch(load, common.Toast(name+" is already pinned for "+sanitize.Line(msg.BankID)))
	}
	s.pins = append(s.pins, pin{ID: msg.MemoryID, Text: components.Head(msg.Text, pinTextMax)})
	m.exp.gen++
	cmds := []tea.Cmd{load, common.Toast("pinned " + name + " as expected for " + sanitize.Line(msg.BankID) +
		" · " + m.keys.Recall.Explain.Help().Key + " in Recall explains it")}
	if s.loaded {
		cmds = append(cmds, m.savePins(msg.BankID))
	}
	if msg.BankID == m.bank {
		cmds = append(cmds, m.explainNow())
	}
	return tea.Batch(cmds...)
}

// unpin forgets the selected verdict's pin; its verdict leaves the explainer at once.
func (m *Model) unpin() tea.Cmd {
	s, v := m.curPins(), m.selectedVerdict()
	if s == nil || !s.loaded || v == nil {
		return nil
	}
	id := v.MemoryID
	s.pins = slices.DeleteFunc(s.pins, func(p pin) bool { return p.ID == id })
	m.exp.drop(id)
	return tea.Batch(m.savePins(m.bank), common.Toast("unpinned "+sanitize.Line(id)))
}

// pinSelected pins the result under the cursor.
func (m *Model) pinSelected() tea.Cmd {
	r := m.selected()
	if r == nil || m.bank == "" {
		return nil
	}
	return common.Emit(common.PinMemoryMsg{BankID: m.bank, MemoryID: r.ID, Text: r.Text})
}
