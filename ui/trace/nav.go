package trace

// Navigation of a table: the cursor is an index into the selectable rows (group
// headings are skipped), offset the first row on screen. Every move ends in
// ensureVisible, so the cursor is always on screen after a key.

func (t *table) move(delta int) {
	if len(t.selectable) == 0 {
		return
	}
	t.cursor = min(max(t.cursor+delta, 0), len(t.selectable)-1)
	t.ensureVisible()
}

func (t *table) top() {
	t.cursor, t.offset = 0, 0
	t.ensureVisible()
}

func (t *table) bottom() { t.move(len(t.selectable)) }

// page moves by a screenful, less one row so the last row stays in view as context.
func (t *table) page(dir int) { t.move(dir * max(t.visible-1, 1)) }

// scroll moves the view without moving the cursor, as the mouse wheel does elsewhere.
func (t *table) scroll(delta int) {
	t.offset = min(max(t.offset+delta, 0), t.maxOffset())
}

// clickRow puts the cursor on the row shown at line y of the rows area, if it is
// selectable.
func (t *table) clickRow(y int) {
	ri := t.offset + y
	if y < 0 || y >= t.visible || ri >= len(t.rows) {
		return
	}
	for i, s := range t.selectable {
		if s == ri {
			t.cursor = i
			t.ensureVisible()
			return
		}
	}
}

func (t *table) maxOffset() int { return max(len(t.rows)-t.visible, 0) }

// ensureVisible scrolls so the cursor row is shown; when the cursor is on the first row
// of a group, its heading is shown too.
func (t *table) ensureVisible() {
	if len(t.selectable) == 0 || t.visible <= 0 {
		t.offset = min(max(t.offset, 0), t.maxOffset())
		return
	}
	t.cursor = min(max(t.cursor, 0), len(t.selectable)-1)
	line := t.selectable[t.cursor]
	if line < t.offset {
		t.offset = line
	}
	if line > 0 && t.rows[line-1].group && line-1 < t.offset && t.visible > 1 {
		t.offset = line - 1
	}
	if line >= t.offset+t.visible {
		t.offset = line - t.visible + 1
	}
	t.offset = min(max(t.offset, 0), t.maxOffset())
}

// current returns the row under the cursor.
func (t *table) current() (row, bool) {
	if len(t.selectable) == 0 {
		return row{}, false
	}
	return t.rows[t.selectable[t.cursor]], true
}
