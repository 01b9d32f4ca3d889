package components

import (
	"slices"
	"strings"
)

// editOp is one undo step: at at, removed was replaced by inserted, moving the cursor
// from before to after. Undo puts removed back; redo does the replacement again. Only
// the changed text is kept, never a copy of the document.
type editOp struct {
	at                pos
	removed, inserted string
	before, after     pos
}

func (op editOp) bytes() int { return len(op.removed) + len(op.inserted) }

// history is the editor's undo and redo stacks.
type history struct {
	undo, redo []editOp
	bytes      int // text held by both stacks
	// coalesce says the next typed text may join the last step: the last thing done
	// was typing that did not end in whitespace.
	coalesce           bool
	maxEdits, maxBytes int
}

func (h *history) clear() {
	h.undo, h.redo, h.bytes, h.coalesce = nil, nil, 0, false
}

// push records a new step, which makes what was undone unreachable, and drops the
// oldest steps beyond the limits.
func (h *history) push(op editOp) {
	for _, r := range h.redo {
		h.bytes -= r.bytes()
	}
	h.redo = nil
	h.undo = append(h.undo, op)
	h.bytes += op.bytes()
	h.coalesce = false
	n := 0
	for len(h.undo)-n > h.maxEdits || h.bytes > h.maxBytes && len(h.undo)-n > 1 {
		h.bytes -= h.undo[n].bytes()
		n++
	}
	if n > 0 {
		h.undo = slices.Delete(h.undo, 0, n)
	}
}

// typeText inserts typed text at the cursor. Consecutive typing is one undo step,
// ended by whitespace, a new line or anything else the editor does in between.
func (e *Editor) typeText(t string) bool {
	h := &e.hist
	at := e.cur
	if h.coalesce && len(h.undo) > 0 && strings.IndexByte(t, '\n') < 0 {
		if last := &h.undo[len(h.undo)-1]; last.removed == "" && endOf(last.at, last.inserted) == at {
			e.replace(at, at, t)
			e.cur = e.clampPos(endOf(at, t))
			e.goal = -1
			last.inserted += t
			last.after = e.cur
			h.bytes += len(t)
			h.coalesce = !endsInSpace(t)
			return true
		}
	}
	changed := e.edit(at, at, t)
	h.coalesce = changed && !endsInSpace(t) && strings.IndexByte(t, '\n') < 0
	return changed
}

// endsInSpace reports whether typed text ends a word.
func endsInSpace(t string) bool {
	return t != "" && isSpaceCluster(t[clusterStart(t, 0, len(t)):])
}

// undo reverts the last step and puts the cursor where it was before it.
func (e *Editor) undo() bool {
	h := &e.hist
	if len(h.undo) == 0 {
		return false
	}
	op := h.undo[len(h.undo)-1]
	h.undo[len(h.undo)-1] = editOp{} // let go of its text
	h.undo = h.undo[:len(h.undo)-1]
	e.replace(op.at, endOf(op.at, op.inserted), op.removed)
	e.cur = e.clampPos(op.before)
	h.redo = append(h.redo, op)
	return true
}

// redo makes the last undone step again and puts the cursor where it was after it.
func (e *Editor) redo() bool {
	h := &e.hist
	if len(h.redo) == 0 {
		return false
	}
	op := h.redo[len(h.redo)-1]
	h.redo[len(h.redo)-1] = editOp{}
	h.redo = h.redo[:len(h.redo)-1]
	e.replace(op.at, endOf(op.at, op.removed), op.inserted)
	e.cur = e.clampPos(op.after)
	h.undo = append(h.undo, op)
	return true
}
