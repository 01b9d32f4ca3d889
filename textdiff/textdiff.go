// Package textdiff is the one line diff: the unified diff of two texts, as
// Python's difflib writes it, so the stand-in server's dry-run refresh and the
// UI's version comparison read the same.
package textdiff

import (
	"fmt"
	"strings"
)

// Unified renders the line diff of a and b the way Python's
// difflib.unified_diff(a.splitlines(), b.splitlines(), fromfile, tofile, lineterm="")
// joined by "\n" does: "---"/"+++" headers, "@@ -l,n +l,n @@" hunks with three lines
// of context, and "" when the texts have the same lines.
func Unified(a, b, fromFile, toFile string) string {
	al, bl := splitLines(a), splitLines(b)
	groups := groupedOpcodes(diffOpcodes(al, bl), 3)
	if len(groups) == 0 {
		return ""
	}
	out := []string{"--- " + fromFile, "+++ " + toFile}
	for _, g := range groups {
		first, last := g[0], g[len(g)-1]
		out = append(out, fmt.Sprintf("@@ -%s +%s @@", unifiedRange(first.i1, last.i2), unifiedRange(first.j1, last.j2)))
		for _, op := range g {
			if op.tag == 'e' {
				for _, l := range al[op.i1:op.i2] {
					out = append(out, " "+l)
				}
				continue
			}
			if op.tag == 'r' || op.tag == 'd' {
				for _, l := range al[op.i1:op.i2] {
					out = append(out, "-"+l)
				}
			}
			if op.tag == 'r' || op.tag == 'i' {
				for _, l := range bl[op.j1:op.j2] {
					out = append(out, "+"+l)
				}
			}
		}
	}
	return strings.Join(out, "\n")
}

// splitLines is Python's str.splitlines for \n and \r\n text: no trailing empty line.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// opcode is one difflib opcode: tag e(qual), r(eplace), d(elete) or i(nsert) of
// a[i1:i2] into b[j1:j2].
type opcode struct {
	tag            byte
	i1, i2, j1, j2 int
}

// diffOpcodes aligns a and b on a longest common subsequence of lines and turns the
// matching blocks into opcodes the way difflib.SequenceMatcher.get_opcodes does.
func diffOpcodes(a, b []string) []opcode {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type block struct{ i, j, size int }
	var blocks []block
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i] == b[j]:
			if k := len(blocks) - 1; k >= 0 && blocks[k].i+blocks[k].size == i && blocks[k].j+blocks[k].size == j {
				blocks[k].size++
			} else {
				blocks = append(blocks, block{i, j, 1})
			}
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			j++
		}
	}
	blocks = append(blocks, block{n, m, 0})
	var ops []opcode
	i, j := 0, 0
	for _, bk := range blocks {
		switch {
		case i < bk.i && j < bk.j:
			ops = append(ops, opcode{'r', i, bk.i, j, bk.j})
		case i < bk.i:
			ops = append(ops, opcode{'d', i, bk.i, j, bk.j})
		case j < bk.j:
			ops = append(ops, opcode{'i', i, bk.i, j, bk.j})
		}
		i, j = bk.i+bk.size, bk.j+bk.size
		if bk.size > 0 {
			ops = append(ops, opcode{'e', bk.i, i, bk.j, j})
		}
	}
	return ops
}

// groupedOpcodes is difflib's get_grouped_opcodes: hunks of changes with n lines of
// context, split where more than 2n unchanged lines separate changes.
func groupedOpcodes(ops []opcode, n int) [][]opcode {
	if len(ops) == 0 {
		ops = []opcode{{'e', 0, 1, 0, 1}}
	}
	if f := &ops[0]; f.tag == 'e' {
		f.i1, f.j1 = max(f.i1, f.i2-n), max(f.j1, f.j2-n)
	}
	if l := &ops[len(ops)-1]; l.tag == 'e' {
		l.i2, l.j2 = min(l.i2, l.i1+n), min(l.j2, l.j1+n)
	}
	var groups [][]opcode
	var group []opcode
	for _, op := range ops {
		if op.tag == 'e' && op.i2-op.i1 > 2*n {
			group = append(group, opcode{'e', op.i1, min(op.i2, op.i1+n), op.j1, min(op.j2, op.j1+n)})
			groups = append(groups, group)
			group = nil
			op.i1, op.j1 = max(op.i1, op.i2-n), max(op.j1, op.j2-n)
		}
		group = append(group, op)
	}
	if len(group) > 0 && !(len(group) == 1 && group[0].tag == 'e') {
		groups = append(groups, group)
	}
	return groups
}

// unifiedRange is difflib's _format_range_unified.
func unifiedRange(start, stop int) string {
	begin, length := start+1, stop-start
	if length == 1 {
		return fmt.Sprint(begin)
	}
	if length == 0 {
		begin--
	}
	return fmt.Sprintf("%d,%d", begin, length)
}
